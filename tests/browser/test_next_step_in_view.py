"""After a tap that changes what this phone must do, the step and its action are on the
screen of a 390 x 844 phone (the bid a line of advice filled in)."""

from __future__ import annotations

import pytest

from companion.commands.common import open_tables
from tests.browser.harness import BUILDS, ENGINES, in_view

pytestmark = pytest.mark.browser

WAIT = 30000


def seated(phones, server, code: str, name: str, build: str):
    phone = phones(name.lower(), build=build).open(f"{server.url}/join/{code}")
    assert phone.loaded_build() == ("js" if build == "webkit" else build)
    phone.tap(f"Sit as {name}", timeout=WAIT)
    return phone


def rock_garden_bids(server):
    """Ann, Bo, Cy at the bidding, two piles laid out, Ann to bid first."""
    from companion.hub import Who

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


PASS_WORDS = ("Take a Pass card (1 demerit), then draw one rock from the bag and tap it. "
              "The bids go to the bag and each pile to its bidder.")


def rock_garden_pass_open(server):
    """As :func:`rock_garden_bids`, every pile bid on (Ann on pile 1, Bo on pile 2): Cy may pass."""
    from companion.hub import Who

    hub = rock_garden_bids(server)
    hub.act(Who(host=True), "bid", {"pile": 0, "rocks": "R1"}, None, 0)
    hub.act(Who(host=True), "bid", {"pile": 1, "rocks": "Y1"}, None, 1)
    return hub


@pytest.mark.parametrize("build", ENGINES)
def test_rock_garden_pass_shows_the_draw_it_asks_for(server, phones, build):
    hub = rock_garden_pass_open(server)
    cy = seated(phones, server, hub.code, "Cy", build)
    cy.tap("Pass", timeout=WAIT)  # the button lies far below the piles: the page is scrolled to it
    in_view(cy, [PASS_WORDS, "Back to bidding"])
    cy.see("Your turn: draw one rock from the bag and tap it")  # the banner names this step, not the bid


TOWER_COLOURS = {"B2": "blue", "B4": "yellow", "D2": "green", "D4": "blue",
                 "D6": "yellow", "F2": "green", "F4": "blue"}


def bluffstones_set_up(server):
    """Ann, Bo, Cy's table with every tower's top colour and the start player chosen:
    only "Start game" (at the foot of the setup) is left."""
    from companion.hub import Who

    hub = open_tables(str(server.data_dir)).create("bluffstones", ["Ann", "Bo", "Cy"])
    hub.act(Who(host=True), "tower_colour", {"colours": TOWER_COLOURS}, None, None)
    hub.act(Who(host=True), "start_player", {"player": 0}, None, None)
    return hub


@pytest.mark.parametrize("build", ENGINES)
def test_bluffstones_start_game_shows_the_bid_buttons(server, phones, build):
    hub = bluffstones_set_up(server)
    ann = seated(phones, server, hub.code, "Ann", build)
    ann.tap("Start game", timeout=WAIT)  # below the towers: the page is scrolled to it
    ann.see("Your secret bid", timeout=WAIT)
    in_view(ann, ["Your secret bid", "Bid 1 blue", "Bid 2 green", "Bid nothing"])
