"""The server's edge: what one connection may cost before the application sees it.

uvicorn reads a request head of any size, waits for a body for ever, and takes every
connection the open-file limit allows. Here, a thin protocol of our own (:class:`Edge`)
sits between each connection and uvicorn's HTTP protocol, reads the bytes as they pass
and keeps its own count of them (uvicorn's classes are used as they are, through the
``asyncio.Protocol`` interface only):

- a request head must arrive within :data:`companion.server.deadlines.HEADER_TIMEOUT_S` of the
  connection (or of the previous answer), else the connection is closed;
- a head over :data:`MAX_HEAD_BYTES` is answered 431 and the connection closed before
  more of it is read (one 64 MB header line costs 16 KB, not 64 MB);
- a request's body must arrive within :data:`companion.server.deadlines.BODY_TIMEOUT_S` of its
  head, else 408;
- one client address holds at most :attr:`Limits.per_address` connections, the server
  :attr:`Limits.total` (websockets included): past either, 503 and closed at once, so a
  flood of held connections keeps its file descriptors for no time at all.

uvicorn's ``limit_concurrency`` is not used for the total: it answers 503 only once a
request head has come, and keeps the connection open until then, which is what a
slow-head attacker wants.

:func:`raise_open_file_limit` lifts the soft open-file limit to the hard one at start
(``companion serve`` says the figure); the total cap is set below it.
"""

from __future__ import annotations

import asyncio
import json
import resource
from dataclasses import dataclass, field
from http import HTTPStatus

from companion.server import deadlines

MAX_HEAD_BYTES = 16 * 1024
"""The largest request head read (request line and headers): 431 beyond."""
CHUNK_LINE_BYTES = 1024
"""The longest line of a chunked body (a chunk's size, a trailer) read: 431 beyond."""
PER_ADDRESS = 64
"""Connections one client address may hold (a phone uses about 7: six for files, one websocket)."""
MAX_CONNECTIONS = 4096
"""Connections the server holds at most (lowered to fit the open-file limit)."""
NO_HARD_LIMIT = 1 << 20
"""The soft limit asked for when there is no hard one (Linux's default fs.nr_open)."""
FILES_RESERVED = 256
"""Open files kept for the server itself (tables' journals, logs, static files)."""
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    # Flet's pages run inline scripts, and its web client compiles WebAssembly
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
    "worker-src 'self' blob:",
    "child-src 'self' blob:",  # the workers' rule where a browser predates worker-src (older Safari)
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data: blob:",
    # the phone's websocket: named by scheme, as older Safari does not count ws: as 'self'
    "connect-src 'self' ws: wss: data: blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
])
"""A page from this server loads from this server only. Flet's web client asks a CDN for
the Rive runtime at every start (``cdn.jsdelivr.net``: no screen here draws Rive, and the
host is compiled into the client): the browser now refuses that at once, instead of
spending a phone's data on it, or waiting on a DNS that a table's offline Wi-Fi never
answers."""

SECURITY_HEADERS = [
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
]
"""On every answer (uvicorn's ``headers`` config adds them to the application's answers and
its own; the answers written here carry them too)."""

TRUSTED_PROXIES = ("127.0.0.1", "::1")
"""Where ``serve --trust-proxy`` believes X-Forwarded-For from: a proxy on this machine
(its connections carry every phone, so they are not capped per address either)."""

REFUSALS = {
    408: "The request did not arrive in time",
    431: f"The request's head is too large (at most {MAX_HEAD_BYTES // 1024} KB)",
    503: "Too many connections: try again in a moment",
}


