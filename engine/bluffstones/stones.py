"""Stones, piles and bids.

A pile is a dict ``{colour: count}`` over :data:`COLOURS`. A bid is
``{"colour": colour | None, "count": 0 | 1 | 2}`` (colour ``None`` for a zero bid):
zero, one or two stones, two only of one colour, taken from what the player still has.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction

COLOURS = ("blue", "yellow", "green", "red")
TOWER_COLOURS = ("blue", "yellow", "green")
"""Colours a tower's top stone can have (3 of each were shuffled, 2 of the 9 unused)."""
PLACEABLE = TOWER_COLOURS
"""A red stone is never placed: it removes a stone or is discarded."""
RED = "red"
TOWER_STONES_PER_COLOUR = 3

START_PILES = {
    2: {"blue": 6, "yellow": 6, "green": 6, "red": 4},
    3: {"blue": 5, "yellow": 5, "green": 5, "red": 3},
}

_ALIASES = {"b": "blue", "y": "yellow", "g": "green", "r": "red"}
_COUNT_WORDS = {0: "nothing", 1: "one", 2: "two"}


def parse_colour(value: object, allowed: tuple[str, ...] = COLOURS) -> str:
    """``"Blue"``/``"b"`` -> ``"blue"``; a readable refusal otherwise."""
    text = str(value).strip().lower() if value is not None else ""
    colour = _ALIASES.get(text, text)
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


def parse_bid(payload: Mapping[str, Any], pile: Mapping[str, int]) -> dict[str, Any]:
    """The bid in ``payload`` checked against ``pile``, or a refusal saying why.

    Two payload shapes are accepted: ``{"colour": "blue", "count": 2}`` or
    ``{"stones": ["blue", "blue"]}`` (the stones the player picked up, 0 to 2 of them).
    """
    if "stones" in payload:
        stones = payload.get("stones")
        if not isinstance(stones, (list, tuple)):
            raise IllegalAction("A bid is a list of zero, one or two stones")
        if len(stones) > 2:
            raise IllegalAction("A bid is zero, one or two stones, not more")
        colours = [parse_colour(s) for s in stones]
        if len(colours) == 2 and colours[0] != colours[1]:
            raise IllegalAction("Two stones in a bid must be the same colour")
        count = len(colours)
        colour = colours[0] if colours else None
    else:
        raw_count = payload.get("count", 0)
        if isinstance(raw_count, bool):
            raise IllegalAction("A bid is zero, one or two stones")
        try:
            count = int(str(raw_count).strip())
        except ValueError:
            raise IllegalAction("A bid is zero, one or two stones") from None
        if count not in (0, 1, 2):
            raise IllegalAction("A bid is zero, one or two stones")
        colour = None
        if count:
            raw_colour = payload.get("colour", payload.get("color"))
            if raw_colour in (None, ""):
                raise IllegalAction("Choose the colour of the stones you bid")
            colour = parse_colour(raw_colour)
    if count == 0:
        return zero_bid()
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


def bid_words(bid: Mapping[str, Any] | None) -> str:
    """``{"colour": "blue", "count": 2}`` -> ``"two blue stones"``."""
    if not bid or not bid.get("count"):
        return "nothing"
    count = bid["count"]
    return f"{_COUNT_WORDS[count]} {bid['colour']} stone{'s' if count > 1 else ''}"
