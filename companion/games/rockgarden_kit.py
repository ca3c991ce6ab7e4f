"""Rock Garden widgets and glue for the phone screens (no rules here).

* rocks in the table's colour names, shown big with their value I / II / III;
* the rock picker (5 colours x 3 values), in two modes: "tap" (each tap is one rock
  drawn from the bag: piles, the passer's draw) and "count" (a selection with counts:
  setup, bids limited to my garden, garden corrections);
* my garden as a 5 x 3 grid of counters with the forbidden sets highlighted;
* which steps of a chosen turn-in plan are still to do (the plans themselves, and the
  deck tops they assume, come with the seat's private view).
"""

from __future__ import annotations

from typing import Callable

import flet as ft

from companion.ui import kit

COLOURS = "RYGBW"
VALUES = (1, 2, 3)
ROMAN = {1: "I", 2: "II", 3: "III"}
DEFAULT_SWATCH = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "W": "white"}
LIGHT = ("yellow", "white", "grey", "orange", "pink")
SET_DECKS = ("trips", "foursome", "straight")
DECK_ORDER = ("pass", "trips", "foursome", "straight")
HIGHLIGHT = "#ff6f00"  # the forbidden-set marker (amber), readable in light and dark


# -- rocks -----------------------------------------------------------------------
def colour_name(game: dict, letter: str) -> str:
    return game.get("colour_names", {}).get(letter) or DEFAULT_SWATCH[letter].capitalize()


def rock_label(game: dict, code: str) -> str:
    """``"R2"`` -> ``"Red II"`` in the table's colour names."""
    return f"{colour_name(game, code[0])} {ROMAN[int(code[1])]}"


def rocks_label(game: dict, codes: list[str]) -> str:
    return ", ".join(rock_label(game, c) for c in codes) or "no rocks"


def rock_fill(game: dict, letter: str) -> str:
    """The colour of the real rock: the table's colour name if it is a known colour."""
    name = colour_name(game, letter).lower()
    return kit.SWATCHES.get(name) or kit.swatch(DEFAULT_SWATCH[letter])


def rock_ink(game: dict, letter: str) -> str:
    name = colour_name(game, letter).lower()
    if name not in kit.SWATCHES:
        name = DEFAULT_SWATCH[letter]
    return "#000000" if name in LIGHT else "#ffffff"


def rock_chip(game: dict, code: str, size: int = 22) -> ft.Control:
    """One rock, in its colour, with its value big (``K`` is the black rock)."""
    if code == "K":
        fill, ink, text, label = kit.swatch("black"), "#ffffff", "Black", "Black rock"
    else:
        fill, ink, text, label = rock_fill(game, code[0]), rock_ink(game, code[0]), \
            ROMAN[int(code[1])], rock_label(game, code)
    return ft.Container(
        ft.Text(text, size=size, weight=ft.FontWeight.BOLD, color=ink, semantics_label=label),
        bgcolor=fill, border_radius=size, padding=ft.Padding(12, 2, 12, 2),
        border=ft.Border.all(2, "#757575"),
    )


def rock_row(game: dict, codes: list[str], size: int = 22) -> ft.Control:
    if not codes:
        return kit.muted("no rocks")
    return ft.Row([rock_chip(game, c, size) for c in codes], wrap=True, spacing=4, run_spacing=4)


def counter_text(counts: dict) -> str:
    """A selection {"R1": 2} as the engine's notation "R1 R1"."""
    return " ".join(code for code in all_codes() for _ in range(counts.get(code, 0)))


def all_codes() -> list[str]:
    return [f"{c}{v}" for c in COLOURS for v in VALUES]


def value_of(counts: dict) -> int:
    """What a selection is worth (I = 1, II = 2, III = 3): what the rocks say."""
    return sum(int(code[1]) * n for code, n in counts.items())


def count_of(counts: dict) -> int:
    return sum(counts.values())


# -- the rock picker ----------------------------------------------------------------
def _rock_button(game: dict, code: str, on_click, disabled: bool = False) -> ft.Control:
    return ft.FilledButton(
        rock_label(game, code), on_click=on_click, disabled=disabled,
        bgcolor=rock_fill(game, code[0]), color=rock_ink(game, code[0]),
        height=48, expand=True, opacity=0.35 if disabled else 1.0,
        style=ft.ButtonStyle(side=ft.BorderSide(2, "#757575"),
                             text_style=ft.TextStyle(size=16, weight=ft.FontWeight.BOLD),
                             padding=ft.Padding(4, 0, 4, 0)),
    )


