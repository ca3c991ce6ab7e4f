"""The turn-in advisor: exact outcomes, legal plans, ranking, and deck tops in turn order.

The reference is :mod:`engine.rockgarden.brute`, a plain recursion over every turn-in
order (it shares no search code with the advisor). Plans are checked here step by step
with the rules in :mod:`engine.rockgarden.sets` only.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.rockgarden.advisor import (
    advise,
    card_counts,
    clear_caches,
    replay,
    tops_for_turn_order,
    witness_sets,
)
from engine.rockgarden.brute import brute_card_counts, brute_outcomes
from engine.rockgarden.rocks import COLOURS, KINDS, VALUES, parse_rocks
from engine.rockgarden.sets import (
    FOURSOME,
    SET_NAMES,
    STRAIGHT,
    TRIPS,
    card_value,
    classify,
    has_forbidden_set,
    sets_in,
)
from tests.depth import examples

RULES_EXAMPLE = "R1 R2 G2 Y2 B2 R3 R3 R3"  # "1 2222 333"


def garden(text: str) -> Counter:
    return parse_rocks(text)


def check_plan_legal(start: Counter, plan, tops: dict, after_deck: str) -> None:
    """Hand the plan in one set at a time, exactly as the rules allow, and check the cards."""
    left = Counter({k: n for k, n in start.items() if n})
    drawn = {name: 0 for name in SET_NAMES}
    for step in plan.turn_ins:
        assert has_forbidden_set(left), "a turn-in after the garden was already clean"
        need = Counter(tuple(r) for r in step.rocks)
        assert all(left[r] >= n for r, n in need.items()), f"{step} not all present"
        assert classify(need) == step.set
        assert step.card == card_value(tops[step.set], drawn[step.set], after_deck)
        drawn[step.set] += 1
        left -= need
    assert not has_forbidden_set(left), "the plan stops while a forbidden set remains"
    assert Counter(plan.rocks_left) == left
    assert plan.cards == len(plan.turn_ins)
    assert plan.demerits == sum(step.card for step in plan.turn_ins)


def outcomes_of(plans) -> list[tuple[int, int, int]]:
    return [(p.demerits, p.cards, len(p.rocks_left)) for p in plans]


# --------------------------------------------------------------------------- the rules' example


def test_rules_example_cheap_straight_flush_is_best():
    plans = advise(garden(RULES_EXAMPLE))
    best = plans[0]
    assert (best.demerits, best.cards) == (1, 1)
    assert [(s.set, sorted(s.rocks), s.card) for s in best.turn_ins] == [
        (STRAIGHT, [("R", 1), ("R", 2), ("R", 3)], 1)
    ]
    assert Counter(best.rocks_left) == garden("G2 Y2 B2 R3 R3")
    # the other way is still shown: Foursome + Trips, 2 cards, only R1 kept
    assert outcomes_of(plans) == [(1, 1, 5), (2, 2, 1)]


def test_rules_example_expensive_straight_makes_foursome_and_trips_best():
    tops = {TRIPS: 1, FOURSOME: 1, STRAIGHT: 9}
    plans = advise(garden(RULES_EXAMPLE), tops)
    best = plans[0]
    assert (best.demerits, best.cards) == (2, 2)
    assert sorted(s.set for s in best.turn_ins) == [FOURSOME, TRIPS]
    assert Counter(best.rocks_left) == garden("R1")
    assert outcomes_of(plans) == [(2, 2, 1), (9, 1, 5)]
    for plan in plans:
        check_plan_legal(garden(RULES_EXAMPLE), plan, tops, "continue")


def test_equal_demerits_fewer_cards_first():
    # straight costs 2 with one card; foursome + trips cost 1 + 1 with two cards
    plans = advise(garden(RULES_EXAMPLE), {STRAIGHT: 2})
    assert outcomes_of(plans) == [(2, 1, 5), (2, 2, 1)]


def test_equal_demerits_and_cards_more_rocks_kept_first():
    # Trips B2 B2 B2 (keeps R2 Y2 G2) or Foursome R2 Y2 G2 B2 (keeps B2 B2): never both
    plans = advise(garden("R2 Y2 G2 B2 B2 B2"))
    assert outcomes_of(plans) == [(1, 1, 3), (1, 1, 2)]
    assert plans[0].turn_ins[0].set == TRIPS
    assert plans[1].turn_ins[0].set == FOURSOME


def test_clean_garden_gives_one_plan_without_turn_ins():
    start = garden("R1 R2 Y1 Y3 G2 G2 B1 W3")
    plans = advise(start, {TRIPS: 7})
    assert len(plans) == 1
    assert plans[0].turn_ins == () and plans[0].demerits == 0 and plans[0].cards == 0
    assert Counter(plans[0].rocks_left) == start


def test_empty_garden():
    plans = advise(Counter())
    assert outcomes_of(plans) == [(0, 0, 0)]


def test_same_outcome_is_shown_once():
    # R1 Y1 G1 B1 W1 + R2 R3: straight R (1 card) or a foursome of 1s (1 card), each keeps 4 or 3
    plans = advise(garden("R1 Y1 G1 B1 W1 Y2 Y3 G2 G3"))
    outs = outcomes_of(plans)
    assert len(outs) == len(set(outs))


def test_empty_deck_costs_continue_or_ten():
    trips = garden("G3 G3 G3 B1 B1 B1")
    assert outcomes_of(advise(trips, {TRIPS: 10}, "continue")) == [(21, 2, 0)]
    assert outcomes_of(advise(trips, {TRIPS: 10}, "ten")) == [(20, 2, 0)]
    assert outcomes_of(advise(trips, {TRIPS: 12}, "continue")) == [(25, 2, 0)]
    assert outcomes_of(advise(trips, {TRIPS: 12}, "ten")) == [(20, 2, 0)]


def test_a_colour_with_all_values_twice_needs_two_straights_or_trips():
    # R1 R1 R2 R2 R3 R3: two straights (2 cards); nothing else is possible
    assert set(card_counts(garden("R1 R1 R2 R2 R3 R3"))) == {(0, 0, 2)}


def test_five_colours_of_one_value_one_foursome_leaves_one():
    plans = advise(garden("R2 Y2 G2 B2 W2"))
    assert outcomes_of(plans) == [(1, 1, 1)]
    check_plan_legal(garden("R2 Y2 G2 B2 W2"), plans[0], {TRIPS: 1, FOURSOME: 1, STRAIGHT: 1}, "continue")


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "tops, fragment",
    [
        ({"pass": 1}, "the decks are trips, foursome, straight"),
        ({TRIPS: 0}, "a deck top is a whole number, 1 or more"),
        ({STRAIGHT: "3"}, "a deck top is a whole number"),
        ({FOURSOME: 2.5}, "a deck top is a whole number"),
    ],
)
def test_bad_tops_are_refused(tops, fragment):
    with pytest.raises(IllegalAction, match=fragment):
        advise(garden(RULES_EXAMPLE), tops)


def test_bad_after_deck_and_bad_gardens_are_refused():
    with pytest.raises(IllegalAction, match="choose one of continue, ten"):
        advise(garden(RULES_EXAMPLE), None, "eleven")
    with pytest.raises(IllegalAction, match="6 x R1: only 5 exist"):
        advise(Counter({("R", 1): 6}))
    with pytest.raises(IllegalAction, match="is not a rock"):
        advise(Counter({("X", 1): 1}))
    with pytest.raises(IllegalAction, match="is not a rock"):
        advise(Counter({("R", 4): 1}))
    with pytest.raises(IllegalAction, match="cannot be negative"):
        advise(Counter({("R", 1): -1}))


def test_same_garden_same_plans_whatever_was_asked_before():
    start = Counter({kind: 4 for kind in KINDS})
    clear_caches()
    cold = [plan.to_json() for plan in advise(start, {STRAIGHT: 3})]
    advise(garden(RULES_EXAMPLE))
    advise(Counter({kind: 5 for kind in KINDS}))
    assert [plan.to_json() for plan in advise(start, {STRAIGHT: 3})] == cold


def test_plans_read_as_json_too():
    plan = advise(garden(RULES_EXAMPLE), {STRAIGHT: 9})[0]
    assert plan["demerits"] == 2 and plan["cards"] == 2
    assert plan["rocks_left"] == ["R1"]
    assert plan.to_json()["turn_ins"] == [
        {"set": "trips", "rocks": ["R3", "R3", "R3"], "card": 1},
        {"set": "foursome", "rocks": ["R2", "Y2", "G2", "B2"], "card": 1},
    ]
    assert plan.turn_ins[1]["rocks"] == ["R2", "Y2", "G2", "B2"]


def test_garden_keys_may_be_rock_strings():
    assert outcomes_of(advise(Counter({"r3": 3, "G1": 1}))) == [(1, 1, 1)]
    with pytest.raises(IllegalAction, match="'R4': values are 1 to 3"):
        advise(Counter({"R4": 1}))


def test_replay_refuses_a_plan_for_another_garden():
    plan = advise(garden(RULES_EXAMPLE))[0]
    with pytest.raises(IllegalAction, match="not all in the garden"):
        replay(garden("R1 R2"), plan)
    assert replay(garden(RULES_EXAMPLE), plan) == Counter(plan.rocks_left)


# --------------------------------------------------------------------------- the big gardens


@pytest.mark.parametrize("copies", [1, 2, 3, 4, 5])
def test_every_kind_the_same_number_of_times(copies):
    start = Counter({kind: copies for kind in KINDS})
    tops = {TRIPS: 2, FOURSOME: 5, STRAIGHT: 1}
    plans = advise(start, tops, "ten")
    assert plans
    outs = outcomes_of(plans)
    assert len(outs) == len(set(outs))
    assert outs == sorted(outs, key=lambda o: (o[0], o[1], -o[2]))
    for plan in plans:
        check_plan_legal(start, plan, tops, "ten")
    # every card count, not just the ranked ones, has a legal split
    assert len(card_counts(start)) >= len(plans)


def test_all_75_rocks_facts_a_player_can_check():
    start = Counter({kind: 5 for kind in KINDS})
    counts = set(card_counts(start))
    # 25 straights take everything; 15 trips leave 2 of every kind = 30 rocks,
    # but then every colour still shows all values, so trips alone are not enough
    assert (0, 0, 25) in counts
    assert not any(kf == 0 and ks == 0 for _, kf, ks in counts)
    # whatever is kept is terminal: at most 3 colours per value, at most 2 per kind
    for kt, kf, ks in counts:
        kept = 75 - 3 * kt - 4 * kf - 3 * ks
        assert 0 <= kept <= 3 * 3 * 2  # 3 values x 3 colours x 2 rocks


def test_symmetric_gardens_match_brute_force():
    """Identical colours are searched once (canonical straights): check that is exact."""
    for profile in [(1, 1, 1), (2, 1, 1), (1, 2, 1), (0, 2, 2), (3, 1, 0), (4, 0, 0), (1, 1, 2)]:
        for n_colours in (3, 4, 5):
            start = Counter({(c, v): n for c in COLOURS[:n_colours] for v, n in zip(VALUES, profile) if n})
            if sum(start.values()) > 20:
                continue
            assert set(card_counts(start)) == brute_card_counts(start), (profile, n_colours)


# --------------------------------------------------------------------------- properties

sparse_gardens = st.lists(st.sampled_from(KINDS), max_size=20).map(
    lambda rocks: Counter({k: min(n, 5) for k, n in Counter(rocks).items()})
)


@st.composite
def dense_gardens(draw):
    """Few kinds, many copies each: where trips and overlapping sets interact."""
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=9, unique=True))
    result = Counter()
    for kind in kinds:
        result[kind] = draw(st.integers(0, 5))
    while sum(result.values()) > 20:
        kind = draw(st.sampled_from(sorted(k for k, n in result.items() if n)))
        result[kind] -= 1
    return +result


@st.composite
def symmetric_gardens(draw):
    """Several colours with the same counts (the advisor's symmetry shortcut)."""
    profile = draw(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)))
    colours = draw(st.lists(st.sampled_from(COLOURS), min_size=2, max_size=5, unique=True))
    result = Counter({(c, v): n for c in colours for v, n in zip(VALUES, profile) if n})
    extra = draw(st.lists(st.sampled_from(KINDS), max_size=4))
    for kind in extra:
        if result[kind] < 5:
            result[kind] += 1
    while sum(result.values()) > 20:
        kind = draw(st.sampled_from(sorted(k for k, n in result.items() if n)))
        result[kind] -= 1
    return +result


