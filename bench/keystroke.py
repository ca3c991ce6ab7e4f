"""Benchmark: what one keystroke in the score pad's points box costs the host's event loop.

    .venv/bin/python bench/keystroke.py [--keys 2000]

A browser reports every keystroke in a Flet text field to the server: the box's new value
always (Flet's web client calls ``updateProperties`` on each change), and a "change" event
only to a box with a change handler. The points box has none: Save reads the
value. On a seated phone of a table of six (the real app on a real Flet session,
``tests/flet_sessions.py``), the same box, keystrokes taking turns:
- the value alone, as the box costs now;
- the value and its change event, as a box with a handler cost (Flet works out the event's
  type from the control's classes before it looks for the handler, so that cost is the same
  with or without one): the baseline, same run.

Prints the event loop thread's CPU time per keystroke (p50, p95) for each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
# bench/ last: a bench module must never hide a package of the project
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != HERE] + [str(HERE)]

import flet as ft  # noqa: E402

from _browser import machine_line, percentile  # noqa: E402
from tests.flet_sessions import control_id  # noqa: E402
from tests.support import run_app  # noqa: E402


async def keystrokes(app, keys: int) -> dict[str, list[float]]:
    hub = app.create("scorepad", ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
    ann = await app.seat(hub, 0)
    box = ann.find(lambda c: isinstance(c, ft.TextField) and c.label == "Ann's points")
    if box is None:
        raise SystemExit("keystroke: the seated phone shows no points box")
    box_id, session = control_id(box), ann.session
    times: dict[str, list[float]] = {"value alone (now)": [], "value and change event (a handler)": []}
    kinds = list(times)
    for k in range(keys):
        kind = kinds[k % 2]
        text = str(k % 1000)
        start = time.thread_time()
        session.apply_patch(box_id, {"value": text})  # what the browser sends each time
        if kind == kinds[1]:
            await session.dispatch_event(box_id, "change", text)
        times[kind].append((time.thread_time() - start) * 1e3)
    if box.on_change is not None:
        print("note: the points box has a change handler: both rows pay its event")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=2000, help="keystrokes, both kinds together")
    args = parser.parse_args()
    if args.keys < 2:
        parser.error("--keys must be at least 2")
    print(machine_line())
    times = run_app(lambda app: keystrokes(app, args.keys))
    print(f"\nloop CPU per keystroke in the score pad's points box ({args.keys // 2} of each, taking turns):")
    base = statistics.median(times["value and change event (a handler)"])
    for kind, values in times.items():
        p50 = statistics.median(values)
        print(f"  {kind:36s}: p50 {p50:6.3f} ms  p95 {percentile(values, 0.95):6.3f} ms  ({p50 / base:.2f}x the baseline)")


if __name__ == "__main__":
    main()
