"""Pai Sho's board on the screen (tables with the setting "board on the phone").

The board is drawn to scale from the view: its points (17 across), the red and white
gardens, the ports, every tile in its real colour with its letter and its owner's colour
round it, the harmonies as lines between their tiles and the last move marked. On my turn
two taps make a move: a tile (on the board, or one of my tiles to place), then one of
the points the view says it may go to, the only points drawn as targets. The targets
come from the engine's own check (``private.turn``: ``starts``, ``targets``,
``wheel_turns``): the screen never works a rule out.
"""

from __future__ import annotations

import flet as ft
import flet.canvas as cv

from companion.games.paisho.look import Kinds, tile_button
from companion.ui import kit
from companion.ui.live import part, use_table, use_view

SPAN = 8
POINTS_ACROSS = 2 * SPAN + 1
RADIUS_SQUARED = 80
TARGET = 36
"""The least size of a point to tap, in px: below it the board offers its zoom."""
LETTERS = {"jasmine": "J", "lily": "L", "jade": "Jd", "rose": "R", "chrysanthemum": "C",
           "rhododendron": "Rh", "knotweed": "K", "boat": "B", "wheel": "W", "rock": "Ro",
           "dragon": "D", "lotus": "Lo"}
GARDENS = {"red": "#ef9a9a", "white": "#eeeeee", "neutral": "#fff59d"}


def _slice(screen: dict) -> dict:
    """What the board draws: tiles, harmony lines, the last move, and on my turn where
    each of my tiles may go."""
    public = screen["public"]
    turn = (screen["private"] or {}).get("turn") or {}
    last = public.get("last") or {}
    return {
        "tiles": tuple((tuple(t["at"]), t["owner"], t["kind"]) for t in public.get("board", ())),
        "lines": tuple((h["owner"], tuple(tuple(p) for p in h["at"])) for h in public.get("lines", ())),
        "last": tuple(last["to"]) if last.get("to") else None,
        "from": tuple(last["from"]) if last.get("from") else None,
        "colours": tuple(screen["table"]["colours"]),
        "players": tuple(screen["table"]["players"]),
        "starts": {k: tuple(tuple(p) for p in v) for k, v in turn.get("starts", {}).items()},
        "targets": {k: tuple(tuple(p) for p in v) for k, v in turn.get("targets", {}).items()},
        "turns": {k: tuple(v) for k, v in turn.get("wheel_turns", {}).items()},
    }


def _key(point) -> str:
    return f"{point[0]},{point[1]}"


def _garden(x: int, y: int) -> str:
    reach = abs(x) + abs(y)
    if reach > 6 or x == 0 or y == 0:
        return "neutral" if reach > 6 else "red"
    return "red" if x * y > 0 else "white"


@part
def BoardMap(me: int | None, width: float | None = None):
    """The board; on my turn, a tile then a point. ``width``: the board's own width (a
    table screen's); a phone's follows its screen, and zooms where points get small."""
    context = use_table()
    view = use_view(_slice)
    kinds = use_view(lambda s: Kinds.of(s["public"]))
    picked, set_picked = ft.use_state(None)
    zoomed, set_zoomed = ft.use_state(False)
    screen = width or min(kit.use_width(), kit.PHONE_WIDTH) - 32
    cell = screen / POINTS_ACROSS
    small = cell < TARGET
    if zoomed and small:
        cell = TARGET / 0.8  # a tile, 0.8 of its point, is then a 36 px target
    my_turn = bool(view["starts"] or view["targets"])
    if picked is not None and not _still_there(view, picked):
        picked = None

    async def go(point) -> None:
        source = picked
        set_picked(None)
        if source[0] == "hand":
            await context.move("place", {"tile": source[1], "at": list(point)})
        else:
            kind = "boat" if source[2] == "boat" else "move"
            await context.move(kind, {"from": list(source[1]), "to": list(point)})

    def pick(source) -> None:
        set_picked(None if source == picked else source)

    targets = _targets_of(view, picked)
    grid = Grid(cell, _home(me, len(view["players"])))
    layers = [_canvas(view, grid), *_tiles(view, kinds, grid, me, picked, targets, pick, go),
              *_marks(targets, set(p for p, _, _ in view["tiles"]), grid, go)]
    side = cell * POINTS_ACROSS
    board = ft.Stack(layers, width=side, height=side)
    shown: ft.Control = board
    if zoomed and small:
        shown = ft.Row([ft.Column([board], scroll=ft.ScrollMode.AUTO, height=min(side, 520))],
                       scroll=ft.ScrollMode.AUTO, width=screen)
    rows: list[ft.Control] = [shown]
    if small:
        rows.append(kit.secondary("Smaller board" if zoomed else "Bigger board (easier to tap)",
                                  lambda e: set_zoomed(not zoomed)))
    if my_turn and me is not None:
        rows += _my_turn(context, view, kinds, picked, pick)
    return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def _still_there(view: dict, picked) -> bool:
    if picked[0] == "hand":
        return picked[1] in view["starts"]
    return _key(picked[1]) in view["targets"] or _key(picked[1]) in view["turns"]


