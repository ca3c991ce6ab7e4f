"""Before a bid is placed (issue 26, point 4): ``engine.rockgarden.bid_check`` says from a
seat's own view whether the table would take the bid (in the table's own words when not)
and what it keeps in the garden if it stands, with its demerits."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.game import Action
from engine.rockgarden.bid_check import CHOOSE_A_PILE, NOT_YOUR_TURN, bid_check, kept_words
from companion.table.hub import HOST, Who
from tests.support import new_table

GARDENS = ["R1 R2 R3 R3 Y2", "Y1 Y1 Y1 W1 W2", "G1 B1 W3 R2 Y3", "B1 B2 W3 W3 G2"]


def at_the_bidding():
    """The walk-through's table: Bo lays out G2 B2 R3 | Y3 G3 | B3 R3 and bids first."""
    hub, _ = new_table("rockgarden", ["Ann", "Bo", "Cy", "Di"])
    for seat, garden in enumerate(GARDENS):
        hub.act(HOST, "setup_draw", {"rocks": garden}, None, seat)
    hub.act(HOST, "start_player", {"player": 1}, None)
    hub.act(HOST, "draw", {"rocks": "G2 B2 R3 Y3 G3 B3 R3"}, None)
    return hub


def view(hub, seat):
    return hub.view(Who(seat=seat))


def refusal(hub, seat, pile, rocks) -> str | None:
    """What the table itself says to this bid (the move checked, nothing changed)."""
    try:
        hub.match.propose(seat, Action(seat, "bid", {"pile": pile, "rocks": rocks}), None)
    except IllegalAction as exc:
        return exc.message
    return None


def test_no_pile_chosen_is_not_a_bid_and_another_seat_has_none_to_place():
    hub = at_the_bidding()
    assert bid_check(view(hub, 1), 1, None, "") == {
        "ready": False, "problem": CHOOSE_A_PILE, "to_beat": None, "sets": [], "demerits": None, "warning": None}
    assert bid_check(view(hub, 2), 2, 0, "")["problem"] == NOT_YOUR_TURN
    assert bid_check(view(hub, 2), 2, None, "")["problem"] == CHOOSE_A_PILE  # no bid on any turn
    assert bid_check(hub.view(HOST), None, 0, "")["ready"] is False


def test_the_walk_through_bid_of_no_rocks_warns_of_the_straight_flush_it_keeps():
    """Ann's garden R1 R2 R3 R3 Y2 holds a Straight Flush; undercutting Bo on pile 1 with no
    rocks keeps it (and pile 1 adds R3: Trips or the Straight Flush, the advisor turns in
    the Straight Flush at 1 demerit with every deck top at 1)."""
    hub = at_the_bidding()
    for seat, pile, rocks in ((1, 0, "W1 W2"), (2, 1, "G1"), (3, 2, "B1")):
        hub.act(HOST, "bid", {"pile": pile, "rocks": rocks}, None, seat)
    answer = bid_check(view(hub, 0), 0, 0, "")
    assert answer["ready"] and answer["problem"] is None
    assert answer["warning"] == "If this bid stands you keep a Straight Flush: 1 demerit"
    assert answer["demerits"] == 1 and answer["sets"] == [{"set": "straight", "rocks": ["R1", "R2", "R3"]}]


def test_a_bid_that_keeps_no_forbidden_set_has_no_warning():
    hub = at_the_bidding()
    answer = bid_check(view(hub, 1), 1, 0, "Y1 Y1 Y1")  # Bo gives his Trips away for G2 B2 R3
    assert answer == {"ready": True, "problem": None, "to_beat": None, "sets": [], "demerits": 0, "warning": None}


def test_refusals_are_the_tables_own_words():
    hub = at_the_bidding()
    hub.act(HOST, "bid", {"pile": 0, "rocks": "W1 W2"}, None, 1)
    cy = view(hub, 2)
    for pile, rocks in ((0, "G1 B1 W3"), (0, "R2 Y3"), (0, "G2"), (0, "Y1"), (4, ""), (0, "K")):
        answer = bid_check(cy, 2, pile, rocks)
        assert not answer["ready"] and answer["warning"] is None
        assert answer["problem"] == refusal(hub, 2, pile, rocks), (pile, rocks)
    assert bid_check(cy, 2, 0, "G1 R2")["problem"] == \
        "Your bid must be worth less than 3, or 3 with fewer than 2 rocks"
    assert bid_check(cy, 2, 0, "G1")["to_beat"] == "your bid must be worth less than 3, or 3 with fewer than 2 rocks"
    hub.act(HOST, "bid", {"pile": 0, "rocks": ""}, None, 2)  # Cy undercuts with no rocks
    di = view(hub, 3)
    assert bid_check(di, 3, 0, "")["problem"] == refusal(hub, 3, 0, "") == \
        "Cy bid no rocks on pile 1: a bid of no rocks cannot be undercut"


def test_the_demerits_if_it_stands_are_the_bid_advices():
    hub = at_the_bidding()
    for seat, pile, rocks in ((1, 0, "W1 W2"), (2, 1, "G1")):
        hub.act(HOST, "bid", {"pile": pile, "rocks": rocks}, None, seat)
    di = view(hub, 3)
    advice = di["private"]["bid_advice"]
    checked = 0
    for entry in advice["piles"]:
        for bid in entry["bids"]:
            answer = bid_check(di, 3, entry["pile"] - 1, bid["rocks"])
            assert answer["ready"] and answer["demerits"] == bid["demerits_if_it_stands"]
            assert (answer["warning"] is not None) == (bid["demerits_if_it_stands"] > 0)
            checked += 1
    assert checked >= 3


def test_kept_sets_in_words():
    assert kept_words({"straight": 1}) == "a Straight Flush"
    assert kept_words({"trips": 1}) == "Trips"
    assert kept_words({"trips": 2, "foursome": 1, "straight": 2}) == \
        "2 sets of Trips, a Foursome and 2 Straight Flushes"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_ready_exactly_when_the_table_takes_the_bid(seed):
    """Random bids (the bidder's own rocks and some it does not have) on random piles,
    at random moments of the bidding: the check agrees with the table, word for word."""
    rng = random.Random(seed)
    hub = at_the_bidding()
    for _ in range(rng.randrange(4)):  # a few bids the table took first
        seat = hub.view(HOST)["to_act"][0]
        garden = view(hub, seat)["public"]["players"][seat]["garden"]
        own = [code for code, n in garden.items() for _ in range(n)]
        for _ in range(20):
            rocks = " ".join(rng.sample(own, rng.randrange(len(own) + 1)))
            pile = rng.randrange(3)
            if refusal(hub, seat, pile, rocks) is None:
                hub.act(HOST, "bid", {"pile": pile, "rocks": rocks}, None, seat)
                break
    seat = hub.view(HOST)["to_act"][0]
    mine = view(hub, seat)
    garden = mine["public"]["players"][seat]["garden"]
    own = [code for code, n in garden.items() for _ in range(n)]
    for _ in range(12):
        rocks = rng.sample(own, rng.randrange(len(own) + 1)) + rng.sample(["R1", "W3", "G2"], rng.randrange(2))
        pile = rng.randrange(4)
        answer = bid_check(mine, seat, pile, " ".join(rocks))
        expected = refusal(hub, seat, pile, " ".join(rocks))
        assert answer["ready"] == (expected is None), (pile, rocks, answer, expected)
        assert answer["problem"] == expected
