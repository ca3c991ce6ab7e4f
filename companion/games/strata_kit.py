"""Four Big Strata look: class colours, card tiles, choice tokens, the money/grain split
picker and the class bar chart. Pure drawing: no rules here. The words for classes and
effects come from the view's ``catalogue`` (``cat`` below), the split options from the
seat's private view.

Class colours: the rules say only that an Artisan's back is blue; the others are this
app's choice, kept the same on every screen (column headers, tiles, bars).
"""

from __future__ import annotations

from typing import Callable

import flet as ft

from companion.ui import kit

CLASS_COLOURS = {"scholars": "purple", "peasants": "green", "artisans": "blue",
                 "merchants": "orange", "empresses": "red"}
TILE = 58  # five columns fit a 390 px phone
FACE_DOWN = "#455a64"  # the card back (slate); white text on it in light and dark themes


def class_colour(column: str) -> str:
    return kit.swatch(CLASS_COLOURS.get(column, "grey"))


def class_text(column: str) -> str:
    return kit.text_on(CLASS_COLOURS.get(column, "grey"))


def points_words(points: int) -> str:
    return f"{points} point{'s' if points != 1 else ''}"


def front_words(front: dict | None, cat: dict) -> str:
    """``Artisan 3 points, Trade 4 for 2`` (or ``not noted``)."""
    if not front:
        return "not noted"
    text = f"{cat['singular'][front['class']]} {points_words(front['points'])}"
    if front.get("effect", "none") != "none":
        text += f", {cat['effect_short'][front['effect']]}"
    return text


# -- tappable tokens ---------------------------------------------------------------
def token(text: str, name: str, on_click: Callable | None, selected: bool = False,
          colour: str | None = None, compact: bool = False, big: bool = False) -> ft.Control:
    """A tappable choice whose accessible name is ``name`` (unique on the screen).

    Without ``colour`` it follows the theme (primary when selected); with a colour it is
    a piece of that colour, framed when selected.
    """
    if colour:
        bg, fg = kit.swatch(colour), kit.text_on(colour)
        border = ft.Border.all(4, ft.Colors.ON_SURFACE) if selected else ft.Border.all(2, "#9e9e9e")
    else:
        bg = ft.Colors.PRIMARY if selected else ft.Colors.SURFACE_CONTAINER_HIGHEST
        fg = ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE
        border = ft.Border.all(2, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT)
    size = kit.LARGE if big else (kit.BODY if not compact else kit.SMALL + 2)
    label = ft.Text(text, size=size, weight=ft.FontWeight.BOLD,
                    color=fg, semantics_label=name)
    body = ft.Container(
        content=label, bgcolor=bg, border=border, border_radius=20,
        padding=ft.Padding(10 if compact else (18 if big else 14), 8, 10 if compact else (18 if big else 14), 8),
        on_click=on_click, ink=on_click is not None, opacity=1.0 if on_click else 0.4,
    )
    # its own node, or Flutter folds a lone token into the card around it
    return kit.own(body)


def token_row(tokens: list[ft.Control]) -> ft.Control:
    return ft.Row(tokens, wrap=True, spacing=6, run_spacing=6)


def split_words(m: int, g: int) -> str:
    parts = [f"{m} Money" if m else "", f"{g} Grain" if g else ""]
    return " + ".join(p for p in parts if p) or "nothing"


def split_picker(ui, key: str, verb: str, options: list) -> tuple[ft.Control, tuple | None]:
    """Tokens ``<verb> <m> Money <g> Grain`` for every ``[m, g]`` split the view offers
    (most Money first); returns (row, chosen).

    A single possible split is chosen already. The choice lives in ``ui.local[key]``.
    """
    options = [tuple(o) for o in options]
    chosen = ui.local.get(key)
    if chosen is not None:
        chosen = tuple(chosen)
    if chosen not in options:
        chosen = options[0] if len(options) == 1 else None

    def pick(option):
        def handler(e=None):
            ui.local[key] = option
            ui.rerender()
        return handler

    tokens = [token(split_words(m, g), f"{verb} {m} Money {g} Grain", pick((m, g)),
                    selected=(m, g) == chosen, compact=len(options) > 4)
              for m, g in options]
    return token_row(tokens), chosen


def _labelled(control: ft.Control, label: str) -> ft.Control:
    """One accessibility node named ``label`` for a drawing with several texts."""
    return ft.Semantics(content=control, label=label, container=True, exclude_semantics=True)


