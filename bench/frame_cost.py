"""Benchmark: what one action costs the browsers, per frame, beside the floor app's.

    .venv/bin/python bench/frame_cost.py [--actions 12]

Where ``bench/latency.py`` times an action from tap to shown, this one looks inside the
browsers, with 2 phones per app so they do not wait for each other: the same score-pad
table and the same bare Flet broadcast app (the floor), the same taps. Per app it prints
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


def measure(bench, actions: int) -> dict:
    bench.turns = 2  # the first two take turns; a third phone, if any, only watches
    for k in range(2):  # warm-up
        bench.act(k, record=False)
    receiver_metrics, receiver_cpu, patches = [], [], []
    frames = {"actor": [], "receiver": []}
    watched = {"script": [], "cpu": [], "patches": [], "frames": []}  # the bystander, if any
    sessions = []
    for phone in bench.phones:
        cdp = phone.context.new_cdp_session(phone.page)
        cdp.send("Performance.enable")
        sessions.append(cdp)
    # one trace for the whole browser (only these 2 pages are open): both phones' frames
    events, done = [], []
    tracer = sessions[0]
    tracer.on("Tracing.dataCollected", lambda ev: events.extend(ev["value"]))
    tracer.on("Tracing.tracingComplete", lambda ev: done.append(1))
    tracer.send("Tracing.start", {"categories": "gpu", "transferMode": "ReportEvents"})
    for k in range(2, 2 + actions):
        actor = bench.phones[k % 2]
        receiver = bench.phones[(k + 1) % 2]
        before = {m["name"]: m["value"] for m in sessions[(k + 1) % 2].send(
            "Performance.getMetrics")["metrics"]}
        aside = metrics(sessions[2]) if len(sessions) > 2 else None
        bench.act(k, record=False)
        click = actor.page.evaluate("() => window.__tc.clickAt")
        time.sleep(0.8)
        for role, phone in (("actor", actor), ("receiver", receiver)):
            at = phone.page.evaluate("() => window.__frames.at")
            frames[role].append(sum(1 for t in at if click <= t <= click + 800))
        got = receiver.page.evaluate("() => window.__patches.at")
        patches.append(sum(1 for t in got if click <= t <= click + 800))
        after = {m["name"]: m["value"] for m in sessions[(k + 1) % 2].send(
            "Performance.getMetrics")["metrics"]}
        receiver_metrics.append((after["ScriptDuration"] - before["ScriptDuration"]) * 1000)
        receiver_cpu.append((after["ThreadTime"] - before["ThreadTime"]) * 1000)
        if aside is not None:
            bystander, later = bench.phones[2], metrics(sessions[2])
            watched["script"].append((later["ScriptDuration"] - aside["ScriptDuration"]) * 1000)
            watched["cpu"].append((later["ThreadTime"] - aside["ThreadTime"]) * 1000)
            got = bystander.page.evaluate("() => window.__patches.at")
            watched["patches"].append(sum(1 for t in got if click <= t <= click + 800))
            at = bystander.page.evaluate("() => window.__frames.at")
            watched["frames"].append(sum(1 for t in at if click <= t <= click + 800))
    tracer.send("Tracing.end")
    while not done:
        bench.phones[0].page.wait_for_timeout(50)
    traces = [e["dur"] / 1000 for e in events if e.get("name") == "GLES2::ReadPixels" and "dur" in e]
    return {"actor frames": statistics.median(frames["actor"]),
            "receiver frames": statistics.median(frames["receiver"]),
            "raster per frame": statistics.median(traces) if traces else float("nan"),
            "frames traced": len(traces),
            "receiver script": statistics.median(receiver_metrics),
            "receiver cpu": statistics.median(receiver_cpu),
            "receiver patches": statistics.median(patches),
            "two frames or more": sum(1 for n in frames["receiver"] if n >= 2),
            "bystander": {name: statistics.median(values) for name, values in watched.items()}
            if watched["script"] else None}


def metrics(cdp) -> dict:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=12)
    parser.add_argument("--bystander", action="store_true",
                        help="a third phone that never acts, measured beside the receiving one")
    args = parser.parse_args()
    names = ["Ann", "Bo", "Cy"] if args.bystander else ["Ann", "Bo"]
    from playwright.sync_api import sync_playwright

    print("bench/frame_cost.py:", machine_line())
    data = Path(tempfile.mkdtemp(prefix="tc-bench-frames-")) / "data"
    data.mkdir(parents=True)
    results = {}
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            for make in (lambda: FloorBench(browser, names),
                         lambda: RealBench(browser, data, names)):
                bench = make()
                try:
                    results[bench.name] = measure(bench, args.actions)
                finally:
                    for phone in bench.phones:
                        phone.close()
                    bench.stop()
        finally:
            browser.close()
    print(f"\n{len(names)} phones per app, {args.actions} actions each (medians):")
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
        print(f"\ngoal (issue 25): the receiving phone's script per action <= 2.5x the bare app's: "
              f"{ratio:.1f}x, {'MET' if ratio <= 2.5 else 'NOT MET'} (main-thread CPU: "
              f"{real['receiver cpu'] / floor['receiver cpu']:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
