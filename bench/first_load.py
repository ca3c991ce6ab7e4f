"""Benchmark: a phone's first join, on both builds of Flet's web client, beside the bare Flet app.

    .venv/bin/python bench/first_load.py [--loads 5] [--builds wasm,js] [--cpu 1,4]
                                         [--loopback] [--encoding "gzip, deflate"] [--verbose]
                                         [--before DIR] [--pause S]

Two servers run side by side, each in its own subprocess, reached at the machine's LAN
address (``http://192.168.x.x:port``, as a phone at the table reaches the host; ``--loopback``:
at 127.0.0.1):
- bare: a minimal Flet app (a Text and a Button, ``bench/_browser.py``) served as
  ``ft.run`` serves it: ``flet_web.fastapi.app(no_cdn=True)`` under uvicorn, nothing added;
- app: ``companion serve`` (``companion/server/asgi.py``) at a table's join URL (``/join/<code>``),
  what a phone opens after scanning the QR.

Every load is a fresh Chromium context (empty cache, 390x844). Builds: "wasm" is Chromium
as it is (``main.dart.wasm`` + skwasm); "js" is Chromium posing as iPhone Safari (its user
agent and ``navigator.vendor``), which Flet's ``flutter.js`` gives the JavaScript build
(``main.dart.js`` + CanvasKit), as it does every iPhone and Firefox. CPU: "1" as it is,
"4" four times slower (CDP ``Emulation.setCPUThrottlingRate``: the page's main thread,
where a mid-range phone spends its first join; skwasm's worker is not slowed).

Times are the page's own (``performance.now()``, from navigation start); the split of
where a load's time goes is each load's own, then its p50:
- download: the last byte of the build's big files (``main.dart.*``, ``canvaskit/*``: CDP's
  ``Network.loadingFinished`` time, which counts the page's workers' requests too);
- start: Flutter's view is in the page (``flutter-view`` / ``flt-glass-pane``): the code is
  compiled and the engine runs; start - download is mostly compile and instantiate;
- frame: Flutter's first frame (its ``flutter-first-frame`` event, when Flet drops the logo);
  frame - start is Flutter's own start (engine, fonts, first layout);
- socket: Flet's websocket is open (the app's Python side starts from here; the app's page
  opens it while Flutter still loads, ``assets/comeback.js``, so it reads before "frame");
- shown: the app's own first screen drawn: two animation frames after the page's websocket
  brings the message that holds "Sit as " (the app) or the bare app's Text (Flutter draws a
  message's patch in the next frame; the accessibility tree, which costs seconds to build on
  a slow phone, stays off); shown - frame is the app's own first screen (its websocket,
  its Python side, the patch drawn).
Bytes: the sum of CDP ``Network.loadingFinished.encodedDataLength`` (body as sent, headers)
once the network is quiet: at the LAN address, what a phone at the table gets (Chromium
and Firefox send ``Accept-Encoding: gzip, deflate`` to a LAN ``http://`` page, with no
``br``: Brotli is only for secure pages, and loopback is one); the encodings the big
files came in are printed beside them. ``--encoding`` replaces what the browser advertises. The app sends zopfli's gzip and Brotli only once its copies are made (in the background,
a minute after a start, then kept in the user's cache folder): on a new machine, leave a
``companion serve`` running for a few minutes before the first run. Medians (p50) of ``--loads`` fresh loads per cell; loads of the two apps
alternate, so both meet the same machine. ``--before DIR`` adds a third server, the app
served from another checkout (an earlier commit), loaded in turn with the others: a
change's before and after in the same run.
Goals (same run): the app's "shown" at most 1.2x the bare app's first frame on each build
and CPU; the JavaScript build's first join at most 4.5 MiB on the wire.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _browser import (APPLE_VENDOR, IPHONE_SAFARI, MIB, PHONE, FloorServer,  # noqa: E402
                      NetCounter, Server, launch, machine_line)

SHOWN_GOAL = 1.2
"""The app's first screen, at most this many times the bare app's first frame."""
JS_BYTES_GOAL_MIB = 4.5
BIG_FILES = ("main.dart.js", "main.dart.wasm", "main.dart.mjs", "canvaskit.wasm", "canvaskit.js",
             "skwasm.wasm", "skwasm.js", "skwasm_heavy.wasm", "skwasm_heavy.js",
             "main.dart.js.br", "canvaskit.wasm.br")
"""The build's code and renderer (``.br``: the copies a LAN page decodes itself)."""
SHOWN_TEXT = {"bare": "floor none", "app": "Sit as ", "app-gzip": "Sit as ", "before": "Sit as "}
""""app-gzip" (``--gzip-arm``): the app with its page's Brotli requests refused, so it takes
the gzipped files, as before the page decoded Brotli itself (the time that decoding costs)."""
SPLIT = (("download", 9), ("compile", 8), ("flutter", 8), ("screen", 7), ("frame", 7), ("shown", 7))
"""The columns of a cell: where the time goes, then the two times of the goal."""

