"""The BluffStones board as Flet components, sized to the width it is given.

A ``ft.Stack`` of 37 cells placed from the engine's geometry (``public.board.circles``,
fractions of a 2 : sqrt(3) box). A standing tower is a rounded square in its top-stone
colour showing its circle and how many matching stones touch it ("2/3"); a stone is a
disc in its colour; an empty circle is an outline. Each cell is its own memoised
component whose inputs are what it shows, so a stone placed re-renders one cell.

Cells in ``tappable`` are buttons named by their circle ("D4"); the screen that owns
the board decides what a tap means (move a tower at setup, pick a circle for a stone).
A picked cell is highlighted without changing its size: nothing moves under the finger.

Nothing here knows a rule: what stands where comes from the view.
"""

from __future__ import annotations

import math
from typing import Callable

import flet as ft

from companion.ui import kit
from companion.ui.live import part, use_view

FILL = 0.9
"""Cell diameter as a fraction of the distance between neighbouring circle centres."""

HEIGHT = math.sqrt(3)  # the board box is 2 wide and sqrt(3) high (engine.bluffstones.board)
ALL: tuple = ()


def board_size(width: float) -> tuple[float, float, float]:
    """(scale, cell diameter, height) of a board drawn ``width`` pixels wide."""
    scale = width / (2 + FILL / 3)  # corner centres 2*scale apart, plus one diameter
    diameter = FILL * scale / 3
    return scale, diameter, HEIGHT * scale + diameter


def width_for_height(height: float) -> float:
    """The widest board no taller than ``height``."""
    return height / ((HEIGHT + FILL / 3) / (2 + FILL / 3))


# -- slices of the view -------------------------------------------------------------------

def geometry(screen: dict) -> tuple:
    """((circle, box_x, box_y), ...): where each circle sits (never changes)."""
    return tuple((c["circle"], c["box_x"], c["box_y"]) for c in screen["public"]["board"]["circles"])


def looks(screen: dict) -> tuple:
    """What every cell shows: ((circle, kind, colour, count, words), ...) with ``kind`` one
    of "tower", "stone", "empty"; ``count`` is a standing tower's "2/3" (its matching
    stones of the 3 that score it) and ``words`` the view's "D4 blue: 2 of 3"."""
    board = screen["public"]["board"]
    stones = board["stones"]
    towers = {t["circle"]: t for t in board["towers"] if t["standing"]}
    out = []
    for item in board["circles"]:
        circle = item["circle"]
        tower = towers.get(circle)
        if tower is not None:
            count = f"{tower['matching']}/{tower['scores_at']}" if tower["colour"] else None
            out.append((circle, "tower", tower["colour"], count, tower["words"]))
        elif circle in stones:
            out.append((circle, "stone", stones[circle], None, None))
        else:
            out.append((circle, "empty", None, None, None))
    return tuple(out)


def cell_words(circle: str, kind: str, colour: str | None, count: str | None) -> str:
    """What a cell holds, in words (its accessible name when it is not tappable)."""
    if kind == "tower":
        return f"{circle} {colour} tower" if colour else f"{circle} tower, top colour not recorded"
    if kind == "stone":
        return f"{circle} {colour} stone"
    return f"{circle} empty"


# -- the board -----------------------------------------------------------------------------

@part
def Board(width: float, tappable: tuple = ALL, picked: str | None = None,
          on_tap: Callable[[str], None] | None = None, marked: tuple = ALL):
    """The board ``width`` px wide. ``tappable``: circles that are buttons (named by
    their circle) calling ``on_tap(circle)``; ``picked``: the circle highlighted;
    ``marked``: circles outlined as the legal choices."""
    where = use_view(geometry)
    shown = use_view(looks)
    scale, diameter, height = board_size(width)
    label = max(10, int(diameter * 0.26))
    cells = []
    tap_set, mark_set = set(tappable), set(marked)
    for (circle, x, y), (_, kind, colour, count, words) in zip(where, shown):
        cells.append(Cell(circle, round(x * 2 * scale, 1), round(y * HEIGHT * scale, 1),
                          round(diameter, 1), label, kind, colour, count, words,
                          on_tap if circle in tap_set else None, circle == picked,
                          circle in mark_set, key=circle))
    return ft.Row([ft.Container(ft.Stack(cells, width=width, height=height), width=width, height=height)],
                  alignment=ft.MainAxisAlignment.CENTER)


@part
def Cell(circle: str, left: float, top: float, size: float, label: int, kind: str,
         colour: str | None, count: str | None, words: str | None, on_tap, picked: bool,
         marked: bool):
    if kind == "tower":
        fill = kit.swatch(colour) if colour else ft.Colors.SURFACE_CONTAINER_HIGHEST
        ink = kit.text_on(colour) if colour else ft.Colors.ON_SURFACE
        edge = ft.Colors.ON_SURFACE
        radius = size * 0.2
    elif kind == "stone":
        fill, ink, edge, radius = kit.swatch(colour), kit.text_on(colour), "#616161", size / 2
    else:
        fill, ink, edge, radius = None, ft.Colors.ON_SURFACE_VARIANT, ft.Colors.OUTLINE, size / 2
    if marked:
        edge = ft.Colors.PRIMARY
    if picked:
        edge = ft.Colors.PRIMARY
        if fill is None:
            fill, ink = ft.Colors.PRIMARY_CONTAINER, ft.Colors.ON_PRIMARY_CONTAINER
    name = circle if on_tap is not None else cell_words(circle, kind, colour, count)
    text = ft.Text(circle, size=label, weight=ft.FontWeight.BOLD, color=ink,
                   semantics_label=name, no_wrap=True)
    if kind == "tower" and count and on_tap is None:  # a button's name stays its circle
        content: ft.Control = ft.Column(
            [text, kit.own(ft.Text(count, size=max(11, int(size * 0.44)), weight=ft.FontWeight.BOLD,
                                   color=ink, no_wrap=True, semantics_label=words))],
            spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    else:
        content = text
    # the cell's size is fixed: a thicker border when picked draws inside it, nothing moves
    width = 4 if (picked or marked or kind == "tower") else 2
    cell = ft.Container(
        content=content, width=size, height=size, border_radius=radius, bgcolor=fill,
        border=kit.outline(width, edge), alignment=ft.Alignment(0, 0),
        on_click=(lambda e: on_tap(circle)) if on_tap is not None else None,
        ink=on_tap is not None,
    )
    if on_tap is None:
        cell = kit.own(cell)  # its own node: a screen reader (or a test) reads "D3 blue stone"
    return ft.Container(cell, left=left, top=top)
