"""Benchmark: phone-to-phone latency on one score-pad table, beside Flet's raw pubsub floor.

    .venv/bin/python bench/latency.py [--actions 50] [--warmup 6] [--block 10]
                                      [--phones 6] [--browser-per-phone] [--split]

Two servers, each in its own subprocess on loopback, served the same way (Flet's FastAPI
app with ``no_cdn=True`` under uvicorn, one worker, gzip):
- real: ``companion serve``; 6 Chromium phones (390x844) each sit at one seat of a
  6-player score-pad table. Action k: phone k % 6 types its points (100 + k) and taps
  Save; done when "<name> total <100 + k>" shows on the 5 other phones.
- floor: a bare Flet broadcast app (``bench/_browser.py``): a tap on "Send" in one page
  does ``page.pubsub.send_all("m<n>")`` and every page sets a Text to it. The same 6-phone
  rotation; done when "floor m<n>" shows on the 5 other pages.

Both apps have 6 pages open in the same Chromium at once; actions alternate between them in
blocks (``--block``) so that machine noise falls on both alike. Timing is taken in the pages
themselves: the acting page records the ``pointerup`` of the tap (capture phase, before the
app sees it) and every other page runs a MutationObserver over the DOM (Flutter's semantics
tree) that records the moment the expected label appears; both are
``performance.timeOrigin + performance.now()``, one machine clock. An action's latency is the
slowest of the 5 other phones. Typing happens before the tap and is not counted.
Goal: real p95 at most 1.5x the floor's p95.

``--split`` also says where the time goes: each phone's socket is watched, and an action's
latency is split into tap -> the patch carrying the label reaches the slowest phone's page
(the server's work, the network, a page busy with something else) and patch -> shown on
each phone (the page's own frame). Flet's frames are msgpack, whose strings travel as
UTF-8, so the label's bytes are found in the patch that carries it.

``--phones 2 --browser-per-phone`` is the contrast: each phone in a Chromium of its own (its
own GPU process), so the one receiving phone waits for nobody but the server, as a real phone
at a real table does.
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

from _browser import (FloorServer, Server, launch, machine_line, percentile)  # noqa: E402
from tests.browser.harness import Phone  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
GOAL_RATIO = 1.5

PROBE_JS = r"""
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const t = window.__tc = {expect: null, seenAt: null, armed: false, clickAt: null};
  const present = (label) => {
    for (const el of document.querySelectorAll('[aria-label]')) {
      if (el.getAttribute('aria-label') === label) return true;
    }
    for (const el of document.querySelectorAll('flt-semantics, flt-semantics span')) {
      if (el.childElementCount === 0 && el.textContent === label) return true;
    }
    return false;
  };
  t.check = () => {
    if (t.expect !== null && t.seenAt === null && present(t.expect)) t.seenAt = now();
  };
  t.watch = (label) => { t.expect = label; t.seenAt = null; t.check(); return t.seenAt === null; };
  new MutationObserver(t.check).observe(document, {subtree: true, childList: true,
                                                     attributes: true, characterData: true});
  window.addEventListener('pointerup', () => {
    if (t.armed) { t.clickAt = now(); t.armed = false; }
  }, true);
})();
"""


SOCKET_JS = r"""
(() => {
  if (window.__tcOnMessage) return;  // one hook, whichever probes use it
  const listeners = window.__tcOnMessage = [];
  const Socket = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Socket(...args);
    // added first: runs before the app's own handler
    ws.addEventListener('message', (ev) => { for (const listen of listeners) listen(ev); });
    return ws;
  };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""
"""Every page's websocket messages, handed to ``window.__tcOnMessage``'s listeners as they
arrive (the app's patches: ``--split`` here, the patch count of ``bench/frame_cost.py``)."""

SPLIT_JS = SOCKET_JS + r"""
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const t = window.__tc;
  const contains = (hay, needle) => {
    outer: for (let i = 0; i + needle.length <= hay.length; i++) {
      for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
      return true;
    }
    return false;
  };
  const watch = t.watch;
  t.watch = (label) => { t.bytes = new TextEncoder().encode(label); t.patchAt = null; return watch(label); };
  window.__tcOnMessage.push((ev) => {
    if (!t.bytes || t.patchAt !== null || !(ev.data instanceof ArrayBuffer)) return;
    if (contains(new Uint8Array(ev.data), t.bytes)) t.patchAt = now();
  });
})();
"""


def new_phone(browser, name: str, split: bool = False) -> Phone:
    """``browser``: one Chromium for every phone, or a list with one per phone (popped)."""
    if isinstance(browser, list):
        browser = browser.pop(0)
    phone = Phone(browser, name)
    phone.context.add_init_script(PROBE_JS + (SPLIT_JS if split else ""))
    return phone


class Bench:
    """One app with its 6 phones; ``act(k)`` returns action k's latency in ms."""

    name = ""

    def __init__(self, split: bool = False):
        self.latencies: list[float] = []
        self.per_phone: list[float] = []
        self.split = split
        self.to_patch: list[float] = []  # --split: tap -> patch at the slowest phone's page
        self.patch_to_shown: list[float] = []  # --split: per phone, patch -> shown

    turns: int | None = None
    """How many of the phones take turns acting (the first ones); None: all of them."""

    def actor(self, k: int) -> Phone:
        return self.phones[k % (self.turns or len(self.phones))]

    def prepare(self, k: int) -> tuple[Phone, str]:
        raise NotImplementedError

    def tap(self, phone: Phone) -> None:
        raise NotImplementedError

    def act(self, k: int, record: bool) -> float:
        actor, label = self.prepare(k)
        others = [p for p in self.phones if p is not actor]
        for other in others:
            if not other.page.evaluate("(label) => window.__tc.watch(label)", label):
                raise RuntimeError(f"{self.name}: {label!r} already shown before the tap")
        actor.page.evaluate("() => { window.__tc.armed = true; window.__tc.clickAt = null; }")
        self.tap(actor)
        seen = []
        for other in others:
            try:
                other.page.wait_for_function("() => window.__tc.seenAt !== null", polling=20,
                                             timeout=30000)
            except Exception:
                shots = Path(tempfile.gettempdir()) / "tc-bench-latency-failure"
                for p in self.phones:
                    p.screenshot(shots / f"{p.name}.png")
                raise RuntimeError(f"{self.name} action {k}: {other.name} never showed {label!r} "
                                   f"(screenshots in {shots})") from None
            seen.append(other.page.evaluate("() => [window.__tc.seenAt, window.__tc.patchAt]"))
        click_at = actor.page.evaluate("() => window.__tc.clickAt")
        if click_at is None:
            raise RuntimeError(f"{self.name}: the tap was not seen by the acting page")
        delays = [shown - click_at for shown, _ in seen]
        if record:
            self.latencies.append(max(delays))
            self.per_phone.extend(delays)
            if self.split:
                if any(patch is None for _, patch in seen):
                    raise RuntimeError(f"{self.name} action {k}: a phone showed {label!r} "
                                       "without a patch carrying it")
                self.to_patch.append(max(patch - click_at for _, patch in seen))
                self.patch_to_shown.extend(shown - patch for shown, patch in seen)
        return max(delays)


class RealBench(Bench):
    name = "real"

    def __init__(self, browser, data: Path, players: list[str] = PLAYERS, split: bool = False):
        super().__init__(split)
        made = subprocess.run([sys.executable, "-m", "companion", "new", "scorepad", "--players",
                               ",".join(players), "--data", str(data), "--json"],
                              capture_output=True, text=True, check=True)
        self.code = json.loads(made.stdout)["code"]
        self.server = Server(data).start()
        self.phones = []
        for name in players:
            phone = new_phone(browser, name, split)
            phone.open(f"{self.server.url}/join/{self.code}")
            phone.tap(f"Sit as {name}")
            phone.field(f"{name}'s points", timeout=30000)
            phone.enable_semantics()
            self.phones.append(phone)

    def prepare(self, k: int) -> tuple[Phone, str]:
        phone = self.actor(k)
        points = 100 + k
        phone.type_into(f"{phone.name}'s points", str(points))
        phone.page.wait_for_timeout(250)  # let the keystrokes' change events settle
        return phone, f"{phone.name} total {points}"

    def tap(self, phone: Phone) -> None:
        phone.tap("Save")

    def stop(self):
        self.server.stop()


class FloorBench(Bench):
    name = "floor"

    def __init__(self, browser, players: list[str] = PLAYERS, split: bool = False):
        super().__init__(split)
        self.server = FloorServer().start()
        self.sent = 0
        self.phones = []
        for name in players:
            phone = new_phone(browser, "floor-" + name, split)
            phone.open(self.server.url + "/")
            phone.button("Send").first.wait_for(timeout=30000)
            self.phones.append(phone)

    def prepare(self, k: int) -> tuple[Phone, str]:
        self.sent += 1
        phone = self.actor(k)
        phone.page.wait_for_timeout(250)  # the same pause as the real app's typing
        return phone, f"floor m{self.sent}"

    def tap(self, phone: Phone) -> None:
        phone.tap("Send")

    def stop(self):
        self.server.stop()


def stats(values: list[float]) -> str:
    return (f"p50 {statistics.median(values):6.1f} ms  p95 {percentile(values, 0.95):6.1f} ms  "
            f"min {min(values):6.1f}  max {max(values):6.1f}  (n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=6)
    parser.add_argument("--block", type=int, default=10)
    parser.add_argument("--phones", type=int, default=len(PLAYERS), choices=range(2, len(PLAYERS) + 1))
    parser.add_argument("--browser-per-phone", action="store_true")
    parser.add_argument("--split", action="store_true")
    args = parser.parse_args()
    players = PLAYERS[:args.phones]

    from playwright.sync_api import sync_playwright

    print("bench/latency.py:", machine_line())
    data = Path(tempfile.mkdtemp(prefix="tc-bench-latency-")) / "data"
    data.mkdir(parents=True)
    started = time.time()
    with sync_playwright() as pw:
        browsers = [launch(pw) for _ in range(2 * len(players) if args.browser_per_phone else 1)]
        browser = browsers[0]
        benches: list[Bench] = []
        try:
            benches.append(FloorBench(browsers[:len(players)] if args.browser_per_phone else browser,
                                      players, split=args.split))
            benches.append(RealBench(browsers[len(players):] if args.browser_per_phone else browser,
                                     data, players, split=args.split))
            n = len(players)
            where = "one Chromium per phone" if args.browser_per_phone else "all in one Chromium"
            print(f"{2 * n} pages ready in {time.time() - started:.0f} s ({n} floor, {n} real; {where})")
            counters = {b.name: 0 for b in benches}
            for bench in benches:
                for _ in range(args.warmup):
                    bench.act(counters[bench.name], record=False)
                    counters[bench.name] += 1
            while any(len(b.latencies) < args.actions for b in benches):
                for bench in benches:
                    for _ in range(min(args.block, args.actions - len(bench.latencies))):
                        bench.act(counters[bench.name], record=True)
                        counters[bench.name] += 1
        finally:
            for bench in benches:
                for phone in bench.phones:
                    try:
                        phone.close()
                    except Exception:
                        pass
                bench.stop()
            for each in browsers:
                each.close()

    by_name = {b.name: b for b in benches}
    floor, real = by_name["floor"], by_name["real"]
    print(f"\ntap on one phone -> shown on all {len(players) - 1} others ({args.actions} actions each, "
          f"{args.warmup} warm-up actions not counted, interleaved in blocks of {args.block}):")
    print(f"  floor (bare Flet pubsub broadcast): {stats(floor.latencies)}")
    print(f"  real  (score pad, companion serve): {stats(real.latencies)}")
    print(f"  per receiving phone ({len(players) - 1} per action):")
    print(f"    floor: {stats(floor.per_phone)}")
    print(f"    real : {stats(real.per_phone)}")
    if args.split:
        print("  split: tap -> the patch reaches the slowest phone's page (server, network, a busy page):")
        print(f"    floor: {stats(floor.to_patch)}")
        print(f"    real : {stats(real.to_patch)}")
        print("  split: patch -> shown, per receiving phone (the page's own frame):")
        print(f"    floor: {stats(floor.patch_to_shown)}")
        print(f"    real : {stats(real.patch_to_shown)}")
    ratio = percentile(real.latencies, 0.95) / percentile(floor.latencies, 0.95)
    print(f"\nreal p95 / floor p95 = {ratio:.2f}x; goal <= {GOAL_RATIO}x: "
          f"{'MET' if ratio <= GOAL_RATIO else 'NOT MET'}  (total {time.time() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
