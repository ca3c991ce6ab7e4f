"""Rock Garden bid advice: the rules' own situations, worked out by hand.

Tops are chosen so that every number below can be checked with pencil and paper.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from engine.errors import IllegalAction

from engine.rockgarden import bid_advice
advise_bid, pile_bids, pass_outcome, rest_of_bag = (
    bid_advice.advise_bid, bid_advice.pile_bids, bid_advice.pass_outcome, bid_advice.rest_of_bag
)

GARDEN = "R2 Y2 G2 R1 Y3".split()
# B2 completes the Foursome R2 Y2 G2 B2; nothing else forms a set with this garden
FOURSOME_PILE = "B2 W1 W3".split()


def bids_of(answer: dict, pile: int = 1) -> list[tuple]:
    return [
        (tuple(b["rocks"]), b["value"], b["demerits_if_it_stands"], tuple(b["rocks_kept"]))
        for b in answer["piles"][pile - 1]["bids"]
    ]


# --------------------------------------------------------------------------- a pile completing a Foursome


def test_a_pile_that_completes_a_foursome_open_pile():
    answer = advise_bid(GARDEN, [{"rocks": FOURSOME_PILE, "bid": None}], tops={"foursome": 3})
    # no rocks: the Foursome stands (3 demerits); giving away one of R2 Y2 G2 breaks it (0)
    # for a bid worth 2; the three are equal on all counts, so all three are shown, in
    # colour order; R1 (1) or Y3 (3) do not break it and are beaten by no rocks
    assert bids_of(answer) == [
        (("R2",), 2, 0, ("Y2", "G2", "R1", "Y3", "B2", "W1", "W3")),
        (("Y2",), 2, 0, ("R2", "G2", "R1", "Y3", "B2", "W1", "W3")),
        (("G2",), 2, 0, ("R2", "Y2", "R1", "Y3", "B2", "W1", "W3")),
        ((), 0, 3, ("R2", "Y2", "G2", "R1", "Y3", "B2", "W1", "W3")),
    ]
    assert answer["pass"] == {"legal": False, "expected_demerits": None, "black_rock_chance": None}


def test_a_pile_that_completes_a_foursome_under_a_standing_bid():
    # a standing bid of W1 W1 (worth 2, 2 rocks): one rock worth 2 undercuts it
    undercut = advise_bid(GARDEN, [(FOURSOME_PILE, ["W1", "W1"])], tops={"foursome": 3})
    assert [b[0] for b in bids_of(undercut)] == [("R2",), ("Y2",), ("G2",), ()]
    # a standing bid of one rock worth 2: a bid must be worth less than 2, so breaking the
    # Foursome is out of reach; R1 (worth 1) is legal but changes nothing: no rocks wins
    capped = advise_bid(GARDEN, [(FOURSOME_PILE, ["W2"])], tops={"foursome": 3})
    assert bids_of(capped) == [((), 0, 3, ("R2", "Y2", "G2", "R1", "Y3", "B2", "W1", "W3"))]


def test_no_rocks_is_shown_beside_cheaper_bids_when_it_costs_more_demerits():
    # with the Foursome deck's next card at 1, "no rocks" costs 1 demerit: still beaten on
    # demerits by R2, and R2 is beaten by nothing (no rocks is worse on demerits)
    bids = pile_bids(GARDEN, (FOURSOME_PILE, None), {"foursome": 1})
    assert [(b.value, b.size, b.demerits) for b in bids] == [(2, 1, 0)] * 3 + [(0, 0, 1)]


# --------------------------------------------------------------------------- zero bids


def test_a_standing_bid_of_no_rocks_cannot_be_undercut():
    answer = advise_bid(GARDEN, [(FOURSOME_PILE, []), ("W1 W1 B3 B1".split(), None)])
    assert answer["piles"][0] == {"pile": 1, "bids": []}
    assert bids_of(answer, 2)[0][:3] == ((), 0, 0)


def test_no_rocks_is_a_legal_bid_under_any_standing_bid_worth_more_than_zero():
    # a standing bid of one rock worth 1: only a bid of no rocks (worth 0) undercuts it
    answer = advise_bid(GARDEN, [(FOURSOME_PILE, ["B1"])], tops={"foursome": 3})
    assert bids_of(answer) == [((), 0, 3, ("R2", "Y2", "G2", "R1", "Y3", "B2", "W1", "W3"))]


def test_no_rocks_beats_every_bid_that_does_no_better():
    # the example: no set forms whatever is bid, so the bid of no rocks is the
    # only one shown (it is at least as good as R1 on demerits and better on value and
    # rocks kept); on pile 2 only no rocks undercuts R1
    answer = advise_bid("R1 R2 G3 B3".split(), [("Y1 Y2 W3".split(), None), ("B1 B2 G2".split(), ["R1"])])
    assert bids_of(answer, 1) == [((), 0, 0, ("R1", "R2", "G3", "B3", "Y1", "Y2", "W3"))]
    # B1 B2 + B3 is a Straight Flush (1 demerit at the default tops)
    assert bids_of(answer, 2) == [((), 0, 1, ("R1", "R2", "G3", "B3", "B1", "B2", "G2"))]


def test_equal_value_undercuts_only_with_fewer_rocks():
    garden = "Y2 G1 B1".split()
    pile = "Y2 Y2 W1 W1".split()  # Y2 Y2 + the garden's Y2: Trips (next card 4)
    # standing bid R1 R1 (worth 2, 2 rocks): Y2 (worth 2, 1 rock) undercuts it
    answer = advise_bid(garden, [(pile, ["R1", "R1"])], tops={"trips": 4})
    assert [(b[0], b[1], b[2]) for b in bids_of(answer)] == [(("Y2",), 2, 0), ((), 0, 4)]
    # standing bid R2 (worth 2, 1 rock): Y2 does not; G1 or B1 (worth 1) change nothing
    answer = advise_bid(garden, [(pile, ["R2"])], tops={"trips": 4})
    assert [(b[0], b[1], b[2]) for b in bids_of(answer)] == [((), 0, 4)]


def test_a_rock_counts_in_one_set_only():
    # Y2 G2 B2 + W2 is a Foursome and W1 W2 W3 a Straight Flush, sharing W2: handing in
    # one breaks the other, so no rocks costs the cheaper one (4), not both (9); giving
    # away Y2 leaves only the Straight Flush (5): worse, and worth more, so not shown
    answer = advise_bid("Y2 G2 B2 R3".split(), [("W2 W1 W3".split(), None)], tops={"foursome": 4, "straight": 5})
    assert bids_of(answer)[0][:3] == ((), 0, 4)
    assert all(b[2] < 4 for b in bids_of(answer)[1:])


# --------------------------------------------------------------------------- passing


def test_pass_when_the_bag_holds_many_copies_of_a_kind_the_garden_has_two_of():
    garden = "R1 R1 Y2 G3".split()
    bag = "R1 R1 R1 B2 W3".split()
    # drawing R1 (3 in 5) makes Trips (next card 4); B2 or W3 form nothing
    outcome = pass_outcome(garden, bag, {"trips": 4})
    assert outcome.expected_demerits == 1 + Fraction(3, 5) * 4
    assert outcome.black_rock_chance == 0
    answer = advise_bid(garden, [("Y1 W2 B3".split(), ["W1"])], {"trips": 4}, bag, can_pass=True)
    assert answer["pass"] == {"legal": True, "expected_demerits": 3.4, "black_rock_chance": 0.0}


def test_pass_with_the_black_rock_in_the_bag():
    garden = "R1 R1 Y2 G3".split()
    # the black rock gives no rock: the garden is scored as it is (nothing to turn in)
    outcome = pass_outcome(garden, "R1 R1 R1 B2 W3 K".split(), {"trips": 4})
    assert outcome.expected_demerits == 1 + Fraction(3, 6) * 4
    assert outcome.black_rock_chance == Fraction(1, 6)
    assert outcome.to_json() == {"legal": True, "expected_demerits": 3.0, "black_rock_chance": 0.1667}


def test_pass_draws_score_the_garden_as_it_is_when_it_already_holds_a_set():
    # a round-1 garden can hold a set; drawing the black rock (or nothing) scores it as is
    outcome = pass_outcome("R1 R2 R3".split(), ["K"], {"straight": 7})
    assert outcome.expected_demerits == 1 + 7 and outcome.black_rock_chance == 1
    empty = pass_outcome("R1 R2 R3".split(), [], {"straight": 7})
    assert empty.expected_demerits == 8 and empty.black_rock_chance == 0


def test_pass_rounding_is_four_decimals():
    outcome = pass_outcome(["R1", "R1"], ["R1", "Y1", "G1"], {"trips": 1})
    assert outcome.expected_demerits == Fraction(4, 3)
    assert outcome.to_json()["expected_demerits"] == 1.3333


# --------------------------------------------------------------------------- deck tops, empty decks


def test_deck_tops_and_after_deck_change_the_demerits():
    garden = "R1 R1".split()
    pile = (["R1", "Y3", "B2"], None)
    # trips R1 R1 R1 unless an R1 is bid away; an empty deck (top 11) costs 11 or 10
    assert [b.demerits for b in pile_bids(garden, pile, {"trips": 11})] == [0, 11]
    assert [b.demerits for b in pile_bids(garden, pile, {"trips": 11}, "ten")] == [0, 10]


# --------------------------------------------------------------------------- inputs


def test_inputs_as_mappings_counters_and_pairs_agree():
    as_lists = advise_bid(GARDEN, [{"rocks": FOURSOME_PILE, "bid": None}], tops={"foursome": 3})
    counter = Counter({("R", 2): 1, ("Y", 2): 1, ("G", 2): 1, ("R", 1): 1, ("Y", 3): 1})
    as_counter = advise_bid(counter, [(Counter(FOURSOME_PILE), None)], tops={"foursome": 3})
    as_names = advise_bid({"r2": 1, "y2": 1, "g2": 1, "r1": 1, "y3": 1}, [(FOURSOME_PILE, None)], {"foursome": 3})
    key = lambda answer: sorted((tuple(sorted(b[0])), b[1], b[2], tuple(sorted(b[3]))) for b in bids_of(answer))
    assert key(as_lists) == key(as_counter) == key(as_names)
    # a mapping has no order of its own: rocks come in colour order, then value
    assert bids_of(as_counter)[0][3] == ("R1", "Y2", "Y3", "G2", "B2", "W1", "W3")


def test_rest_of_bag_is_the_75_less_everything_given():
    bag = rest_of_bag(GARDEN, [(FOURSOME_PILE, ["W2"])])
    assert sum(bag.values()) == 75 - 5 - 3 - 1 and bag["R2"] == 4 and bag["W2"] == 4 and "K" not in bag
    assert rest_of_bag(GARDEN, [], black=True)["K"] == 1


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: advise_bid(["R1"] * 6, []), "only 5"),
        (lambda: advise_bid(["R1"] * 3, [(["R1"] * 2, ["R1"])]), "6 x R1 in the garden, pile 1, pile 1's bid"),
        (lambda: advise_bid(["K"], []), "the black rock is never"),
        (lambda: advise_bid(["X1"], []), "colours are"),
        (lambda: advise_bid(["R1"], [([], None)]), "at least one rock"),
        (lambda: advise_bid(["R1"], [(["Y1"], None)], bag=["R2"], can_pass=True), "pile 1 has no bid"),
        (lambda: advise_bid(["R1"], [(["Y1"], ["G1"])], can_pass=True), "give the bag"),
        (lambda: advise_bid(["R1"], [(["Y1"], ["G1"])], bag=["K", "K"], can_pass=True), "only one black rock"),
        (lambda: advise_bid(["R1"], [(["Y1"], None)], tops={"trips": 0}), "1 or more"),
        (lambda: advise_bid(["R1"], [(["Y1"], None)], tops={"pairs": 2}), "the decks are"),
        (lambda: advise_bid(["R1"], [(["Y1"], None)], after_deck="never"), "after the deck"),
        (lambda: advise_bid({"R1": -1}, []), "0 or more"),
        (lambda: advise_bid(["R1"], [{"rocks": ["Y1"], "bid": None, "owner": 2}]), "unknown field"),
    ],
)
def test_bad_input_is_refused_in_words(call, message):
    with pytest.raises(IllegalAction) as refused:
        call()
    assert message in str(refused.value)


def test_no_piles_and_an_empty_garden():
    assert advise_bid([], []) == {"piles": [], "pass": {"legal": False, "expected_demerits": None, "black_rock_chance": None}}
    answer = advise_bid([], [(["R1", "R2", "R3"], None)], tops={"straight": 2})
    assert bids_of(answer) == [((), 0, 2, ("R1", "R2", "R3"))]
