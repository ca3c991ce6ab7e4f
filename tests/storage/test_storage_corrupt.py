"""A damaged table file is named in a readable error and never stops the others."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storage import TableStore, UnreadableTable

SPEC = {"game": "scorepad", "players": ["Ann", "Bo"]}


def entry(rev: int) -> dict:
    return {"rev": rev, "by": None, "seat": None, "kind": "note", "payload": {"n": rev}}


def make_tables(tmp_path: Path, *codes: str, entries: int = 3) -> None:
    with TableStore(tmp_path) as store:
        for code in codes:
            store.create(code, SPEC)
            for rev in range(1, entries + 1):
                store.append(code, entry(rev))


def damage_cases(good: dict) -> dict[str, bytes]:
    text = json.dumps(good).encode()
    missing_entry = json.loads(text)
    del missing_entry["log"]["2"]
    wrong_rev = json.loads(text)
    wrong_rev["log"]["2"]["rev"] = 7
    no_header = json.loads(text)
    no_header["meta"] = {}
    future = json.loads(text)
    future["meta"]["1"]["format"] = 99
    bad_seat = json.loads(text)
    bad_seat["seats"] = {"1": {"seat": "zero", "token_hash": "h"}}
    return {
        "truncated": text[: len(text) // 2],
        "empty": b"",
        "not utf-8": b"\xff\xfe\x00garbage",
        "a list": b"[1, 2, 3]",
        "documents not objects": b'{"meta": {"1": 5}}',
        "missing log entry": json.dumps(missing_entry).encode(),
        "wrong rev": json.dumps(wrong_rev).encode(),
        "no header": json.dumps(no_header).encode(),
        "future format": json.dumps(future).encode(),
        "bad seat": json.dumps(bad_seat).encode(),
    }


def test_each_kind_of_damage_is_reported_and_the_other_tables_load(tmp_path: Path):
    make_tables(tmp_path, "GOOD", "BAD")
    bad_path = tmp_path / "tables" / "BAD.json"
    good = json.loads(bad_path.read_text())
    for name, content in damage_cases(good).items():
        bad_path.write_bytes(content)
        with TableStore(tmp_path) as store:
            with pytest.raises(UnreadableTable) as caught:
                store.load("BAD")
            message = str(caught.value)
            assert "BAD.json" in message and "cannot be read" in message, name
            assert caught.value.path == bad_path
            for call in (lambda: store.append("BAD", entry(4)), lambda: store.seats("BAD"),
                         lambda: store.revision("BAD"), lambda: store.set_meta("BAD", "k", 1)):
                with pytest.raises(UnreadableTable):
                    call()
            good_count = store.revision("GOOD")
            assert store.load("GOOD")[1] == [entry(r) for r in range(1, good_count + 1)], name
            store.append("GOOD", entry(good_count + 1))
            records = {r.code: r for r in store.list()}
            assert records["BAD"].error and "BAD.json" in records["BAD"].error, name
            assert records["BAD"].spec is None and records["BAD"].status == "unreadable"
            assert records["GOOD"].error is None
            with pytest.raises(ValueError, match="already exists"):
                store.create("BAD", SPEC)
        assert bad_path.read_bytes() == content, "a damaged file is left as found"


def test_a_repaired_file_loads_again_without_a_restart(tmp_path: Path):
    make_tables(tmp_path, "FIX")
    path = tmp_path / "tables" / "FIX.json"
    good = path.read_bytes()
    path.write_bytes(good[:10])
    with TableStore(tmp_path) as store:
        with pytest.raises(UnreadableTable):
            store.load("FIX")
        path.write_bytes(good)
        assert store.revision("FIX") == 3


def test_leftover_temp_files_of_a_crash_are_ignored_and_old_ones_removed(tmp_path: Path):
    import os
    make_tables(tmp_path, "T")
    tables = tmp_path / "tables"
    old = tables / ".T.json.123.abcd.tmp"
    fresh = tables / ".T.json.456.ef01.tmp"
    old.write_text('{"half')
    fresh.write_text('{"half')
    os.utime(old, (1, 1))
    with TableStore(tmp_path) as store:
        assert [r.code for r in store.list()] == ["T"]
        assert store.revision("T") == 3
    assert not old.exists()
    assert fresh.exists()  # might belong to a live writer in another process
