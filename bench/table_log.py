"""Append, undo and first-open cost against the length of a table's log.

    .venv/bin/python bench/table_log.py [--data DIR] [--sizes 0,5000,20000,50000]
                                      [--samples 200] [--every 8,16,32,64,128]

A score pad table for four is grown to each size through the real hub (``Tables`` on a
``DiskStore``: the engine's check and apply, link records, snapshots, the journal), then
closed. At each size:

- first open: a new store and ``Tables.open`` (header, last segment, nearest snapshot),
  median of 5, and once in a fresh Python process; beside it, in the same run, what
  opening cost before the journals: the whole log read and replayed (``store.load`` +
  ``Match(game, spec, entries)``);
- append: ``--samples`` actions, each durable (fsync) before the next, p50 / p95;
- undo: as many undos (each replays from the nearest snapshot), p50 / p95.

The tables of every size are measured by turns, in 10 blocks (20 appends then 20 undos
each, at the default 200), so a busy moment of the machine falls on all sizes alike. Each
block starts at the same random place between two snapshots for every size (untimed
actions first), so every size's undos replay the same numbers of actions: what differs
between the rows is the log's length alone.

The size-0 row is the baseline of the others (same run): the goal is p50 at 50,000
within 1.5x of p50 at 0. "cpu" columns leave out the time spent in ``fdatasync`` (the
disk's share, which is the same at any size and noisy on a shared machine).

The fill runs without fsync (it only prepares the files; every measured write is
durable). The state is the same at every size (one round whose points the players keep
correcting), so only the log's length changes between rows.

``--every`` then compares snapshot intervals N on a 20,000-entry table each, with a
larger state (20 rounds, then corrections): undo's replay against the snapshots' bytes;
the chosen N is ``engine.log.SNAPSHOT_EVERY``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import storage.journal as journal  # noqa: E402
from companion.table.hub import HOST, Tables  # noqa: E402
from engine.registry import get_game  # noqa: E402
from engine.log import SNAPSHOT_EVERY, Entry  # noqa: E402
from engine.spec import TableSpec  # noqa: E402
from engine.table import Match  # noqa: E402
from storage import DiskStore  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
ROUNDS = 20


class Disk:
    """Times the journal's fdatasync (still called: writes stay durable); ``off()`` makes
    it a no-op for filling tables."""

    def __init__(self) -> None:
        self.real = os.fdatasync
        self.spent = 0.0
        journal.os.fdatasync = self._timed

    def _timed(self, fd: int) -> None:
        start = time.perf_counter()
        try:
            self.real(fd)
        finally:
            self.spent += time.perf_counter() - start

    def off(self) -> None:
        journal.os.fdatasync = lambda fd: None

    def on(self) -> None:
        journal.os.fdatasync = self._timed


def grow(hub, size: int, most_rounds: int = 1) -> None:
    """Score pad play up to ``size`` log entries: up to ``most_rounds`` rounds, then the
    players correct their points, so the state stops growing while the log goes on."""
    while hub.revision < size:
        n = hub.revision
        rounds = hub.match.state["rounds"]
        if len(rounds) < most_rounds and all(p is not None for p in rounds[-1]):
            hub.act(HOST, "new_round", {}, None)
        else:
            current = len(rounds) - 1 if len(rounds) < most_rounds else (n // 4) % most_rounds
            hub.act(HOST, "points", {"points": n % 30, "round": current}, None, seat=n % 4)


def machine_line() -> str:
    return (f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, {os.cpu_count()} cores, "
            f"load avg {os.getloadavg()[0]:.2f}")


def pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(disk: Disk, call) -> tuple[float, float]:
    """(ms, ms outside fdatasync) of one call."""
    disk.spent = 0.0
    start = time.perf_counter()
    call()
    total = time.perf_counter() - start
    return total * 1000, (total - disk.spent) * 1000


OPEN_CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[3])
from storage import DiskStore
from companion.table.hub import Tables
start = time.perf_counter()
hub = Tables(DiskStore(sys.argv[1])).open(sys.argv[2])
print((time.perf_counter() - start) * 1000, hub.revision)
"""


def open_cost(data: Path, code: str) -> dict:
    times = []
    for _ in range(5):
        start = time.perf_counter()
        store = DiskStore(data)
        hub = Tables(store).open(code)
        times.append((time.perf_counter() - start) * 1000)
        revision = hub.revision
        store.close()
    child = subprocess.run([sys.executable, "-c", OPEN_CHILD, str(data), code, str(ROOT)],
                           capture_output=True, text=True, check=True, env={**os.environ})
    fresh_ms = float(child.stdout.split()[0])
    start = time.perf_counter()
    store = DiskStore(data)
    spec, entries = store.load(code)
    Match(get_game("scorepad"), TableSpec.from_json(spec), [Entry.from_json(e) for e in entries])
    whole = (time.perf_counter() - start) * 1000
    store.close()
    return {"open": statistics.median(times), "fresh": fresh_ms, "whole": whole,
            "revision": revision}


