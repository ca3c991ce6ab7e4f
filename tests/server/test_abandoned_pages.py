"""The real server (``companion serve``) and phones that leave before a page has asked them
anything, over real websockets: the log holds no traceback for them, and a device past its
page cap still gets working pages (issue 35). The pages kept are counted by
tests/server/test_sessions_server.py; the full-size memory figures are ``bench/abandoned.py``'s."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser.harness import Server
from tests.server.raw_phones import leave, leave_many, register, start_page_drawn
from tests.support import run_apart

GRACE_S = 1
EVICTION_TICK_S = 10  # Flet's evictor closes the sessions past their grace every 10 s
PAGES = 300
"""Phones that leave before answering (before the fix: a traceback for each that left at
once). How many pages stay in memory is counted inside the server's process by
tests/server/test_sessions_server.py (the RSS of a whole server moves by several MiB with
how many pages a second arrive: bench/abandoned.py reads it over 10,000 pages)."""
ADDRESSES = [f"127.0.0.{n}" for n in range(2, 255)]
LEAVING_BEFORE_ANSWERING = ("after 0.3 s", "at once", "after 0.3 s")


def after_the_grace() -> None:
    """Wait out the grace and the evictor's next look: the pages are closed by then, and
    whatever their closing logs is in the log (nothing outside the server tells when)."""
    time.sleep(GRACE_S + EVICTION_TICK_S + 1)


@pytest.fixture
def server(tmp_path):
    served = Server(tmp_path / "data", env={"FLET_SESSION_TIMEOUT": str(GRACE_S)}).start()
    yield served
    served.stop()


def test_phones_that_leave_before_answering_leave_no_traceback(server):
    url = server.url.replace("http", "ws") + "/ws"
    leaving = leave_many(url, PAGES, ADDRESSES, leavings=LEAVING_BEFORE_ANSWERING)
    assert run_apart(leaving) == 0
    after_the_grace()  # the pages are let go: nothing more is logged for them
    # the server still draws a phone's start page, and said nothing of the phones that left
    assert run_apart(leave(url, "127.0.0.2", "after the first screen"))
    log = Path(server.log_path).read_text(errors="replace")
    assert "Traceback" not in log and "ERROR" not in log, server.log_tail()


def test_a_device_past_its_page_cap_gets_a_working_page(tmp_path):
    """A device whose 24 pages are all left within the grace opens more: each new page lets
    the oldest go and is drawn at once, its storage asked on its own page."""
    from companion.flet_runtime.sessions import PER_ADDRESS

    served = Server(tmp_path / "data", env={"FLET_SESSION_TIMEOUT": "300"}).start()
    url = served.url.replace("http", "ws") + "/ws"

    async def open_and_leave() -> bool:
        import websockets

        async with websockets.connect(url, local_addr=("127.0.0.9", 0), max_size=None) as ws:
            await register(ws)
            # (a page asking its storage on another page waited 10 s for each of its 2 asks)
            return await start_page_drawn(ws, within=8)

    try:
        drawn = [run_apart(open_and_leave()) for _ in range(PER_ADDRESS + 4)]
    finally:
        served.stop()
    assert all(drawn), f"pages not drawn within 8 s: {[i + 1 for i, ok in enumerate(drawn) if not ok]}"
