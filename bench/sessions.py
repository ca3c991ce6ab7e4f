"""Abandoned phone sessions: the host's memory before, after 2,000 abandoned pages, and
after the grace period; then 2,000 more.

The real server (``companion serve``) on loopback, with a short grace for the bench through
the same setting the server uses (``FLET_SESSION_TIMEOUT``). Each "phone" is a real
websocket speaking Flet's protocol: it registers, answers the storage service's calls
(an empty phone), waits for the start page, then goes away. Phones come from 100 loopback
addresses (127.0.0.2 ...) so that the per-device cap (``companion.flet_runtime.sessions.PER_ADDRESS``)
does not let them go early. Bounded: at most 2,000 sessions and 600 s.

    .venv/bin/python bench/sessions.py [--sessions 2000] [--grace 20]
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

from tests.browser.harness import Server  # noqa: E402
from tests.server.raw_phones import abandon  # noqa: E402



def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def settled(pid: int, seconds: float) -> float:
    """RSS once it stops falling (sampled every second, at most ``seconds``)."""
    last, deadline = rss_mib(pid), time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(1)
        now = rss_mib(pid)
        if abs(now - last) < 0.05 and time.monotonic() > deadline - seconds / 2:
            return now
        last = now
    return last


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=2000)
    parser.add_argument("--grace", type=int, default=20, help="FLET_SESSION_TIMEOUT for the bench (s)")
    args = parser.parse_args()
    count = min(args.sessions, 2000)
    data = Path(tempfile.mkdtemp(prefix="tc-bench-sessions-")) / "data"
    import os
    os.environ["FLET_SESSION_TIMEOUT"] = str(args.grace)  # the server inherits it
    server = Server(data).start()
    try:
        url = server.url.replace("http", "ws") + "/ws"
        pid = server.proc.pid
        asyncio.run(abandon(url, 4, parallel=1))  # warm up: first imports, first page
        time.sleep(args.grace + 12)  # (the warm-up pages go too)
        before = rss_mib(pid)
        print(f"host RSS before (baseline):   {before:8.1f} MiB", flush=True)
        start = time.monotonic()
        slow = asyncio.run(abandon(url, count))
        opened = rss_mib(pid)
        print(f"{count} sessions opened and abandoned in {time.monotonic() - start:.1f} s (grace "
              f"{args.grace} s; {slow} pages not drawn within 20 s)")
        print(f"host RSS after opening:       {opened:8.1f} MiB  (+{opened - before:.1f} MiB, "
              f"{1024 * (opened - before) / count:.1f} KiB per abandoned session)", flush=True)
        time.sleep(args.grace + 11)  # Flet's evictor looks every 10 s
        after = settled(pid, 30)
        print(f"host RSS after the grace:     {after:8.1f} MiB  (+{after - before:.1f} MiB, "
              f"{1024 * (after - before) / count:.1f} KiB per abandoned session)", flush=True)
        # Python seldom hands freed memory back to the system: a second wave shows whether
        # the first wave's memory was freed (reused: no growth) or is still held (growth again)
        asyncio.run(abandon(url, count))
        time.sleep(args.grace + 11)
        again = settled(pid, 30)
        print(f"after {count} more and their grace: {again:8.1f} MiB  (+{again - after:.1f} MiB "
              f"over the first wave's)")
    finally:
        server.stop()

if __name__ == "__main__":
    main()
