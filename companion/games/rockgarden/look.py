"""Rock Garden widgets for the screens (no rules here, no state of their own).

* rocks in the table's colour names with their value I / II / III as on the pieces
  ("Red III"): one way of naming a rock on every screen, chip, button and advice line;
* the rock pickers (5 colours x 3 values): "tap" (each tap is one rock drawn from the
  bag: piles, the passer's draw) and "count" (a selection with counts: setup, bids
  limited to my garden, garden corrections). A count picker's cells have a fixed size:
  picking a rock changes a number and enables a button, it never moves one;
* my garden as a 5 x 3 grid of counters with the forbidden sets framed;
* words: plurals, demerits, rocks in short.

``names`` is the table's colour names (``public["colour_names"]``: ``{"R": "Red", ...}``).
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

import flet as ft

from companion.ui import kit
from engine.words import plural

COLOURS = "RYGBW"
VALUES = (1, 2, 3)
CODES = tuple(f"{c}{v}" for c in COLOURS for v in VALUES)
ROMAN = {1: "I", 2: "II", 3: "III"}
DEFAULT_SWATCH = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "W": "white"}
LIGHT = ("yellow", "white", "grey", "orange", "pink", "lime")
SET_DECKS = ("trips", "foursome", "straight")
DECK_ORDER = ("pass", "trips", "foursome", "straight")
DECK_NAMES = {"pass": "Pass", "trips": "Trips", "foursome": "Foursome", "straight": "Straight Flush"}
HIGHLIGHT = "#ff6f00"  # the forbidden-set marker (amber), readable in light and dark
EDGE = "#757575"
BLACK_EDGE = "#e0e0e0"
"""The ring round the black rock: light, so the rock shows on a dark screen (its black
shows on a light one)."""
TRACKER_RING = "#ffffff"
"""The black rock's ring on the round tracker: white and thick, where an empty space has a
thin dim one (:data:`TRACKER_SPACE`), so the rock stands out of the spaces on a dark screen
(its black shows on a light one)."""
TRACKER_SPACE = "#757575"
CELL = 44  # the height of a picker's count row: there whether a rock is picked or not



# Styles made for each control that draws with them (see ``kit.outline``: one shared by
# two pages was one phone's to change on both).

def rock_button() -> ft.ButtonStyle:
    return ft.ButtonStyle(side=ft.BorderSide(2, EDGE), text_style=kit.button_text(16, ft.FontWeight.BOLD),
                          padding=ft.Padding(4, 0, 4, 0))


LESS_TARGET = (48, CELL)
"""The "−" that takes a rock back: a real icon on a target a finger finds (44 px or more)."""
PICK_CELL_WIDTH = 108
"""A kind of rock in the picker of one's own rocks: three to a 336 px line, the rocks one
holds one after another with no hole for a kind one has not."""


# -- words --------------------------------------------------------------------------

def demerits_words(n) -> str:
    """'no demerit', '1 demerit', '2 demerits'; an expected value in whole demerits,
    "about 2 demerits" (a player weighs a bid against a pass, not hundredths)."""
    if isinstance(n, float) and not n.is_integer():
        whole = round(n)
        return "less than 1 demerit" if whole == 0 else f"about {plural(whole, 'demerit')}"
    n = int(n)
    return "no demerit" if n == 0 else plural(n, "demerit")


def black_rock_chance_words(chance: float) -> str:
    """What the black rock's odds are of: the game ends when it comes out of the bag."""
    return f"chance the black rock comes out with the next piles: {percent(chance)}"


def percent(chance: float) -> str:
    if chance == 0:
        return "0%"
    if chance < 0.01:
        return "under 1%"
    return f"{chance * 100:.0f}%"


