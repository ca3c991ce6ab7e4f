"""``bench/side_by_side.py``: a figure beside its baseline, run at the same moment.

The tool is how RESULTS reads issue 25's goals on a host whose speed swings, so it is run
for real here (two small ``capacity.py`` runs), not timed: what it prints must be there,
and the old revision's worktree must be gone afterwards.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "bench" / "side_by_side.py"


def worktrees() -> list[str]:
    out = subprocess.run(["git", "-C", str(ROOT), "worktree", "list", "--porcelain"],
                         capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if line.startswith("worktree ")]


def test_it_prints_each_games_figure_beside_the_old_ones_and_cleans_up():
    before = worktrees()
    done = subprocess.run([sys.executable, str(TOOL), "HEAD", "--pairs", "1", "--games", "strata",
                           "--tables", "1", "--actions", "8"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    summary = [line for line in lines if line.startswith("  strata") and "x)" in line]
    assert len(summary) == 1, done.stdout
    old, new = (float(v) for v in summary[0].split(":")[1].split("(")[0].split("/"))
    assert old > 0 and new > 0
    goal = [line for line in lines if line.startswith("  strata") and "as written <= 4 ms" in line]
    assert len(goal) == 1, done.stdout
    # HEAD is not the code the issue measured: no reading against the issue's own figure
    assert "same share" not in done.stdout
    assert worktrees() == before


def test_an_unknown_revision_is_said_and_nothing_runs():
    before = worktrees()
    done = subprocess.run([sys.executable, str(TOOL), "no-such-revision"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "no commit 'no-such-revision'" in done.stderr
    assert "Traceback" not in done.stderr
    assert worktrees() == before


def test_the_goal_scales_with_the_old_codes_figure_of_the_day():
    sys.path.insert(0, str(ROOT / "bench"))
    import side_by_side

    # the old code as the issue measured it: the goal as written
    assert side_by_side.scaled_goal("scorepad", side_by_side.ISSUE_BASELINE_MS["scorepad"]) == 4.0
    # a host half as fast doubles both
    assert side_by_side.scaled_goal("scorepad", 2 * side_by_side.ISSUE_BASELINE_MS["scorepad"]) == 8.0
    assert side_by_side.scaled_goal("floor", 1.0) is None
