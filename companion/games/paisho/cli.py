"""``companion paisho harmonies``: the harmonies of a Pai Sho position.

A thin shell over :func:`engine.paisho.harmony.harmonies`, the finder the table uses, so
the app and the command line agree. Bad input raises :class:`companion.games.UsageError`
(one line on stderr, exit status 2).
"""

from __future__ import annotations

import json

from companion.games import calculator, calculators, option, usage
from engine.errors import IllegalAction
from engine.paisho.board import Point, parse_point
from engine.paisho.harmony import NEXT, REACHES, Harmony, Tile, harmonies
from engine.paisho.tiles import name, parse_kind

SEATS = 4


def register(subparsers) -> None:
    commands = calculators(subparsers, "paisho", "Pai Sho calculators")
    calculator(
        commands, "harmonies", run_harmonies, "the harmonies of a position on the board",
        option("--board", required=True, metavar="ITEMS",
               help='tiles as x,y:SEAT:TILE separated by spaces: '
                    '"0,-3:0:rose 0,-2:0:chrysanthemum 5,1:1:lotus"'),
        option("--reach", choices=REACHES, default=NEXT, help=f"the harmony reach setting (default {NEXT})"),
        option("--blooming", type=int, action="append", default=[], metavar="SEAT",
               help="the seat whose White Lotus blooms"))




def parse_board(text: str) -> dict[Point, Tile]:
    """``"0,-3:0:rose 5,1:1:lotus"`` -> points to tiles."""
    board: dict[Point, Tile] = {}
    for item in text.split():
        parts = item.split(":")
        if len(parts) != 3:
            raise usage(f"--board: '{item}' should look like x,y:SEAT:TILE (for example 0,-3:0:rose)")
        try:
            point = parse_point(parts[0])
        except ValueError as error:
            raise usage(f"--board: {error}") from None
        board_seat = _seat(parts[1], item)
        try:
            kind = parse_kind(parts[2])
        except IllegalAction as error:
            raise usage(f"--board: {error}") from None
        if point in board:
            raise usage(f"--board: two tiles on {point[0]},{point[1]}")
        board[point] = Tile(board_seat, kind)
    return board


def _seat(raw: str, item: str) -> int:
    if not raw.isdigit() or int(raw) >= SEATS:
        raise usage(f"--board: '{item}': the seat is 0 to {SEATS - 1}, not '{raw}'")
    return int(raw)


def as_json(found: list[Harmony]) -> dict:
    return {"harmonies": [{"owner": h.owner, "points": [list(p) for p in h.points],
                           "tiles": list(h.tiles)} for h in found]}


def run_harmonies(args) -> int:
    """Lists every harmony of a position, as the table finds them: two flowers of one
    owner, neighbours on the harmony ring, along one of the board's lines (--reach next:
    next to each other, or with only non-blooming White Lotuses between; --reach line:
    only empty points between, none a port, and no Rock on that line), never on a port; a
    blooming White Lotus with its owner's flowers within 3 points. A board beginning with
    a minus is read as the value: --board "-4,-1:0:lotus"."""
    board = parse_board(args.board)
    for seat in args.blooming:
        if not 0 <= seat < SEATS:
            raise usage(f"--blooming: the seat is 0 to {SEATS - 1}, not {seat}")
    found = harmonies(board, args.reach, frozenset(args.blooming))
    if args.json:
        print(json.dumps(as_json(found)))
        return 0
    if not found:
        print("No harmonies.")
        return 0
    for harmony in found:
        (ax, ay), (bx, by) = harmony.points
        print(f"Seat {harmony.owner}: {name(harmony.tiles[0])} at {ax},{ay} and "
              f"{name(harmony.tiles[1])} at {bx},{by}")
    return 0
