"""Rock Garden phone screens: one main action on top, the table overview below.

What this seat must do now (its ``legal`` moves say) is the big card at the top:
draw the starting garden, lay out the piles, bid or pass, turn in forbidden sets. Below
it: my garden (5 x 3 counters, forbidden sets framed, my demerits -- hidden from the
others), then the table (round tracker and black rock odds, start player and turn,
piles and bids, decks, every player's cards and rocks). The end shows every player's
demerits, the ranking (ties broken by rocks) and a chart by round.

Turn-ins: the advice (the deck tops this seat will face and every outcome, best first)
comes with the seat's private view; "Follow plan N" sends the plan's first set; each
further set of the plan is one more tap ("Turn in the next set"), so each set is its
own, undoable, action. A player may also turn in any forbidden set directly ("Turn in
Trips R3 R3 R3").

The host's table screen (seat None) shows public information only; it can record the
piles for the start player, choose the start player and correct any garden (during the
turn-ins only the host corrects gardens). For everything else the host picks "Enter for
<player>" (pass-and-play). The screen draws the view; the table checks every rule.
"""

from __future__ import annotations

import flet as ft

from companion.games import rockgarden_kit as rk
from companion.ui import kit
from companion.ui.gameui import GameUI

ENDINGS = {
    "black_in_piles": "The black rock came out while the piles were drawn: the game ended at once.",
    "black_on_pass": "The passing player drew the black rock: the game ended after that round's scoring.",
}
DECK_NAMES = {"pass": "Pass", "trips": "Trips", "foursome": "Foursome", "straight": "Straight Flush"}
PLANS_SHOWN = 4


