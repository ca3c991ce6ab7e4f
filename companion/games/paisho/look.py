"""Pai Sho screens: the look of tiles and small words helpers.

Pure drawing helpers (no rules): colours follow the real tiles -- red flowers red,
white flowers white, elemental tiles wood brown, the special tiles (White Dragon,
White Lotus) gold -- so a player matches the screen to the board at a glance. Each
tile's name and look come from the view (:class:`Kinds`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft

from companion.ui import kit

# (background, text) per tile look, readable in light and dark themes alike.
COLOURS = {
    "red": ("#c62828", "#ffffff"),
    "white": ("#f5f5f5", "#000000"),
    "wood": ("#6d4c41", "#ffffff"),
    "gold": ("#f9a825", "#000000"),
}
EDGE = "#757575"


@dataclass(frozen=True)
class Kinds:
    """The tile kinds as the view names them (``names``) and how each looks (``looks``)."""

    names: dict
    looks: dict

    @staticmethod
    def of(public: dict) -> "Kinds":
        return Kinds(public["names"], public["looks"])

    def name(self, kind: str) -> str:
        return self.names.get(kind, kind)

    def colours(self, kind: str) -> tuple[str, str]:
        return COLOURS.get(self.looks.get(kind, "gold"), COLOURS["gold"])

    def pair_text(self, pair) -> str:
        return f"{self.name(pair[0])} + {self.name(pair[1])}"




def tile_button(kinds: Kinds, kind: str, on_click: Callable | None, label: str | None = None,
                selected: bool = False) -> ft.Control:
    """A tappable tile in its real colour; ``label`` (unique on the screen) defaults to its
    name. A picked tile gets a thick edge in the theme's primary colour: the same width
    as an unpicked one's, and no icon, so no tile moves when one is picked."""
    bg, fg = kinds.colours(kind)
    return ft.FilledButton(
        label or kinds.name(kind), on_click=on_click, bgcolor=bg, color=fg, height=48,
        style=ft.ButtonStyle(side=ft.BorderSide(3, ft.Colors.PRIMARY if selected else EDGE),
                             text_style=kit.button_text(17, ft.FontWeight.BOLD)),
    )


def tile_tag(kinds: Kinds, kind: str, text: str | None = None, size: int = 15) -> ft.Control:
    """A small coloured label of a tile (not tappable)."""
    bg, fg = kinds.colours(kind)
    return ft.Container(
        ft.Text(text or kinds.name(kind), size=size, weight=ft.FontWeight.BOLD, color=fg),
        bgcolor=bg, border_radius=8, padding=ft.Padding(8, 3, 8, 3), border=kit.outline(1, EDGE),
    )


def pair_tags(kinds: Kinds, pair, size: int = 15) -> ft.Control:
    return ft.Row([tile_tag(kinds, pair[0], size=size), ft.Text("+", size=size, weight=ft.FontWeight.BOLD),
                   tile_tag(kinds, pair[1], size=size)], spacing=4, tight=True, wrap=True)


def progress(score: int, target: int, colour: str, height: int = 12) -> ft.Control:
    """How far a player is toward the target, in the player's colour."""
    value = 0.0 if target <= 0 else max(0.0, min(1.0, score / target))
    return ft.ProgressBar(value=value, color=kit.swatch(colour), bar_height=height,
                          bgcolor=ft.Colors.with_opacity(0.15, ft.Colors.ON_SURFACE),
                          border_radius=height // 2)
