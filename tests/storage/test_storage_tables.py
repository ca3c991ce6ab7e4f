"""The store's contract as the hub uses it: create, append, load, list, seats, meta."""

from __future__ import annotations

import json
from pathlib import Path

import platformdirs
import pytest

from storage import TableRecord, DiskStore, UnknownTable, UnreadableTable, default_data_dir

SPEC = {"game": "scorepad", "players": ["Ann", "Bo", "Cy"], "colours": ["red", "blue", "green"],
        "settings": {"rounds": 5}}


def entry(rev: int, **payload) -> dict:
    return {"rev": rev, "by": rev % 3, "seat": rev % 3, "kind": "score",
            "payload": payload or {"points": rev}}


@pytest.fixture
def store(tmp_path: Path):
    s = DiskStore(tmp_path)
    yield s
    s.close()


def test_default_data_dir_is_the_users_data_folder():
    assert default_data_dir() == Path(platformdirs.user_data_dir("table-companion"))


def test_store_creates_its_folders(tmp_path: Path):
    data = tmp_path / "nested" / "data"
    DiskStore(data).close()
    assert (data / "tables").is_dir()


def test_create_then_load_gives_the_spec_and_an_empty_log(store: DiskStore):
    store.create("ABC123", SPEC)
    assert store.load("ABC123") == (SPEC, [])
    assert store.revision("ABC123") == 0
    assert store.seats("ABC123") == {}


def test_one_folder_per_table_named_by_its_code(store: DiskStore, tmp_path: Path):
    store.create("K7", SPEC)
    path = tmp_path / "tables" / "K7" / "table.jsonl"
    [line] = path.read_bytes().splitlines()
    data = json.loads(line.split(b" ", 1)[1])["set"]
    assert set(data) >= {"meta"}
    assert data["meta"]["1"]["spec"] == SPEC


def test_create_refuses_a_code_in_use(store: DiskStore):
    store.create("ABC", SPEC)
    with pytest.raises(ValueError, match="already exists"):
        store.create("ABC", {"game": "other"})
    assert store.load("ABC")[0] == SPEC


@pytest.mark.parametrize("code", ["", "abc", "AB-C", "../X", "A/B", "A.B", "AB C", "É", "A" * 33,
                                  None, 12])
def test_codes_must_be_safe_file_names(store: DiskStore, code):
    with pytest.raises(ValueError, match="capital letters"):
        store.create(code, SPEC)
    with pytest.raises(ValueError, match="capital letters"):
        store.load(code)
    with pytest.raises(ValueError, match="capital letters"):
        store.append(code, entry(1))


def test_appends_come_back_in_order_after_a_restart(tmp_path: Path):
    with DiskStore(tmp_path) as first:
        first.create("G1", SPEC)
        for rev in range(1, 21):
            first.append("G1", entry(rev, drew=f"R{rev % 4}", at=[rev, -rev]))
    with DiskStore(tmp_path) as second:
        spec, entries = second.load("G1")
        assert spec == SPEC
        assert entries == [entry(rev, drew=f"R{rev % 4}", at=[rev, -rev]) for rev in range(1, 21)]
        assert second.revision("G1") == 20
        second.append("G1", entry(21))
        assert second.revision("G1") == 21


@pytest.mark.parametrize("bad_rev", [0, 2, 3, -1, "1", 1.0, None, True])
def test_append_needs_the_next_rev(store: DiskStore, bad_rev):
    store.create("R", SPEC)
    bad = entry(1)
    bad["rev"] = bad_rev
    with pytest.raises(ValueError, match="the next one must have rev 1"):
        store.append("R", bad)
    assert store.revision("R") == 0
    store.append("R", entry(1))
    with pytest.raises(ValueError, match="has 1 entries: the next one must have rev 2"):
        store.append("R", entry(1))
    assert store.load("R")[1] == [entry(1)]


def test_append_without_rev_is_refused(store: DiskStore):
    store.create("R", SPEC)
    with pytest.raises(ValueError, match="rev 1"):
        store.append("R", {"kind": "score"})
    with pytest.raises(ValueError, match="must be a dict"):
        store.append("R", [1])  # type: ignore[arg-type]


def test_entries_must_be_json_safe_and_nothing_is_written_otherwise(store: DiskStore,
                                                                     tmp_path: Path):
    store.create("J", SPEC)
    before = sorted((p.name, p.read_bytes()) for p in (tmp_path / "tables" / "J").iterdir())
    for bad in ({"rev": 1, "payload": {1, 2}}, {"rev": 1, "x": float("nan")},
                {"rev": 1, "x": object()}):
        with pytest.raises(ValueError, match="JSON-safe"):
            store.append("J", bad)
    with pytest.raises(ValueError, match="JSON-safe"):
        store.append("J", {"rev": 1}, {"moves": float("inf")})
    with pytest.raises(ValueError, match="JSON-safe"):
        store.append("J", {"rev": 1}, None, {"state": {1, 2}})
    assert sorted((p.name, p.read_bytes()) for p in (tmp_path / "tables" / "J").iterdir()) == before
    assert store.revision("J") == 0


