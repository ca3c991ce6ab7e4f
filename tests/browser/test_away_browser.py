""""While you were away" in real Chromium (issue 37, point 6), on both builds of Flet's
client: a phone that leaves its table and comes back after other moves is told them in
words, until it taps "Got it"."""

from __future__ import annotations

import pytest

from tests.browser.harness import BUILDS, new_table
from tests.browser.harness import host_act

pytestmark = pytest.mark.browser

WAIT = 30000


@pytest.mark.parametrize("build", BUILDS)
def test_a_phone_that_comes_back_is_told_what_it_missed(server, phones, build):
    code = new_table(server, "scorepad", "Ann,Bo,Cy")
    ann = phones("ann", build=build).open(f"{server.url}/join/{code}")
    assert ann.loaded_build() == build
    ann.tap("Sit as Ann", timeout=WAIT)
    host_act(server, code, "points", {"points": 4}, seat=0)
    ann.see_label("Ann total 4", timeout=WAIT)
    # the phone keeps the revision it showed (Flutter's shared preferences: localStorage)
    ann.page.wait_for_function(f"() => localStorage.getItem('flutter.seen.{code}') === '1'", timeout=WAIT)
    assert ann.text("While you were away").count() == 0
    ann.page.goto("about:blank")  # the phone leaves (locked, another app, a reload later)
    host_act(server, code, "points", {"points": 9}, seat=1)
    host_act(server, code, "points", {"points": 7}, seat=2)
    host_act(server, code, "new_round", {})
    ann.open(f"{server.url}/t/{code}")
    ann.see("While you were away", timeout=WAIT)
    for line in ("Bo scored 9 in round 1", "Cy scored 7 in round 1", "Round 2 started"):
        ann.see(line, timeout=WAIT)
    ann.keep_screenshot(f"away-card-{build}")
    ann.tap("Got it", timeout=WAIT)
    ann.text("While you were away").first.wait_for(state="detached", timeout=WAIT)
    ann.see_label("round: 2", timeout=WAIT)
