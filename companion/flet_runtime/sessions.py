"""Phone sessions the host lets go: a grace period after a phone leaves, and a cap per device.

Flet keeps a session whose websocket closed for ``session_timeout_seconds`` (3600 s by
default; the ``FLET_SESSION_TIMEOUT`` environment variable overrides it) so that a phone
coming back re-attaches to the same page; its evictor (every 10 s: :data:`EVICT_EVERY_S`) then closes the session,
which fires ``page.on_close``: the :class:`~companion.ui.phone.Phone` lets go of the hubs,
and the page's memory is returned. An hour of that is a pile-up: opening and leaving pages
grows the host without bound. :data:`GRACE_S` is measured in ``bench/sessions.py``.

A phone whose session has gone still gets its seat back: its seat token is in the
browser's storage, and a reload runs the app afresh.

:class:`Sessions` also caps the live sessions of one client address: a device opening
one more than :data:`PER_ADDRESS` lets its oldest disconnected session go first (with
Flet's public ``Session.disconnect(0)``: expired now, closed by Flet's evictor within
10 s); when all of them are still connected, the new page is refused in words. That
disconnect runs in a task of its own: Flet makes the session whose event it dispatches
the current page of the context it runs in, and awaited inline it made the old page the
new one's (the new page then drew nothing: a blank host screen at the 25th reload).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import weakref
from datetime import datetime, timezone
from typing import Any

GRACE_S = 300
"""How long a phone that went away (asleep, out of Wi-Fi) keeps its page on the host.
Five minutes: a phone asleep for a couple of minutes comes back to the same page, and an
abandoned page costs about 30 KB for at most five minutes (bench/sessions.py)."""
PER_ADDRESS = 24
"""Live pages (connected or within their grace) one client address may hold."""
EVICT_EVERY_S = 10.0
"""How often a session past its grace is closed: Flet's own evictor's period, which Flet
does not let be set. The ``COMPANION_EVICT_EVERY_S`` environment variable (seconds, at
most this) has :class:`Sessions` close them that often too, so a test that waits for a
page to be let go waits its short setting, not Flet's ten seconds."""
EVICT_ENV = "COMPANION_EVICT_EVERY_S"
log = logging.getLogger(__name__)
REFUSED = ("Too many pages open on this device",
           "This device already has {n} pages of Table Companion open. Close one, then reload this one.")


def evict_every_from_env() -> float | None:
    """The period :data:`EVICT_ENV` asks for; None when unset or not a number of seconds
    above 0 and at most :data:`EVICT_EVERY_S` (said in the log: Flet's period stays)."""
    text = os.environ.get(EVICT_ENV, "").strip()
    if not text:
        return None
    try:
        period = float(text)
    except ValueError:
        period = float("nan")
    if not 0 < period <= EVICT_EVERY_S:
        log.warning("%s=%r is not a number of seconds above 0 and at most %g: ignored",
                    EVICT_ENV, text, EVICT_EVERY_S)
        return None
    return period


class Sessions:
    """The live Flet sessions of one server, by client address (oldest first).
    ``evict_every``: close the sessions past their grace this often (seconds), beside
    Flet's own evictor (see :data:`EVICT_EVERY_S`); None leaves it to Flet."""

    def __init__(self, per_address: int = PER_ADDRESS, evict_every: float | None = None):
        self.per_address = per_address
        self.evict_every = evict_every
        self._evictor: asyncio.Task | None = None
        self._by_address: dict[str, list[weakref.ref]] = {}
        self._lock = threading.Lock()

    @classmethod
    def from_env(cls) -> "Sessions":
        return cls(evict_every=evict_every_from_env())

    async def admit(self, session: Any, address: str | None) -> bool:
        """Count a new session of ``address``; False when the device is at its cap with
        every page connected (the caller refuses the page)."""
        address = address or ""
        with self._lock:
            live = self._live(address)
            over = len(live) + 1 - self.per_address
            gone = [s for s in live if s.connection is None][:max(over, 0)]
            if over > len(gone):
                return False
            self._by_address.setdefault(address, []).append(weakref.ref(session))
        if self.evict_every and self._evictor is None:
            self._start_evictor()
        # expired now: Flet's evictor closes them (page.on_close). Each in a task of its own:
        # Flet makes the page whose event it dispatches the current page of the task that
        # dispatches it, and the new page's services would register with the old page
        await asyncio.gather(*(old.disconnect(0) for old in gone))
        return True

    def forget(self, session: Any, address: str | None) -> None:
        """The session was closed."""
        with self._lock:
            refs = self._by_address.get(address or "", [])
            refs[:] = [r for r in refs if r() is not None and r() is not session]
            if not refs:
                self._by_address.pop(address or "", None)

    def count(self, address: str | None = None) -> int:
        """Live sessions of ``address`` (or of every address)."""
        with self._lock:
            addresses = [address or ""] if address is not None else list(self._by_address)
            return sum(len(self._live(a)) for a in addresses)

    def held(self) -> int:
        """Sessions not yet closed by Flet (let go but still in memory included)."""
        with self._lock:
            return sum(1 for refs in self._by_address.values() for ref in refs if ref() is not None)

    def _start_evictor(self) -> None:
        """On the server's loop, from its first page, as the server's own work: not the
        task of the socket that page came on (companion/server/sockets.py)."""
        import contextvars

        from companion.flet_runtime.socket_context import apart_from_socket

        loop = asyncio.get_running_loop()
        self._evictor = apart_from_socket(contextvars.copy_context()).run(
            loop.create_task, evict_expired_every(self.evict_every))

    def _live(self, address: str) -> list[Any]:
        """Sessions of ``address`` not closed nor already let go (lock held)."""
        now = datetime.now(timezone.utc)
        live = []
        for ref in self._by_address.get(address, []):
            session = ref()
            if session is not None and not (session.expires_at and session.expires_at <= now):
                live.append(session)
        return live


async def evict_expired_every(period: float) -> None:
    """Close the sessions past their grace every ``period`` seconds, as Flet's evictor does
    every :data:`EVICT_EVERY_S`, through the same call (a session is closed once: the
    first of the two to see it takes it out). Flet keeps its sessions under keys of its
    own making (page, session, client) and lists them nowhere public: its registry is
    read here; a Flet without it leaves the eviction to Flet's own period."""
    from flet_web.fastapi import app_manager

    registry = getattr(app_manager, "_FletAppManager__sessions", None)
    if not isinstance(registry, dict):
        log.warning("Flet's session registry is not where it was: %s is ignored", EVICT_ENV)
        return
    while True:
        await asyncio.sleep(period)
        now = datetime.now(timezone.utc)
        for key, session in list(registry.items()):
            if session.expires_at and session.expires_at < now:
                await app_manager.delete_session(key)


class QuietAfterLeaving:
    """ASGI middleware: a frame for a phone whose websocket has already gone is dropped.

    flet-web's send loop raises when it writes to a websocket the phone has closed, and
    its connection handler then never tells the session it was disconnected: the session
    stays "connected" for good, past every grace period (21 of 30 abandoned pages were
    never let go; tests/server/test_sessions_server.py). Dropping that frame, as the phone would
    never read it, lets flet-web end the connection its usual way and start the grace.
    """

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)

        async def send_unless_gone(message):
            try:
                await send(message)
            except OSError:  # the phone is gone (uvicorn's ClientDisconnected)
                if message.get("type") != "websocket.send":
                    raise

        await self.app(scope, receive, send_unless_gone)
