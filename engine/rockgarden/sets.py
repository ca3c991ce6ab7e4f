"""The three forbidden sets and the demerit decks they are paid from.

Shared by the rules engine (is this turn-in legal?) and the advisor (which order?).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from engine.errors import IllegalAction
from engine.rockgarden.rocks import COLOURS, VALUES, fmt_rocks

TRIPS, FOURSOME, STRAIGHT = "trips", "foursome", "straight"
SET_NAMES = (TRIPS, FOURSOME, STRAIGHT)
SET_TITLES = {TRIPS: "Trips", FOURSOME: "Foursome", STRAIGHT: "Straight Flush"}
DECK_SIZE = 10
AFTER_DECK = ("continue", "ten")


def card_value(top: int, taken_before: int, after_deck: str = "continue") -> int:
    """Demerits of the next card from a deck whose next card is worth ``top``.

    A set stack holds 1..10 from the top; past its end a set still costs on paper:
    the sequence goes on (11, 12, ...) or, with ``after_deck="ten"``, 10 each.
    """
    n = top + taken_before
    if n > DECK_SIZE and after_deck == "ten":
        return DECK_SIZE
    return n


def sets_in(garden: Counter) -> list[tuple[str, tuple]]:
    """Every forbidden set present in ``garden`` as (set name, rocks), distinct only."""
    found: list[tuple[str, tuple]] = []
    for colour in COLOURS:
        for value in VALUES:
            if garden[(colour, value)] >= 3:
                found.append((TRIPS, ((colour, value),) * 3))
    for value in VALUES:
        present = [c for c in COLOURS if garden[(c, value)] > 0]
        for four in combinations(present, 4):
            found.append((FOURSOME, tuple((c, value) for c in four)))
    for colour in COLOURS:
        if all(garden[(colour, v)] > 0 for v in VALUES):
            found.append((STRAIGHT, tuple((colour, v) for v in VALUES)))
    return found


def has_forbidden_set(garden: Counter) -> bool:
    if any(n >= 3 for n in garden.values()):
        return True
    for value in VALUES:
        if sum(1 for c in COLOURS if garden[(c, value)] > 0) >= 4:
            return True
    return any(all(garden[(c, v)] > 0 for v in VALUES) for c in COLOURS)


def classify(rocks: Counter | list) -> str:
    """The name of the forbidden set these rocks form, or a readable refusal."""
    bag = Counter(rocks)
    items = sorted(bag.elements())
    if len(items) == 3 and len(bag) == 1:
        return TRIPS
    if len(items) == 4 and len(bag) == 4 and len({v for _, v in items}) == 1:
        return FOURSOME
    if len(items) == 3 and len({c for c, _ in items}) == 1 and {v for _, v in items} == set(VALUES):
        return STRAIGHT
    shown = " ".join(fmt_rocks(bag))
    raise IllegalAction(
        f"{shown or 'no rocks'} is not a forbidden set: Trips are 3 identical rocks, "
        "a Foursome is 4 colours of one value, a Straight Flush is I, II and III of one colour"
    )
