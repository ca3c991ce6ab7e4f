"""Money and Grain: the splits players choose, and moving tokens.

The bank (CLARIFICATIONS, "The bank"): **unlimited by default**, a payment from it is
never cut short (``state["bank"]`` is None). A limited bank is a table setting
(``bank_tokens``: its count of each resource, 40 in the box); then tokens are conserved
(every Money and Grain is either in the bank or with a player), and a dry bank pays what
it has and the rest of that gain is lost (production in seat order from the start
player); a gain of the player's choice is chosen from what the bank still has; an
exchange the bank cannot pay is refused. Every screen says when it has run out
(:func:`bank_note`).
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
MAX_BANK = 500
"""The most Money (or Grain) a limited bank holds (the ``bank_tokens`` setting's top)."""
BOX_TOKENS = 40
"""The box's Money (and Grain) tokens: the least a limited bank holds."""


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


UNLIMITED = 10 ** 9
"""What an unlimited bank "has" of each resource: more than any payment."""


def bank_has(state: dict, resource: str) -> int:
    """What the bank can pay of ``resource`` now: its count when the bank is limited,
    :data:`UNLIMITED` when it is not."""
    bank = state["bank"]
    return UNLIMITED if bank is None else bank[resource]


def bank_note(state: dict) -> str | None:
    """``The bank has no Grain left`` (``Money or Grain``) when a limited bank has run
    out of something; None otherwise (an unlimited bank never does)."""
    bank = state["bank"]
    if bank is None:
        return None
    out = [r.capitalize() for r in RESOURCES if bank[r] <= 0]
    return f"The bank has no {' or '.join(out)} left" if out else None


def bank_refusal(state: dict, resource: str, wanted: int) -> str | None:
    """Why the bank cannot pay ``wanted`` of ``resource`` now (None: it can)."""
    has = bank_has(state, resource)
    if has >= wanted:
        return None
    if has <= 0:
        return f"The bank has no {resource.capitalize()} left"
    return f"The bank has only {has} {resource.capitalize()}"


def move_to_player(state: dict, seat: int, money: int, grain: int) -> None:
    """Bank -> player (caller checked the bank has them). Mutates a private copy."""
    if state["bank"] is not None:
        state["bank"][MONEY] -= money
        state["bank"][GRAIN] -= grain
    state[MONEY][seat] += money
    state[GRAIN][seat] += grain


def move_to_bank(state: dict, seat: int, money: int, grain: int) -> None:
    state[MONEY][seat] -= money
    state[GRAIN][seat] -= grain
    if state["bank"] is not None:
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
