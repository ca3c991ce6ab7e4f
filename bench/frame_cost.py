"""Benchmark: what one action costs the browsers, per frame, beside the floor app's.

    .venv/bin/python bench/frame_cost.py [--actions 12] [--block 5] [--bystander] [--tree-off]

Where ``bench/latency.py`` times an action from tap to shown, this one looks inside the
browsers, with 2 phones per app so they do not wait for each other: the same score-pad
table and the same bare Flet broadcast app (the floor), the same taps. Both apps are open
at once and take turns, ``--block`` actions at a time, so that a ratio compares the two at
the same moments of the machine (run one after the other, the floor's own figure moved by
half from one run to the next: 2.75-4.11 ms). Per app it prints
- frames per action on the acting phone and on the receiving one (Flutter asks for each
  frame with ``requestAnimationFrame``: counted in the page for 0.8 s after the tap);
- raster per frame: Chromium without GPU draws Flutter's WebGL through SwiftShader and reads
  each frame back (``GLES2::ReadPixels`` in its trace); that call's duration is the frame's
  raster time, median over every frame of both phones during the actions;
- main-thread script time per action on the receiving phone (``Performance.getMetrics``,
  its ``ScriptDuration``: the goal's figure), and beside it the main thread's CPU time per
  action (``ThreadTime``: script, style, layout and paint alike);
- patches per action on the receiving phone (websocket messages from the server): a browser
  may draw a frame between two patches of one move, so each patch may cost a frame.

The two phones take turns, so the receiving phone is always the one that made the move
before: its Undo goes away with every move (Undo is the last mover's). ``--bystander``
adds a third phone that never acts (at a table of six, four of the five phones a move
reaches), and prints the same figures for it beside the floor's third page. The goal line
stays on the receiving phone, as the issue measured it.

The bench finds what to tap by its label in Flutter's accessibility tree, so by default every
page has the tree on, as the issue measured; with it on, each frame also updates a DOM tree of
labels (measured: reading each moved label's size, ``offsetWidth``, a forced layout). A phone
at the table has it off unless a screen reader runs: ``--tree-off`` measures both apps that
way (:class:`TreeOff`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import latency  # noqa: E402
from _browser import launch, machine_line  # noqa: E402
from latency import FloorBench, RealBench  # noqa: E402

BLOCK = 5  # actions in a row on one app (the apps' blocks take turns)

# every frame Flutter asks for, on the same clock as the probe's tap time
latency.PROBE_JS += latency.SOCKET_JS + r"""
(() => {
  const t = window.__frames = {at: []};
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((ts) => {
    t.at.push(performance.timeOrigin + performance.now()); cb(ts); });
  const patches = window.__patches = {at: []};  // the app's patches, counted as they arrive
  window.__tcOnMessage.push(() => patches.at.push(performance.timeOrigin + performance.now()));
})();
"""


class Figures:
    """A page's (or a role's) figures per action, and their medians."""

    def __init__(self):
        self.values = {"script": [], "cpu": [], "patches": [], "frames": []}

    def add(self, action: dict) -> None:
        for name, value in action.items():
            self.values[name].append(value)

    def medians(self) -> dict:
        return {name: statistics.median(values) for name, values in self.values.items()}


class Watch:
    """One page's cost per action: the main thread's script and CPU time, and the patches
    and frames it got, between a tap and 0.8 s after it."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")
        self.before = None

    def start(self) -> None:
        self.before = metrics(self.cdp)

    def stop(self, click: float) -> dict:
        after = metrics(self.cdp)
        patches = self.page.evaluate("() => window.__patches.at")
        frames = self.page.evaluate("() => window.__frames.at")
        return {"script": (after["ScriptDuration"] - self.before["ScriptDuration"]) * 1000,
                "cpu": (after["ThreadTime"] - self.before["ThreadTime"]) * 1000,
                "patches": sum(1 for t in patches if click <= t <= click + 800),
                "frames": sum(1 for t in frames if click <= t <= click + 800)}


