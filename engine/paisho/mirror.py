"""The board mirror: where each tile may go, and what a move does to the board.

Every rule of CLARIFICATIONS ("Pai Sho: the board") that is about points lives here, as
pure functions of a board (points to tiles). The legal targets a screen draws and the
check of a move are one code path: a move is legal when its end is among
:func:`reachable`'s (or :func:`starts`', :func:`turns`'); the words of a refusal only
explain why not.

Decisions (this project's, beside the clarifications): a tile that comes to rest on a
point around a Knotweed dies, however it came there (placed, moved, pushed or turned),
as the Knotweed "kills all tiles surrounding it"; a Rock or Knotweed around a turning
Wheel stays where it is, and a tile that would be turned onto it stops the turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.paisho.board import (
    AROUND, CENTRE, NEUTRAL, POINTS, PORTS, RED, STEPS, WHITE, Point, colours, far_half,
    near_half, on_board, ports_of, tips_of,
)
from engine.paisho.capture import CaptureContext, capture_allowed
from engine.paisho.harmony import Tile
from engine.paisho.tiles import IMMOBILE, RED_FLOWERS, WHITE_FLOWERS, name

Board = dict[Point, Tile]

REACH = {"jasmine": 3, "rose": 3, "jade": 5, "rhododendron": 5, "dragon": 6, "lotus": 2,
         "boat": 5, "wheel": 16}
"""How far each tile that moves in a straight line goes (the Wheel: any distance)."""
L_SHAPED = ("lily", "chrysanthemum")
L_LEG = 2
MOST_PUSHED = 3
TURN_STEPS = range(1, 8)
UNPUSHABLE = IMMOBILE
FLOWER_COLOUR = {**{k: WHITE for k in WHITE_FLOWERS}, **{k: RED for k in RED_FLOWERS}}


@dataclass
class Outcome:
    """What a move did besides moving its tile: captures, returns, deaths."""

    moved: list[tuple[Point, Point]] = field(default_factory=list)
    captured: list[tuple[Point, Tile]] = field(default_factory=list)
    lost: list[tuple[Point, Tile]] = field(default_factory=list)
    """The capturer's own tile, gone with an elemental capture."""
    returned: list[tuple[Point, Tile]] = field(default_factory=list)
    killed: list[tuple[Point, Tile]] = field(default_factory=list)


# -- the state's board -------------------------------------------------------------------

def key(point: Point) -> str:
    return f"{point[0]},{point[1]}"


def board_of(stored: dict) -> Board:
    """The state's ``board`` (``{"x,y": [owner, kind]}``) as points to tiles."""
    return {tuple(int(n) for n in at.split(",")): Tile(*tile) for at, tile in stored.items()}


def stored(board: Board) -> dict:
    return {key(point): [tile.owner, tile.kind] for point, tile in sorted(board.items())}


# -- placing -------------------------------------------------------------------------------

def starts(board: Board, seat: int, seats: int, kind: str) -> list[Point]:
    """The empty points where ``seat`` may place a ``kind`` tile."""
    return [p for p in _start_points(seat, seats, kind) if p not in board]


@lru_cache(maxsize=None)
def _start_points(seat: int, seats: int, kind: str) -> tuple[Point, ...]:
    return tuple(_start_points_of(seat, seats, kind))


def _start_points_of(seat: int, seats: int, kind: str) -> list[Point]:
    ports, tips = ports_of(seat, seats), tips_of(seat, seats)
    fixed = {"jasmine": [ports["home"]], "rose": [tips["foreign"]],
             "lily": [ports["east"], ports["west"]], "chrysanthemum": [tips["east"], tips["west"]],
             "jade": [CENTRE], "rhododendron": [CENTRE]}
    if kind in fixed:
        return fixed[kind]
    if kind == "dragon":
        return [p for p in POINTS if far_half(seat, seats, p)]
    if kind == "lotus":
        return [p for p in POINTS if near_half(seat, seats, p)]
    if kind == "wheel":
        return [p for p in POINTS if NEUTRAL in colours(p)]
    return [p for p in POINTS if p not in PORTS]


