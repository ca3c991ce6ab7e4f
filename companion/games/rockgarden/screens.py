"""Rock Garden's phone screen, ``Screen``: what this seat must do now (its ``legal``
moves say) is the card on top: draw the starting garden, lay out the piles, bid or pass
(:mod:`.bidding`), turn in forbidden sets (:mod:`.turn_ins`). Below: my garden
(:mod:`.garden`: 5 x 3 counters, forbidden sets framed, my demerits -- hidden from the
others), then the table (:mod:`.overview`: round tracker and black rock odds, piles and
bids outside the bidding, decks, every player's cards and rocks). The end
(:mod:`.final`): every player's demerits, the ranking (ties broken by rocks) and a chart
by round.

Everything shown comes with the view: the bid advice and the turn-in advice (with the
deck tops they assume, and the different rocks a plan can leave) are in this seat's
private view only. The screen draws and sends moves; the table checks every rule (the
composer asks the table's own check, ``engine.rockgarden.bid_check``, before it offers
"Place bid").

The host's table screen (seat None on a phone-sized screen) shows public information
only; it can record the piles for the start player, choose the start player and correct
any garden. The host's big shared screen is :mod:`.table`.
"""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.bidding import Bidding
from companion.games.rockgarden.final import DemeritChart, Final
from companion.games.rockgarden.garden import MyGarden
from companion.games.rockgarden.overview import Decks, PilesView, Players, Tracker
from companion.games.rockgarden.turn_ins import TurnIns
from companion.games.rockgarden.words import allowed, name_of, seat_and_names, still_drawing
from companion.ui import kit
from companion.ui.live import part, use_fixed, use_table, use_view
from engine.words import plural


# -- the phone's screen ----------------------------------------------------------------------

@part
def Screen():
    over = use_view(lambda s: s["result"] is not None)
    phase = use_view(lambda s: s["public"]["phase"])
    seat = use_fixed(lambda s: s["table"]["seat"])
    correcting, set_correcting = ft.use_state(None)
    controls: list[ft.Control] = [Note()]
    if over:
        controls += [Final(), DemeritChart()]
        return _column(controls)
    if correcting is not None:
        controls.append(Correction(correcting, lambda: set_correcting(None), key=f"fix{correcting}"))
    elif phase == "setup":
        controls.append(Setup(key="setup"))
    elif phase == "piles":
        controls.append(LayPiles(key="piles"))
    elif phase == "bidding":
        controls.append(Bidding(key="bidding"))
    else:
        controls.append(TurnIns(key="turn_ins"))
    if seat is not None:
        controls.append(MyGarden())
    controls.append(Tracker())
    if phase != "bidding":  # while bidding, the piles head the bidding card
        controls.append(PilesView())
    controls += [Decks(), Players()]
    if correcting is None:
        controls.append(CorrectionButtons(set_correcting))
    return _column(controls)


def _column(controls) -> ft.Control:
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def Note():
    note = use_view(lambda s: s["public"]["note"])
    return kit.muted(f"Unofficial: {note}.") if note else ft.Container(visible=False)


# -- setup -------------------------------------------------------------------------------------

@part
def Setup():
    context = use_table()
    seat, host, players, names = use_view(seat_and_names)
    have = use_view(lambda s: s["public"]["players"][seat]["rocks"] if seat is not None else None)
    starting = use_view(lambda s: s["public"]["starting_rocks"])
    missing = use_view(lambda s: tuple(still_drawing(s["public"])))
    start = use_view(lambda s: s["public"]["start_player"])
    may_draw, may_start = use_view(allowed("setup_draw", "start_player"))
    chosen, latest, set_chosen = kit.use_field(())

    async def record(e):
        if await context.move("setup_draw", {"rocks": rk.counter_text(latest.current)}):
            set_chosen(())

    rows: list[ft.Control] = [kit.title("Setting up", size=28)]
    if seat is not None:
        if may_draw:
            rows.append(kit.body(f"Draw {starting} rocks from the bag and tap each one "
                                 f"({have + rk.count_of(chosen)} of {starting})."))
            rows.append(kit.primary("Record starting rocks", record if chosen else None))
            rows.append(rk.count_picker(names, chosen, set_chosen, total_limit=starting - have))
        else:
            rows.append(kit.body(f"Your {starting} starting rocks are in your garden."))
    if missing:
        hint = "" if seat is not None or not host else \
            ". Choose 'Enter for <player>' above to record their rocks."
        rows.append(kit.muted("Still drawing: " + ", ".join(missing) + hint))
    rows.append(kit.body(f"Start player: {name_of(players, start)}", weight=ft.FontWeight.BOLD))
    if may_start:
        rows.append(kit.muted("Who starts? The start player lays out the first piles."))
        rows.append(ft.Row([
            (kit.primary if start == s else kit.secondary)(
                f"{name} starts", lambda e, s=s: context.act("start_player", {"player": s}))
            for s, name in enumerate(players)], wrap=True))
    return kit.card(rows)


