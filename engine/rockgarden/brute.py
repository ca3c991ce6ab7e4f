"""The slow, obviously-right reference for the turn-in advisor.

A plain recursion over every turn-in order, exactly as a player at the table would try
them: while a forbidden set is present, pick one (any of them), hand it in, look again.
It shares no search code with :mod:`engine.rockgarden.advisor` (only the rules in
:mod:`engine.rockgarden.sets`), so the two can check each other. It is exponential:
fine for gardens of about 20 rocks, hopeless for the whole bag.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engine.rockgarden.rocks import KINDS
from engine.rockgarden.sets import FOURSOME, STRAIGHT, TRIPS, card_value, sets_in

_INDEX = {TRIPS: 0, FOURSOME: 1, STRAIGHT: 2}


def brute_card_counts(garden: Counter) -> set[tuple[int, int, int]]:
    """Every reachable (trips cards, foursome cards, straight cards) when turning in."""
    start = tuple(garden.get(kind, 0) for kind in KINDS)
    return set(_finish(start))


@lru_cache(maxsize=None)
def _finish(counts: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
    garden = Counter({kind: n for kind, n in zip(KINDS, counts) if n})
    found = sets_in(garden)
    if not found:
        return frozenset({(0, 0, 0)})
    ends: set[tuple[int, int, int]] = set()
    for name, rocks in found:
        left = garden.copy()
        left.subtract(Counter(rocks))
        after = tuple(left.get(kind, 0) for kind in KINDS)
        step = _INDEX[name]
        for sub in _finish(after):
            taken = list(sub)
            taken[step] += 1
            ends.add(tuple(taken))
    return frozenset(ends)


def brute_outcomes(garden: Counter, tops: dict | None = None, after_deck: str = "continue") -> set[tuple[int, int, int]]:
    """Every reachable (demerits, cards taken, rocks kept), straight from the card counts."""
    tops = {TRIPS: 1, FOURSOME: 1, STRAIGHT: 1, **(tops or {})}
    total = sum(garden.values())
    result = set()
    for kt, kf, ks in brute_card_counts(garden):
        demerits = sum(card_value(tops[TRIPS], j, after_deck) for j in range(kt))
        demerits += sum(card_value(tops[FOURSOME], j, after_deck) for j in range(kf))
        demerits += sum(card_value(tops[STRAIGHT], j, after_deck) for j in range(ks))
        result.add((demerits, kt + kf + ks, total - 3 * kt - 4 * kf - 3 * ks))
    return result
