"""Four Big Strata: the host's table screen and the end of the game.

``TableView``: a laptop, tablet or TV in the middle of the table (1280x800, 1920x1080),
read from 2 m: the round, the phase and the start player across the top; on the left
what the table does now (who has bid - never how much -, the pick order with the bids,
who is done with production and feeding, the tribute in sentences, the final ranking);
on the right a table of every player's Money, Grain, Influence and cards per class (the
score), one row each filling the height, every number at 40 px or more (72 at most:
as large as the width allows). No controls (the frame adds the way out).

``FinalScreen``: each player's four classes as a chart (``companion.ui.charts``), the
ranking and the tie-break walk-through in words; the placing of Empresses and "any one
class" points while a player still has them to place.
"""

from __future__ import annotations

import flet as ft

from companion.games.strata import look
from companion.games.strata.words import bank_note, cat_of, name_of, phase_of, tribute_lines, waiting_words
from companion.ui import charts, kit
from companion.ui.live import part, use_table, use_view

HEAD = 64
TEXT = 40
SMALLER = 30


# -- the host's table screen ---------------------------------------------------------------

@part
def TableView():
    phase = use_view(phase_of)
    if phase in ("scoring", "over"):
        left = FinalScreen(None, big=True)
    else:
        left = BigNow()
    return ft.Column([
        BigHeadline(),
        BigBankNote(),
        ft.Row([
            ft.Container(left, expand=LEFT),
            ft.Container(BigPlayers(), expand=RIGHT),
        ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=GAP),
    ], spacing=20, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def BigHeadline():
    k = kit.use_table_scale()
    rnd, rounds = use_view(lambda s: (s["public"]["round"], s["public"]["rounds"]))
    start = use_view(lambda s: name_of(s, s["public"]["start"]))
    label = use_view(lambda s: s["public"]["phase_label"])
    round_text = f"Round {rnd} of {rounds}" if rnd else "Before round 1"
    return ft.Row([
        kit.own(ft.Text(round_text, size=kit.scaled(HEAD, k), weight=ft.FontWeight.BOLD, semantics_label=round_text)),
        kit.own(ft.Text(label, size=kit.scaled(TEXT, k), weight=ft.FontWeight.W_600,
                        semantics_label=f"Phase: {label}")),
        ft.Row([ft.Icon(ft.Icons.FLAG, size=kit.scaled(TEXT, k)),
                kit.own(ft.Text(f"Start: {start}", size=kit.scaled(TEXT, k), weight=ft.FontWeight.BOLD,
                                semantics_label=f"Start player: {start}"))], tight=True, spacing=8),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True,
        vertical_alignment=ft.CrossAxisAlignment.CENTER)


@part
def BigBankNote():
    """A limited bank that has run out, in large type (every screen says it)."""
    k = kit.use_table_scale()
    note = use_view(bank_note)
    if not note:
        return ft.Container(visible=False)
    return ft.Container(kit.own(ft.Text(note, size=kit.scaled(SMALLER, k), weight=ft.FontWeight.BOLD,
                                        color=ft.Colors.ON_TERTIARY_CONTAINER)),
                        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=8, padding=ft.Padding(16, 8, 16, 8))


@part
def BigNow():
    """What the table does now, in large type."""
    k = kit.use_table_scale()
    phase = use_view(phase_of)
    words = use_view(waiting_words)
    rows: list[ft.Control] = []
    if phase == "auction":
        rows += [BigBids(), BigTribute(small=True)]  # and what last round's tribute did
    elif phase == "pick":
        rows.append(BigPickOrder())
    elif phase == "tribute" or phase == "tribute_cap":
        rows.append(BigTribute())
    elif phase not in ("setup",):
        rows.append(BigSteps())
    if words:
        rows.append(kit.own(ft.Text(words, size=kit.scaled(SMALLER, k), weight=ft.FontWeight.BOLD)))
    rows.append(BigMarket())
    return ft.Column(rows, spacing=16)


@part
def BigBids():
    k = kit.use_table_scale()
    status = use_view(lambda s: tuple((p["name"], bool(p.get("has_bid"))) for p in s["public"]["players"]))
    rows: list[ft.Control] = [kit.big_text("Secret bids", kit.scaled(TEXT, k))]
    for name, done in status:
        rows.append(kit.own(ft.Text(f"{name}: {'bid ready' if done else 'choosing'}", size=kit.scaled(SMALLER, k),
                                    weight=ft.FontWeight.BOLD if done else None,
                                    semantics_label=f"{name} {'has bid' if done else 'choosing'}")))
    return ft.Column(rows, spacing=6)


@part
def BigPickOrder():
    k = kit.use_table_scale()
    order = use_view(lambda s: tuple(
        (place, s["public"]["players"][seat]["name"], s["public"]["players"][seat].get("bid"),
         seat == s["public"].get("picker"), bool(s["public"]["players"][seat].get("picked")))
        for place, seat in enumerate(s["public"].get("pick_order") or [], start=1)))
    rows: list[ft.Control] = [kit.big_text("Pick order", kit.scaled(TEXT, k))]
    for place, name, bid, now, done in order:
        status = " - taking a card" if now else (" - took a card" if done else "")
        rows.append(kit.own(ft.Text(f"{place}. {name}: bid {bid}{status}",
                                    size=kit.scaled(SMALLER if not now else TEXT, k),
                                    weight=ft.FontWeight.BOLD, semantics_label=f"Pick {place}: {name} bid {bid}")))
    return ft.Column(rows, spacing=6)


@part
def BigTribute(small: bool = False):
    k = kit.use_table_scale()
    lines = use_view(tribute_lines)
    if not lines:
        return ft.Container(visible=False)
    title, influence, rows = lines
    size = kit.scaled(22 if small else SMALLER, k)
    controls: list[ft.Control] = [kit.own(ft.Text(title, size=size + 6 if small else kit.scaled(TEXT, k),
                                                  weight=ft.FontWeight.BOLD)),
                                  kit.own(ft.Text(influence, size=size))]
    for text, now in rows:
        controls.append(kit.own(ft.Text(text, size=size, weight=ft.FontWeight.BOLD if now else None)))
    return ft.Column(controls, spacing=4 if small else 6)


@part
def BigSteps():
    """Production and feeding (who is done, what each gains and feeds), or a discard:
    who the table waits for."""
    k = kit.use_table_scale()
    steps = use_view(_steps)
    label = use_view(lambda s: s["public"]["phase_label"])
    phase = use_view(phase_of)
    rows: list[ft.Control] = [kit.big_text(label, kit.scaled(TEXT, k))]
    busy = "discarding" if phase in ("production_cap", "tribute_cap") else "moving tokens"
    for name, words, done in steps:
        rows.append(kit.own(ft.Text(f"{name}: {'done' if done else busy}", size=kit.scaled(SMALLER, k),
                                    weight=ft.FontWeight.BOLD if done else None,
                                    semantics_label=f"{name} {'done' if done else 'not done'}")))
        if words:
            rows.append(kit.own(ft.Text(words, size=kit.scaled(22, k))))
    return ft.Column(rows, spacing=6)


def _steps(screen: dict):
    production = screen["public"].get("production")
    if production:
        return tuple((e["name"], e.get("words", ""), e["done"]) for e in production["seats"])
    waiting = screen["to_act"]
    return tuple((p["name"], "", p["seat"] not in waiting) for p in screen["public"]["players"])


@part
def BigMarket():
    k = kit.use_table_scale()
    market = use_view(lambda s: (s["public"]["phase"], s["public"]["market"]["up"], s["public"]["market"]["down"],
                                 bool(s["public"]["market"].get("empress"))))
    phase, up, down, empress = market
    if phase not in ("auction", "pick"):
        return ft.Container(visible=False)
    text = f"Public Display: {up} face up, {down} face down" + (" (with the Empress)" if empress else "")
    return kit.own(ft.Text(text, size=kit.scaled(SMALLER, k)))


# -- every player's numbers: a table filling the right of the screen -------------------------------

LEFT, RIGHT, GAP = 3, 8, 32
NUMBER_MAX = 72
"""The numbers grow to fill the table (never under :data:`companion.ui.kit.BIG`) up to this."""
CELL = 1.5
"""A number's cell is this many times its type size wide (two digits and a margin)."""
ROW_PAD = 12
NAME = 3.5
"""The player's name and colour take at least this many times the numbers' size."""


def table_columns(screen: dict) -> tuple:
    """The class columns every row shows: the four classes, and the Empresses once anyone
    has one (each row has the same columns, under one header)."""
    cat = cat_of(screen)
    extra = tuple(c for c in cat["columns"] if c not in cat["classes"]
                  and any(card["column"] == c for p in screen["public"]["players"] for card in p["cards"]))
    return tuple((c, cat["labels"][c]) for c in (*cat["classes"], *extra))


def number_size(width: float, height: float, players: int, cells: int) -> tuple[int, float, int]:
    """(the numbers' type size, a row's height, the captions' size) for ``players`` rows of
    ``cells`` numbers in the right part of a ``width`` x ``height`` table screen: as large as
    the width allows and the rows fill the height; never under :data:`companion.ui.kit.BIG`."""
    column = (width - 64 - GAP) * RIGHT / (LEFT + RIGHT) - 24
    caption = 14 if width < 1600 else 22
    headline = HEAD * kit.table_scale(width, height + kit.TABLE_FRAME) * 1.45 + 20
    rows = height - headline - caption * 2 * 1.45 - 8
    by_height = (rows / max(1, players) - 8 - ROW_PAD) / 1.45
    size = kit.BIG
    for wanted in range(int(min(NUMBER_MAX, by_height)), kit.BIG, -2):
        if cells * (cell_width(wanted, caption) + 8) + NAME * wanted <= column:
            size = wanted
            break
    row = max(size * 1.45 + ROW_PAD // 2, rows / max(1, players) - 8)
    return size, row, caption


def cell_width(size: int, caption: int) -> float:
    """A number's cell: two digits and a margin, or its caption ("Influence"), the wider."""
    return max(size * CELL, caption * 0.6 * 9)


@part
def BigPlayers():
    n = use_view(lambda s: len(s["public"]["players"]))
    columns = use_view(table_columns)
    size, row, caption = number_size(kit.use_width(), kit.use_height(), n, 3 + len(columns))
    cell = cell_width(size, caption)
    head = [ft.Container(expand=True)]
    for title in ("Money", "Grain", "Influence"):
        head.append(ft.Container(ft.Text(title, size=caption, text_align=ft.TextAlign.CENTER), width=cell))
    for column, title in columns:
        head.append(ft.Container(ft.Text(title, size=caption, weight=ft.FontWeight.BOLD, color=look.class_text(column),
                                          text_align=ft.TextAlign.CENTER, no_wrap=True),
                                 bgcolor=look.class_colour(column), border_radius=6, width=cell,
                                 padding=ft.Padding(0, 2, 0, 2)))
    header = ft.Container(ft.Row(head, spacing=8), padding=ft.Padding(12, 0, 12, 0))
    return ft.Column([header] + [BigPlayer(s, size, row, cell, columns, key=f"p{s}") for s in range(n)],
                     spacing=8)


@part
def BigPlayer(seat: int, size: int, height: float, cell: float, columns: tuple):
    line = use_view(lambda s: _big_line(s, seat, columns))
    name, colour, money, grain, influence, start, counts = line
    badge = ft.Row([kit.player_badge(name, colour, size=int(size * 0.8))]
                   + ([ft.Icon(ft.Icons.FLAG, size=int(size * 0.8))] if start else []),
                   tight=True, spacing=6)
    cells: list[ft.Control] = [ft.Container(badge, expand=True, clip_behavior=ft.ClipBehavior.HARD_EDGE)]
    for value, label in ((money, "Money"), (grain, "Grain"), (influence, "Influence")):
        cells.append(ft.Container(_number(value, f"{name} {label} {value}", size), width=cell))
    for (column, title), count in zip(columns, counts):  # the class's colour, as in the header
        cells.append(ft.Container(_number(count, f"{name} {title} {count}", size, look.class_text(column)),
                                  bgcolor=look.class_colour(column), border_radius=10, width=cell,
                                  padding=ft.Padding(0, 2, 0, 2)))
    return ft.Container(ft.Row(cells, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        height=height, padding=ft.Padding(12, ROW_PAD // 2, 12, ROW_PAD // 2),
                        border=kit.outline(1, ft.Colors.OUTLINE_VARIANT), alignment=ft.Alignment.CENTER_LEFT)


def _number(value, label: str, size: int, colour=None) -> ft.Control:
    """One number read across the table; its accessibility node is the text itself (the
    browser tests measure its box and its digits)."""
    return kit.own(ft.Text(str(value), size=size, weight=ft.FontWeight.BOLD, color=colour, semantics_label=label,
                           text_align=ft.TextAlign.CENTER))


def _big_line(screen: dict, seat: int, columns: tuple):
    p = screen["public"]["players"][seat]
    counts = tuple(sum(1 for c in p["cards"] if c["column"] == column) for column, _ in columns)
    return (p["name"], screen["table"]["colours"][seat], p["money"], p["grain"], p["influence"],
            bool(p.get("is_start")), counts)


# -- the end of the game ---------------------------------------------------------------------

def _final_slice(screen: dict):
    """Per player: name, colour, the four class totals (as chosen, else as proposed),
    the score, whether still placing."""
    public = screen["public"]
    final = public.get("final")
    if not final:
        return None
    cat = cat_of(screen)
    out = []
    for p, f in zip(public["players"], final):
        placed = f.get("chosen") or f.get("proposal") or {}
        classes = placed.get("classes") or f.get("classes") or {}
        out.append((p["name"], screen["table"]["colours"][p["seat"]],
                    tuple(classes.get(c, 0) for c in cat["classes"]), placed.get("score"),
                    f.get("chosen") is None))
    return tuple(out)


def _ranking(screen: dict):
    result = screen.get("result")
    if not result:
        return None
    ranking = tuple((e["place"], e["name"], e["score"]) for e in result["ranking"])
    words = result.get("walkthrough")
    if isinstance(words, list):
        words = tuple(words)
    elif isinstance(words, str):
        words = (words,)
    return ranking, words or ()


@part
def FinalScreen(seat, big: bool = False):
    players = use_view(_final_slice)
    ranking = use_view(_ranking)
    cat = use_view(cat_of)
    placing = use_view(lambda s: "final_assignment" in s["legal"])
    words = use_view(waiting_words)
    size = TEXT if big else kit.LARGE
    rows: list[ft.Control] = []
    if seat is not None and placing:
        rows.append(Placing(seat))
    if ranking:
        rows += _ranking_rows(*ranking, size, big)
    else:
        rows.append(kit.own(ft.Text("Final scoring", size=size, weight=ft.FontWeight.BOLD)))
        if words:
            rows.append(kit.body(words))
    if players:
        rows += _class_rows(players, cat, big)
    return kit.card(rows) if not big else ft.Column(rows, spacing=8)


def _ranking_rows(order, tie_words, size: int, big: bool) -> list[ft.Control]:
    """Who wins, each place and score, and how ties were broken."""
    best = [name for place, name, _ in order if place == 1]
    rows: list[ft.Control] = [kit.own(ft.Text(
        f"{best[0]} wins" if len(best) == 1 else " and ".join(best) + " share the win",
        size=size + 8, weight=ft.FontWeight.BOLD))]
    for place, name, score in order:
        rows.append(ft.Row([
            kit.own(ft.Text(f"{place}. {name}", size=size, weight=ft.FontWeight.BOLD)),
            kit.own(ft.Text(f"score {score}", size=size, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{name} final score {score}")),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    rows.append(kit.muted("Score = the lowest class; ties compare the second lowest, and so on."))
    for line in tie_words:
        rows.append(kit.own(ft.Text(line, size=kit.BODY if not big else SMALLER)))
    return rows


def _class_rows(players, cat: dict, big: bool) -> list[ft.Control]:
    """Each player's classes: the chart, then in words."""
    labels = [cat["labels"][c] for c in cat["classes"]]
    rows: list[ft.Control] = [charts.grouped_bars(
        labels, [p[0] for p in players], [p[1] for p in players], [list(p[2]) for p in players],
        height=320 if big else 240)]
    for name, _, classes, score, still in players:
        text = f"{name}: " + ", ".join(f"{label} {v}" for label, v in zip(labels, classes))
        if still:
            text += " (proposed; still placing)"
        rows.append(kit.own(ft.Text(text, size=kit.SMALL + 2 if not big else 22)))
    return rows


@part
def Placing(seat: int):
    """Empresses and "any one class" points: accept the proposal, or choose otherwise."""
    context = use_table()
    final = use_view(lambda s: (s["public"].get("final") or [None] * (seat + 1))[seat])
    cat = use_view(cat_of)
    choice, set_choice = ft.use_state(None)
    if not final:
        return ft.Container(visible=False)
    labels = cat["labels"]
    chunks = final["chunks"]
    proposal = final["proposal"]
    current = list(choice) if choice is not None else [a["class"] for a in proposal["assignment"]]
    rows: list[ft.Control] = [kit.title("Your final placing"),
                              kit.body("Proposed (the best for your lowest class): " + _assignment_words(cat, proposal)),
                              kit.primary("Accept proposal", lambda e: context.act("final_assignment", {})),
                              kit.title("Or choose otherwise", size=kit.BODY)]
    for k, chunk in enumerate(chunks):
        what = "Empress" if chunk.get("source") == "empress" else "Any one class bonus"
        rows.append(kit.body(f"{k + 1}. {what}: {look.points_words(chunk['points'])}", size=kit.SMALL + 2))

        def put(c, k=k):
            return lambda e: set_choice(tuple(current[:k] + [c] + current[k + 1:]))

        rows.append(look.token_row([
            look.token(labels[c], f"Bonus {k + 1} to {labels[c]}", put(c), selected=current[k] == c,
                       colour=look.CLASS_COLOURS[c], size=kit.SMALL + 2) for c in cat["classes"]]))
    mine = dict(final["fixed"])
    for chunk, c in zip(chunks, current):
        mine[c] += chunk["points"]
    rows.append(kit.body("Your choice: " + ", ".join(f"{labels[c]} {mine[c]}" for c in cat["classes"]),
                         size=kit.SMALL + 2))
    # the score itself is the table's to work out: it shows once the placing is confirmed
    rows.append(kit.secondary("Confirm my placing",
                              lambda e: context.act("final_assignment", {"assignment": list(current)})))
    return kit.card(rows)


def _assignment_words(cat: dict, placed: dict) -> str:
    labels = cat["labels"]
    parts = [f"{a['points']} to {labels[a['class']]}" for a in placed.get("assignment", [])]
    return (", ".join(parts) or "nothing to place") + f"; score {placed['score']}."


__all__ = ["FinalScreen", "TableView"]
