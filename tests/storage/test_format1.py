"""Tables kept in the first format (one TinyDB JSON file per table, ``tables/CODE.json``,
as written before the journals) keep working: they are listed as they are and converted
once, the first time they are played or written to.

``tests/storage/format1/`` holds two files written by the first format's own store
(``git show d2decfd:storage/tables.py``): a score pad with a settings change, an entry
the host made for a player in the old vocabulary (``"player"`` in the payload), an undo,
a redo, a second round and an undone last entry, two claimed seats; and a one-entry one.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.errors import IllegalAction
from companion.table.hub import HOST, Tables, Who
from storage import DiskStore, UnreadableTable

FIXTURES = Path(__file__).parent / "format1"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    (tmp_path / "tables").mkdir()
    for path in FIXTURES.glob("*.json"):
        shutil.copy(path, tmp_path / "tables" / path.name)
    return tmp_path


def test_first_format_tables_are_listed_as_they_are(data: Path):
    before = {p.name: p.read_bytes() for p in (data / "tables").iterdir()}
    records = {r.code: r for r in Tables(DiskStore(data)).list()}
    assert set(records) == {"QRTUVW", "KMNPQR"}
    record = records["QRTUVW"]
    assert record.error is None and record.revision == 8 and record.moves == 4
    assert record.spec["players"] == ["Ann", "Bo", "Cy"]
    assert {p.name: p.read_bytes() for p in (data / "tables").iterdir()} == before  # untouched


def test_a_first_format_table_is_converted_once_when_opened_and_plays_on(data: Path):
    hub = Tables(DiskStore(data)).open("qrtuvw")
    tables = data / "tables"
    assert (tables / "QRTUVW" / "table.jsonl").exists()
    assert not (tables / "QRTUVW.json").exists()
    assert (tables / ".QRTUVW.json.format1").exists()  # the old file, kept aside
    assert (tables / "KMNPQR.json").exists()  # the other one waits for its own first use
    view = hub.view(HOST)
    assert hub.table(HOST)["settings"]["secret"] is True
    assert [p["total"] for p in view["public"]["players"]] == [None, None, None]  # secret
    assert hub.match.state["rounds"] == [[12, 7, 3], [None, None, None]]
    assert hub.revision == 8 and hub.match.moves == 4
    assert [line["text"] for line in hub.history(Who(seat=0))] == [
        "Ann scored 12 in round 1", "Bo entered a secret score for round 1",
        "Cy entered a secret score for round 1", "Round 2 started"]
    assert hub.store.seats("QRTUVW") == {0: "a" * 64, 2: "c" * 64}
    assert "redo" in view["legal"]  # Bo's undone points can come back
    hub.redo(HOST, hub.revision)
    assert hub.match.state["rounds"][1] == [None, 4, None]
    bo = Who(seat=1, token=hub.claim_seat(1))
    hub.act(bo, "points", {"points": 9}, hub.revision)
    hub.undo(HOST, hub.revision)
    state = hub.match.state

    again = Tables(DiskStore(data)).open("QRTUVW")  # a restart: the new format now
    assert again.match.state == state and again.revision == 11
    assert again.seat_for_token(bo.token) == 1
    assert not (tables / "QRTUVW.json").exists()
    records = {r.code: r for r in Tables(DiskStore(data)).list()}
    assert records["QRTUVW"].revision == 11 and records["QRTUVW"].moves == 5


def test_writing_to_a_first_format_table_converts_it_first(data: Path):
    with DiskStore(data) as store:
        store.set_meta("KMNPQR", "note", "hi")
        assert store.load("KMNPQR")[1][0]["payload"] == {"points": 1}
        store.append("KMNPQR", {"rev": 2, "by": 1, "seat": 1, "kind": "points",
                                "payload": {"points": 2}}, {"moves": 2})
    with DiskStore(data) as store:
        assert store.get_meta("KMNPQR", "note") == "hi"
        assert store.revision("KMNPQR") == 2
        assert store.open_log("KMNPQR").link(1)["moves"] == 1  # made by the conversion
    assert not (data / "tables" / "KMNPQR.json").exists()


def test_a_first_format_table_whose_log_does_not_replay_is_unreadable(data: Path):
    path = data / "tables" / "KMNPQR.json"
    old = json.loads(path.read_text())
    old["log"]["1"]["kind"] = "jump"
    path.write_text(json.dumps(old))
    tables = Tables(DiskStore(data))
    with pytest.raises(IllegalAction, match="Table KMNPQR cannot be read: its log cannot be converted") as caught:
        tables.open("KMNPQR")
    assert "/" not in caught.value.message
    records = {r.code: r for r in tables.list()}
    assert records["KMNPQR"].error and records["QRTUVW"].error is None
    assert path.exists()  # left as it was
    assert tables.open("QRTUVW").revision == 8


def test_a_first_format_file_with_a_bad_spec_is_listed_unreadable(data: Path):
    path = data / "tables" / "KMNPQR.json"
    old = json.loads(path.read_text())
    old["meta"]["1"]["spec"]["players"] = 5
    path.write_text(json.dumps(old))
    tables = Tables(DiskStore(data))
    records = {r.code: r for r in tables.list()}
    assert records["KMNPQR"].status == "unreadable"
    assert records["KMNPQR"].error == "its players are not a list of names"
    with pytest.raises(IllegalAction, match="Table KMNPQR cannot be read"):
        tables.open("KMNPQR")
    with pytest.raises(UnreadableTable):
        DiskStore(data).open_log("KMNPQR")
