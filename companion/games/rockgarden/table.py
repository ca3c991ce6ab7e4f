"""Rock Garden's ``TableView``: the host's big shared screen (a laptop, tablet or TV in
the middle of the table), with no controls at all.

Across the top the round, the phase, the round tracker and the black rock's odds; on the
left what the round is doing: whose turn, the piles with their standing bids (the bid's
rocks too) and, from a pass until the next piles are laid out, what each player took,
paid, drew and turned in (the view's ``last_round``); on the right the deck tops with
their cards left, and every player's demerit cards and rocks. Every number read across
the table is drawn at 40 px or more; the type grows with the screen
(:func:`companion.ui.kit.use_table_scale`).
"""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.final import DemeritChart, ending_reasons, ranking_slice
from companion.games.rockgarden.overview import black_rock_where, decks_slice, players_slice, tracker_slice
from companion.games.rockgarden.words import name_of, player_colours, rock_names, still_drawing
from companion.ui import kit
from companion.ui.kit import BIG, big_text, scaled, use_table_scale
from companion.ui.live import part, use_view
from engine.words import plural


@part
def TableView():
    over = use_view(lambda s: s["result"] is not None)
    if over:
        return ft.Row([ft.Container(BigFinal(), expand=5), ft.Container(DemeritChart(420), expand=6)],
                      vertical_alignment=ft.CrossAxisAlignment.START, spacing=32)
    k = use_table_scale()
    return ft.Column([
        BigHeader(k),
        ft.Row([
            ft.Container(BigRoundNow(k), expand=3),
            ft.Container(ft.Column([BigDecks(k), BigPlayers(k)], spacing=scaled(20, k)), expand=2),
        ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=scaled(40, k)),
    ], spacing=scaled(16, k))


_WHOSE_TURN = {"piles": ("start_player", "{} lays out the piles"), "bidding": ("turn", "{} bids"),
               "turn_ins": ("turn", "{} turns in")}
"""Per phase, whose move it is (the public view's key naming the seat) in words."""


def _whose_turn(s: dict):
    p = s["public"]
    if p["phase"] == "setup":
        missing = still_drawing(p)
        return ("Drawing gardens: " + ", ".join(missing)) if missing else "Choose the start player"
    if p["phase"] not in _WHOSE_TURN:
        return ""
    key, words = _WHOSE_TURN[p["phase"]]
    return words.format(name_of(s["table"]["players"], p[key]))


def _big_tracker(spaces: int, space, k: float) -> ft.Control:
    """The round tracker: its spaces numbered at 40 px or more, the black rock on its space
    (drawn with a light ring, so it shows on a dark screen as on a light one)."""
    size = scaled(BIG, k)
    diameter = int(size * 1.6)
    cells = []
    for n in range(1, spaces + 1):
        if space == n:
            cells.append(kit.own(ft.Semantics(content=rk.tracker_space(diameter, None, True),
                                              label=f"Black rock on space {n}")))
        else:
            number = kit.own(ft.Text(str(n), size=size, weight=ft.FontWeight.BOLD, semantics_label=f"Tracker space {n}"))
            cells.append(rk.tracker_space(diameter, number, False))
    return ft.Row(cells, wrap=True, spacing=6, run_spacing=6)


@part
def BigHeader(k: float):
    """The round, the tracker and the black rock's odds across the top (the phase is in
    the turn's words under it: "Cy bids")."""
    rnd, phase_text, spaces, space, black, chance, ending = use_view(tracker_slice)
    where = [] if black == "tracker" else [big_text(black_rock_where(black, space, spaces), scaled(26, k))]
    return ft.Row([
        big_text(f"Round {rnd}", scaled(48, k), f"Round {rnd}"),
        ft.Column([_big_tracker(spaces, space, k)] + where, spacing=4, tight=True),
        big_text(rk.black_rock_chance_words(chance).capitalize(), scaled(BIG, k), f"Black rock chance {rk.percent(chance)}"),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        wrap=True, spacing=scaled(24, k), run_spacing=8)


@part
def BigRoundNow(k: float):
    """What the round is doing: whose turn, the piles and their bids, the last round."""
    phase = use_view(lambda s: s["public"]["phase"])
    whose = use_view(_whose_turn)
    colour = use_view(lambda s: player_colours(s)[s["to_act"][0]] if len(s["to_act"]) == 1 else None)
    ending = use_view(lambda s: bool(s["public"]["ending"]) and s["public"]["phase"] != "over")
    has_summary = use_view(lambda s: s["public"].get("last_round") is not None)
    rows: list[ft.Control] = []
    if whose:
        if colour is not None:
            rows.append(ft.Container(kit.own(ft.Text(whose, size=scaled(36, k), weight=ft.FontWeight.BOLD,
                                                     color=kit.text_on(colour), semantics_label=whose)),
                                     bgcolor=kit.swatch(colour), padding=ft.Padding(16, 4, 16, 4),
                                     border_radius=12))
        else:
            rows.append(big_text(whose, scaled(36, k), whose))
    if ending:
        rows.append(big_text("Last round: the game ends after this scoring", scaled(28, k), colour=rk.HIGHLIGHT))
    if phase in ("piles", "bidding"):
        rows.append(BigPiles(k, compact=has_summary))
    if has_summary:
        rows.append(BigLastRound(k))
    return ft.Column(rows, spacing=scaled(8, k))


def _piles_slice(s: dict):
    return tuple((p["number"], tuple(p["rocks"]), p["value"], p["complete"],
                  None if p["bid"] is None else (p["bid"]["name"], p["bid"]["value"], p["bid"]["count"],
                                                 tuple(p["bid"]["rocks"])))
                 for p in s["public"]["piles"])


PILE = 126
"""A pile on two lines (its rocks and value, its bid) at 40 px type, with its frame."""
PILES_ABOVE = 215
"""What is above the piles at 40 px type: the header, the turn, the piles count, gaps."""


@part
def BigPiles(k: float, compact: bool = False):
    """The piles, each with its value and its standing bid (the bidder, what the bid is
    worth and its rocks). Two lines a pile while there is room, else one."""
    names = use_view(rock_names)
    bidding = use_view(lambda s: s["public"]["phase"] == "bidding")
    needed = use_view(lambda s: s["public"]["piles_needed"])
    piles = use_view(_piles_slice)
    colours = use_view(lambda s: dict(zip(s["table"]["players"], player_colours(s))))
    room = kit.use_height() - scaled(PILES_ABOVE, k)  # under the header, the turn and the piles count
    one_line = compact or needed * scaled(PILE, k) > room
    count = f"Piles: {len(piles)} of {needed}"
    rows: list[ft.Control] = [big_text(count, scaled(BIG, k), count.replace(":", ""))]
    if not one_line:  # the piles and their bids take the height there is
        k = max(k, min(1.6 * k, room / needed / PILE))
    chip = scaled(26 if one_line else 32, k)
    for number, rocks, value, complete, bid in piles:
        head = [big_text(f"Pile {number}", scaled(BIG, k)),
                big_text(f"worth {value}", scaled(BIG, k), f"Pile {number} worth {value}"),
                rk.rock_row(names, rocks, size=chip)]
        if bid is not None:
            who, bid_value, count, bid_rocks = bid
            said = [kit.player_badge(who, colours.get(who, "grey"), size=scaled(30, k)),
                    big_text(f"bid {bid_value}", scaled(BIG, k), f"Pile {number} bid {who} worth {bid_value}"),
                    rk.rock_row(names, bid_rocks, size=scaled(24, k)) if bid_rocks
                    else big_text("(no rocks)", scaled(26, k))]
        elif bidding:
            said = [big_text("No bid yet", scaled(28, k))]
        else:
            said = [] if complete else [big_text("being drawn", scaled(26, k))]
        if one_line or not said:
            line: ft.Control = ft.Row(head + said, spacing=scaled(14, k), wrap=True,
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        else:
            line = ft.Column([
                ft.Row(head, spacing=scaled(16, k), vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=True),
                ft.Row(said, spacing=scaled(14, k), vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=True)],
                spacing=2)
        rows.append(ft.Container(line, padding=ft.Padding(12, 2, 12, 4),
                                 border=kit.outline(1, ft.Colors.OUTLINE_VARIANT)))
    return ft.Column(rows, spacing=scaled(6, k), horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def summary_words(names: dict, line: dict) -> str:
    """One player's part of the round in words (the row's accessible name)."""
    parts = []
    if line["pile"] is not None:
        paid = rk.rocks_label(names, line["paid"]) if line["paid"] else "no rocks"
        parts.append(f"took pile {line['pile']} ({rk.rocks_label(names, line['took'])}) for {paid}")
    if line["card"] == "pass":
        drew = line["drew"]
        drew_words = ("the black rock" if drew == "K" else "nothing (the bag was empty)" if drew is None
                      else rk.rock_label(names, drew))
        parts.append(f"passed: a Pass card, drew {drew_words}")
    for turn in line["turned_in"]:
        parts.append(f"turned in {turn['title']} ({rk.rocks_label(names, turn['rocks'])}) for a {turn['title']} card")
    return f"{line['name']} " + "; ".join(parts) if parts else f"{line['name']}: nothing"


def _summary_slice(s: dict):
    summary = s["public"].get("last_round")
    if summary is None:
        return None
    return (summary["round"], summary["scored"],
            tuple((p["seat"], p["name"], p["pile"], tuple(p["took"]), tuple(p["paid"]), p["card"], p["drew"],
                   tuple((t["title"], tuple(t["rocks"])) for t in p["turned_in"]))
                  for p in summary["players"]))


@part
def BigLastRound(k: float):
    """What each player took, paid, drew and turned in: the round being scored, or the
    round just scored while the next piles are laid out (the view's ``last_round``)."""
    summary = use_view(_summary_slice)
    names = use_view(rock_names)
    colours = use_view(player_colours)
    if summary is None:
        return ft.Container(visible=False)
    rnd, scored, players = summary
    text, chip = scaled(24, k), scaled(22, k)
    heading = f"Round {rnd}: what happened" if scored else f"Round {rnd} so far"
    rows: list[ft.Control] = [big_text(heading, scaled(28, k))]
    for seat, name, pile, took, paid, card, drew, turned_in in players:
        line = {"name": name, "pile": pile, "took": took, "paid": paid, "card": card, "drew": drew,
                "turned_in": [{"title": t, "rocks": r} for t, r in turned_in]}
        pieces: list[ft.Control] = [kit.player_badge(name, colours[seat], size=scaled(26, k))]
        if pile is not None:
            pieces += [_plain(f"took pile {pile}", text), rk.rock_row(names, took, size=chip),
                       _plain("for", text),
                       rk.rock_row(names, paid, size=chip) if paid else _plain("no rocks", text)]
        if card == "pass":
            pieces += [_plain("passed: Pass card, drew", text),
                       rk.rock_chip(names, drew, size=chip) if drew else _plain("nothing", text)]
        for title, rocks in turned_in:
            pieces += [_plain(f"· turned in {title}", text), rk.rock_row(names, rocks, size=chip)]
        if len(pieces) == 1:
            pieces.append(_plain("nothing this round", text))
        rows.append(ft.Semantics(content=ft.Row(pieces, spacing=8, wrap=True, run_spacing=4,
                                                vertical_alignment=ft.CrossAxisAlignment.CENTER),
                                 label=summary_words(names, line), container=True, exclude_semantics=True))
    return ft.Container(ft.Column(rows, spacing=scaled(6, k)), padding=ft.Padding(12, 6, 12, 8),
                        border=kit.outline(2, ft.Colors.OUTLINE_VARIANT), border_radius=8)


def _plain(text: str, size: int) -> ft.Control:
    return ft.Text(text, size=size)


@part
def BigDecks(k: float):
    decks = use_view(decks_slice)
    cells = []
    for deck, top, cost, left, _ in decks:
        big = str(top) if top is not None else f"{cost}*"
        name = rk.DECK_NAMES[deck]
        cells.append(ft.Column([
            big_text(name.replace(" ", "\n"), scaled(18, k)),
            big_text(big, scaled(64, k), f"{name} top {big}"),
            ft.Row([big_text(str(left), scaled(BIG, k), f"{name} cards left {left}"),
                    ft.Text("left", size=scaled(18, k))],
                   spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.END),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, expand=True))
    return ft.Column([big_text("Deck tops", scaled(26, k)),
                      ft.Row(cells, vertical_alignment=ft.CrossAxisAlignment.END)],
                     spacing=0)


@part
def BigPlayers(k: float):
    rows_data = use_view(players_slice)
    colours = use_view(player_colours)
    lines: list[ft.Control] = []
    for seat, (name, cards, rocks, shown, _) in enumerate(rows_data):
        lines.append(ft.Row([
            kit.player_badge(name, colours[seat], size=scaled(34 if len(rows_data) <= 4 else 28, k)),
            ft.Row([big_text(str(cards), scaled(BIG, k), f"{name} demerit cards {cards}"),
                    ft.Text("demerit cards" if cards != 1 else "demerit card", size=scaled(18, k)),
                    big_text(str(rocks), scaled(BIG, k), f"{name} rocks {rocks}"),
                    ft.Text("rocks" if rocks != 1 else "rock", size=scaled(18, k))],
                   tight=True, spacing=scaled(10, k), vertical_alignment=ft.CrossAxisAlignment.END),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    if len(lines) > 4:  # five or six players: two columns, so the numbers keep their size
        half = (len(lines) + 1) // 2
        body: ft.Control = ft.Row([ft.Column(lines[:half], spacing=0, expand=True),
                                   ft.Column(lines[half:], spacing=0, expand=True)],
                                  spacing=scaled(28, k), vertical_alignment=ft.CrossAxisAlignment.START)
    else:
        body = ft.Column(lines, spacing=0)
    return ft.Column([big_text("Players", scaled(24, k)), body], spacing=0)


@part
def BigFinal():
    ranking = use_view(ranking_slice)
    reasons = use_view(ending_reasons)
    colours = use_view(player_colours)
    rows: list[ft.Control] = [big_text("Game over", 64)]
    rows += [big_text(r, 24) for r in reasons]
    for seat, name, place, demerits, rocks, _ in ranking:
        rows.append(ft.Row([
            ft.Row([big_text(f"{place}.", 48, f"{name} place {place}"), kit.player_badge(name, colours[seat], size=40)],
                   tight=True, spacing=12),
            ft.Row([big_text(str(demerits), 56, f"{name} demerits {demerits}"),
                    big_text(plural(rocks, "rock"), 28, f"{name} rocks {rocks}")], tight=True, spacing=12),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    return ft.Column(rows, spacing=12)
