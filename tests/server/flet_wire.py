"""A phone written by hand: Flet's protocol over a bare websocket (websockets + msgpack),
as a hostile player would speak it. It answers the storage service's calls as an empty
phone, and keeps every string it was shown."""

from __future__ import annotations

import asyncio
import time

import msgpack

from tests.browser.frames import decode, shown_values

REGISTER, PATCH, EVENT, UPDATE, INVOKE = 1, 2, 3, 4, 5
PAGE_ID = 1
"""Flet's page is control 1 (every other control id starts at random)."""
PHONE_PAGE = {"route": "/", "width": 390.0, "height": 844.0, "platform": "android", "web": True}


def frame(action: int, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def registration(route: str = "/", **page) -> bytes:
    return frame(REGISTER, {"session_id": "", "page_name": "", "page": {**PHONE_PAGE, "route": route, **page}})


def controls_in(value) -> list[dict]:
    """The controls (dicts with Flet's ``_c`` class and ``_i`` id) anywhere in ``value``."""
    found = []
    if isinstance(value, dict):
        if isinstance(value.get("_i"), int) and "_c" in value:
            found.append(value)
        for item in value.values():
            found.extend(controls_in(item))
    elif isinstance(value, (list, tuple)):
        for item in value:
            found.extend(controls_in(item))
    return found


class WirePhone:
    """One websocket to ``companion serve``'s ``/ws``."""

    def __init__(self, ws):
        self.ws = ws
        self.strings: list[str] = []
        self.controls: dict[int, dict] = {}
        """Every control it was sent, by id (the latest copy of each)."""
        self.closed_with: int | None = None
        """The close code the server sent (None while open)."""

    @classmethod
    async def open(cls, port: int, address: str = "127.0.0.1", headers: dict | None = None,
                   server: str = "127.0.0.1") -> "WirePhone":
        """A websocket from ``address`` to the server at ``server``:``port``."""
        import websockets

        ws = await websockets.connect(f"ws://{server}:{port}/ws", local_addr=(address, 0), max_size=None,
                                      additional_headers=headers or {}, open_timeout=20)
        return cls(ws)

    async def send(self, data: bytes) -> bool:
        """Send one frame; False when the socket is closed."""
        import websockets

        try:
            await self.ws.send(data)
            return True
        except websockets.ConnectionClosed as closed:
            self._closed(closed)
            return False

    def seen(self, text: str) -> bool:
        return any(text in s for s in self.strings)

    async def until(self, predicate, timeout: float = 20) -> bool:
        """Read (answering storage calls) until ``predicate(self)``; False at ``timeout`` or
        once the server closed the socket."""
        import websockets

        deadline = time.monotonic() + timeout
        while not predicate(self):
            try:
                data = await asyncio.wait_for(self.ws.recv(), max(0.0, deadline - time.monotonic()))
            except (asyncio.TimeoutError, TimeoutError):
                return False
            except websockets.ConnectionClosed as closed:
                self._closed(closed)
                return predicate(self)
            self._take(data)
        return True

    def _take(self, data: bytes) -> None:
        message = decode(data)
        if message is None:
            return
        action, body = message
        self.strings.extend(v for v in shown_values(message) if isinstance(v, str))
        self.controls.update((c["_i"], c) for c in controls_in(body))
        if action == INVOKE:  # the storage service asks: an empty phone
            asyncio.ensure_future(self.send(frame(INVOKE, {"control_id": body["control_id"],
                                                           "call_id": body["call_id"], "result": None,
                                                           "error": None})))

    def _closed(self, closed) -> None:
        received = getattr(closed, "rcvd", None)
        self.closed_with = received.code if received is not None else 1006

    async def close(self) -> None:
        await self.ws.close()