def test_stored_entries_are_copies(store: DiskStore):
    store.create("C", SPEC)
    mine = entry(1, stones=["R1", "G2"])
    store.append("C", mine)
    mine["payload"]["stones"].append("B3")
    spec, entries = store.load("C")
    assert entries[0]["payload"]["stones"] == ["R1", "G2"]
    entries[0]["payload"]["stones"].clear()
    spec["players"].clear()
    assert store.load("C") == (SPEC, [entry(1, stones=["R1", "G2"])])


def test_unknown_tables(store: DiskStore):
    for call in (lambda: store.load("NOPE"), lambda: store.append("NOPE", entry(1)),
                 lambda: store.seats("NOPE"), lambda: store.set_seat("NOPE", 0, "h"),
                 lambda: store.get_meta("NOPE", "k"), lambda: store.set_meta("NOPE", "k", 1),
                 lambda: store.revision("NOPE")):
        with pytest.raises(UnknownTable, match="no table with the code NOPE"):
            call()


def test_seats_claim_release_and_survive_a_restart(tmp_path: Path):
    with DiskStore(tmp_path) as store:
        store.create("S", SPEC)
        store.set_seat("S", 0, "hash-ann")
        store.set_seat("S", 2, "hash-cy")
        assert store.seats("S") == {0: "hash-ann", 2: "hash-cy"}
        store.set_seat("S", 0, None)
        store.set_seat("S", 1, None)  # releasing a free seat changes nothing
        store.set_seat("S", 2, "hash-cy-new-phone")
    with DiskStore(tmp_path) as store:
        assert store.seats("S") == {2: "hash-cy-new-phone"}


@pytest.mark.parametrize("seat,token", [(-1, "h"), ("0", "h"), (True, "h"), (1.0, "h"), (0, 5)])
def test_bad_seat_claims_are_refused(store: DiskStore, seat, token):
    store.create("S", SPEC)
    with pytest.raises(ValueError):
        store.set_seat("S", seat, token)
    assert store.seats("S") == {}


def test_meta_values_survive_a_restart(tmp_path: Path):
    with DiskStore(tmp_path) as store:
        store.create("M", SPEC)
        assert store.get_meta("M", "status") is None
        assert store.get_meta("M", "status", "open") == "open"
        store.set_meta("M", "status", "finished")
        store.set_meta("M", "host", {"seat": None, "names": ["a", "b"]})
        value = store.get_meta("M", "host")
        value["names"].append("c")  # a copy
    with DiskStore(tmp_path) as store:
        assert store.get_meta("M", "status") == "finished"
        assert store.get_meta("M", "host") == {"seat": None, "names": ["a", "b"]}
        with pytest.raises(ValueError, match="JSON-safe"):
            store.set_meta("M", "x", {1, 2})
        with pytest.raises(ValueError, match="non-empty string"):
            store.set_meta("M", "", 1)


def test_list_shows_every_table_most_recently_changed_first(store: DiskStore):
    assert store.list() == []
    for code in ("AAA", "BBB", "CCC"):
        store.create(code, {**SPEC, "code": code})
    assert [r.code for r in store.list()] == ["CCC", "BBB", "AAA"]
    store.append("AAA", entry(1))
    store.set_meta("BBB", "status", "finished")
    records = store.list()
    assert [r.code for r in records] == ["BBB", "AAA", "CCC"]
    by_code = {r.code: r for r in records}
    assert by_code["AAA"].revision == 1 and by_code["AAA"].status == "open"
    assert by_code["BBB"].status == "finished"
    assert by_code["CCC"].spec == {**SPEC, "code": "CCC"}
    assert all(r.error is None for r in records)
    assert by_code["AAA"].created < by_code["AAA"].updated
    assert isinstance(records[0], TableRecord)


def test_list_of_a_fresh_store_reads_the_files(tmp_path: Path):
    with DiskStore(tmp_path) as store:
        store.create("OLD", SPEC)
        store.create("NEW", SPEC)
        store.append("NEW", entry(1))
    (tmp_path / "tables" / "notes.txt").write_text("not a table")
    (tmp_path / "tables" / "lower.json").write_text("{}")  # not a code: ignored
    with DiskStore(tmp_path) as store:
        records = store.list()
        assert [(r.code, r.revision) for r in records] == [("NEW", 1), ("OLD", 0)]


def test_closed_store_refuses_work(tmp_path: Path):
    store = DiskStore(tmp_path)
    store.create("X", SPEC)
    store.close()
    with pytest.raises(RuntimeError, match="closed"):
        store.append("X", entry(1))
    with pytest.raises(RuntimeError, match="closed"):
        store.list()


def test_unreadable_is_not_unknown(store: DiskStore, tmp_path: Path):
    (tmp_path / "tables" / "BAD.json").write_text("{")
    with pytest.raises(UnreadableTable):
        store.load("BAD")
    assert not issubclass(UnreadableTable, UnknownTable)


def test_both_stores_keep_the_one_contract(tmp_path: Path):
    from storage import Store, TableLog
    from storage.memory import MemoryStore

    for store in (DiskStore(tmp_path), MemoryStore()):
        assert isinstance(store, Store)
        store.create("P", SPEC)
        store.append("P", entry(1), {"moves": 1}, {"state": 1})
        log = store.open_log("P")
        assert isinstance(log, TableLog)
        assert (log.revision, log.spec(), log.entry(1), log.link(1), log.snapshot(1)) == \
            (1, SPEC, entry(1), {"moves": 1}, {"state": 1})
        assert log.link(2) is None and log.snapshot(2) is None
        store.close()