# -- cards -------------------------------------------------------------------------
def card_tile(card: dict, owner: str, mine: bool, cat: dict,
              on_flip: Callable | None = None) -> ft.Control:
    """One card in a column: face up in its class colour with its points and effect, or
    the back; the owner also reads the front they looked at."""
    cid = card["id"]
    if card["face_up"]:
        column = card["column"]
        effect = card.get("effect", "none")
        words = f"{cat['singular'][column]} {points_words(card['points'])}"
        if effect != "none":
            words += f", {cat['effect_short'][effect]}"
        lines = [
            ft.Text(str(card["points"]), size=kit.LARGE, weight=ft.FontWeight.BOLD, color=class_text(column)),
        ]
        if effect != "none":
            lines.append(ft.Text(cat["effect_short"][effect], size=11, color=class_text(column),
                                 text_align=ft.TextAlign.CENTER))
        tile = ft.Container(
            _labelled(ft.Column(lines, spacing=0, tight=True,
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                      f"{owner} card {cid}: {words}"),
            bgcolor=class_colour(column), border_radius=8, padding=ft.Padding(4, 4, 4, 4),
            width=TILE, alignment=ft.Alignment(0, 0), border=ft.Border.all(1, "#616161"))
        if on_flip is None:
            return tile
        flip = kit.own(ft.Container(
            ft.Text("Turn down", size=11, semantics_label=f"Turn down card {cid}",
                    color=ft.Colors.PRIMARY, weight=ft.FontWeight.BOLD),
            on_click=on_flip, ink=True, padding=ft.Padding(0, 6, 0, 6), width=TILE,
            border=ft.Border.all(1, ft.Colors.PRIMARY), border_radius=6,
            alignment=ft.Alignment(0, 0)))
        return ft.Column([tile, flip], spacing=2, tight=True)
    front = card.get("front")
    if mine and front:
        text = "saw " + front_words(front, cat)
        label = f"{owner} card {cid}: face down, {text}"
    elif front:  # turned down from face up: its front was public
        text = "was " + front_words(front, cat)
        label = f"{owner} card {cid}: face down, {text}"
    else:
        text, label = "", f"{owner} card {cid}: face down"
    lines = [ft.Text("face down", size=11, color="#ffffff", weight=ft.FontWeight.BOLD)]
    if text:
        lines.append(ft.Text(text, size=10, color="#eceff1", text_align=ft.TextAlign.CENTER))
    return ft.Container(
        _labelled(ft.Column(lines, spacing=0, tight=True,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER), label),
        bgcolor=FACE_DOWN, border_radius=8, padding=ft.Padding(4, 6, 4, 6), width=TILE,
        alignment=ft.Alignment(0, 0), border=ft.Border.all(3, class_colour(card["column"])))


def display_columns(cards: list[dict], owner: str, mine: bool, cat: dict,
                    flip_for: Callable[[dict], Callable | None] | None = None) -> ft.Control:
    """The Personal Display by column: Scholars, Peasants, Artisans, Merchants, Empresses."""
    columns = []
    labels = cat["labels"]
    for column in cat["columns"]:
        in_column = [c for c in cards if c["column"] == column]
        header = ft.Container(
            kit.own(ft.Text(f"{labels[column][:4]} {len(in_column)}", size=12, weight=ft.FontWeight.BOLD,
                            color=class_text(column),
                            semantics_label=f"{owner} {labels[column]} {len(in_column)}")),
            bgcolor=class_colour(column), border_radius=6, padding=ft.Padding(2, 4, 2, 4), width=TILE,
            alignment=ft.Alignment(0, 0))
        tiles = [card_tile(c, owner, mine, cat, flip_for(c) if (flip_for and c["face_up"]) else None)
                 for c in in_column]
        columns.append(ft.Column([header] + tiles, spacing=4, tight=True,
                                 horizontal_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Row(columns, spacing=3, vertical_alignment=ft.CrossAxisAlignment.START,
                  alignment=ft.MainAxisAlignment.SPACE_BETWEEN)


def class_bars(name: str, classes: dict, top: int, cat: dict, width: float = 220) -> ft.Control:
    """A player's four class totals as bars in the class colours (lowest is the score)."""
    low = min(classes[c] for c in cat["classes"])
    labels = cat["labels"]
    rows = []
    for column in cat["classes"]:
        value = classes[column]
        bar = max(4, int(width * value / top)) if top else 4
        rows.append(ft.Row([
            ft.Text(labels[column], size=kit.SMALL, width=78,
                    weight=ft.FontWeight.BOLD if value == low else None),
            ft.Container(width=bar, height=18, bgcolor=class_colour(column), border_radius=4,
                         border=ft.Border.all(2, ft.Colors.ON_SURFACE) if value == low else None),
            kit.own(ft.Text(str(value), size=kit.BODY, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{name} {labels[column]} {value}")),
        ], spacing=6))
    return ft.Column(rows, spacing=3, tight=True)
