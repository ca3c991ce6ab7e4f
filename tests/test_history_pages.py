"""The History costs what it shows: a phone opening it on a table of thousands of moves
reads, words and is sent one page, as on a short table; "Older moves" pages back; each
viewer's page keeps what it may not see hidden, however the lines are kept."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings, strategies as st

from companion.table.hub import HOST, Tables
from engine.check import apply
from engine.errors import IllegalAction
from engine.game import Action
from engine.history import MARK_EVERY, PAGE
from engine.log import UNDO
from engine.registry import get_game
from engine.table import Match
from storage.memory import MemoryStore
from tests.support import RandomTable, run_app, seated, until

SHORT, LONG = 50, 3000


def scored(tables: Tables, moves: int):
    """A score pad of two where the host entered ``moves`` scores."""
    hub = tables.create("scorepad", ["Ann", "Bo"])
    for n in range(moves):
        hub.act(HOST, "points", {"points": n % 9 + 1}, None, seat=n % 2)
    return hub


def rows(tab) -> list[int]:
    """The move numbers of the History's rows the phone shows, as drawn."""
    return [int(n) for n in re.findall(r"^move (\d+) · ", tab.text(), re.M)]


async def open_history(tab, newest: int) -> tuple[int, list[int]]:
    """Tap History on ``tab``; (bytes the phone was sent for it, the rows it shows)."""
    before = tab.conn.bytes
    await tab.tap("History")
    await until(lambda: newest in rows(tab), f"move {newest} in the History")
    await tab.settle()
    return tab.conn.bytes - before, rows(tab)


def test_opening_the_history_of_a_long_table_costs_what_a_short_one_does():
    tables = Tables(MemoryStore())
    short, long = scored(tables, SHORT), scored(tables, LONG)

    async def test(app):
        costs = {}
        for hub, moves in ((short, SHORT), (long, LONG)):
            worded = hub.match.lines.worked_out
            sent, shown = await open_history(await app.watcher(hub), moves)
            costs[moves] = (sent, shown, hub.match.lines.worked_out - worded)
        (short_sent, short_rows, short_worded), (long_sent, long_rows, long_worded) = costs[SHORT], costs[LONG]
        assert short_rows == list(range(SHORT, SHORT - PAGE, -1))  # newest first, one page
        assert long_rows == list(range(LONG, LONG - PAGE, -1))
        assert long_worded == short_worded == PAGE, costs  # each line put into words once
        assert long_sent < 1.3 * short_sent, costs  # 60 times the log, about the same bytes

    run_app(test, tables)


def test_older_moves_page_back_to_the_first_and_newer_moves_return():
    tables = Tables(MemoryStore())
    hub = scored(tables, 2 * PAGE + 5)

    async def test(app):
        bo = await app.seat(hub, 1)
        _, shown = await open_history(bo, 2 * PAGE + 5)
        assert shown[0] == 2 * PAGE + 5 and 1 not in shown
        await bo.tap("Older moves")
        await until(lambda: rows(bo) == list(range(PAGE + 5, 5, -1)), "the second page")
        assert f"Moves 6 to {PAGE + 5} of {2 * PAGE + 5}" in bo.text()
        await bo.tap("Older moves")
        await until(lambda: rows(bo) == [5, 4, 3, 2, 1], "the first moves")
        assert "Older moves" not in bo.text() and "Bo scored 2 in round 1" in bo.text()
        hub.act(HOST, "points", {"points": 7}, None, seat=0)  # a move while an old page is open
        await until(lambda: f"move {2 * PAGE + 6}" in bo.text(), "the new move count")
        assert rows(bo) == [5, 4, 3, 2, 1]  # the page stays where the player is reading
        await bo.tap("Newer moves")
        await until(lambda: rows(bo) == list(range(PAGE + 5, 5, -1)), "the page above")
        await bo.tap("Newer moves")
        await until(lambda: rows(bo) == list(range(2 * PAGE + 5, PAGE + 5, -1)), "the page above that")
        await bo.tap("Newer moves")  # the move made meanwhile is above it: the newest page
        await until(lambda: rows(bo)[:1] == [2 * PAGE + 6], "the newest page")
        assert "Newer moves" not in bo.text()

    run_app(test, tables)


def test_a_secret_score_stays_with_its_author_on_every_page():
    """Ann's secret score is in her own History; Bo, a watcher and the host read the
    same move without it, on the newest page and on an older one, even right after
    Ann's phone had its lines worked out."""
    tables = Tables(MemoryStore())
    hub = tables.create("scorepad", ["Ann", "Bo"], {"secret": True})
    ann_who, bo_who = seated(hub)
    hub.act(ann_who, "points", {"points": 4817}, 0)
    for n in range(PAGE + 3):
        hub.act(bo_who, "points", {"points": n + 1}, hub.revision)

    async def test(app):
        ann, bo = [await app.tab(f"/t/{hub.code}", storage={f"seat.{hub.code}": who.token})
                   for who in (ann_who, bo_who)]
        others = [bo, await app.watcher(hub), await app.host(hub)]
        for phone in [ann] + others:
            await open_history(phone, PAGE + 4)
            await phone.tap("Older moves")
            await until(lambda phone=phone: 1 in rows(phone), "the first move")
        assert "Ann scored 4817 in round 1" in ann.text()
        for phone in others:
            assert "4817" not in phone.text() and "Ann entered a secret score" in phone.text()

    run_app(test, tables)


