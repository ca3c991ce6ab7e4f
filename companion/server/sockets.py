"""The phones' websockets: who is at the other end, what it may send, and that each one ends.

flet-web believes its websocket. A page's ``client_ip`` is a property the phone can set with
an update frame; a first frame that is not a registration (or cannot be decoded) leaves
flet-web's connection handler waiting for ever, and SIGTERM with it; one socket's frames
become tasks as fast as they arrive. :class:`Sockets` (ASGI middleware, in front of Flet's
``/ws``) holds each socket to what a phone does:

- **Who.** The address is the one the server saw (the ASGI scope's client: the TCP peer, or
  with ``serve --trust-proxy`` what the proxy on this machine says, as uvicorn's proxy
  headers set it). The app reads it with :func:`peer_address` (a context variable of ours,
  set for everything the socket's handler starts), never from Flet's page.
- **What.** The first frame is a registration; every frame is Flet's ``[0x00][msgpack
  [action, body]]`` with the body Flet expects (or a data-channel frame after registering),
  one registration per socket, no larger than :data:`FRAME_MAX_BYTES` once inflated. What a
  registration or an update sets is a list (``companion/flet_runtime/settable.py``): a name no Flet client
  sends, a list, a value Flet could not apply (an unknown platform), a property only the
  server sets: the socket is closed (1008), a refused registration said in one log line. An
  update of a control not on the phone's page, or of what that control does not take from a
  phone, is dropped before Flet sees it; so is a page event only the server fires
  (:data:`SERVER_EVENTS`): a page ends only when its socket does, and counts against its
  device's cap until then.
- **Ends.** The socket is accepted here and must register within
  :data:`companion.server.deadlines.REGISTER_WITHIN_S`; only then is Flet's handler started
  (flet-web's handler, given anything else first, waits
  for ever and keeps SIGTERM from stopping the server). A socket that ended (the phone left,
  a refused frame, the server stopping) ends its Flet handler within :data:`ENDING_S` (it
  lets its session go first).
- **Fair share.** A socket may send :attr:`SocketLimits.per_second` frames a second (bursts
  of :attr:`SocketLimits.burst`): past that it is closed. Every frame but a data-channel
  one is handed to Flet only while its device has loop time in hand (and an event or
  registration only while the socket has fewer than :attr:`SocketLimits.in_flight` tasks
  running): the event loop's CPU time spent in
  tasks a device's sockets started is counted (:class:`Share`), each device earns
  :attr:`SocketLimits.share` of every second, up to :attr:`SocketLimits.burst_s` in hand
  (the host machine itself is not metered: it draws the table screens).
  A socket held back for :attr:`SocketLimits.hold_s` without a break is closed (1013).
  A socket closed for what it sent costs its device what it had in hand and as much again:
  its next sockets wait their turn, or are refused before they open while it owes more
  than ``hold_s`` would repay.
"""

from __future__ import annotations

import asyncio
import collections.abc
import contextvars
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import msgpack

from companion.server import deadlines
from companion.flet_runtime.settable import on_this_page, registration_refusal, settable, update_refusal
from companion.flet_runtime.socket_context import _SOCKET


log = logging.getLogger(__name__)

REGISTER, PATCH, EVENT, UPDATE, INVOKE = 1, 2, 3, 4, 5
BODY_KEYS = {
    REGISTER: frozenset({"session_id", "page_name", "page"}),
    EVENT: frozenset({"target", "name", "data"}),
    UPDATE: frozenset({"id", "props"}),
    INVOKE: frozenset({"control_id", "call_id", "result", "error"}),
}
"""What each frame a phone may send carries (flet-web builds its request bodies from exactly
these keys, and fails on any other)."""
PACED = frozenset({REGISTER, EVENT, UPDATE, INVOKE})
"""Frames handed to Flet only while the phone's device has loop time in hand."""
STARTS_TASK = frozenset({REGISTER, EVENT})
"""Frames from which Flet starts a task: they also wait while the socket has
:attr:`SocketLimits.in_flight` running. An update is applied, and a call's answer handed
to the task waiting for it, in the frame's own step: held back behind tasks that may wait
for that very answer, a page would stall until its socket was closed."""
PAGE_ID = 1
"""Flet's page is control 1."""
SERVER_EVENTS = frozenset({"connect", "disconnect", "close"})
"""The page's events Flet's server fires itself, as its socket connects and ends and its
session is let go: sent by a phone, they would end (and uncount) a page whose socket lives on."""
SERVER_EVENT = "a page event only the server fires"
"""Why a frame is dropped (it is paced, Flet never hears it, and the socket goes on)."""
FLET_FRAME, CHANNEL_FRAME = 0x00, 0x01
FRAME_MAX_BYTES = 64 * 1024
"""The largest frame a phone may send, as read (after permessage-deflate inflated it): Flet's
client sends a few hundred bytes at a time, a page's registration about a kilobyte. The
server's websocket (``companion/server/asgi.py`` gives it to uvicorn) stops inflating a
permessage-deflate message past it and closes the socket (1009): a kilobyte on the wire
cannot become a megabyte in the host's memory."""
POLICY_VIOLATION, TRY_LATER = 1008, 1013
ENDING_S = 5.0
"""How long a registered socket's Flet handler has to end once its socket did (it lets its
session go first: a few milliseconds, unless the host is very busy)."""
HOST_MACHINE = frozenset({"127.0.0.1", "::1"})
"""The host machine's own addresses (its browser is the host screen; a proxy on it is trusted
with ``--trust-proxy``). Other loopback addresses (127.0.0.2, ...) are metered like phones."""
MAX_DEVICES = 10_000
"""Devices whose loop time is remembered (the oldest are forgotten past this)."""

