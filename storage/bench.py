"""Append latency of the durable store: ``python -m storage.bench [--data DIR]``.

With 100 tables open, times 50 appends starting at log lengths 1, 100, 1000 and 3000 of
one table (each append: atomic whole-file write + fsync of file and folder) and prints
median / p95 / max in milliseconds, and the median without the time spent waiting in
open/fsync/replace (the CPU share: what the store's layout decides; the rest is the disk).
Then the same appends paced like actions from phones (one every 20 ms): the replaced
file is deleted in the background between them (see :mod:`storage.durable`), whereas
back to back each append also waits for the previous one's delete.
The hub's budget is 25 ms p95 from an action's arrival to every seat re-rendered, so an
append should stay a small part of it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import storage.durable as durable
from storage.tables import TableStore

SIZES = (1, 100, 1000, 3000)
DISK_CALLS = ("fsync", "replace", "open")
SAMPLES = 50
OTHER_TABLES = 99
PACE_S = 0.02


def entry(rev: int) -> dict:
    """About the size of a real game action with its bookkeeping."""
    return {"rev": rev, "by": rev % 4, "seat": rev % 4, "kind": "place",
            "payload": {"stone": "R2", "at": [rev % 7, rev % 5], "bid": {"rocks": 2}}}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class DiskClock:
    """Times the real os.fsync / os.replace / os.open of the storage (still called: the
    writes stay durable), to tell the disk's share of an append from the CPU's."""

    def __init__(self) -> None:
        self.spent = 0.0
        self.real = {name: getattr(os, name) for name in DISK_CALLS}

    def __enter__(self) -> "DiskClock":
        for name, real in self.real.items():
            setattr(durable.os, name, self._timed(real))
        return self

    def __exit__(self, *exc: object) -> None:
        for name, real in self.real.items():
            setattr(durable.os, name, real)

    def _timed(self, real):
        def call(*args, **kwargs):
            start = time.perf_counter()
            try:
                return real(*args, **kwargs)
            finally:
                self.spent += time.perf_counter() - start
        return call


def measure(data: Path) -> list[tuple[float, ...]]:
    with DiskClock() as clock:
        return _measure(data, clock)


def _measure(data: Path, clock: DiskClock) -> list[tuple[float, ...]]:
    store = TableStore(data)
    for n in range(OTHER_TABLES):
        code = f"OTHER{n}"
        store.create(code, {"game": "scorepad", "players": ["a", "b", "c", "d"]})
        for rev in range(1, 21):
            store.append(code, entry(rev))
    store.create("BENCH", {"game": "scorepad", "players": ["a", "b", "c", "d"]})
    rows = []
    rev = 0
    for size in SIZES:
        while rev < size - 1:
            rev += 1
            store.append("BENCH", entry(rev))
        times, cpu, paced = [], [], []
        for _ in range(SAMPLES):
            rev += 1
            clock.spent = 0.0
            start = time.perf_counter()
            store.append("BENCH", entry(rev))
            total = time.perf_counter() - start
            times.append(total * 1000)
            cpu.append((total - clock.spent) * 1000)
        for _ in range(SAMPLES):
            rev += 1
            time.sleep(PACE_S)
            start = time.perf_counter()
            store.append("BENCH", entry(rev))
            paced.append((time.perf_counter() - start) * 1000)
        rows.append((size, statistics.median(times), percentile(times, 0.95), max(times),
                     statistics.median(cpu), statistics.median(paced), percentile(paced, 0.95)))
    store.close()
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="folder to write in (default: a temporary folder)")
    args = parser.parse_args(argv)
    if args.data:
        rows = measure(Path(args.data))
    else:
        with tempfile.TemporaryDirectory() as folder:
            rows = measure(Path(folder))
    print(f"append latency, {OTHER_TABLES + 1} tables open, {SAMPLES} appends per size")
    print("             back to back                                    paced (one per 20 ms)")
    print("log entries   median ms   p95 ms   max ms   median ms without disk waits   median ms   p95 ms")
    for size, median, p95, worst, cpu, paced, paced95 in rows:
        print(f"{size:>11}   {median:>9.2f}   {p95:>6.2f}   {worst:>6.2f}   {cpu:>8.2f}"
              f"                       {paced:>9.2f}   {paced95:>6.2f}")


if __name__ == "__main__":
    main()