# -- the round tracker --------------------------------------------------------------
def tracker_space(diameter: float, content: ft.Control | None, black_rock: bool) -> ft.Control:
    """One space of the round tracker: the black rock on it, or its number."""
    return ft.Container(
        content, width=diameter, height=diameter, border_radius=diameter / 2, alignment=ft.Alignment.CENTER,
        bgcolor=kit.swatch("black") if black_rock else None,
        border=kit.outline(max(4, diameter // 9), TRACKER_RING) if black_rock else kit.outline(1, TRACKER_SPACE))


# -- rocks -----------------------------------------------------------------------
def colour_name(names: Mapping, letter: str) -> str:
    return (names or {}).get(letter) or DEFAULT_SWATCH[letter].capitalize()


def rock_label(names: Mapping, code: str) -> str:
    """``"R2"`` -> ``"Red II"`` in the table's colour names."""
    return f"{colour_name(names, code[0])} {ROMAN[int(code[1])]}"


def rocks_label(names: Mapping, codes: Iterable[str]) -> str:
    return ", ".join(rock_label(names, c) for c in codes) or "no rocks"


def _known(names: Mapping, letter: str) -> str:
    name = colour_name(names, letter).lower()
    return name if name in kit.SWATCHES else DEFAULT_SWATCH[letter]


def rock_fill(names: Mapping, letter: str) -> str:
    """The colour of the real rock: the table's colour name if it is a known colour."""
    return kit.swatch(_known(names, letter))


def rock_ink(names: Mapping, letter: str) -> str:
    return "#000000" if _known(names, letter) in LIGHT else "#ffffff"


def rock_chip(names: Mapping, code: str, size: int = 22) -> ft.Control:
    """One rock, in its colour, named as every screen names it: its colour's name (red and
    green look alike to some) and its value as the real piece shows it, "Red III"
    (``K`` is the black rock)."""
    if code == "K":
        fill, ink, text, label = kit.swatch("black"), "#ffffff", "Black", "Black rock"
    else:
        fill, ink, label = rock_fill(names, code[0]), rock_ink(names, code[0]), rock_label(names, code)
        text = label
    return ft.Container(
        ft.Text(text, size=size, weight=ft.FontWeight.BOLD, color=ink, semantics_label=label),
        bgcolor=fill, border_radius=size, padding=ft.Padding(12, 2, 12, 2),
        border=kit.outline(3, BLACK_EDGE) if code == "K" else kit.outline(2, EDGE),
    )


def rock_row(names: Mapping, codes: Iterable[str], size: int = 22) -> ft.Control:
    codes = list(codes)
    if not codes:
        return kit.muted("no rocks")
    return ft.Row([rock_chip(names, c, size) for c in codes], wrap=True, spacing=4, run_spacing=4)


# -- selections (a tuple of (code, count) pairs: comparable, so state skips equal ones) --------
def selection(codes: Iterable[str] | Mapping[str, int]) -> tuple:
    counts: dict[str, int] = {}
    if isinstance(codes, Mapping):
        counts = {c: int(n) for c, n in codes.items() if n}
    else:
        for code in codes:
            counts[code] = counts.get(code, 0) + 1
    return tuple((c, counts[c]) for c in CODES if counts.get(c))


def picked(chosen: tuple, code: str, change: int) -> tuple:
    counts = dict(chosen)
    counts[code] = max(0, counts.get(code, 0) + change)
    return selection(counts)


def counter_text(chosen: tuple) -> str:
    """A selection as the engine's notation ``"R1 R1 G2"``."""
    return " ".join(code for code, n in chosen for _ in range(n))


def value_of(chosen: tuple, values: Mapping[str, int]) -> int:
    """What a selection is worth, each rock at the value the view's rules give its mark."""
    return sum(values[code[1]] * n for code, n in chosen)


def count_of(chosen: tuple) -> int:
    return sum(n for _, n in chosen)


# -- the rock pickers -----------------------------------------------------------------
def _rock_button(names: Mapping, code: str, on_click, disabled: bool = False) -> ft.Control:
    return ft.FilledButton(
        rock_label(names, code), on_click=on_click, disabled=disabled,
        bgcolor=rock_fill(names, code[0]), color=rock_ink(names, code[0]),
        height=48, expand=True, opacity=0.35 if disabled else 1.0, style=rock_button(),
    )


def tap_picker(names: Mapping, on_pick: Callable[[str], None], black: Callable | None = None,
               black_label: str = "Black rock") -> ft.Control:
    """5 colours x 3 values; each tap is one rock (``on_pick("R2")``)."""
    rows: list[ft.Control] = []
    for letter in COLOURS:
        rows.append(ft.Row([_rock_button(names, f"{letter}{v}", lambda e, c=f"{letter}{v}": on_pick(c))
                            for v in VALUES], spacing=6))
    if black is not None:
        rows.append(ft.FilledButton(black_label, on_click=lambda e: black(), height=48,
                                    bgcolor=kit.swatch("black"), color="#ffffff",
                                    style=ft.ButtonStyle(side=ft.BorderSide(3, BLACK_EDGE))))
    return ft.Column(rows, spacing=6)


def count_cell(names: Mapping, code: str, n: int, full: bool, on_add, on_less) -> ft.Control:
    """One kind of a count picker: "Red I" adds one (disabled when ``full``), "− Red I"
    takes one back; the count row keeps its height whether any is picked or not."""
    label = rock_label(names, code)
    return ft.Column([
        _rock_button(names, code, on_add, disabled=full),
        ft.Container(ft.Row([
            ft.Text(f"×{n}" if n else "", size=18, weight=ft.FontWeight.BOLD, width=34,
                    semantics_label=f"{label} picked {n}" if n else None),
            ft.IconButton(ft.Icons.REMOVE, on_click=on_less, disabled=not n, tooltip=f"− {label}",
                          icon_size=26, width=LESS_TARGET[0], height=LESS_TARGET[1]),
        ], spacing=0, tight=True), height=CELL),
    ], spacing=0, expand=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def count_picker(names: Mapping, chosen: tuple, on_change: Callable[[Callable[[tuple], tuple]], None],
                 total_limit: int | None = None) -> ft.Control:
    """A selection with counts: tap "Red I" to add one, "− Red I" to take one back.

    ``total_limit``: at most this many rocks in all (a starting garden). A full kind's
    button is disabled. Every cell keeps its size whatever is picked: the count row is
    always there (empty, its "−" disabled, at 0).
    """
    counts = dict(chosen)
    total = count_of(chosen)

    # a function of the latest selection: two quick taps read in one go count twice
    def add(code):
        return lambda e: on_change(lambda latest: picked(latest, code, +1))

    def less(code):
        return lambda e: on_change(lambda latest: picked(latest, code, -1))

    rows: list[ft.Control] = []
    for letter in COLOURS:
        cells = []
        for v in VALUES:
            code = f"{letter}{v}"
            n = counts.get(code, 0)
            full = total_limit is not None and total >= total_limit
            cells.append(count_cell(names, code, n, full, add(code), less(code)))
        rows.append(ft.Row(cells, spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))
    return ft.Column(rows, spacing=4)


# -- my garden --------------------------------------------------------------------
def garden_header() -> ft.Control:
    """The value row over a garden grid: I, II, III."""
    return ft.Row([ft.Container(width=78)] + [
        ft.Container(ft.Text(ROMAN[v], size=16, weight=ft.FontWeight.BOLD),
                     expand=True, alignment=ft.Alignment.CENTER) for v in VALUES], spacing=6)


def colour_cell(names: Mapping, letter: str) -> ft.Control:
    """A garden row's colour name."""
    return ft.Container(ft.Text(colour_name(names, letter), size=15, weight=ft.FontWeight.BOLD, no_wrap=True),
                        width=78)


def garden_cell(names: Mapping, code: str, n: int, hot: bool, who: str) -> ft.Control:
    """One kind of a garden: its count on the rock's colour; amber frame in a forbidden set."""
    letter = code[0]
    return ft.Container(
        kit.own(ft.Text(str(n) if n else "·", size=26 if n else 20, weight=ft.FontWeight.BOLD,
                        color=rock_ink(names, letter) if n else None,
                        semantics_label=f"{who} {rock_label(names, code)}: {n}"
                                        + (" (in a forbidden set)" if hot else ""))),
        bgcolor=rock_fill(names, letter) if n else None,
        opacity=1.0 if n else 0.6,
        border=kit.outline(5 if hot else 1, HIGHLIGHT if hot else "#9e9e9e"),
        border_radius=10, height=50, expand=True, alignment=ft.Alignment.CENTER,
    )


def garden_grid(names: Mapping, garden: Mapping, highlighted: set[str], who: str) -> ft.Control:
    """5 x 3 counters (colour x value); rocks in a forbidden set get an amber frame."""
    rows: list[ft.Control] = [garden_header()]
    for letter in COLOURS:
        cells: list[ft.Control] = [colour_cell(names, letter)]
        for v in VALUES:
            code = f"{letter}{v}"
            cells.append(garden_cell(names, code, garden.get(code, 0), code in highlighted, who))
        rows.append(ft.Row(cells, spacing=6))
    return ft.Column(rows, spacing=4)


def rocks_in_sets(forbidden_sets: Iterable[Mapping]) -> set[str]:
    return {code for s in forbidden_sets for code in s["rocks"]}


def card_chip(card: Mapping) -> ft.Control:
    paper = " (paper)" if card.get("on_paper") else ""
    return ft.Container(ft.Text(f"{DECK_NAMES[card['deck']]} {card['value']}{paper}", size=15),
                        padding=ft.Padding(8, 4, 8, 4), border_radius=8,
                        border=kit.outline(1, "#9e9e9e"))


# -- following a plan ------------------------------------------------------------
def remaining_steps(chosen: Mapping, garden: Mapping) -> list[str] | None:
    """Which steps of a chosen plan are still to do, given the garden now.

    ``chosen`` keeps the garden when the plan was chosen and its steps; the steps done
    are those whose removal gives today's garden (an undo simply moves back).
    """
    left = dict(chosen["garden"])
    steps = chosen["steps"]
    for done in range(len(steps) + 1):
        if {k: n for k, n in left.items() if n} == {k: n for k, n in garden.items() if n}:
            return list(steps[done:])
        if done == len(steps):
            break
        for code in steps[done].split():
            left[code] = left.get(code, 0) - 1
            if left[code] < 0:
                return None
    return None
