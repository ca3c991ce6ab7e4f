"""After a tap that changes what this phone must do, the step and its action are on the
screen of a 390 x 844 phone (390 x 664, Safari's, for Pai Sho's board), on both builds and
WebKit: the bid a line of advice filled in, Rock Garden's Pass panel, BluffStones' bid
buttons after "Start game", Pai Sho's targets after a "Place ..." under the board."""

from __future__ import annotations

import pytest

from companion.commands.common import open_tables
from tests.browser.harness import BUILDS, ENGINES, in_view, scroll_to_see

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


SAFARI_PHONE = {"width": 390, "height": 664}
"""What an iPhone's Safari shows of a page between its bars: a board's own buttons lie below it."""


def settled(phone, label: str, polls: int = 4) -> None:
    """Wait until ``label`` has stood still for a few polls: the page opened at its top and
    any scroll of its own is over (a late one would undo the scroll a test's tap makes)."""
    last, still = None, 0
    while still < polls:
        box = phone.label_boxes([label]).get(label)
        still = still + 1 if box is not None and box == last else 0
        last = box
        phone.pause(300)


def paisho_board_table(server):
    """Ann and Bo's Pai Sho, the board on the phone (as for new tables), Ann to move."""
    return open_tables(str(server.data_dir)).create("paisho", ["Ann", "Bo"])


@pytest.mark.parametrize("build", ENGINES)
def test_paisho_place_shows_the_boards_targets(server, phones, build):
    hub = paisho_board_table(server)
    ann = phones("ann", viewport=SAFARI_PHONE, build=build).open(f"{server.url}/join/{hub.code}")
    ann.tap("Sit as Ann", timeout=WAIT)
    settled(ann, "Place Rose")
    scroll_to_see(ann, "Pass")  # the foot of the tiles to place, far under the board
    ann.tap("Place Rose", timeout=WAIT)
    in_view(ann, ["Go to 0,7"])  # its one target, at the far side of the board