START_WORDS = {"jasmine": "its owner's Home Port", "rose": "its owner's Foreign Tip",
               "lily": "the East or West Port", "chrysanthemum": "the East or West Tip",
               "jade": "the centre", "rhododendron": "the centre",
               "dragon": "a point of the far half of the board",
               "lotus": "a point of the near half of the board", "wheel": "a neutral point"}


def place_refusal(board: Board, seat: int, seats: int, kind: str, at: Point) -> str | None:
    if at in starts(board, seat, seats, kind):
        return None
    if at in board:
        return f"The point {_where(at)} is taken: a tile is placed on an empty point"
    return f"A {name(kind)} starts on {START_WORDS.get(kind, 'any point but a port')}"


def place(board: Board, seat: int, kind: str, at: Point) -> tuple[Board, Outcome]:
    after = dict(board)
    after[at] = Tile(seat, kind)
    outcome = Outcome()
    if kind == "knotweed":
        for point in _around(at):
            if point in after:
                outcome.killed.append((point, after.pop(point)))
    _deaths(after, [at], outcome)
    return after, outcome


# -- moving --------------------------------------------------------------------------------

def reachable(board: Board, at: Point) -> list[Point]:
    """Every end point the tile at ``at`` may move (or capture) to, sorted."""
    tile = board.get(at)
    if tile is None or tile.kind in IMMOBILE:
        return []
    if tile.kind == "boat":
        return sorted(p for p in _lines(at, REACH["boat"]) if _boat_refusal(board, at, p) is None)
    ends = set()
    for path in _paths(at, tile.kind):
        if _path_refusal(board, tile, path) is None:
            ends.add(path[-1])
    return sorted(ends)


def _lines(at: Point, reach: int) -> list[Point]:
    return [(at[0] + dx * k, at[1] + dy * k) for dx, dy in STEPS for k in range(1, reach + 1)]


@lru_cache(maxsize=None)
def _paths(at: Point, kind: str) -> tuple[tuple[Point, ...], ...]:
    """Every way the tile may go, as the points it passes and ends on (on the board);
    worked out once per point and kind."""
    return tuple(tuple(path) for path in _paths_of(at, kind))


def _paths_of(at: Point, kind: str) -> list[list[Point]]:
    if kind in L_SHAPED:
        legs = []
        for dx, dy in STEPS:
            for ex, ey in ((dy, dx), (-dy, -dx)):
                for a in range(L_LEG + 1):
                    for b in range(L_LEG + 1):
                        if a + b:
                            legs.append([(at[0] + dx * i, at[1] + dy * i) for i in range(1, a + 1)]
                                        + [(at[0] + dx * a + ex * j, at[1] + dy * a + ey * j)
                                           for j in range(1, b + 1)])
        paths = legs
    else:
        reach = REACH[kind]
        paths = [[(at[0] + dx * i, at[1] + dy * i) for i in range(1, k + 1)]
                 for dx, dy in STEPS for k in range(1, reach + 1)]
    return [path for path in paths if all(on_board(p) for p in path)]


def _path_refusal(board: Board, tile: Tile, path: tuple[Point, ...]) -> str | None:
    """Why a tile cannot go along this path, or None."""
    own = FLOWER_COLOUR.get(tile.kind)
    for point in path:
        if own is not None and own not in colours(point) and NEUTRAL not in colours(point):
            return f"A {name(tile.kind)} cannot {'end' if point == path[-1] else 'pass'} on a {_shade(point)} point"
    for point in path[:-1]:
        other = board.get(point)
        if other is None:
            continue
        if tile.kind == "wheel":
            return "A Wheel moves through empty points only"
        if other.owner != tile.owner:
            return f"A {name(tile.kind)} cannot pass over another player's tile"
    return _end_refusal(board, tile, path[-1])