def measure_sizes(data: Path, sizes: list[int], samples: int, disk: Disk,
                  blocks: int = 10) -> list[dict]:
    """One table per size, filled; then ``blocks`` rounds in which every table in turn
    takes samples/blocks appends and as many undos (the sizes share the same moments of
    a busy machine)."""
    store = DiskStore(data)
    tables = Tables(store)
    codes = {size: tables.create("scorepad", PLAYERS).code for size in sizes}
    disk.off()
    for size, code in codes.items():
        grow(tables.open(code), size)
    disk.on()
    store.close()
    rows = {size: {"size": size, **open_cost(data, code), "append": [], "append_cpu": [],
                   "undo": [], "undo_cpu": []} for size, code in codes.items()}
    print("  filled and opened", file=sys.stderr, flush=True)
    store = DiskStore(data)
    hubs = {size: Tables(store).open(code) for size, code in codes.items()}
    for hub in hubs.values():  # every table level with its snapshots (untimed)
        while hub.match.moves % SNAPSHOT_EVERY:
            hub.act(HOST, "points", {"points": 1, "round": 0}, None, seat=0)
    per_block = max(1, samples // blocks)
    rng = random.Random(14)
    for block in range(blocks):
        order = sizes[block % len(sizes):] + sizes[:block % len(sizes)]
        offset = rng.randrange(SNAPSHOT_EVERY)  # where the block starts between snapshots
        for size in order:
            hub, row = hubs[size], rows[size]
            for n in range(offset):
                hub.act(HOST, "points", {"points": 2, "round": 0}, None, seat=n % 4)
            for n in range(per_block):
                total, cpu = timed(disk, lambda n=n: hub.act(
                    HOST, "points", {"points": n % 9, "round": 0}, None, seat=n % 4))
                row["append"].append(total)
                row["append_cpu"].append(cpu)
            for _ in range(per_block):
                total, cpu = timed(disk, lambda: hub.undo(HOST))
                row["undo"].append(total)
                row["undo_cpu"].append(cpu)
    store.close()
    return [rows[size] for size in sizes]


def measure_every(data: Path, values: list[int], size: int, samples: int, disk: Disk) -> list[dict]:
    rows = []
    for every in values:
        folder = data / f"every-{every}"
        store = DiskStore(folder)
        tables = Tables(store, snapshot_every=every)
        hub = tables.create("scorepad", PLAYERS)
        disk.off()
        grow(hub, size, ROUNDS)
        written = sum(p.stat().st_size for p in (folder / "tables" / hub.code).iterdir())
        snap_bytes = 0
        for index in range((size + 499) // 500):
            segment = store._get(hub.code).segment(index)
            snap_bytes += sum(len(json.dumps(doc)) for doc in segment.table("snapshots").all())
        undo_cpu = [timed(disk, lambda: hub.undo(HOST))[1] for _ in range(samples)]
        for _ in range(samples):
            hub.redo(HOST)
        append_cpu = [timed(disk, lambda n=n: hub.act(
            HOST, "points", {"points": 1, "round": n % ROUNDS}, None, seat=n % 4))[1]
            for n in range(samples)]
        disk.on()
        store.close()
        opened = open_cost(folder, hub.code)
        rows.append({"every": every, "undo_cpu": undo_cpu, "append_cpu": append_cpu,
                     "bytes_per_action": written / size, "snapshot_bytes_per_action": snap_bytes / size,
                     "open": opened["open"]})
        print(f"  N={every}: done", file=sys.stderr, flush=True)
    return rows


def report(rows: list[dict], every_rows: list[dict], every_size: int) -> None:
    base = rows[0]
    print(f"Append and undo against the log's length (score pad for 4, snapshot every "
          f"{SNAPSHOT_EVERY}, {len(base['append'])} of each per size; ms)")
    print(f"({machine_line()})")
    print("entries    append p50   p95   cpu p50  x(0)    undo p50   p95   cpu p50  x(0)")
    for row in rows:
        a50, u50 = statistics.median(row["append"]), statistics.median(row["undo"])
        print(f"{row['size']:>7}   {a50:>9.2f} {pct(row['append'], .95):>6.2f} "
              f"{statistics.median(row['append_cpu']):>8.2f} {a50 / statistics.median(base['append']):>5.2f}"
              f"   {u50:>8.2f} {pct(row['undo'], .95):>6.2f} {statistics.median(row['undo_cpu']):>8.2f} "
              f"{u50 / statistics.median(base['undo']):>5.2f}")
    print()
    print("First open (ms): a new store + Tables.open, median of 5; once in a fresh process;")
    print("and, same run, the whole log read and replayed (what opening did before)")
    print("entries    open   fresh process   whole log read + replay")
    for row in rows:
        print(f"{row['size']:>7}   {row['open']:>6.1f}   {row['fresh']:>13.1f}   {row['whole']:>23.1f}")
    if every_rows:
        print()
        print(f"Snapshot interval N, on a {every_size}-entry table each ({ROUNDS} rounds; cpu ms, "
              f"fsync left out)")
        print("    N   undo p50   undo p95   append p50   bytes/action   of which snapshots   open ms")
        for row in every_rows:
            print(f"{row['every']:>5}   {statistics.median(row['undo_cpu']):>8.2f}   "
                  f"{pct(row['undo_cpu'], .95):>8.2f}   {statistics.median(row['append_cpu']):>10.3f}   "
                  f"{row['bytes_per_action']:>12.0f}   {row['snapshot_bytes_per_action']:>18.0f}   "
                  f"{row['open']:>7.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="folder to write in (default: a temporary folder under /tmp)")
    parser.add_argument("--sizes", default="0,5000,20000,50000")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--every", default="8,16,32,64,128",
                        help="snapshot intervals to compare ('' to skip)")
    parser.add_argument("--every-size", type=int, default=20000)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    values = [int(s) for s in args.every.split(",") if s]
    disk = Disk()
    with tempfile.TemporaryDirectory(dir=args.data or "/tmp") as folder:
        rows = measure_sizes(Path(folder) / "sizes", sizes, args.samples, disk)
        every_rows = measure_every(Path(folder), values, args.every_size, 100, disk) if values else []
    report(rows, every_rows, args.every_size)


if __name__ == "__main__":
    main()
