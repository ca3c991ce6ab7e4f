"""Abandoned pages: the host's memory over 10,000 pages whose phones went away, beside its
memory after the first 1,000.

The real server (``companion serve``) on loopback, with a short grace for the run
(``FLET_SESSION_TIMEOUT``, the server's own setting). Each phone is a bare websocket
speaking Flet's protocol (``tests/server/raw_phones.py``) and goes away in turn at once
after registering, after 0.3 s without answering the page's storage call, or after its
start page is drawn. Two runs, each on a fresh server: every phone from one address
(127.0.0.2: the per-device page cap lets its oldest pages go early), then from 253
(127.0.0.2 ... 127.0.0.254). The figure after the first 1,000 pages is the baseline; the
goal: after 10,000, and again once the last pages' grace has passed, within 20 MiB of it.
The server's log must hold no traceback.

    .venv/bin/python bench/abandoned.py [--pages 10000] [--grace 2] [--parallel 16]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.sessions import rss_mib, settled  # noqa: E402
from tests.browser.harness import Server  # noqa: E402
from tests.server.raw_phones import leave_many  # noqa: E402

BASELINE_PAGES = 1000
GOAL_MIB = 20.0
EVICTION_TICK_S = 10
"""Flet's evictor closes the sessions whose grace has passed every 10 s."""
RUNS = {
    "one address": ["127.0.0.2"],
    "many addresses": [f"127.0.0.{n}" for n in range(2, 255)],
}


def run(name: str, addresses: list[str], pages: int, grace: int, parallel: int) -> bool:
    """One run on a fresh server; whether it met the goal."""
    data = Path(tempfile.mkdtemp(prefix="tc-bench-abandoned-")) / "data"
    server = Server(data, env={"FLET_SESSION_TIMEOUT": str(grace)}).start()
    url = server.url.replace("http", "ws") + "/ws"
    pid = server.proc.pid
    print(f"\n{name} ({len(addresses)}), grace {grace} s, {parallel} phones at a time:", flush=True)
    try:
        asyncio.run(leave_many(url, 6, addresses, parallel=1))  # warm up: first imports, first pages
        time.sleep(grace + EVICTION_TICK_S + 1)
        print(f"  before:             {rss_mib(pid):7.1f} MiB", flush=True)
        start, baseline, failed, done = time.monotonic(), None, 0, 0
        while done < pages:
            wave = min(BASELINE_PAGES, pages - done)
            failed += asyncio.run(leave_many(url, wave, addresses, parallel=parallel, first=done))
            done += wave
            now = rss_mib(pid)
            baseline = now if baseline is None else baseline
            note = "(baseline)" if done == wave else f"({now - baseline:+.1f} MiB)"
            print(f"  after {done:6,} pages: {now:7.1f} MiB {note}  "
                  f"{done / (time.monotonic() - start):.0f} pages/s", flush=True)
        last = rss_mib(pid)
        time.sleep(grace + EVICTION_TICK_S + 1)
        after = settled(pid, 20)
        tracebacks = Path(server.log_path).read_text(errors="replace").count("Traceback")
        print(f"  after the grace:    {after:7.1f} MiB ({after - baseline:+.1f} MiB)")
        print(f"  {failed} of {pages:,} phones not served as planned; {tracebacks} tracebacks in the log")
        met = max(last, after) - baseline <= GOAL_MIB and tracebacks == 0
        print(f"  goal (within {GOAL_MIB:.0f} MiB of the baseline, no traceback): {'met' if met else 'NOT met'}")
        return met
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--grace", type=int, default=2, help="FLET_SESSION_TIMEOUT for the run (s)")
    parser.add_argument("--parallel", type=int, default=16, help="phones at a time (<= 64 per address)")
    parser.add_argument("--runs", nargs="*", default=list(RUNS), choices=list(RUNS))
    args = parser.parse_args()
    pages = max(BASELINE_PAGES, min(args.pages, 20000))
    results = [run(name, RUNS[name], pages, args.grace, min(args.parallel, 48)) for name in args.runs]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