def _end_refusal(board: Board, tile: Tile, end: Point) -> str | None:
    target = board.get(end)
    if target is None:
        return None
    ruling = capture_allowed(tile.kind, target.kind, CaptureContext(same_owner=target.owner == tile.owner))
    if ruling.allowed:
        return None
    reason = ruling.reason
    return reason[:1].upper() + reason[1:]


def move_refusal(board: Board, at: Point, to: Point) -> str | None:
    """Why the tile at ``at`` cannot go to ``to``, or None (the check: ``to`` reachable)."""
    tile = board.get(at)
    if tile is None:
        return f"There is no tile on {_where(at)}"
    if tile.kind in IMMOBILE:
        return f"A {name(tile.kind)} never moves"
    if to in reachable(board, at):
        return None
    if tile.kind == "boat":
        return _boat_refusal(board, at, to) or "The Boat cannot go there"
    reasons = [_path_refusal(board, tile, path) for path in _paths(at, tile.kind) if path[-1] == to]
    if not reasons:
        return f"A {name(tile.kind)} {_moves_words(tile.kind)}"
    return reasons[0]


def _moves_words(kind: str) -> str:
    if kind in L_SHAPED:
        return "moves up to 2 points along a line, then up to 2 at a right angle"
    if kind == "wheel":
        return "moves along a line (never diagonally)"
    return f"moves up to {REACH[kind]} points along one line (never diagonally)"


def move(board: Board, at: Point, to: Point) -> tuple[Board, Outcome]:
    """The tile at ``at`` goes to ``to`` (a checked move), capturing what stands there."""
    if board[at].kind == "boat":
        return _boat_move(board, at, to)
    after = dict(board)
    tile = after.pop(at)
    outcome = Outcome(moved=[(at, to)])
    _land(after, tile, to, outcome)
    _deaths(after, [to] if to in after else [], outcome)
    return after, outcome


def _land(after: Board, tile: Tile, to: Point, outcome: Outcome) -> None:
    target = after.get(to)
    if target is not None:
        ruling = capture_allowed(tile.kind, target.kind, CaptureContext())
        outcome.captured.append((to, target))
        if ruling.capturer_removed:
            outcome.lost.append((to, tile))
            del after[to]
            return
    after[to] = tile


# -- the Boat ------------------------------------------------------------------------------

def _row(board: Board, at: Point, step: Point) -> list[Point]:
    """The unbroken row of tiles directly in front of ``at`` along ``step``."""
    row, point = [], (at[0] + step[0], at[1] + step[1])
    while point in board:
        row.append(point)
        point = (point[0] + step[0], point[1] + step[1])
    return row


