"""Phones as bare websockets speaking Flet's protocol: they register, answer the storage
service's calls (an empty phone), wait for the start page, then go away; or go away before
answering anything (:data:`LEAVINGS`). Used by tests/server/test_sessions_server.py,
tests/server/test_abandoned_pages.py, bench/sessions.py and bench/abandoned.py."""

from __future__ import annotations

import asyncio
import time

import msgpack

from tests.browser.frames import decode

REGISTER, PATCH, INVOKE = 1, 2, 5
ADDRESSES = 100
"""Phones come from 127.0.0.2 ... 127.0.0.101 (each its own device for the per-device cap)."""
BUDGET_S = 600


async def register(ws) -> None:
    """Ask for a new page at ``/``, as Flet's client does when a tab opens."""
    await ws.send(b"\x00" + msgpack.packb([REGISTER, {
        "session_id": "", "page_name": "", "page": {
            "route": "/", "width": 390.0, "height": 844.0, "platform": "android", "web": True}}]))


async def start_page_drawn(ws, within: float = 20) -> bool:
    """Answer the storage service's calls (an empty phone) until the start page is drawn;
    False when it is not within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            frame = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
        except asyncio.TimeoutError:
            return False
        message = decode(frame)
        if message is None:
            continue
        action, body = message
        if action == INVOKE:  # the storage service asks: an empty phone
            await ws.send(b"\x00" + msgpack.packb([INVOKE, {
                "control_id": body["control_id"], "call_id": body["call_id"], "result": None, "error": None}]))
        elif action == PATCH and "Join" in str(body):
            return True
    return False


async def abandon(url: str, count: int, parallel: int = 4) -> int:
    """Open and abandon ``count`` pages, each once its start page is drawn; how many were
    not drawn in 20 s."""
    addresses = [f"127.0.0.{2 + n}" for n in range(ADDRESSES)]
    return await leave_many(url, count, addresses, parallel, leavings=("after the first screen",))


LEAVINGS = ("at once", "after 0.3 s", "after the first screen")
"""When a phone that opens a page goes away: right after registering, before the page's
first question (its storage) is answered; 0.3 s later, never having answered; or once its
start page is drawn."""


async def leave(url: str, address: str, leaving: str) -> bool:
    """Open a page as a new phone from ``address`` and go away as ``leaving`` says; False
    when the server refused the connection or (for "after the first screen") did not draw
    the start page within 20 s."""
    import websockets

    try:
        async with websockets.connect(url, local_addr=(address, 0), max_size=None) as ws:
            await register(ws)
            if leaving == "after 0.3 s":
                await asyncio.sleep(0.3)
            elif leaving == "after the first screen":
                return await start_page_drawn(ws)
            return True
    except (OSError, websockets.InvalidHandshake):
        return False


async def leave_many(url: str, count: int, addresses: list[str], parallel: int = 16,
                     leavings: tuple[str, ...] = LEAVINGS, first: int = 0) -> int:
    """Open ``count`` pages (page i from ``addresses[i % n]``, leaving as
    ``leavings[i % m]``), ``parallel`` at a time; how many did not go as planned."""
    pages = iter(range(first, first + count))
    stop = time.monotonic() + BUDGET_S
    failed = 0

    async def phone() -> None:
        nonlocal failed
        for i in pages:
            if time.monotonic() > stop:
                raise RuntimeError("out of time")
            ok = await leave(url, addresses[i % len(addresses)], leavings[i % len(leavings)])
            failed += not ok

    await asyncio.gather(*(phone() for _ in range(parallel)))
    return failed