def _targets_of(view: dict, picked) -> tuple:
    if picked is None:
        return ()
    if picked[0] == "hand":
        return view["starts"].get(picked[1], ())
    return view["targets"].get(_key(picked[1]), ())


TURNS = {(0, -8): lambda x, y: (-x, -y), (-8, 0): lambda x, y: (y, -x), (8, 0): lambda x, y: (-y, x)}
"""How the board is turned so that a player's own port is at the bottom, near them."""
PORTS = ((0, -8), (-8, 0), (0, 8), (8, 0))


def _home(me: int | None, seats: int):
    if me is None:
        return None
    return PORTS[me * 2] if seats == 2 else PORTS[me]


def _centre(point, cell: float, home=None) -> tuple[float, float]:
    x, y = TURNS.get(home, lambda x, y: (x, y))(*point)
    return ((x + SPAN + 0.5) * cell, (y + SPAN + 0.5) * cell)


class Grid:
    """Where a point is drawn: the cell's size and the turn that puts my port near me."""

    def __init__(self, cell: float, home=None):
        self.cell = cell
        self.home = home

    def at(self, point) -> tuple[float, float]:
        return _centre(point, self.cell, self.home)


def _canvas(view: dict, grid: Grid) -> ft.Control:
    """The board itself: its gardens, lines and ports; the harmonies; the last move."""
    cell = grid.cell
    shapes: list[cv.Shape] = []
    for y in range(-SPAN, SPAN + 1):
        for x in range(-SPAN, SPAN + 1):
            if x * x + y * y <= RADIUS_SQUARED:
                cx, cy = grid.at((x, y))
                shapes.append(cv.Rect(cx - cell / 2, cy - cell / 2, cell, cell,
                                      paint=ft.Paint(color=GARDENS[_garden(x, y)])))
    for k in range(-SPAN, SPAN + 1):
        reach = int((RADIUS_SQUARED - k * k) ** 0.5)
        a, b = grid.at((k, -reach)), grid.at((k, reach))
        c, d = grid.at((-reach, k)), grid.at((reach, k))
        line = ft.Paint(color="#8d6e63", stroke_width=1)
        shapes += [cv.Line(*a, *b, paint=line), cv.Line(*c, *d, paint=line)]
    for port in ((0, -8), (-8, 0), (0, 8), (8, 0)):
        shapes.append(cv.Circle(*grid.at(port), cell * 0.45,
                                paint=ft.Paint(color="#c62828", style=ft.PaintingStyle.STROKE, stroke_width=2)))
    for owner, (a, b) in view["lines"]:
        colour = kit.swatch(view["colours"][owner])
        shapes.append(cv.Line(*grid.at(a), *grid.at(b),
                              paint=ft.Paint(color=colour, stroke_width=max(3, cell / 6))))
    if view["from"]:
        shapes.append(cv.Circle(*grid.at(view["from"]), cell * 0.3,
                                paint=ft.Paint(color="#424242", style=ft.PaintingStyle.STROKE, stroke_width=2)))
    side = cell * POINTS_ACROSS
    return cv.Canvas(shapes, width=side, height=side)


