"""The advice a Rock Garden seat's private view carries (issues 16 and 17): the bid
advice only for the seat whose turn it is to bid, and for each turn-in outcome every
different set of rocks it can leave."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rockgarden.advisor import advise, alternatives, replay
from engine.rockgarden.brute import brute_outcomes
from engine.rockgarden.rocks import KINDS, fmt_rocks, parse_rocks
from companion.table.hub import HOST, Who
from tests.support import new_table


class match:
    """A table on the real hub: ``view(seat, host)`` and moves made for a seat."""

    def __init__(self, players=("Ann", "Bo", "Cy", "Di")):
        self.hub, _ = new_table("rockgarden", list(players))

    def view(self, seat, host=False):
        return self.hub.view(Who(seat=seat, host=host))


def act(m, seat, kind, **payload):
    m.hub.act(HOST, kind, payload, None, seat)


def to_bidding(m):
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 Y1 W1 W2", "G1 B1 W3 R2 Y3", "B1 B2 W3 W3 G2"]):
        act(m, seat, "setup_draw", rocks=garden)
    act(m, 0, "start_player", player=1)
    act(m, 1, "draw", rocks="G2 B2 R3 Y3 G3 B3 R3")


def test_the_bid_advice_is_only_in_the_private_view_of_the_seat_to_bid():
    m = match()
    to_bidding(m)
    advice = m.view(1)["private"]["bid_advice"]
    assert [p["pile"] for p in advice["piles"]] == [1, 2, 3]
    assert advice["piles"][0]["bids"][0] == {"rocks": ["Y1"], "value": 1, "demerits_if_it_stands": 0,
                                             "rocks_kept": ["Y1", "Y1", "W1", "W2", "G2", "B2", "R3"]}
    assert advice["pass"] == {"legal": False, "expected_demerits": None, "black_rock_chance": None}
    assert advice["tops"] == {"trips": 1, "foursome": 1, "straight": 1}
    for seat in (0, 2, 3):
        assert m.view(seat)["private"]["bid_advice"] is None
    assert m.view(None, True)["private"] is None
    assert "bid_advice" not in str(m.view(None, True)["public"])
    act(m, 1, "bid", pile=0, rocks="W1 W2")
    assert m.view(1)["private"]["bid_advice"] is None
    assert m.view(2)["private"]["bid_advice"] is not None


def test_the_pass_is_weighed_once_every_pile_has_a_bid():
    m = match()
    to_bidding(m)
    act(m, 1, "bid", pile=0, rocks="W1 W2")
    act(m, 2, "bid", pile=1, rocks="G1")
    act(m, 3, "bid", pile=2, rocks="B1")
    passing = m.view(0)["private"]["bid_advice"]["pass"]
    assert passing["legal"] is True and passing["black_rock_chance"] == 0
    assert passing["expected_demerits"] >= 1  # the Pass card at least


def test_five_colours_of_one_value_keep_any_one_of_them():
    garden = parse_rocks("R2 Y2 G2 B2 W2".split())
    ways = alternatives(garden)
    (outcome,) = [o for o in ways if o[1] == 1]
    assert outcome == (1, 1, 1)
    assert [p.to_json()["rocks_left"] for p in ways[outcome]] == [["R2"], ["Y2"], ["G2"], ["B2"], ["W2"]]
    for plan in ways[outcome]:
        replay(garden, plan)  # each is a legal way to get there


def test_the_issues_example_keeps_r2_g2_b2_or_y2_g2_b2():
    garden = parse_rocks("R2 Y2 G2 B2 W2 G2 B2 W3 W3 W3".split())
    tops = {"trips": 1, "foursome": 1}
    best = advise(garden, tops)[0]
    ways = [" ".join(p.to_json()["rocks_left"]) for p in alternatives(garden, tops)[best.outcome]]
    assert "R2 G2 B2" in ways and "Y2 G2 B2" in ways


def test_a_big_garden_gets_no_list_rather_than_a_slow_one():
    garden = Counter({kind: 5 for kind in KINDS})
    assert alternatives(garden) is None


gardens = st.lists(st.sampled_from(KINDS), min_size=0, max_size=12).map(Counter).filter(
    lambda g: all(n <= 5 for n in g.values()))


@settings(max_examples=60, deadline=None)
@given(gardens)
def test_alternatives_cover_exactly_the_advisors_outcomes(garden):
    ways = alternatives(garden)
    assert set(ways) == brute_outcomes(garden)
    for outcome, plans in ways.items():
        lefts = [tuple(fmt_rocks(p.rocks_left)) for p in plans]
        assert len(set(lefts)) == len(lefts)
        for plan in plans:
            assert Counter(replay(garden, plan)) == Counter(plan.rocks_left)
            assert plan.outcome == outcome
