"""The harmony ring and which pairs of tiles may form a harmony.

The ring, clockwise from the top (rules text and CLARIFICATIONS): Rose, Chrysanthemum,
Rhododendron, Jasmine, Lily, White Jade. Of the 15 pairs of different flowers:

- the 6 neighbours on the ring are *harmonious*;
- the 3 pairs facing each other across the ring (Jasmine/Rose, Lily/Chrysanthemum,
  White Jade/Rhododendron) are *opposite* -- they clash and capture each other;
- the other 6 (two steps apart) are *neither*: no harmony, no capture.

A blooming White Lotus is in harmony with every flower. A lotus that is not blooming is
neutral (no harmony). Elemental tiles and the White Dragon never form harmonies; two tiles
of the same kind do not either (a flower is not its own ring neighbour).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.paisho.board import PORTS, Point, between, next_to
from engine.paisho.tiles import FLOWERS, family, name

RING = ("rose", "chrysanthemum", "rhododendron", "jasmine", "lily", "jade")
NEXT, LINE = "next", "line"
REACHES = (NEXT, LINE)
"""The setting "harmony reach": flowers next to each other (a row of non-blooming White
Lotuses may stand between them), or anywhere on one line with only empty points between,
none of them a port, and no Rock on that line (Skud Pai Sho's harmonies)."""
LOTUS_REACH = 3
"""A blooming White Lotus harmonises with its owner's flowers this near (|dx| + |dy|)."""


class Tile(NamedTuple):
    owner: int
    kind: str


class Harmony(NamedTuple):
    """Two tiles of one owner in harmony, their points in ascending order."""
    owner: int
    points: tuple[Point, Point]
    tiles: tuple[str, str]

HARMONIOUS = "harmonious"
OPPOSITE = "opposite"
NEITHER = "neither"
SAME = "same"


def ring_relation(a: str, b: str) -> str:
    """How two flowers stand on the ring: harmonious, opposite, neither, or the same kind."""
    if a == b:
        return SAME
    steps = abs(RING.index(a) - RING.index(b)) % len(RING)
    steps = min(steps, len(RING) - steps)
    if steps == 1:
        return HARMONIOUS
    if steps == 3:
        return OPPOSITE
    return NEITHER


def opposite(flower: str) -> str:
    """The flower across the ring (the one it captures and is captured by)."""
    return RING[(RING.index(flower) + 3) % len(RING)]


def ring_text() -> str:
    return ", ".join(name(k) for k in RING)


def pair_refusal(a: str, b: str, lotus_blooming: bool) -> str | None:
    """Why ``a`` and ``b`` (tiles of one owner) cannot form a harmony, or None if they can.

    ``lotus_blooming`` is whether the owner's White Lotus blooms right now.
    """
    if "lotus" in (a, b):
        other = b if a == "lotus" else a
        if other == "lotus":
            return "two White Lotus tiles do not harmonise: a blooming lotus harmonises with flowers"
        if other not in FLOWERS:
            return f"a White Lotus harmonises only with flower tiles, not a {name(other)}"
        if not lotus_blooming:
            return ("your White Lotus is not blooming (you must have captured fewer tiles "
                    "than every opponent), so it is neutral and forms no harmony")
        return None
    for kind in (a, b):
        if family(kind) != "flower":
            return f"a {name(kind)} does not form harmonies: only flowers (and a blooming White Lotus) do"
    relation = ring_relation(a, b)
    if relation == SAME:
        return f"two {name(a)} tiles do not harmonise: harmonies need neighbours on the harmony ring"
    if relation == OPPOSITE:
        return (f"{name(a)} and {name(b)} are opposites on the harmony ring: "
                "they clash (and capture each other), they do not harmonise")
    if relation == NEITHER:
        return (f"{name(a)} and {name(b)} are not neighbours on the harmony ring "
                f"({ring_text()}), so they do not harmonise")
    return None


def pair_key(a: str, b: str) -> tuple[str, str]:
    """The pair in a fixed order, so (Rose, Jasmine) and (Jasmine, Rose) are one pair."""
    return tuple(sorted((a, b)))  # type: ignore[return-value]


def harmonies(board: dict[Point, Tile], reach: str = NEXT,
              blooming: frozenset[int] = frozenset()) -> list[Harmony]:
    """Every harmony on a board (points to tiles), sorted by their points.

    ``blooming``: the seats whose White Lotus blooms. The one finder of the app, its
    screens and ``companion paisho harmonies``.
    """
    placed = sorted((point, tile) for point, tile in board.items() if point not in PORTS)
    found = []
    for index, (a, tile_a) in enumerate(placed):
        for b, tile_b in placed[index + 1:]:
            if tile_a.owner == tile_b.owner and _in_harmony(board, a, b, reach, blooming):
                found.append(Harmony(tile_a.owner, (a, b), (tile_a.kind, tile_b.kind)))
    return found


def _in_harmony(board: dict[Point, Tile], a: Point, b: Point, reach: str,
                blooming: frozenset[int]) -> bool:
    tile_a, tile_b = board[a], board[b]
    if pair_refusal(tile_a.kind, tile_b.kind, tile_a.owner in blooming) is not None:
        return False
    if "lotus" in (tile_a.kind, tile_b.kind):
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) <= LOTUS_REACH
    inside = between(a, b)
    if inside is None:
        return False
    held = [board.get(point) for point in inside]
    if reach == LINE:
        return all(tile is None for tile in held) and not _line_broken(board, a, b)
    return next_to(a, b) or all(tile is not None and tile.kind == "lotus" and tile.owner not in blooming
                                for tile in held)


def _line_broken(board: dict[Point, Tile], a: Point, b: Point) -> bool:
    """With reach "line", as Skud's gate and Rock do: an empty port between the two tiles
    breaks their line, and a Rock anywhere on their row or column cancels it (the points
    between are already known to be empty, so a port there is an empty one)."""
    if any(point in PORTS for point in between(a, b)):
        return True
    same_row = a[1] == b[1]
    return any(tile.kind == "rock" and (point[1] == a[1] if same_row else point[0] == a[0])
               for point, tile in board.items())
