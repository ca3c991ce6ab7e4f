"""Benchmark: this tree's ``bench/capacity.py`` beside an older revision's, run at the same time.

    .venv/bin/python bench/side_by_side.py [REV] [--pairs 3] [--seed 3]
                                           [--games scorepad,...] [--tables 10] [--actions 300]

The host's speed swings: on this machine Flet's bare broadcast (``capacity.py``'s floor)
ran at 0.33-0.67 ms within one afternoon, and every figure with it. So a figure is read
beside its baseline measured in the same run: a detached git worktree of ``REV`` and this
working tree each run ``capacity.py --store memory`` at the same moment, on this
interpreter, with the same seed, pair after pair (two processes; run nothing else).

Prints each game's loop CPU p50, old and new, and the ratio; then issue 25's goals read
two ways: as written, in milliseconds, and as the issue meant them on the host of the
day: the same share of the old code's figure. The issue measured the old code (``REV``'s
default, where its goals were set) at :data:`ISSUE_BASELINE_MS` and asked for
:data:`capacity.LOOP_CPU_GOAL_MS`; when the old code measures 1.5x that today, so does
the goal. ``--games``, ``--tables`` and ``--actions`` go to both ``capacity.py`` runs.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from capacity import LOOP_CPU_GOAL_MS  # noqa: E402 - the goals this bench prints

ISSUE_BASELINE_REV = "b6c5a80"
"""The commit whose ``bench/capacity.py`` issue 25 set its goals with."""

ISSUE_BASELINE_MS = {"scorepad": 7.0, "rockgarden": 53.5, "strata": 4.2}
"""The old code's loop CPU p50 in issue 25's table (the middle of 6.8-7.2, 52-55, 3.8-4.6 ms)."""

GAME_LINE = re.compile(r"^  (\w+)\s*: p50 .*?loop CPU p50\s+([\d.]+) ms", re.M)
FLOOR_LINE = re.compile(r"^  floor\s*: p50\s+([\d.]+) ms", re.M)


def read_figures(output: str) -> dict[str, float]:
    """Loop CPU p50 per game and the floor's p50, from the first table ``capacity.py``
    prints (the full-speed one; with ``--cpu-quota`` a second one follows)."""
    figures: dict[str, float] = {}
    for game, value in GAME_LINE.findall(output):
        figures.setdefault(game, float(value))
    floor = FLOOR_LINE.search(output)
    if floor:
        figures["floor"] = float(floor.group(1))
    return figures


def scaled_goal(game: str, old_today: float) -> float | None:
    """The goal as the same share of the old code's figure today as the issue asked of
    its own (None for a game the issue set no goal for)."""
    if game not in LOOP_CPU_GOAL_MS or game not in ISSUE_BASELINE_MS:
        return None
    return LOOP_CPU_GOAL_MS[game] * old_today / ISSUE_BASELINE_MS[game]


def commit_of(rev: str) -> str | None:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                          capture_output=True, text=True)
    return done.stdout.strip() or None


def worktree(rev: str, where: Path) -> Path:
    path = where / "old"
    done = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), rev],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"side_by_side: cannot check out {rev!r}: {done.stderr.strip() or done.stdout.strip()}")
    return path


def run_pair(old: Path, seed: int, extra: list[str]) -> tuple[dict, dict]:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    command = ["--store", "memory", *extra]
    procs = [subprocess.Popen([sys.executable, str(tree / "bench" / "capacity.py"), *command],
                              cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
             for tree in (old, ROOT)]
    outputs = [p.communicate()[0] for p in procs]
    for tree, p, out in zip((old, ROOT), procs, outputs):
        if p.returncode != 0:
            raise SystemExit(f"side_by_side: capacity.py of {tree} failed ({p.returncode}):\n{out[-2000:]}")
    return read_figures(outputs[0]), read_figures(outputs[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default=ISSUE_BASELINE_REV,
                        help=f"the old revision (default {ISSUE_BASELINE_REV}: where issue 25 set its goals)")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3, help="PYTHONHASHSEED of both runs")
    parser.add_argument("--games", help="as capacity.py's (default: every game)")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args(argv)
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    games = args.games.split(",") if args.games else list(LOOP_CPU_GOAL_MS)
    commit = commit_of(args.rev)
    if commit is None:
        print(f"side_by_side: no commit {args.rev!r} in {ROOT}", file=sys.stderr)
        return 2
    the_issues_baseline = commit == commit_of(ISSUE_BASELINE_REV)
    keys = [*games, "floor"]
    runs: tuple[dict[str, list[float]], ...] = ({k: [] for k in keys}, {k: [] for k in keys})  # old, new
    with tempfile.TemporaryDirectory(prefix="tc-side-by-side-") as tmp:
        old = worktree(args.rev, Path(tmp))
        try:
            for k in range(args.pairs):
                for game in games:  # a game of its own in each run: no game's figure
                    # owes anything to what ran before it in the process
                    pair = run_pair(old, args.seed, ["--games", game, "--tables", str(args.tables),
                                                     "--actions", str(args.actions)])
                    for side, got in zip(runs, pair):
                        for key in (game, "floor"):
                            if key in got:
                                side[key].append(got[key])
                    print(f"pair {k + 1}, {game}: {pair[0].get(game, float('nan')):.2f} / "
                          f"{pair[1].get(game, float('nan')):.2f} ms (floors {pair[0].get('floor', float('nan')):.2f} / "
                          f"{pair[1].get('floor', float('nan')):.2f} ms)", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           capture_output=True)
    report(args.rev, args.pairs, keys, runs, the_issues_baseline)
    return 0


def report(rev: str, pairs: int, keys: list[str], runs: tuple[dict, dict], the_issues_baseline: bool) -> None:
    """Print the medians of ``runs`` (old, new: figures by game, the floor last), their
    ratios, and issue 25's goals read both ways (the same share only beside the old code
    the issue measured)."""
    print(f"\nloop CPU p50 (ms), memory store, median of {pairs} pair(s), {rev} / this tree "
          f"(the floor: Flet's bare broadcast, wall p50, every run):")
    medians = {}
    for game in keys:
        olds, news = runs[0][game], runs[1][game]
        if not news:
            print(f"  {game:11s}: this tree has no such game")
            continue
        if not olds:
            print(f"  {game:11s}: {rev} has no such game; this tree {statistics.median(news):6.2f}")
            continue
        o, n = statistics.median(olds), statistics.median(news)
        if game != "floor":
            medians[game] = (o, n)
        print(f"  {game:11s}: {o:6.2f} / {n:6.2f}  ({n / o:.2f}x)")
    print("\ngoals (issue 25), loop CPU p50:")
    for game, (o, n) in medians.items():
        scaled = scaled_goal(game, o)
        if scaled is None:
            continue
        goal = LOOP_CPU_GOAL_MS[game]
        line = f"  {game:11s}: {n:6.2f} ms; as written <= {goal:g} ms: {'MET' if n <= goal else 'NOT MET'}"
        if the_issues_baseline:
            line += (f"; as the same share of the old code's {o:.2f} ms today as of the issue's "
                     f"{ISSUE_BASELINE_MS[game]:g} ms: <= {scaled:.2f} ms: {'MET' if n <= scaled else 'NOT MET'}")
        print(line)
    if not the_issues_baseline:
        print(f"  (read against the old code's figure only beside {ISSUE_BASELINE_REV}, "
              f"the code the issue measured)")


if __name__ == "__main__":
    sys.exit(main())