class TreeOff:
    """``--tree-off``: every phone of a bench as a phone without a screen reader, with
    Flutter's accessibility tree off (the bench's own way to find what to tap needs it on,
    and on a page with it on every frame also updates a DOM tree of labels).

    Each page is opened afresh at its seat (the seat's token is in the phone's storage)
    after the targets' places were read from the tree once (after the warm-up, when no
    "Your turn" banner comes or goes): the same screen at the same size draws them in the
    same places. A tap is a click there; the points are typed after a click in the box and
    a select-all; an action is done when every other phone has had a patch after the tap
    (nothing on those pages can be read by label)."""

    def __init__(self, bench):
        self.bench = bench
        self.places = []
        real = isinstance(bench, RealBench)
        for phone in bench.phones:
            if real:
                box = phone.field(f"{phone.name}'s points").bounding_box()
                save = phone.button("Save").first.bounding_box()
                self.places.append({"box": box, "tap": save})
            else:
                self.places.append({"tap": phone.button("Send").first.bounding_box()})
        for phone in bench.phones:
            fresh = phone.context.new_page()
            fresh.goto(phone.page.url)
            fresh.wait_for_function("() => !document.getElementById('loading')", timeout=60000)
            fresh.wait_for_function("() => window.__patches && window.__patches.at.length > 0",
                                    timeout=30000)
            phone.page.close()
            phone.page = fresh
        time.sleep(3)  # let each seat's screen settle
        for phone in bench.phones:
            if phone.page.evaluate("() => document.querySelectorAll('flt-semantics').length"):
                raise RuntimeError(f"{bench.name}: {phone.name}'s page has an accessibility tree")

    @staticmethod
    def centre(place: dict) -> tuple[float, float]:
        return place["x"] + place["width"] / 2, place["y"] + place["height"] / 2

    def act(self, k: int) -> None:
        bench = self.bench
        actor = bench.actor(k)
        place = self.places[bench.phones.index(actor)]
        page = actor.page
        if "box" in place:
            page.mouse.click(*self.centre(place["box"]))
            page.keyboard.press("Control+A")
            page.keyboard.type(str(100 + k))
        page.wait_for_timeout(250)  # as the bench's own act: the keystrokes' events settle
        page.evaluate("() => { window.__tc.armed = true; window.__tc.clickAt = null; }")
        page.mouse.click(*self.centre(place["tap"]))
        click = page.evaluate("() => window.__tc.clickAt")
        if click is None:
            raise RuntimeError(f"{bench.name}: the tap was not seen by the acting page")
        for other in bench.phones:
            if other is not actor:
                other.page.wait_for_function(
                    "(t) => window.__patches.at.some((at) => at >= t)", arg=click, polling=20,
                    timeout=30000)


class Run:
    """One app's phones measured action by action: the receiving seat alternates between
    the first two phones (the receiving phone made the move before); a third, if any, only
    watches. Actions come in blocks (:meth:`block`), and the apps' blocks take turns, so
    both apps meet the same moments of a shared machine (see the module's docstring); each block is traced on its own, so every frame's
    raster time is the app's own."""

    def __init__(self, bench, tree_off: bool):
        self.bench = bench
        bench.turns = 2  # the first two take turns; a third phone, if any, only watches
        for k in range(2):  # warm-up (after it the screens keep their layout: no "Your turn" banner)
            bench.act(k, record=False)
        self.act = TreeOff(bench).act if tree_off else (lambda k: bench.act(k, record=False))
        self.watches = [Watch(phone.page) for phone in bench.phones]
        self.roles = {role: Figures() for role in ("receiver", "bystander")}
        self.actor_frames: list[int] = []
        self.raster: list[float] = []  # every phone's frames during the actions
        self.events, self.traced = [], []
        tracer = self.watches[0].cdp  # a trace is the whole browser's: traced per block
        tracer.on("Tracing.dataCollected", lambda ev: self.events.extend(ev["value"]))
        tracer.on("Tracing.tracingComplete", lambda ev: self.traced.append(1))

    def block(self, ks: range) -> None:
        bench, watches = self.bench, self.watches
        self.events.clear()
        self.traced.clear()
        watches[0].cdp.send("Tracing.start", {"categories": "gpu", "transferMode": "ReportEvents"})
        for k in ks:
            actor = bench.actor(k)
            watched = {"receiver": watches[(k + 1) % 2]}
            if len(watches) > 2:
                watched["bystander"] = watches[2]
            for watch in watched.values():
                watch.start()
            self.act(k)
            click = actor.page.evaluate("() => window.__tc.clickAt")
            time.sleep(0.8)
            at = actor.page.evaluate("() => window.__frames.at")
            self.actor_frames.append(sum(1 for t in at if click <= t <= click + 800))
            for role, watch in watched.items():
                self.roles[role].add(watch.stop(click))
        watches[0].cdp.send("Tracing.end")
        while not self.traced:
            bench.phones[0].page.wait_for_timeout(50)
        self.raster += [e["dur"] / 1000 for e in self.events
                        if e.get("name") == "GLES2::ReadPixels" and "dur" in e]

    def result(self) -> dict:
        seen = self.roles["receiver"].medians()
        return {"actor frames": statistics.median(self.actor_frames),
                "receiver frames": seen["frames"],
                "raster per frame": statistics.median(self.raster) if self.raster else float("nan"),
                "frames traced": len(self.raster),
                "receiver script": seen["script"],
                "receiver cpu": seen["cpu"],
                "receiver patches": seen["patches"],
                "two frames or more": sum(1 for n in self.roles["receiver"].values["frames"] if n >= 2),
                "bystander": (self.roles["bystander"].medians()
                              if self.roles["bystander"].values["script"] else None)}


