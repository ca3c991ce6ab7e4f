"""The score pad at the table in real Chromium: the host's big table screen, dark mode."""

from __future__ import annotations

import json

import pytest

from tests.browser.harness import BUILDS, new_table

pytestmark = pytest.mark.browser

LARGE = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}


@pytest.mark.parametrize("size", [LARGE, TV], ids=["1280x800", "1920x1080"])
def test_the_host_table_screen_is_readable_from_across_the_table(server, phones, size):
    code = new_table(server, "scorepad", "Ann,Bo,Cy")
    ann = phones("ann").open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    ann.type_into("Ann's points", "17")
    ann.tap("Save")
    host = phones("host", viewport=size).become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see_label("Ann total 17")
    host.see("Round 1")
    host.assert_readable_from_afar(["Ann total 17", "Bo total 0", "Round 1"])
    assert host.button("Save").count() == 0  # no controls on the table screen
    host.keep_screenshot(f"scorepad-table-{size['width']}")


def test_phone_and_table_screens_in_dark_mode(server, phones):
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("ann", dark=True).open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    ann.type_into("Ann's points", "5")
    ann.tap("Save")
    ann.see_label("Ann total 5")
    assert sum(ann.background()) < 200  # a dark page
    ann.keep_screenshot("scorepad-phone-dark")
    light = phones("bo").open(f"{server.url}/join/{code}")
    light.tap("Sit as Bo")
    light.see_label("Ann total 5")
    assert sum(light.background()) > 500
    light.keep_screenshot("scorepad-phone-light")
    host = phones("host", viewport=LARGE, dark=True).become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see_label("Ann total 5")
    host.keep_screenshot("scorepad-table-dark")


def test_the_host_reveals_secret_scores_from_the_table_screen(server, phones):
    """Issue 26, point 1: "Reveal scores" on the host's table screen, after a confirm; a
    frame audit of the shared screen: no hidden total reached it before the reveal (and
    every one after it: the positive control)."""
    from tests.browser.harness import host_act

    result = server.companion("new", "scorepad", "--players", "Ann,Bo,Cy", "--set", "secret=true", "--json")
    assert result.returncode == 0, result.stderr
    code = json.loads(result.stdout)["code"]
    secret = {"Ann": 4817, "Bo": 2963, "Cy": 7351}
    for seat, points in enumerate(secret.values()):
        host_act(server, code, "points", {"points": points}, seat=seat)
    host = phones("host", viewport=TV)
    host.record_frames()  # (before the page opens its websocket)
    host.become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see_label("Ann total secret")
    host.tap("Reveal scores")
    host.see("Reveal every score?")
    host.keep_screenshot("scorepad-table-reveal-confirm")
    before = host.frames_since(0)
    assert before.count, "no frames recorded: the audit would prove nothing"
    for name, points in secret.items():
        assert not before.has_number(points), f"{name}'s hidden total reached the table screen"
    host.tap("Reveal")
    for name, points in secret.items():
        host.see_label(f"{name} total {points}")
    after = host.frames_since(0)
    assert all(after.has_number(points) for points in secret.values())  # the audit sees them now
    assert host.button("Reveal scores").count() == 0
    host.keep_screenshot("scorepad-table-revealed")


def test_the_leader_moves_to_the_top_of_the_totals_on_another_phone(server, phones):
    """Each Save that makes a new leader moves the rows on every phone (issue 25: the
    rows are moved, not drawn again): the order Ann's phone draws follows the scores."""
    code = new_table(server, "scorepad", "Ann,Bo,Cy")
    seated = {}
    for name in ("Ann", "Bo", "Cy"):
        seated[name] = phones(name.lower()).open(f"{server.url}/join/{code}")
        seated[name].tap(f"Sit as {name}")
    totals = {"Ann": 0, "Bo": 0, "Cy": 0}
    ann = seated["Ann"]
    for leader, points in (("Ann", 7), ("Bo", 9), ("Cy", 12)):
        seated[leader].type_into(f"{leader}'s points", str(points))
        seated[leader].tap("Save")
        totals[leader] = points
        labels = {name: f"{name} total {total}" for name, total in totals.items()}
        ann.see_label(labels[leader])
        tops = {name: ann.label_boxes([label])[label]["y"] for name, label in labels.items()}
        assert tops[leader] < min(y for name, y in tops.items() if name != leader), tops


RESTYLED = r"""
() => {
  // the accessibility tree's nodes restyled from now on, by their label
  const seen = window.__restyled = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (r.attributeName === 'style' && el.tagName === 'FLT-SEMANTICS')
        seen.push((el.getAttribute('aria-label') || el.textContent || '').trim());
    }
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['style']});
}
"""


def test_an_undo_that_goes_away_leaves_the_rest_of_the_accessibility_tree_alone(server, phones):
    """Bo's Undo goes when Ann saves. Chromium's copy of Flutter's accessibility tree
    numbers each node's place among its siblings, so a node that comes or goes restyles
    every sibling after it: on a phone whose screen reader is on, the whole screen, on
    every move (issue 25, the receiving phone's cost). The header is a group of its own:
    the tabs, the box, Save and the steppers below it are left as they are."""
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("ann").open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    bo = phones("bo").open(f"{server.url}/join/{code}")
    bo.tap("Sit as Bo")
    bo.type_into("Bo's points", "3")
    bo.tap("Save")
    bo.button("Undo").wait_for(timeout=30000)
    bo.page.evaluate(RESTYLED)
    ann.type_into("Ann's points", "7")
    ann.tap("Save")
    bo.see_label("Ann total 7")
    bo.button("Undo").wait_for(state="detached", timeout=30000)  # the same frame restyles
    restyled = set(bo.page.evaluate("() => window.__restyled"))
    below = {"Play", "History", "Rules", "Invite", "Save", "Bo plus 1", "Bo plus 5", "Bo minus 1",
             "Points in round 1", "Totals"}
    assert "Ann total 7" in restyled  # the positive control: the row that moved to the top
    assert not below & restyled, sorted(restyled)


@pytest.mark.parametrize("build", BUILDS)
def test_a_secret_pad_ends_with_its_winner_on_every_screen(server, phones, build):
    """Issue 37, point 7: after the reveal the host ends the game from the table screen
    (with a confirm); both phones and the table screen say "Cy wins with 26", the phones
    show the chart and no "Next round", and the History says how the game ended."""
    from tests.browser.harness import host_act

    result = server.companion("new", "scorepad", "--players", "Ann,Bo,Cy", "--set", "secret=true", "--json")
    assert result.returncode == 0, result.stderr
    code = json.loads(result.stdout)["code"]
    ann = phones("ann", build=build).open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    for seat, points in enumerate((11, 9, 26)):
        host_act(server, code, "points", {"points": points}, seat=seat)
    ann.see("Everyone has entered round 1")
    host = phones("host", viewport=LARGE, build=build).become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.tap("Reveal scores")
    host.tap("Reveal")
    host.tap("End the game")
    host.see("End the game?")
    host.tap("Yes, end it")
    for screen in (host, ann):
        screen.see("Cy wins with 26")
        assert screen.button("Next round").count() == 0
    assert ann.text("Everyone has entered").count() == 0
    ann.see("Running totals")
    host.keep_screenshot(f"scorepad-table-ended-{build}")
    ann.tap("History")
    ann.see("The game ended: Cy wins with 26")
