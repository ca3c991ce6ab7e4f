"""The server's edge: what one connection may cost before the application sees it.

uvicorn reads a request head of any size, waits for a body for ever, and takes every
connection the open-file limit allows. Here, on uvicorn's own HTTP protocol
(:func:`guarded_protocol`, a subclass: only its public callbacks are extended):

- a request head must arrive within :data:`HEADER_TIMEOUT_S` of the connection (or of
  the previous answer), else the connection is closed;
- a head over :data:`MAX_HEAD_BYTES` is answered 431 and the connection closed before
  more of it is read (one 64 MB header line costs 16 KB, not 64 MB);
- a request's body must arrive within :data:`BODY_TIMEOUT_S` of its head, else 408;
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

import json
import resource
from dataclasses import dataclass, field

HEADER_TIMEOUT_S = 10.0
"""A connection must send a whole request head within this (then after each answer)."""
BODY_TIMEOUT_S = 10.0
"""A request's body must have arrived within this of its head (an action is < 64 KB)."""
MAX_HEAD_BYTES = 16 * 1024
"""The largest request head read (request line and headers): 431 beyond."""
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
    """A whole HTTP answer with a JSON error, written by the protocol itself."""
    from uvicorn.protocols.http.httptools_impl import STATUS_LINE

    body = json.dumps({"error": REFUSALS[status]}).encode()
    head = [STATUS_LINE[status]]
    for name, value in SECURITY_HEADERS:
        head.append(f"{name}: {value}\r\n".encode())
    head.append(b"content-type: application/json\r\ncache-control: no-store\r\nconnection: close\r\n")
    head.append(b"content-length: %d\r\n\r\n" % len(body))
    return b"".join(head) + body


def guarded_protocol(limits: Limits | None = None):
    """uvicorn's httptools protocol with the deadlines, head limit and connection caps
    above (one class per server: its connection counts are shared by its connections)."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    limits = limits or Limits()
    connections = Connections()

    class Guarded(HttpToolsProtocol):
        header_timeout = HEADER_TIMEOUT_S
        body_timeout = BODY_TIMEOUT_S
        max_head = MAX_HEAD_BYTES
        limits_in_force = limits
        _head_timer = None
        _body_timer = None
        _reading_head = True
        _head_bytes = 0
        _head_tail = b""
        _address = None

        # -- connections ---------------------------------------------------------------
        def connection_made(self, transport):
            super().connection_made(transport)
            self._address = self.client[0] if self.client else "?"
            held = connections.add(self._address, transport)
            if connections.total > limits.total:
                connections.refresh()
            over_address = held > limits.per_address and self._address not in limits.uncapped
            if over_address or connections.total > limits.total:
                self._refuse(503)
                return
            self._arm_head_timer()

        def connection_lost(self, exc):
            connections.remove(self._address, self.transport)
            self._cancel_timers()
            super().connection_lost(exc)

        def _cancel_timers(self):
            for timer in (self._head_timer, self._body_timer):
                if timer is not None:
                    timer.cancel()
            self._head_timer = self._body_timer = None

        # -- the head: its size and its deadline ------------------------------------------
        def data_received(self, data):
            if self._reading_head and not self._head_fits(data):
                self._refuse(431)
                return
            super().data_received(data)
            if self.transport.get_protocol() is not self:
                self._cancel_timers()  # now a websocket: its timers would keep this protocol 10 s

        def _head_fits(self, data: bytes) -> bool:
            """Whether the head being read stays within ``max_head`` with ``data``."""
            if self._head_bytes + len(data) <= self.max_head:
                self._count_head(data)
                return True
            seen = self._head_tail + data
            end = seen.find(b"\r\n\r\n")
            if end == -1:
                return False
            return self._head_bytes + end + 4 - len(self._head_tail) <= self.max_head

        def _count_head(self, data: bytes) -> None:
            self._head_bytes += len(data)
            self._head_tail = (self._head_tail + data)[-3:]

        def on_headers_complete(self):
            self._reading_head = False
            self._head_bytes = 0
            self._head_tail = b""
            super().on_headers_complete()
            cycle = self.cycle
            if cycle is not None and cycle.scope is self.scope and cycle.more_body:
                self._body_timer = self.loop.call_later(self.body_timeout, self._body_timeout, cycle)

        def on_message_complete(self):
            super().on_message_complete()
            self._reading_head = True  # what comes next is the next request's head

        def on_response_complete(self):
            super().on_response_complete()
            self._arm_head_timer()

        def _arm_head_timer(self):
            if self._head_timer is not None:
                self._head_timer.cancel()
            self._head_timer = self.loop.call_later(self.header_timeout, self._head_timeout)

        def _head_timeout(self):
            self._head_timer = None
            if not self._still_mine():
                return
            if self.cycle is None or self.cycle.response_complete:
                self.transport.close()  # still no (next) request head

        # -- the body's deadline ----------------------------------------------------------
        def _body_timeout(self, cycle):
            self._body_timer = None
            if not self._still_mine() or self.cycle is not cycle:
                return
            if not cycle.more_body or cycle.response_complete:
                return  # it came (or was answered without it)
            if cycle.response_started:
                self.transport.close()
            else:
                self._refuse(408)

        # -- helpers ----------------------------------------------------------------------
        def _still_mine(self) -> bool:
            """Open, and not handed over to a websocket protocol."""
            transport = self.transport
            return transport is not None and not transport.is_closing() and transport.get_protocol() is self

        def _refuse(self, status: int) -> None:
            """Answer ``status`` in a sentence and close: the application below is told the
            client left (uvicorn's connection_lost), so nothing else is sent."""
            if self.transport.is_closing():
                return
            self.transport.write(refusal(status))
            self.transport.close()

    Guarded.__name__ = "GuardedHttpToolsProtocol"
    return Guarded
