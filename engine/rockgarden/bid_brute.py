"""The slow, obviously-right reference for the bid advice (:mod:`engine.rockgarden.bid_advice`).

Shares no code with the fast one but the rules of :mod:`engine.rockgarden.sets` and the
turn-in brute force of :mod:`engine.rockgarden.brute` (every turn-in order, one set at a
time). Every sub-multiset of the garden is tried as a bid, each checked against the
standing bid as the rules say, each scored by the brute force; then every bid whose
(demerits, value, rock count) triple is beaten by another bid's triple (at most as much
in all three, not the same triple) is dropped. Passing averages over every rock in the
bag, one by one. Exponential in the garden's size: fine for the benchmark's gardens of
up to 15 rocks, used by the tests and ``bench/bid_advice.py``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from engine.rockgarden.brute import brute_outcomes
from engine.rockgarden.rocks import KINDS


def fewest_demerits(garden: Counter, tops: dict, after_deck: str) -> int:
    return min(demerits for demerits, _, _ in brute_outcomes(+garden, tops, after_deck))


def undercuts(bid: Counter, standing: Counter | None) -> bool:
    """The rules: any bid on a pile with none; else lower value, or equal value, fewer rocks."""
    if standing is None:
        return True
    value = sum(v * n for (_, v), n in bid.items())
    old_value = sum(v * n for (_, v), n in standing.items())
    rocks, old_rocks = sum(bid.values()), sum(standing.values())
    return value < old_value or (value == old_value and rocks < old_rocks)


def every_bid(garden: Counter) -> list[Counter]:
    kinds = [k for k in KINDS if garden[k] > 0]
    return [
        +Counter(dict(zip(kinds, choice)))
        for choice in product(*(range(garden[k] + 1) for k in kinds))
    ]


def brute_pile_bids(
    garden: Counter, pile: Counter, standing: Counter | None, tops: dict, after_deck: str = "continue"
) -> list[tuple[int, int, int, Counter]]:
    """Every undominated legal bid: (demerits if it stands, value, rock count, rocks)."""
    rows = []
    for bid in every_bid(garden):
        if not undercuts(bid, standing):
            continue
        after = garden - bid + pile
        value = sum(v * n for (_, v), n in bid.items())
        rows.append((fewest_demerits(after, tops, after_deck), value, sum(bid.values()), bid))
    triples = {row[:3] for row in rows}
    beaten = {
        t for t in triples
        if any(o != t and o[0] <= t[0] and o[1] <= t[1] and o[2] <= t[2] for o in triples)
    }
    return [row for row in rows if row[:3] not in beaten]


def brute_pass(garden: Counter, bag: Counter, black: bool, tops: dict, after_deck: str = "continue"):
    """(expected demerits with the Pass card, chance of the black rock): each rock in the
    bag, the black one included, drawn with the same chance."""
    rocks = list(bag.elements()) + (["K"] if black else [])
    if not rocks:
        return Fraction(1 + fewest_demerits(garden, tops, after_deck)), Fraction(0)
    total = Fraction(0)
    for rock in rocks:
        after = garden if rock == "K" else garden + Counter([rock])
        total += fewest_demerits(after, tops, after_deck)
    return 1 + total / len(rocks), Fraction(int(black), len(rocks))
