"""The shapes BluffStones payloads take: circle labels, the 7 tower circles, colours.

Each is a payload schema (:mod:`engine.schema`): it takes what a player or a script may
reasonably type ("d4", "Blue", "b", a list or a text of circles) and gives back one
canonical value ("D4", "blue", a list of labels), or refuses in a sentence built from the
field's label. Nothing else reaches a handler, and nothing else is written to the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.bluffstones import board
from engine.bluffstones.stones import COLOURS, TOWER_COLOURS, parse_colour
from engine.errors import IllegalAction
from engine.schema import Schema, bad_characters

TOWER_COUNT = 7
LONGEST_LABEL = 8
"""A circle label as typed ("D4", " d 4 "): a few characters."""
LONGEST_CIRCLES_TEXT = 120
LONGEST_COLOUR = 10


def _short_text(value: Any, longest: int) -> bool:
    return isinstance(value, str) and len(value) <= longest and not bad_characters(value)


@dataclass(frozen=True)
class Circle(Schema):
    """One circle of the board ("D4", any case), given back as its label."""

    def check(self, value: Any, label: str) -> str:
        if not _short_text(value, LONGEST_LABEL):
            raise IllegalAction(f"{label} must be {self.words()}")
        return board.parse_circle(value)

    def words(self) -> str:
        return "a circle of the board, like D4"


@dataclass(frozen=True)
class Circles(Schema):
    """Exactly ``count`` distinct circles: a list of labels, or a text of them
    ("B2 B4 D2 D4 D6 F2 F4", commas allowed)."""

    count: int = TOWER_COUNT

    def check(self, value: Any, label: str) -> list[str]:
        if isinstance(value, list):
            if len(value) > 3 * self.count:
                raise IllegalAction(self._how_many(len(value)))
            for item in value:
                if not _short_text(item, LONGEST_LABEL):
                    raise IllegalAction(f"{label} must be {self.words()}")
        elif not _short_text(value, LONGEST_CIRCLES_TEXT):
            raise IllegalAction(f"{label} must be {self.words()}")
        circles = board.parse_circles(value)
        if len(set(circles)) != len(circles):
            twice = sorted({c for c in circles if circles.count(c) > 1})
            raise IllegalAction(f"Each tower needs its own circle ({', '.join(twice)} chosen twice)")
        if len(circles) != self.count:
            raise IllegalAction(self._how_many(len(circles)))
        return circles

    def _how_many(self, n: int) -> str:
        return f"Choose exactly {self.count} tower circles, not {n}"

    def words(self) -> str:
        return (f"{self.count} circles of the board: a list, or a text like "
                f"\"{' '.join(board.DEFAULT_TOWERS)}\"")


@dataclass(frozen=True)
class Colour(Schema):
    """One stone colour of ``allowed`` (any case, or its first letter)."""

    allowed: tuple[str, ...] = COLOURS

    def check(self, value: Any, label: str) -> str:
        if not _short_text(value, LONGEST_COLOUR) or not value.strip():
            raise IllegalAction(f"{label} must be {self.words()}")
        return parse_colour(value, self.allowed)

    def words(self) -> str:
        return "one of " + ", ".join(self.allowed)


@dataclass(frozen=True)
class TowerColours(Schema):
    """A group of tower circles, each with its top-stone colour: {"D4": "blue", ...}."""

    def check(self, value: Any, label: str) -> dict[str, str]:
        if not isinstance(value, Mapping) or not 1 <= len(value) <= TOWER_COUNT:
            raise IllegalAction(f"{label} must be {self.words()}")
        out: dict[str, str] = {}
        for raw_circle, raw_colour in value.items():
            circle = Circle().check(raw_circle, "Each tower")
            if circle in out:
                raise IllegalAction(f"{circle} is given twice")
            out[circle] = Colour(TOWER_COLOURS).check(raw_colour, f"The colour of {circle}")
        return out

    def words(self) -> str:
        return (f"1 to {TOWER_COUNT} tower circles, each with its top-stone colour "
                "(like D4: blue)")
