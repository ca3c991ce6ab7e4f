"""The table on a phone, under what this seat does: the round tracker and the black
rock's odds, the piles outside the bidding, the decks, every player's cards and rocks."""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.words import player_colours, player_names, rock_names
from companion.ui import kit
from companion.ui.live import part, use_fixed, use_view
from engine.words import plural

BLACK_WHERE = {
    "bag": "The black rock is in the bag",
    "piles": "The black rock came out while the piles were drawn",
    "passer": "The passing player drew the black rock",
}


def tracker_slice(s: dict):
    p = s["public"]
    return (p["round"], p["phase_text"], p["tracker"]["spaces"], p["tracker"]["space"],
            p["tracker"]["black_rock"], p["black_rock_chance"],
            bool(p["ending"]) and p["phase"] != "over")


def black_rock_where(black: str, space, spaces) -> str:
    if black == "tracker":
        return f"Black rock on space {space} of {spaces}"
    return BLACK_WHERE.get(black, black)


def _tracker_spaces(spaces: int, space, size: int = 36) -> ft.Control:
    cells = []
    for n in range(1, spaces + 1):
        here = space == n
        cells.append(rk.tracker_space(size, None if here else ft.Text(str(n), size=size * 0.4,
                                                                      weight=ft.FontWeight.BOLD), here))
    return ft.Row(cells, wrap=True, spacing=4)


@part
def Tracker():
    rnd, phase_text, spaces, space, black, chance, ending = use_view(tracker_slice)
    rows: list[ft.Control] = [
        kit.own(ft.Text(f"Round {rnd} · {phase_text}", size=22, weight=ft.FontWeight.BOLD,
                        semantics_label=f"Round {rnd}, {phase_text}")),
        _tracker_spaces(spaces, space),
        kit.body(black_rock_where(black, space, spaces)),
        kit.own(ft.Text(rk.black_rock_chance_words(chance).capitalize(), size=16,
                        semantics_label=f"Black rock chance {rk.percent(chance)}")),
    ]
    rows.append(TrackerTurn())
    if ending:
        rows.append(kit.body("The game ends after this round's scoring.", color=rk.HIGHLIGHT,
                             weight=ft.FontWeight.BOLD))
    return kit.card(rows)


@part
def TrackerTurn():
    """The start player (whose turn it is, the bidding and turn-in cards say: a line here
    too would be drawn again on every phone with every bid)."""
    players = use_fixed(player_names)
    start = use_view(lambda s: s["public"]["start_player"])
    return kit.body(f"Start player: {players[start]}" if start is not None else "",
                    weight=ft.FontWeight.BOLD, visible=start is not None)


@part
def PilesView():
    needed = use_view(lambda s: s["public"]["piles_needed"])
    count = use_view(lambda s: len(s["public"]["piles"]))
    names = use_view(rock_names)
    piles = use_view(lambda s: tuple((p["number"], tuple(p["rocks"]), p["value"], p["complete"])
                                     for p in s["public"]["piles"]))
    rows: list[ft.Control] = [kit.title(f"Piles ({count} of {needed})")]
    if not piles:
        rows.append(kit.muted("No rocks drawn yet."))
    for number, rocks, value, complete in piles:
        rows.append(kit.own(ft.Text(f"Pile {number}: worth {value}{'' if complete else ' (being drawn)'}",
                                    size=18, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"Pile {number} worth {value}")))
        rows.append(rk.rock_row(names, rocks))
    return kit.card(rows)


def decks_slice(s: dict):
    return tuple((d, s["public"]["decks"][d]["top"], s["public"]["decks"][d]["next_cost"],
                  s["public"]["decks"][d]["cards_left"], s["public"]["decks"][d]["on_paper"])
                 for d in rk.DECK_ORDER)


