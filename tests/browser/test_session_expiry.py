"""A phone whose page the host let go (the grace period passed) gets its seat back on
reload: its seat token is in the browser's storage and the app runs afresh."""

from __future__ import annotations

import time

import pytest

from companion.flet_runtime.sessions import EVICT_ENV
from tests.browser.harness import Server, new_table

pytestmark = pytest.mark.browser

GRACE_S = 1
EVICT_EVERY_S = 0.5
"""The server closes the sessions past their grace this often (Flet's own ten seconds are
a production value: companion/flet_runtime/sessions.py, EVICT_EVERY_S)."""


def flet_session_id(phone) -> str:
    """The Flet session this tab re-attaches to (Flet keeps its id in sessionStorage)."""
    ids = phone.page.evaluate(
        "() => Object.entries(sessionStorage).filter(([k]) => k.includes('session')).map(([, v]) => v)")
    assert ids, "the tab keeps no Flet session id"
    return ids[0]


def test_a_phone_whose_session_expired_gets_its_seat_back_on_reload(tmp_path, phones):
    server = Server(tmp_path / "data", env={"FLET_SESSION_TIMEOUT": str(GRACE_S),
                                           EVICT_ENV: str(EVICT_EVERY_S)}).start()
    try:
        code = new_table(server, "scorepad", "Ann,Bo")
        ann = phones("ann").open(f"{server.url}/join/{code}")
        ann.tap("Sit as Ann")
        ann.field("Ann's points")
        first = flet_session_id(ann)
        # the phone goes away until the host has let its page go: a page the host still
        # kept would be re-attached, so go away again until a new one is made
        deadline = time.monotonic() + 90
        while True:
            ann.page.goto("about:blank")  # the websocket closes; the tab keeps its storage
            ann.page.wait_for_timeout((GRACE_S + EVICT_EVERY_S + 1) * 1000)
            ann.open(f"{server.url}/t/{code}")
            ann.field("Ann's points")  # the seat is back, either way
            if flet_session_id(ann) != first:
                break  # a new session: the app ran afresh and found the seat in storage
            assert time.monotonic() < deadline, "the host never let the page go"
        ann.type_into("Ann's points", "7")
        ann.tap("Save")
        ann.see_label("Ann total 7")
    finally:
        server.stop()
