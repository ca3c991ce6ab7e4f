"""The bid being composed: the pile picker, what the bid is and whether the table would
take it, and my garden's rocks to bid with. Its buttons never move when a rock is picked."""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.words import rock_names, use_while_mine
from companion.ui import kit
from companion.ui.live import part, use_fixed, use_table
from companion.ui.step import use_in_view_when
from engine.words import plural


def chosen_style() -> ft.ButtonStyle:
    """The pile I bid on (a style of its own for each button: see ``kit.outline``)."""
    return ft.ButtonStyle(bgcolor=ft.Colors.PRIMARY, color=ft.Colors.ON_PRIMARY)


def _open_to_bids(s: dict) -> tuple:
    """(number, may take a bid) for each pile, from the public view."""
    return tuple((p["number"], p["takes_bids"]) for p in s["public"]["piles"])


@part
def PilePicker(pile, choose):
    """Which pile I bid on: none at first, so no bid goes to a pile nobody chose. A button
    a part: choosing a pile draws again the two buttons whose look changed."""
    piles = use_while_mine(_open_to_bids)  # hidden, on another's turn, it draws nothing
    return ft.Row([PileButton(number, can, pile == number - 1, choose, key=str(number)) for number, can in piles],
                  wrap=True, spacing=6, run_spacing=6)


@part
def PileButton(number: int, can: bool, chosen: bool, choose):
    return ft.OutlinedButton(f"Bid on pile {number}", on_click=lambda e: choose(number - 1),
                             disabled=not can, height=44, style=chosen_style() if chosen else None)


@part
def ComposerLines(pile, chosen: tuple, check: dict, clear, composed, loaded: int = 0):
    """The bid being composed and "Place bid"; ``loaded`` counts the lines of advice
    tapped, each of which fills it in from afar: the page then shows it."""
    context = use_table()
    key = use_in_view_when("bid", loaded)
    names = use_fixed(rock_names)
    values = use_fixed(lambda s: s["public"]["rock_values"])
    text = rk.counter_text(chosen)
    worth, many = rk.value_of(chosen, values), rk.count_of(chosen)
    rocks = rk.rocks_label(names, text.split())
    if pile is None:
        beat = "Choose the pile you bid on: tap “Bid on pile …”."
        summary = (f"Your bid: {rocks} — worth {worth}, {plural(many, 'rock')}" if chosen
                   else "Your bid: no pile chosen yet")
    else:
        beat = (f"To undercut: {check['to_beat']}." if check["to_beat"]
                else f"Pile {pile + 1} has no bid yet: any bid takes it.")
        summary = (f"Your bid on pile {pile + 1}: {rocks} — worth {worth}, {plural(many, 'rock')}" if chosen
                   else f"Your bid on pile {pile + 1}: no rocks (worth 0; nobody can undercut it)")
    # what the bid keeps if it stands (the warning), or why the table would refuse it: one
    # line of the same controls whatever it says, so nothing below it moves
    if check["warning"]:
        said, colour = check["warning"], None
    elif check["ready"]:
        said, colour = "If this bid stands your garden keeps no forbidden set.", ft.Colors.ON_SURFACE_VARIANT
    elif pile is not None and check["problem"]:
        said, colour = check["problem"], ft.Colors.ERROR
    else:
        said, colour = "", None
    status = ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, size=20, color=rk.HIGHLIGHT, visible=bool(check["warning"])),
                     ft.Container(kit.body(said, size=kit.SMALL + 2, color=colour,
                                           weight=ft.FontWeight.BOLD if check["warning"] else None),
                                  expand=True)], spacing=6)

    async def place(e):
        latest_pile, latest_rocks = composed()  # a tap read in the same go counts
        await context.move("bid", {"pile": latest_pile, "rocks": latest_rocks})

    return ft.Column([
        ft.Container(kit.body(beat, size=16, weight=ft.FontWeight.BOLD), height=48),
        ft.Container(kit.own(ft.Text(summary, size=17, weight=ft.FontWeight.BOLD, max_lines=2,
                                     overflow=ft.TextOverflow.ELLIPSIS)), height=50),
        ft.Container(status, height=44),
        ft.Row([kit.primary("Place bid", place if check["ready"] else None),
                kit.secondary("Clear", (lambda e: clear()) if chosen else None)], spacing=8),
    ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, key=key)


@part
def BidRocks(names: dict, chosen: tuple, garden: dict, pick):
    """My garden's rocks to bid with, one after another in the garden's order with no hole
    for a kind I do not have; each kind a part of its own: a pick (or a new turn's empty
    bid) draws again the kinds it changed."""
    counts = dict(chosen)
    cells = [PickCell(names, code, counts.get(code, 0), garden[code], pick, key=code)
             for code in rk.CODES if garden.get(code, 0)]
    return ft.Row(cells, wrap=True, spacing=6, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)


@part
def PickCell(names: dict, code: str, n: int, limit: int, pick):
    return ft.Container(rk.count_cell(names, code, n, n >= limit, lambda e: pick(code, +1),
                                      lambda e: pick(code, -1)), width=rk.PICK_CELL_WIDTH)