def _tiles(view, kinds: Kinds, grid: Grid, me, picked, targets, pick, go) -> list[ft.Control]:
    drawn = []
    for point, owner, kind in view["tiles"]:
        mine = owner == me and (_key(point) in view["targets"] or _key(point) in view["turns"])
        capture = point in targets
        chosen = picked is not None and picked[0] == "board" and picked[1] == point
        if capture:
            tap = _going(go, point)
        elif mine:
            def tap(e, p=point, k=kind):
                pick(("board", p, k))
        else:
            tap = None
        drawn.append(_tile(view, kinds, grid, point, owner, kind, chosen, capture, tap))
    return drawn


def _tile(view, kinds: Kinds, grid: Grid, point, owner: int, kind: str, chosen: bool, capture: bool,
          tap) -> ft.Control:
    bg, fg = kinds.colours(kind)
    size = grid.cell * 0.8  # the harmony lines show between neighbours
    cx, cy = grid.at(point)
    ring = "#1565c0" if chosen else "#d50000" if capture else kit.swatch(view["colours"][owner])
    last = point == view["last"]
    words = f"{view['players'][owner]}'s {kinds.name(kind)} on {_key(point)}"
    if capture:
        words = f"Capture {words}"
    face = ft.Container(
        ft.Text(LETTERS.get(kind, "?"), size=max(9, size * 0.42), weight=ft.FontWeight.BOLD, color=fg,
                text_align=ft.TextAlign.CENTER, semantics_label=words),
        width=size, height=size, bgcolor=bg, border_radius=size / 2, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(max(2, size / 7) if (chosen or capture or last) else max(1.5, size / 10), ring),
        on_click=tap)
    return _placed(face, cx - size / 2, cy - size / 2)


def _placed(control: ft.Control, left: float, top: float) -> ft.Control:
    """A control at a place of the board (a Stack positions its direct children only)."""
    return ft.Container(control, left=left, top=top)


def _marks(targets, occupied: set, grid: Grid, go) -> list[ft.Control]:
    """The points the picked tile may go to (empty ones; a tile to capture is marked on
    the tile itself)."""
    marks = []
    size = grid.cell  # the whole point is the target; the dot inside shows it
    for point in targets:
        if point in occupied:
            continue
        cx, cy = grid.at(point)
        shown = max(size * 0.7, 12)
        dot = ft.Container(
            ft.Container(ft.Text("•", size=max(8, shown * 0.5), color="#ffffff", text_align=ft.TextAlign.CENTER,
                                 semantics_label=f"Go to {_key(point)}"),
                         alignment=ft.Alignment.CENTER, width=shown, height=shown, border_radius=shown / 2,
                         bgcolor=ft.Colors.with_opacity(0.55, "#1565c0"), border=ft.Border.all(2, "#0d47a1")),
            alignment=ft.Alignment.CENTER, width=size, height=size, on_click=_going(go, point))
        marks.append(_placed(dot, cx - size / 2, cy - size / 2))
    return marks


def _going(go, point):
    """A tap that sends the picked tile to ``point`` (an async handler: Flet awaits it)."""
    async def tap(e) -> None:
        await go(point)
    return tap


def _my_turn(context, view: dict, kinds: Kinds, picked, pick) -> list[ft.Control]:
    """My tiles to place (a tap picks one, the board then shows where it may start), a
    picked Wheel's turns, and the pass."""
    rows: list[ft.Control] = []
    if picked is None:
        rows.append(kit.body("Tap one of your tiles, then where it goes.", weight=ft.FontWeight.BOLD))
    else:
        name = kinds.name(picked[1] if picked[0] == "hand" else picked[2])
        rows.append(kit.body(f"{name}: tap a blue point", weight=ft.FontWeight.BOLD))
    hand = [tile_button(kinds, kind, lambda e, k=kind: pick(("hand", k)), label=f"Place {kinds.name(kind)}",
                        selected=picked == ("hand", kind)) for kind in view["starts"]]
    if hand:
        rows.append(ft.Row(hand, wrap=True, spacing=6, run_spacing=6))
    if picked is not None and picked[0] == "board" and _key(picked[1]) in view["turns"]:
        steps = view["turns"][_key(picked[1])]
        rows.append(ft.Row([kit.secondary(f"Turn {s}", lambda e, s=s: context.act(
            "wheel_turn", {"at": list(picked[1]), "steps": s})) for s in steps], wrap=True))
    rows.append(kit.secondary("Pass", lambda e: context.act("pass", {})))
    return rows
