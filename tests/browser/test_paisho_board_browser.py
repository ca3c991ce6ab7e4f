"""Pai Sho with the board on the phone, in real browsers: turns played by taps on the
board (a tile, then a highlighted point), a harmony found, drawn and scored by the app
after three turns, never typed; the table screen's board at 1920x1080."""

from __future__ import annotations

import json

import pytest

from tests.browser.harness import BUILDS

pytestmark = pytest.mark.browser

WAIT = 30000
TV = {"width": 1920, "height": 1080}


def board_table(server, moves=()) -> str:
    made = server.companion("new", "paisho", "--players", "Ann,Bo", "--json")  # the board is on for new tables
    assert made.returncode == 0, made.stderr
    code = json.loads(made.stdout)["code"]
    for seat, kind, payload in moves:
        server.act(code, kind, payload, seat)
    return code


def node(phone, label: str):
    """The node whose accessible name is ``label`` (a tile or a point of the board)."""
    return phone.page.locator(f'[aria-label="{label}"]').or_(phone.page.get_by_text(label, exact=True)).first


def tap_label(phone, label: str) -> None:
    """Tap a tile or point of the board through its accessibility node, as a screen
    reader does: the board's small nodes sit close together, and Chromium's hit test
    between Flutter's positioned nodes can land on a neighbour, so the tap goes to the
    node itself (its click is the tap Flutter's semantics turn into the control's)."""
    target = node(phone, label)
    target.wait_for(timeout=WAIT)
    target.dispatch_event("click")


@pytest.mark.parametrize("build", BUILDS)
def test_turns_by_taps_on_the_board_make_a_harmony_that_scores(server, phones, build):
    code = board_table(server, [(0, "place", {"tile": "jade", "at": [0, 0]}), (1, "pass", {}),
                                (0, "move", {"from": [0, 0], "to": [0, 3]})])
    join = f"{server.url}/join/{code}"
    bo = phones("bo", build=build).open(join)
    bo.tap("Sit as Bo", timeout=WAIT)
    ann = phones("ann", build=build).open(join)
    ann.tap("Sit as Ann", timeout=WAIT)
    assert ann.loaded_build() == build
    bo.tap("Pass", timeout=WAIT)
    ann.tap("Place Rose", timeout=WAIT)  # turn 3 of Ann's: a tile, then its point
    tap_label(ann, "Go to 0,7")
    ann.tap("Confirm", timeout=WAIT)
    bo.see_label("Ann's Rose on 0,7", timeout=WAIT)
    bo.tap("Pass", timeout=WAIT)
    ann.see("Tap one of your tiles, then where it goes.", timeout=WAIT)  # Ann's turn again
    tap_label(ann, "Ann's Rose on 0,7")
    tap_label(ann, "Go to 0,4")
    ann.tap("Confirm", timeout=WAIT)
    ann.see("White Jade + Rose", timeout=WAIT)  # found by the app, never entered
    for _ in range(2):
        bo.tap("Pass", timeout=WAIT)
        ann.tap("Pass", timeout=WAIT)
    bo.see_label("Ann score 1 of 30", timeout=WAIT)


def test_the_table_screens_board_fills_the_tv(server, phones):
    code = board_table(server, [(0, "place", {"tile": "jade", "at": [0, 0]}), (1, "place", {"tile": "jasmine", "at": [0, 8]})])
    host = phones("host", viewport=TV).become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see_label("Ann's White Jade on 0,0", timeout=WAIT)
    box = node(host, "Ann's White Jade on 0,0").bounding_box()
    far = node(host, "Bo's Jasmine on 0,8").bounding_box()
    spacing = (far["y"] - box["y"]) / 8  # eight points apart: the board's cell
    assert spacing * 17 >= 700, spacing  # the board at least 700 px across on a 1080 px TV
    host.see_label("Ann score 0 of 30", timeout=WAIT)
    host.assert_readable_from_afar(["Ann score 0 of 30", "Bo score 0 of 30"])