def _direction(at: Point, to: Point) -> tuple[Point, int] | None:
    dx, dy = to[0] - at[0], to[1] - at[1]
    if (dx and dy) or not (dx or dy):
        return None
    distance = abs(dx) + abs(dy)
    return ((dx // distance, dy // distance), distance)


def _boat_refusal(board: Board, at: Point, to: Point) -> str | None:
    line = _direction(at, to)
    if line is None or line[1] > REACH["boat"] or not on_board(to):
        return "A Boat moves up to 5 points along one line (never diagonally)"
    step, distance = line
    row = _row(board, at, step)
    if not row:
        return _end_refusal(board, board[at], to)
    for point in row:
        if board[point].kind in UNPUSHABLE:
            return f"The Boat cannot push a {name(board[point].kind)}"
    if len(row) > MOST_PUSHED:
        return f"A Boat pushes at most {MOST_PUSHED} tiles in a row, not {len(row)}"
    for k in range(len(row) + 1, len(row) + distance + 1):
        point = (at[0] + step[0] * k, at[1] + step[1] * k)
        if not on_board(point):
            return "The pushed tiles would leave the board"
        if point in board:
            return "The Boat pushes its row only onto empty points"
    return None


def _boat_move(board: Board, at: Point, to: Point) -> tuple[Board, Outcome]:
    (step, distance) = _direction(at, to)
    row = _row(board, at, step)
    after = dict(board)
    boat = after.pop(at)
    outcome = Outcome(moved=[(at, to)])
    if not row:
        _land(after, boat, to, outcome)
        _deaths(after, [to] if to in after else [], outcome)
        return after, outcome
    pushed = [(p, after.pop(p)) for p in row]
    landed = [to]
    for point, tile in pushed:
        new = (point[0] + step[0] * distance, point[1] + step[1] * distance)
        after[new] = tile
        outcome.moved.append((point, new))
        landed.append(new)
    after[to] = boat
    _returns(after, landed[1:], outcome)
    _deaths(after, [p for p in landed if p in after], outcome)
    return after, outcome


# -- the Wheel -----------------------------------------------------------------------------

def _around(at: Point) -> list[Point]:
    return [(at[0] + dx, at[1] + dy) for dx, dy in AROUND if on_board((at[0] + dx, at[1] + dy))]


def turn_refusal(board: Board, at: Point, steps: int) -> str | None:
    tile = board.get(at)
    if tile is None or tile.kind != "wheel":
        return f"There is no Wheel on {_where(at)}"
    ring = [(at[0] + dx, at[1] + dy) for dx, dy in AROUND]
    if not all(on_board(p) for p in ring):
        return "A Wheel turns only where all 8 points around it are on the board"
    if steps not in TURN_STEPS:
        return "A Wheel turns 1 to 7 places"
    staying = {p for p in ring if p in board and board[p].kind in IMMOBILE}
    if all(p not in board or p in staying for p in ring):
        return "There is no tile around the Wheel to turn"
    for index, point in enumerate(ring):
        if point in board and point not in staying and ring[(index + steps) % 8] in staying:
            held = board[ring[(index + steps) % 8]]
            return f"The Wheel cannot turn a tile onto a {name(held.kind)} (it never moves)"
    return None


def turns(board: Board, at: Point) -> list[int]:
    """The places the Wheel at ``at`` may turn (none: it cannot turn)."""
    return [s for s in TURN_STEPS if turn_refusal(board, at, s) is None]


def turn(board: Board, at: Point, steps: int) -> tuple[Board, Outcome]:
    ring = [(at[0] + dx, at[1] + dy) for dx, dy in AROUND]
    after = dict(board)
    moving = [(i, p, after.pop(p)) for i, p in enumerate(ring)
              if p in board and board[p].kind not in IMMOBILE]
    outcome = Outcome()
    landed = []
    for index, point, tile in moving:
        new = ring[(index + steps) % 8]
        after[new] = tile
        outcome.moved.append((point, new))
        landed.append(new)
    _returns(after, landed, outcome)
    _deaths(after, [p for p in landed if p in after], outcome)
    return after, outcome


# -- what happens where a tile comes to rest -----------------------------------------------

def _returns(after: Board, landed: list[Point], outcome: Outcome) -> None:
    """A flower pushed or turned onto a point of only its opposite colour goes home."""
    for point in landed:
        tile = after.get(point)
        own = FLOWER_COLOUR.get(tile.kind) if tile else None
        if own is not None and colours(point) == {RED if own == WHITE else WHITE}:
            outcome.returned.append((point, after.pop(point)))


def _deaths(after: Board, landed: list[Point], outcome: Outcome) -> None:
    """A tile that comes to rest around a Knotweed dies (to the Pot)."""
    for point in landed:
        if point in after and _knotweed_near(after, point):
            outcome.killed.append((point, after.pop(point)))


def _knotweed_near(board: Board, point: Point) -> bool:
    return any(board.get(p, Tile(-1, "")).kind == "knotweed" for p in _around(point))


# -- words ---------------------------------------------------------------------------------

def _where(point: Point) -> str:
    return f"{point[0]},{point[1]}"


def _shade(point: Point) -> str:
    shades = colours(point) - {NEUTRAL}
    return " and ".join(sorted(shades)) or "neutral"
