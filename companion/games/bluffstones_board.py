"""The BluffStones board drawn with Flet controls, sized to the width it is given.

A ``ft.Stack`` of 37 circular ``ft.Container``s placed from the engine's geometry
(``view["board"]["circles"]``, fractions of a 2 : sqrt(3) box). Each circle shows its
label (``D4``); a standing tower is drawn in its top-stone colour with a tower mark, a
stone in its colour, an empty circle as an outline. Circles in ``targets`` are tappable
(accessible name e.g. "Place on E2") and highlighted; everything else is read-only.

Nothing here knows a rule: what stands where and which circles are legal comes from the
engine's view.
"""

from __future__ import annotations

import math
from typing import Callable

import flet as ft

from companion.ui import kit

FILL = 0.9
"""Circle diameter as a fraction of the distance between neighbouring circle centres."""

HEIGHT = math.sqrt(3)  # the board box is 2 wide and sqrt(3) high (engine.bluffstones.board)


def board_size(width: float) -> tuple[float, float, float]:
    """(scale, circle diameter, height) of a board drawn ``width`` pixels wide."""
    scale = width / (2 + FILL / 3)  # corner centres 2*scale apart, plus one diameter
    diameter = FILL * scale / 3
    return scale, diameter, HEIGHT * scale + diameter


def circle_words(circle: str, stones: dict, towers: dict) -> str:
    """What a circle holds, in words (also its accessible name when it is not tappable)."""
    tower = towers.get(circle)
    if tower is not None and tower["standing"]:
        if not tower.get("colour"):
            return f"{circle} tower, top colour not recorded"
        return f"{circle} {tower['colour']} tower"
    if circle in stones:
        return f"{circle} {stones[circle]} stone"
    return f"{circle} empty"


def draw(board: dict, width: float, targets: dict[str, tuple[str, Callable]] | None = None,
         selected: set[str] | None = None, tower_circles: list[str] | None = None,
         mark_targets: bool = True) -> ft.Control:
    """The board ``width`` pixels wide.

    ``targets``: circle -> (accessible name, handler) for the circles that may be tapped.
    ``selected``: circles drawn with a highlight (e.g. towers being chosen at setup).
    ``tower_circles``: draw towers on these circles instead of the view's (setup editing).
    ``mark_targets``: highlight the tappable circles (off when every circle is tappable).
    """
    targets = targets or {}
    selected = selected or set()
    scale, diameter, height = board_size(width)
    stones = board.get("stones", {})
    towers = {t["circle"]: t for t in board.get("towers", [])}
    if tower_circles is not None:
        towers = {c: towers.get(c, {"circle": c, "colour": None, "standing": True})
                  for c in tower_circles}
    label_size = max(10, int(diameter * 0.3))
    circles: list[ft.Control] = []
    for item in board["circles"]:
        circle = item["circle"]
        left = item["box_x"] * 2 * scale
        top = item["box_y"] * HEIGHT * scale
        circles.append(_circle(circle, stones, towers, diameter, label_size, left, top,
                               targets.get(circle), circle in selected, mark_targets))
    return ft.Container(
        ft.Stack(circles, width=width, height=height),
        width=width, height=height,
    )


def _circle(circle: str, stones: dict, towers: dict, diameter: float, label_size: int,
            left: float, top: float, target: tuple[str, Callable] | None,
            selected: bool, mark_targets: bool = True) -> ft.Control:
    tower = towers.get(circle)
    words = circle_words(circle, stones, towers)
    standing = tower is not None and tower.get("standing", True)
    if standing:
        colour = tower.get("colour")
        fill = kit.swatch(colour) if colour else ft.Colors.SURFACE_CONTAINER_HIGHEST
        ink = kit.text_on(colour) if colour else ft.Colors.ON_SURFACE
        border = ft.Border.all(4, ft.Colors.ON_SURFACE)
    elif circle in stones:
        colour = stones[circle]
        fill, ink = kit.swatch(colour), kit.text_on(colour)
        border = ft.Border.all(2, "#616161")
    else:
        fill, ink = None, ft.Colors.ON_SURFACE_VARIANT
        border = ft.Border.all(2, ft.Colors.OUTLINE)
    if (target is not None and mark_targets) or selected:
        border = ft.Border.all(4, ft.Colors.PRIMARY)
        if fill is None:
            fill = ft.Colors.PRIMARY_CONTAINER
            ink = ft.Colors.ON_PRIMARY_CONTAINER
    name = target[0] if target is not None else words
    label = ft.Text(circle, size=label_size, weight=ft.FontWeight.BOLD, color=ink,
                    semantics_label=name, no_wrap=True)
    if standing:
        content: ft.Control = ft.Column(
            [ft.Icon(ft.Icons.CASTLE, size=max(10, int(diameter * 0.32)), color=ink), label],
            spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    else:
        content = label
    dot = ft.Container(
        content=content, width=diameter, height=diameter, border_radius=diameter / 2,
        bgcolor=fill, border=border, alignment=ft.Alignment(0, 0),
        on_click=target[1] if target is not None else None, ink=target is not None,
    )
    if target is None:
        dot = kit.own(dot)  # its own node: a test (or a screen reader) reads "D3 blue stone"
    return ft.Container(dot, left=left, top=top)
