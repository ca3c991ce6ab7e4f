"""The real ASGI app under uvicorn on loopback, in this process (to count its sessions):
pages whose phones went away are let go after the grace, however the phone left."""

from __future__ import annotations

import asyncio
import gc
import threading
import time

import pytest

from companion.table.context import AppContext
from companion.table.hub import Tables
from storage.memory import MemoryStore
from tests.browser.harness import free_port
from tests.server.raw_phones import abandon, leave_many

GRACE_S = 1
EVICTION_TICK_S = 10  # Flet's evictor looks every 10 s
PAGES_LEFT = 150


@pytest.fixture(scope="module")
def served():
    """(ws url, context) of the app under uvicorn with a 1 s grace. Flet's session manager
    is one per process (its evictor runs on the loop of the first server that started it):
    this module's server is the only one serving Flet in the test process."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        yield from serving(monkeypatch)


def serving(monkeypatch):
    import uvicorn

    from companion.server import asgi as web

    monkeypatch.setenv("FLET_SESSION_TIMEOUT", str(GRACE_S))
    # where the server can close pages past their grace sooner than Flet's evictor (its
    # COMPANION_EVICT_EVERY_S), the waits below end as soon as they are let go
    monkeypatch.setenv("COMPANION_EVICT_EVERY_S", "1")
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


def test_pages_left_before_answering_are_let_go_after_the_grace(served):
    """Phones that leave at once, or after 0.3 s without answering the page's storage call:
    no page stays in memory after the grace (each used to wait for ever on the storage)."""
    import flet as ft

    url, ctx = served
    addresses = [f"127.0.0.{n}" for n in range(110, 170)]

    def pages_kept() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, ft.Page) and o.client_ip in addresses)

    leaving = leave_many(url, PAGES_LEFT, addresses, parallel=8, leavings=("at once", "after 0.3 s"))
    assert in_a_thread_of_its_own(leaving) == 0
    assert pages_kept() > 0 or ctx.sessions.held() > 0  # the positive control: pages were made
    # one page may stay named by the last context the server's loop ran (a reference from C,
    # not the page's own: the next page replaces it; bench/abandoned.py: 10,000 pages, flat)
    deadline = time.monotonic() + GRACE_S + 3 * EVICTION_TICK_S
    while pages_kept() > 1:
        assert time.monotonic() < deadline, f"{pages_kept()} of {PAGES_LEFT} pages never let go"
        time.sleep(0.5)