def _deck_cells(decks: tuple, sizes: tuple[int, int, int]) -> list[ft.Control]:
    """A column per deck: its name, its top card (or, once it is empty, what a set costs
    on paper, with a *) and the cards left."""
    cells = []
    for deck, top, cost, left, _ in decks:
        name = rk.DECK_NAMES[deck]
        big = str(top) if top is not None else f"{cost}*"
        cells.append(ft.Column([
            kit.big_text(name, sizes[0]),
            kit.big_text(big, sizes[1], f"{name} top {big}"),
            kit.big_text(f"{left} left", sizes[2], f"{name} cards left {left}"),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, expand=True))
    return cells


@part
def Decks():
    decks = use_view(decks_slice)
    rows: list[ft.Control] = [kit.title("Decks: top card"),
                              ft.Row(_deck_cells(decks, (14, 30, 13)), spacing=4,
                                     vertical_alignment=ft.CrossAxisAlignment.END)]
    if any(paper for d, _, _, _, paper in decks if d != "pass"):
        rows.append(kit.muted("* deck empty: further sets cost this on paper."))
    return kit.card(rows)


def players_slice(s: dict):
    p = s["public"]
    return tuple((q["name"], q["demerit_cards"], q["rocks"],
                  None if not q.get("shown") else q["shown"]["demerits"],
                  tuple(tuple(sorted(c.items())) for c in (q.get("shown") or {}).get("cards", ())))
                 for q in p["players"])


@part
def Players():
    colours = use_view(player_colours)  # once for every row (a table's rock names can change before its first move)
    return kit.card([kit.title("Players")] + [PlayerRow(seat, colour, key=f"p{seat}")
                                              for seat, colour in enumerate(colours)]
                    + [kit.muted("Demerit totals stay hidden until the end; each player sees their own.")])


def _player_cards(s: dict, seat: int) -> tuple:
    """A player's demerit cards, what the end showed of them, and their marks (start
    player, passed: whose turn it is, the bidding and turn-in cards say)."""
    p = s["public"]
    q = p["players"][seat]
    shown = q.get("shown")
    marks = tuple(m for m, on in (("start", seat == p["start_player"]), ("passed", seat == p["passer"])) if on)
    return (q["demerit_cards"], None if not shown else shown["demerits"],
            tuple(tuple(sorted(c.items())) for c in (shown or {}).get("cards", ())), marks)


@part
def PlayerRow(seat: int, colour: str):
    """A player: a bid draws again the rock count only (:func:`PlayerRocks`); the cards
    and the marks (start player, passed) change a few times a round."""
    name = use_fixed(lambda s: s["table"]["players"][seat])
    cards, shown, shown_cards, marks = use_view(lambda s: _player_cards(s, seat))
    line = [kit.player_badge(name, colour, size=20),
            kit.own(ft.Text(", ".join(marks), size=kit.SMALL, italic=True), visible=bool(marks))]
    numbers = [
        kit.own(ft.Text(plural(cards, "card"), size=18, semantics_label=f"{name} demerit cards {cards}")),
        PlayerRocks(seat, name),
    ]
    rows: list[ft.Control] = [ft.Row([ft.Row(line, spacing=6, tight=True, wrap=True),
                                      ft.Row(numbers, spacing=12, tight=True)],
                                     alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True)]
    if shown is not None:  # an end of the game the host undid showed these to all
        rows.append(ft.Row([kit.own(ft.Text(f"Shown at the end: {shown} demerits", size=15,
                                            semantics_label=f"{name} demerits shown at the end {shown}"))]
                           + [rk.card_chip(dict(c)) for c in shown_cards], wrap=True, spacing=4))
    return ft.Column(rows, spacing=2)


@part
def PlayerRocks(seat: int, name: str):
    """A player's rock count: what a bid changes (the bid's rocks leave the garden)."""
    rocks = use_view(lambda s: s["public"]["players"][seat]["rocks"])
    return kit.own(ft.Text(plural(rocks, "rock"), size=18, semantics_label=f"{name} rocks {rocks}"))
