"""ASGI middleware that changes the headers of every HTTP answer on its way out: one
shape for the server's header rules (no CORS, no cross-origin isolation, no caching of
the JSON transport)."""

from __future__ import annotations

Headers = list[tuple[bytes, bytes]]


class AnswerHeaders:
    """Calls :meth:`change` on each HTTP answer's headers (websockets pass untouched)."""

    def __init__(self, app):
        self.app = app

    def change(self, headers: Headers) -> Headers:
        return headers

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def changed(message):
            if message.get("type") == "http.response.start":
                message = {**message, "headers": self.change(list(message.get("headers") or ()))}
            await send(message)

        await self.app(scope, receive, changed)
