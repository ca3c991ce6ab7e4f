"""How long seated phones take to be back on their seats after the host's restart, several
at once, on both builds of Flet's web client, the page's way back beside its old one.

Seated Chromium phones (390 x 844) on a score pad table of the real server; the host is
killed (-9) and started again; each page says it lost its host and asks again ten times a
second (``assets/comeback.js``). Each phone's figures are in its own clock, from the moment
it first heard its host answer again (its first good ``/alive``) to the moment its seat is
back: the message that draws its points field has come on its new connection and the field
is in the accessibility tree (two frames later at least). Steps in between
(``bench/together.py``): its new websocket open, its registration answered (a new session),
its seat's message arrived.

- ``--builds wasm,js``: Flet's WebAssembly build (what Chromium gets) and its JavaScript
  build (what every iPhone gets: Chromium posing as iPhone Safari, as tests/browser do);
- ``--phones 3,6``: phones coming back at once;
- ``--ways reload,reconnect``: "reconnect", the page keeps its screen and Flet's client
  connects again (what the page does); "reload", the page loads again (what it
  did once: the baseline of the same run, asked for through the tab's session storage).

    .venv/bin/python bench/comeback.py --builds wasm,js --phones 3,6 --restarts 5
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _browser import machine_line, percentile  # noqa: E402
from tests.browser.harness import CHROMIUM_ARGS, Server, chromium_path, temp_env  # noqa: E402
from together import STEPS, WAYS, together  # noqa: E402

GOAL_S = 2.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builds", default="wasm,js", help="Flet client builds")
    parser.add_argument("--phones", default="3,6", help="phones coming back at once, e.g. 3,6")
    parser.add_argument("--ways", default=",".join(WAYS), help="ways back, e.g. reload,reconnect")
    parser.add_argument("--restarts", type=int, default=5, help="restarts for each row")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    data = Path(tempfile.mkdtemp(prefix="comeback-")) / "data"
    data.mkdir()
    server = Server(data).start()
    rows: list = []
    os.environ.update(temp_env())
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for build in args.builds.split(","):
                for n in map(int, args.phones.split(",")):
                    for way in args.ways.split(","):
                        steps, kept = together(browser, server, n, build, way, args.restarts)
                        rows.append((build, n, way, steps, kept))
                        print(f"({build}, {n} phones, {way}: {json.dumps(steps)})", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.stop()

    print(f"# bench/comeback.py: {machine_line()}, {args.restarts} restarts a row")
    print("# seconds after each page heard its host again, p50 / p95 over every phone of every restart;"
          " kept: phones back in the page they kept (no reload) / phones back")
    print(f"{'build':<5} {'phones':>6} {'way':<10} " + " ".join(f"{step:>13}" for step in STEPS) + "   kept")
    for build, n, way, steps, kept in rows:
        cells = " ".join(f"{percentile(steps[step], 0.5):5.2f} / {percentile(steps[step], 0.95):5.2f}"
                         for step in STEPS)
        print(f"{build:<5} {n:>6} {way:<10} {cells}   {kept}")
    print(f"# goal: 3 phones on their seats p95 <= {GOAL_S:g} s after the host answers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
