"""A small JSON transport beside the phones' Flet sessions, for scripts and tests.

The same hub, the same checks: a seat acts with its secret token (header
``X-Seat-Token``), the host with the host key (``X-Host-Key``). Every answer is built
from ``view(state, seat)`` like a phone's screen, so nothing hidden leaks here either.

    GET  /api/tables/{code}                 -> the view for the caller's seat
    POST /api/tables/{code}/seats/{seat}    -> {"seat": n, "token": "..."} (a free seat)
    POST /api/tables/{code}/actions         {"kind", "payload", "revision", "seat"?}
                                            -> {"rev": n} once durable
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from engine.errors import IllegalAction, StaleRevision
from companion.context import AppContext
from companion.hub import TableHub, Who


def _error(status: int, message: str):
    return JSONResponse({"error": message}, status_code=status)


def add_api(app, ctx: AppContext) -> None:
    router = APIRouter(prefix="/api")

    def who_for(hub: TableHub, request: Request) -> Who:
        host = ctx.is_host(None, request.headers.get("x-host-key"))
        token = request.headers.get("x-seat-token")
        seat = hub.seat_for_token(token) if token else None
        if token and seat is None:
            raise PermissionError("That seat token is not valid at this table")
        return Who(seat=seat, host=host, token=token)

    def hub_for(code: str) -> TableHub:
        return ctx.tables.open(code)

    @router.get("/tables/{code}")
    def table_view(code: str, request: Request):
        try:
            hub = hub_for(code)
            return hub.view(who_for(hub, request))
        except PermissionError as exc:
            return _error(403, str(exc))
        except IllegalAction as exc:
            return _error(404, exc.message)

    @router.post("/tables/{code}/seats/{seat}")
    def claim(code: str, seat: int, request: Request):
        try:
            hub = hub_for(code)
            token = hub.claim_seat(seat, who_for(hub, request))
            return {"seat": seat, "token": token}
        except PermissionError as exc:
            return _error(403, str(exc))
        except IllegalAction as exc:
            return _error(409, exc.message)

    @router.post("/tables/{code}/actions")
    async def act(code: str, request: Request):
        try:
            body: Any = await request.json()
        except ValueError:
            return _error(400, "The action is not JSON")
        if not isinstance(body, dict) or not isinstance(body.get("kind"), str):
            return _error(400, "An action needs a 'kind'")
        revision = body.get("revision")
        if revision is not None and not isinstance(revision, int):
            return _error(400, "'revision' is a whole number")
        seat = body.get("seat")
        if seat is not None and not isinstance(seat, int):
            return _error(400, "'seat' is a whole number")
        try:
            hub = hub_for(code)
        except IllegalAction as exc:
            return _error(404, exc.message)
        try:
            who = who_for(hub, request)
            entry = hub.act(who, body["kind"], body.get("payload") or {}, revision, seat)
            return {"rev": entry.rev}
        except PermissionError as exc:
            return _error(403, str(exc))
        except StaleRevision as exc:
            return _error(409, exc.message)
        except IllegalAction as exc:
            return _error(400, exc.message)

    before = list(app.router.routes)
    app.include_router(router)
    # the Flet app's catch-all static mount must come after these routes
    added = [r for r in app.router.routes if all(r is not b for b in before)]
    app.router.routes[:] = added + before
