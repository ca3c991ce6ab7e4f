"""Damaged tables are found and named by their code (issue 23, point 6): a folder
without its header, a snapshot that does not match the log, a file damaged while the
table is open. Real files, the real hub."""

from __future__ import annotations

import pytest

from companion.table.hub import NoSuchTable, SaveFailed, Tables, Who
from engine.errors import IllegalAction
from storage import TableDamaged, DiskStore, UnreadableTable
from tests.damage import folder, garble_line, rewrite_last_snapshot, scorepad_table, views


def test_a_folder_without_its_header_is_listed_as_unreadable_not_gone(tmp_path):
    code, _ = scorepad_table(tmp_path, 5)
    (folder(tmp_path, code) / "table.jsonl").unlink()
    with DiskStore(tmp_path) as store:
        tables = Tables(store)
        [record] = tables.list()
        assert (record.code, record.status, record.error) == (code, "unreadable", "its header is missing")
        with pytest.raises(IllegalAction) as refused:
            tables.open(code)
        assert not isinstance(refused.value, NoSuchTable)  # not a wrong guess
        assert refused.value.message == f"Table {code} cannot be read: its header is missing"
        with pytest.raises(ValueError, match="already exists"):
            store.create(code, {"game": "scorepad", "players": ["Ann"]})


def test_a_snapshot_that_does_not_match_the_log_is_set_aside_and_the_table_opens(tmp_path):
    code, _ = scorepad_table(tmp_path, 40, snapshot_every=8)
    before = views(tmp_path, code, snapshot_every=8)
    segment = folder(tmp_path, code) / "log-000000.jsonl"
    assert rewrite_last_snapshot(segment, lambda state: {**state, "secret": False}) > 0
    with DiskStore(tmp_path) as store:
        hub = Tables(store, snapshot_every=8).open(code)
        assert hub.match.snapshot_problem == ("a snapshot of its log does not match the log: "
                                              "it was opened from the log")
    assert views(tmp_path, code, snapshot_every=8) == before


def test_a_snapshot_that_cannot_be_played_on_is_set_aside_too(tmp_path):
    code, _ = scorepad_table(tmp_path, 20, snapshot_every=8)
    before = views(tmp_path, code, snapshot_every=8)
    rewrite_last_snapshot(folder(tmp_path, code) / "log-000000.jsonl", lambda state: "garbage")
    assert views(tmp_path, code, snapshot_every=8) == before


def test_a_log_line_damaged_while_the_table_is_open_stops_its_actions(tmp_path):
    code, tokens = scorepad_table(tmp_path, 6)
    segment = folder(tmp_path, code) / "log-000000.jsonl"
    with DiskStore(tmp_path) as store:
        tables = Tables(store)
        hub = tables.open(code)
        ann = Who(seat=0, token=tokens[0])
        hub.act(ann, "points", {"points": 1})
        revision = hub.revision
        garble_line(segment, 3)
        damaged = segment.read_bytes()
        with pytest.raises(TableDamaged):  # what the store says first
            store.append(code, {"rev": revision + 1, "by": 0, "seat": 0, "kind": "points",
                                "payload": {"points": 2}})
        for _ in range(2):
            with pytest.raises(SaveFailed) as refused:
                hub.act(ann, "points", {"points": 2})
            assert refused.value.message == "This table's file is damaged: nothing was saved"
        assert segment.read_bytes() == damaged and hub.revision == revision
        with pytest.raises(UnreadableTable):  # the store read it again: refused too
            store.append(code, {"rev": revision + 1, "by": 0, "seat": 0, "kind": "points",
                                "payload": {"points": 3}})
        assert tables.open(code) is hub  # still shown as it was, its actions refused
        with DiskStore(tmp_path) as fresh, pytest.raises(
                IllegalAction, match=f"Table {code} cannot be read: line 3 is damaged"):
            Tables(fresh).open(code)
        [record] = tables.list()
        assert record.status == "unreadable" and record.error == "line 3 is damaged"


def test_a_file_touched_but_unchanged_takes_actions_as_before(tmp_path):
    code, tokens = scorepad_table(tmp_path, 3)
    segment = folder(tmp_path, code) / "log-000000.jsonl"
    with DiskStore(tmp_path) as store:
        hub = Tables(store).open(code)
        ann = Who(seat=0, token=tokens[0])
        hub.act(ann, "points", {"points": 1})
        segment.write_bytes(segment.read_bytes())  # rewritten, byte for byte the same
        hub.act(ann, "points", {"points": 2})
        assert hub.revision == 5
    with DiskStore(tmp_path) as store:
        assert store.revision(code) == 5
