"""Soak: the host link and a join link, each opened many times in a row on each build of
Flet's client, never fault (``make soak``).

    .venv/bin/python bench/host_link_soak.py [--times 100] [--builds wasm,js]

The suite checks the cause of the fault this once caught (a cross-origin isolated page, on
which skwasm draws in a second thread that faulted "memory access out of bounds" when the
host link changed its route while Flutter started: tests/browser/test_host_link.py); this
opens the links as many times as before, two phones at once, and says how many loads
faulted. Exit status 1 if any did.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.harness import (  # noqa: E402
    BUILDS, CHROMIUM_ARGS, Phone, Server, chromium_path, new_table, temp_env)


def soak(browser, server: Server, build: str, times: int) -> list[str]:
    """Open the host and join links ``times`` times each on ``build``; the faults seen."""
    code = new_table(server, "scorepad", "Ann,Bo")
    links = {"host": (f"{server.url}/host/{server.host_key}", "New table"),
             "join": (f"{server.url}/join/{code}", "Pick your seat")}
    opened = {name: Phone(browser, name, build=build) for name in links}
    faults: list[str] = []
    for name, phone in opened.items():
        phone.page.on("pageerror", lambda error, name=name: faults.append(f"{name}: {error}"))
    try:
        for attempt in range(times):
            for name, phone in opened.items():
                phone.page.goto(links[name][0], wait_until="commit")
            for name, phone in opened.items():
                try:
                    phone.ready()
                    phone.see(links[name][1])
                except Exception as error:  # a page that spins never shows its screen
                    faults.append(f"{name}, load {attempt + 1}: {type(error).__name__}")
    finally:
        for phone in opened.values():
            phone.close()
    return faults


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--times", type=int, default=100)
    parser.add_argument("--builds", default=",".join(BUILDS))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    os.environ.update(temp_env())
    server = Server(Path(tempfile.mkdtemp(prefix="tc-soak-")) / "data").start()
    failed = False
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for build in args.builds.split(","):
                started = time.monotonic()
                faults = soak(browser, server, build, args.times)
                print(f"{build}: {2 * args.times} loads in {time.monotonic() - started:.0f} s, "
                      f"{len(faults)} faulted{': ' if faults else ''}{'; '.join(faults[:5])}")
                failed = failed or bool(faults)
            browser.close()
    finally:
        server.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