gardens = st.one_of(sparse_gardens, dense_gardens(), symmetric_gardens())
tops_st = st.fixed_dictionaries({TRIPS: st.integers(1, 13), FOURSOME: st.integers(1, 13), STRAIGHT: st.integers(1, 13)})
after_st = st.sampled_from(["continue", "ten"])


@settings(max_examples=examples(100), deadline=None)
@given(gardens)
def test_card_counts_equal_brute_force(start):
    assert set(card_counts(start)) == brute_card_counts(start)


@settings(max_examples=examples(100), deadline=None)
@given(gardens, tops_st, after_st)
def test_advisor_equals_brute_force_and_plans_are_legal(start, tops, after_deck):
    plans = advise(start, tops, after_deck)
    outs = outcomes_of(plans)
    assert set(outs) == brute_outcomes(start, tops, after_deck)
    assert len(outs) == len(set(outs)), "an outcome shown twice"
    assert outs == sorted(outs, key=lambda o: (o[0], o[1], -o[2])), "not best first"
    for plan in plans:
        check_plan_legal(start, plan, tops, after_deck)
    if not has_forbidden_set(start):
        assert len(plans) == 1 and plans[0].turn_ins == ()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.none(), sparse_gardens, dense_gardens()), max_size=5), tops_st, after_st)