def tap_picker(game: dict, on_pick: Callable[[str], None], black: Callable | None = None,
               black_label: str = "Black rock") -> ft.Control:
    """5 colours x 3 values; each tap is one rock (``on_pick("R2")``)."""
    rows: list[ft.Control] = []
    for letter in COLOURS:
        rows.append(ft.Row([_rock_button(game, f"{letter}{v}", lambda e, c=f"{letter}{v}": on_pick(c))
                            for v in VALUES], spacing=6))
    if black is not None:
        rows.append(ft.FilledButton(black_label, on_click=lambda e: black(), height=48,
                                    bgcolor=kit.swatch("black"), color="#ffffff"))
    return ft.Column(rows, spacing=6)


def count_picker(ui, game: dict, counts: dict, limit: dict | None = None,
                 total_limit: int | None = None) -> ft.Control:
    """A selection with counts: tap "Red I" to add one, "− Red I" to take one back.

    ``limit``: at most this many of each kind, and only those kinds are offered (my
    garden for a bid); ``total_limit``: at most this many rocks in all (a starting
    garden). A full kind's button is disabled.
    """
    total = count_of(counts)

    def add(code):
        def handler(e):
            counts[code] = counts.get(code, 0) + 1
            ui.rerender()
        return handler

    def less(code):
        def handler(e):
            counts[code] = max(0, counts.get(code, 0) - 1)
            if not counts[code]:
                counts.pop(code)
            ui.rerender()
        return handler

    rows: list[ft.Control] = []
    for letter in COLOURS:
        cells = []
        if limit is not None and not any(limit.get(f"{letter}{v}", 0) for v in VALUES):
            continue
        for v in VALUES:
            code = f"{letter}{v}"
            n = counts.get(code, 0)
            if limit is not None and not limit.get(code, 0):
                cells.append(ft.Container(expand=True))
                continue
            full = (limit is not None and n >= limit.get(code, 0)) or \
                (total_limit is not None and total >= total_limit)
            cell: list[ft.Control] = [_rock_button(game, code, add(code), disabled=full)]
            if n:
                cell.append(ft.Row([
                    kit.own(ft.Text(f"×{n}", size=20, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"{rock_label(game, code)} picked {n}")),
                    ft.TextButton(f"− {rock_label(game, code)}", on_click=less(code),
                                  style=ft.ButtonStyle(padding=ft.Padding(2, 0, 2, 0))),
                ], spacing=0, tight=True, wrap=True))
            cells.append(ft.Column(cell, spacing=0, expand=True,
                                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
        rows.append(ft.Row(cells, spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))
    return ft.Column(rows, spacing=6)


# -- my garden --------------------------------------------------------------------
def garden_grid(game: dict, garden: dict, highlighted: set[str], who: str) -> ft.Control:
    """5 x 3 counters (colour x value); rocks in a forbidden set get an amber frame."""
    header = ft.Row([ft.Container(width=78)] + [
        ft.Container(ft.Text(ROMAN[v], size=16, weight=ft.FontWeight.BOLD),
                     expand=True, alignment=ft.Alignment.CENTER) for v in VALUES], spacing=6)
    rows: list[ft.Control] = [header]
    for letter in COLOURS:
        cells: list[ft.Control] = [ft.Container(
            ft.Text(colour_name(game, letter), size=15, weight=ft.FontWeight.BOLD,
                    no_wrap=True), width=78)]
        for v in VALUES:
            code = f"{letter}{v}"
            n = garden.get(code, 0)
            hot = code in highlighted
            cells.append(ft.Container(
                kit.own(ft.Text(str(n) if n else "·", size=26 if n else 20, weight=ft.FontWeight.BOLD,
                                color=rock_ink(game, letter) if n else None,
                                semantics_label=f"{who} {rock_label(game, code)}: {n}"
                                                + (" (in a forbidden set)" if hot else ""))),
                bgcolor=rock_fill(game, letter) if n else None,
                opacity=1.0 if n else 0.6,
                border=ft.Border.all(5 if hot else 1, HIGHLIGHT if hot else "#9e9e9e"),
                border_radius=10, height=50, expand=True, alignment=ft.Alignment.CENTER,
            ))
        rows.append(ft.Row(cells, spacing=6))
    return ft.Column(rows, spacing=4)


def rocks_in_sets(forbidden_sets: list[dict]) -> set[str]:
    return {code for s in forbidden_sets for code in s["rocks"]}


# -- following a plan ------------------------------------------------------------
def remaining_steps(chosen: dict, garden: dict) -> list[str] | None:
    """Which steps of a chosen plan are still to do, given the garden now.

    ``chosen`` keeps the garden when the plan was chosen and its steps; the steps done
    are those whose removal gives today's garden (an undo simply moves back).
    """
    left = dict(chosen["garden"])
    steps = chosen["steps"]
    for done in range(len(steps) + 1):
        if {k: n for k, n in left.items() if n} == {k: n for k, n in garden.items() if n}:
            return steps[done:]
        if done == len(steps):
            break
        for code in steps[done].split():
            left[code] = left.get(code, 0) - 1
            if left[code] < 0:
                return None
    return None
