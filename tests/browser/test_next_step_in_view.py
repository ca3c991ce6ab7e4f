"""After a tap that changes what this phone must do, the step and its action are on the
screen of a 390 x 844 phone (the bid a line of advice filled in)."""

from __future__ import annotations

import pytest

from companion.cli.commands.common import open_tables
from tests.browser.harness import BUILDS, in_view

pytestmark = pytest.mark.browser

WAIT = 30000


def seated(phones, server, code: str, name: str, build: str):
    phone = phones(name.lower(), build=build).open(f"{server.url}/join/{code}")
    assert phone.loaded_build() == build
    phone.tap(f"Sit as {name}", timeout=WAIT)
    return phone


def rock_garden_bids(server):
    """Ann, Bo, Cy at the bidding, two piles laid out, Ann to bid first."""
    from companion.table.hub import Who

    hub = open_tables(str(server.data_dir)).create("rockgarden", ["Ann", "Bo", "Cy"])
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 W1 W2 B3", "G1 B1 W3 R2 Y3"]):
        hub.act(Who(host=True), "setup_draw", {"rocks": garden}, None, seat)
    hub.act(Who(host=True), "start_player", {"player": 0}, None, None)
    hub.act(Who(host=True), "draw", {"rocks": "G2 B2 R3 Y3 G3"}, None, None)
    return hub


@pytest.mark.parametrize("build", BUILDS)
def test_rock_garden_a_line_of_advice_shows_the_bid_it_filled_in(server, phones, build):
    hub = rock_garden_bids(server)
    ann = seated(phones, server, hub.code, "Ann", build)
    ann.tap("Pile 1: bid Red II, Red III (5) and take no demerit if it stands", timeout=WAIT)
    ann.see("Your bid on pile 1: Red II, Red III — worth 5, 2 rocks", timeout=WAIT)
    in_view(ann, ["Your bid on pile 1: Red II, Red III — worth 5, 2 rocks", "Place bid"])