def raise_open_file_limit() -> int:
    """Lift this process's soft open-file limit to its hard limit (many systems start a
    process at 1,024, a few hundred held connections); the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = NO_HARD_LIMIT if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass  # kept as it was: the start line says the figure
    return NO_HARD_LIMIT if soft == resource.RLIM_INFINITY else soft


@dataclass(frozen=True)
class Limits:
    """How many connections the server holds, in all and per client address; addresses
    in ``uncapped`` (a trusted proxy, which carries every phone) only count in all."""

    total: int = MAX_CONNECTIONS
    per_address: int = PER_ADDRESS
    uncapped: frozenset = field(default_factory=frozenset)

    @classmethod
    def for_open_files(cls, open_files: int, uncapped=()) -> "Limits":
        total = max(PER_ADDRESS, min(MAX_CONNECTIONS, open_files - FILES_RESERVED))
        return cls(total=total, per_address=PER_ADDRESS, uncapped=frozenset(uncapped))


class Connections:
    """The open connections of each client address, as their transports (a connection
    that became a websocket changes protocol, not transport: it still counts until it
    closes)."""

    REFRESH_EVERY = 256
    """Connections made between two sweeps of every address's closed connections (a closed
    websocket's transport, and the protocol it holds, would otherwise stay until its
    address connects again)."""

    def __init__(self):
        self._by_address: dict[str, set] = {}
        self.total = 0
        self._added = 0

    def add(self, address: str, transport) -> int:
        """Count ``transport`` for ``address``; how many that address holds now."""
        self._added += 1
        if self._added % self.REFRESH_EVERY == 0:
            self.refresh()
        held = self._live(address)
        held.add(transport)
        self.total += 1
        return len(held)

    def remove(self, address: str, transport) -> None:
        held = self._by_address.get(address)
        if held is not None and transport in held:
            held.discard(transport)
            self.total -= 1
            if not held:
                del self._by_address[address]

    def _live(self, address: str) -> set:
        held = self._by_address.setdefault(address, set())
        closed = {t for t in held if t.is_closing()}
        if closed:
            held -= closed
            self.total -= len(closed)
        return held

    def refresh(self) -> None:
        """Forget every closed connection (websockets end without telling this protocol)."""
        for address in list(self._by_address):
            if not self._live(address):
                del self._by_address[address]


def refusal(status: int) -> bytes:
    """A whole HTTP answer with a JSON error, written by the edge itself."""
    body = json.dumps({"error": REFUSALS[status]}).encode()
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n".encode()]
    for name, value in SECURITY_HEADERS:
        head.append(f"{name}: {value}\r\n".encode())
    head.append(b"content-type: application/json\r\ncache-control: no-store\r\nconnection: close\r\n")
    head.append(b"content-length: %d\r\n\r\n" % len(body))
    return b"".join(head) + body


class Framing:
    """Where a connection's byte stream is: in a request head, or in a body (its length
    known, or chunked), read from the bytes alone. Only what the limits need: a head's
    size and end, and a body's end (so that the next head is counted from its first byte)."""

    HEAD, BODY, CHUNKED = "head", "body", "chunked"

    def __init__(self):
        self.part = self.HEAD
        self.head = bytearray()  # the head so far (at most MAX_HEAD_BYTES + 3)
        self.left = 0  # bytes of the body (or of the current chunk) still to come
        self.chunk_line = bytearray()  # a chunk's size line, or the trailers, being read
        self.chunk_data = False  # in a chunk's data (and its CRLF)
        self.trailers = False  # after the last chunk: header lines up to an empty one

    def feed(self, data: bytes) -> list[tuple[str, int]]:
        """Read ``data``; what happened in it, in order: ("head", size) when a head
        ended, ("body", 0) when its body did; ("too large", 0) when a head outgrew
        :data:`MAX_HEAD_BYTES` (nothing after it is read)."""
        events, view = [], memoryview(data)
        while view:
            if self.part == self.HEAD:
                view = self._head(view, events)
                if events and events[-1][0] == "too large":
                    return events
            elif self.part == self.BODY:
                taken = min(self.left, len(view))
                self.left -= taken
                view = view[taken:]
                if not self.left:
                    self._body_done(events)
            else:
                view = self._chunks(view, events)
        return events

    def _head(self, view: memoryview, events: list) -> memoryview:
        start = max(0, len(self.head) - 3)
        self.head += view
        end = self.head.find(b"\r\n\r\n", start)
        if end == -1:
            if len(self.head) > MAX_HEAD_BYTES:
                events.append(("too large", 0))
            return view[len(view):]
        size = end + 4
        if size > MAX_HEAD_BYTES:
            events.append(("too large", 0))
            return view[len(view):]
        rest = view[len(view) - (len(self.head) - size):]
        head, self.head = bytes(self.head[:size]), bytearray()
        events.append(("head", size))
        self._body_of(head, events)
        return rest

    def _body_of(self, head: bytes, events: list) -> None:
        """What follows ``head``: a body of a known length, chunks, or the next head."""
        length, chunked = 0, False
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length" and value.strip().isdigit():
                length = int(value.strip())
            elif name == b"transfer-encoding" and b"chunked" in value.lower():
                chunked = True
        if chunked:
            self.part, self.left, self.chunk_data, self.trailers = self.CHUNKED, 0, False, False
        elif length:
            self.part, self.left = self.BODY, length
        else:
            events.append(("body", 0))

    def _chunks(self, view: memoryview, events: list) -> memoryview:
        if self.chunk_data:  # a chunk's data, then its CRLF
            taken = min(self.left, len(view))
            self.left -= taken
            if not self.left:
                self.chunk_data = False
            return view[taken:]
        end = bytes(view[:CHUNK_LINE_BYTES]).find(b"\n")  # a bounded copy: many tiny chunks
        if end == -1:                                      # in one read cost little each
            self.chunk_line += view[:CHUNK_LINE_BYTES]
            if len(self.chunk_line) >= CHUNK_LINE_BYTES:  # a size or trailer line without end
                events.append(("too large", 0))
            return view[len(view):]
        line, self.chunk_line = bytes(self.chunk_line + view[:end]).strip(), bytearray()
        if self.trailers:
            if not line:
                self._body_done(events)
            return view[end + 1:]
        size = int(line.split(b";")[0] or b"0", 16) if _hex(line.split(b";")[0]) else 0
        if size:
            self.left, self.chunk_data = size + 2, True
        else:
            self.trailers = True
        return view[end + 1:]

    def _body_done(self, events: list) -> None:
        self.part = self.HEAD
        events.append(("body", 0))