TIMING_JS = """
(() => {
  const marks = window.__load = {start: null, frame: null, socket: null, shown: null};
  const now = () => performance.now();
  window.addEventListener('flutter-first-frame', () => { marks.frame = now(); }, {once: true});
  new MutationObserver(() => {
    if (marks.start === null && document.querySelector('flutter-view, flt-glass-pane')) marks.start = now();
  }).observe(document, {childList: true, subtree: true});
  // the screen is drawn in the frame after the one that follows its message
  const drawn = () => requestAnimationFrame(() => requestAnimationFrame(() => {
    if (marks.shown === null) marks.shown = now();
  }));
  const look = (bytes) => {
    if (marks.shown === null && window.__shownText
        && new TextDecoder().decode(bytes).includes(window.__shownText)) drawn();
  };
  const Native = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new Native(...args);
    socket.addEventListener('open', () => { if (marks.socket === null) marks.socket = now(); });
    socket.addEventListener('message', (event) => {
      if (event.data instanceof ArrayBuffer) look(new Uint8Array(event.data));
      else if (event.data instanceof Blob) event.data.arrayBuffer().then((b) => look(new Uint8Array(b)));
      else look(new TextEncoder().encode(String(event.data)));
    });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""


def settle(counter: NetCounter, quiet_s: float = 1.5, limit_s: float = 20) -> None:
    """Wait until no response has come or finished for ``quiet_s``."""
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


def fresh_context(browser, build: str, encoding: str | None):
    """A phone with an empty cache, loading ``build`` ("wasm" or "js")."""
    options = {"viewport": PHONE}
    if build == "js":
        options["user_agent"] = IPHONE_SAFARI
    if encoding:
        options["extra_http_headers"] = {"Accept-Encoding": encoding}
    context = browser.new_context(**options)
    if build == "js":
        context.add_init_script(APPLE_VENDOR)
    context.add_init_script(TIMING_JS)
    return context


def load(browser, url: str, app: str, build: str, cpu: float, encoding: str | None) -> dict:
    """One fresh load of ``url``: its times (ms from navigation start) and bytes."""
    context = fresh_context(browser, build, encoding)
    if app == "app-gzip":
        context.route("**/*.br", lambda route: route.abort())
    try:
        page = context.new_page()
        counter = NetCounter(context, page)
        finished = []  # Playwright's view: it has the page's workers' requests, CDP's has not
        page.on("requestfinished", lambda request: finished.append(request))
        counter.cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.add_init_script(f"window.__shownText = {json.dumps(SHOWN_TEXT[app])};")
        page.goto(url)
        page.wait_for_function("() => window.__load && window.__load.shown !== null", timeout=120000)
        marks = page.evaluate("() => window.__load")
        origin = page.evaluate("() => performance.timeOrigin")
        settle(counter)
        big = [row["end"] - origin for row in counter.rows() if row.get("url", "").split("?")[0].endswith(BIG_FILES) and "end" in row]
        loaded = "wasm" if any(r.get("url", "").endswith("main.dart.wasm") for r in counter.rows()) else "js"
        if loaded != build:
            raise RuntimeError(f"{url}: asked for the {build} build, the page loaded {loaded}")
        download = max(big) if big else float("nan")
        encodings = {r.get("encoding") or "none" for r in counter.rows()
                     if r.get("url", "").split("?")[0].endswith(BIG_FILES)}
        return {**marks, "download": download, "compile": marks["start"] - download,
                "flutter": marks["frame"] - marks["start"], "screen": marks["shown"] - marks["frame"],
                "bytes": counter.total() + workers_bytes(counter, finished), "requests": len(counter.requests), "rows": counter.rows(),
                "encodings": encodings}
    finally:
        context.close()


def workers_bytes(counter: NetCounter, finished: list) -> int:
    """What the page's workers fetched (the Brotli decoder of a LAN page), which CDP's page
    session does not see: body and headers as received."""
    seen = {row.get("url") for row in counter.requests.values()}
    total = 0
    for request in finished:
        if request.url not in seen and not request.url.startswith(("blob:", "data:")):
            sizes = request.sizes()
            total += max(0, sizes["responseBodySize"]) + max(0, sizes["responseHeadersSize"])
    return total


def lan_address() -> str:
    """The machine's address on its network, as a phone at the table reaches it."""
    from companion.server.lan import candidate_addresses

    found = [a for a in candidate_addresses() if not a.startswith("127.")]
    if not found:
        raise SystemExit("no LAN address on this machine: run with --loopback")
    return found[0]


