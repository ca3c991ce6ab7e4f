"""Throughput: the actions per second the JSON transport holds before its p95 passes 100 ms.

    .venv/bin/python bench/throughput.py [--tables 40] [--seconds 5] [--rates 100,200,...]

The real server (``companion serve``, as ``tests/browser/harness.py`` starts it) with
``--tables`` score pad tables of four seated players. A load generator, in a process of
its own, sends actions at a fixed rate (open loop: each action has its send time set in
advance, spread over every seat of every table, so no seat goes past a person's pace),
each durable before its answer; latency counts from the planned send time, so a server
that falls behind is not flattered by the generator waiting for it. The rate goes up
step by step (until two steps in a row miss the goal: one may be a busy moment of a
shared machine); the result is the highest rate whose p95 stays under 100 ms.

The generator shares the two cores with the server: its own CPU time is printed for each
step (as a share of one core), and a "generator only" line gives its cost per request
against a trivial endpoint-free target (a refused request), to read the figures with.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _browser import machine_line  # noqa: E402
from tests.browser.harness import Server  # noqa: E402

GOAL_MS = 100.0

GENERATOR = r"""
import http.client, json, math, resource, sys, threading, time
config = json.loads(sys.argv[1])
port, seats, rate, seconds, workers = config["port"], config["seats"], config["rate"], config["seconds"], config["workers"]
path = config.get("path")
total = int(rate * seconds)
start = time.monotonic() + 0.2
lock = threading.Lock()
state = {"next": 0}
results = []
def work():
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    mine = []
    while True:
        with lock:
            i = state["next"]
            state["next"] += 1
        if i >= total:
            break
        planned = start + i / rate
        delay = planned - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        code, token = seats[i % len(seats)]
        body = json.dumps({"kind": "points", "payload": {"points": i % 9}}).encode()
        sent = time.monotonic()
        try:
            conn.request("POST", path or f"/api/tables/{code}/actions", body,
                         {"Content-Type": "application/json", "X-Seat-Token": token})
            response = conn.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status = 0
        done = time.monotonic()
        mine.append((done - planned, done - sent, status))
    with lock:
        results.extend(mine)
cpu0 = resource.getrusage(resource.RUSAGE_SELF)
threads = [threading.Thread(target=work) for _ in range(workers)]
for t in threads: t.start()
for t in threads: t.join()
cpu1 = resource.getrusage(resource.RUSAGE_SELF)
elapsed = time.monotonic() - start
ok = sorted(r[0] for r in results if r[2] == 200)
every = sorted(r[0] for r in results)
def pct(values, share):
    if not values: return float("nan")
    return values[min(len(values) - 1, max(0, math.ceil(share * len(values)) - 1))] * 1000
print(json.dumps({"sent": len(results), "ok": len(ok), "statuses": sorted({r[2] for r in results}),
                  "p50": pct(ok, 0.5), "p95": pct(ok, 0.95), "p95_all": pct(every, 0.95),
                  "elapsed": elapsed,
                  "achieved": len(ok) / elapsed,
                  "cpu": (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)}))
"""

MAKE_TABLES = r"""
import json, sys
sys.path.insert(0, sys.argv[3])
from companion.table.hub import Tables
from storage import DiskStore
tables = Tables(DiskStore(sys.argv[1]))
print(json.dumps([tables.create("scorepad", ["Ann", "Bo", "Cy", "Di"]).code for _ in range(int(sys.argv[2]))]))
"""


def run_generator(port: int, seats: list, rate: float, seconds: float, workers: int,
                  path: str | None = None) -> dict:
    config = {"port": port, "seats": seats, "rate": rate, "seconds": seconds, "workers": workers,
              "path": path}
    done = subprocess.run([sys.executable, "-c", GENERATOR, json.dumps(config)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=48, help="generator threads (connections)")
    parser.add_argument("--rates", default="100,200,300,350,400,450,500,550,600,700,800,1000")
    args = parser.parse_args(argv)
    rates = [float(r) for r in args.rates.split(",")]
    import http.client

    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        data = Path(folder) / "data"
        made = subprocess.run([sys.executable, "-c", MAKE_TABLES, str(data), str(args.tables), str(ROOT)],
                              capture_output=True, text=True, check=True)
        codes = json.loads(made.stdout)
        server = Server(data).start()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            seats = []
            for code in codes:
                for seat in range(4):
                    conn.request("POST", f"/api/tables/{code}/seats/{seat}", b"{}",
                                 {"Content-Type": "application/json"})
                    response = conn.getresponse()
                    seats.append((code, json.loads(response.read())["token"]))
            run_generator(server.port, seats, 100, 2, args.workers)  # warm up
            floor = run_generator(server.port, seats, 400, 3, args.workers, path="/api/x")
            steps = []
            failed = 0
            for rate in rates:
                result = run_generator(server.port, seats, rate, args.seconds, args.workers)
                steps.append((rate, result))
                print(f"  {rate:.0f}/s: p95 {result['p95']:.1f} ms", file=sys.stderr, flush=True)
                failed = failed + 1 if result["p95"] > GOAL_MS or result["ok"] < result["sent"] else 0
                if failed == 2:  # two steps in a row past the goal: that is the limit
                    break
        finally:
            server.stop()
    print(f"Throughput of the JSON transport: {machine_line()}")
    print(f"{args.tables} score pad tables x 4 seats; {args.seconds:.0f} s per step, open loop, "
          f"{args.workers} generator connections; latency from each action's planned send time")
    print("target/s   achieved/s   p50 ms   p95 ms   answered 200   generator CPU (share of one core)")
    held = None
    for rate, r in steps:
        mark = "" if r["p95"] <= GOAL_MS else "   <- p95 past 100 ms"
        print(f"{rate:>8.0f}   {r['achieved']:>10.0f}   {r['p50']:>6.1f}   {r['p95']:>6.1f}   "
              f"{r['ok']:>5}/{r['sent']:<6}   {r['cpu'] / r['elapsed'] * 100:>5.0f}%{mark}")
        if r["p95"] <= GOAL_MS and r["ok"] == r["sent"]:
            held = max(held or 0, r["achieved"])
    print(f"held with p95 <= {GOAL_MS:.0f} ms: {held or 0:.0f} actions/s")
    per_request = floor["cpu"] / max(1, floor["sent"]) * 1000
    print(f"generator only (400/s to a route that answers 404 at once): {per_request:.2f} ms of its "
          f"own CPU per request, p95 {floor['p95_all']:.1f} ms")


if __name__ == "__main__":
    main()
