"""Isolation: one seat flooding its own table, or attacking the server's edge, does not
slow down the other tables.

    .venv/bin/python bench/isolation.py [--seconds 5] [--blocks 6] [--connections 8] [--held 100]
                                        [--attacks flooded,edge,socket,frames]

The real server (``companion serve`` in its own session, as ``tests/browser/harness.py``
starts it). Two score pad tables: the attacker's (one seat) and the victim's (four).

- The attacker, a separate process, sends the largest action the server accepts (a
  64 KB body: a valid action padded with JSON whitespace) as fast as it can, on
  ``--connections`` keep-alive connections, with its seat token.
- The probe, in this process, sends one victim action (another table, its own seat
  token, durable before the answer) every 50 ms, and fetches the start page (``GET /``)
  every 50 ms, and times each.

- The edge attacker, a separate process too, from another address than the
  probe's (any of 127.0.0.0/8 is this machine): ``--held`` connections each sending a
  request head and one byte of a 60,000-byte body, then nothing (reconnecting when the
  server answers), and two connections each sending a 64 MB header line in 64 KB chunks
  (reconnecting when refused). A refused connection tries again after 0.2 s: this
  measures held connections and big heads, not a flood of new connections (which no
  limit here paces).

- The frame attacker, a separate process: sockets from addresses of their own
  (127.0.5.1, ...), each registering then sending one update frame, in turn: the page's
  ``views`` set to 100,000 empty views (100 KB), to 50,000 (50 KB: under the inflated
  ceiling, so the socket's own check refuses it), and a border changed on the page.

- The socket flooder, a separate process from 127.0.0.3: one phone's websocket
  speaking Flet's protocol by hand (it registers, answers the storage calls as an empty
  phone) then sends ``route_change`` frames between the start page and its own table's
  page as fast as it can; when the server closes the socket, it opens another at once
  (0.2 s after one that is refused).

The probe also reads the victim table (``GET /api/tables/{code}``, a seat token) every
50 ms. Quiet and attacked blocks take turns (``--blocks`` quiet ones of ``--seconds``, each
followed by one block of each of ``--attacks``), so all are measured in the same run on
the same server, and a busy moment of a shared machine falls on all alike; the goal is
each attacked p95 within 1.5x of the quiet p95, for the victim's actions, its reads and
the page. The attackers' own figures
are reported too: the flood's requests per second and the CPU seconds its process used
(it shares the two cores with the server and the probe); the edge attacker's answers.
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
PROBE_ADDRESS = "127.0.0.2"  # the probe's own address: the attackers' are capped per address

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

EDGE_ATTACKER = r"""
import json, socket, sys, threading, time
port, held, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
RETRY_S = 0.2
deadline = time.monotonic() + seconds
counts = {"slow_body_answered": {}, "big_head_refused": 0, "big_head_mb_sent": 0.0}
lock = threading.Lock()
def connect():
    sock = socket.create_connection(("127.0.0.1", port), timeout=max(0.1, deadline - time.monotonic()))
    return sock
def slow_body():
    head = (b"POST /api/tables/ACDEFH/actions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 60000\r\n\r\n{")
    while time.monotonic() < deadline:
        try:
            with connect() as sock:
                sock.sendall(head)
                answer = sock.recv(64)
        except OSError:
            answer = b"closed"
        status = answer[9:12].decode("latin-1") if answer.startswith(b"HTTP/") else "closed"
        with lock:
            counts["slow_body_answered"][status] = counts["slow_body_answered"].get(status, 0) + 1
        if status != "408":
            time.sleep(RETRY_S)  # refused at once: try again, not in a tight loop
def big_head():
    chunk = b"a" * 65536
    while time.monotonic() < deadline:
        sent = 0
        try:
            with connect() as sock:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
                while sent < 64 * 1024 * 1024 and time.monotonic() < deadline:
                    sock.sendall(chunk)
                    sent += len(chunk)
        except OSError:
            with lock:
                counts["big_head_refused"] += 1
        with lock:
            counts["big_head_mb_sent"] += sent / 1048576
        time.sleep(RETRY_S)
