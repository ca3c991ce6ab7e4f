"""How likely the black rock comes out while the next piles are drawn.

The bag's contents are known exactly (full supply minus everything visible), so the
chance is exact: draw without replacement, one rock at a time, adding to the current
pile until it is worth 6 or more, then the next pile, until every pile is complete; the
black rock ends the drawing when it appears. Colour does not matter, only how many
rocks of value 1, 2 and 3 are left, so a memoised recursion over those counts, the
piles left and the current pile's value is exact and fast even for a full bag.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from engine.rockgarden.state import PILES, PILE_TARGET, black_in_bag, n_piles, pile_complete, pile_value


def chance_black_in_piles(ones: int, twos: int, threes: int, black: bool,
                          piles: int, current: int = 0) -> Fraction:
    """P(the black rock is drawn before ``piles`` more piles are complete).

    ``current`` is the value already on the pile being drawn. If the bag runs dry first
    the drawing stops (the black rock then never came out).
    """
    if not black or piles <= 0:
        return Fraction(0)
    return Fraction(1) - _p_never(ones, twos, threes, piles, current)


@lru_cache(maxsize=1 << 17)
def _p_never(ones: int, twos: int, threes: int, piles: int, current: int,
             exact: bool = True) -> Fraction | float:
    """P(black rock stays in the bag) with the black rock still in the bag: a Fraction,
    or (``exact`` False: what the screens show, many times cheaper) a float."""
    if piles == 0:
        return Fraction(1) if exact else 1.0
    total = ones + twos + threes + 1
    p = Fraction(0) if exact else 0.0
    if total == 1:
        return p  # only the black rock is left: it is drawn next
    for value, count in ((1, ones), (2, twos), (3, threes)):
        if count == 0:
            continue
        left = (ones - (value == 1), twos - (value == 2), threes - (value == 3))
        pile_value = current + value
        if pile_value >= PILE_TARGET:
            rest = _p_never(*left, piles - 1, 0, exact)
        else:
            rest = _p_never(*left, piles, pile_value, exact)
        p += (Fraction(count, total) if exact else count / total) * rest
    return p


def _drawing(state: dict) -> tuple[int, int, int, int, int] | None:
    """(ones, twos, threes, piles still to complete, current pile's value), or None
    while the black rock is not in the bag."""
    if not black_in_bag(state):
        return None
    by_value = [0, 0, 0]
    for code, count in state["bag"].items():
        by_value[int(code[1]) - 1] += count
    piles, current = n_piles(state), 0
    if state["phase"] == PILES:
        done = [p for p in state["piles"] if pile_complete(p)]
        piles = n_piles(state) - len(done)
        current = sum(pile_value(p) for p in state["piles"] if not pile_complete(p))
    return (*by_value, piles, current)


def black_rock_chance_exact(state: dict) -> Fraction:
    """The exact chance for the next drawing of piles, from the bag as it is now.

    While piles are being drawn, "next" means the rest of the drawing in progress.
    0 while the black rock is not in the bag (on the tracker or already drawn).
    """
    drawing = _drawing(state)
    if drawing is None:
        return Fraction(0)
    ones, twos, threes, piles, current = drawing
    return chance_black_in_piles(ones, twos, threes, True, piles, current)


def black_rock_chance(state: dict) -> float:
    """:func:`black_rock_chance_exact` in floating point, for screens."""
    drawing = _drawing(state)
    if drawing is None or drawing[3] <= 0:
        return 0.0
    return max(0.0, min(1.0, 1.0 - _p_never(*drawing, exact=False)))


__all__ = ["chance_black_in_piles", "black_rock_chance", "black_rock_chance_exact"]
