"""Tribute: Influence from the cards, and who takes how many resources from whom.

For each ordered pair (A, B) with Influence(A) > Influence(B), A takes
floor((Influence(A) - Influence(B)) / X) resources from B (CLARIFICATIONS; the rules'
example, 9 more Influence taking 2 resources in a 4-player game, fixes X = 4).

Processing order (the rules: "Beginning with the current Start Player and in clockwise
order" each player compares their Influence with the others): taker by
taker, from the start player clockwise; each taker takes from every player with less
Influence, those payers clockwise from the taker. Pairs owing 0 are left out. The order
matters at the table: what a player received earlier in the phase can pay what they owe
later. E.g. Influence Ann 12, Bo 3, Cy 7, Di 0 (seats in that order), start player Bo,
X = 4: Bo takes nothing; Cy takes 1 from Di, 1 from Bo; Di nothing; Ann takes 2 from
Bo, 1 from Cy, 3 from Di.
"""

from __future__ import annotations

from typing import Sequence

from engine.errors import IllegalAction
from engine.strata.cards import complete_sets, has_effect

DEFAULT_RATE = 4
DEFAULT_RATES = {n: DEFAULT_RATE for n in range(2, 8)}
"""Influence per resource by player count (a table setting; 4 for every count)."""


def influence(cards: list[dict]) -> int:
    """Influence of a display: 1 per "Influence" effect of a face-up card, plus 1 per
    complete set for each "Influence per set" effect."""
    single = sum(has_effect(c, "influence") for c in cards)
    per_set = sum(has_effect(c, "set_influence") for c in cards)
    return single + per_set * complete_sets(cards)


def seat_order(n: int, start: int) -> list[int]:
    """Seats clockwise beginning with ``start``."""
    return [(start + i) % n for i in range(n)]


def tribute_transfers(influence_in_seat_order: Sequence[int], start: int,
                      per: int = DEFAULT_RATE) -> list[dict]:
    """``[{"from": payer, "to": taker, "count": n}, ...]`` in processing order.

    ``influence_in_seat_order[i]`` is seat ``i``'s Influence (seats clockwise), ``start``
    the start player's seat, ``per`` the Influence difference that costs one resource.
    """
    values = list(influence_in_seat_order)
    n = len(values)
    if n == 0:
        raise IllegalAction("Tribute needs at least one player")
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
        raise IllegalAction("Influence is a whole number, 0 or more")
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
        raise IllegalAction("The start player must be one of the players")
    if isinstance(per, bool) or not isinstance(per, int) or per < 1:
        raise IllegalAction("The tribute rate is a whole number of Influence, 1 or more")
    transfers = []
    for taker, payer in pair_order(n, start):
        count = owed(values[taker], values[payer], per)
        if count > 0:
            transfers.append({"from": payer, "to": taker, "count": count})
    return transfers


def pair_order(n: int, start: int) -> list[tuple[int, int]]:
    """Every ``(taker, payer)`` pair in processing order: takers clockwise from the start
    player, each taker's payers clockwise from the taker."""
    return [(taker, payer) for taker in seat_order(n, start)
            for payer in seat_order(n, taker)[1:]]


def owed(taker_influence: int, payer_influence: int, per: int) -> int:
    """Resources a taker takes from a payer: floor(difference / X), 0 when not above."""
    return max(taker_influence - payer_influence, 0) // per