threads = [threading.Thread(target=slow_body) for _ in range(held)] + [threading.Thread(target=big_head) for _ in range(2)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps(counts))
"""

SOCKET_FLOODER = r"""
import asyncio, json, sys, time
import msgpack, websockets
port, code, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
PAGE = {"route": "/", "width": 390.0, "height": 844.0, "platform": "android", "web": True}
counts = {"sockets": 0, "frames": 0, "closed": {}, "refused": 0}
def frame(action, body):
    return b"\x00" + msgpack.packb([action, body])
async def answer_calls(ws):
    async for data in ws:  # the storage service's calls: an empty phone
        if data[:1] == b"\x00":
            action, body = msgpack.unpackb(data[1:], strict_map_key=False, ext_hook=lambda c, d: None)
            if action == 5:
                await ws.send(frame(5, {"control_id": body["control_id"], "call_id": body["call_id"],
                                        "result": None, "error": None}))
async def one_socket(deadline):
    routes = ["/", f"/t/{code}"]
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", local_addr=("127.0.0.3", 0), max_size=None) as ws:
        counts["sockets"] += 1
        reader = asyncio.ensure_future(answer_calls(ws))
        await ws.send(frame(1, {"session_id": "", "page_name": "", "page": PAGE}))
        n = 0
        try:
            while time.monotonic() < deadline:
                await ws.send(frame(3, {"target": 1, "name": "route_change", "data": {"route": routes[n % 2]}}))
                n += 1
                counts["frames"] += 1
                if n % 50 == 0:
                    await asyncio.sleep(0)
        except websockets.ConnectionClosed as closed:
            code_ = str(closed.rcvd.code if closed.rcvd else 1006)
            counts["closed"][code_] = counts["closed"].get(code_, 0) + 1
        reader.cancel()
async def main():
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            await one_socket(deadline)
        except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
            counts["refused"] += 1
            await asyncio.sleep(0.2)  # refused: try again, not in a tight loop
asyncio.run(main())
print(json.dumps(counts))
"""
FRAME_ATTACKER = r"""
import asyncio, json, sys, time
import msgpack, websockets
port, seconds = int(sys.argv[1]), float(sys.argv[2])
PAGE = {"route": "/", "width": 390.0, "height": 844.0, "platform": "android", "web": True}
ATTACKS = [{"views": [{}] * 100_000}, {"views": [{}] * 50_000}, {"border": {"top": {"width": 77, "color": "#ff0000"}}}]
counts = {"sockets": 0, "closed": {}, "refused": 0}
def frame(action, body):
    return b"\x00" + msgpack.packb([action, body])
async def one_socket(n):
    address = f"127.0.{5 + n // 250 % 200}.{1 + n % 250}"  # a device of its own: a closed one's waits
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", local_addr=(address, 0), max_size=None) as ws:
        counts["sockets"] += 1
        await ws.send(frame(1, {"session_id": "", "page_name": "", "page": PAGE}))
        try:
            await ws.send(frame(4, {"id": 1, "props": ATTACKS[n % len(ATTACKS)]}))
            while True:
                await ws.recv()
        except websockets.ConnectionClosed as closed:
            code_ = str(closed.rcvd.code if closed.rcvd else 1006)
            counts["closed"][code_] = counts["closed"].get(code_, 0) + 1
async def main():
    deadline, n = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        try:
            await asyncio.wait_for(one_socket(n), max(0.1, deadline - time.monotonic()))
        except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
            counts["refused"] += 1
        n += 1
