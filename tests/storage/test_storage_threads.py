"""8 threads at once (the hub's sessions): nothing lost, nothing doubled."""

from __future__ import annotations

import threading
from pathlib import Path

from storage import DiskStore

THREADS = 8
PER_THREAD = 25


def run_threads(target) -> list[BaseException]:
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def wrapped(n: int) -> None:
        try:
            start.wait()
            target(n)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=wrapped, args=(n,)) for n in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return errors


def append_next(store: DiskStore, code: str, payload: dict) -> int:
    """What the hub does: read the revision, append the next rev; a lost race retries."""
    while True:
        rev = store.revision(code) + 1
        try:
            store.append(code, {"rev": rev, "kind": "mark", "payload": payload})
            return rev
        except ValueError as exc:
            assert "the next one must have rev" in str(exc)


def check_log(entries: list[dict], expected: set[tuple[int, int]]) -> None:
    assert [e["rev"] for e in entries] == list(range(1, len(entries) + 1))
    written = [(e["payload"]["thread"], e["payload"]["i"]) for e in entries]
    assert len(written) == len(set(written)), "an entry was doubled"
    assert set(written) == expected, "an entry was lost"


def test_threads_appending_to_the_same_table(tmp_path: Path):
    store = DiskStore(tmp_path)
    store.create("SHARED", {"game": "scorepad"})

    def work(n: int) -> None:
        for i in range(PER_THREAD):
            append_next(store, "SHARED", {"thread": n, "i": i})
            if i % 10 == 0:
                store.set_seat("SHARED", n, f"token-{n}-{i}")
                store.list()

    assert run_threads(work) == []
    expected = {(n, i) for n in range(THREADS) for i in range(PER_THREAD)}
    check_log(store.load("SHARED")[1], expected)
    store.close()
    with DiskStore(tmp_path) as again:
        check_log(again.load("SHARED")[1], expected)
        assert again.seats("SHARED") == {n: f"token-{n}-20" for n in range(THREADS)}


def test_threads_appending_to_different_tables_and_one_shared(tmp_path: Path):
    store = DiskStore(tmp_path)
    codes = [f"T{n}" for n in range(THREADS)]
    for code in codes + ["MIXED"]:
        store.create(code, {"game": "scorepad"})

    def work(n: int) -> None:
        for i in range(PER_THREAD):
            rev = store.revision(codes[n]) + 1  # only this thread writes T<n>
            store.append(codes[n], {"rev": rev, "kind": "mark", "payload": {"thread": n, "i": i}})
            if i % 4 == 0:
                append_next(store, "MIXED", {"thread": n, "i": i})
            if i % 8 == 0 or i == PER_THREAD - 1:
                store.set_meta(codes[n], "last", i)

    assert run_threads(work) == []
    store.close()
    with DiskStore(tmp_path) as again:
        for n, code in enumerate(codes):
            check_log(again.load(code)[1], {(n, i) for i in range(PER_THREAD)})
            assert again.get_meta(code, "last") == PER_THREAD - 1
        check_log(again.load("MIXED")[1],
                  {(n, i) for n in range(THREADS) for i in range(0, PER_THREAD, 4)})
        assert len(again.list()) == THREADS + 1