def test_tops_for_turn_order_follow_each_best_plan(gardens_in_order, tops, after_deck):
    faced = tops_for_turn_order(gardens_in_order, tops, after_deck)
    assert len(faced) == len(gardens_in_order)
    current = dict(tops)
    for start, seen in zip(gardens_in_order, faced):
        if current is None:
            assert seen is None
            continue
        assert seen == current
        if start is None:
            current = None
            continue
        best = advise(start, current, after_deck)[0]
        taken = Counter(step.set for step in best.turn_ins)
        current = {name: current[name] + taken[name] for name in SET_NAMES}


def test_tops_for_turn_order_example():
    first = garden(RULES_EXAMPLE)  # best at tops 1: the Straight Flush
    second = garden("Y1 Y2 Y3 B3 B3 B3")  # a straight and trips
    faced = tops_for_turn_order([first, second, None, first], {TRIPS: 4})
    assert faced[0] == {TRIPS: 4, FOURSOME: 1, STRAIGHT: 1}
    assert faced[1] == {TRIPS: 4, FOURSOME: 1, STRAIGHT: 2}
    assert faced[2] == {TRIPS: 5, FOURSOME: 1, STRAIGHT: 3}
    assert faced[3] is None  # the player before has not entered a garden yet


@st.composite
def big_gardens(draw):
    """Large gardens, beyond the brute force: every kind 0-5 copies."""
    return +Counter({kind: draw(st.integers(0, 5)) for kind in KINDS})


