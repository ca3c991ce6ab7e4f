"""Cues on every phone (issue 36), in real Chromium on both builds of Flet's client: a
phone that cannot vibrate (as iOS Safari) sounds a short tone and flashes the edge of its
screen when its turn comes with public news, once a tap has unlocked its audio; its
"Sound" setting silences the tone, not the flash, and is kept on the phone. A phone that can vibrate buzzes and
sounds nothing. The tone is seen by counting the oscillators the page starts."""

from __future__ import annotations

import pytest

from tests.browser.harness import BUILDS, new_table
from tests.browser.harness import host_act

pytestmark = pytest.mark.browser

LISTEN = """
window.__tones = 0; window.__flashes = 0; window.__buzzes = 0;
const oscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  const made = oscillator.call(this), start = made.start.bind(made);
  made.start = (...at) => { window.__tones += 1; return start(...at); };
  return made;
};
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes)
    if (node.classList && node.classList.contains('cue-flash')) window.__flashes += 1;
}).observe(document, {childList: true, subtree: true});
"""
NO_VIBRATION = "delete Navigator.prototype.vibrate;"
VIBRATION = """
const vibrate = Navigator.prototype.vibrate;
Navigator.prototype.vibrate = function (...pattern) { window.__buzzes += 1; return vibrate.apply(this, pattern); };
"""


def counts(phone) -> dict:
    return phone.page.evaluate("() => ({tones: __tones, flashes: __flashes, buzzes: __buzzes})")


def sat(phones, server, code: str, name: str, build: str, vibrates: bool):
    phone = phones(name.lower(), build=build)
    phone.context.add_init_script(LISTEN + (VIBRATION if vibrates else NO_VIBRATION))
    phone.open(f"{server.url}/join/{code}")
    phone.tap(f"Sit as {name}")  # a tap: what unlocks a phone's audio
    phone.field(f"{name}'s points")
    return phone


def next_round(server, code: str, points: tuple[int, int], watcher, done: int) -> None:
    """Everyone's points for round ``done``, then the next round, once ``watcher`` has
    shown that its turn ended (its turn coming round again is then a turn that comes:
    a phone that never drew the round's end sees its turn go on, and is not cued)."""
    for seat, value in enumerate(points):
        host_act(server, code, "points", {"points": value}, seat=seat)
    watcher.see(f"Everyone has entered round {done}")
    host_act(server, code, "new_round", {})


@pytest.mark.parametrize("build", BUILDS)
def test_a_phone_that_cannot_vibrate_sounds_and_flashes_its_cue(server, phones, build):
    code = new_table(server, "scorepad", "Ann,Bo")
    host_act(server, code, "points", {"points": 1}, seat=0)  # no one's turn while they sit
    host_act(server, code, "points", {"points": 2}, seat=1)
    ann = sat(phones, server, code, "Ann", build, vibrates=True)
    bo = sat(phones, server, code, "Bo", build, vibrates=False)
    assert bo.loaded_build() == build
    assert counts(bo) == {"tones": 0, "flashes": 0, "buzzes": 0}

    host_act(server, code, "new_round", {})  # "Round 2 started": public news, and everyone's turn
    bo.see("Points in round 2")
    bo.page.wait_for_function("() => window.__flashes >= 1", timeout=20000)
    ann.page.wait_for_function("() => window.__buzzes >= 1", timeout=20000)
    assert counts(bo) == {"tones": 1, "flashes": 1, "buzzes": 0}
    assert counts(ann)["tones"] == counts(ann)["flashes"] == 0  # a phone that buzzes sounds nothing

    bo.page.get_by_label("Sound on", exact=True).first.click()  # this phone's cues go silent
    bo.see("Cues are silent on this phone")
    next_round(server, code, (3, 4), bo, 2)
    bo.see("Points in round 3")
    bo.page.wait_for_function("() => window.__flashes >= 2", timeout=20000)
    bo.page.wait_for_timeout(300)
    assert counts(bo) == {"tones": 1, "flashes": 2, "buzzes": 0}  # the flash, no tone
    bo.reload()  # the phone keeps its setting
    bo.page.get_by_label("Sound off", exact=True).first.wait_for(timeout=30000)
