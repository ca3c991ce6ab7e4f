"""Log upgrades: a table an older version wrote is brought to today's moves once, when it
is opened (storage.upgrade, engine/<game>/upgrades.py), its original files set aside;
replay never upgrades.

``tests/storage/upgrades/`` holds tables written by the old versions' own hubs and
stores (``make_old_tables.py`` there says how): a Four Big Strata table of the engine
before issue 18 (feeding and the discard down to 10 made by the old engine, no
``done``; a snapshot of the old engine's state) and a Rock Garden table of the first
format from before the game contract (the host's ``"player"``, a correction that
changed nothing, a player's correction during the turn-ins). The states they must
replay to are the ones the old engines showed (noted where they are asserted).
"""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pytest

from companion.table.hub import HOST, WATCHER, Tables
from engine.errors import IllegalAction
from engine.log import Entry
from engine.registry import get_game, games
from engine.spec import TableSpec, make_spec
from engine.table import Match, log_records
from engine.upgrade import log_version, upgrade_log, upgrades_of
from storage import DiskStore
from storage.backup import damage, export_table, import_table
from storage.memory import MemoryStore
from storage.store import LOG_VERSION_META, UPGRADE_NOTES_META
from storage.tables import SWAP_SUFFIX
from tests.support import RandomTable

FIXTURES = Path(__file__).parent / "upgrades"
STRATA, ROCKGARDEN = "XPURDD", "HQVAYR"
ANN, BO, CY = 0, 1, 2


@pytest.fixture
def data(tmp_path: Path) -> Path:
    tables = tmp_path / "tables"
    tables.mkdir()
    shutil.copytree(FIXTURES / "strata" / STRATA, tables / STRATA)
    shutil.copy(FIXTURES / "rockgarden" / f"{ROCKGARDEN}.json", tables / f"{ROCKGARDEN}.json")
    return tmp_path


@pytest.fixture
def no_upgrades(monkeypatch):
    """Every game's upgrades raise if anything calls them."""
    def called(*args, **kwargs):
        raise AssertionError("an upgrade was called")

    for game in games():
        module = upgrades_of(game)
        for name in ("words", "instead", "settle"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, called)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def set_aside(tables: Path, code: str) -> list[Path]:
    return sorted(p for p in tables.iterdir() if p.name.startswith(f".{code}."))


def stored(store, code: str) -> list[dict]:
    return store.load(code)[1]


# -- Four Big Strata before issue 18 ---------------------------------------------------------

def test_an_old_strata_table_past_production_is_upgraded_once_when_opened(data: Path):
    tables = data / "tables"
    original = files(tables / STRATA)
    store = DiskStore(data)
    hub = Tables(store).open(STRATA)
    state = hub.match.state
    # what the old engine showed after its 37 entries (round 4, Ann and Bo have bid)
    assert (state["round"], state["phase"], state["start"]) == (4, "auction", 0)
    assert state["money"] == [3, 4, 6] and state["grain"] == [2, 2, 0]
    assert state["bank"] == {"money": 27, "grain": 36} and state["unpaid"] == [None, None, None]
    assert state["bids"] == [1, 0, None]
    assert [len(cards) for cards in state["cards"]] == [3, 3, 3]
    assert hub.match.snapshot_problem is None

    log = stored(store, STRATA)
    kinds = [e["kind"] for e in log]
    # the old engine's feeding and discards down to 10 are today's "done", seat by seat
    assert kinds.count("done") == 9 and "discard" not in kinds
    cy_discard = next(e for e in log if e["kind"] == "done" and e["payload"])
    assert (cy_discard["by"], cy_discard["seat"], cy_discard["payload"]) == (2, 2, {"money": 1})
    # Ann's turn-down that fed her, undone and redone: both moves each time
    flip = kinds.index("flip_down", kinds.index("exchange", 20))
    assert kinds[flip:flip + 6] == ["flip_down", "done", "undo", "undo", "redo", "redo"]
    # one "effect" a card (before issue 18): the upgrade writes the list (issue 38)
    assert log[5]["payload"]["effects"] == ["influence"] and "effect" not in log[5]["payload"]
    assert state["cards"][BO][0]["effects"] == ["influence"]
    assert [e["rev"] for e in log] == list(range(1, len(log) + 1))
    assert store.get_meta(STRATA, LOG_VERSION_META) == log_version(get_game("strata"))

    # the original files, set aside as they were; the old engine's snapshot is not kept
    aside = set_aside(tables, STRATA)
    assert len(aside) == 1 and aside[0].name.startswith(f".{STRATA}.upgraded-")
    assert files(aside[0]) == original
    assert b'"due"' in original["log-000000.jsonl"]
    assert not any(b'"due"' in blob for blob in files(tables / STRATA).values())
    assert damage(store, STRATA) is None  # links and snapshots are today's engine's

    # the phones keep their seats, and it plays on
    assert sorted(store.seats(STRATA)) == [BO, CY]
    hub.act(HOST, "bid", {"amount": 0}, hub.revision, seat=CY)
    hub.act(HOST, "reveal", {}, hub.revision)
    assert hub.match.state["phase"] == "pick"
    again = Tables(DiskStore(data)).open(STRATA)
    assert again.match.state == hub.match.state
    assert len(set_aside(tables, STRATA)) == 1


