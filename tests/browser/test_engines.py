"""One test, three engines: Chromium on Flet's WebAssembly build, Chromium on its JavaScript
build (what every iPhone and Firefox get) and WebKitGTK (Safari's engine). Each test is
written once against the phone's shared words (``open``, ``tap``, ``see``...: Flutter's
accessibility tree on every engine) and runs on each (issue 36)."""

from __future__ import annotations

import json
import time

import pytest

from tests.browser.harness import ENGINES, new_table
from tests.browser.harness import host_act

pytestmark = pytest.mark.browser

WAIT = 60000
"""WebKit under Xvfb draws with the CPU alone: a screen can take seconds on a busy machine."""

LARGE = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}

MOVES = {
    # game: (players, the seat taken, the move's taps and what each shows, what its undo shows)
    "scorepad": ("Ann,Bo", "Ann", [("+5", None, None), ("Save", "label", "Ann total 5")],
                 ("label", "Ann total 0")),
    "paisho": ("Ann,Bo", "Ann", [("Place Jasmine", "label", "Go to 0,-8"),  # the board on the phone
                                 ("Go to 0,-8", None, None),  # a point, then Confirm: the move
                                 ("Confirm", "label", "Ann's Jasmine on 0,-8")],
               ("text", "Tap one of your tiles, then where it goes.")),
    "strata": ("Ann,Bo,Cy", "Cy", [("Extra 1 Money 0 Grain", "label", "Round 1 of 15")],
               ("label", "Phase: Setup: extra resources")),
    "bluffstones": ("Ann,Bo,Cy", "Ann", [("Ann starts", "text", "Ann holds the turn tower.")],
                    ("text", "the default layout")),
    "rockgarden": ("Ann,Bo", "Ann", [("Bo starts", "text", "Start player: Bo")], ("text", "Redo")),
}


@pytest.fixture(params=ENGINES)
def engine(request) -> str:
    return request.param


def step(phone, name: str, kind: str | None, expect: str | None) -> None:
    """Tap ``name``, then wait for ``expect`` (a "text" or a node's "label"; None: nothing
    to wait for, a tap that only changes a field)."""
    if expect is None:
        phone.tap(name, timeout=WAIT)
    else:
        phone.tap_until(name, expect, label=kind == "label", timeout=WAIT)


def test_a_move_and_its_undo_in_every_game(server, phones, engine):
    phone = phones("player", build=engine)
    for game, (players, seat, taps, (kind, undone)) in MOVES.items():
        code = new_table(server, game, players)
        phone.open(f"{server.url}/join/{code}")
        phone.tap(f"Sit as {seat}", timeout=WAIT)
        for name, shows, expect in taps:
            step(phone, name, shows, expect)
        step(phone, "Undo", kind, undone)
        phone.see("Redo", timeout=WAIT)  # the move is undone, not gone: it can come back


@pytest.mark.own_server
def test_the_host_on_any_engine(server, phones, engine):
    """The host's own screens: its table list, "Download this table" (the screen then back
    by itself after a kill -9), the table screen at 1280 x 800 and 1920 x 1080 (every key
    number 40 px or more) and "Reveal scores"."""
    code = new_table(server, "scorepad", "Ann,Bo", "secret=true")
    host_act(server, code, "points", {"points": 47}, seat=0)
    host = phones("host", viewport=LARGE, build=engine).become_host(server)
    host.see(f"Score pad · {code}")
    host.keep_downloads()
    host.tap_icon("Download this table", timeout=WAIT)
    exported = json.loads(host.downloaded(timeout=WAIT))
    assert (exported["code"], exported["players"]) == (code, ["Ann", "Bo"])
    host.pause(3500)  # the download's navigation is over: the page stayed
    before = host.connections()
    server.kill9()  # the host's screen comes back by itself after the download too
    server.start()
    host.back_since(before, timeout=WAIT)
    host.see(f"Score pad · {code}", timeout=WAIT)

    host.open(f"{server.url}/t/{code}")
    host.see_label("Ann total secret", timeout=WAIT)
    host.tap_until("Reveal scores", "Reveal every", timeout=WAIT)
    host.tap_until("Reveal", "Ann total 47", label=True, timeout=WAIT)
    for size in (LARGE, TV):
        host.resize(size)
        host.assert_numbers_readable_from_afar(["Ann total 47", "Bo total 0"])


def dark(phone, within: float = 10.0) -> bool:
    """Whether the page is drawn dark, within ``within`` seconds: a page can paint its
    first frame before the phone's dark setting has reached Flutter (WebKit's window is
    told after it opens), and is dark a frame later."""
    deadline = time.monotonic() + within
    while sum(phone.background()) >= 200:
        if time.monotonic() > deadline:
            return False
        phone.pause(200)
    return True


def qr_url(phones, server, code: str) -> str:
    """The URL in the QR the join page draws (read on Chromium's WebAssembly build, where
    the QR is drawn today), as a phone's camera reads it off a friend's screen."""
    from tests.browser.harness import decode_qr

    shown = phones("friend").open(f"{server.url}/join/{code}")
    shown.see("Pick your seat")
    [url] = decode_qr(shown)
    shown.close()
    return url


@pytest.mark.own_server
def test_a_dark_phone_joins_from_the_qr_and_is_back_on_its_seat_after_a_kill9(server, phones, engine):
    code = new_table(server, "scorepad", "Ann,Bo")
    url = qr_url(phones, server, code)
    assert url == f"{server.url}/join/{code}"
    ann = phones("ann", dark=True, build=engine).open(url)
    ann.tap("Sit as Ann", timeout=WAIT)
    ann.see("Points in round 1", timeout=WAIT)
    assert dark(ann), ann.background()  # the phone's system asks for dark: so is the app
    ann.tap("+5", timeout=WAIT)
    ann.tap_until("Save", "Ann total 5", label=True, timeout=WAIT)
    before = ann.connections()
    server.kill9()
    server.start()
    ann.back_since(before, timeout=WAIT)  # back by itself once its host answers again
    ann.see("Points in round 1", timeout=WAIT)
    ann.see_label("Ann total 5", timeout=WAIT)


def test_webkit_under_a_c_locale_still_boots(server, phones):
    """WebKit under LANG=C.UTF-8 (CI, containers) reports navigator.language "C", a tag
    Flutter rejects: the page must start anyway (the served page's language guard)."""
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("ann", build="webkit", language="C.UTF-8")
    ann.driver.get("about:blank")  # a page of the browser's own, with no guard in it
    assert ann.evaluate("() => navigator.language") == "C"  # what makes this run a test
    ann.open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann", timeout=WAIT)
    ann.see("Points in round 1", timeout=WAIT)
