"""A table's export over HTTP, for the host only: ``GET /api/tables/{code}/export``.

A script sends the host key (``X-Host-Key``); the host screen's "Download this table"
opens a one-time link instead (:mod:`companion.table.tickets`): ``?ticket=...``, good for
one download of that table. Anyone else gets 403 before the code is even looked up.
The answer is the file ``companion export`` writes (:mod:`storage.backup`).
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse, Response

from companion.table.tickets import HOST_ONLY, tickets_of

def add_export_route(router, ctx) -> None:
    """``GET /tables/{code}/export`` on the JSON transport's router."""
    from storage import UnknownTable, UnreadableTable, check_code
    from storage.backup import export_table

    from companion.table.codes import normalise_code
    from companion.table.plays import with_play
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