PEER: contextvars.ContextVar[str | None] = contextvars.ContextVar("companion_peer", default=None)


def peer_address() -> str | None:
    """The address of the phone whose socket started the running code (None outside one)."""
    return PEER.get()


@dataclass(frozen=True)
class SocketLimits:
    per_second: float = 100.0
    """Frames a socket may send a second, sustained (a finger taps a few)."""
    burst: int = 200
    """Frames a socket may send at once."""
    in_flight: int = 16
    """Tasks a socket's frames may have running at once before its next event waits."""
    share: float = 0.03
    """The part of each second of the event loop's CPU time a device earns (its sockets'
    tasks): 30 ms a second, a table screen drawn every second or two."""
    burst_s: float = 1.0
    """Loop time a device may have in hand (a dozen screens drawn at once)."""
    hold_s: float = 5.0
    """A socket held back this long without a break (it keeps sending past its share) is closed."""


class Share:
    """One device's loop time: earned at ``share`` a second up to ``burst_s``, spent by the
    steps of the tasks its sockets started."""

    __slots__ = ("share", "burst_s", "clock", "balance", "at")

    def __init__(self, share: float, burst_s: float, clock=time.monotonic):
        self.share = share
        self.burst_s = burst_s
        self.clock = clock
        self.balance = burst_s
        self.at = clock()

    def spend(self, seconds: float) -> None:
        self.balance -= seconds

    def forfeit(self) -> None:
        """A socket of this device was closed for what it sent: what it had in hand goes,
        and as much again is owed (its next sockets wait, or are refused at once)."""
        self.balance = min(self.balance, 0.0) - self.burst_s

    def wait_s(self) -> float:
        """How long until this device has loop time in hand again (0: now)."""
        now = self.clock()
        self.balance = min(self.burst_s, self.balance + (now - self.at) * self.share)
        self.at = now
        return 0.0 if self.balance >= 0 else -self.balance / self.share


class Unmetered(Share):
    """The host machine's own share: it draws every table's screen (and, in tests, every
    phone's), so its time is not held back."""

    def spend(self, seconds: float) -> None:
        pass

    def forfeit(self) -> None:
        pass

    def wait_s(self) -> float:
        return 0.0


class Shares:
    """Each device's :class:`Share`, the least recently used forgotten past ``limit``; the
    host machine itself (:data:`HOST_MACHINE`) is not metered."""

    def __init__(self, limits: SocketLimits, limit: int = MAX_DEVICES):
        self.limits = limits
        self.limit = limit
        self._by_address: OrderedDict[str, Share] = OrderedDict()

    def of(self, address: str) -> Share:
        if address in HOST_MACHINE:
            return Unmetered(self.limits.share, self.limits.burst_s)
        share = self._by_address.pop(address, None) or Share(self.limits.share, self.limits.burst_s)
        self._by_address[address] = share
        while len(self._by_address) > self.limit:
            self._by_address.popitem(last=False)
        return share


class _Charged(collections.abc.Coroutine):
    """A task's coroutine whose every step is charged to a device's :class:`Share`: the
    loop thread's CPU time (a busy machine's other processes are not the device's)."""

    __slots__ = ("_coro", "_share")

    def __init__(self, coro, share: Share):
        self._coro = coro
        self._share = share

    def send(self, value):
        start = time.thread_time()
        try:
            return self._coro.send(value)
        finally:
            self._share.spend(time.thread_time() - start)

    def throw(self, *args):
        start = time.thread_time()
        try:
            return self._coro.throw(*args)
        finally:
            self._share.spend(time.thread_time() - start)

    def close(self):
        return self._coro.close()

    def __await__(self):
        return self

    def __iter__(self):
        return self

    def __next__(self):
        return self.send(None)