def measure(benches: list, actions: int, tree_off: bool = False, block: int = BLOCK) -> dict:
    """Each app's figures (by its name), the apps' blocks of actions taking turns."""
    runs = [Run(bench, tree_off) for bench in benches]
    k = 2
    while k < 2 + actions:
        ks = range(k, min(k + block, 2 + actions))
        for run in runs:
            run.block(ks)
        k = ks.stop
    return {run.bench.name: run.result() for run in runs}


def metrics(cdp) -> dict:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=12)
    parser.add_argument("--block", type=int, default=BLOCK,
                        help="actions in a row on one app before the other app's turn")
    parser.add_argument("--bystander", action="store_true",
                        help="a third phone that never acts, measured beside the receiving one")
    parser.add_argument("--tree-off", action="store_true",
                        help="every phone with Flutter's accessibility tree off, as a phone without "
                             "a screen reader (the bench taps by place, not by label)")
    args = parser.parse_args()
    names = ["Ann", "Bo", "Cy"] if args.bystander else ["Ann", "Bo"]
    from playwright.sync_api import sync_playwright

    print("bench/frame_cost.py:", machine_line())
    data = Path(tempfile.mkdtemp(prefix="tc-bench-frames-")) / "data"
    data.mkdir(parents=True)
    with sync_playwright() as pw:
        browser = launch(pw)
        benches = []
        try:
            benches.append(FloorBench(browser, names))
            benches.append(RealBench(browser, data, names))
            results = measure(benches, args.actions, args.tree_off, args.block)
        finally:
            for bench in benches:
                for phone in bench.phones:
                    phone.close()
                bench.stop()
            browser.close()
    tree = ("off on every page (--tree-off: as a phone without a screen reader)" if args.tree_off
            else "on (the bench finds what to tap by its label)")
    print(f"\n{len(names)} phones per app, {args.actions} actions each in blocks of {args.block}, the apps "
          f"taking turns (medians); Flutter's accessibility "
          f"tree {tree}:")
    for name, r in results.items():
        print(f"  {name:5}: raster per frame {r['raster per frame']:5.2f} ms ({r['frames traced']} frames); "
              f"frames per action: acting phone {r['actor frames']:.0f}, receiving phone "
              f"{r['receiver frames']:.0f} ({r['two frames or more']} of {args.actions} actions with 2 or more), "
              f"patches {r['receiver patches']:.0f}; receiving phone's script per action "
              f"{r['receiver script']:5.2f} ms, main-thread CPU {r['receiver cpu']:5.2f} ms")
    floor, real = results.get("floor"), results.get("real")
    if floor and real and real["bystander"] and floor["bystander"]:
        mine, base = real["bystander"], floor["bystander"]
        print(f"\nthe bystander (never acts): script per action {mine['script']:5.2f} ms against the "
              f"floor's {base['script']:5.2f} ms: {mine['script'] / base['script']:.1f}x; main-thread CPU "
              f"{mine['cpu'] / base['cpu']:.1f}x; patches {mine['patches']:.0f}, frames {mine['frames']:.0f}")
    if floor and real:
        ratio = real["receiver script"] / floor["receiver script"]
        print(f"\ngoal (issue 25): the receiving phone's script per action <= 2.5x the bare app's "
              f"(tree {'off' if args.tree_off else 'on'}): {ratio:.1f}x, {'MET' if ratio <= 2.5 else 'NOT MET'} (main-thread CPU: "
              f"{real['receiver cpu'] / floor['receiver cpu']:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
