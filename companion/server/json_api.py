"""A small JSON transport beside the phones' Flet sessions, for scripts and tests.

The same hub, the same checks: a seat acts with its secret token (header
``X-Seat-Token``), the host with the host key (``X-Host-Key``): one of them, once, per
request (both, or one twice, is refused with 400: :class:`OneIdentity`). Every answer is
built from ``view(state, seat)`` like a phone's screen, so nothing hidden leaks here either.

    GET  /api/tables/{code}                 -> the view for the caller's seat
    POST /api/tables/{code}/seats/{seat}    -> {"seat": n, "token": "..."} (a free seat)
    POST /api/tables/{code}/actions         {"kind", "payload", "revision", "seat"?}
                                            -> {"rev": n} once durable
    GET  /api/tables/{code}/export          -> the table's export (the host only:
                                               companion/server/downloads.py)

Bounded: a request body over :data:`MAX_BODY` bytes is refused with 413 before it is
read (for every route of the server, :class:`BodyLimit`), an action's payload over
``engine.check.MAX_PAYLOAD_BYTES`` with 413 too. A seat sending actions faster than a
person taps gets 429 before its body is read (:class:`ActionPace`). Unknown table codes
count against the caller's address (:mod:`companion.table.guard`): past the limit, 429 with
``Retry-After``. A write the host's disk refuses answers 507 (disk full) or 503 (another
I/O error): nothing was saved. Errors are ``{"error": "<one sentence>"}``: they name a
table by its code, never a file.

The server mounts these routes on an application of their own (:func:`api_app`), in
front of Flet's (``companion/server/asgi.py``), so a request here does not go through the
page middleware.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from engine.errors import IllegalAction, StaleRevision
from engine.plain import encoded
from engine.check import MAX_PAYLOAD_BYTES
from companion.table.codes import normalise_code
from companion.table.context import AppContext
from companion.server.downloads import add_export_route
from companion.server.headers import AnswerHeaders, Headers
from companion.table.guard import ActionLimiter, TooManyActions, TooManyGuesses
from companion.table.hub import NoSuchTable, SaveFailed, TableHub, Who

MAX_BODY = 64 * 1024
"""The largest request body the server reads (bytes): an action is a few hundred."""
TOO_LARGE = f"The request is too large (at most {MAX_BODY // 1024} KB)"


def _error(status: int, message: str, headers: dict | None = None):
    return JSONResponse({"error": message}, status_code=status, headers=headers)


class _TooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware: HTTP request bodies over ``limit`` bytes get 413 and a JSON
    error. A declared ``Content-Length`` over it is refused before any byte is read; a
    streamed body as soon as it passes the limit: the 413 goes out, and the application
    below is told the client left (so nothing it does afterwards reaches the client,
    whatever middleware sits between)."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope.get("headers") or ():
            if name == b"content-length":
                if not value.strip().isdigit() or int(value) > self.limit:
                    return await _error(413, TOO_LARGE, {"Connection": "close"})(scope, receive, send)
        seen = 0
        started = False
        refused = False

        async def limited_receive():
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message.get("type") == "http.request":
                seen += len(message.get("body") or b"")
                if seen > self.limit:
                    refused = True
                    if not started:
                        await _error(413, TOO_LARGE, {"Connection": "close"})(scope, receive, send)
                    return {"type": "http.disconnect"}
            return message

        async def watched_send(message):
            nonlocal started
            if refused:
                return  # the 413 went out instead
            if message.get("type") == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, limited_receive, watched_send)


IDENTITY_HEADERS = (b"x-seat-token", b"x-host-key")
"""The headers that say who sends a request: one of them, once, or none (a watcher)."""
ONE_IDENTITY = "Send either X-Seat-Token or X-Host-Key, once: a request acts for one sender"


def identities(scope) -> list[bytes]:
    """The values of every identity header ``scope`` carries, in the order sent."""
    return [value for name, value in scope.get("headers") or () if name in IDENTITY_HEADERS]


class OneIdentity:
    """ASGI middleware: a request that names two senders (both identity headers, or one
    twice) is refused with 400 before anything reads it. The pace and the authorisation
    then read the same one header: a sender cannot be paced as a stranger (a random host
    key) while acting as a seat."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and len(identities(scope)) > 1:
            return await _error(400, ONE_IDENTITY)(scope, receive, send)
        await self.app(scope, receive, send)