def _counting_factory(previous):
    """A task factory: a task started by a socket's handler (or by what it started) counts
    as that socket's, and its steps are charged to the socket's device."""

    def factory(loop, coro, **kwargs):
        context = kwargs.get("context")
        socket = context.get(_SOCKET) if context is not None else _SOCKET.get()
        if socket is not None and asyncio.iscoroutine(coro):
            coro = _Charged(coro, socket.share)
        task = previous(loop, coro, **kwargs) if previous else asyncio.Task(coro, loop=loop, **kwargs)
        if socket is not None:
            socket.started(task)
        return task

    factory.counts_sockets = True
    return factory


def count_tasks(loop: asyncio.AbstractEventLoop) -> None:
    """Install the counting task factory on ``loop`` (once)."""
    current = loop.get_task_factory()
    if not getattr(current, "counts_sockets", False):
        loop.set_task_factory(_counting_factory(current))


def read_frame(data: Any, registered: bool) -> tuple[int | None, Any, str | None]:
    """``(action, body, refusal)`` of a frame a phone sent: its Flet action
    (:data:`CHANNEL_FRAME` for a data-channel frame), its body, and why it is refused (None:
    it is one Flet's client sends)."""
    if not isinstance(data, (bytes, bytearray)) or not data:
        return None, None, "not a binary frame"
    if len(data) > FRAME_MAX_BYTES:
        return None, None, "too large"
    if data[0] == CHANNEL_FRAME:
        return CHANNEL_FRAME, None, None if registered and len(data) >= 5 else "a data-channel frame out of place"
    if data[0] != FLET_FRAME:
        return None, None, "not a Flet frame"
    try:
        from flet.messaging.protocol import decode_ext_from_msgpack

        message = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
    except Exception:  # noqa: BLE001 - whatever cannot be decoded is refused the same way
        return None, None, "cannot be decoded"
    if not isinstance(message, (list, tuple)) or len(message) != 2:
        return None, None, "not [action, body]"
    action, body = message
    return action, body, _body_refusal(action, body, registered)


def _body_refusal(action: Any, body: Any, registered: bool) -> str | None:
    if action not in BODY_KEYS or not isinstance(body, dict) or set(body) != BODY_KEYS[action]:
        return "not a frame a phone sends"
    if (action == REGISTER) == registered:
        return "registered twice" if registered else "not registered first"
    if action == REGISTER:
        return registration_refusal(body["page"])
    if action == UPDATE:
        return update_refusal(body["props"])
    if action == EVENT and body["target"] == PAGE_ID and str(body["name"]) in SERVER_EVENTS:
        return SERVER_EVENT
    return None


