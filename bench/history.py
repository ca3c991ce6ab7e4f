"""What the History costs on a long table: opening it, and a move while it is open, on
tables of 10, 1,000 and 30,000 moves, beside another table's ``/api``.

    .venv/bin/python bench/history.py [--sizes 10,30,1000,30000] [--opens 3] [--moves 3]
                                      [--root DIR]

Each table is a score pad of two whose host entered every score, written as an export
file and made with ``companion import`` (as a host brings a long table from another
machine). The real server (``companion serve``, as ``tests/browser/harness.py`` starts it,
from ``--root``: another checkout measures the code before a change) serves them all.

For each size, ``--opens`` times: a phone written by hand (Flet's protocol over a bare
websocket, ``tests/server/flet_wire.py``) opens the table's page as a watcher with no
seat, then taps History; measured from the tap to the newest move's line on the phone:
the time, the bytes the phone was sent and the CPU seconds the server's process used
(its event loop and its workers). Then, with History open, ``--moves`` moves by the host
over ``/api``: the time from the request to the new line on that phone, and the server's
CPU seconds. All along, a probe reads another table (``GET /api/tables/{code}``) every
50 ms: its p95 per size. The 10-move table is the baseline, measured in the same run on
the same server; the goal is 30,000 moves costing about what 10 do. Nothing leaves the
machine.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import statistics
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
from engine.registry import get_game  # noqa: E402
from engine.spec import make_spec  # noqa: E402
from engine.upgrade import log_version  # noqa: E402
from tests.browser.frames import decode  # noqa: E402
from tests.browser.harness import Server  # noqa: E402
from tests.server.flet_wire import EVENT, WirePhone, frame, registration  # noqa: E402

PROBE_EVERY_S = 0.05
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def export_of(moves: int) -> dict:
    """A score pad of Ann and Bo where the host entered ``moves`` scores, as
    ``companion export`` writes it."""
    game = get_game("scorepad")
    spec = make_spec(game, ["Ann", "Bo"]).to_json()
    log = [{"rev": n, "by": None, "seat": n % 2, "kind": "points", "payload": {"points": n % 9 + 1}}
           for n in range(1, moves + 1)]
    return {"format": "table-companion-export", "version": 1, "game": "scorepad", "spec": spec,
            "players": spec["players"], "status": "open", "created": "", "log_version": log_version(game),
            "log": log}


def imported(root: Path, data: Path, moves: int) -> str:
    """The code of a new table of ``moves`` moves, made by ``companion import``."""
    path = data.parent / f"export-{moves}.json"
    path.write_text(json.dumps(export_of(moves)))
    done = subprocess.run([sys.executable, "-m", "companion", "import", str(path), "--data", str(data)],
                          cwd=str(root), capture_output=True, text=True, timeout=1200)
    if done.returncode != 0:
        raise SystemExit(f"companion import failed: {done.stderr or done.stdout}")
    return done.stdout.split("Imported table ", 1)[1].split()[0].rstrip(":,")


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) the process has used, every thread of it."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


class CountingPhone(WirePhone):
    """A hand-made phone that counts the bytes it was sent and finds a button by its text."""

    def __init__(self, ws):
        super().__init__(ws)
        self.bytes = 0
        self.buttons: dict[str, int] = {}

    def _take(self, data: bytes) -> None:
        self.bytes += len(data)
        message = decode(data)
        if message is not None:
            self._find_buttons(message)
        super()._take(data)

    def _find_buttons(self, value) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("content"), str) and "_i" in value and value.get("on_click"):
                self.buttons[value["content"]] = value["_i"]
            for item in value.values():
                self._find_buttons(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                self._find_buttons(item)


class Probe:
    """Reads another table every 50 ms, in a thread, and keeps each answer's time."""

    def __init__(self, server: Server, code: str):
        self.server, self.code = server, code
        self.times: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "Probe":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=120)
        headers = {"X-Host-Key": self.server.host_key}
        while not self._stop.is_set():
            start = time.perf_counter()
            conn.request("GET", f"/api/tables/{self.code}", headers=headers)
            conn.getresponse().read()
            self.times.append(time.perf_counter() - start)
            self._stop.wait(PROBE_EVERY_S)