def new_table(data: Path) -> str:
    made = subprocess.run([sys.executable, "-m", "companion", "new", "scorepad", "--players",
                           "Ann,Bo,Cy,Di,Ed,Flo", "--data", str(data), "--json"],
                          capture_output=True, text=True, check=True)
    return json.loads(made.stdout)["code"]


def median(loads: list[dict], key: str) -> float:
    return statistics.median(x[key] for x in loads)


def show_cell(build: str, cpu: float, cell: dict[str, list[dict]], verbose: bool) -> dict:
    """Print one build x CPU cell; return its figures for the goals."""
    print(f"\n{build} build, CPU {'as is' if cpu == 1 else f'{cpu:g}x slower'}"
          f" (p50 of {len(cell['app'])} fresh loads; ms from navigation start)")
    print(f"  {'':8s} {'MiB':>6s} {'req':>4s} {'download':>9s} {'compile':>8s} {'flutter':>8s}"
          f" {'screen':>7s} {'frame':>7s} {'shown':>7s}   big files as   shown, every load")
    for app, loads in cell.items():
        print(f"  {app:8s} {median(loads, 'bytes') / MIB:6.2f} {loads[0]['requests']:4d}"
              + "".join(f" {median(loads, key):{width}.0f}" for key, width in SPLIT)
              + f"   {'+'.join(sorted(set().union(*(x['encodings'] for x in loads)))):12s}   "
              + ", ".join(f"{x['shown']:.0f}" for x in loads))
        if verbose:
            for row in loads[0]["rows"][:10]:
                url = row.get("url", "?").split("/", 3)[-1]
                print(f"        {row.get('bytes', 0) / 1024:8.1f} KiB {row.get('encoding') or '-':5s} /{url}")
    ratio = median(cell["app"], "shown") / median(cell["bare"], "frame")
    print(f"  the app's \"Sit as ...\" / the bare app's first frame: {ratio:.2f}x"
          f" (goal <= {SHOWN_GOAL}x: {'MET' if ratio <= SHOWN_GOAL else 'NOT MET'})")
    return {"ratio": ratio, "app_bytes": median(cell["app"], "bytes")}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loads", type=int, default=5, help="fresh loads per app, build and CPU")
    parser.add_argument("--builds", default="wasm,js")
    parser.add_argument("--cpu", default="1,4", help="CPU slow-down rates (1: as is)")
    parser.add_argument("--encoding", help='Accept-Encoding the phones send, e.g. "gzip, deflate"')
    parser.add_argument("--gzip-arm", action="store_true",
                        help='also load the app with its Brotli requests refused ("app-gzip")')
    parser.add_argument("--loopback", action="store_true",
                        help="reach the servers at 127.0.0.1 (a secure page: Brotli), not the LAN address")
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="also load the app served from the checkout in DIR (\"before\": e.g. "
                             "`git archive COMMIT | tar -x -C DIR`), a change's before beside its after")
    parser.add_argument("--pause", type=float, default=0.0, metavar="S",
                        help="seconds to wait after each load: the page just closed (the bare "
                             "app's 15 MiB build) is torn down on the same cores as the next load")
    parser.add_argument("--verbose", action="store_true", help="list the biggest responses")
    args = parser.parse_args()
    builds = args.builds.split(",")
    rates = [float(r) for r in args.cpu.split(",")]

    from playwright.sync_api import sync_playwright

    address = "127.0.0.1" if args.loopback else lan_address()
    print("bench/first_load.py:", machine_line(), f"at {address},",
          f"Accept-Encoding: {args.encoding or 'as Chromium sends'}")
    data = Path(tempfile.mkdtemp(prefix="tc-bench-load-")) / "data"
    data.mkdir(parents=True)
    code = new_table(data)
    bare, real = FloorServer(plain=True, address=address).start(), Server(data, address=address).start()
    urls = {"bare": bare.url + "/", "app": f"{real.url}/join/{code}"}
    if args.gzip_arm:
        urls["app-gzip"] = urls["app"]
    before = Server(data, address=address, root=args.before.resolve()).start() if args.before else None
    if before:
        urls["before"] = f"{before.url}/join/{code}"
    results = {}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            try:
                for build in builds:
                    for cpu in rates:
                        cell = results[build, cpu] = {app: [] for app in urls}
                        for _ in range(args.loads):
                            for app, url in urls.items():
                                cell[app].append(load(browser, url, app, build, cpu, args.encoding))
                                time.sleep(args.pause)
                        show_cell(build, cpu, cell, args.verbose)
            finally:
                browser.close()
    finally:
        real.stop()
        bare.stop()
        if before:
            before.stop()
    return summary(results)