class Socket:
    """One phone's websocket, between uvicorn and Flet's handler (see the module's text)."""

    def __init__(self, receive, send, share: Share, limits: SocketLimits):
        self._receive = receive
        self._send = send
        self.share = share
        self.limits = limits
        self.ended = asyncio.Event()
        self.tasks = 0
        self._opening: list[dict] = []
        self._tokens = float(limits.burst)
        self._at = time.monotonic()
        self._held_since: float | None = None

    # -- before Flet: the socket opens and registers ---------------------------------------
    async def opened(self) -> bool:
        """Accept the socket and read its registration (within deadlines.REGISTER_WITHIN_S), before
        Flet sees anything: a socket that does not register never costs a Flet handler.
        False: it was closed (or left) instead."""
        connect = await self._receive()
        if connect["type"] != "websocket.connect":
            return False
        if self.share.wait_s() > self.limits.hold_s:  # a device that flooded: refused (403)
            await self._send({"type": "websocket.close", "code": TRY_LATER})
            return False
        await self._send({"type": "websocket.accept"})
        try:
            first = await asyncio.wait_for(self._receive(), deadlines.REGISTER_WITHIN_S)
        except asyncio.TimeoutError:
            await self.close(POLICY_VIOLATION)
            return False
        if first["type"] != "websocket.receive":
            self.ended.set()
            return False
        admitted = await self._admitted(first, registered=False)
        if admitted is None or admitted["type"] != "websocket.receive":
            return False
        self._opening = [connect, first]  # what Flet's handler reads first
        return True

    # -- what Flet's handler receives and sends -------------------------------------------
    async def receive(self) -> dict:
        if self._opening:
            return self._opening.pop(0)
        while True:
            if self.ended.is_set():
                return {"type": "websocket.disconnect", "code": POLICY_VIOLATION}
            message = await self._receive()
            if message["type"] == "websocket.disconnect":
                self.ended.set()
                return message
            admitted = await self._admitted(message, registered=True)
            if admitted is not None:
                return admitted

    async def _admitted(self, message: dict, registered: bool) -> dict | None:
        """``message`` (a frame the phone sent) once it may go to Flet; None when it is
        dropped (an update of what the phone may not set there); or, when the socket is
        closed for it, the disconnect Flet's handler is told."""
        action, body, why = read_frame(message.get("bytes"), registered)
        if why in (None, SERVER_EVENT) and not self._paced():
            why = "too many frames"
        if why is SERVER_EVENT:
            return None
        if why is not None:  # a registration refused is said (once: its device waits after)
            (log.warning if action == REGISTER else log.debug)("a socket closed: %s", why)
            self.share.forfeit()
            return await self.close(POLICY_VIOLATION)
        if action in PACED and not await self._turn(starts_task=action in STARTS_TASK):
            log.debug("a socket held back past its share closed (%d tasks running)", self.tasks)
            self.share.forfeit()
            return await self.close(TRY_LATER)
        if action == UPDATE and not settable(on_this_page(body["id"]), body["props"]):
            log.debug("an update dropped: not what a phone may set on control %r", body["id"])
            return None
        return message

    async def send(self, message: dict) -> None:
        if message["type"] == "websocket.accept":
            return  # accepted already (opened())
        if self.ended.is_set() and message["type"] in ("websocket.send", "websocket.close"):
            return  # the socket is gone or closed: nothing more goes out on it
        await self._send(message)

    async def close(self, code: int) -> dict:
        """Close the socket (the phone is told ``code``); Flet's handler is told it ended."""
        if not self.ended.is_set():
            self.ended.set()
            try:
                await self._send({"type": "websocket.close", "code": code})
            except Exception:  # noqa: BLE001 - the phone may have left meanwhile
                pass
        return {"type": "websocket.disconnect", "code": code}

    # -- the tasks its frames started ------------------------------------------------------
    def started(self, task: asyncio.Task) -> None:
        self.tasks += 1
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task) -> None:
        self.tasks -= 1

    # -- its share -------------------------------------------------------------------------
    def _paced(self) -> bool:
        """One more frame within ``per_second`` (bursts of ``burst``)."""
        now = time.monotonic()
        limits = self.limits
        self._tokens = min(limits.burst, self._tokens + (now - self._at) * limits.per_second)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    async def _turn(self, starts_task: bool) -> bool:
        """Wait until this socket may hand Flet one more frame (``starts_task``: one that
        starts a task). False when it has been held back for ``hold_s`` without a break: it
        keeps sending faster than its share."""
        if self._may_go(starts_task) <= 0:
            self._held_since = None
            return True
        if self._held_since is None:
            self._held_since = time.monotonic()
        deadline = self._held_since + self.limits.hold_s
        while True:
            wait = self._may_go(starts_task)
            if wait <= 0:
                return True
            now = time.monotonic()
            if now + wait > deadline:
                return False
            await asyncio.sleep(min(max(wait, 0.01), deadline - now))

    def _may_go(self, starts_task: bool) -> float:
        """How long the frame waits (0 or less: it goes now): until the device has loop time
        in hand, and a frame that starts a task a moment more while the socket has
        ``in_flight`` tasks running (one of them ends)."""
        wait = self.share.wait_s()
        if wait <= 0 and starts_task and self.tasks >= self.limits.in_flight:
            return 0.01
        return wait

    # -- its handler -------------------------------------------------------------------------
    async def run(self, app, scope) -> None:
        """Run Flet's handler for this registered socket; end it once the socket has ended
        (it lets its session go first, given ENDING_S)."""
        mark = _SOCKET.set(self)
        try:
            handler = asyncio.create_task(app(scope, self.receive, self.send))
        finally:
            _SOCKET.reset(mark)
        ended = asyncio.ensure_future(self.ended.wait())
        try:
            await asyncio.wait({handler, ended}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done():
                await asyncio.wait({handler}, timeout=ENDING_S)
        finally:
            ended.cancel()
            if not handler.done():
                handler.cancel()
                await asyncio.wait({handler})
        if not handler.cancelled():
            handler.result()  # the handler's own error, for uvicorn to log


class Sockets:
    """ASGI middleware: each websocket as a :class:`Socket`, its address in :data:`PEER`."""

    def __init__(self, app, limits: SocketLimits | None = None):
        self.app = app
        self.limits = limits or SocketLimits()
        self.shares = Shares(self.limits)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        count_tasks(asyncio.get_running_loop())
        client = scope.get("client")
        address = client[0] if client else ""
        socket = Socket(receive, send, self.shares.of(address), self.limits)
        if not await socket.opened():
            return
        mark = PEER.set(address)
        try:
            await socket.run(self.app, scope)
        finally:
            PEER.reset(mark)
