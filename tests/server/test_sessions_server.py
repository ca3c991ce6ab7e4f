"""The real ASGI app under uvicorn on loopback, in this process (to count its sessions):
pages whose phones went away are let go after the grace, however the phone left."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from companion.context import AppContext
from companion.hub import Tables
from storage.memory import MemoryStore
from tests.browser.harness import free_port
from tests.server.raw_phones import abandon

GRACE_S = 1
EVICTION_TICK_S = 10  # Flet's evictor looks every 10 s


@pytest.fixture
def served(monkeypatch):
    """(ws url, context) of the app under uvicorn with a 1 s grace. Flet's session manager
    is one per process: this is the only test that serves Flet in the test process."""
    import uvicorn

    from companion import web

    monkeypatch.setenv("FLET_SESSION_TIMEOUT", str(GRACE_S))
    ctx = AppContext(tables=Tables(MemoryStore()), public_url="http://127.0.0.1", data_dir=None,
                     loopback_is_host=False)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(web.build_asgi(ctx), host="127.0.0.1", port=port,
                                           log_level="critical", ws="websockets-sansio", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"ws://127.0.0.1:{port}/ws", ctx
    server.should_exit = True
    thread.join(15)


def in_a_thread_of_its_own(work):
    """Run a coroutine to its end on a loop of its own (the browser tests' Playwright keeps
    an event loop running in the main thread of the same test session)."""
    done: dict = {}
    thread = threading.Thread(target=lambda: done.setdefault("result", asyncio.run(work)))
    thread.start()
    thread.join(120)
    return done["result"]


def test_abandoned_pages_are_let_go_after_the_grace(served):
    url, ctx = served
    pages = 30
    assert in_a_thread_of_its_own(abandon(url, pages)) == 0  # every start page was drawn
    assert ctx.sessions.count() > 0  # the positive control: the pages were counted
    # phones that leave while the host is still sending (most of them here) are let go too
    deadline = time.monotonic() + GRACE_S + 3 * EVICTION_TICK_S
    while ctx.sessions.held():  # closed by Flet's evictor: page.on_close ran for each
        assert time.monotonic() < deadline, f"{ctx.sessions.held()} of {pages} pages never let go"
        time.sleep(0.2)
    assert ctx.sessions.count() == 0
