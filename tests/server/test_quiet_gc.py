"""The cycle collector runs after an action's burst, once, not during it."""

from __future__ import annotations

import asyncio
import gc
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion import quiet_gc
from companion.hub import HOST, Tables
from storage import TableStore


def run(coro) -> None:
    # in its own thread: the browser tests' Playwright keeps an event loop in this one
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(asyncio.run, coro).result()


@pytest.fixture
def collections(monkeypatch):
    """Generations (1 and up) collected, as the collector reports them."""
    seen: list[int] = []

    def callback(phase, info):
        if phase == "stop" and info["generation"] >= 1:  # automatic young ones aside
            seen.append(info["generation"])

    monkeypatch.setattr(quiet_gc, "DELAY_S", 0.05)
    gc.callbacks.append(callback)
    yield seen
    gc.callbacks.remove(callback)


def test_a_burst_of_actions_gets_one_collection_after_it(collections):
    async def burst():
        for _ in range(5):  # five actions in a row, as fast as a table can tap
            quiet_gc.collect_soon()
        assert collections == [], "nothing is collected while the actions are under way"
        await asyncio.sleep(0.2)

    run(burst())
    assert len(collections) == 1 and collections[0] >= 1


def test_any_change_to_a_table_gets_its_collection_after_it(collections, tmp_path):
    """Whoever acts (a phone's screen, the JSON transport, the host), the hub asks for it."""
    store = TableStore(tmp_path)
    hub = Tables(store).create("scorepad", ["Ann", "Bo"])

    async def actions():
        for seat in (0, 1):  # e.g. two actions through /api/.../actions
            hub.act(HOST, "points", {"points": 3}, seat=seat)
        assert collections == []
        await asyncio.sleep(0.2)

    try:
        run(actions())
    finally:
        store.close()
    assert len(collections) == 1


def test_every_so_often_the_quiet_collection_is_a_full_one(collections, monkeypatch):
    monkeypatch.setattr(quiet_gc, "_quiet_collections", quiet_gc.FULL_EVERY - 1)

    async def one():
        quiet_gc.collect_soon()
        await asyncio.sleep(0.15)

    run(one())
    assert collections == [2]


def test_outside_an_event_loop_nothing_is_scheduled(collections):
    before = len(quiet_gc._pending)
    with ThreadPoolExecutor(max_workers=1) as worker:  # a thread with no event loop
        worker.submit(quiet_gc.collect_soon).result()  # a script driving a hub: no error
    assert len(quiet_gc._pending) == before


def test_install_freezes_the_startup_objects_and_makes_collections_rare():
    before = gc.get_threshold()
    try:
        quiet_gc.install()
        assert gc.get_freeze_count() > 1000
        assert gc.get_threshold()[0] == quiet_gc.YOUNG_THRESHOLD
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
