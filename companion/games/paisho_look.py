"""Pai Sho screens: the look of tiles, score bars and the score-by-turn chart.

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
TRACK = ft.Colors.with_opacity(0.15, ft.Colors.ON_SURFACE)


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

    def pair_text(self, pair: list[str]) -> str:
        return f"{self.name(pair[0])} + {self.name(pair[1])}"


def tile_button(kinds: Kinds, kind: str, on_click: Callable | None, label: str | None = None,
                selected: bool = False) -> ft.Control:
    """A tappable tile in its real colour; ``label`` (unique on the screen) defaults to its name."""
    bg, fg = kinds.colours(kind)
    return ft.FilledButton(
        label or kinds.name(kind), on_click=on_click, bgcolor=bg, color=fg, height=48,
        icon=ft.Icons.CHECK if selected else None, icon_color=fg,
        style=ft.ButtonStyle(side=ft.BorderSide(4 if selected else 1, "#000000" if selected else EDGE),
                             text_style=ft.TextStyle(size=17, weight=ft.FontWeight.BOLD)),
    )


def tile_tag(kinds: Kinds, kind: str, text: str | None = None, size: int = 15) -> ft.Control:
    """A small coloured label of a tile (not tappable)."""
    bg, fg = kinds.colours(kind)
    return ft.Container(
        ft.Text(text or kinds.name(kind), size=size, weight=ft.FontWeight.BOLD, color=fg),
        bgcolor=bg, border_radius=8, padding=ft.Padding(8, 3, 8, 3), border=ft.Border.all(1, EDGE),
    )


def pair_tags(kinds: Kinds, pair: list[str], size: int = 15) -> ft.Control:
    return ft.Row([tile_tag(kinds, pair[0], size=size), ft.Text("+", size=size, weight=ft.FontWeight.BOLD),
                   tile_tag(kinds, pair[1], size=size)], spacing=4, tight=True, wrap=True)


def score_bar(score: int, target: int, colour: str, width: float, height: int = 22) -> ft.Control:
    """A track as long as the target, filled in the player's colour up to the score."""
    frac = 0.0 if target <= 0 else max(0.0, min(1.0, score / target))
    filled = int(round(width * frac))
    parts: list[ft.Control] = []
    if filled:
        parts.append(ft.Container(width=filled, height=height, bgcolor=kit.swatch(colour)))
    if width - filled > 0:
        parts.append(ft.Container(width=width - filled, height=height, bgcolor=TRACK))
    return ft.Container(ft.Row(parts, spacing=0), border_radius=height // 2, width=width,
                        clip_behavior=ft.ClipBehavior.HARD_EDGE, border=ft.Border.all(1, EDGE))


def score_chart(series: dict[str, list[int]], colours: list[str], target: int,
                width: float = 340, height: float = 150) -> ft.Control:
    """Score by turn as grouped bars (one group per turn of the table), drawn with containers."""
    names = list(series)
    length = max((len(v) for v in series.values()), default=0)
    if length == 0:
        return kit.muted("No turns were played.")
    top = max([target] + [max(v) for v in series.values() if v]) or 1
    turns = list(range(length))
    # at most about 60 groups, each at least 2 px per player plus a 1 px gap
    limit = max(2, min(60, int(width // (2 * max(1, len(names)) + 1)) - 1))
    step = max(1, -(-length // limit))
    shown = turns[::step]
    if shown[-1] != turns[-1]:
        shown.append(turns[-1])
    group = width / len(shown)
    bar = max(2.0, min(16.0, (group - 3) / max(1, len(names))))
    groups = []
    for t in shown:
        bars = []
        for i, player in enumerate(names):
            values = series[player]
            value = values[t] if t < len(values) else values[-1]
            bars.append(ft.Container(width=bar, height=max(2, height * value / top),
                                     bgcolor=kit.swatch(colours[i % len(colours)])))
        groups.append(ft.Row(bars, spacing=0, tight=True, vertical_alignment=ft.CrossAxisAlignment.END))
    plot = ft.Container(
        ft.Row(groups, spacing=max(1, int(group - bar * len(names))), height=height,
               vertical_alignment=ft.CrossAxisAlignment.END),
        border=ft.Border(bottom=ft.BorderSide(2, EDGE), left=ft.BorderSide(2, EDGE)),
        padding=ft.Padding(4, 0, 0, 0),
    )
    summary = "; ".join(f"{p} {', '.join(str(v) for v in series[p])}" for p in names)
    return ft.Column([
        ft.Row([ft.Text(f"top {top}" if top != target else "", size=12),
                ft.Text(f"target {target}", size=12)],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        ft.Semantics(content=plot, container=True, label=f"Score by turn chart: {summary}"),
        ft.Row([ft.Text("start", size=12), ft.Text(f"turn {length - 1}", size=12)],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
    ], spacing=2)
