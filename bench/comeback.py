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

WITHIN_S = 30.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    data = Path(tempfile.mkdtemp(prefix="comeback-")) / "data"
    data.mkdir()
    server = Server(data).start()
    code = json.loads(server.companion("new", "scorepad", "--players", "Ann,Bo", "--json").stdout)["code"]
    field = lambda page: page.get_by_role("textbox", name="Ann's points")  # noqa: E731
    times: dict[str, list[float]] = {"first load": [], "reload": [], "restart": []}
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
            browser.close()
    finally:
        server.stop()

    print(f"# bench/comeback.py: {machine_line()}, {args.trials} trials each")
    print(f"{'to the seat':<12} {'p50 s':>7} {'p95 s':>7} {'max s':>7}")
    for name, values in times.items():
        print(f"{name:<12} {percentile(values, 0.5):7.2f} {percentile(values, 0.95):7.2f} {max(values):7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