class ActionPace:
    """ASGI middleware: ``POST /api/tables/{code}/actions`` past the sender's pace (per
    seat token, else per address, and table: :class:`companion.table.guard.ActionLimiter`)
    waits for its turn before its body is read or parsed, or gets 429 at once if its
    turn is too far off.

    The table is its code as the lookup reads it (:func:`companion.table.codes.normalise_code`):
    ``abcdef``, ``ABC DEF`` and ``ABCDEF`` share one pace, so spelling a code many ways
    buys no extra actions."""

    def __init__(self, app, limiter: ActionLimiter):
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope.get("method") == "POST":
            parts = scope.get("path", "").split("/")
            if len(parts) == 5 and parts[1:3] == ["api", "tables"] and parts[4] == "actions":
                sender = next(iter(identities(scope)), None)  # one at most: OneIdentity
                if sender is None and scope.get("client"):
                    sender = scope["client"][0]
                table = normalise_code(parts[3]) or "?"  # what cannot be a code: one bucket
                wait = self.limiter.reserve((table, sender))
                if wait is None:
                    return await _error(429, TooManyActions().message,
                                        {"Retry-After": "1"})(scope, receive, send)
                if wait:
                    await asyncio.sleep(wait)
        await self.app(scope, receive, send)


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, or _TooLarge past ``limit`` bytes (with or without the middleware)."""
    from starlette.requests import ClientDisconnect

    chunks = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise _TooLarge()
            chunks.append(chunk)
    except ClientDisconnect:
        raise _TooLarge() from None  # (or the client left: nobody reads the answer)
    return b"".join(chunks)


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


def payload_too_large(payload: Any) -> bool:
    try:
        return len(encoded(payload).encode("utf-8")) > MAX_PAYLOAD_BYTES
    except (TypeError, ValueError, RecursionError):
        return False  # not plain data: the schema refuses it in words


def device(request: Request) -> str | None:
    return request.client.host if request.client else None


class LookupRefused(Exception):
    """A table code that was not looked up (no such table, or a guessing device told to
    wait): answered 404 (429) whatever the route."""

    def __init__(self, cause: IllegalAction):
        super().__init__(cause.message)
        self.cause = cause


def refusal(exc: Exception, illegal: int) -> JSONResponse:
    """The one mapping from what a route met to its answer; ``illegal`` is the route's
    status for what the rules refuse (a move 400, a seat already taken 409)."""
    if isinstance(exc, LookupRefused):
        if isinstance(exc.cause, TooManyGuesses):
            return _error(429, exc.cause.message, {"Retry-After": str(exc.cause.wait)})
        return _error(404, exc.cause.message)
    if isinstance(exc, PermissionError):
        return _error(403, str(exc))
    if isinstance(exc, SaveFailed):
        return _error(507 if exc.disk_full else 503, exc.message)
    if isinstance(exc, StaleRevision):
        return _error(409, exc.message)
    return _error(illegal, exc.message)


REFUSED = (LookupRefused, PermissionError, IllegalAction)
"""What a route answers in words (:func:`refusal`); anything else is a bug (500)."""


def answered(illegal: int):
    """A route whose refusals are answered by :func:`refusal` (a blocking route stays one:
    FastAPI runs it off the loop)."""
    def wrap(route):
        if inspect.iscoroutinefunction(route):
            @functools.wraps(route)
            async def waiting(*args, **kwargs):
                try:
                    return await route(*args, **kwargs)
                except REFUSED as exc:
                    return refusal(exc, illegal)
            return waiting

        @functools.wraps(route)
        def blocking(*args, **kwargs):
            try:
                return route(*args, **kwargs)
            except REFUSED as exc:
                return refusal(exc, illegal)
        return blocking
    return wrap


def action_body(body: Any) -> tuple[int, str] | None:
    """Why a JSON action body is not one, as (status, words); None: it is one."""
    if not isinstance(body, dict) or not isinstance(body.get("kind"), str):
        return 400, "An action needs a 'kind'"
    if set(body) - {"kind", "payload", "revision", "seat"}:
        return 400, "An action has only 'kind', 'payload', 'revision' and 'seat'"
    for key in ("revision", "seat"):
        value = body.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            return 400, f"'{key}' is a whole number"
    if payload_too_large(body.get("payload") or {}):
        return 413, f"That move is too large (at most {MAX_PAYLOAD_BYTES} bytes of details)"
    return None


def who_for(ctx: AppContext, hub: TableHub, request: Request) -> Who:
    """Who sent ``request``: the host (its key), a seat (its token), or a watcher."""
    host = ctx.is_host(None, request.headers.get("x-host-key"))
    token = request.headers.get("x-seat-token")
    seat = hub.seat_for_token(token) if token else None
    if token and seat is None:
        raise PermissionError("That seat token is not valid at this table")
    return Who(seat=seat, host=host, token=token)


def hub_for(ctx: AppContext, code: str, request: Request) -> TableHub:
    """The table of ``code`` (blocking: FastAPI runs the route off the loop)."""
    try:
        return ctx.open_table(code, device(request))
    except IllegalAction as exc:
        raise LookupRefused(exc) from None


async def hub_for_async(ctx: AppContext, code: str, request: Request) -> TableHub:
    try:
        return await ctx.open_table_async(code, device(request))
    except IllegalAction as exc:
        raise LookupRefused(exc) from None


def add_api(app, ctx: AppContext, pace: bool = True) -> None:
    """The routes on ``app``, with the body limit and (``pace``) one sender per request
    and the actions' pace (without it, the caller puts them in front: :func:`api_app`)."""
    router = APIRouter(prefix="/api")

    @router.get("/tables/{code}")
    @answered(illegal=400)
    def table_view(code: str, request: Request):
        hub = hub_for(ctx, code, request)
        return hub.view(who_for(ctx, hub, request))

    @router.post("/tables/{code}/seats/{seat}")
    @answered(illegal=409)
    def claim(code: str, seat: int, request: Request):
        hub = hub_for(ctx, code, request)
        return {"seat": seat, "token": hub.claim_seat(seat, who_for(ctx, hub, request))}

    @router.post("/tables/{code}/actions")
    @answered(illegal=400)
    async def act(code: str, request: Request):
        try:
            body: Any = parse_json(await read_body(request))
        except _TooLarge:
            return _error(413, TOO_LARGE)
        except ValueError as exc:
            return _error(400, str(exc))
        wrong = action_body(body)
        if wrong:
            return _error(*wrong)
        hub = await hub_for_async(ctx, code, request)
        entry = await hub.act_async(who_for(ctx, hub, request), body["kind"], body.get("payload") or {},
                                    body.get("revision"), body.get("seat"))
        return {"rev": entry.rev}

    add_export_route(router, ctx)
    app.add_middleware(BodyLimit)
    if pace:
        app.add_middleware(ActionPace, limiter=ctx.extra.setdefault("actions", ActionLimiter()))
        app.add_middleware(OneIdentity)
    before = list(app.router.routes)
    app.include_router(router)
    # a catch-all mount (Flet's static files) must come after these routes
    added = [r for r in app.router.routes if all(r is not b for b in before)]
    app.router.routes[:] = added + before


def api_app(ctx: AppContext):
    """The JSON transport as an application of its own (no docs pages, no page
    middleware): ``companion/server/asgi.py`` sends ``/api/`` requests here first."""
    from fastapi import FastAPI

    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    add_api(app, ctx, pace=False)
    # the pace outside FastAPI's own layers: a held-back request costs next to nothing
    return OneIdentity(ActionPace(NoStore(app), ctx.extra.setdefault("actions", ActionLimiter())))


class NoStore(AnswerHeaders):
    """ASGI middleware: answers of the JSON transport are never cached."""

    def change(self, headers: Headers) -> Headers:
        return [*headers, (b"cache-control", b"no-store")]


__all__ = ["MAX_BODY", "ActionPace", "BodyLimit", "OneIdentity", "add_api", "api_app", "parse_json", "NoSuchTable"]
