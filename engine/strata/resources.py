"""Money and Grain: the splits players choose, and moving tokens.

Tokens are conserved: every Money and Grain is either in the bank or with a player.
The bank is finite (40 of each by default, like the box). Decision for a dry bank: the
bank pays what it has and the rest of that gain is lost (production in seat order from
the start player); a gain of the player's choice must be chosen from what the bank
still has; an exchange the bank cannot pay is refused.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction

MONEY, GRAIN = "money", "grain"
RESOURCES = (MONEY, GRAIN)
CAP = 10
"""No player keeps more than 10 resources after Production and after Tribute."""
EXCHANGE_GIVE, EXCHANGE_GET = 4, 1
TRADE_GIVE, TRADE_GET = 4, 2
FLIP_GAIN = 2
FLIP_UP_COST = 2


def choice_range(total: int, money: int, grain: int) -> tuple[int, int, int]:
    """For taking ``total`` resources out of ``money``/``grain`` available:
    (how many can really be taken, least Money, most Money)."""
    total = min(total, money + grain)
    return total, max(0, total - grain), min(total, money)


def split_options(total: int, money: int, grain: int) -> list[list[int]]:
    """Every ``[money, grain]`` split of ``total`` out of what is there, most Money
    first (what a phone offers as choices; :func:`choose` accepts exactly these)."""
    total, low, high = choice_range(total, money, grain)
    return [[m, total - m] for m in range(high, low - 1, -1)]


def choose(payload: Mapping[str, Any], total: int, money: int, grain: int,
           what: str, holder: str) -> tuple[int, int]:
    """The (money, grain) split of ``total`` resources someone chose, from ``payload``
    (whole numbers, 0 or more, under the keys ``money``/``grain``; one may be left
    out). Only what ``holder`` has can be taken: if that is less than ``total``,
    everything is taken. When there is only one possible split the payload may leave
    both out."""
    total, low, high = choice_range(total, money, grain)
    m, g = payload.get(MONEY), payload.get(GRAIN)
    if m is None and g is None:
        if low != high:
            raise IllegalAction(f"Choose the Money and Grain for {what}: {total} in all")
        return low, total - low
    if m is None:
        m = total - g
    if g is None:
        g = total - m
    if m < 0 or g < 0 or m + g != total:
        raise IllegalAction(f"{what[0].upper() + what[1:]}: {total} resource{'s' if total != 1 else ''} "
                            f"in all, not {max(m, 0) + max(g, 0)}")
    if m > money:
        raise IllegalAction(f"{holder} only {money} Money")
    if g > grain:
        raise IllegalAction(f"{holder} only {grain} Grain")
    return m, g


def move_to_player(state: dict, seat: int, money: int, grain: int) -> None:
    """Bank -> player (caller checked the bank has them). Mutates a private copy."""
    state["bank"][MONEY] -= money
    state["bank"][GRAIN] -= grain
    state[MONEY][seat] += money
    state[GRAIN][seat] += grain


def move_to_bank(state: dict, seat: int, money: int, grain: int) -> None:
    state[MONEY][seat] -= money
    state[GRAIN][seat] -= grain
    state["bank"][MONEY] += money
    state["bank"][GRAIN] += grain


def move_between(state: dict, payer: int, taker: int, money: int, grain: int) -> None:
    state[MONEY][payer] -= money
    state[GRAIN][payer] -= grain
    state[MONEY][taker] += money
    state[GRAIN][taker] += grain


def total(state: dict, seat: int) -> int:
    return state[MONEY][seat] + state[GRAIN][seat]


def words(money: int, grain: int) -> str:
    """``"2 Money and 1 Grain"``, ``"3 Grain"``, ``"nothing"``."""
    parts = []
    if money:
        parts.append(f"{money} Money")
    if grain:
        parts.append(f"{grain} Grain")
    return " and ".join(parts) if parts else "nothing"
