"""Pai Sho's board under a finger, in real browsers (both builds of Flet's client and
WebKitGTK): a tap where a point is drawn aims the picked tile there, the board names the
point ("Move the White Jade to 0,-3?") and nothing moves until Confirm, whose button is a
full finger's size; the move then lands on the point tapped."""

from __future__ import annotations

import pytest

from tests.browser.harness import ENGINES, new_table

pytestmark = pytest.mark.browser

WAIT = 30000
FINGER = 44
"""The least size of a target, in CSS px (Apple's and Material's minimum)."""


def tap_where_drawn(phone, label: str) -> None:
    """A real tap at the middle of the accessibility node named ``label``: the page's hit
    test then decides what is under the finger, as on a phone (not the node's own click)."""
    phone.see_label(label, timeout=WAIT)
    box = phone.label_boxes([label])[label]
    at = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    if hasattr(phone, "driver"):  # WebKitWebDriver clicks an element; this goes to a place
        phone.evaluate(CLICK_AT, at)
    else:
        phone.page.mouse.click(at["x"], at["y"])


CLICK_AT = """(at) => {
  const target = document.elementFromPoint(at.x, at.y);
  const down = {bubbles: true, cancelable: true, clientX: at.x, clientY: at.y, pointerId: 1,
                pointerType: 'mouse', isPrimary: true, button: 0, buttons: 1};
  const up = {...down, buttons: 0};
  target.dispatchEvent(new PointerEvent('pointerdown', down));
  target.dispatchEvent(new MouseEvent('mousedown', down));
  target.dispatchEvent(new PointerEvent('pointerup', up));
  target.dispatchEvent(new MouseEvent('mouseup', up));
  target.dispatchEvent(new MouseEvent('click', up));
}"""
"""Pointer and mouse events at a place, to whatever the page's hit test finds there."""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_move_by_two_taps_and_confirm_lands_on_the_point_tapped(server, phones, engine):
    code = new_table(server, "paisho", "Ann,Bo")  # the board is on for new tables
    server.act(code, "place", {"tile": "jade", "at": [0, 0]}, 0)
    server.act(code, "pass", {}, 1)
    ann = phones("ann", build=engine).open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann", timeout=WAIT)
    tap_where_drawn(ann, "Ann's White Jade on 0,0")
    tap_where_drawn(ann, "Go to 0,-3")
    ann.see("Move the White Jade to 0,-3?", timeout=WAIT)
    ann.see_label("Ann's White Jade on 0,0", timeout=WAIT)  # nothing moved yet
    boxes = ann.label_boxes(["Confirm", "Cancel"])
    assert all(box["width"] >= FINGER and box["height"] >= FINGER for box in boxes.values()), boxes
    assert set(boxes) == {"Confirm", "Cancel"}, boxes
    tap_where_drawn(ann, "Confirm")
    ann.see_label("Ann's White Jade on 0,-3", timeout=WAIT)
