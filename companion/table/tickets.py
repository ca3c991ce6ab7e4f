"""One-time links to a table's export: the host screen's "Download this table" cannot set
a header on the page it opens, so it opens a link holding a ticket, good for one download
of that table within :data:`TICKET_S` seconds. Kept with the table (no ASGI here): the
screen issues a ticket, the web server's export route takes it
(:mod:`companion.server.downloads`)."""

from __future__ import annotations

import secrets
import threading
import time
from typing import Callable

TICKET_S = 120.0
MAX_TICKETS = 256
HOST_ONLY = "Only the host can download a table"


class Tickets:
    """One-time download tickets: (ticket -> table code, deadline), bounded."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._tickets: dict[str, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def issue(self, code: str) -> str:
        ticket = secrets.token_urlsafe(18)
        now = self.clock()
        with self._lock:
            for old, (_, deadline) in list(self._tickets.items()):
                if deadline < now:
                    del self._tickets[old]
            while len(self._tickets) >= MAX_TICKETS:
                del self._tickets[next(iter(self._tickets))]
            self._tickets[ticket] = (code, now + TICKET_S)
        return ticket

    def take(self, ticket: str | None, code: str) -> bool:
        """Is ``ticket`` a live ticket for ``code``? It is used up either way."""
        if not ticket:
            return False
        with self._lock:
            found = self._tickets.pop(ticket, None)
        return found is not None and found[0] == code and found[1] >= self.clock()


def tickets_of(ctx) -> Tickets:
    return ctx.extra.setdefault("downloads", Tickets())


def download_link(ctx, code: str) -> str:
    """A one-time link to the table's export (for the host's own screen only)."""
    return f"/api/tables/{code}/export?ticket={tickets_of(ctx).issue(code)}"