def test_the_newest_page_of_a_table_opened_from_storage_reads_one_page_of_its_log():
    """A table read back from storage (a restarted host): the newest page reads the
    page's entries and those back to the snapshot below it, never the whole log."""
    store = MemoryStore()
    reads = {}
    for moves in (SHORT, LONG):
        code = scored(Tables(store), moves).code
        hub = Tables(CountingStore(store)).open(code)
        before = hub.match.chain.source.entries_read
        assert [line["move"] for line in hub.history_page(HOST)] == list(range(moves - PAGE + 1, moves + 1))
        reads[moves] = hub.match.chain.source.entries_read - before
    assert reads[LONG] <= reads[SHORT] + hub.match.every, reads


def test_a_page_read_after_undos_and_new_moves_shows_the_moves_now_in_effect():
    """Reading far back notes where the chain was; undos below such a point and new
    moves over it change what those moves are, and the next page says the new ones."""
    hub = scored(Tables(MemoryStore()), 2 * MARK_EVERY + 10)
    assert len(hub.history(HOST)) == 2 * MARK_EVERY + 10
    hub.history_page(HOST, MARK_EVERY, 5)
    for _ in range(MARK_EVERY + 20):
        hub.undo(HOST)
    for _ in range(MARK_EVERY + 20):
        hub.act(HOST, "points", {"points": 40}, None, seat=1)
    page = hub.history_page(HOST, 2 * MARK_EVERY, 20)
    assert [line["text"] for line in page] == ["Bo scored 40 in round 1"] * 20
    assert page == hub.history(HOST)[2 * MARK_EVERY - 20:2 * MARK_EVERY]


class CountingStore:
    """The real in-memory store, whose table logs count the entries read from them."""

    def __init__(self, store: MemoryStore):
        self._store = store

    def __getattr__(self, name):
        return getattr(self._store, name)

    def open_log(self, code: str):
        return CountingLog(self._store.open_log(code))


class CountingLog:
    def __init__(self, log):
        self._log = log
        self.entries_read = 0

    def __getattr__(self, name):
        return getattr(self._log, name)

    def entry(self, rev: int):
        self.entries_read += 1
        return self._log.entry(rev)


def said_whole(match: Match, viewer: int | None) -> list[tuple[int, str]]:
    """Every move in effect in words, replayed from the setup: what the History says."""
    state, lines = match.setup(), []
    for entry in match.done:
        after = apply(match.game, state, entry.action, entry.by, match.names)[0]
        lines.append((entry.rev, match.game.say(state, entry.action, after, viewer).text))
        state = after
    return lines


def play(table: RandomTable, match: Match, store: MemoryStore, moves: int, undos: int = 0) -> None:
    """``undos`` undos by the host (as far as they go), then up to ``moves`` random
    moves, each stored as the hub stores it."""
    steps = [(None, Action(None, UNDO, {}))] * undos
    for _ in range(moves):
        choice = table.choose()
        if choice is not None:
            steps.append(table.action(*choice))
    for by, action in steps:
        try:
            proposal = match.propose(by, action, match.revision)
        except IllegalAction:
            continue
        store.append("ACDEFH", *match.records(proposal))
        match.accept(proposal)


def paged_as_whole(match: Match, viewers, count: int) -> None:
    """Every viewer's pages of ``count``, newest to oldest, are its whole history."""
    for viewer in viewers:
        paged, last = [], match.moves
        while last > 0:
            page = match.history_page(viewer, last, count)
            assert [line.move for line in page] == list(range(last - len(page) + 1, last + 1))
            paged[:0] = [(line.entry.rev, line.text) for line in page]
            last -= count
        assert paged == said_whole(match, viewer)


@settings(max_examples=25, deadline=None)
@given(game_id=st.sampled_from(["scorepad", "bluffstones", "strata", "rockgarden", "paisho"]),
       seed=st.integers(0, 10_000), moves=st.integers(0, 70), count=st.integers(1, 12),
       every=st.integers(1, 9), mark_every=st.integers(1, 9), undos=st.integers(0, 12))
def test_every_page_is_the_whole_history_cut_for_each_viewer(game_id, seed, moves, count, every,
                                                              mark_every, undos):
    """Pages of any size, for every viewer, on a table with undos and redos read back from
    storage with snapshots every few moves: read newest to oldest, again (lines kept from
    the first reading), and after undos and more moves, they are the whole history
    replayed from the setup."""
    store, game = MemoryStore(), get_game(game_id)
    table = RandomTable(game, random.Random(seed))
    store.create("ACDEFH", table.spec.to_json())
    table.match = Match(game, table.spec, (), every)
    play(table, table.match, store, moves)
    match = table.match = Match.resume(game, table.spec, store.open_log("ACDEFH"), every)
    match.lines.mark_every = mark_every
    viewers = [None, *range(len(table.spec.players))]
    paged_as_whole(match, viewers, count)
    paged_as_whole(match, viewers, count)
    play(table, match, store, undos, undos)
    paged_as_whole(match, viewers, count)
