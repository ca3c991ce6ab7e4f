"""Tribute: Influence from the cards, and who takes how many resources from whom.

For each ordered pair (A, B) with Influence(A) > Influence(B), A takes
floor((Influence(A) - Influence(B)) / X) resources from B (CLARIFICATIONS; the rules'
example, 9 more Influence taking 2 resources in a 4-player game, fixes X = 4).

Processing order ("from the start player clockwise"), decided here: the *payers* in seat
order starting with the start player (the issue's example begins with the start player
paying: Bo -> Ann, 2); each payer pays the players above them from the most Influence
down (equal Influence: clockwise from the start player). Pairs owing 0 are left out.
The order matters at the table: a payer who runs dry pays the earlier takers first.
"""

from __future__ import annotations

from typing import Sequence

from engine.errors import IllegalAction
from engine.strata.cards import complete_sets

DEFAULT_RATE = 4
DEFAULT_RATES = {n: DEFAULT_RATE for n in range(2, 8)}
"""Influence per resource by player count (a table setting; 4 for every count)."""


def influence(cards: list[dict]) -> int:
    """Influence of a display: 1 per face-up "Influence" card, plus 1 per complete set
    for each face-up "Influence per set" card."""
    single = sum(1 for c in cards if c["face_up"] and c["effect"] == "influence")
    per_set = sum(1 for c in cards if c["face_up"] and c["effect"] == "set_influence")
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
    order = seat_order(n, start)
    position = {seat: i for i, seat in enumerate(order)}
    takers_first = sorted(order, key=lambda seat: (-values[seat], position[seat]))
    transfers = []
    for payer in order:
        for taker in takers_first:
            if taker == payer or values[taker] <= values[payer]:
                continue
            count = (values[taker] - values[payer]) // per
            if count > 0:
                transfers.append({"from": payer, "to": taker, "count": count})
    return transfers
