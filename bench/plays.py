"""Plays at size: statistics over 10,000 plays and recording one more.

Makes a book of ``--plays`` plays (default 10,000) in a temporary data folder, then
measures (median of ``--runs``):

- statistics: what the host's **Plays** screen counts (:func:`companion.ui.plays.host_view`:
  everyone's statistics from the summary the book keeps as each play is recorded, the
  people, the latest plays) (goal < 200 ms);
  baseline: the same plays counted from scratch (:func:`engine.plays.stats.statistics`
  over the book's plays), so a slow machine shows as a slow baseline; the book is read
  once, when it starts: that is printed too;
- recording a play (durable: one journal line, fsynced) in the full book (goal < 10 ms);
  baseline: the same play recorded in an empty book.

    python bench/plays.py [--plays N] [--runs N]
"""

from __future__ import annotations

import argparse
import random
import statistics as stat
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.plays.stats import statistics  # noqa: E402
from companion.ui.plays import host_view  # noqa: E402
from storage.plays import PlayBook  # noqa: E402

GAMES = ("scorepad", "rockgarden", "strata", "paisho", "bluffstones")
NAMES = [f"Player {n}" for n in range(40)]


def a_play(rng: random.Random, number: int) -> dict:
    people = rng.sample(NAMES, rng.randint(2, 5))
    scores = [rng.randint(0, 80) for _ in people]
    best = max(scores)
    return {"table": f"T{number:06d}", "game": rng.choice(GAMES), "settings": {},
            "ended": f"20{20 + number % 5}-{1 + number % 12:02d}-{1 + number % 28:02d}T20:{number % 60:02d}:00+00:00",
            "minutes": rng.randint(10, 180), "lowest_wins": False,
            "people": [{"seat": seat, "name": name, "score": score, "winner": score == best, "counts": {}}
                       for seat, (name, score) in enumerate(zip(people, scores))]}


def median_ms(fn, runs: int) -> tuple[float, float]:
    """(median wall ms, median CPU ms) of ``runs`` calls: CPU time suffers less from a
    loaded machine, wall time is what a person waits."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return stat.median(wall), stat.median(cpu)


def shown(figure: tuple[float, float]) -> str:
    return f"{figure[0]:.2f} ms (CPU {figure[1]:.2f} ms)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--plays", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(48)
    with tempfile.TemporaryDirectory() as full_dir, tempfile.TemporaryDirectory() as empty_dir:
        book = PlayBook(full_dir)
        for number in range(args.plays):
            book.record(a_play(rng, number))
        book.close()

        open_ms = median_ms(lambda: PlayBook(full_dir).close(), 1)
        full, empty = PlayBook(full_dir), PlayBook(empty_dir)
        stats_ms = median_ms(lambda: host_view(full), args.runs)
        base_ms = median_ms(lambda: statistics(full.plays()), args.runs)
        extra = iter(range(args.plays, args.plays + 10 * args.runs))
        record_ms = median_ms(lambda: full.record(a_play(rng, next(extra))), args.runs * 4)
        record_base = median_ms(lambda: empty.record(a_play(rng, next(extra))), args.runs * 4)
        full.close()
        empty.close()
    print(f"opening the book of {args.plays:,} plays (once, when the host starts): {shown(open_ms)}")
    print(f"statistics over {args.plays:,} plays (the host's Plays screen, from the book's summary): {shown(stats_ms)} "
          f"(baseline, counted from scratch: {shown(base_ms)}; goal < 200 ms)")
    print(f"recording a play in a book of {args.plays:,}: {shown(record_ms)} "
          f"(baseline, in an empty book: {shown(record_base)}; goal < 10 ms)")


if __name__ == "__main__":
    main()
