"""Shared widgets for arm's-length reading: big numbers, labelled buttons, colours.

Every control a player taps gets a clear label (its text, or a tooltip/semantics
label) so screen readers and the browser tests find it by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import flet as ft

PHONE_WIDTH = 430
BIG = 40
"""Every number a player reads across the table is drawn at 40 px or more: on
a phone, and at the least on a table screen (:func:`use_table_scale` makes it larger)."""
LARGE = 24
BODY = 18
SMALL = 14
FONT = "Roboto"
"""The page's one text font (Flet serves it with the page: assets/fonts/roboto.woff2)."""


def button_text(size: float, weight: ft.FontWeight | None = None) -> ft.TextStyle:
    """A button's own text style, in the page's font. A button's ``text_style`` takes the
    place of the theme's whole; one that named no family made the JavaScript build (every
    iPhone) fetch a fallback font from the host for a "−" or "·" on the button, on every
    redraw: "Noto Sans Symbols", which the host does not have (404s)."""
    return ft.TextStyle(size=size, weight=weight, font_family=FONT)

# The colours of the real pieces and player markers, by name.
SWATCHES = {
    "red": "#d32f2f", "yellow": "#fbc02d", "green": "#388e3c", "blue": "#1976d2",
    "white": "#f5f5f5", "black": "#212121", "purple": "#7b1fa2", "orange": "#f57c00",
    "teal": "#00897b", "pink": "#d81b60", "grey": "#9e9e9e", "brown": "#6d4c41",
    "navy": "#283593", "lime": "#9e9d24",
}


def use_field(initial):
    """What a field (or a choice, or a draft being composed) holds: ``(shown, latest,
    set)`` (``initial`` a value, or a function that makes it, as for ``ft.use_state``).
    ``shown`` draws the screen; a button's handler reads ``latest.current``; ``set`` takes
    the new value, or a function of the latest one (a tap that adds to a draft).

    Flet re-renders in a scheduler of its own, so a tap that reaches the host right after
    the last key or tap (a busy host reads both in one go) runs the handler of the render
    before it: read from the render, it would create the table "Ann, B" for "Ann, Bo",
    count two quick taps on a rock as one, and place the bid without its last rock."""
    shown, set_shown = ft.use_state(initial)
    latest = ft.use_ref(initial)

    def set_value(value) -> None:
        if callable(value):
            value = value(latest.current)
        latest.current = value
        set_shown(value)

    return shown, latest, set_value


def outline(width: float, colour: str) -> ft.Border:
    """A border of its own for each control. Flet writes what a client's frame sets into a
    control's nested objects in place: a border two pages shared was one phone's to change
    on every page (Flet's diff compares a few more objects for it)."""
    return ft.Border.all(width, colour)


def swatch(name: str) -> str:
    return SWATCHES.get(str(name).lower(), str(name))


def text_on(colour_name: str) -> str:
    return "#000000" if str(colour_name).lower() in ("yellow", "white", "grey") else "#ffffff"


def own(control: ft.Control, visible: bool = True) -> ft.Control:
    """Its own node in the accessibility tree (Flutter would merge it into a neighbour)."""
    return ft.Semantics(content=control, container=True, visible=visible)


def title(text: str, size: int = LARGE) -> ft.Control:
    return own(ft.Text(text, size=size, weight=ft.FontWeight.BOLD))


def body(text: str, size: int = BODY, visible: bool = True, **kwargs) -> ft.Control:
    return own(ft.Text(text, size=size, **kwargs), visible=visible)


def muted(text: str) -> ft.Control:
    return own(ft.Text(text, size=SMALL, italic=True))


def big_text(text: str, size: int = 48, label: str | None = None, colour: str | None = None) -> ft.Control:
    """Type for the host's table screen, read from across the table (``label``: its
    accessible name, when the words alone would not say what they count)."""
    return own(ft.Text(text, size=size, weight=ft.FontWeight.BOLD, semantics_label=label, color=colour))