asyncio.run(main())
print(json.dumps(counts))
"""
ATTACKS = ("flooded", "edge", "socket", "frames")
LABELS = {"flooded": "one seat floods its table", "edge": "slow bodies and 64 MB heads",
          "socket": "one websocket floods route changes",
          "frames": "update frames of 100,000 views, 50,000 views, a border"}


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

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(PROBE_ADDRESS, 0))

    def timed(self, kind: str, conn: http.client.HTTPConnection, method: str, path: str,
              body: bytes | None = None, headers: dict | None = None) -> None:
        """One request, timed and kept as ``kind``, then the rest of its pace."""
        start = time.perf_counter()
        status, _ = call(conn, method, path, body, headers)
        ms = (time.perf_counter() - start) * 1000
        if status == 200:
            self.keep(kind, ms)
        else:
            self.errors += 1
        time.sleep(max(0.0, PACE_S - ms / 1000))

    def actions(self) -> None:
        conn = self.connection()
        n = 0
        while not self.stop.is_set():
            n += 1
            body = json.dumps({"kind": "points", "payload": {"points": n % 9}}).encode()
            self.timed("action", conn, "POST", f"/api/tables/{self.code}/actions", body,
                       {"Content-Type": "application/json", "X-Seat-Token": self.tokens[n % len(self.tokens)]})

    def reads(self) -> None:
        """The victim table read through the JSON transport (``GET /api/tables/{code}``)."""
        conn = self.connection()
        time.sleep(PACE_S / 3)
        while not self.stop.is_set():
            self.timed("read", conn, "GET", f"/api/tables/{self.code}", None, {"X-Seat-Token": self.tokens[0]})

    def pages(self) -> None:
        conn = self.connection()
        time.sleep(PACE_S / 2)
        while not self.stop.is_set():
            self.timed("page", conn, "GET", "/", None, {"Accept-Encoding": "gzip"})


def new_table(server: Server, players: str) -> tuple[str, list[str]]:
    code = json.loads(server.companion("new", "scorepad", "--players", players, "--json").stdout)["code"]
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    tokens = []
    for seat in range(len(players.split(","))):
        status, body = call(conn, "POST", f"/api/tables/{code}/seats/{seat}", b"{}",
                            {"Content-Type": "application/json"})
        assert status == 200, body
        tokens.append(json.loads(body)["token"])
    return code, tokens


def attacker_run(script: str, *args) -> tuple[dict, float]:
    """Run one attacker's process to its end: (what it printed, the CPU seconds it used)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", script, *map(str, args)], capture_output=True, text=True,
                          check=True, cwd=str(ROOT))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return json.loads(done.stdout), (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def attack(kind: str, server: Server, attacker: tuple[str, list[str]], args) -> dict:
    """One block of ``kind`` (its attacker runs for ``--seconds``): what the attacker said."""
    code, tokens = attacker
    if kind == "flooded":
        counts, cpu = attacker_run(ATTACKER, server.port, code, tokens[0], args.connections, args.seconds)
    elif kind == "edge":
        counts, cpu = attacker_run(EDGE_ATTACKER, server.port, args.held, args.seconds)
    elif kind == "socket":
        counts, cpu = attacker_run(SOCKET_FLOODER, server.port, code, args.seconds)
    else:
        counts, cpu = attacker_run(FRAME_ATTACKER, server.port, args.seconds)
    counts["cpu"] = cpu
    return counts


def measure(args) -> tuple[Probe, dict[str, list[dict]], int, int]:
    """Quiet and attacked blocks in turn on one server: the probe, each attack's blocks,
    and the flooded table's entries and bytes on disk."""
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        server = Server(Path(folder) / "data").start()
        try:
            victim, victim_tokens = new_table(server, "Ann,Bo,Cy,Di")
            attacker = new_table(server, "Eve")
            probe = Probe(server.port, victim, victim_tokens)
            threads = [threading.Thread(target=work) for work in (probe.actions, probe.pages, probe.reads)]
            for t in threads:
                t.start()
            time.sleep(2)  # warm: first requests compile and cache
            probe.samples.clear()
            blocks: dict[str, list[dict]] = {kind: [] for kind in args.attacks}
            for _ in range(args.blocks):
                probe.phase = "quiet"
                time.sleep(args.seconds)
                for kind in args.attacks:
                    probe.phase = kind
                    blocks[kind].append(attack(kind, server, attacker, args))
            probe.stop.set()
            for t in threads:
                t.join(30)
            stored = sum(p.stat().st_size for p in (server.data_dir / "tables" / attacker[0]).iterdir())
            entries = json.loads(server.companion("tables", "--json").stdout)["tables"]
        finally:
            server.stop()
    revision = {t["code"]: t["revision"] for t in entries}[attacker[0]]
    return probe, blocks, revision, stored


def report(args, probe: Probe, blocks: dict[str, list[dict]], revision: int, stored: int) -> None:
    print(f"Isolation: {machine_line()}")
    print(f"{args.blocks} quiet blocks of {args.seconds:.0f} s, each followed by one of each attack "
          f"({', '.join(args.attacks)}); probe: one victim action, one page request and one table read "
          f"every {PACE_S * 1000:.0f} ms each, from {PROBE_ADDRESS}")
    print("                      quiet p50   p95      attacked p50  p95      p95 ratio (goal <= 1.5)")
    for kind in args.attacks:
        print(f"while {LABELS[kind]}:")
        for sample, label in (("action", "victim table action"), ("read", "victim table read"),
                              ("page", "page request (GET /)")):
            quiet = probe.samples.get(("quiet", sample), [])
            attacked = probe.samples.get((kind, sample), [])
            q95, a95 = percentile(quiet, 0.95), percentile(attacked, 0.95)
            print(f"  {label:<20}{percentile(quiet, 0.5):>8.2f} {q95:>6.2f} ms   "
                  f"{percentile(attacked, 0.5):>8.2f} {a95:>6.2f} ms   {a95 / q95:>5.2f}x   "
                  f"(n = {len(quiet)} / {len(attacked)})")
    attack_s = args.blocks * args.seconds
    for kind, counts in blocks.items():
        cpu = sum(c["cpu"] for c in counts)
        print(f"{kind} attacker: {ATTACKER_LINES[kind](counts, args, attack_s)}; its own process used "
              f"{cpu:.1f} CPU s in {attack_s:.0f} s ({cpu / attack_s * 100:.0f}% of one core)")
    if "flooded" in blocks:
        print(f"attacker's table: {revision} entries, {stored / max(1, revision):.0f} bytes each on disk "
              f"(the padding is not stored)")
    print(f"probe errors: {probe.errors}")


def _flood_line(counts: list[dict], args, seconds: float) -> str:
    return (f"{sum(c['ok'] for c in counts) / seconds:.0f} accepted 64 KB actions/s "
            f"({sum(c['other'] for c in counts)} refused), {args.connections} connections")


def _merged(counts: list[dict], key: str) -> dict[str, int]:
    """The blocks' ``key`` tallies ({status: n}) added up."""
    merged: dict[str, int] = {}
    for c in counts:
        for name, n in c[key].items():
            merged[name] = merged.get(name, 0) + n
    return merged


def _edge_line(counts: list[dict], args, seconds: float) -> str:
    answered = _merged(counts, "slow_body_answered")
    return (f"{args.held} slow-body connections, answered {answered} (408: its body's deadline; 503: "
            f"past the connections per address); 64 MB heads: {sum(c['big_head_refused'] for c in counts)} "
            f"refused after {sum(c['big_head_mb_sent'] for c in counts):.1f} MB sent in all")


def _socket_line(counts: list[dict], args, seconds: float) -> str:
    closed = _merged(counts, "closed")
    return (f"{sum(c['frames'] for c in counts) / seconds:.0f} route_change frames/s sent on "
            f"{sum(c['sockets'] for c in counts)} sockets (a new one each time one was closed), "
            f"closed {closed} (1008: past its frames a second; 1013: held back past its share); "
            f"{sum(c['refused'] for c in counts)} more refused before opening (its device owed its share)")


def _frames_line(counts: list[dict], args, seconds: float) -> str:
    return (f"{sum(c['sockets'] for c in counts)} sockets, each one update frame (100,000 views, 50,000 "
            f"views or a border in turn), closed {_merged(counts, 'closed')} (1009: past the inflated "
            f"ceiling; 1008: what a phone never sets); {sum(c['refused'] for c in counts)} timed out or refused")


ATTACKER_LINES = {"flooded": _flood_line, "edge": _edge_line, "socket": _socket_line, "frames": _frames_line}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--blocks", type=int, default=6)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--held", type=int, default=100, help="the edge attacker's slow-body connections")
    parser.add_argument("--attacks", type=lambda text: text.split(","), default=list(ATTACKS),
                        help=f"which attacks, in turn after each quiet block (default: {','.join(ATTACKS)})")
    args = parser.parse_args(argv)
    unknown = set(args.attacks) - set(ATTACKS)
    if unknown:
        parser.error(f"--attacks: no attack {', '.join(sorted(unknown))} (there are {', '.join(ATTACKS)})")
    report(args, *measure(args))


if __name__ == "__main__":
    main()
