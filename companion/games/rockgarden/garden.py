"""My garden on my phone: its count, the 5 x 3 grid, its forbidden sets (framed) and my
demerits, hidden from the other players."""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.words import rock_names
from companion.ui import kit
from companion.ui.live import part, use_fixed, use_view
from engine.words import plural


@part
def MyGarden():
    """My garden: its count, the 5 x 3 grid, its forbidden sets, my demerits; each a part,
    so a bid that takes two rocks out draws again two cells and the count."""
    seat = use_fixed(lambda s: s["table"]["seat"])
    name = use_fixed(lambda s: s["table"]["players"][s["table"]["seat"]])
    return kit.card([GardenCount(), GardenGrid(), GardenSets(), MyDemerits(seat, name)])


@part
def GardenCount():
    rocks = use_view(lambda s: s["public"]["players"][s["table"]["seat"]]["rocks"])
    return ft.Row([kit.title("My garden"),
                   kit.own(ft.Text(plural(rocks, "rock"), size=20, weight=ft.FontWeight.BOLD,
                                   semantics_label=f"My garden {plural(rocks, 'rock')}"))],
                  alignment=ft.MainAxisAlignment.SPACE_BETWEEN)


@part
def GardenGrid():
    names = use_view(rock_names)  # read once for the five rows (the settings stay after the first move)
    return ft.Column([rk.garden_header()] + [GardenRow(letter, names, key=letter) for letter in rk.COLOURS],
                     spacing=4)


def _garden_row(s: dict, letter: str) -> tuple:
    me = s["public"]["players"][s["table"]["seat"]]
    codes = [f"{letter}{v}" for v in rk.VALUES]
    hot = {code for entry in me["forbidden_sets"] for code in entry["rocks"] if code[0] == letter}
    return tuple((me["garden"].get(code, 0), code in hot) for code in codes)


@part
def GardenRow(letter: str, names: dict):
    """One colour of my garden: a bid that takes a Red rock draws again the Red row."""
    cells = use_view(lambda s: _garden_row(s, letter))
    return ft.Row([rk.colour_cell(names, letter)] +
                  [GardenCell(names, f"{letter}{v}", n, hot, key=str(v)) for v, (n, hot) in zip(rk.VALUES, cells)],
                  spacing=6)


@part
def GardenCell(names: dict, code: str, n: int, hot: bool):
    return rk.garden_cell(names, code, n, hot, "My garden")


@part
def GardenSets():
    names = use_view(rock_names)
    sets = use_view(lambda s: tuple((e["set"], tuple(e["rocks"]))
                                    for e in s["public"]["players"][s["table"]["seat"]]["forbidden_sets"]))
    costs = use_view(lambda s: {d: s["public"]["decks"][d]["next_cost"] for d in rk.SET_DECKS} if sets else None)
    if not sets:
        return kit.muted("No forbidden set in your garden.")
    rows: list[ft.Control] = [kit.body("Forbidden sets (framed):", weight=ft.FontWeight.BOLD)]
    for kind, rocks in sets:
        rows.append(ft.Row([rk.rock_row(names, rocks, size=18),
                            kit.body(f"{rk.DECK_NAMES[kind]} · card {costs[kind]} now", size=16)], wrap=True))
    return ft.Column(rows, spacing=8)


@part
def MyDemerits(seat: int, name: str):
    demerits = use_view(lambda s: (s["private"] or {}).get("demerits"))
    cards = use_view(lambda s: tuple(tuple(sorted(c.items())) for c in (s["private"] or {}).get("cards") or ()))
    rows: list[ft.Control] = [ft.Row([
        ft.Column([kit.title("My demerits", size=20), kit.muted("Hidden from the other players")], spacing=0),
        kit.own(ft.Text(str(demerits), size=kit.BIG, weight=ft.FontWeight.BOLD,
                        semantics_label=f"{name} demerits {demerits}")),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)]
    if cards:
        rows.append(ft.Row([rk.card_chip(dict(c)) for c in cards], wrap=True, spacing=4, run_spacing=4))
    return ft.Column(rows, spacing=4)
