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

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from engine.errors import IllegalAction, StaleRevision
from companion.context import AppContext
from companion.hub import TableHub, Who


def _error(status: int, message: str):
    return JSONResponse({"error": message}, status_code=status)


class _Refused(ValueError):
    """A JSON text refused for a reason of ours, already in words."""


def _no_constant(name: str) -> Any:
    raise _Refused("Numbers must be ordinary numbers (no NaN or Infinity)")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused("A number in the action is too large")
    return value


def parse_json(raw: bytes) -> Any:
    """Strict JSON: no NaN/Infinity, no number too large for a float, no nesting deeper
    than Python can walk; a refusal is one sentence."""
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError("The action is nested too deeply") from None
    except UnicodeDecodeError:
        raise ValueError("The action is not UTF-8 text") from None
    except _Refused:
        raise
    except ValueError:  # not JSON, or a whole number of thousands of digits
        raise ValueError("The action is not JSON (or holds a number far too large)") from None


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
            body: Any = parse_json(await request.body())
        except ValueError as exc:
            return _error(400, str(exc))
        if not isinstance(body, dict) or not isinstance(body.get("kind"), str):
            return _error(400, "An action needs a 'kind'")
        unknown = set(body) - {"kind", "payload", "revision", "seat"}
        if unknown:
            return _error(400, "An action has only 'kind', 'payload', 'revision' and 'seat'")
        revision = body.get("revision")
        if revision is not None and (isinstance(revision, bool) or not isinstance(revision, int)):
            return _error(400, "'revision' is a whole number")
        seat = body.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
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
