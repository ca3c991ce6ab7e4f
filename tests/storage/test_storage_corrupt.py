"""A damaged table is reported by its code (never a path) and never stops the others."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from storage import DiskStore, UnreadableTable
from storage.journal import frame

SPEC = {"game": "scorepad", "players": ["Ann", "Bo"]}


def entry(rev: int) -> dict:
    return {"rev": rev, "by": None, "seat": None, "kind": "note", "payload": {"n": rev}}


def make_tables(tmp_path: Path, *codes: str, entries: int = 3, segment: int = 1000) -> None:
    with DiskStore(tmp_path, segment=segment) as store:
        for code in codes:
            store.create(code, SPEC)
            for rev in range(1, entries + 1):
                store.append(code, entry(rev), {"moves": rev})


def line(record: dict) -> bytes:
    return frame(json.dumps(record).encode())


def damage_cases(folder: Path) -> dict[str, tuple[str, bytes]]:
    """(file, content) per kind of damage."""
    head = (folder / "table.jsonl").read_bytes()
    header = json.loads(head.split(b" ", 1)[1])["set"]["meta"]["1"]
    future = dict(header, format=99)
    return {
        "empty header file": ("table.jsonl", b""),
        "header cut in half": ("table.jsonl", head[: len(head) // 2]),
        "not utf-8": ("table.jsonl", b"\xff\xfe\x00garbage\n" + head),
        "not a journal": ("table.jsonl", b'{"meta": {"1": 5}}\n'),
        "header of another format": ("table.jsonl", line({"at": "x", "set": {"meta": {"1": future}}})),
        "bad seat": ("table.jsonl", head + line({"at": "x", "set": {"seats": {"1": {"seat": "zero"}}}})),
        "entry with a wrong rev": ("log-000000.jsonl", line(
            {"at": "x", "set": {"log": {"1": entry(1), "2": entry(7)}}})),
        "entries with a gap": ("log-000000.jsonl", line(
            {"at": "x", "set": {"log": {"1": entry(1), "3": entry(3)}}})),
        "a damaged line mid-file": ("log-000000.jsonl", b"0000beef {}\n" + line(
            {"at": "x", "set": {"log": {"1": entry(1)}}})),
    }


def test_each_kind_of_damage_is_reported_by_code_and_the_other_tables_load(tmp_path: Path):
    make_tables(tmp_path, "GOOD", "BAD")
    folder = tmp_path / "tables" / "BAD"
    pristine = {p.name: p.read_bytes() for p in folder.iterdir()}
    for name, (file, content) in damage_cases(folder).items():
        for path_name, data in pristine.items():
            (folder / path_name).write_bytes(data)
        (folder / file).write_bytes(content)
        with DiskStore(tmp_path) as store:
            with pytest.raises(UnreadableTable) as caught:
                store.load("BAD")
            message = str(caught.value)
            assert message.startswith("Table BAD cannot be read: "), name
            assert str(tmp_path) not in message and "/" not in message and ".jsonl" not in message, name
            for call in (lambda: store.append("BAD", entry(4)), lambda: store.seats("BAD"),
                         lambda: store.revision("BAD"), lambda: store.set_meta("BAD", "k", 1),
                         lambda: store.open_log("BAD")):
                with pytest.raises(UnreadableTable):
                    call()
            good_count = store.revision("GOOD")
            assert store.load("GOOD")[1] == [entry(r) for r in range(1, good_count + 1)], name
            store.append("GOOD", entry(good_count + 1))
            records = {r.code: r for r in store.list()}
            assert records["BAD"].error and "/" not in records["BAD"].error, name
            assert records["BAD"].spec is None and records["BAD"].status == "unreadable"
            assert records["GOOD"].error is None
            with pytest.raises(ValueError, match="already exists"):
                store.create("BAD", SPEC)
        assert (folder / file).read_bytes() == content, "a damaged file is left as found"


def test_a_missing_segment_is_damage(tmp_path: Path):
    make_tables(tmp_path, "SEG", entries=7, segment=3)
    os.unlink(tmp_path / "tables" / "SEG" / "log-000001.jsonl")
    with DiskStore(tmp_path, segment=3) as store:
        with pytest.raises(UnreadableTable, match="Table SEG cannot be read: a segment of its log is missing"):
            store.revision("SEG")


def test_a_damaged_old_segment_is_found_when_it_is_read(tmp_path: Path):
    make_tables(tmp_path, "OLD", entries=7, segment=3)
    (tmp_path / "tables" / "OLD" / "log-000000.jsonl").write_bytes(b"0000beef {}\n0000beef {}\n")
    with DiskStore(tmp_path, segment=3) as store:
        assert store.revision("OLD") == 7  # opening reads the last segment only
        with pytest.raises(UnreadableTable, match="Table OLD cannot be read"):
            store.load("OLD")


def test_a_repaired_file_loads_again_without_a_restart(tmp_path: Path):
    make_tables(tmp_path, "FIX")
    path = tmp_path / "tables" / "FIX" / "table.jsonl"
    good = path.read_bytes()
    path.write_bytes(b"nonsense\n" + good)
    with DiskStore(tmp_path) as store:
        with pytest.raises(UnreadableTable):
            store.load("FIX")
        path.write_bytes(good)
        assert store.revision("FIX") == 3


def test_half_made_folders_of_a_crash_are_ignored_and_old_ones_removed(tmp_path: Path):
    make_tables(tmp_path, "T")
    tables = tmp_path / "tables"
    old = tables / ".T2.new.abcd"
    fresh = tables / ".T3.new.ef01"
    for folder in (old, fresh):
        folder.mkdir()
        (folder / "table.jsonl").write_text("half")
    os.utime(old, (1, 1))
    stale_tmp = tables / "T" / ".table.jsonl.123.abcd.tmp"
    stale_tmp.write_text("half")
    os.utime(stale_tmp, (1, 1))
    with DiskStore(tmp_path) as store:
        assert [r.code for r in store.list()] == ["T"]
        assert store.revision("T") == 3
    assert not old.exists() and not stale_tmp.exists()
    assert fresh.exists()  # might belong to a live writer in another process
    shutil.rmtree(fresh)
