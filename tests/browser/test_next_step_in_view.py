"""After a tap that changes what this phone must do, the step and its action are on the
screen of a 390 x 844 phone (the bid a line of advice filled in)."""

from __future__ import annotations

import time

import pytest

from companion.commands.common import open_tables
from tests.browser.harness import BUILDS

pytestmark = pytest.mark.browser

SHOWN_WITHIN_S = 15.0
"""The page scrolls in 0.3 s once the tap is answered; the answer may take seconds on a busy
test machine."""
WAIT = 30000


def in_view(phone, labels: list[str], within: float = SHOWN_WITHIN_S) -> dict:
    """Wait until every one of ``labels`` lies whole on the screen; fail with the boxes seen."""
    height = phone.page.viewport_size["height"]
    deadline = time.monotonic() + within
    while True:
        boxes = phone.label_boxes(labels)
        if set(boxes) == set(labels) and all(0 <= b["y"] and b["y"] + b["height"] <= height
                                             for b in boxes.values()):
            return boxes
        if time.monotonic() > deadline:
            raise AssertionError(f"{phone.name}: not all on the screen ({height} px high): {labels} -> {boxes}")
        phone.page.wait_for_timeout(100)


def seated(phones, server, code: str, name: str, build: str):
    phone = phones(name.lower(), build=build).open(f"{server.url}/join/{code}")
    assert phone.loaded_build() == build
    phone.tap(f"Sit as {name}", timeout=WAIT)
    return phone


def rock_garden_bids(server, bids: list[tuple[int, int, str]]):
    """Ann, Bo, Cy at the bidding (two piles laid out), with ``bids`` (seat, pile, rocks) made."""
    from companion.hub import Who

    hub = open_tables(str(server.data_dir)).create("rockgarden", ["Ann", "Bo", "Cy"])
    host = Who(host=True)
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 W1 W2 B3", "G1 B1 W3 R2 Y3"]):
        hub.act(host, "setup_draw", {"rocks": garden}, None, seat)
    hub.act(host, "start_player", {"player": 0}, None, None)
    hub.act(host, "draw", {"rocks": "G2 B2 R3 Y3 G3"}, None, None)
    for seat, pile, rocks in bids:
        hub.act(host, "bid", {"pile": pile, "rocks": rocks}, None, seat)
    return hub


@pytest.mark.parametrize("build", BUILDS)
def test_rock_garden_a_line_of_advice_shows_the_bid_it_filled_in(server, phones, build):
    hub = rock_garden_bids(server, [])
    ann = seated(phones, server, hub.code, "Ann", build)
    ann.tap("Pile 1: bid Red II, Red III (5) and take no demerit if it stands", timeout=WAIT)
    ann.see("Your bid on pile 1: Red II, Red III — worth 5, 2 rocks", timeout=WAIT)
    in_view(ann, ["Your bid on pile 1: Red II, Red III — worth 5, 2 rocks", "Place bid"])
