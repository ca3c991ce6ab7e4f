"""The journal: one appended, checksummed, fsynced line per write; all or nothing; a line
cut off by a crash is ignored and reported; the cost of a write does not grow with the log.

Disk failures are produced by making the real ``os.write`` / ``os.fdatasync`` raise at a
chosen call (what a full disk or an I/O error does); the store runs unchanged on real
files. The full disk itself is in ``tests/storage/test_disk_full.py``.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import storage.journal as journal
from storage import NotSaved, DiskStore
from storage.journal import JournalStorage, frame, unframe

SPEC = {"game": "scorepad", "players": ["Ann", "Bo"]}


def entry(rev: int) -> dict:
    return {"rev": rev, "by": 0, "seat": 0, "kind": "score", "payload": {"points": rev * 3}}


def link(rev: int) -> dict:
    return {"top": rev, "moves": rev, "redo": 0, "shown": 0, "parent": rev - 1}


def segment(tmp_path: Path, code: str, index: int = 0) -> Path:
    return tmp_path / "tables" / code / f"log-{index:06d}.jsonl"


def head(tmp_path: Path, code: str) -> Path:
    return tmp_path / "tables" / code / "table.jsonl"


def fail_at(monkeypatch, name: str, call: int, error: int = errno.EIO) -> None:
    """Make the ``call``-th use of os.<name> inside storage.journal raise."""
    real = getattr(os, name)
    calls = {"n": 0}

    def failing(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == call:
            raise OSError(error, os.strerror(error))
        return real(*args, **kwargs)

    monkeypatch.setattr(journal.os, name, failing)


def test_each_append_is_one_checksummed_line_and_one_fdatasync(tmp_path, monkeypatch):
    store = DiskStore(tmp_path)
    store.create("W", SPEC)
    store.append("W", entry(1), link(1))
    syncs = []
    real = os.fdatasync
    monkeypatch.setattr(journal.os, "fdatasync", lambda fd: (syncs.append(fd), real(fd))[1])
    sizes = []
    for rev in range(2, 40):
        before = segment(tmp_path, "W").stat().st_size
        store.append("W", entry(rev), link(rev), {"big": "x" * 50} if rev % 10 == 0 else None)
        sizes.append(segment(tmp_path, "W").stat().st_size - before)
    assert len(syncs) == 38  # one per append, nothing else
    lines = segment(tmp_path, "W").read_bytes().splitlines()
    assert len(lines) == 39 and all(unframe(line) is not None for line in lines)
    plain = [s for i, s in enumerate(sizes, 2) if i % 10]
    assert max(plain) - min(plain) <= 12  # the same bytes at entry 2 and 39 (but digits)


def test_bytes_written_per_append_do_not_grow_with_the_log(tmp_path, monkeypatch):
    monkeypatch.setattr(journal.os, "fdatasync", lambda fd: None)  # bytes only: fast
    store = DiskStore(tmp_path, segment=1000)
    store.create("G", SPEC)
    rev = 0

    def written() -> int:
        return sum(p.stat().st_size for p in (tmp_path / "tables" / "G").iterdir())

    costs = {}
    for size in (10, 2500):
        while rev < size:
            rev += 1
            store.append("G", entry(rev), link(rev))
        before = written()
        for _ in range(20):
            rev += 1
            store.append("G", entry(rev), link(rev))
        costs[size] = (written() - before) / 20
    assert costs[2500] <= costs[10] + 3 * 7  # three more digits in seven numbers at most


def test_a_write_that_fails_is_cut_away_and_changes_nothing(tmp_path, monkeypatch):
    store = DiskStore(tmp_path)
    store.create("F", SPEC)
    store.append("F", entry(1), link(1))
    before = segment(tmp_path, "F").read_bytes()
    fail_at(monkeypatch, "fdatasync", 1)
    with pytest.raises(NotSaved) as caught:
        store.append("F", entry(2), link(2))
    assert not caught.value.disk_full and "nothing was saved" in str(caught.value)
    monkeypatch.undo()
    assert segment(tmp_path, "F").read_bytes() == before
    assert store.revision("F") == 1
    assert store.load("F")[1] == [entry(1)]
    store.append("F", entry(2), link(2))  # and the table goes on
    with DiskStore(tmp_path) as again:
        assert again.load("F")[1] == [entry(1), entry(2)]
        assert again.warning("F") is None


def test_a_half_written_line_after_a_full_disk_is_cut_away(tmp_path, monkeypatch):
    store = DiskStore(tmp_path)
    store.create("H", SPEC)
    store.append("H", entry(1), link(1))
    good = segment(tmp_path, "H").read_bytes()
    real = os.write

    def half(fd, data):
        real(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(journal.os, "write", half)
    with pytest.raises(NotSaved) as caught:
        store.append("H", entry(2), link(2))
    assert caught.value.disk_full and str(caught.value) == "The host's disk is full: nothing was saved"
    monkeypatch.undo()
    assert segment(tmp_path, "H").read_bytes() == good
    store.append("H", entry(2), link(2))
    assert store.load("H")[1] == [entry(1), entry(2)]


@pytest.mark.parametrize("operation", ["set_seat", "set_meta", "release"])
def test_seat_and_meta_writes_are_all_or_nothing(tmp_path, monkeypatch, operation):
    store = DiskStore(tmp_path)
    store.create("S", SPEC)
    store.set_seat("S", 0, "hash-0")
    before = head(tmp_path, "S").read_bytes()
    fail_at(monkeypatch, "fdatasync", 1)
    with pytest.raises(NotSaved):
        if operation == "set_seat":
            store.set_seat("S", 1, "hash-1")
        elif operation == "set_meta":
            store.set_meta("S", "status", "finished")
        else:
            store.set_seat("S", 0, None)
    monkeypatch.undo()
    assert head(tmp_path, "S").read_bytes() == before
    assert store.seats("S") == {0: "hash-0"}
    assert store.get_meta("S", "status") is None


def test_a_torn_last_line_is_ignored_reported_and_cut_before_the_next_write(tmp_path, caplog):
    with DiskStore(tmp_path) as store:
        store.create("T", SPEC)
        for rev in range(1, 6):
            store.append("T", entry(rev), link(rev))
    path = segment(tmp_path, "T")
    whole = path.read_bytes()
    last = whole.rstrip(b"\n").rsplit(b"\n", 1)[1]
    path.write_bytes(whole[: len(whole) - len(last) // 2])  # the crash cut entry 5 in half
    with DiskStore(tmp_path) as store:
        assert store.revision("T") == 4
        assert "cut off" in store.warning("T")
        assert "cut off" in caplog.text and "T" in caplog.text
        assert [r.warning for r in store.list()][0]
        store.append("T", entry(5), link(5))
    # the torn bytes were cut away, not left before the new line
    lines = path.read_bytes().splitlines()
    assert lines[:4] == whole.splitlines()[:4] and len(lines) == 5
    assert all(unframe(line) for line in lines)
    with DiskStore(tmp_path) as store:
        assert store.load("T")[1] == [entry(rev) for rev in range(1, 6)]
        assert store.warning("T") is None


def test_zeros_left_by_a_power_cut_are_a_torn_tail(tmp_path):
    with DiskStore(tmp_path) as store:
        store.create("Z", SPEC)
        store.append("Z", entry(1), link(1))
    with open(segment(tmp_path, "Z"), "ab") as handle:
        handle.write(b"\x00" * 300)
    with DiskStore(tmp_path) as store:
        assert store.revision("Z") == 1 and store.warning("Z")


def test_a_damaged_line_before_the_last_makes_the_table_unreadable(tmp_path):
    with DiskStore(tmp_path) as store:
        store.create("D", SPEC)
        store.create("OK", SPEC)
        for rev in range(1, 4):
            store.append("D", entry(rev), link(rev))
    path = segment(tmp_path, "D")
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"points":6', b'"points":7')  # a flipped bit mid-file
    path.write_bytes(b"\n".join(lines))
    with DiskStore(tmp_path) as store:
        records = {r.code: r for r in store.list()}
        assert records["OK"].error is None
        with pytest.raises(Exception, match="Table D cannot be read: line 2 is damaged"):
            store.load("D")


def test_transactions_are_one_line(tmp_path):
    storage = JournalStorage(tmp_path / "t.jsonl")
    from tinydb import TinyDB

    db = TinyDB(tmp_path / "t.jsonl", storage=lambda path: storage)
    with storage.transaction():
        db.table("a").insert({"x": 1})
        db.table("b").insert({"y": 2})
        db.table("a").update({"x": 3})
    assert len((tmp_path / "t.jsonl").read_bytes().splitlines()) == 1
    with pytest.raises(ZeroDivisionError):
        with storage.transaction():
            db.table("a").insert({"x": 4})
            1 / 0
    again = JournalStorage(tmp_path / "t.jsonl")
    assert again.read() == {"a": {"1": {"x": 3}}, "b": {"1": {"y": 2}}}
    assert db.table("a").all() == [{"x": 3}]


def test_a_journal_with_much_garbage_is_compacted_when_opened_for_writing(tmp_path):
    with DiskStore(tmp_path) as store:
        store.create("C", SPEC)
        for n in range(200):
            store.set_meta("C", "n", n)
            store.set_seat("C", n % 3, f"h{n}")
    assert len(head(tmp_path, "C").read_bytes().splitlines()) > 300
    with DiskStore(tmp_path) as store:
        assert store.get_meta("C", "n") == 199
        store.set_meta("C", "n", 200)  # the first write compacts, then appends
        assert len(head(tmp_path, "C").read_bytes().splitlines()) == 2
    with DiskStore(tmp_path) as store:
        assert store.get_meta("C", "n") == 200
        assert store.seats("C") == {0: "h198", 1: "h199", 2: "h197"}


def test_frames_check_their_bytes():
    line = frame(b'{"at":"x","set":{}}')
    assert unframe(line[:-1]) == {"at": "x", "set": {}}
    assert unframe(line[:-1].replace(b"x", b"y")) is None
    assert unframe(b"garbage") is None


def test_writes_leave_only_the_tables_files(tmp_path):
    store = DiskStore(tmp_path, segment=3)
    store.create("L", SPEC)
    for rev in range(1, 8):
        store.append("L", entry(rev), link(rev))
    store.set_seat("L", 0, "h")
    assert sorted(p.name for p in (tmp_path / "tables").iterdir()) == ["L"]
    assert sorted(p.name for p in (tmp_path / "tables" / "L").iterdir()) == [
        "log-000000.jsonl", "log-000001.jsonl", "log-000002.jsonl", "table.jsonl"]


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
        store = DiskStore(folder, segment=4)  # small segments: many boundaries crossed
        store.create("MODEL", SPEC)
        log: list[dict] = []
        seats: dict[int, str] = {}
        meta: dict[str, object] = {}
        for kind, a, b in operations:
            if kind == "append":
                rev = len(log) + 1 + a * (a != 1)  # a == 1: valid; others: off by a
                new = {"rev": rev, "kind": "k", "payload": b}
                if rev == len(log) + 1:
                    store.append("MODEL", new, {"moves": rev}, {"n": rev} if rev % 3 == 0 else None)
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
                store = DiskStore(folder, segment=4)
            assert store.revision("MODEL") == len(log)
        store.close()
        with DiskStore(folder) as again:
            assert again.load("MODEL") == (SPEC, log)
            source = again.open_log("MODEL")
            for rev in range(1, len(log) + 1):
                assert source.link(rev) == {"moves": rev}
                assert source.snapshot(rev) == ({"n": rev} if rev % 3 == 0 else None)
            assert again.seats("MODEL") == seats
            for key, value in meta.items():
                assert again.get_meta("MODEL", key, "absent") == value
            [record] = again.list()
            assert record.revision == len(log)
            assert record.moves == (len(log) if log else 0)