def test_a_second_opening_does_not_upgrade_again(data: Path, monkeypatch):
    first = Tables(DiskStore(data)).open(STRATA).match.state
    upgraded = files(data / "tables" / STRATA)
    called = []
    module = upgrades_of(get_game("strata"))
    monkeypatch.setattr(module, "words", lambda action: called.append(action) or action)
    store = DiskStore(data)
    hub = Tables(store).open(STRATA)
    assert hub.match.state == first and not called
    assert files(data / "tables" / STRATA) == upgraded
    assert len(set_aside(data / "tables", STRATA)) == 1


def rewrite_old_bid(data: Path, payload: dict) -> None:
    """Ann's round-4 bid (entry 36) in the old Strata table's journal, changed."""
    from storage.journal import frame, unframe
    path = data / "tables" / STRATA / "log-000000.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    target = next(i for i, line in enumerate(lines) if b'"rev": 36' in line or b'"rev":36' in line)
    record = unframe(lines[target].rstrip(b"\n"))
    record["set"]["log"]["36"]["payload"] = payload
    lines[target] = frame(json.dumps(record).encode())
    path.write_bytes(b"".join(lines))


def test_an_old_move_today_refuses_becomes_the_nearest_one_and_is_noted(data: Path):
    """Ann's bid above her Money (as if the old game had left her more): the nearest bid
    today's rules take, and the table says what differs."""
    rewrite_old_bid(data, {"amount": 9})
    store = DiskStore(data)
    hub = Tables(store).open(STRATA)
    assert hub.match.state["bids"][ANN] == 3 and hub.match.state["money"][ANN] == 3
    assert store.get_meta(STRATA, UPGRADE_NOTES_META) == [
        "entry 36: Ann's bid: amount 9 in the old log, 3 today (You cannot bid more than your 3 Money)"]
    assert len(set_aside(data / "tables", STRATA)) == 1


def test_the_history_says_how_many_old_moves_an_upgrade_changed_and_not_what(data: Path):
    """A player who opens the History of an upgraded table reads that today's rules
    changed its log, and how much; the note itself (a bid that was secret) stays off
    the screens."""
    from tests.support import run_app

    rewrite_old_bid(data, {"amount": 9})
    store = DiskStore(data)
    tables = Tables(store)
    hub = tables.open(STRATA)

    async def test(app):
        bo = await app.watcher(hub)  # (the old table's seats are taken)
        await bo.tap("History")
        await bo.settle(60)
        shown = bo.text()
        assert ("This table was kept by an older version of the app: 1 of its old moves was "
                "changed or left out to fit today's rules.") in shown
        assert "amount 9" not in shown

    run_app(test, tables)
    store.close()


def test_a_log_that_cannot_be_upgraded_leaves_the_table_as_it_was(data: Path):
    rewrite_old_bid(data, {"amount": "nine"})  # no move of the game: a damaged log
    before = files(data / "tables" / STRATA)
    tables = Tables(DiskStore(data))
    with pytest.raises(IllegalAction, match=r"Table XPURDD cannot be read: its log cannot be "
                                            r"upgraded \(entry 36: "):
        tables.open(STRATA)
    assert files(data / "tables" / STRATA) == before
    assert set_aside(data / "tables", STRATA) == []
    assert next(r for r in tables.list() if r.code == STRATA).status == "unreadable"


