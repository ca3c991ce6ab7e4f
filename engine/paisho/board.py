"""The Pai Sho board: its points, their colours, the ports, tips and seats.

The board is the traditional one (CLARIFICATIONS, "Pai Sho: the board"): the
intersections (x, y) with x and y from -8 to 8 and x² + y² <= 80, 249 points. A point's
colours come from s = |x| + |y|: off the axes red where x·y > 0 and white where x·y < 0
while s <= 6, that colour and neutral at s = 7; on an axis red and white while s <= 6,
red, white and neutral at the tips (s = 7); every other point neutral (the ports too).
Lines are the board's rows and columns: two points are next to each other when they
differ by one along one of them (diagonals never).
"""

from __future__ import annotations

from typing import Iterator

Point = tuple[int, int]

REACH = 8
RADIUS_SQUARED = 80
RED, WHITE, NEUTRAL = "red", "white", "neutral"
CENTRE: Point = (0, 0)
PORTS: tuple[Point, ...] = ((0, -8), (-8, 0), (0, 8), (8, 0))
"""The four ports, in the order the seats of a four-player table sit at them."""
TIPS: tuple[Point, ...] = ((0, -7), (-7, 0), (0, 7), (7, 0))
"""Each port's tip, in the order of :data:`PORTS`."""
STEPS: tuple[Point, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""The four directions along the board's lines."""
AROUND: tuple[Point, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The 8 points around a point, clockwise as the board is drawn (y grows downwards)."""


def on_board(point: Point) -> bool:
    x, y = point
    return -REACH <= x <= REACH and -REACH <= y <= REACH and x * x + y * y <= RADIUS_SQUARED


POINTS: tuple[Point, ...] = tuple((x, y) for y in range(-REACH, REACH + 1)
                                  for x in range(-REACH, REACH + 1) if on_board((x, y)))
"""Every point, row by row from the top."""


def colours(point: Point) -> frozenset[str]:
    """The colours a point holds: red, white, neutral, or a mix where they meet."""
    known = COLOURS.get(point)
    return known if known is not None else _colours(point)


def _colours(point: Point) -> frozenset[str]:
    x, y = point
    reach = abs(x) + abs(y)
    if reach > 7:
        return frozenset((NEUTRAL,))
    own = (frozenset((RED, WHITE)) if x == 0 or y == 0
           else frozenset((RED,)) if x * y > 0 else frozenset((WHITE,)))
    return own | {NEUTRAL} if reach == 7 else own


COLOURS: dict[Point, frozenset[str]] = {point: _colours(point) for point in POINTS}
"""Every point's colours, worked out once (the moves ask them at every step)."""


def port_of(seat: int, seats: int) -> Point:
    """A seat's Home Port: two players sit across, four at every port in seat order."""
    return PORTS[seat * 2] if seats == 2 else PORTS[seat]


def tip_of(seat: int, seats: int) -> Point:
    return TIPS[PORTS.index(port_of(seat, seats))]


def ports_of(seat: int, seats: int) -> dict[str, Point]:
    """A seat's ports by name (home, foreign, east, west), as the rules name them."""
    home = PORTS.index(port_of(seat, seats))
    return {"home": PORTS[home], "foreign": PORTS[(home + 2) % 4],
            "east": PORTS[(home + 1) % 4], "west": PORTS[(home + 3) % 4]}


def tips_of(seat: int, seats: int) -> dict[str, Point]:
    return {where: TIPS[PORTS.index(port)] for where, port in ports_of(seat, seats).items()}


def near_half(seat: int, seats: int, point: Point) -> bool:
    """On the seat's own side of the centre line (the line itself is neither half)."""
    hx, hy = port_of(seat, seats)
    return point[0] * hx + point[1] * hy > 0


def far_half(seat: int, seats: int, point: Point) -> bool:
    hx, hy = port_of(seat, seats)
    return point[0] * hx + point[1] * hy < 0


def next_to(a: Point, b: Point) -> bool:
    """Neighbours along a line (never diagonally)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def between(a: Point, b: Point) -> Iterator[Point] | None:
    """The points strictly between two points of one line, or None off a line."""
    if a == b or (a[0] != b[0] and a[1] != b[1]):
        return None
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    steps = abs(b[0] - a[0]) + abs(b[1] - a[1])
    return ((a[0] + dx * k, a[1] + dy * k) for k in range(1, steps))


def around(point: Point) -> list[Point]:
    """The points around a point that are on the board (Knotweed's reach)."""
    return [(point[0] + dx, point[1] + dy) for dx, dy in AROUND
            if on_board((point[0] + dx, point[1] + dy))]


def parse_point(raw: str) -> Point:
    """ "x,y" as typed; ValueError with a player's words when it is not a board point."""
    parts = raw.split(",")
    try:
        point = (int(parts[0]), int(parts[1])) if len(parts) == 2 else None
    except ValueError:
        point = None
    if point is None:
        raise ValueError(f"'{raw}' is not a point: write x,y (for example 0,-3)")
    if not on_board(point):
        raise ValueError(f"{point[0]},{point[1]} is off the board "
                         f"(x and y from -8 to 8, x² + y² at most 80)")
    return point
