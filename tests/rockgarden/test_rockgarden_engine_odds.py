"""The black rock's chance in the next piles, checked against brute-force enumeration."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from hypothesis import given, settings, strategies as st

from engine.game import Action
from engine.rockgarden import GAME, black_rock_chance, black_rock_chance_exact
from engine.rockgarden.odds import _p_never, chance_black_in_piles
from engine.rockgarden.state import PILE_TARGET
from engine.check import play

BLACK = "K"


def brute_force(ones: int, twos: int, threes: int, piles: int, current: int = 0) -> Fraction:
    """Every ordering of distinct rocks is equally likely: count those drawing the black."""
    rocks = [1] * ones + [2] * twos + [3] * threes + [BLACK]
    hits = total = 0
    for order in permutations(range(len(rocks))):
        total += 1
        left, value = piles, current
        for index in order:
            if left == 0:
                break
            rock = rocks[index]
            if rock == BLACK:
                hits += 1
                break
            value += rock
            if value >= 6:
                left, value = left - 1, 0
    return Fraction(hits, total)


def test_known_small_cases():
    assert chance_black_in_piles(0, 0, 0, True, 1) == 1          # only the black rock
    assert chance_black_in_piles(5, 5, 5, False, 3) == 0         # not in the bag
    assert chance_black_in_piles(5, 5, 5, True, 0) == 0          # no pile to draw
    # two 3s and the black rock, one pile: black is safe only if it is drawn last
    assert chance_black_in_piles(0, 0, 2, True, 1) == Fraction(2, 3)
    # pile already worth 5: the first rock completes it, black first with 1/3
    assert chance_black_in_piles(2, 0, 0, True, 1, current=5) == Fraction(1, 3)


def test_matches_brute_force_on_fixed_bags():
    for case in [(2, 1, 1, 1), (3, 2, 1, 2), (1, 1, 2, 2), (0, 3, 2, 1), (4, 0, 2, 1),
                 (2, 2, 2, 2), (1, 0, 0, 1), (6, 0, 0, 1)]:
        assert chance_black_in_piles(*case[:3], True, case[3]) == brute_force(*case), case


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(1, 3),
       st.integers(0, 5))
def test_matches_brute_force_on_random_small_bags(ones, twos, threes, piles, current):
    if ones + twos + threes > 7:
        ones = max(0, 7 - twos - threes)
    exact = chance_black_in_piles(ones, twos, threes, True, piles, current)
    assert exact == brute_force(ones, twos, threes, piles, current)
    assert 0 <= exact <= 1


def test_full_bag_is_fast():
    """Each bag the draws can leave is worked out once: the work is counted in bags (a
    draw's three outcomes each, at most), not timed. Drawn out without the memo, the
    75 rocks' orders would be beyond counting."""
    _p_never.cache_clear()
    p = chance_black_in_piles(25, 25, 25, True, 5)
    assert 0 < p < 1
    worked = _p_never.cache_info()
    bags = 26 * 26 * 26 * 5 * PILE_TARGET  # (ones, twos, threes, piles to go, current pile)
    assert worked.misses <= bags // 50, worked  # few of the bags are ever reached
    assert worked.hits + worked.misses <= 3 * worked.misses + 1, worked  # each asked once per draw


def test_state_chance_uses_the_bag_as_it_is():
    state = GAME.setup(["Ann", "Bo", "Cy"], {"tracker_spaces": 1})
    for seat, rocks in enumerate(("R1 R2 Y1 G2 B3", "Y2 Y3 G1 B1 W2", "G3 B2 W1 W3 R3")):
        state = play(GAME, state, Action(seat, "setup_draw", {"rocks": rocks}))
    state = play(GAME, state, Action(None, "start_player", {"player": 0}), host=True)
    assert black_rock_chance(state) == 0                         # on the tracker
    for action in (Action(0, "draw", {"rocks": "G3 Y3 W3 W3"}),
                   Action(0, "bid", {"pile": 0, "rocks": ""}),
                   Action(1, "bid", {"pile": 1, "rocks": ""}),
                   Action(2, "pass", {"rock": "R1"})):
        state = play(GAME, state, action)
    assert state["black"] == "bag" and state["phase"] == "piles"
    counts = [0, 0, 0]
    for code, n in state["bag"].items():
        counts[int(code[1]) - 1] += n
    expected = chance_black_in_piles(*counts, True, 2)
    assert black_rock_chance_exact(state) == expected
    assert abs(black_rock_chance(state) - float(expected)) < 1e-12
    assert abs(GAME.public(state)["black_rock_chance"] - float(expected)) < 1e-12
    # one rock into the first pile: the rest of this drawing counts
    state = play(GAME, state, Action(2, "draw", {"rocks": "Y1"}))
    counts[0] -= 1
    assert black_rock_chance_exact(state) == chance_black_in_piles(*counts, True, 2, 1)
    assert abs(black_rock_chance(state) - float(chance_black_in_piles(*counts, True, 2, 1))) < 1e-12