# -- Rock Garden before the game contract (first format) -------------------------------------

def test_an_old_rock_garden_table_of_the_first_format_is_converted_and_upgraded_once(data: Path):
    tables = data / "tables"
    original = (tables / f"{ROCKGARDEN}.json").read_bytes()
    store = DiskStore(data)
    hub = Tables(store).open(ROCKGARDEN)
    state = hub.match.state
    # what the old engine showed after its 22 entries: round 2, Bo to bid
    assert (state["round"], state["phase"], state["turn"], state["start_player"]) == (2, "bidding", 1, 0)
    assert state["gardens"] == [{"R2": 1, "Y1": 1, "G2": 1, "B3": 1, "G1": 1},
                                {"Y2": 1, "Y3": 2, "G1": 1, "B1": 1, "W2": 1, "R3": 1},
                                {"G3": 1, "B2": 2, "W2": 1, "Y1": 1}]
    assert state["cards_taken"] == {"deck": ["pass", "straight"], "seat": [0, 2], "round": [1, 1]}
    assert sum(state["bag"].values()) == 50

    log = stored(store, ROCKGARDEN)
    assert len(log) == 19  # the correction that changed nothing, undone and redone, is gone
    assert all("player" not in e["payload"] for e in log if e["kind"] != "start_player")
    assert [e["seat"] for e in log[:4]] == [0, 1, 1, 2]
    assert log[5] == {"rev": 6, "by": None, "seat": 1, "kind": "draw", "payload": {"rocks": "R3"}}
    assert log[11]["payload"] == {"rock": "G1"}
    # Cy's own correction during the turn-ins is the host's for Cy today
    correction = next(e for e in log if e["kind"] == "correct_garden")
    assert (correction["by"], correction["seat"]) == (None, 2)
    # the undone end keeps shown the demerits it showed everyone, as today's undo does
    undo = next(e for e in log if e["kind"] == "undo" and e["payload"])
    assert [len(cards) for cards in undo["payload"]["shown"]["cards"]] == [1, 0, 1]
    watched = hub.view(WATCHER)["public"]["players"]
    assert [p["shown"]["demerits"] if p["shown"] else None for p in watched] == [1, None, 1]

    assert (tables / f".{ROCKGARDEN}.json.format1").read_bytes() == original
    assert not (tables / f"{ROCKGARDEN}.json").exists()
    assert set_aside(tables, ROCKGARDEN) == [tables / f".{ROCKGARDEN}.json.format1"]
    assert store.get_meta(ROCKGARDEN, LOG_VERSION_META) == log_version(get_game("rockgarden"))
    assert damage(store, ROCKGARDEN) is None
    again = Tables(DiskStore(data)).open(ROCKGARDEN)
    assert again.match.state == state and again.revision == 19


# -- replay never upgrades ---------------------------------------------------------------------

def test_replay_never_calls_an_upgrade(tmp_path: Path, no_upgrades):
    """Today's tables, every way a log is replayed, with upgrades that raise."""
    store = DiskStore(tmp_path)
    tables = Tables(store)
    hub = tables.create("strata", ["Ann", "Bo"], {"tribute_rate": 1})
    for seat, kind, payload in [(0, "bid", {"amount": 0}), (1, "bid", {"amount": 1}),
                                (None, "reveal", {}),
                                (1, "take_card", {"face": "up", "class": "scholars", "points": 2,
                                                  "effects": ["influence"]}),
                                (0, "take_card", {"face": "up", "class": "peasants", "points": 1,
                                                  "effects": ["produce_grain"]}),
                                (None, "move_on", {})]:
        hub.act(HOST, kind, payload, hub.revision, seat=seat)
    hub.undo(HOST, hub.revision)
    hub.redo(HOST, hub.revision)
    state = hub.match.state
    assert state["phase"] == "tribute" or state["round"] == 2
    reopened = Tables(DiskStore(tmp_path)).open(hub.code)
    assert reopened.match.state == state
    game, spec = get_game("strata"), hub.spec
    entries = list(hub.match.log)
    assert Match(game, spec, entries).state == state
    assert len(list(log_records(game, spec, entries))) == len(entries)
    code, count = import_table(store, export_table(store, hub.code), lambda: "NEWACE")
    assert code == "NEWACE" and count == len(entries)
    assert Tables(store).open(code).match.state == state


