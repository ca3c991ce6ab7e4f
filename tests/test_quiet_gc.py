"""The cycle collector runs once after a burst of moves, not during it (companion/flet_runtime/quiet_gc.py)."""

from __future__ import annotations

import asyncio
import gc
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.flet_runtime import quiet_gc


def run(coro) -> None:
    # in its own thread: the browser tests' Playwright keeps an event loop in this one
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(asyncio.run, coro).result()


@pytest.fixture
def collections(monkeypatch):
    """The generations collected (1 and up), as the collector reports them; the process's
    collector as it was afterwards."""
    seen: list[int] = []
    threshold = gc.get_threshold()

    def callback(phase, info):
        if phase == "stop" and info["generation"] >= 1:  # automatic young ones aside
            seen.append(info["generation"])

    monkeypatch.setattr(quiet_gc, "DELAY_S", 0.05)
    monkeypatch.setattr(quiet_gc, "_installed", False)
    quiet_gc.install()
    seen.clear()
    gc.callbacks.append(callback)
    yield seen
    gc.callbacks.remove(callback)
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_a_burst_of_moves_gets_one_collection_after_it(collections):
    async def burst():
        for _ in range(8):  # a move heard by several phones, moves one after the other
            quiet_gc.collect_soon()
            await asyncio.sleep(0.02)  # each quicker than the quiet the collector waits for
        assert collections == [], "nothing is collected while the moves go on"
        await asyncio.sleep(0.2)

    run(burst())
    assert len(collections) == 1 and collections[0] >= 1


def test_a_full_collection_waits_for_a_long_quiet(collections, monkeypatch):
    assert gc.get_threshold()[2] == quiet_gc.FULL_THRESHOLD
    monkeypatch.setattr(quiet_gc, "_last_full", 0.0)  # long ago: a full one is due
    monkeypatch.setattr(quiet_gc, "FULL_QUIET_S", 0.3)

    async def moves_then_quiet():
        for _ in range(3):  # quick moves, and pauses shorter than a full one waits for
            quiet_gc.collect_soon()
            await asyncio.sleep(0.15)
        assert 2 not in collections, "no full collection between quick moves"
        await asyncio.sleep(0.5)
        quiet_gc.collect_soon()  # a move after the full one: young ones again
        await asyncio.sleep(0.15)

    run(moves_then_quiet())
    assert collections.count(2) == 1 and collections[-1] == 1, collections


def test_no_collection_starts_while_a_move_is_under_way(collections):
    async def a_slow_move():
        quiet_gc.collect_soon()
        with quiet_gc.moving():  # e.g. the worker thread writing a move to disk
            await asyncio.sleep(0.15)
            assert collections == []
        await asyncio.sleep(0.15)

    run(a_slow_move())
    assert collections == [1]


def test_nothing_is_scheduled_before_the_server_installs_it(monkeypatch):
    monkeypatch.setattr(quiet_gc, "_installed", False)

    async def moves():
        quiet_gc.collect_soon()
        assert not quiet_gc._pending

    run(moves())


def test_the_quiet_counts_from_the_end_of_the_redraw_a_move_set_off(collections, monkeypatch):
    """A phone's news queues its redraw on the loop; held to a small share of a core that
    redraw can outlast the quiet, and the collection must not start right after it (the
    next phone's redraw of the same move would wait for it)."""
    starts: list[float] = []

    def callback(phase, info):
        if phase == "start" and info["generation"] >= 1:
            starts.append(time.monotonic())

    drawn: list[float] = []

    def slow_redraw():  # longer than the quiet the collector waits for
        end = time.monotonic() + 2 * quiet_gc.DELAY_S
        while time.monotonic() < end:
            pass
        drawn.append(time.monotonic())

    async def news_then_redraw():
        asyncio.get_running_loop().call_soon(slow_redraw)  # queued by the phone's listeners
        quiet_gc.collect_soon()  # then the news asks for a collection
        await asyncio.sleep(6 * quiet_gc.DELAY_S)

    gc.callbacks.append(callback)
    try:
        run(news_then_redraw())
    finally:
        gc.callbacks.remove(callback)
    assert collections == [1]
    assert starts[0] - drawn[0] >= quiet_gc.DELAY_S, "the collection waited for a quiet after the redraw"


def test_a_tap_s_move_is_under_way_before_its_worker_thread_starts(collections, monkeypatch):
    """A collection that fell due while the loop was busy does not start in the moment
    between a tap and its move's worker thread: the hub's move is under way from the tap."""
    from companion.table import hub as hub_module
    from companion.table.hub import HOST, Tables
    from storage.memory import MemoryStore

    table = Tables(MemoryStore(), while_moving=quiet_gc.moving).create("scorepad", ["Ann", "Bo"])
    real_off_loop = hub_module.off_loop

    async def slow_to_start(fn, *args, **kwargs):  # a worker thread the loop has not handed the GIL to yet
        await asyncio.sleep(2 * quiet_gc.DELAY_S)
        assert collections == [], "no collection between the tap and its move"
        return await real_off_loop(fn, *args, **kwargs)

    monkeypatch.setattr(hub_module, "off_loop", slow_to_start)

    async def tap_after_a_quiet():
        quiet_gc.collect_soon()
        await table.act_async(HOST, "points", {"points": 3}, None, seat=0)
        await asyncio.sleep(4 * quiet_gc.DELAY_S)

    run(tap_after_a_quiet())
    assert collections == [1]


def test_pages_let_go_with_no_move_get_a_full_collection(collections, monkeypatch):
    """Pages opened and left with no move between them (a hand-made client's thousands):
    their objects sit in the oldest generation until a full pass, which comes once enough
    of them were let go, and once only (issue 35)."""
    monkeypatch.setattr(quiet_gc, "_let_go", 0)
    monkeypatch.setattr(quiet_gc, "_full_pending", False)
    monkeypatch.setattr(quiet_gc, "_last_full", time.monotonic())  # a full pass just ran
    monkeypatch.setattr(quiet_gc, "_last_activity", 0.0)  # no move for long
    monkeypatch.setattr(quiet_gc, "FULL_QUIET_S", 0.05)
    monkeypatch.setattr(quiet_gc, "PAGES_BEFORE_FULL", 5)

    async def pages_let_go():
        for _ in range(4):
            quiet_gc.page_let_go()
        await asyncio.sleep(0.2)
        assert 2 not in collections, "no full pass for fewer pages than PAGES_BEFORE_FULL"
        for _ in range(6):
            quiet_gc.page_let_go()
        await asyncio.sleep(0.2)

    run(pages_let_go())
    assert collections.count(2) == 1, collections