def act(server: Server, code: str) -> None:
    server.act(code, "points", {"points": 1}, seat=0)


async def opened(server: Server, code: str, moves: int) -> tuple[CountingPhone, dict]:
    """A watcher's phone that tapped History: (the phone, what the tap cost)."""
    phone = await CountingPhone.open(server.port)
    await phone.send(registration(f"/t/{code}"))
    if not await phone.until(lambda p: "History" in p.buttons, timeout=120):
        raise SystemExit(f"table {code}'s page was not drawn")
    before, cpu, start = phone.bytes, cpu_seconds(server.proc.pid), time.perf_counter()
    await phone.send(frame(EVENT, {"target": phone.buttons["History"], "name": "click", "data": None}))
    if not await phone.until(lambda p: p.seen(f"move {moves} · "), timeout=600):
        raise SystemExit(f"table {code}'s History did not show move {moves}")
    return phone, {"s": time.perf_counter() - start, "bytes": phone.bytes - before,
                   "cpu": cpu_seconds(server.proc.pid) - cpu}


async def moved(server: Server, phone: CountingPhone, code: str, moves: int) -> dict:
    """One move by the host while ``phone`` shows the History: until its line is there."""
    cpu, start = cpu_seconds(server.proc.pid), time.perf_counter()
    await asyncio.to_thread(act, server, code)
    if not await phone.until(lambda p: p.seen(f"move {moves} · "), timeout=600):
        raise SystemExit(f"table {code}'s History did not show move {moves}")
    return {"s": time.perf_counter() - start, "cpu": cpu_seconds(server.proc.pid) - cpu}


async def measure(server: Server, code: str, moves: int, opens: int, more: int) -> dict:
    taps, steps = [], []
    for _ in range(opens):
        phone, cost = await opened(server, code, moves)
        taps.append(cost)
        for _ in range(more):
            moves += 1
            steps.append(await moved(server, phone, code, moves))
        await phone.close()
    return {"taps": taps, "moves": steps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10,30,1000,30000")
    parser.add_argument("--opens", type=int, default=3)
    parser.add_argument("--moves", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout the server runs")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        codes = {size: imported(args.root, data, size) for size in sizes}
        other = imported(args.root, data, 10)
        server = Server(data, root=args.root).start(timeout=120)
        try:
            print(f"# bench/history.py, {machine_line()}, server from {args.root}")
            print(f"# {args.opens} History opens per table, {args.moves} moves while open after each; "
                  "medians (max); another table's /api p95")
            for size in sizes:
                with Probe(server, other) as probe:
                    found = asyncio.run(measure(server, codes[size], size, args.opens, args.moves))
                report(size, found, probe.times)
        finally:
            server.stop()


def report(size: int, found: dict, probe: list[float]) -> None:
    taps, steps = found["taps"], found["moves"]

    def both(rows: list[dict], key: str, scale: float, form: str) -> str:
        values = [row[key] * scale for row in rows]
        return f"{statistics.median(values):{form}} ({max(values):{form}})" if values else "-"

    print(f"{size:>6} moves: open {both(taps, 's', 1000, '.0f')} ms, {both(taps, 'bytes', 1 / 1024, '.1f')} KiB, "
          f"server CPU {both(taps, 'cpu', 1000, '.0f')} ms; a move while open "
          f"{both(steps, 's', 1000, '.0f')} ms, server CPU {both(steps, 'cpu', 1000, '.0f')} ms; "
          f"other table's /api p95 {percentile(probe, 0.95) * 1000:.0f} ms ({len(probe)} reads)")


if __name__ == "__main__":
    main()
