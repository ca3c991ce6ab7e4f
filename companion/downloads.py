"""A table's export over HTTP, for the host only: ``GET /api/tables/{code}/export``.

A script sends the host key (``X-Host-Key``); the host screen's "Download this table"
cannot set a header on the page it opens, so it asks for a one-time link instead
(:func:`download_link`): ``?ticket=...``, good for one download of that table within
:data:`TICKET_S` seconds. Anyone else gets 403 before the code is even looked up.
The answer is the file ``companion export`` writes (:mod:`storage.backup`).
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Callable

from fastapi import Request
from fastapi.responses import JSONResponse, Response

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


def add_export_route(router, ctx) -> None:
    """``GET /tables/{code}/export`` on the JSON transport's router."""
    from storage import UnknownTable, UnreadableTable, check_code
    from storage.backup import export_table

    from companion.codes import normalise_code
    from companion.plays import with_play
    from engine.plain import encoded

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    @router.get("/tables/{code}/export")
    def export(code: str, request: Request):
        wanted = normalise_code(code) or "".join(code.split()).upper()
        by_key = ctx.is_host(None, request.headers.get("x-host-key"))
        if not by_key and not tickets_of(ctx).take(request.query_params.get("ticket"), wanted):
            return error(403, HOST_ONLY)
        try:
            data = with_play(export_table(ctx.tables.store, check_code(wanted)),
                             ctx.tables.recorder.book if ctx.tables.recorder else None)
        except ValueError as exc:
            return error(404, str(exc))
        except UnknownTable as exc:
            return error(404, str(exc))
        except UnreadableTable as exc:
            return error(409, f"{exc} (companion repair {wanted} keeps what can be read)")
        return Response(encoded(data), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="table-{wanted}.json"'})