@settings(max_examples=40, deadline=None)
@given(st.one_of(big_gardens(), st.just(Counter({k: 5 for k in KINDS})), st.just(Counter({k: 3 for k in KINDS}))), st.data())
def test_any_turn_in_order_a_player_tries_is_among_the_outcomes(start, data):
    """Play the round by hand, choosing any present set each time: the advisor knows the result."""
    left = start.copy()
    taken = Counter()
    while True:
        present = sets_in(left)
        if not present:
            break
        name, rocks = data.draw(st.sampled_from(present))
        left -= Counter(rocks)
        taken[name] += 1
    assert (taken[TRIPS], taken[FOURSOME], taken[STRAIGHT]) in card_counts(start)


@settings(max_examples=30, deadline=None)
@given(big_gardens())
def test_every_card_count_found_in_a_big_garden_has_a_legal_split(start):
    for (kt, kf, ks), witness in card_counts(start).items():
        sets, left = witness_sets(start, witness)
        assert Counter(name for name, _ in sets) == Counter({TRIPS: kt, FOURSOME: kf, STRAIGHT: ks}) - Counter()
        used = Counter()
        for name, rocks in sets:
            assert classify(list(rocks)) == name
            used += Counter(rocks)
        assert used + Counter(left) == start
        assert not has_forbidden_set(Counter(left))