def big_number(value, label: str) -> ft.Column:
    """A number readable across the table, with what it counts under it."""
    return ft.Column(
        [ft.Text(str(value), size=BIG, weight=ft.FontWeight.BOLD,
                 semantics_label=f"{label}: {value}"),
         ft.Text(label, size=SMALL)],
        spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def primary(label: str, on_click: Callable | None, disabled: bool = False,
            icon=None, tooltip: str | None = None) -> ft.Control:
    return ft.FilledButton(label, on_click=on_click, disabled=disabled or on_click is None,
                           icon=icon, tooltip=tooltip, height=52)


def secondary(label: str, on_click: Callable | None, disabled: bool = False,
              icon=None, tooltip: str | None = None) -> ft.Control:
    return ft.OutlinedButton(label, on_click=on_click, disabled=disabled or on_click is None,
                             icon=icon, tooltip=tooltip, height=48)


def player_badge(name: str, colour: str, size: int = BODY) -> ft.Control:
    dot = max(16, size * 3 // 4)
    return ft.Row([
        ft.Container(width=dot, height=dot, bgcolor=swatch(colour), border_radius=dot // 2,
                     border=outline(1, "#616161")),
        ft.Text(name, size=size, weight=ft.FontWeight.BOLD),
    ], spacing=6, tight=True)


def card(controls: Iterable[ft.Control], padding: int = 14) -> ft.Control:
    # A square outlined panel, not a Material Card: a browser without GPU help draws the
    # whole screen again on every frame (a button's ripple alone is ~24 frames, see
    # bench/frame_cost.py), and rounded, shadowed, filled surfaces are the dearest to draw.
    return ft.Container(ft.Column(list(controls), spacing=8), padding=padding,
                        border=outline(1, ft.Colors.OUTLINE_VARIANT))


def phone_column(controls: list[ft.Control], width: float, wide: bool = False) -> ft.Control:
    """Content in a column no wider than a phone (or ``width`` when ``wide``), centred.
    ``width`` is the tab's (:func:`use_width`, so the caller is drawn again when it changes)."""
    limit = width if wide else min(width, PHONE_WIDTH + 24)
    column = ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.Row([ft.Container(column, width=limit, padding=12)],
                  alignment=ft.MainAxisAlignment.CENTER)


def labelled(control: ft.Control, name: str) -> ft.Control:
    """A control with an accessible name (a Dropdown's label is not announced alone)."""
    return ft.Semantics(content=control, label=name, container=True)


def help_text(text: str) -> ft.Control:
    """A setting's help, in full: never cut to one line."""
    return own(ft.Text(text, size=SMALL, color=ft.Colors.ON_SURFACE_VARIANT))


@ft.observable
@dataclass
class Screen:
    """The tab's size, as its browser last said it. One object per tab, given to every page
    through :data:`SCREEN`: a part that reads it (:func:`use_width`) is drawn again when the
    size changes, memoized or not (a value in a context reaches only the parts drawn again
    anyway). A tab's first size can be wrong: a page loaded in a tab that showed another
    starts at a fraction of its width in Chromium and says its real size a moment later."""

    width: float
    height: float | None
    """A wide screen's height (:func:`wide_height`); None on a phone."""


SCREEN = ft.create_context(None)
HEIGHT = ft.create_context(None)
"""The height a wide table screen fills, where a part of the page takes some (the hand-over)."""
WIDE = 900
"""From this width on, the host's screen is a shared table screen (a laptop, a TV)."""
TABLE_FRAME = 124
"""The height the table page's frame takes above and below a wide table screen (its bar
with the way home and the screen picker, and the padding): the rest is the game's."""


def use_screen() -> Screen:
    """The tab's size now; the calling part is drawn again when it changes."""
    return ft.use_context(SCREEN) or Screen(PHONE_WIDTH + 24, None)


def use_width() -> float:
    """The tab's width now; the calling part is drawn again when it changes."""
    return use_screen().width


def wide_height(width, height) -> float | None:
    """A wide screen's height (what a table screen fills); None on a phone, whose height
    changes as its browser's bars come and go and is not laid out to."""
    try:
        return float(height) if float(width or 0) >= WIDE and height else None
    except (TypeError, ValueError):
        return None


def use_height() -> float:
    """The height a wide table screen has under the frame's bar (from the tab's height;
    a screen that has not said its height is taken as 16:10)."""
    screen, given = use_screen(), ft.use_context(HEIGHT)
    height = given or screen.height or screen.width * 0.625
    return max(300.0, height - TABLE_FRAME)


TABLE_SIZE = (1280, 800)
"""The table screen every game lays out at scale 1 (a laptop); a TV (1920 x 1080) draws
it larger (:func:`use_table_scale`)."""
TABLE_SCALE_MAX = 1.5


def table_scale(width: float, height: float) -> float:
    """How much larger than at 1280 x 800 a ``width`` x ``height`` tab draws a table
    screen's type and gaps: 1 there and on anything smaller, growing with the smaller of
    the width's and the height's ratios (1920 x 1080: 1.35), so that larger type still
    fits; 1.5 at most (a TV gets larger type, not emptier space)."""
    return max(1.0, min(TABLE_SCALE_MAX, width / TABLE_SIZE[0], height / TABLE_SIZE[1]))


def use_table_scale() -> float:
    """:func:`table_scale` of this tab; the calling part is drawn again when it changes."""
    return table_scale(use_width(), use_height() + TABLE_FRAME)


def scaled(size: float, scale: float) -> int:
    """A size of the table screen at 1280 x 800, on this screen (``scale``:
    :func:`use_table_scale`)."""
    return int(size * scale)
