"""Isolation: one seat flooding its own table does not slow down the other tables.

    .venv/bin/python bench/isolation.py [--seconds 5] [--blocks 6] [--connections 8]

The real server (``companion serve`` in its own session, as ``tests/browser/harness.py``
starts it). Two score pad tables: the attacker's (one seat) and the victim's (four).

- The attacker, a separate process, sends the largest action the server accepts (a
  64 KB body: a valid action padded with JSON whitespace) as fast as it can, on
  ``--connections`` keep-alive connections, with its seat token.
- The probe, in this process, sends one victim action (another table, its own seat
  token, durable before the answer) every 50 ms, and fetches the start page (``GET /``)
  every 50 ms, and times each.

Quiet and flooded blocks alternate (``--blocks`` of each, ``--seconds`` long, quiet
first), so both are measured in the same run on the same server, and a busy moment of
a shared machine falls on both alike; the goal is the
flooded p95 within 1.5x of the quiet p95, for the victim's actions and for the page.
The attacker's own cost is reported too: its requests per second and the CPU seconds
its process used (it shares the two cores with the server and the probe).
"""

from __future__ import annotations

import argparse
import http.client
import json
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _browser import machine_line, percentile  # noqa: E402
from tests.browser.harness import Server  # noqa: E402

PACE_S = 0.05

ATTACKER = r"""
import http.client, json, sys, threading, time
port, code, token, connections, seconds = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
body = json.dumps({"kind": "points", "payload": {"points": 1}}).encode()
body += b" " * (64 * 1024 - len(body))
headers = {"Content-Type": "application/json", "X-Seat-Token": token}
counts = {"ok": 0, "other": 0}
lock = threading.Lock()
deadline = time.monotonic() + seconds
def flood():
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.monotonic() < deadline:
        try:
            conn.request("POST", f"/api/tables/{code}/actions", body, headers)
            response = conn.getresponse()
            response.read()
            with lock:
                counts["ok" if response.status == 200 else "other"] += 1
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
threads = [threading.Thread(target=flood) for _ in range(connections)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps(counts))
"""


def call(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None,
         headers: dict | None = None) -> tuple[int, bytes]:
    conn.request(method, path, body, headers or {})
    response = conn.getresponse()
    return response.status, response.read()


class Probe:
    """Victim actions and page requests, paced, timed, kept per phase."""

    def __init__(self, port: int, code: str, tokens: list[str]):
        self.port = port
        self.code = code
        self.tokens = tokens
        self.phase = "quiet"
        self.samples: dict[tuple[str, str], list[float]] = {}
        self.errors = 0
        self.stop = threading.Event()

    def keep(self, kind: str, ms: float) -> None:
        self.samples.setdefault((self.phase, kind), []).append(ms)

    def actions(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        n = 0
        while not self.stop.is_set():
            n += 1
            seat = n % len(self.tokens)
            body = json.dumps({"kind": "points", "payload": {"points": n % 9}}).encode()
            start = time.perf_counter()
            status, _ = call(conn, "POST", f"/api/tables/{self.code}/actions", body,
                             {"Content-Type": "application/json", "X-Seat-Token": self.tokens[seat]})
            ms = (time.perf_counter() - start) * 1000
            if status == 200:
                self.keep("action", ms)
            else:
                self.errors += 1
            time.sleep(max(0.0, PACE_S - ms / 1000))

    def pages(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        time.sleep(PACE_S / 2)
        while not self.stop.is_set():
            start = time.perf_counter()
            status, _ = call(conn, "GET", "/", None, {"Accept-Encoding": "gzip"})
            ms = (time.perf_counter() - start) * 1000
            if status == 200:
                self.keep("page", ms)
            else:
                self.errors += 1
            time.sleep(max(0.0, PACE_S - ms / 1000))


def new_table(server: Server, players: str) -> tuple[str, list[str]]:
    code = json.loads(server.companion("new", "scorepad", "--players", players, "--json").stdout)["code"]
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    tokens = []
    for seat in range(len(players.split(","))):
        status, body = call(conn, "POST", f"/api/tables/{code}/seats/{seat}", b"")
        assert status == 200, body
        tokens.append(json.loads(body)["token"])
    return code, tokens


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--blocks", type=int, default=6)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        server = Server(Path(folder) / "data").start()
        try:
            victim, victim_tokens = new_table(server, "Ann,Bo,Cy,Di")
            attacker, attacker_tokens = new_table(server, "Eve")
            probe = Probe(server.port, victim, victim_tokens)
            threads = [threading.Thread(target=probe.actions), threading.Thread(target=probe.pages)]
            for t in threads:
                t.start()
            time.sleep(2)  # warm: first requests compile and cache
            probe.samples.clear()
            floods = []
            for block in range(args.blocks):
                probe.phase = "quiet"
                time.sleep(args.seconds)
                probe.phase = "flooded"
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                done = subprocess.run([sys.executable, "-c", ATTACKER, str(server.port), attacker,
                                       attacker_tokens[0], str(args.connections), str(args.seconds)],
                                      capture_output=True, text=True, check=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                counts = json.loads(done.stdout)
                floods.append((counts, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)))
            probe.stop.set()
            for t in threads:
                t.join(30)
            stored = sum(p.stat().st_size for p in (server.data_dir / "tables" / attacker).iterdir())
            attacker_entries = json.loads(server.companion("tables", "--json").stdout)["tables"]
        finally:
            server.stop()
    revision = {t["code"]: t["revision"] for t in attacker_entries}[attacker]
    print(f"Isolation: {machine_line()}")
    print(f"{args.blocks} quiet and {args.blocks} flooded blocks of {args.seconds:.0f} s, alternating; "
          f"probe: one victim action and one page request every {PACE_S * 1000:.0f} ms each")
    print("                      quiet p50   p95      flooded p50   p95      p95 ratio (goal <= 1.5)")
    for kind, label in (("action", "victim table action"), ("page", "page request (GET /)")):
        quiet = probe.samples.get(("quiet", kind), [])
        flooded = probe.samples.get(("flooded", kind), [])
        q95, f95 = percentile(quiet, 0.95), percentile(flooded, 0.95)
        print(f"{label:<22}{percentile(quiet, 0.5):>8.2f} {q95:>6.2f} ms   {percentile(flooded, 0.5):>8.2f} "
              f"{f95:>6.2f} ms   {f95 / q95:>5.2f}x   (n = {len(quiet)} / {len(flooded)})")
    total_ok = sum(c["ok"] for c, _ in floods)
    total_other = sum(c["other"] for c, _ in floods)
    cpu = sum(s for _, s in floods)
    flood_s = args.blocks * args.seconds
    print(f"attacker: {total_ok / flood_s:.0f} accepted 64 KB actions/s ({total_other} refused), "
          f"{args.connections} connections; its own process used {cpu:.1f} CPU s in {flood_s:.0f} s "
          f"({cpu / flood_s * 100:.0f}% of one core)")
    print(f"attacker's table: {revision} entries, {stored / max(1, revision):.0f} bytes each on disk "
          f"(the padding is not stored); probe errors: {probe.errors}")


if __name__ == "__main__":
    main()
