"""The SiegeStones board: a hexagon of 37 circles in rows of 4, 5, 6, 7, 6, 5, 4.

Circles are labelled by row letter (A at the top, G at the bottom) and position in the
row from the left, so a player can read them on a phone: ``A1``..``A4``, ``B1``..``B5``,
..., ``D1``..``D7`` (the middle row, ``D4`` is the centre), ..., ``G1``..``G4``.

Inside, a circle is an axial hex coordinate ``(q, r)`` with ``r`` the row (-3 for A ..
3 for G) and ``q + r/2`` its horizontal position, so neighbours are the six axial
directions. :func:`centre` gives each circle's centre in a unit hexagon (the six corner
circles are at distance 1 from the centre) so a screen can draw the board at any width.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Iterable

from engine.errors import IllegalAction

ROW_LETTERS = "ABCDEFG"
ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
RADIUS = 3  # circles from the centre to an edge
CENTRE = "D4"

SPACING = 1 / RADIUS
"""Distance between the centres of two neighbouring circles in :func:`centre` units."""

HEIGHT = math.sqrt(3)
"""Height of the unit hexagon of :func:`centre` (its width is 2)."""

_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _row_start(r: int) -> int:
    """The q coordinate of the leftmost circle of row ``r`` (-3..3)."""
    return max(-RADIUS, -RADIUS - r)


@lru_cache(maxsize=None)
def _tables() -> tuple[tuple[str, ...], dict[str, tuple[int, int]], dict[tuple[int, int], str]]:
    labels: list[str] = []
    axial: dict[str, tuple[int, int]] = {}
    for row_index, (letter, length) in enumerate(zip(ROW_LETTERS, ROW_LENGTHS)):
        r = row_index - RADIUS
        for i in range(length):
            label = f"{letter}{i + 1}"
            labels.append(label)
            axial[label] = (_row_start(r) + i, r)
    by_axial = {qr: label for label, qr in axial.items()}
    return tuple(labels), axial, by_axial


CIRCLES: tuple[str, ...] = _tables()[0]
"""All 37 labels, row by row, left to right."""


def is_circle(label: object) -> bool:
    return isinstance(label, str) and label in _tables()[1]


def axial(circle: str) -> tuple[int, int]:
    return _tables()[1][circle]


@lru_cache(maxsize=None)
def neighbours(circle: str) -> tuple[str, ...]:
    """The circles touching ``circle`` (6 inside, 4 on an edge, 3 at a corner)."""
    q, r = axial(circle)
    by_axial = _tables()[2]
    return tuple(by_axial[(q + dq, r + dr)] for dq, dr in _DIRECTIONS
                 if (q + dq, r + dr) in by_axial)


def are_neighbours(a: str, b: str) -> bool:
    return b in neighbours(a)


def distance(a: str, b: str) -> int:
    """Steps between two circles on the hex grid."""
    (q1, r1), (q2, r2) = axial(a), axial(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def centre(circle: str) -> tuple[float, float]:
    """(x, y) of the circle's centre, board centre at (0, 0), y growing downwards.

    The corner circles ``D1``/``D7`` are at x = -1 / 1 and rows are
    ``SPACING * sqrt(3) / 2`` apart; draw circles with a radius below ``SPACING / 2``.
    """
    q, r = axial(circle)
    return ((q + r / 2) * SPACING, r * SPACING * math.sqrt(3) / 2)


def centre_in_box(circle: str) -> tuple[float, float]:
    """(x, y) as fractions 0..1 of a box of aspect 2 : sqrt(3) (corner circles touch it)."""
    x, y = centre(circle)
    return ((x + 1) / 2, (y + HEIGHT / 2) / HEIGHT)


DEFAULT_TOWERS: tuple[str, ...] = tuple(
    label for label in CIRCLES
    if label == CENTRE or (distance(label, CENTRE) == 2
                           and 0 in (axial(label)[0], axial(label)[1], sum(axial(label))))
)
"""The centre circle plus the six circles two steps out on the axes."""

_LABEL = re.compile(r"([A-Ga-g])\s*(\d+)")


def parse_circle(text: object) -> str:
    """``"d4"`` -> ``"D4"``, or a readable refusal."""
    raw = str(text).strip() if text is not None else ""
    match = _LABEL.fullmatch(raw)
    label = f"{match.group(1).upper()}{int(match.group(2))}" if match else ""
    if not is_circle(label):
        raise IllegalAction(
            f"'{raw}' is not a circle on the board: circles are A1-A4, B1-B5, C1-C6, "
            "D1-D7, E1-E6, F1-F5, G1-G4"
        )
    return label


def parse_circles(value: str | Iterable[object]) -> list[str]:
    """A list of circles from a list, or text like ``"B2 B4, D4"``."""
    if isinstance(value, str):
        # Brackets and quotes are ignored too: a list that went through str() still reads.
        tokens = [t for t in re.split(r"[\s,;\[\]()'\"]+", value.strip()) if t]
        return [parse_circle(t) for t in tokens]
    return [parse_circle(t) for t in value]


def geometry() -> list[dict]:
    """Every circle with its centre as fractions of the board's box (see
    :func:`centre_in_box`), JSON-safe, for drawing the board."""
    return [dict(item) for item in _geometry()]


@lru_cache(maxsize=None)
def _geometry() -> tuple[dict, ...]:
    out = []
    for label in CIRCLES:
        bx, by = centre_in_box(label)
        out.append({"circle": label, "box_x": round(bx, 5), "box_y": round(by, 5)})
    return tuple(out)