def build(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    scratch = _scratch(ui)
    controls: list[ft.Control] = []
    if game.get("note"):
        controls.append(kit.muted(f"Unofficial: {game['note']}."))
    if ui.over:
        controls.extend(_final(ui))
        return controls
    correcting = scratch.get("correct_for")
    if correcting is not None:
        controls.append(_correction(ui, scratch, correcting))
    else:
        controls.append(_main_action(ui, scratch))
    me = ui.seat
    if me is not None:
        controls.append(_my_garden(ui, me))
    if correcting is None:
        tail = [_correction_buttons(ui, scratch)]
    else:
        tail = []
    if kit.is_wide(ui):  # the table screen on a laptop: the action left, the table right
        return [ft.ResponsiveRow([
            ft.Column(controls + tail, col={"md": 5}, spacing=12),
            ft.Container(_overview(ui), col={"md": 7}),
        ], vertical_alignment=ft.CrossAxisAlignment.START)]
    return controls + [_overview(ui)] + tail


# -- scratch state ------------------------------------------------------------------
def _scratch(ui: GameUI) -> dict:
    """Per acting seat; selections sent to the hub are cleared once the table moved on."""
    scratch = ui.local.setdefault(f"seat:{ui.seat}", {})
    revision = ui.revision
    pending = scratch.setdefault("pending", {})
    for key, sent_at in list(pending.items()):
        if revision != sent_at:
            scratch.pop(key, None)
            pending.pop(key)
    return scratch


def _act(ui: GameUI, kind: str, payload: dict, seat: int | None = None) -> None:
    """Send a move for this screen's seat (or ``seat``; the host's table screen: for the
    table, or for the one seat to act)."""
    ui.act(kind, payload, seat=ui.seat if seat is None else seat)


def _send(ui: GameUI, scratch: dict, clear: tuple, kind: str, payload: dict, seat=None) -> None:
    """Send an action; the selections in ``clear`` go once it is accepted (not if refused)."""
    for key in clear:
        scratch["pending"][key] = ui.revision
    _act(ui, kind, payload, seat)


# -- the main action ----------------------------------------------------------------
def _main_action(ui: GameUI, scratch: dict) -> ft.Control:
    phase = ui.public["phase"]
    if phase == "setup":
        return _setup(ui, scratch)
    if phase == "piles":
        return _piles(ui)
    if phase == "bidding":
        return _bidding(ui, scratch)
    return _turn_ins(ui, scratch)


def _name(ui: GameUI, seat) -> str:
    return "nobody" if seat is None else ui.players[seat]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _waiting(ui: GameUI, text: str, extra: list[ft.Control] | None = None) -> ft.Control:
    return kit.card([kit.title(text)] + (extra or []))


# setup
def _setup(ui: GameUI, scratch: dict) -> ft.Control:
    game = ui.public
    me = ui.seat
    rows: list[ft.Control] = [kit.title("Setting up", size=28)]
    if me is not None:
        have = game["players"][me]["rocks"]
        if ui.may("setup_draw"):
            counts = scratch.setdefault("setup", {})
            rows.append(kit.body(f"Draw 5 rocks from the bag and tap each one "
                                 f"({have + rk.count_of(counts)} of 5)."))
            rows.append(rk.count_picker(ui, game, counts, total_limit=5 - have))
            rows.append(kit.primary("Record starting rocks",
                                    (lambda e: _send(ui, scratch, ("setup",), "setup_draw",
                                                     {"rocks": rk.counter_text(counts)}))
                                    if counts else None))
        else:
            rows.append(kit.body("Your 5 starting rocks are in your garden."))
    missing = [p["name"] for p in game["players"] if p["rocks"] < 5]
    if missing:
        rows.append(kit.muted("Still drawing: " + ", ".join(missing)
                              + ("" if me is not None or not ui.host
                                 else ". Choose 'Enter for <player>' above to record their rocks.")))
    rows.append(kit.body(f"Start player: {_name(ui, game['start_player'])}",
                         weight=ft.FontWeight.BOLD))
    if ui.may("start_player"):
        rows.append(kit.muted("Who starts? The start player lays out the first piles."))
        rows.append(ft.Row([
            (kit.primary if game["start_player"] == s else kit.secondary)(
                f"{p['name']} starts",
                lambda e, s=s: _act(ui, "start_player", {"player": s}))
            for s, p in enumerate(game["players"])], wrap=True))
    return kit.card(rows)


# piles
def _piles(ui: GameUI) -> ft.Control:
    game = ui.public
    start = game["start_player"]
    draws_here = ui.may("draw")  # the start player, or the host for them
    n_piles = game["piles_needed"]
    piles = game["piles"]
    current = len(piles) if (not piles or piles[-1]["complete"]) else len(piles) - 1
    value = game["current_pile_value"]
    progress = kit.own(ft.Text(
        f"Pile {current + 1} of {n_piles}: {value} of {game['pile_target']}", size=22,
        weight=ft.FontWeight.BOLD,
        semantics_label=f"Pile {current + 1} of {n_piles}: value {value}"))
    if not draws_here:
        return _waiting(ui, f"{_name(ui, start)} is laying out the piles", [progress])

    def draw(code):
        _act(ui, "draw", {"rocks": code})

    def black():
        ui.confirm("The black rock came out?",
                   "The game ends at once: this round is not played.",
                   lambda: _act(ui, "draw", {"rocks": "K"}), "Black rock: end the game")

    who = "You lay" if ui.seat == start else f"{_name(ui, start)} lays"
    rows = [kit.title(f"{who} out the piles", size=28),
            kit.body("Draw from the bag and tap each rock as it comes out. A pile is "
                     f"complete at {game['pile_target']} or more; then the next one starts."),
            progress]
    if piles and not piles[-1]["complete"]:
        rows.append(rk.rock_row(game, piles[-1]["rocks"]))
    elif piles:
        last = piles[-1]
        rows.append(kit.body(f"Pile {last['number']} is complete (worth {last['value']}): "
                             f"now pile {last['number'] + 1}.", weight=ft.FontWeight.BOLD))
    rows.append(rk.tap_picker(game, draw, black=black if game["bag"]["black_rock"] else None))
    return kit.card(rows)


# bidding
def _bidding(ui: GameUI, scratch: dict) -> ft.Control:
    game = ui.public
    you = ui.private
    turn = game["turn"]
    if you is None or not (ui.may("bid") or ui.may("pass")):
        extra = []
        if ui.seat is not None:
            mine = next((p for p in game["piles"] if p["bid"] and p["bid"]["seat"] == ui.seat), None)
            if mine is not None:
                extra.append(kit.body(f"Your bid on pile {mine['number']} stands."))
        if ui.host and ui.seat is None:
            extra.append(kit.muted(f"Choose 'Enter for {_name(ui, turn)}' above to bid for them."))
        return _waiting(ui, f"{_name(ui, turn)} is bidding", extra)
    if scratch.get("passing") and ui.may("pass"):
        return _passing(ui, scratch)
    options = [o for o in you["bid_options"]]
    can_bid = [o for o in options if o["can_bid"]] if ui.may("bid") else []
    rows: list[ft.Control] = [kit.title("Undercut or pass" if ui.may("pass") else "Your bid",
                                        size=28)]
    if can_bid:
        default = next((o["pile"] for o in can_bid if o["open"]), can_bid[0]["pile"])
        pile = scratch.get("bid_pile", default)
        if pile not in [o["pile"] for o in can_bid]:
            pile = default
        rows.append(ft.Row([
            (kit.primary if o["pile"] == pile else kit.secondary)(
                f"Pile {o['pile'] + 1}", _choose_pile(ui, scratch, o["pile"]))
            for o in can_bid], wrap=True))
        option = next(o for o in options if o["pile"] == pile)
        info = game["piles"][pile]
        rows.append(rk.rock_row(game, info["rocks"]))
        if info["bid"]:
            rows.append(kit.body(f"Pile {pile + 1} (worth {info['value']}): {info['bid']['name']} bid "
                                 f"{rk.rocks_label(game, info['bid']['rocks'])} "
                                 f"(worth {info['bid']['value']}, {info['bid']['count']} rocks)"))
            rows.append(kit.body(f"To undercut: {option['limit']}.", weight=ft.FontWeight.BOLD))
        else:
            rows.append(kit.body(f"Pile {pile + 1} (worth {info['value']}) has no bid yet."))
        counts = scratch.setdefault("bid", {})
        garden = game["players"][ui.seat]["garden"]
        rows.append(kit.muted("Rocks for your bid, from your garden (or none):"))
        rows.append(rk.count_picker(ui, game, counts, limit=garden))
        worth, many = rk.value_of(counts), rk.count_of(counts)
        summary = (f"Your bid: {rk.rocks_label(game, rk.counter_text(counts).split())} — worth "
                   f"{worth}, {many} rock{'s' if many != 1 else ''}" if counts else
                   "Your bid: no rocks (worth 0; nobody can undercut it)")
        rows.append(kit.own(ft.Text(summary, size=18, weight=ft.FontWeight.BOLD)))
        buttons = [kit.primary("Place bid", lambda e: _send(
            ui, scratch, ("bid", "bid_pile"), "bid",
            {"pile": pile, "rocks": rk.counter_text(counts)}))]
        if counts:
            buttons.append(kit.secondary("Clear", lambda e: (counts.clear(), ui.rerender())))
        rows.append(ft.Row(buttons, wrap=True))
    else:
        rows.append(kit.body("Every pile has a bid of no rocks: nobody can undercut them."))
    if ui.may("pass"):
        rows.append(kit.muted("Or pass: take a Pass card (1 demerit) and draw one rock."))
        rows.append(kit.secondary("Pass", lambda e: (scratch.__setitem__("passing", True),
                                                     ui.rerender())))
    else:
        open_piles = [str(p["number"]) for p in game["piles"] if not p["bid"]]
        rows.append(kit.muted(f"You may pass once every pile has a bid "
                              f"(no bid yet on pile {', '.join(open_piles)})."))
    return kit.card(rows)


def _choose_pile(ui: GameUI, scratch: dict, pile: int):
    def handler(e):
        scratch["bid_pile"] = pile
        ui.rerender()
    return handler


def _passing(ui: GameUI, scratch: dict) -> ft.Control:
    game = ui.public
    rows: list[ft.Control] = [
        kit.title("Pass", size=28),
        kit.body("Take a Pass card (1 demerit), then draw one rock from the bag and tap it. "
                 "The bids go to the bag and each pile to its bidder."),
    ]
    if game["bag"]["total"] == 0:
        rows.append(kit.primary("Pass (the bag is empty)",
                                lambda e: _send(ui, scratch, ("passing",), "pass", {})))
    else:
        def black():
            ui.confirm("You drew the black rock?",
                       "You pass without a rock; the game ends after this round's scoring.",
                       lambda: _send(ui, scratch, ("passing",), "pass", {"rock": "K"}),
                       "Black rock: last round")

        rows.append(rk.tap_picker(
            game, lambda code: _send(ui, scratch, ("passing",), "pass", {"rock": code}),
            black=black if game["bag"]["black_rock"] else None, black_label="I drew the black rock"))
    rows.append(kit.secondary("Back to bidding", lambda e: (scratch.pop("passing", None),
                                                            ui.rerender())))
    return kit.card(rows)


# turn-ins
def _turn_ins(ui: GameUI, scratch: dict) -> ft.Control:
    game = ui.public
    you = ui.private
    turn = game["turn"]
    order = ", ".join(_name(ui, s) for s in game["turn_in_order"])
    if you is None:
        extra = [kit.muted(f"Turn-in order: {order}")]
        if ui.host:
            extra.append(kit.muted(f"Choose 'Enter for {_name(ui, turn)}' above to turn in for them."))
        return _waiting(ui, f"{_name(ui, turn)} is turning in forbidden sets", extra)
    seat = ui.seat
    my_turn = ui.may("turn_in")
    rows: list[ft.Control] = [kit.title("Turn in your forbidden sets" if my_turn else
                                        f"{_name(ui, turn)} is turning in forbidden sets", size=26),
                              kit.muted(f"Turn-in order: {order}")]
    sets = game["players"][seat]["forbidden_sets"]
    advice = you["advice"]
    if not sets:
        rows.append(kit.body("You have no forbidden set this round."))
        return kit.card(rows)
    if advice is None:
        rows.append(kit.body("You have had your turn this round."))
        return kit.card(rows)
    garden = game["players"][seat]["garden"]
    chosen = scratch.get("plan")
    if chosen is not None:
        steps = rk.remaining_steps(chosen, garden)
        if not steps or not my_turn:
            scratch.pop("plan", None)
            chosen = None
        else:
            rows.append(kit.body(f"Your plan: next {steps[0]}", weight=ft.FontWeight.BOLD))
            rows.append(rk.rock_row(game, steps[0].split(), size=26))
            rows.append(kit.primary("Turn in the next set",
                                    lambda e: _act(ui, "turn_in", {"rocks": steps[0]})))
            rows.append(kit.secondary("Choose another way", lambda e: (scratch.pop("plan", None),
                                                                      ui.rerender())))
            return kit.card(rows)
    tops = advice["tops"]
    faced = ", ".join(f"{DECK_NAMES[d]} {tops[d]}" for d in rk.SET_DECKS)
    if advice["before"]:
        rows.append(kit.body(f"Deck tops you will face after "
                             f"{', '.join(_name(ui, s) for s in advice['before'])} "
                             f"(if they follow their best plan): {faced}"))
    else:
        rows.append(kit.body(f"Deck tops you face: {faced}"))
    plans = advice["plans"]
    shown = plans if scratch.get("all_plans") else plans[:PLANS_SHOWN]
    rows.append(kit.title("Outcomes, best first", size=20))
    for number, plan in enumerate(shown, start=1):
        rows.append(_plan_card(ui, scratch, game, plan, number, garden, my_turn))
    if len(plans) > len(shown):
        rows.append(kit.secondary(f"Show all {len(plans)} outcomes",
                                  lambda e: (scratch.__setitem__("all_plans", True), ui.rerender())))
    rows.append(kit.title("Or one set at a time, your own order", size=20))
    for entry in sets:
        text = " ".join(entry["rocks"])
        title = DECK_NAMES[entry["set"]]
        line: list[ft.Control] = [rk.rock_row(game, entry["rocks"]),
                                  kit.body(f"{title}: card {_cost_now(game, entry)} now")]
        if my_turn:
            line.append(kit.secondary(f"Turn in {title} {text}",
                                      lambda e, t=text: _act(ui, "turn_in", {"rocks": t})))
        rows.append(ft.Column(line, spacing=4))
    return kit.card(rows)


def _cost_now(game: dict, entry: dict) -> int:
    """What a forbidden set's card costs now: the next card of its deck."""
    return game["decks"][entry["set"]]["next_cost"]


def _plan_card(ui, scratch, game, plan, number, garden, my_turn) -> ft.Control:
    kept = plan["kept"]
    head = (f"Plan {number}: {plan['demerits']} demerit{'s' if plan['demerits'] != 1 else ''}, "
            f"{plan['cards']} card{'s' if plan['cards'] != 1 else ''}, "
            f"keep {kept} rock{'s' if kept != 1 else ''}")
    rows: list[ft.Control] = [kit.own(ft.Text(head, size=18, weight=ft.FontWeight.BOLD))]
    for step in plan["turn_ins"]:
        rows.append(ft.Row([rk.rock_row(game, step["rocks"], size=18),
                            kit.body(f"{DECK_NAMES[step['set']]} card {step['card']}", size=16)],
                           wrap=True))
    if my_turn and plan["turn_ins"]:
        steps = plan["steps"]

        def follow(e):
            scratch["plan"] = {"garden": dict(garden), "steps": steps}
            _act(ui, "turn_in", {"rocks": steps[0]})

        rows.append(kit.primary(f"Follow plan {number}", follow))
    return ft.Container(ft.Column(rows, spacing=4), padding=10, border_radius=10,
                        border=ft.Border.all(3 if number == 1 else 1,
                                             rk.HIGHLIGHT if number == 1 else "#9e9e9e"))


# -- corrections --------------------------------------------------------------------
def _correction_buttons(ui: GameUI, scratch: dict) -> ft.Control:
    me = ui.seat
    if me is not None:
        seats = [me] if ui.may("correct_garden") else []
    else:  # the host's table screen corrects any garden (the host may act for any seat)
        seats = list(range(len(ui.players))) if ui.host and not ui.over else []
    if not seats:
        if me is not None and ui.public["phase"] == "turn_ins" and not ui.over:
            return kit.card([kit.muted("During the turn-ins only the host can correct a garden.")])
        return ft.Container()

    def start(seat):
        def handler(e):
            scratch["correct_for"] = seat
            scratch["correct"] = dict(ui.public["players"][seat]["garden"])
            ui.rerender()
        return handler

    labels = {s: ("Correct my garden" if s == me else f"Correct {_name(ui, s)}'s garden")
              for s in seats}
    return kit.card([kit.muted("Miscounted? Set a garden to what is really on the board "
                               "(the change is in the history).")] +
                    [ft.Row([kit.secondary(labels[s], start(s)) for s in seats], wrap=True)])


def _correction(ui: GameUI, scratch: dict, seat: int) -> ft.Control:
    game = ui.public
    counts = scratch.setdefault("correct", dict(game["players"][seat]["garden"]))
    whose = "your" if seat == ui.seat else f"{_name(ui, seat)}'s"

    def save(e):
        _send(ui, scratch, ("correct_for", "correct"), "correct_garden",
              {"rocks": rk.counter_text(counts)}, seat=seat)

    def cancel(e):
        scratch.pop("correct_for", None)
        scratch.pop("correct", None)
        ui.rerender()

    return kit.card([
        kit.title(f"Correct {whose} garden", size=26),
        kit.body(f"Set the counts to what is on the board: {rk.count_of(counts)} rocks."),
        rk.count_picker(ui, game, counts),
        ft.Row([kit.primary("Save corrected garden", save), kit.secondary("Cancel correction", cancel)],
               wrap=True),
    ])


# -- my garden ------------------------------------------------------------------------
def _my_garden(ui: GameUI, seat: int) -> ft.Control:
    game = ui.public
    me = game["players"][seat]
    you = ui.private or {}
    sets = me["forbidden_sets"]
    rows: list[ft.Control] = [
        ft.Row([kit.title("My garden"),
                kit.own(ft.Text(f"{me['rocks']} rocks", size=20, weight=ft.FontWeight.BOLD,
                                semantics_label=f"My garden {me['rocks']} rocks"))],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        rk.garden_grid(game, me["garden"], rk.rocks_in_sets(sets), "My garden"),
    ]
    if sets:
        rows.append(kit.body("Forbidden sets (framed):", weight=ft.FontWeight.BOLD))
        for entry in sets:
            rows.append(ft.Row([rk.rock_row(game, entry["rocks"], size=18),
                                kit.body(f"{DECK_NAMES[entry['set']]} · card {_cost_now(game, entry)} now",
                                         size=16)],
                               wrap=True))
    else:
        rows.append(kit.muted("No forbidden set in your garden."))
    demerits = you.get("demerits")
    cards = you.get("cards") or []
    rows.append(ft.Row([
        ft.Column([kit.title("My demerits", size=20),
                   kit.muted("Hidden from the other players")], spacing=0),
        kit.own(ft.Text(str(demerits), size=kit.BIG, weight=ft.FontWeight.BOLD,
                        semantics_label=f"{me['name']} demerits {demerits}")),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    if cards:
        rows.append(ft.Row([_card_chip(c) for c in cards], wrap=True, spacing=4, run_spacing=4))
    return kit.card(rows)


def _card_chip(card: dict) -> ft.Control:
    paper = " (paper)" if card.get("on_paper") else ""
    return ft.Container(ft.Text(f"{DECK_NAMES[card['deck']]} {card['value']}{paper}", size=15),
                        padding=ft.Padding(8, 4, 8, 4), border_radius=8,
                        border=ft.Border.all(1, "#9e9e9e"))


# -- the table overview ------------------------------------------------------------------
def _overview(ui: GameUI, final: bool = False) -> ft.Control:
    sections = [] if final else [_tracker(ui), _piles_view(ui), _decks(ui)]
    sections.append(_players(ui, final))
    if kit.is_wide(ui) and not final:
        return ft.ResponsiveRow([ft.Container(s, col={"md": 6}) for s in sections],
                                vertical_alignment=ft.CrossAxisAlignment.START)
    return ft.Column(sections, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _tracker(ui: GameUI) -> ft.Control:
    game = ui.public
    tracker = game["tracker"]
    spaces = []
    for space in range(1, tracker["spaces"] + 1):
        here = tracker["space"] == space
        spaces.append(ft.Container(
            None if here else ft.Text(str(space), size=14, weight=ft.FontWeight.BOLD),
            width=36, height=36, border_radius=18, alignment=ft.Alignment.CENTER,
            bgcolor=kit.swatch("black") if here else None,
            border=ft.Border.all(3 if here else 1, "#9e9e9e")))
    where = {
        "tracker": f"Black rock on space {tracker['space']} of {tracker['spaces']}",
        "bag": "The black rock is in the bag",
        "piles": "The black rock came out while the piles were drawn",
        "passer": "The passing player drew the black rock",
    }.get(tracker["black_rock"], tracker["black_rock"])
    chance = game["black_rock_chance"]
    percent = f"{chance * 100:.0f}%" if chance >= 0.01 or chance == 0 else "under 1%"
    phase_line = f"Round {game['round']} · {game['phase_text']}"
    who = []
    if game["start_player"] is not None:
        who.append(f"Start player: {_name(ui, game['start_player'])}")
    if game["phase"] in ("bidding", "turn_ins") and game["turn"] is not None:
        who.append(f"Turn: {_name(ui, game['turn'])}")
    rows: list[ft.Control] = [
        kit.own(ft.Text(phase_line, size=22, weight=ft.FontWeight.BOLD,
                        semantics_label=f"Round {game['round']}, {game['phase_text']}")),
        ft.Row(spaces, wrap=True, spacing=4),
        kit.body(where),
        kit.own(ft.Text(f"Black rock while the next piles are drawn: {percent}", size=16,
                        semantics_label=f"Black rock chance {percent}")),
    ]
    if who:
        rows.append(kit.body(" · ".join(who), weight=ft.FontWeight.BOLD))
    if game["ending"] and game["phase"] != "over":
        rows.append(kit.body("The game ends after this round's scoring.", color=rk.HIGHLIGHT,
                             weight=ft.FontWeight.BOLD))
    return kit.card(rows)


def _piles_view(ui: GameUI) -> ft.Control:
    game = ui.public
    rows: list[ft.Control] = [kit.title(f"Piles ({len(game['piles'])} of {game['piles_needed']})")]
    if not game["piles"]:
        rows.append(kit.muted("No rocks drawn yet."))
    for pile in game["piles"]:
        bid = pile["bid"]
        state = "" if pile["complete"] else " (being drawn)"
        rows.append(kit.own(ft.Text(f"Pile {pile['number']}: worth {pile['value']}{state}", size=18,
                                    weight=ft.FontWeight.BOLD,
                                    semantics_label=f"Pile {pile['number']} worth {pile['value']}")))
        rows.append(rk.rock_row(game, pile["rocks"]))
        if bid:
            text = (f"Bid: {bid['name']} — {rk.rocks_label(game, bid['rocks'])} "
                    f"(worth {bid['value']}, {bid['count']} rock{'s' if bid['count'] != 1 else ''})")
            rows.append(kit.own(ft.Text(text, size=16, semantics_label=(
                f"Pile {pile['number']} bid {bid['name']} worth {bid['value']}"))))
        elif game["phase"] == "bidding":
            rows.append(kit.muted("No bid yet"))
    return kit.card(rows)


def _decks(ui: GameUI) -> ft.Control:
    game = ui.public
    cells = []
    for deck in rk.DECK_ORDER:
        info = game["decks"][deck]
        top = info["top"]
        big = str(top) if top is not None else f"{info['next_cost']}*"
        cells.append(ft.Column([
            ft.Text(DECK_NAMES[deck], size=14, weight=ft.FontWeight.BOLD),
            kit.own(ft.Text(big, size=30, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{DECK_NAMES[deck]} top {big}")),
            kit.own(ft.Text(f"{info['cards_left']} left", size=13,
                            semantics_label=f"{DECK_NAMES[deck]} cards left {info['cards_left']}")),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, expand=True))
    rows: list[ft.Control] = [kit.title("Decks: top card"),
                              ft.Row(cells, spacing=4, vertical_alignment=ft.CrossAxisAlignment.END)]
    if any(game["decks"][d]["on_paper"] for d in rk.SET_DECKS):
        rows.append(kit.muted("* deck empty: further sets cost this on paper."))
    return kit.card(rows)


def _players(ui: GameUI, final: bool) -> ft.Control:
    game = ui.public
    rows: list[ft.Control] = [kit.title("Players")]
    for seat, player in enumerate(game["players"]):
        marks = []
        if seat == game["start_player"] and not final:
            marks.append("start")
        if seat in ui.to_act and not final:
            marks.append("to act")
        if seat == game["passer"] and not final:
            marks.append("passed")
        colour = ui.colours[seat] if seat < len(ui.colours) else "grey"
        line = [kit.player_badge(player["name"], colour, size=20)]
        if marks:
            line.append(kit.muted(", ".join(marks)))
        numbers = [
            kit.own(ft.Text(_plural(player['demerit_cards'], "card"), size=18,
                            semantics_label=f"{player['name']} demerit cards {player['demerit_cards']}")),
            kit.own(ft.Text(_plural(player['rocks'], "rock"), size=18,
                            semantics_label=f"{player['name']} rocks {player['rocks']}")),
        ]
        rows.append(ft.Row([ft.Row(line, spacing=6, tight=True, wrap=True),
                            ft.Row(numbers, spacing=12, tight=True)],
                           alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True))
        shown = player.get("shown")
        if shown and not final:  # an end of the game the host undid showed these to all
            rows.append(ft.Row([
                kit.own(ft.Text(f"Shown at the end: {shown['demerits']} demerits", size=15,
                                semantics_label=f"{player['name']} demerits shown at the end "
                                                f"{shown['demerits']}")),
            ] + [_card_chip(c) for c in shown["cards"]], wrap=True, spacing=4, run_spacing=4))
    rows.append(kit.muted("Demerit totals stay hidden until the end; each player sees their own."))
    return kit.card(rows)


# -- the end ---------------------------------------------------------------------------
def _final(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    result = ui.result or {}
    reasons = []
    for reason in result.get("ending", game["ending"]):
        if reason.startswith("deck_empty:"):
            deck = DECK_NAMES.get(reason.split(":", 1)[1], reason)
            reasons.append(f"The last {deck} card was taken: the game ended after that round's scoring.")
        else:
            reasons.append(ENDINGS.get(reason, reason))
    ranking = result.get("ranking", [])
    rows: list[ft.Control] = [kit.title("Game over", size=30)]
    rows += [kit.body(r) for r in reasons]
    rows.append(kit.muted(f"{result.get('rounds', game['round'])} rounds. Fewest demerits wins; "
                          "a tie goes to fewer rocks in the garden."))
    for row in ranking:
        seat = row["seat"]
        colour = ui.colours[seat] if seat < len(ui.colours) else "grey"
        rows.append(ft.Row([
            ft.Row([kit.own(ft.Text(f"{row['place']}.", size=28, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"{row['name']} place {row['place']}")),
                    kit.player_badge(row["name"], colour, size=22)], tight=True, spacing=8),
            ft.Row([kit.own(ft.Text(str(row["demerits"]), size=30, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"{row['name']} demerits {row['demerits']}")),
                    kit.own(ft.Text(f"{row['rocks']} rocks", size=16,
                                    semantics_label=f"{row['name']} rocks {row['rocks']}"))],
                   tight=True, spacing=8),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
        if row["cards"]:
            rows.append(ft.Row([_card_chip(c) for c in row["cards"]], wrap=True, spacing=4))
    return [kit.card(rows), _chart(ui, ranking)]


def _chart(ui: GameUI, ranking: list[dict]) -> ft.Control:
    """Each player's demerits by round: one bar per round, total at the end."""
    if not ranking:
        return ft.Container()
    rounds = max(len(r["demerits_by_round"]) for r in ranking)
    top = max([v for r in ranking for v in r["demerits_by_round"]] + [1])
    rows: list[ft.Control] = [kit.title("Demerits by round")]
    for row in sorted(ranking, key=lambda r: r["seat"]):
        colour = ui.colours[row["seat"]] if row["seat"] < len(ui.colours) else "grey"
        bars = []
        for number in range(rounds):
            values = row["demerits_by_round"]
            value = values[number] if number < len(values) else 0
            bars.append(ft.Row([
                ft.Text(f"R{number + 1}", size=13, width=30),
                ft.Container(width=max(3, int(200 * value / top)), height=14, border_radius=4,
                             bgcolor=kit.swatch(colour), border=ft.Border.all(1, "#757575")),
                kit.own(ft.Text(str(value), size=14,
                                semantics_label=f"{row['name']} round {number + 1} demerits {value}")),
            ], spacing=6))
        rows.append(kit.player_badge(row["name"], colour))
        rows.append(ft.Column(bars, spacing=2))
    return kit.card(rows)
