"""How long a phone takes to be back on its seat: after a reload, and after the host's
restart, beside the first load of the same page in the same run.

One seated Chromium phone (390 x 844) on a score pad table of the real server. A phone is
"on its seat" when its own points field is in the accessibility tree and the screen is
drawn at full phone width (a screenshot, as tests/browser/test_comeback.py checks it).

- first load: a new phone (its own browser context, nothing cached) opens the table page;
- reload: the seated phone reloads its page;
- restart: the host is killed (-9) and started again; timed from the moment it answers
  (the phone notices by itself and reloads: assets/comeback.js).

    .venv/bin/python bench/comeback.py [--trials 20]

With ``--together 3,6`` it measures instead several seated phones coming back at once
after each restart (``--builds wasm,js``: Flet's WebAssembly build, which Chromium gets,
and its JavaScript build, which every iPhone gets), in each page's own clock: when its
reload started, when its page was read, when Flutter's code had arrived (and whether
from the cache), when its first frame was drawn, its websocket opened and its seat was
in the accessibility tree, each counted from the moment the host answered. The one-phone
rows above are the baseline measured in the same run (``--trials``).

    .venv/bin/python bench/comeback.py --trials 5 --together 3,6 --builds wasm,js --restarts 5
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _browser import machine_line, percentile  # noqa: E402
from tests.browser.harness import CHROMIUM_ARGS, Phone, Server, chromium_path, temp_env  # noqa: E402
from together import STEPS, together  # noqa: E402

WITHIN_S = 30.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--together", default="", help="phones coming back at once, e.g. 3,6")
    parser.add_argument("--builds", default="wasm,js", help="Flet client builds for --together")
    parser.add_argument("--restarts", type=int, default=5, help="restarts for each --together row")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    data = Path(tempfile.mkdtemp(prefix="comeback-")) / "data"
    data.mkdir()
    server = Server(data).start()
    code = json.loads(server.companion("new", "scorepad", "--players", "Ann,Bo", "--json").stdout)["code"]
    field = lambda page: page.get_by_role("textbox", name="Ann's points")  # noqa: E731
    times: dict[str, list[float]] = {"first load": [], "reload": [], "restart": []}
    rows: list = []
    import os

    os.environ.update(temp_env())
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            ann = Phone(browser, "ann")
            ann.open(f"{server.url}/join/{code}")
            ann.tap("Sit as Ann")
            ann.on_seat(field, time.monotonic(), WITHIN_S)
            for _ in range(args.trials):
                fresh = Phone(browser, "fresh")
                start = time.monotonic()
                fresh.page.goto(f"{server.url}/t/{code}")
                times["first load"].append(fresh.on_seat(
                    lambda page: page.get_by_text("Watching", exact=True), start, WITHIN_S))
                fresh.close()

                load, start = ann.load_id(), time.monotonic()
                ann.page.reload(wait_until="commit")
                times["reload"].append(ann.on_seat(field, start, WITHIN_S, after_load=load))

                load = ann.load_id()
                server.kill9()
                ann.page.locator("#comeback", has_text="Lost the host").wait_for(timeout=10000)
                server.start()
                answered = time.monotonic()
                times["restart"].append(ann.on_seat(field, answered, WITHIN_S, after_load=load))
            ann.close()
            for build in args.builds.split(",") if args.together else ():
                for n in args.together.split(","):
                    rows.append((build, int(n), together(browser, server, int(n), build, args.restarts)))
                    print(f"({build}, {n} phones: {rows[-1][2]})", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.stop()

    print(f"# bench/comeback.py: {machine_line()}, {args.trials} trials each")
    print(f"{'to the seat':<12} {'p50 s':>7} {'p95 s':>7} {'max s':>7}")
    for name, values in times.items():
        print(f"{name:<12} {percentile(values, 0.5):7.2f} {percentile(values, 0.95):7.2f} {max(values):7.2f}")
    if rows:
        print(f"\n# several phones at once, {args.restarts} restarts each: seconds after the host answered"
              f" (p50 / p95 over every phone of every restart; cached: Flutter's code from the cache)")
        print(f"{'build':<5} {'phones':>6} " + " ".join(f"{step:>15}" for step in STEPS) + "   cached")
        for build, n, (steps, cached) in rows:
            cells = " ".join(f"{percentile(steps[step], 0.5):6.2f} / {percentile(steps[step], 0.95):5.2f}"
                             for step in STEPS)
            print(f"{build:<5} {n:>6} {cells}   {cached}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
