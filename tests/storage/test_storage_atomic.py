"""Writes are all-or-nothing, and a failed write never leaves memory and disk disagreeing.

Disk failures are produced by making the real ``os.fsync`` / ``os.replace`` raise at a
chosen step of a real write (what a full disk or an I/O error does); the store itself runs
unchanged on real files.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import storage.durable as durable
from storage import TableStore

SPEC = {"game": "scorepad", "players": ["Ann", "Bo"]}


def entry(rev: int) -> dict:
    return {"rev": rev, "by": 0, "seat": 0, "kind": "score", "payload": {"points": rev * 3}}


def on_disk(tmp_path: Path, code: str) -> dict:
    return json.loads((tmp_path / "tables" / f"{code}.json").read_text())


def fail_at(monkeypatch, name: str, call: int) -> None:
    """Make the ``call``-th use of os.<name> inside storage.durable raise EIO."""
    real = getattr(os, name)
    calls = {"n": 0}

    def failing(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == call:
            raise OSError(5, "Input/output error")
        return real(*args, **kwargs)

    monkeypatch.setattr(durable.os, name, failing)


@pytest.mark.parametrize("name,call", [("fsync", 1), ("replace", 1)])
def test_a_write_that_fails_before_the_rename_changes_nothing(tmp_path, monkeypatch, name, call):
    store = TableStore(tmp_path)
    store.create("F", SPEC)
    store.append("F", entry(1))
    before = on_disk(tmp_path, "F")
    fail_at(monkeypatch, name, call)
    with pytest.raises(OSError, match="Input/output error"):
        store.append("F", entry(2))
    assert on_disk(tmp_path, "F") == before
    assert store.revision("F") == 1
    assert store.load("F")[1] == [entry(1)]
    durable.wait_for_discards()  # the earlier writes' replaced files
    assert not [p for p in (tmp_path / "tables").iterdir() if p.name.endswith(".tmp")]
    store.append("F", entry(2))  # the hub may simply try again
    assert store.load("F")[1] == [entry(1), entry(2)]
    with TableStore(tmp_path) as again:
        assert again.load("F")[1] == [entry(1), entry(2)]


def test_a_write_that_fails_after_the_rename_is_reported_and_memory_follows_the_disk(
        tmp_path, monkeypatch):
    store = TableStore(tmp_path)
    store.create("F", SPEC)
    fail_at(monkeypatch, "fsync", 2)  # 1: the file, 2: the folder after the rename
    with pytest.raises(OSError):
        store.append("F", entry(1))
    # not acknowledged, but the file was replaced: the store says what the disk says
    assert len(on_disk(tmp_path, "F")["log"]) == 1
    assert store.revision("F") == 1
    with pytest.raises(ValueError, match="next one must have rev 2"):
        store.append("F", entry(1))


@pytest.mark.parametrize("step", ["set_seat", "set_meta", "release"])
def test_seat_and_meta_writes_are_all_or_nothing(tmp_path, monkeypatch, step):
    store = TableStore(tmp_path)
    store.create("F", SPEC)
    store.set_seat("F", 1, "old")
    store.set_meta("F", "status", "open")
    before = on_disk(tmp_path, "F")
    fail_at(monkeypatch, "replace", 1)
    with pytest.raises(OSError):
        {"set_seat": lambda: store.set_seat("F", 0, "h"),
         "set_meta": lambda: store.set_meta("F", "status", "finished"),
         "release": lambda: store.set_seat("F", 1, None)}[step]()
    assert on_disk(tmp_path, "F") == before
    assert store.seats("F") == {1: "old"}
    assert store.get_meta("F", "status") == "open"


def test_create_that_fails_leaves_no_table(tmp_path, monkeypatch):
    store = TableStore(tmp_path)
    fail_at(monkeypatch, "replace", 1)
    with pytest.raises(OSError):
        store.create("NEW", SPEC)
    assert store.list() == []
    store.create("NEW", SPEC)
    assert store.load("NEW") == (SPEC, [])


def test_the_replaced_file_is_deleted_after_the_write_not_during_it(tmp_path, monkeypatch):
    handed_over: list[Path] = []
    monkeypatch.setattr(durable, "discard_later", handed_over.append)
    store = TableStore(tmp_path)
    store.create("D", SPEC)
    store.append("D", entry(1))
    before = (tmp_path / "tables" / "D.json").read_bytes()
    store.append("D", entry(2))
    # acknowledged: the new file is in place; the old one only has a hidden second name
    assert len(on_disk(tmp_path, "D")["log"]) == 2
    old = handed_over[-1]
    assert old.parent == tmp_path / "tables" and old.name.startswith(".D.json.")
    assert old.name.endswith(durable.TEMP_SUFFIX) and old.read_bytes() == before
    for path in handed_over:
        path.unlink()
    assert [p.name for p in (tmp_path / "tables").iterdir()] == ["D.json"]


def test_writes_leave_nothing_but_the_table_file(tmp_path):
    with TableStore(tmp_path) as store:
        store.create("L", SPEC)
        for rev in range(1, 6):
            store.append("L", entry(rev))
        store.set_seat("L", 0, "h")
    assert [p.name for p in (tmp_path / "tables").iterdir()] == ["L.json"]
    with TableStore(tmp_path) as again:
        assert [e["rev"] for e in again.load("L")[1]] == [1, 2, 3, 4, 5]


def test_a_failed_replace_leaves_no_second_name(tmp_path, monkeypatch):
    store = TableStore(tmp_path)
    store.create("R", SPEC)
    durable.wait_for_discards()
    fail_at(monkeypatch, "replace", 1)
    with pytest.raises(OSError):
        store.append("R", entry(1))
    # nothing queued for later: the failed write cleaned up after itself at once
    assert [p.name for p in (tmp_path / "tables").iterdir()] == ["R.json"]
    assert store.load("R")[1] == []


def test_one_append_is_one_file_write(tmp_path):
    store = TableStore(tmp_path)
    store.create("W", SPEC)
    store.load("W")
    storage = store._open["W"].storage
    writes = storage.writes
    store.append("W", entry(1))
    assert storage.writes == writes + 1
    header = on_disk(tmp_path, "W")["meta"]["1"]
    assert header["updated"] > header["created"], "entry and 'updated' land together"


# -- model-based: whatever the hub does, a restart gives back exactly what was stored -----
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(-1, 2),
                  st.dictionaries(st.text(max_size=3), st.integers() | st.text(max_size=5),
                                  max_size=3)),
        st.tuples(st.just("seat"), st.integers(0, 4), st.none() | st.text(min_size=1, max_size=8)),
        st.tuples(st.just("meta"), st.sampled_from(["status", "round", "note"]),
                  st.none() | st.integers() | st.lists(st.text(max_size=3), max_size=3)),
        st.tuples(st.just("reopen"), st.just(0), st.just(0)),
    ),
    max_size=30,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPERATIONS)
def test_store_matches_a_simple_model_across_restarts(operations):
    with tempfile.TemporaryDirectory() as folder:
        store = TableStore(folder)
        store.create("MODEL", SPEC)
        log: list[dict] = []
        seats: dict[int, str] = {}
        meta: dict[str, object] = {}
        for kind, a, b in operations:
            if kind == "append":
                rev = len(log) + 1 + a * (a != 1)  # a == 1: valid; others: off by a
                new = {"rev": rev, "kind": "k", "payload": b}
                if rev == len(log) + 1:
                    store.append("MODEL", new)
                    log.append(new)
                else:
                    with pytest.raises(ValueError):
                        store.append("MODEL", new)
            elif kind == "seat":
                store.set_seat("MODEL", a, b)
                if b is None:
                    seats.pop(a, None)
                else:
                    seats[a] = b
            elif kind == "meta":
                store.set_meta("MODEL", a, b)
                meta[a] = b
            else:
                store.close()
                store = TableStore(folder)
            assert store.revision("MODEL") == len(log)
        store.close()
        with TableStore(folder) as again:
            assert again.load("MODEL") == (SPEC, log)
            assert again.seats("MODEL") == seats
            for key, value in meta.items():
                assert again.get_meta("MODEL", key, "absent") == value
            [record] = again.list()
            assert record.revision == len(log)
