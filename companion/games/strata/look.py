"""Four Big Strata look: class colours, card tiles, choice tokens, words. Pure drawing and
wording of what the view says: no rules here, no engine imports.

The words for classes and effects come from the view's ``catalogue`` (``cat`` below):
full class names everywhere ("Scholar", "Scholars"), never a cut ("Scho").
Class colours: the rules say only that an Artisan's back is blue; the others are this
app's choice, kept the same on every screen (class buttons, display rows, tiles).
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import flet as ft

from companion.ui import kit
from engine.words import plural

CLASS_COLOURS = {"scholars": "purple", "peasants": "green", "artisans": "blue",
                 "merchants": "orange", "empresses": "red"}
FACE_DOWN = "#455a64"  # the card back (slate); white text on it in light and dark themes
TILE = 64


def class_colour(column: str) -> str:
    return kit.swatch(CLASS_COLOURS.get(column, "grey"))


def class_text(column: str) -> str:
    return kit.text_on(CLASS_COLOURS.get(column, "grey"))



def points_words(points: int) -> str:
    return plural(points, "point")


def split_words(m: int, g: int) -> str:
    """``3 Grain, 1 Money`` style: what is in it, or ``nothing``."""
    parts = [f"{m} Money" if m else "", f"{g} Grain" if g else ""]
    return ", ".join(p for p in parts if p) or "nothing"



def effects_of(card: dict | None) -> list[str]:
    """A card's effects as a list, without the "none" placeholder."""
    return [e for e in (card or {}).get("effects") or [] if e and e != "none"]


def effect_short(cat: dict, effect: str) -> str:
    return cat.get("effect_short", {}).get(effect, effect)


def effects_words(cat: dict, effects: Iterable[str]) -> str:
    return ", ".join(effect_short(cat, e) for e in effects)


def front_words(front: dict | None, cat: dict) -> str:
    """``Artisan 3 points, Trade 4 for 2`` (or ``not noted``)."""
    if not front:
        return "not noted"
    text = f"{cat['singular'][front['class']]} {points_words(front['points'])}"
    effects = effects_of(front)
    if effects:
        text += ", " + effects_words(cat, effects)
    return text


# -- tappable tokens ---------------------------------------------------------------
def token(text: str, name: str, on_click: Callable | None, selected: bool = False,
          colour: str | None = None, size: int = kit.BODY, width: int | None = None,
          height: int | None = None) -> ft.Control:
    """A tappable choice whose accessible name is ``name`` (unique on the screen).

    Without ``colour`` it follows the theme (primary when selected); with a colour it is
    a piece of that colour, framed when selected. Its size never depends on whether it
    is selected (nothing moves under the finger).
    """
    if colour:
        bg, fg = kit.swatch(colour), kit.text_on(colour)
        border = kit.outline(4, ft.Colors.ON_SURFACE) if selected else kit.outline(4, kit.swatch(colour))
    else:
        bg = ft.Colors.PRIMARY if selected else ft.Colors.SURFACE_CONTAINER_HIGHEST
        fg = ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE
        border = kit.outline(2, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT)
    label = ft.Text(text, size=size, weight=ft.FontWeight.BOLD, color=fg, semantics_label=name,
                    text_align=ft.TextAlign.CENTER)
    body = ft.Container(
        content=label, bgcolor=bg, border=border, border_radius=12,
        padding=ft.Padding(12, 8, 12, 8), width=width, height=height,
        alignment=ft.Alignment.CENTER,
        on_click=on_click, ink=on_click is not None, opacity=1.0 if on_click else 0.4,
    )
    return kit.own(body)  # its own node, or Flutter folds a lone token into its card


def token_row(tokens: list[ft.Control], spacing: int = 6) -> ft.Control:
    return ft.Row(tokens, wrap=True, spacing=spacing, run_spacing=spacing)


def split_tokens(verb: str, options: Sequence[Sequence[int]], on_pick: Callable[[int, int], None],
                 chosen: tuple | None = None) -> ft.Control:
    """A token ``<verb> <m> Money <g> Grain`` for every ``[m, g]`` split the view offers."""
    def pick(m, g):
        return lambda e=None: on_pick(m, g)

    return token_row([token(split_words(m, g), f"{verb} {m} Money {g} Grain", pick(m, g),
                            selected=chosen == (m, g), size=kit.BODY)
                      for m, g in options])


