"""Benchmark: plain-HTTP attacks on an older revision's server and this tree's,
in the same run.

    .venv/bin/python bench/http_attacks.py [REV] [--paths 10000] [--rounds 3] [--name-bytes 3000]
                                           [--spellings 1000] [--bad 500] [--seconds 5] [--ranges 5]

Each server is the real one (``companion serve`` in its own process, as the tests start
it); ``REV`` (default ``main``) is served from a detached git worktree, this tree from
here, one after the other, with the same attacks:

- memory: the host's resident memory before and after each of ``--rounds`` rounds of
  ``--paths`` distinct unknown paths (``--name-bytes`` long, in folders of 200-byte names, ending in ``.js``, ``.json``
  or ``.wasm``) asked for with ``Accept-Encoding: gzip`` on 8 keep-alive connections;
- spelt: the host's memory before and after ``--spellings`` distinct spellings of one
  real file (``/7/../flutter_bootstrap.js``), asked for with gzip;
- log: what the host's log grew by after ``--bad`` requests for names it cannot serve
  (a 5 KB name, a ``%00``), and the statuses they got;
- moves: the moves one seat had accepted in ``--seconds`` on 4 connections, sending its
  token beside a fresh random ``X-Host-Key`` each time (the pace of one seat: 40 at
  once, then 20 a second);
- ranges: the host's CPU seconds per ``Range`` + ``If-Range`` request for
  ``main.dart.js`` (its process's user + system time over ``--ranges`` requests).

Meanwhile another table's seat reads its view (``GET /api/tables/{code}``) every 50 ms:
the p95 of those reads, quiet and during each attack (the goal: under 0.5 s).
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from side_by_side import worktree  # noqa: E402
from tests.browser.harness import Server  # noqa: E402
from tests.support import api_request  # noqa: E402


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS:")).split()[1]) / 1024


def cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def get_all(server: Server, paths: list[str], connections: int = 8,
            headers: dict | None = None) -> collections.Counter:
    """GET every path (sent as written) over keep-alive connections; the statuses."""
    statuses: collections.Counter = collections.Counter()
    lock = threading.Lock()

    def worker(share: list[str]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        for path in share:
            try:
                conn.request("GET", path, headers={"Accept-Encoding": "gzip", **(headers or {})})
                answer = conn.getresponse()
                answer.read()
                status = answer.status
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
                status = "closed"
            with lock:
                statuses[status] += 1
        conn.close()

    threads = [threading.Thread(target=worker, args=(paths[n::connections],)) for n in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def memory_after_paths(server: Server, count: int, name_bytes: int, rounds: int) -> str:
    """The host's memory after each round of ``count`` new paths: the first round also
    takes the server to its working size under load; a cache of paths grows every round."""
    suffixes = (".js", ".json", ".wasm")
    folders = "/".join(["x" * 200] * (name_bytes // 201))  # names a disk takes: 255 bytes a part at most
    sizes = [rss_mib(server.proc.pid)]
    statuses: collections.Counter = collections.Counter()
    for round_ in range(rounds):
        statuses += get_all(server, [f"/{folders}/{round_}-{n:08d}{suffixes[n % 3]}" for n in range(count)])
        sizes.append(rss_mib(server.proc.pid))
    return (f"RSS {' -> '.join(f'{size:.0f}' for size in sizes)} MiB (rounds 2-{rounds}: "
            f"+{sizes[-1] - sizes[1]:.0f}), answers {dict(statuses)}")


def memory_after_spellings(server: Server, count: int) -> str:
    """The host's memory after ``count`` spellings of one real file (``/n/../name``, sent
    as written: no client tidies them)."""
    get_all(server, ["/flutter_bootstrap.js"], connections=1)
    before = rss_mib(server.proc.pid)
    statuses = get_all(server, [f"/{n}/../flutter_bootstrap.js" for n in range(count)])
    return f"RSS {before:.0f} -> {rss_mib(server.proc.pid):.0f} MiB, answers {dict(statuses)}"


def log_after_bad_names(server: Server, count: int) -> str:
    names = ["/" + "a" * 5000 + ".js", "/x%00.js", "/" + "b" * 5000 + ".wasm", "/y%00.json"]
    since = Path(server.log_path).stat().st_size
    statuses = get_all(server, [f"{names[n % 4]}?{n}" for n in range(count)], connections=4)
    grown = Path(server.log_path).stat().st_size - since
    return f"log +{grown / 1024:.0f} KB ({grown // max(count, 1)} bytes a request), answers {dict(statuses)}"


def seated(server: Server) -> tuple[str, str]:
    """A new score pad table's code and its seat's token."""
    code = json.loads(server.companion("new", "scorepad", "--players", "Ann", "--json").stdout)["code"]
    status, seat = api_request(server, "POST", f"/api/tables/{code}/seats/0", [], b"{}")
    assert status == 200, seat
    return code, seat["token"]


class Probe:
    """Another table's view read every 50 ms by its seat, each read's time kept under the
    attack running then."""

    def __init__(self, server: Server):
        self.server = server
        self.code, self.token = seated(server)
        self.during = "quiet"
        self.times: dict[str, list[float]] = collections.defaultdict(list)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.done.wait(0.05):
            during, start = self.during, time.perf_counter()
            api_request(self.server, "GET", f"/api/tables/{self.code}", [("X-Seat-Token", self.token)])
            self.times[during].append(time.perf_counter() - start)

    def p95_ms(self, during: str) -> str:
        times = sorted(self.times[during])
        return f"{times[int(len(times) * 0.95)] * 1000:.0f} ms ({len(times)} reads)" if times else "no read"


def moves_beside_a_random_host_key(server: Server, seconds: float) -> str:
    code, token = seated(server)
    seat = {"token": token}
    move = json.dumps({"kind": "points", "payload": {"points": 1}}).encode()
    statuses: collections.Counter = collections.Counter()
    deadline = time.monotonic() + seconds

    def flood() -> None:
        while time.monotonic() < deadline:
            headers = [("X-Seat-Token", seat["token"]), ("X-Host-Key", secrets.token_hex(16))]
            statuses[api_request(server, "POST", f"/api/tables/{code}/actions", headers, move)[0]] += 1

    threads = [threading.Thread(target=flood) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return f"{statuses[200]} moves accepted in {seconds:.0f} s, answers {dict(statuses)}"


def cpu_per_range(server: Server, count: int) -> str:
    get_all(server, ["/main.dart.js"], connections=1)  # compressed once, as at a first join
    start = cpu_s(server.proc.pid)
    statuses = get_all(server, ["/main.dart.js"] * count, connections=1,
                       headers={"Range": "bytes=0-", "If-Range": '"not-the-etag"'})
    return f"{(cpu_s(server.proc.pid) - start) / count * 1000:.0f} ms CPU a request, answers {dict(statuses)}"


def attack(server: Server, args) -> list[str]:
    """Each attack in turn, with another table's reads timed meanwhile."""
    attacks = {"memory": lambda: memory_after_paths(server, args.paths, args.name_bytes, args.rounds),
               "spelt": lambda: memory_after_spellings(server, args.spellings),
               "log": lambda: log_after_bad_names(server, args.bad),
               "moves": lambda: moves_beside_a_random_host_key(server, args.seconds),
               "ranges": lambda: cpu_per_range(server, args.ranges)}
    probe = Probe(server)
    probe.thread.start()
    time.sleep(2)  # the quiet reads
    lines = []
    for name, run in attacks.items():
        probe.during = name
        lines.append(f"{name + ':':8s}{run()}")
        probe.during = "after"
    probe.done.set()
    probe.thread.join()
    times = ", ".join(f"{name} {probe.p95_ms(name)}" for name in ("quiet", *attacks))
    return [*lines, f"another table's read p95: {times}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", nargs="?", default="main")
    parser.add_argument("--paths", type=int, default=10000)
    parser.add_argument("--name-bytes", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spellings", type=int, default=1000)
    parser.add_argument("--bad", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--ranges", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tc-http-attacks-") as tmp:
        old = worktree(args.rev, Path(tmp))
        try:
            for label, root in ((args.rev, old), ("this tree", ROOT)):
                server = Server(Path(tmp) / label.replace(" ", "-") / "data", root=root)
                (Path(tmp) / label.replace(" ", "-")).mkdir()
                server.start()
                try:
                    print(f"{label}:", *attack(server, args), sep="\n  ", flush=True)
                finally:
                    server.stop()
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           capture_output=True)


if __name__ == "__main__":
    main()