def _hex(text: bytes) -> bool:
    return bool(text) and all(c in b"0123456789abcdefABCDEF" for c in text)


class Written:
    """The transport as uvicorn's protocol sees it: the same transport, noting whether
    anything was written since :meth:`watch` (so a late body's 408 is never written after
    the application's own answer began)."""

    def __init__(self, transport):
        self._transport = transport
        self.since = False

    def watch(self) -> None:
        self.since = False

    def write(self, data) -> None:
        self.since = True
        self._transport.write(data)

    def writelines(self, lines) -> None:
        self.since = True
        self._transport.writelines(lines)

    def __getattr__(self, name):
        return getattr(self._transport, name)


def guarded_protocol(limits: Limits | None = None) -> "type[Edge]":
    """The protocol class to give uvicorn (``http=``): :class:`Edge` with these limits (one
    class per server: its connection counts are shared by its connections)."""

    class Guarded(Edge):
        shared = (limits or Limits(), Connections())

    return Guarded


class Edge(asyncio.Protocol):
    """One connection's limits: the caps at connect, the head's size and deadline, the
    body's deadline; every byte goes on to ``inner``, uvicorn's httptools protocol made with
    the settings uvicorn gives (it may hand the connection to a websocket protocol)."""

    shared: "tuple[Limits, Connections]"

    def __init__(self, **settings):
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        self.limits, self.connections = self.shared
        self.inner = HttpToolsProtocol(**settings)
        self.framing = Framing()
        self.transport = None
        self.written = None
        self.address = "?"
        self.head_timer = None
        self.body_timer = None

    # -- connections -----------------------------------------------------------------
    def connection_made(self, transport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else "?"
        held = self.connections.add(self.address, transport)
        if self.connections.total > self.limits.total:
            self.connections.refresh()
        over_address = held > self.limits.per_address and self.address not in self.limits.uncapped
        if over_address or self.connections.total > self.limits.total:
            self.inner = None  # never seen by the application
            self._refuse(503)
            return
        self.written = Written(transport)
        self.inner.connection_made(self.written)
        self._arm_head_timer()

    def connection_lost(self, exc) -> None:
        self.connections.remove(self.address, self.transport)
        self._cancel_timers()
        if self.inner is not None:
            self.inner.connection_lost(exc)

    def eof_received(self):
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    # -- the bytes: counted, then passed on ---------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self.inner is None:
            return
        if self.framing.part == Framing.HEAD and not self.framing.head and self.head_timer is None:
            self._arm_head_timer()  # the first byte of the next request's head
        events = self.framing.feed(data)
        if events and events[-1][0] == "too large":
            self._refuse(431)
            return
        for event, _ in events:
            self._on(event)
        self.inner.data_received(data)
        if self.transport.get_protocol() is not self:
            self._cancel_timers()  # now a websocket: its timers would keep this protocol 10 s

    def _on(self, event: str) -> None:
        if event == "head":
            self._cancel(head=True)
            self.written.watch()
            self.body_timer = self._later(deadlines.BODY_TIMEOUT_S, self._body_timeout)
        elif event == "body":
            self._cancel(body=True)
            if self.framing.head:  # the next head has begun in the same bytes
                self._arm_head_timer()

    # -- deadlines ------------------------------------------------------------------------
    def _later(self, seconds: float, then) -> asyncio.TimerHandle:
        return asyncio.get_running_loop().call_later(seconds, then)

    def _arm_head_timer(self) -> None:
        self._cancel(head=True)
        self.head_timer = self._later(deadlines.HEADER_TIMEOUT_S, self._head_timeout)

    def _head_timeout(self) -> None:
        self.head_timer = None
        if self._still_mine():
            self.transport.close()  # still no (next) request head

    def _body_timeout(self) -> None:
        self.body_timer = None
        if not self._still_mine() or self.framing.part == Framing.HEAD:
            return  # it came
        if self.written.since:
            self.transport.close()  # the application answered already: just stop
        else:
            self._refuse(408)

    def _cancel(self, head: bool = False, body: bool = False) -> None:
        if head and self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None
        if body and self.body_timer is not None:
            self.body_timer.cancel()
            self.body_timer = None

    def _cancel_timers(self) -> None:
        self._cancel(head=True, body=True)

    # -- helpers --------------------------------------------------------------------------
    def _still_mine(self) -> bool:
        """Open, and not handed over to a websocket protocol."""
        transport = self.transport
        return transport is not None and not transport.is_closing() and transport.get_protocol() is self

    def _refuse(self, status: int) -> None:
        """Answer ``status`` in a sentence and close: uvicorn's protocol is told the client
        left (its connection_lost), so nothing else is sent."""
        if self.transport.is_closing():
            return
        self.transport.write(refusal(status))
        self.transport.close()