def banner(text: str, urgent: bool = False) -> ft.Control:
    return ft.Container(
        kit.own(ft.Text(text, size=kit.BODY + 2, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_TERTIARY_CONTAINER if urgent else ft.Colors.ON_SECONDARY_CONTAINER)),
        bgcolor=ft.Colors.TERTIARY_CONTAINER if urgent else ft.Colors.SECONDARY_CONTAINER,
        border_radius=12, padding=12)


def labelled(control: ft.Control, label: str) -> ft.Control:
    """One accessibility node named ``label`` for a drawing with several texts."""
    return ft.Semantics(content=control, label=label, container=True, exclude_semantics=True)


def number(value, label: str, semantics: str, size: int = kit.BIG - 6) -> ft.Control:
    """A number with what it counts under it; its accessible name says both."""
    return ft.Column([
        kit.own(ft.Text(str(value), size=size, weight=ft.FontWeight.BOLD, semantics_label=semantics)),
        ft.Text(label, size=kit.SMALL if size < 60 else kit.LARGE),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


# -- cards -------------------------------------------------------------------------
def card_words(card: dict, cat: dict, mine: bool) -> str:
    """What a tile says in words: its accessible name after the owner and card id."""
    if card["face_up"]:
        return front_words({"class": card["column"], "points": card["points"],
                            "effects": effects_of(card)}, cat)
    front = card.get("front")
    if front and card.get("seen"):  # the front its owner looked at (their private view)
        return "face down, saw " + front_words(front, cat)
    if front:  # turned down from face up: everyone saw its front
        return "face down, was " + front_words(front, cat)
    return "face down"


def card_tile(card: dict, owner: str, mine: bool, cat: dict, big: bool = False) -> ft.Control:
    """One card: face up in its class colour with its points and effects, or the back;
    the owner also reads the front they looked at."""
    cid = card["id"]
    words = card_words(card, cat, mine)
    width = TILE * 2 if big else TILE
    if card["face_up"]:
        column = card["column"]
        lines = [ft.Text(str(card["points"]), size=kit.LARGE if not big else kit.BIG,
                         weight=ft.FontWeight.BOLD, color=class_text(column))]
        for effect in effects_of(card):
            lines.append(ft.Text(effect_short(cat, effect), size=11 if not big else kit.SMALL,
                                 color=class_text(column), text_align=ft.TextAlign.CENTER))
        bg, border = class_colour(column), kit.outline(1, "#616161")
    else:
        lines = [ft.Text("face down", size=11 if not big else kit.SMALL, color="#ffffff",
                         weight=ft.FontWeight.BOLD)]
        if words != "face down":
            lines.append(ft.Text(words.removeprefix("face down, "), size=10, color="#eceff1",
                                 text_align=ft.TextAlign.CENTER))
        bg, border = FACE_DOWN, kit.outline(3, class_colour(card["column"]))
    return ft.Container(
        labelled(ft.Column(lines, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                 f"{owner} card {cid}: {words}"),
        bgcolor=bg, border_radius=8, padding=ft.Padding(4, 4, 4, 4), width=width,
        alignment=ft.Alignment.CENTER, border=border)


def display_rows(cards: Sequence[dict], owner: str, mine: bool, cat: dict,
                 columns: Sequence[str] | None = None, big: bool = False) -> ft.Control:
    """The Personal Display, one row per class: the full class name, its count, its cards."""
    rows = []
    labels = cat["labels"]
    for column in columns or cat["columns"]:
        in_column = [c for c in cards if c["column"] == column]
        if column not in cat["classes"] and not in_column:
            continue  # the Empresses' row only once there is one
        head = ft.Container(
            kit.own(ft.Text(f"{labels[column]}\n{plural(len(in_column), 'card')}",
                            size=kit.SMALL if not big else kit.LARGE,
                            weight=ft.FontWeight.BOLD, color=class_text(column),
                            semantics_label=f"{owner} {labels[column]}: {plural(len(in_column), 'card')}")),
            bgcolor=class_colour(column), border_radius=6, padding=ft.Padding(6, 4, 6, 4),
            width=110 if not big else 220)
        tiles = [card_tile(c, owner, mine, cat, big) for c in in_column]
        rows.append(ft.Row([head, ft.Row(tiles, wrap=True, spacing=4, run_spacing=4, expand=True)],
                           spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))
    return ft.Column(rows, spacing=4)
