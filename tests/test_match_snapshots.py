"""Snapshots: opening a table and undoing replay at most SNAPSHOT_EVERY actions, whatever
the log's length, and give exactly the state the whole log gives."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.registry import get_game
from engine.log import SNAPSHOT_EVERY, effective
from engine.spec import make_spec
from engine.table import Match
from companion.table.hub import HOST, Tables, Who
from storage import DiskStore
from storage.memory import MemoryStore

GAME = get_game("scorepad")


class Records:
    """A LogSource over what a Match wrote, through JSON like a store."""

    def __init__(self):
        self.rows: list[tuple[dict, dict, object]] = []

    @property
    def revision(self) -> int:
        return len(self.rows)

    def entry(self, rev):
        return json.loads(json.dumps(self.rows[rev - 1][0]))

    def link(self, rev):
        return json.loads(json.dumps(self.rows[rev - 1][1]))

    def snapshot(self, rev):
        found = self.rows[rev - 1][2]
        return None if found is None else json.loads(json.dumps(found))


def random_play(seed: int, every: int, steps: int):
    rng = random.Random(seed)
    spec = make_spec(GAME, ["A", "B", "C"], {"secret": rng.random() < 0.5})
    match = Match(GAME, spec, snapshot_every=every)
    records = Records()
    for _ in range(steps):
        r = rng.random()
        seat = rng.randrange(3)
        if r < 0.25:
            by, action = None, Action(None, "undo", {})
        elif r < 0.4:
            by, action = None, Action(None, "redo", {})
        elif r < 0.45:
            by, action = None, Action(None, "finish", {})
        elif r < 0.5:
            by, action = None, Action(None, "reveal", {})
        elif r < 0.6:
            by, action = None, Action(None, "new_round", {})
        else:
            by, action = seat, Action(seat, "points", {"points": rng.randint(-5, 9)})
        try:
            proposal = match.propose(by, action, match.revision)
        except IllegalAction:
            continue
        records.rows.append(match.records(proposal))
        match.accept(proposal)
    return spec, match, records


@pytest.mark.parametrize("seed", range(60))
def test_every_way_of_opening_gives_the_same_table(seed):
    every = [1, 2, 3, 5, SNAPSHOT_EVERY][seed % 5]
    spec, match, records = random_play(seed, every, 20 + seed * 3)
    again = Match(GAME, spec, list(match.log), snapshot_every=every)  # the whole log
    resumed = Match.resume(GAME, spec, records, snapshot_every=every)  # the last link
    other_n = Match.resume(GAME, spec, records, snapshot_every=7)  # written with another N
    done, undone, shown = effective(list(match.log))
    for m in (again, resumed, other_n):
        assert m.state == match.state
        assert [e.rev for e in m.done] == [e.rev for e in done]
        assert [e.rev for e in m.undone] == [e.rev for e in undone]
        assert m.shown == shown
        assert m.moves == len(done)
        for seat in (None, 0, 1, 2):
            assert m.view(seat, seat is None) == match.view(seat, seat is None)
    assert match.state == match.replay(done, shown)  # the log's meaning is unchanged


def counting_game(calls: list):
    """The score pad with its points handler counting calls (replays)."""
    import copy

    from engine.moves import Move

    game = copy.copy(GAME)
    moves = dict(GAME.moves)
    old = moves["points"]

    def handler(state, seat, payload):
        calls.append(1)
        return old.handler(state, seat, payload)

    moves["points"] = Move(old.kind, handler, who=old.who, label=old.label, payload=old.payload)
    game.moves = moves
    return game


def test_opening_and_undo_replay_at_most_n_actions_whatever_the_log_length():
    calls: list = []
    game = counting_game(calls)
    store = MemoryStore()
    spec = make_spec(game, ["A", "B"])
    store.create("LONG", spec.to_json())
    match = Match.resume(game, spec, store.open_log("LONG"))
    for n in range(3000):
        proposal = match.propose(None, Action(n % 2, "points", {"points": 1, "round": 0}), None)
        store.append("LONG", *match.records(proposal))
        match.accept(proposal)
    calls.clear()
    opened = Match.resume(game, spec, store.open_log("LONG"))
    # opening checks its snapshot against the one below it (a garbled snapshot is found):
    # at most three snapshots' worth of actions, whatever the log's length
    assert len(calls) < 3 * SNAPSHOT_EVERY
    assert opened.state == match.state
    for _ in range(2 * SNAPSHOT_EVERY):  # undo far back: each from the nearest snapshot
        calls.clear()
        proposal = opened.propose(None, Action(None, "undo", {}), None)
        store.append("LONG", *opened.records(proposal))
        opened.accept(proposal)
        assert len(calls) < SNAPSHOT_EVERY
    assert opened.moves == 3000 - 2 * SNAPSHOT_EVERY
    calls.clear()
    reopened = Match.resume(game, spec, store.open_log("LONG"))
    assert len(calls) < 3 * SNAPSHOT_EVERY and reopened.state == opened.state


def test_undoing_one_of_the_latest_moves_replays_nothing():
    """Undo gives back the state kept from before the move (a Rock Garden undo replayed
    up to a snapshot's worth of bids in the worker thread, on every undo)."""
    calls: list = []
    game = counting_game(calls)
    match = Match(game, make_spec(game, ["A", "B"]))
    states = [match.state]
    for n in range(SNAPSHOT_EVERY - 1):
        match.accept(match.propose(None, Action(n % 2, "points", {"points": n, "round": 0}), None))
        states.append(match.state)
    calls.clear()
    for back in range(1, 4):
        match.accept(match.propose(None, Action(None, "undo", {}), None))
        assert match.state == states[-1 - back]
    assert calls == []
    done, _, shown = effective(list(match.log))
    assert match.state == match.replay(done, shown)


def test_a_table_on_disk_opens_from_its_last_segment_and_snapshot(tmp_path):
    store = DiskStore(tmp_path, segment=100)
    tables = Tables(store)
    hub = tables.create("scorepad", ["Ann", "Bo"])
    ann = Who(seat=0, token=hub.claim_seat(0))
    for n in range(1, 451):
        hub.act(ann if n % 5 else HOST, "points" if n % 5 else "undo",
                {"points": n} if n % 5 else {}, hub.revision)
    state, revision = hub.match.state, hub.revision
    store.close()
    fresh = DiskStore(tmp_path, segment=100)
    again = Tables(fresh).open(hub.code)
    assert again.match.state == state and again.revision == revision
    opened = fresh._open[hub.code]
    # the last segment (the nearest snapshot is there) and, for the check of that snapshot
    # against the one below it, the one before: no other
    assert sorted(opened.segments) in ([4], [3, 4])
    assert again.seat_for_token(ann.token) == 0


def test_link_records_read_back_as_the_old_dicts_said():
    """Links kept by earlier versions (every key written, zeros too) mean the same record."""
    from engine.log import Link

    old = [{"top": 3, "moves": 3, "redo": 0, "shown": 0, "parent": 2},
           {"top": 2, "moves": 2, "redo": 4, "shown": 4, "undid": 3, "next_redo": 0, "prev_shown": 0},
           {"top": 0, "moves": 0, "redo": 0, "shown": 0, "undid": 0, "next_redo": 0},
           {"top": 33, "moves": 32, "redo": 0, "shown": 0, "parent": 31, "snap": 1, "over": 1}]
    for data in old:
        link = Link.from_json(data)
        assert Link.from_json(link.to_json()) == link
        assert {k: v for k, v in data.items() if v or k in Link.POSITION} == link.to_json()
    assert Link.from_json(old[3]).snap and Link.from_json(old[3]).over
