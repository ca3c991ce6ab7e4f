"""What a browser may do with this server on a player's behalf.

A web page a player happens to visit can make their browser send requests here. Without
CORS headers (``companion/server/asgi.py`` sends none) it cannot read the answers, but a simple
cross-site POST would still act: claim a free seat, for one. So (:class:`BrowserPolicy`):

- a state-changing request to the JSON transport (POST, PUT, PATCH, DELETE under
  ``/api/``) must say ``Content-Type: application/json``, which a browser only sends
  cross-site after asking first (and is refused then, with no CORS answer): else 415;
- such a request with a foreign ``Origin`` is refused with 403, and so is the phones'
  websocket (Flet's ``/ws``): a foreign page cannot drive a phone's session either;
- the framework's own pages (``/docs``, ``/redoc``, ``/openapi.json``) answer 404.

"Foreign": an ``Origin`` whose host and port are neither the request's ``Host`` nor the
server's public URL's (``serve --public-url``). A request with no ``Origin`` (a script,
``curl``) is not a browser acting for someone else and goes on as before. Every answer
also carries ``edge.SECURITY_HEADERS`` (uvicorn adds them: see ``companion/server/asgi.py``).
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
FRAMEWORK_PAGES = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}

FOREIGN_ORIGIN = "Requests from another web site are refused"
NOT_JSON = "Send JSON: the request needs the header Content-Type: application/json"
NOT_FOUND = "Not found"


def _endpoint(netloc: str, scheme: str) -> tuple[str, int] | None:
    """(host, port) of ``host[:port]``, the scheme's port when none is given."""
    try:
        parts = urlsplit(f"//{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return parts.hostname.lower(), port if port is not None else DEFAULT_PORTS.get(scheme, 80)


def origin_is_foreign(origin: str | None, host: str | None, public_url: str | None) -> bool:
    """Whether a browser's ``Origin`` is another site than this server as the request
    (its ``Host``) or the public URL names it. No ``Origin``: not foreign."""
    if origin is None:
        return False
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return True  # "null" (a sandboxed frame, a file), or nonsense
    theirs = _endpoint(parts.netloc, parts.scheme)
    ours = set()
    if host:
        ours.add(_endpoint(host.strip(), parts.scheme))
    if public_url:
        mine = urlsplit(public_url)
        if mine.netloc:
            ours.add(_endpoint(mine.netloc, mine.scheme))
    return theirs is None or theirs not in ours


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return None


def _is_json(content_type: str | None) -> bool:
    return content_type is not None and content_type.split(";")[0].strip().lower() == "application/json"


async def _answer(send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"cache-control", b"no-store"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class BrowserPolicy:
    """ASGI middleware in front of the whole server (see the module's text)."""

    def __init__(self, app, public_url: str | None = None):
        self.app = app
        self.public_url = public_url

    def _foreign(self, scope) -> bool:
        return origin_is_foreign(_header(scope, b"origin"), _header(scope, b"host"), self.public_url)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and self._foreign(scope):
            message = await receive()  # websocket.connect; closing before accepting answers 403
            if message.get("type") == "websocket.connect":
                await send({"type": "websocket.close", "code": 1008})
            return None
        if scope["type"] == "http":
            path = scope.get("path", "")
            if path in FRAMEWORK_PAGES:
                return await _answer(send, 404, NOT_FOUND)
            if path.startswith("/api/") and scope.get("method") in STATE_CHANGING:
                if self._foreign(scope):
                    return await _answer(send, 403, FOREIGN_ORIGIN)
                if not _is_json(_header(scope, b"content-type")):
                    return await _answer(send, 415, NOT_JSON)
        return await self.app(scope, receive, send)
