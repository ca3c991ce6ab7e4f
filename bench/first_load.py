"""Benchmark: what a phone downloads on its first visit, and how long until the first frame.

    .venv/bin/python bench/first_load.py [--runs 3] [--verbose]

Two servers run in this same process tree, each in its own subprocess on loopback:
- baseline: a bare Flet app served as Flet ships it (``flet_web.fastapi.app(no_cdn=True)``
  under uvicorn, no compression, no cache headers);
- real: ``companion serve`` (``companion/web.py``), opened at a table's join URL
  (``/join/<code>``), which is what a phone opens after scanning the QR.

For each, a fresh Chromium context (empty cache, 390x844) opens the page: bytes are the
sum over every response of CDP ``Network.loadingFinished.encodedDataLength`` (what crossed
the wire: compressed body + headers; the page's own requests, which include the wasm and
fonts). "First frame" is when Flutter removes ``#loading`` (``performance.now()`` in the
page, i.e. from navigation start), recorded by a MutationObserver installed before any
script runs. Then the same context opens the page again in a new tab: the cached visit.
Each visit waits for the network to settle (no new response for 1.5 s) before counting.
Goal: first visit at most 5 MiB.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _browser import (MIB, PHONE, FloorServer, NetCounter, Server, launch,  # noqa: E402
                      machine_line, wait_ready)

GOAL_MIB = 5.0

FIRST_FRAME_JS = """
(() => {
  window.__firstFrame = null;
  const check = () => {
    if (window.__firstFrame === null && document.readyState !== 'loading'
        && !document.getElementById('loading')) {
      window.__firstFrame = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true});
  document.addEventListener('DOMContentLoaded', check);
})();
"""


def settle(counter: NetCounter, quiet_s: float = 1.5, limit_s: float = 20) -> None:
    deadline = time.time() + limit_s
    last = (len(counter.requests), counter.total())
    quiet_since = time.time()
    while time.time() < deadline:
        time.sleep(0.25)
        now = (len(counter.requests), counter.total())
        if now != last:
            last, quiet_since = now, time.time()
        elif time.time() - quiet_since >= quiet_s:
            return


def visit(context, url: str) -> dict:
    page = context.new_page()
    counter = NetCounter(context, page)
    page.goto(url)
    wait_ready(page)
    first_frame = page.evaluate("() => window.__firstFrame")
    settle(counter)
    result = {"bytes": counter.total(), "first_frame_ms": first_frame, "rows": counter.rows(),
              "requests": len(counter.requests)}
    page.close()
    return result


def measure(browser, url: str) -> tuple[dict, dict]:
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(FIRST_FRAME_JS)
    try:
        first = visit(context, url)
        second = visit(context, url)
    finally:
        context.close()
    return first, second


def show_rows(rows: list[dict], limit: int = 12) -> None:
    for r in rows[:limit]:
        url = r.get("url", "?").split("/", 3)[-1]
        flag = " (cache)" if r.get("cached") else ""
        enc = r.get("encoding") or "-"
        print(f"      {r.get('bytes', 0) / 1024:9.1f} KiB  {r.get('status', '?')} {enc:5s} /{url}{flag}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3, help="fresh-cache visits per server")
    parser.add_argument("--verbose", action="store_true", help="list the biggest responses")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    print("bench/first_load.py:", machine_line())
    data = Path(tempfile.mkdtemp(prefix="tc-bench-load-")) / "data"
    data.mkdir(parents=True)
    made = subprocess.run([sys.executable, "-m", "companion", "new", "scorepad", "--players",
                           "Ann,Bo,Cy,Di,Ed,Flo", "--data", str(data), "--json"],
                          capture_output=True, text=True, check=True)
    import json

    code = json.loads(made.stdout)["code"]
    floor = FloorServer(plain=True).start()
    real = Server(data).start()
    results: dict[str, list[tuple[dict, dict]]] = {"baseline": [], "real": []}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            try:
                targets = {"baseline": floor.url + "/", "real": f"{real.url}/join/{code}"}
                for run in range(args.runs):
                    for name, url in targets.items():
                        results[name].append(measure(browser, url))
            finally:
                browser.close()
    finally:
        real.stop()
        floor.stop()

    labels = {"baseline": "baseline: bare Flet app as shipped (no gzip)",
              "real": "real: companion serve, /join/<code>"}
    summary = {}
    for name, runs in results.items():
        first_b = [f["bytes"] for f, _ in runs]
        first_t = [f["first_frame_ms"] for f, _ in runs]
        second_b = [s["bytes"] for _, s in runs]
        second_t = [s["first_frame_ms"] for _, s in runs]
        summary[name] = (statistics.median(first_b), statistics.median(first_t),
                         statistics.median(second_b), statistics.median(second_t))
        print(f"\n{labels[name]}  ({len(runs)} runs, medians; every run listed)")
        print(f"  first visit : {summary[name][0] / MIB:6.2f} MiB, first frame {summary[name][1]:6.0f} ms"
              f"   runs: {', '.join(f'{b / MIB:.2f} MiB/{t:.0f} ms' for b, t in zip(first_b, first_t))}")
        print(f"  second visit: {summary[name][2] / MIB:6.2f} MiB, first frame {summary[name][3]:6.0f} ms"
              f"   runs: {', '.join(f'{b / MIB:.3f} MiB/{t:.0f} ms' for b, t in zip(second_b, second_t))}")
        print(f"  requests    : {runs[0][0]['requests']} first visit, {runs[0][1]['requests']} second")
        if args.verbose:
            print("    first visit, biggest responses:")
            show_rows(runs[0][0]["rows"])
            print("    second visit, biggest responses:")
            show_rows(runs[0][1]["rows"], 6)

    real_first = summary["real"][0] / MIB
    base_first = summary["baseline"][0] / MIB
    print(f"\nfirst visit: real {real_first:.2f} MiB vs baseline {base_first:.2f} MiB "
          f"({real_first / base_first:.0%} of it); goal <= {GOAL_MIB:.0f} MiB: "
          f"{'MET' if real_first <= GOAL_MIB else 'NOT MET'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