def summary(results: dict) -> int:
    print("\nsummary (p50)          bare MiB  app MiB   bare frame  app shown  ratio")
    for (build, cpu), cell in results.items():
        ratio = median(cell["app"], "shown") / median(cell["bare"], "frame")
        print(f"  {build:4s} CPU {'as is' if cpu == 1 else f'{cpu:g}x':5s}       "
              f"{median(cell['bare'], 'bytes') / MIB:6.2f}   {median(cell['app'], 'bytes') / MIB:6.2f}"
              f"   {median(cell['bare'], 'frame'):8.0f}   {median(cell['app'], 'shown'):8.0f}   {ratio:.2f}x")
        if "before" in cell:
            earlier = median(cell["before"], "shown")
            print(f"       the app before (--before):   {median(cell['before'], 'bytes') / MIB:6.2f}"
                  f"              {earlier:8.0f}   {earlier / median(cell['bare'], 'frame'):.2f}x")
        if "app-gzip" in cell:
            gzipped = median(cell["app-gzip"], "shown")
            print(f"       the app, gzip only:          {median(cell['app-gzip'], 'bytes') / MIB:6.2f}"
                  f"              {gzipped:8.0f}   {gzipped / median(cell['bare'], 'frame'):.2f}x")
    js = [median(cell["app"], "bytes") / MIB for (build, _), cell in results.items() if build == "js"]
    if js:
        print(f"JavaScript build, the app's first join: {max(js):.2f} MiB on the wire"
              f" (goal <= {JS_BYTES_GOAL_MIB} MiB: {'MET' if max(js) <= JS_BYTES_GOAL_MIB else 'NOT MET'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
