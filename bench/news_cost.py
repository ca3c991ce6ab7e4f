"""What a phone's news costs: one seat's view with its news (the move it has not seen, as
the game describes it for that seat) against the same view without news, per game.

    .venv/bin/python bench/news_cost.py [--moves 60] [--samples 200] [--seed 1]

Each game is played by the tests' random players (``tests/support.py``'s RandomTable:
legal moves from each viewer's own view) for up to ``--moves`` accepted moves. Then, for
every seat, ``Match.view(seat)`` (the baseline, measured in the same run, interleaved)
and ``Match.view(seat, since=revision - 1)`` (a phone that saw all but the last move)
are timed ``--samples`` times each, alternating; medians per game in microseconds. The
loop is bounded by its counts; nothing leaves the process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.errors import IllegalAction  # noqa: E402
from engine.registry import game_ids, get_game  # noqa: E402
from tests.support import RandomTable  # noqa: E402


def played(game_id: str, moves: int, seed: int) -> RandomTable:
    """A table after up to ``moves`` accepted non-undo moves (or its end)."""
    table = RandomTable(get_game(game_id), random.Random(seed))
    accepted = 0
    for _ in range(moves * 20):  # refusals and undos do not count; bounded all the same
        choice = table.choose()
        if choice is None or accepted >= moves:
            break
        seat, host, kind, payload = choice
        if kind in ("undo", "redo"):
            continue
        by, action = table.action(seat, host, kind, payload)
        try:
            table.match.accept(table.match.propose(by, action, table.match.revision))
        except IllegalAction:
            continue
        accepted += 1
    return table


def timed(call, samples: int) -> tuple[list[float], list[float]]:
    plain, news = [], []
    for _ in range(samples):
        for out, since in ((plain, None), (news, True)):
            start = time.perf_counter()
            call(since)
            out.append((time.perf_counter() - start) * 1e6)
    return plain, news


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':12} {'moves':>5} {'view µs':>9} {'+news µs':>9} {'ratio':>6}")
    for game_id in game_ids():
        table = played(game_id, args.moves, args.seed)
        match = table.match
        plain_all, news_all = [], []
        for seat in range(table.n):
            plain, news = timed(lambda since: match.view(seat, False, match.revision - 1 if since else None),
                                args.samples)
            plain_all += plain
            news_all += news
        p, n = statistics.median(plain_all), statistics.median(news_all)
        print(f"{game_id:12} {match.revision:>5} {p:>9.0f} {n:>9.0f} {n / p:>6.2f}")


if __name__ == "__main__":
    main()
