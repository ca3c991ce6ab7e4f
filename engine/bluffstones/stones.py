"""Stones, piles and bids.

A pile is a dict ``{colour: count}`` over :data:`COLOURS`. A bid is
``{"colour": colour | None, "count": 0 | 1 | 2}`` (colour ``None`` for a zero bid):
zero, one or two stones, two only of one colour (so one colour says it all), taken from
what the player still has.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction

COLOURS = ("blue", "yellow", "green", "red")
TOWER_COLOURS = ("blue", "yellow", "green")
"""Colours a tower's top stone can have (3 of each were shuffled, 2 of the 9 unused)."""
RED = "red"
TOWER_STONES_PER_COLOUR = 3

START_PILES = {
    2: {"blue": 6, "yellow": 6, "green": 6, "red": 4},
    3: {"blue": 5, "yellow": 5, "green": 5, "red": 3},
}

COLOUR_LETTERS = {"b": "blue", "y": "yellow", "g": "green", "r": "red"}
"""A colour as its letter (the board's notation)."""
_COUNT_WORDS = {0: "nothing", 1: "one", 2: "two"}


def parse_colour(value: object, allowed: tuple[str, ...] = COLOURS) -> str:
    """``"Blue"``/``"b"`` -> ``"blue"``; a readable refusal otherwise."""
    text = str(value).strip().lower() if value is not None else ""
    colour = COLOUR_LETTERS.get(text, text)
    if colour not in allowed:
        raise IllegalAction(f"'{value}' is not a colour here: choose {', '.join(allowed)}")
    return colour


def empty_pile() -> dict[str, int]:
    return {c: 0 for c in COLOURS}


def start_pile(n_players: int) -> dict[str, int]:
    return dict(START_PILES[n_players])


def pile_total(pile: Mapping[str, int]) -> int:
    return sum(pile.values())


def zero_bid() -> dict[str, Any]:
    return {"colour": None, "count": 0}


def check_bid(count: int, colour: str | None, pile: Mapping[str, int]) -> dict[str, Any]:
    """The bid of ``count`` (0, 1 or 2) stones of ``colour`` checked against ``pile``, or a
    refusal saying why. A zero bid has no colour (a colour sent with it is ignored)."""
    if count == 0:
        return zero_bid()
    if colour is None:
        raise IllegalAction("Choose the colour of the stones you bid")
    have = pile.get(colour, 0)
    if count > have:
        left = f"only {have} {colour} stone{'s' if have != 1 else ''}" if have else f"no {colour} stones"
        raise IllegalAction(f"You have {left} left, so you cannot bid {count}")
    return {"colour": colour, "count": count}


def legal_bids(pile: Mapping[str, int]) -> list[dict[str, Any]]:
    """Every bid possible from ``pile``: zero first, then one and two of each colour."""
    bids = [zero_bid()]
    for count in (1, 2):
        bids += [{"colour": c, "count": count} for c in COLOURS if pile.get(c, 0) >= count]
    return bids


def with_words(bid: Mapping[str, Any]) -> dict[str, Any]:
    """A bid with its words for a screen: ``{"colour", "count", "words"}``."""
    return {"colour": bid.get("colour"), "count": bid.get("count", 0), "words": bid_words(bid)}


def bid_words(bid: Mapping[str, Any] | None) -> str:
    """``{"colour": "blue", "count": 2}`` -> ``"two blue stones"``."""
    if not bid or not bid.get("count"):
        return "nothing"
    count = bid["count"]
    return f"{_COUNT_WORDS[count]} {bid['colour']} stone{'s' if count > 1 else ''}"
