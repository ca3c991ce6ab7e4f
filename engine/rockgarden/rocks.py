"""Rocks and their notation: colour letter + value, e.g. ``R1``, ``G3`` (any case).

A garden (or bag, pile, bid) is a :class:`collections.Counter` keyed by ``(colour, value)``
with colour in ``COLOURS`` ("RYGBW") and value 1..3. The black rock is ``BLACK`` ("K").
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from engine.errors import IllegalAction

COLOURS = "RYGBW"
VALUES = (1, 2, 3)
COPIES = 5
BLACK = "K"
KINDS = tuple((c, v) for c in COLOURS for v in VALUES)
DEFAULT_COLOUR_NAMES = ("Red", "Yellow", "Green", "Blue", "White")

Rock = tuple  # (colour letter, value)


def parse_rock(token: str) -> Rock:
    """``"r2"`` -> ``("R", 2)``; a readable refusal naming the token otherwise."""
    raw = token.strip()
    text = raw.upper()
    if len(text) != 2:
        raise IllegalAction(f"'{raw}': a rock is a colour letter and a value, like R1 or G3")
    colour, value = text[0], text[1]
    if colour not in COLOURS:
        raise IllegalAction(f"'{raw}': colours are {' '.join(COLOURS)}")
    if value not in "123":
        raise IllegalAction(f"'{raw}': values are 1 to 3")
    return (colour, int(value))


def parse_rocks(text: str | Iterable[str]) -> Counter:
    """A space- or comma-separated list of rocks; refuses more than 5 of one kind."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    rocks = Counter(parse_rock(t) for t in tokens)
    check_copies(rocks)
    return rocks


def check_copies(rocks: Counter, where: str = "") -> None:
    for rock, n in sorted(rocks.items()):
        if n > COPIES:
            place = f" {where}" if where else ""
            raise IllegalAction(f"{n} x {fmt(rock)}{place}: only {COPIES} exist")
        if n < 0:
            raise IllegalAction(f"{fmt(rock)}: a count cannot be negative")


def fmt(rock: Rock) -> str:
    return f"{rock[0]}{rock[1]}"


def fmt_rocks(rocks: Counter | Iterable[Rock]) -> list[str]:
    """Rocks in a stable order (colour order, then value), one string each."""
    items = rocks.elements() if isinstance(rocks, Counter) else rocks
    order = {c: i for i, c in enumerate(COLOURS)}
    return [fmt(r) for r in sorted(items, key=lambda r: (order[r[0]], r[1]))]


def value_of(rocks: Counter) -> int:
    return sum(v * n for (_, v), n in rocks.items())