def test_a_table_made_before_log_versions_is_only_marked_when_nothing_changes(tmp_path: Path):
    """A table of today's moves without a version (made before versions were kept): its
    first opening checks it whole and writes the version only; nothing is set aside."""
    store = DiskStore(tmp_path)
    hub = Tables(store).create("scorepad", ["Ann", "Bo"])
    hub.act(HOST, "points", {"points": 3}, hub.revision, seat=0)
    spec = store.load(hub.code)[0]
    store.create("AHEADY", spec)
    for doc in stored(store, hub.code):
        store.append("AHEADY", doc, store.open_log(hub.code).link(doc["rev"]))
    assert store.get_meta("AHEADY", LOG_VERSION_META) is None
    before = files(tmp_path / "tables" / "AHEADY")
    opened = Tables(DiskStore(tmp_path)).open("AHEADY")
    assert opened.match.state == hub.match.state
    assert DiskStore(tmp_path).get_meta("AHEADY", LOG_VERSION_META) == log_version(get_game("scorepad"))
    assert set_aside(tmp_path / "tables", "AHEADY") == []
    assert files(tmp_path / "tables" / "AHEADY")["log-000000.jsonl"] == before["log-000000.jsonl"]


def test_an_old_log_in_the_memory_store_is_upgraded_with_its_original_kept():
    store = MemoryStore()
    spec = make_spec(get_game("scorepad"), ["Ann", "Bo"]).to_json()
    store.create("FADEDC", spec)
    store.append("FADEDC", {"rev": 1, "by": None, "seat": None, "kind": "points",
                         "payload": {"player": 1, "points": 4}})
    hub = Tables(store).open("FADEDC")
    assert hub.match.state["rounds"][0] == [None, 4]
    assert store.load("FADEDC")[1] == [{"rev": 1, "by": None, "seat": 1, "kind": "points",
                                     "payload": {"points": 4}}]
    [(name, kept)] = store.aside.items()
    assert name.startswith(".FADEDC.upgraded-") and kept["log"][0]["payload"]["player"] == 1
    assert Tables(store).open("FADEDC").match.state == hub.match.state


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_a_log_of_today_comes_back_unchanged(game_id: str):
    """Random tables played by today's rules: the upgrade takes their logs as they are."""
    game = get_game(game_id)
    for seed in range(3):
        table = RandomTable(game, random.Random(seed))
        for _ in range(120):
            picked = table.choose()
            if picked is None or game.is_over(table.match.state):
                break
            seat, host, kind, payload = picked
            by, action = table.action(seat, host, kind, payload)
            try:
                table.match.accept(table.match.propose(by, action, None))
            except IllegalAction:
                pass
        log = list(table.match.log)
        up = upgrade_log(game, table.spec, log)
        assert up.problem is None and not up.changed, up.problem
        assert [e.to_json() for e in up.entries] == [e.to_json() for e in log]


# -- the swap of folders is safe from a crash ---------------------------------------------------

def test_a_swap_cut_short_by_a_crash_is_undone_or_finished_by_the_next_store(data: Path):
    tables = data / "tables"
    original = files(tables / STRATA)
    # the crash came after the old folder moved away, before the new one arrived
    os.rename(tables / STRATA, tables / f".{STRATA}.upgraded-20260101T000000.000000Z{SWAP_SUFFIX}")
    store = DiskStore(data)
    assert files(tables / STRATA) == original
    assert set_aside(tables, STRATA) == []
    Tables(store).open(STRATA)  # upgraded now
    [aside] = set_aside(tables, STRATA)
    # the crash came after the new folder arrived, before the old one lost its suffix
    os.rename(aside, aside.with_name(aside.name + SWAP_SUFFIX))
    DiskStore(data)
    assert set_aside(tables, STRATA) == [aside] and files(aside) == original
    assert TableSpec.from_json(DiskStore(data).load(STRATA)[0]).game_id == "strata"
