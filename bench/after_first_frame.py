"""Benchmark: what a phone's page does between Flutter's first frame and the first screen,
the bare Flet app beside the app (why "Sit as ..." is not within 1.2x of the bare app's
first frame).

    .venv/bin/python bench/after_first_frame.py [--loads 5] [--builds wasm,js] [--cpu 1]

Each load is a fresh Chromium context at 390x844 (``bench/first_load.py``'s phones, at the
machine's LAN address). Printed per app and build, p50 over the loads, in ms after
Flutter's first frame (``flutter-first-frame``):
- task: the page's first long task after that frame (PerformanceObserver ``longtask``:
  its start and its length), Flutter's own work before the page can hear anything;
- socket: the websocket Flet's client uses is open (the app opens it while Flutter loads:
  ``assets/comeback.js``, so it reads 0 there);
- shown: the first screen drawn (the bare app's Text, the app's "Sit as ...");
- drawing: the longest task between the first message that holds it and ``shown``: the
  page drawing that screen.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import first_load  # noqa: E402
from _browser import FloorServer, Server, launch, machine_line  # noqa: E402

TASKS_JS = """
(() => {
  window.__tasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch (error) { /* no long task timing: the columns read nan */ }
})();
"""


def one_load(browser, url: str, app: str, build: str, cpu: float) -> dict:
    """One fresh load: the marks of ``first_load`` and the long tasks after the frame."""
    context = first_load.fresh_context(browser, build, None)
    context.add_init_script(TASKS_JS)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.add_init_script(f"window.__shownText = {json.dumps(first_load.SHOWN_TEXT[app])};")
        page.goto(url)
        page.wait_for_function("() => window.__load && window.__load.shown !== null", timeout=120000)
        marks, tasks = page.evaluate("() => [window.__load, window.__tasks]")
    finally:
        context.close()
    frame = marks["frame"]
    after = [(start - frame, length) for start, length in tasks if start >= frame]
    first = after[0] if after else (float("nan"), float("nan"))
    shown = marks["shown"] - frame
    drawing = max([length for start, length in after if start > first[0] and start < shown] or [0.0])
    socket = max(0.0, marks["socket"] - frame) if marks["socket"] is not None else float("nan")
    return {"task at": first[0], "task ms": first[1], "socket": socket, "shown": shown, "drawing": drawing}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--builds", default="wasm,js")
    parser.add_argument("--cpu", default="1", help="CPU slow-down rates (1: as is)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    address = first_load.lan_address()
    print("bench/after_first_frame.py:", machine_line(), f"at {address}")
    data = Path(tempfile.mkdtemp(prefix="tc-bench-frame-")) / "data"
    data.mkdir(parents=True)
    code = first_load.new_table(data)
    bare, real = FloorServer(plain=True, address=address).start(), Server(data, address=address).start()
    urls = {"bare": bare.url + "/", "app": f"{real.url}/join/{code}"}
    keys = ("task at", "task ms", "socket", "shown", "drawing")
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            try:
                for build in args.builds.split(","):
                    for cpu in (float(r) for r in args.cpu.split(",")):
                        loads = {app: [] for app in urls}
                        for _ in range(args.loads):
                            for app, url in urls.items():
                                loads[app].append(one_load(browser, url, app, build, cpu))
                        print(f"\n{build} build, CPU {'as is' if cpu == 1 else f'{cpu:g}x slower'}"
                              f" (p50 of {args.loads}; ms after Flutter's first frame)")
                        print("  " + " " * 6 + "".join(f"{key:>10s}" for key in keys))
                        for app, rows in loads.items():
                            print(f"  {app:6s}" + "".join(
                                f"{statistics.median(row[key] for row in rows):10.0f}" for key in keys))
            finally:
                browser.close()
    finally:
        real.stop()
        bare.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
