"""Rock Garden bid advice against its brute force, on random small states (Hypothesis).

The brute force (:mod:`engine.rockgarden.bid_brute`) tries every sub-multiset of the
garden as a bid, checks it against the standing bid as the rules say, scores it with the
turn-in brute force (every turn-in order) and drops the beaten ones by comparing every
pair of (demerits, value, rock count) triples; passing averages over every rock in the
bag one by one. Rocks are drawn from the 75 without replacement, so every state respects
the supply of 5 per kind.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from hypothesis import assume, event, given, settings, strategies as st


from engine.rockgarden import bid_advice
from engine.rockgarden import bid_brute
from engine.rockgarden import advisor
from engine.rockgarden import rocks
from tests.depth import examples

ALL_ROCKS = [rocks.fmt(kind) for kind in rocks.KINDS for _ in range(rocks.COPIES)]
ORDER = {name: i for i, name in enumerate(rocks.fmt(kind) for kind in rocks.KINDS)}
TOPS = st.fixed_dictionaries({name: st.integers(1, 12) for name in ("trips", "foursome", "straight")})


@st.composite
def states(draw, least_garden: int = 0, most_garden: int = 9):
    """(garden, piles, bag) as lists of rock strings, all from one shuffled supply.

    Half the time the supply is cut to 2-4 colours, so that gardens and piles are dense
    and forbidden sets (and the bids that avoid them) are common.
    """
    colours = "RYGBW"
    if draw(st.booleans()):
        colours = "".join(draw(st.lists(st.sampled_from("RYGBW"), min_size=2, max_size=4, unique=True)))
    supply = draw(st.permutations([name for name in ALL_ROCKS if name[0] in colours]))
    at = draw(st.integers(least_garden, most_garden))
    garden = supply[:at]
    piles = []
    for _ in range(draw(st.integers(1, 3))):
        size = draw(st.integers(1, 5))
        pile = supply[at : at + size]
        if not pile:
            break  # the supply ran out
        at += size
        bid = None
        if draw(st.booleans()):
            size = draw(st.integers(0, 3))
            bid = supply[at : at + size]
            at += size
        piles.append((pile, bid))
    assume(piles)
    bag = supply[at : at + draw(st.integers(0, 20))]
    if draw(st.booleans()):
        bag = bag + ["K"]
    return garden, piles, bag


def counter(names) -> Counter:
    return Counter(rocks.parse_rock(name) for name in names)


def shown(bids: list[dict]) -> list[tuple]:
    return [
        (b["demerits_if_it_stands"], b["value"], len(b["rocks"]), tuple(sorted(b["rocks"], key=ORDER.get)))
        for b in bids
    ]


@settings(max_examples=examples(100), deadline=None)
@given(state=states(least_garden=4, most_garden=10), tops=TOPS, after_deck=st.sampled_from(["continue", "ten"]))
def test_bids_are_exactly_the_brute_forces_undominated_bids(state, tops, after_deck):
    garden, piles, bag = state
    can_pass = all(bid is not None for _, bid in piles)
    answer = bid_advice.advise_bid(garden, piles, tops, bag, can_pass, after_deck)
    event(f"garden of {len(garden) // 3 * 3}-{len(garden) // 3 * 3 + 2} rocks")
    for (pile, bid), given_pile in zip(piles, answer["piles"]):
        brute = bid_brute.brute_pile_bids(
            counter(garden), counter(pile), None if bid is None else counter(bid), tops, after_deck
        )
        expected = sorted(
            (d, v, n, tuple(sorted((rocks.fmt(r) for r in b.elements()), key=ORDER.get))) for d, v, n, b in brute
        )
        got = shown(given_pile["bids"])
        assert sorted(got) == expected
        event(f"bids shown on a pile: {min(len(got), 3)}{'+' if len(got) >= 3 else ''}")
        event("a shown bid gives rocks away" if any(n for _, _, n, _ in got) else "only no rocks (or nothing) shown")
        event("a shown bid costs demerits" if any(d for d, _, _, _ in got) else "no shown bid costs demerits")
        # best first: fewest demerits, lowest value, most rocks kept, then rock order
        keys = [(d, v, n, tuple(ORDER[r] for r in rs)) for d, v, n, rs in got]
        assert keys == sorted(keys)
        for b in given_pile["bids"]:
            assert Counter(b["rocks_kept"]) == Counter(garden) - Counter(b["rocks"]) + Counter(pile)
            assert sorted(b["rocks"]) == sorted((Counter(garden) & Counter(b["rocks"])).elements())
    if can_pass:
        expected, chance = bid_brute.brute_pass(
            counter(garden), counter(r for r in bag if r != "K"), "K" in bag, tops, after_deck
        )
        outcome = bid_advice.pass_outcome(garden, bag, tops, after_deck)
        assert (outcome.expected_demerits, outcome.black_rock_chance) == (expected, chance)
        assert answer["pass"] == outcome.to_json()
    else:
        assert answer["pass"] == {"legal": False, "expected_demerits": None, "black_rock_chance": None}


@settings(max_examples=examples(40), deadline=None)
@given(state=states(least_garden=6, most_garden=14), tops=TOPS)
def test_every_shown_bid_scores_what_the_turn_in_advisor_says(state, tops):
    """Larger gardens, no brute force: each shown bid's demerits are the turn-in advisor's
    best plan for the garden after the trade, and no legal bid of a lower class does as well."""
    garden, piles, _ = state
    for pile, bid in piles:
        bids = bid_advice.pile_bids(garden, (pile, bid), tops)
        for b in bids:
            after = counter(garden) - counter(_names(b.counts)) + counter(pile)
            assert b.demerits == advisor.advise(after, tops)[0].demerits
        for better in bids:
            for other in bids:
                if other is not better:
                    assert not (
                        other.demerits <= better.demerits and other.value <= better.value
                        and other.size <= better.size
                        and (other.demerits, other.value, other.size) != (better.demerits, better.value, better.size)
                    )


def _names(counts) -> list[str]:
    return [rocks.fmt(kind) for kind, n in zip(rocks.KINDS, counts) for _ in range(n)]


@settings(max_examples=examples(40), deadline=None)
@given(state=states(most_garden=12), tops=TOPS)
def test_pass_weights_each_rock_in_the_bag_equally(state, tops):
    garden, _, bag = state
    expected, chance = bid_brute.brute_pass(
        counter(garden), counter(r for r in bag if r != "K"), "K" in bag, tops
    )
    outcome = bid_advice.pass_outcome(garden, bag, tops)
    assert outcome.expected_demerits == expected and outcome.black_rock_chance == chance
    assert isinstance(outcome.expected_demerits, Fraction)
