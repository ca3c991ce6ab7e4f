"""A phone at a table keeps its screen on (a locked phone hears no cue when its turn
comes), on both builds of Flet's client and in WebKit: the Screen Wake Lock where the page
is a secure context (http://127.0.0.1), a muted looping inline video attached to the page
and playing after a tap where it is not (http:// at a host name that is not loopback, as
every phone at a real table sees the host). Let go on the start page, after the game
ends, and whenever the phone's "Screen awake" setting is off.

What the page holds is read from ``window.awake``, which ``assets/awake.js`` keeps: the
lock's sentinel (not released) or the video element (attached, muted, inline, looping,
not paused)."""

from __future__ import annotations

import pytest

from tests.browser.harness import BUILDS, CHROMIUM_ARGS, ENGINES, chromium_path, host_act, new_table

pytestmark = pytest.mark.browser

WAIT = 30000
HELD = """() => {
  const a = window.awake;
  if (!a) return 'no script';
  if (a.held === 'lock') return a.sentinel && !a.sentinel.released ? 'lock' : 'a released lock';
  if (a.held === 'video') {
    const v = a.video;
    const right = v.isConnected && v.muted && v.hasAttribute('playsinline') && v.loop && !v.paused;
    return right ? 'video' : 'a video not as it should be';
  }
  const v = a.video;
  return v && v.isConnected && !v.paused ? 'a video still playing' : 'nothing';
}"""
SECURE = "() => window.isSecureContext"
TAP = ("() => { const at = {bubbles: true, clientX: 200, clientY: 830};"
       " window.dispatchEvent(new PointerEvent('pointerdown', at)); }")
"""A tap on the page as the script hears it (where nothing is to be tapped)."""


NETWORK_NAME = "awake.test"
"""The host as a phone on the network names it: not loopback, so its http:// page is not a
secure context, while the Chromium of :func:`network_chromium` sends its traffic to
127.0.0.1 (no test reaches beyond loopback)."""


@pytest.fixture(scope="module")
def network_chromium(browser):
    """A Chromium that resolves :data:`NETWORK_NAME` to 127.0.0.1."""
    chromium = browser.browser_type.launch(
        executable_path=chromium_path(),
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NETWORK_NAME} 127.0.0.1"])
    yield chromium
    chromium.close()


def held(phone, *expected: str) -> str:
    """Wait until the page holds one of ``expected`` ("lock", "video" or "nothing"),
    tapping an empty part of the screen meanwhile: the player's first tap starts the video,
    and a tap where nothing is wanted must start nothing. What it holds."""
    seen = None
    for _ in range(80):
        phone.evaluate(TAP)
        phone.pause(250)
        seen = phone.evaluate(HELD)
        if seen in expected:
            return seen
    raise AssertionError(f"{phone.name}: the page holds {seen!r}, not {expected!r} "
                         f"(refused: {phone.evaluate('() => window.awake && window.awake.refused')})")


def the_way(phone, build: str, secure: bool) -> str:
    """What the page holds at a table: the lock on a secure page, the video elsewhere.
    WebKitGTK refuses the lock even on a secure page (NotAllowedError), and the page plays
    the video instead: the path a phone on a page that is not secure takes, so WebKit's
    secure page is where that path is checked in WebKit."""
    assert phone.evaluate(SECURE) is secure
    if secure and build == "webkit":
        way = held(phone, "video")
        assert phone.evaluate("() => window.awake.refused") == "NotAllowedError"
        return way
    return held(phone, "lock" if secure else "video")


def the_setting_lets_it_go(phone, way: str) -> None:
    phone.tap_icon("Screen awake", timeout=WAIT)  # the phone's setting: off
    held(phone, "nothing")
    phone.tap_icon("Screen may sleep", timeout=WAIT)  # on again
    held(phone, way)


def the_end_lets_it_go(srv, phone, code: str) -> None:
    host_act(srv, code, "finish", {})
    phone.see("Final totals", timeout=WAIT)
    held(phone, "nothing")


@pytest.mark.parametrize("build", ENGINES)
def test_a_secure_page_holds_the_wake_lock_while_at_a_table(server, phones, build):
    code = new_table(server, "scorepad", "Ann,Bo")
    phone = phones("ann", build=build).become_host(server)
    held(phone, "nothing")  # the start page
    phone.open(f"{server.url}/t/{code}")
    phone.see("All tables", timeout=WAIT)
    way = the_way(phone, build, secure=True)
    the_setting_lets_it_go(phone, way)
    phone.tap("All tables", timeout=WAIT)  # back to the start page, in the app
    phone.see("New table", timeout=WAIT)
    held(phone, "nothing")
    phone.open(f"{server.url}/t/{code}")
    phone.see("All tables", timeout=WAIT)
    held(phone, way)
    the_end_lets_it_go(server, phone, code)


@pytest.mark.parametrize("build", BUILDS)
def test_a_page_on_the_network_plays_a_video_after_a_tap_while_at_a_table(server, phones, network_chromium,
                                                                          build):
    """A phone at the table on a host name that is not loopback (its loop time metered as a
    phone's: a first phone on 127.0.0.1 warms the new server up). Chromium only: WebKit's
    video path is checked on its secure page, where it refuses the lock."""
    code = new_table(server, "scorepad", "Ann,Bo")
    warm = phones("warm").open(f"{server.url}/t/{code}")
    warm.see("Watching", timeout=WAIT)
    warm.close()
    phone = phones("ann", build=build, chromium=network_chromium)
    phone.open(f"http://{NETWORK_NAME}:{server.port}/t/{code}")
    phone.see("Watching", timeout=WAIT)
    the_way(phone, build, secure=False)
    the_setting_lets_it_go(phone, "video")
    the_end_lets_it_go(server, phone, code)