# -- laying out the piles -------------------------------------------------------------------------

@part
def LayPiles():
    context = use_table()
    seat, _, players, names = use_view(seat_and_names)
    start = use_view(lambda s: s["public"]["start_player"])
    (may_draw,) = use_view(allowed("draw"))
    black = use_view(lambda s: s["public"]["bag"]["black_rock"])
    progress = use_view(lambda s: (
        len(s["public"]["piles"]) if (not s["public"]["piles"] or s["public"]["piles"][-1]["complete"])
        else len(s["public"]["piles"]) - 1,
        s["public"]["piles_needed"], s["public"]["current_pile_value"], s["public"]["pile_target"]))
    last = use_view(lambda s: s["public"]["piles"][-1] if s["public"]["piles"] else None)
    current, needed, value, target = progress
    line = kit.own(ft.Text(f"Pile {current + 1} of {needed}: worth {value}, complete at {target}", size=22,
                           weight=ft.FontWeight.BOLD,
                           semantics_label=f"Pile {current + 1} of {needed}: value {value}"))
    if not may_draw:
        return kit.card([kit.title(f"{name_of(players, start)} is laying out the piles"), line])

    def black_rock():
        context.confirm("The black rock came out?", "The game ends at once: this round is not played.",
                        lambda: context.act("draw", {"rocks": "K"}), "Black rock: end the game")

    who = "You lay" if seat == start else f"{name_of(players, start)} lays"
    rows = [kit.title(f"{who} out the piles", size=28),
            kit.body("Draw from the bag and tap each rock as it comes out. A pile is "
                     f"complete at {target} or more; then the next one starts."),
            line]
    if last is not None and not last["complete"]:
        rows.append(rk.rock_row(names, last["rocks"]))
    elif last is not None:
        rows.append(kit.body(f"Pile {last['number']} is complete (worth {last['value']}): "
                             f"now pile {last['number'] + 1}.", weight=ft.FontWeight.BOLD))
    rows.append(rk.tap_picker(names, lambda code: context.act("draw", {"rocks": code}),
                              black=black_rock if black else None))
    return kit.card(rows)


# -- corrections -------------------------------------------------------------------------------

@part
def CorrectionButtons(start):
    seat, host, players, _ = use_view(seat_and_names)
    (may_correct,) = use_view(allowed("correct_garden"))
    phase = use_view(lambda s: s["public"]["phase"])
    if seat is not None:
        seats = [seat] if may_correct else []
    else:  # the host's table screen corrects any garden (the host may act for any seat)
        seats = list(range(len(players))) if host else []
    if not seats:
        if seat is not None and phase == "turn_ins":
            return kit.card([kit.muted("During the turn-ins only the host can correct a garden.")])
        return ft.Container(visible=False)
    labels = {s: ("Correct my garden" if s == seat else f"Correct {players[s]}'s garden") for s in seats}
    return kit.card([kit.muted("Miscounted? Set a garden to what is really on the board "
                               "(the change is in the history).")] +
                    [ft.Row([kit.secondary(labels[s], lambda e, s=s: start(s)) for s in seats], wrap=True)])


@part
def Correction(target: int, done):
    context = use_table()
    seat, _, players, names = use_view(seat_and_names)
    garden = use_view(lambda s: s["public"]["players"][target]["garden"])
    chosen, latest, set_chosen = kit.use_field(lambda: rk.selection(garden))
    whose = "your" if target == seat else f"{players[target]}'s"

    async def save(e):
        if await context.move("correct_garden", {"rocks": rk.counter_text(latest.current)}, seat=target):
            done()

    return kit.card([
        kit.title(f"Correct {whose} garden", size=26),
        kit.body(f"Set the counts to what is on the board: {plural(rk.count_of(chosen), 'rock')}."),
        ft.Row([kit.primary("Save corrected garden", save),
                kit.secondary("Cancel correction", lambda e: done())], wrap=True),
        rk.count_picker(names, chosen, set_chosen),
    ])
