"""After a tap that changes what this phone must do, the step and its action are on the
screen of a 390 x 844 phone, on both builds and WebKit: the bid a line of advice filled
in, Rock Garden's Pass panel, BluffStones' bid buttons after "Start game"."""

from __future__ import annotations

import pytest

from companion.cli.commands.common import open_tables
from tests.browser.harness import BUILDS, ENGINES, in_view, scroll_to_see

pytestmark = pytest.mark.browser

WAIT = 30000


def seated(phones, server, code: str, name: str, build: str, viewport=None):
    phone = phones(name.lower(), viewport=viewport, build=build).open(f"{server.url}/join/{code}")
    assert phone.loaded_build() == ("js" if build == "webkit" else build)
    phone.tap(f"Sit as {name}", timeout=WAIT)
    return phone


def table(server, game: str, players: list[str], moves=()):
    """A new table of ``game`` with ``moves`` made for it: (seat or None, kind, payload)."""
    from companion.table.hub import Who

    hub = open_tables(str(server.data_dir)).create(game, players)
    for seat, kind, payload in moves:
        hub.act(Who(host=True), kind, payload, None, seat)
    return hub


def tap_far_down(phone, drawn: str, button: str) -> None:
    """Once ``drawn`` is on the page, scroll down to ``button`` as a thumb does, and tap it."""
    phone.see(drawn, timeout=WAIT)
    scroll_to_see(phone, button)
    phone.tap(button, timeout=WAIT)


ROCK_GARDEN_BIDS = [(0, "setup_draw", {"rocks": "R1 R2 R3 R3 Y2"}), (1, "setup_draw", {"rocks": "Y1 Y1 W1 W2 B3"}),
                    (2, "setup_draw", {"rocks": "G1 B1 W3 R2 Y3"}), (None, "start_player", {"player": 0}),
                    (None, "draw", {"rocks": "G2 B2 R3 Y3 G3"})]
"""Ann, Bo, Cy at the bidding, two piles laid out, Ann to bid first."""


@pytest.mark.parametrize("build", BUILDS)
def test_rock_garden_a_line_of_advice_shows_the_bid_it_filled_in(server, phones, build):
    hub = table(server, "rockgarden", ["Ann", "Bo", "Cy"], ROCK_GARDEN_BIDS)
    ann = seated(phones, server, hub.code, "Ann", build)
    ann.tap("Pile 1: bid Red II, Red III (5) and take no demerit if it stands", timeout=WAIT)
    ann.see("Your bid on pile 1: Red II, Red III — worth 5, 2 rocks", timeout=WAIT)
    in_view(ann, ["Your bid on pile 1: Red II, Red III — worth 5, 2 rocks", "Place bid"])


PASS_WORDS = ("Take a Pass card (1 demerit), then draw one rock from the bag and tap it. "
              "The bids go to the bag and each pile to its bidder.")
EVERY_PILE_BID = [(0, "bid", {"pile": 0, "rocks": "R1"}), (1, "bid", {"pile": 1, "rocks": "Y1"})]
"""Ann on pile 1, Bo on pile 2: Cy may pass."""


@pytest.mark.parametrize("build", ENGINES)
def test_rock_garden_pass_shows_the_draw_it_asks_for(server, phones, build):
    hub = table(server, "rockgarden", ["Ann", "Bo", "Cy"], ROCK_GARDEN_BIDS + EVERY_PILE_BID)
    cy = seated(phones, server, hub.code, "Cy", build)
    tap_far_down(cy, "Bid on pile 1", "Pass")  # far below the piles
    in_view(cy, [PASS_WORDS, "Back to bidding"])
    cy.see("Your turn: draw one rock from the bag and tap it")  # the banner names this step, not the bid


TOWER_COLOURS = {"B2": "blue", "B4": "yellow", "D2": "green", "D4": "blue",
                 "D6": "yellow", "F2": "green", "F4": "blue"}
BLUFFSTONES_SET_UP = [(None, "tower_colour", {"colours": TOWER_COLOURS}), (None, "start_player", {"player": 0})]
"""Every tower's top colour and the start player chosen: only "Start game" (at the foot of
the setup) is left."""


@pytest.mark.parametrize("build", ENGINES)
def test_bluffstones_start_game_shows_the_bid_buttons(server, phones, build):
    hub = table(server, "bluffstones", ["Ann", "Bo", "Cy"], BLUFFSTONES_SET_UP)
    ann = seated(phones, server, hub.code, "Ann", build)
    tap_far_down(ann, "Who takes the turn tower?", "Start game")  # below the towers
    ann.see("Your secret bid", timeout=WAIT)
    in_view(ann, ["Your secret bid", "Bid 1 blue", "Bid 2 green", "Bid nothing"])
