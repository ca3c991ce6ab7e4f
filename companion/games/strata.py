"""Four Big Strata phone screens, drawn from the view envelope only (no engine imports).

What is shown comes from the view: ``ui.public`` (the table, every display, the
``catalogue`` of class and effect words, the ``numbers`` of the rules), ``ui.private``
(this seat's card fronts, bid, previews and the Money/Grain splits it may choose) and
``ui.legal`` (a move's button is offered only when the table would take it).

A player's phone (``ui.seat`` is a seat: the phone's own, or the one the host enters for):
- the round (1-15), the phase and the start player, then the one thing to do now:
  setup extras, the secret bid (pick an amount, Confirm bid; Reveal with a confirm), the
  card taken (face, class, points 1-4, the 5C effect as taps, then Confirm card), a
  discard down to 10, the tribute to take, the cards to turn down to pay, the final
  placing of Empresses and "any one class" points;
- my Money and Grain (the 10 cap), what Production and feeding will do (the engine's
  preview), my display by column (face-down cards as backs, with the front I looked at
  shown only to me), and any-time actions: 4:1 exchange, 4-for-2 trade, turn a card down;
- the pick order with the bids once revealed, the tribute as sentences, the other players.

The table screen (``ui.seat is None``): round, phase, start player, who has bid (never
how much), the pick order after the reveal, tribute sentences ("Cy takes 1 from Ann"),
every display, and at the end the ranking, class bars and the placings.
"""

from __future__ import annotations

from typing import Callable

import flet as ft

from companion.games import strata_kit as look
from companion.ui import kit
from companion.ui.gameui import GameUI

EMPRESSES = "empresses"


def build(ui: GameUI) -> list[ft.Control]:
    seat = ui.seat
    if seat is None:
        return _table(ui)
    return _phone(ui, seat)


# -- shared pieces -----------------------------------------------------------------
def _cat(ui: GameUI) -> dict:
    """Words and choices for classes, effects and points (the view's catalogue)."""
    return ui.public["catalogue"]


def _numbers(ui: GameUI) -> dict:
    """The rules' numbers: the cap of 10, exchange and trade rates, flip gain and cost."""
    return ui.public["numbers"]


def _name(ui: GameUI, seat: int | None) -> str:
    return ui.public["players"][seat]["name"] if seat is not None else "nobody"


def _headline(ui: GameUI) -> ft.Control:
    game = ui.public
    start = _name(ui, game["start"])
    rnd = game["round"]
    round_text = f"Round {rnd} of {game['rounds']}" if rnd else "Before round 1"
    return ft.Column([
        ft.Row([
            kit.own(ft.Text(round_text, size=kit.LARGE + 4, weight=ft.FontWeight.BOLD,
                            semantics_label=round_text)),
            ft.Row([ft.Icon(ft.Icons.FLAG, size=20), kit.body(f"Start: {start}", size=kit.SMALL + 2)],
                   spacing=4, tight=True),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
        kit.own(ft.Text(game["phase_label"], size=kit.BODY, weight=ft.FontWeight.W_600,
                        semantics_label=f"Phase: {game['phase_label']}")),
    ], spacing=2)


def _banner(text: str, urgent: bool = False) -> ft.Control:
    return ft.Container(
        kit.own(ft.Text(text, size=kit.BODY + 2, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_TERTIARY_CONTAINER if urgent else ft.Colors.ON_SECONDARY_CONTAINER)),
        bgcolor=ft.Colors.TERTIARY_CONTAINER if urgent else ft.Colors.SECONDARY_CONTAINER,
        border_radius=12, padding=12)


def _waiting_line(ui: GameUI) -> ft.Control | None:
    """Who the table waits for, in words (from the engine's ``to_act``)."""
    game = ui.public
    phase = game["phase"]
    waiting = [_name(ui, s) for s in ui.to_act]
    if not waiting or phase in ("over",):
        return None
    if phase == "setup":
        return kit.body(f"Waiting for {', '.join(waiting)} to take their extra resources.")
    if phase == "auction":
        if game["can_reveal"]:
            return kit.body("Everyone has bid: reveal the bids.")
        return kit.body(f"Waiting for bids from {', '.join(waiting)}.")
    if phase == "pick":
        return kit.body(f"Waiting for {waiting[0]} to take a card.")
    if phase == "production":
        return kit.body(f"Waiting for {', '.join(waiting)} to feed and tap Done.")
    if phase == "tribute_cap":
        return kit.body(f"Waiting for {', '.join(waiting)} to discard down to {_numbers(ui)['cap']}.")
    if phase == "tribute":
        return None  # the tribute card says it
    if phase == "scoring":
        return kit.body(f"Waiting for {', '.join(waiting)} to place their flexible points.")
    return None


def _reveal_button(ui: GameUI) -> ft.Control:
    def reveal(e=None):
        ui.confirm("Reveal every bid?",
                   "Every phone shows every bid at once and the bids go to the bank. "
                   "This cannot be undone.", lambda: ui.act("reveal", {}), "Reveal")
    return kit.primary("Reveal bids", reveal)


def _bid_status(ui: GameUI) -> ft.Control:
    """Who has bid: never how much (the engine's view does not say)."""
    chips = []
    for p in ui.public["players"]:
        done = p.get("has_bid")
        chips.append(kit.own(ft.Text(f"{p['name']}: {'bid ready' if done else 'choosing…'}",
                                     size=kit.SMALL + 2, weight=ft.FontWeight.BOLD if done else None,
                                     semantics_label=f"{p['name']} {'has bid' if done else 'choosing'}")))
    return ft.Row(chips, wrap=True, spacing=14)


def _pick_order(ui: GameUI) -> ft.Control | None:
    game = ui.public
    order = game.get("pick_order")
    if not order:
        return None
    picker = game.get("picker")
    rows: list[ft.Control] = [kit.title("Bids and pick order", size=kit.BODY + 2)]
    for place, seat in enumerate(order, start=1):
        p = game["players"][seat]
        bid = p.get("bid")
        done = p.get("picked")
        status = "taking a card now" if seat == picker else ("took a card" if done else "")
        rows.append(ft.Row([
            kit.own(ft.Text(f"{place}.", size=kit.LARGE, weight=ft.FontWeight.BOLD,
                            semantics_label=f"Pick {place}: {p['name']}")),
            kit.player_badge(p["name"], ui.colours[seat]),
            kit.own(ft.Text(f"bid {bid}", size=kit.BODY, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{p['name']} bid {bid}")),
            kit.muted(status) if status else ft.Container(),
        ], spacing=10))
    bids = [game["players"][s].get("bid") for s in order]
    if len(set(bids)) < len(bids):
        rows.append(kit.muted("Equal bids: the player nearest the start player (clockwise) picks first."))
    return kit.card(rows)


def _market_line(ui: GameUI) -> ft.Control | None:
    market = ui.public["market"]
    if ui.public["phase"] not in ("auction", "pick"):
        return None
    up, down = market["up"], market["down"]
    text = f"Public Display: {up} face up, {down} face down"
    if market["empress"]:
        text += " (the Empress is face up)"
    return kit.body(text, size=kit.SMALL + 2)


def _tribute(ui: GameUI) -> ft.Control | None:
    """The Tribute in plain sentences, with who is to act now."""
    game = ui.public
    tribute = game.get("tribute")
    if not tribute or game["phase"] not in ("tribute", "tribute_cap", "auction"):
        return None
    if game["phase"] == "auction" and not game["round"] > 1:
        return None
    infl = tribute["influence"]
    current = tribute.get("current")
    title = "Tribute" if game["phase"] != "auction" else "Last round's tribute"
    rows: list[ft.Control] = [kit.title(title, size=kit.BODY + 2)]
    rows.append(kit.body("Influence: " + ", ".join(
        f"{p['name']} {infl[p['seat']]}" for p in game["players"]), size=kit.SMALL + 2))
    transfers = tribute["transfers"]
    if not transfers:
        rows.append(kit.body("Nobody has enough more Influence than another: no tribute."))
    for t in transfers:
        taker, payer, n = _name(ui, t["to"]), _name(ui, t["from"]), t["count"]
        paid = t.get("paid")
        if paid is not None:
            got = look.split_words(paid["money"], paid["grain"])
            text = f"{taker} took {got} from {payer}"
            if paid["money"] + paid["grain"] < n:
                text += f" ({n - paid['money'] - paid['grain']} unpaid)"
            rows.append(kit.body(text))
        elif current and current["from"] == t["from"] and current["to"] == t["to"]:
            if current["waiting_for"] == "payer":
                payer_view = game["players"][t["from"]]
                text = (f"{taker} takes {n} from {payer}: {payer} has only {payer_view['total']}, "
                        f"so {payer} must turn cards face down first")
            else:
                text = f"{taker} takes {n} from {payer}: {taker} chooses Money or Grain"
            rows.append(ft.Container(kit.own(ft.Text(text, size=kit.BODY, weight=ft.FontWeight.BOLD)),
                                     bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8, padding=8))
        else:
            rows.append(kit.body(f"{taker} takes {n} from {payer}"))
    return kit.card(rows)


def _feeding_status(ui: GameUI) -> ft.Control | None:
    """The production step on the table screen: each seat's gain and feeding, who is done
    (a minimal stand-in until the screens are rewritten for issue 18)."""
    game = ui.public
    if game["phase"] != "production":
        return None
    rows: list[ft.Control] = []
    for entry in game["production"]["seats"]:
        state = "done" if entry["done"] else "not done"
        rows.append(kit.body(f"{entry['name']} {entry['words']}: {state}."))
        short = entry["short"]
        if not entry["done"] and entry["needs"] == "flip":
            rows.append(kit.body(f"{entry['name']} lacks {look.split_words(short['money'], short['grain'])} "
                                 "to feed: exchange or turn cards face down."))
    if ui.may("move_on"):
        rows.append(kit.primary("Move everyone on", lambda e: ui.act("move_on", {})))
    return kit.card(rows) if rows else None


def _unpaid_lines(ui: GameUI) -> list[ft.Control]:
    out = []
    for p in ui.public["players"]:
        unpaid = p.get("unpaid")
        if unpaid and (unpaid.get("money") or unpaid.get("grain")):
            out.append(kit.muted(f"{p['name']} could not pay {look.split_words(unpaid['money'], unpaid['grain'])} "
                                 f"of their {unpaid.get('what', 'feeding')} (only face-down cards)."))
    return out


def _player_summary(ui: GameUI, p: dict, with_cards: bool = True) -> ft.Control:
    seat, name = p["seat"], p["name"]
    marks = []
    if p["is_start"]:
        marks.append(ft.Icon(ft.Icons.FLAG, size=18))
    if "has_bid" in p:
        marks.append(kit.muted("bid ready" if p["has_bid"] else "choosing…"))
    numbers = ft.Row([
        kit.own(ft.Text(f"{p['money']} Money", size=kit.BODY, weight=ft.FontWeight.BOLD,
                        semantics_label=f"{name} Money {p['money']}")),
        kit.own(ft.Text(f"{p['grain']} Grain", size=kit.BODY, weight=ft.FontWeight.BOLD,
                        semantics_label=f"{name} Grain {p['grain']}")),
        kit.own(ft.Text(f"Influence {p['influence']}", size=kit.SMALL + 2,
                        semantics_label=f"{name} Influence {p['influence']}")),
    ], spacing=12, wrap=True)
    rows: list[ft.Control] = [
        ft.Row([kit.player_badge(name, ui.colours[seat], size=20), ft.Row(marks, spacing=6, tight=True)],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        numbers,
    ]
    if with_cards:
        rows.append(look.display_columns(p["cards"], name, False, _cat(ui)))
    return kit.card(rows, padding=10)


# -- a player's phone ------------------------------------------------------------------
def _phone(ui: GameUI, seat: int) -> list[ft.Control]:
    game = ui.public
    me = game["players"][seat]
    my = ui.private or {}
    legal = set(ui.legal)
    controls: list[ft.Control | None] = [_headline(ui)]
    if game["phase"] == "over" or game["phase"] == "scoring":
        controls.append(_final_mine(ui, seat, legal))
        controls.append(_final_table(ui))
        controls.append(_my_display(ui, seat, legal))
        return [c for c in controls if c is not None]
    controls.append(_main_action(ui, seat, me, my, legal))
    controls.append(_resources(ui, me, my))
    controls.append(_my_display(ui, seat, legal))
    controls.append(_flip_panel(ui, seat, me, my, legal))
    controls.append(_pick_order(ui))
    controls.append(_tribute(ui))
    controls += _unpaid_lines(ui)
    controls.append(_any_time(ui, seat, me, my, legal))
    controls.append(kit.title("The other players", size=kit.BODY + 2))
    for p in game["players"]:
        if p["seat"] != seat:
            controls.append(_player_summary(ui, p))
    return [c for c in controls if c is not None]


def _my_cards(ui: GameUI, seat: int) -> list[dict]:
    """My display: the public cards, with the fronts only I saw (my private view)."""
    fronts = {f["id"]: f for f in (ui.private or {}).get("fronts", [])}
    cards = []
    for card in ui.public["players"][seat]["cards"]:
        front = fronts.get(card["id"])
        if front is not None:
            card = {**card, "front": {k: front[k] for k in ("class", "points", "effect")}}
        cards.append(card)
    return cards


def _key(ui: GameUI, seat: int, what: str) -> str:
    game = ui.public
    return f"{what}:{seat}:{game['round']}:{game['phase']}"


def _main_action(ui: GameUI, seat: int, me: dict, my: dict, legal: set) -> ft.Control | None:
    game = ui.public
    phase = game["phase"]
    if "setup_extra" in legal:
        return _setup_extra(ui, seat, me, my)
    if phase == "setup":
        start = _numbers(ui)["start"]
        return kit.card([_banner(f"Setup: you get {start['money']} Money and {start['grain']} Grain."),
                         _waiting_line(ui)])
    if phase == "auction":
        return _bid(ui, seat, me, my, legal)
    if phase == "pick":
        if "take_card" in legal:
            return _take_card(ui, seat, me, my)
        return kit.card([_waiting_line(ui), _market_line(ui)])
    if "discard" in legal:
        return _discard(ui, seat, me, my)
    if phase == "production":
        return _production_step(ui, seat, me, my, legal)
    if phase == "tribute":
        return _tribute_action(ui, seat, me, my, legal)
    line = _waiting_line(ui)
    return kit.card([line]) if line else None


def _setup_extra(ui: GameUI, seat: int, me: dict, my: dict) -> ft.Control:
    owed = me.get("extra_due", 0)
    key = _key(ui, seat, "extra")
    picker, chosen = look.split_picker(ui, key, "Extra", my["splits"].get("extra", []))
    rows: list[ft.Control] = [
        _banner(f"Setup: take {owed} extra resource{'s' if owed != 1 else ''} of your choice."),
        picker,
    ]
    if chosen:
        rows.append(kit.body(f"You will take {look.split_words(*chosen)}."))
        rows.append(kit.primary("Confirm extra", lambda e: ui.act(
            "setup_extra", {"money": chosen[0], "grain": chosen[1]}, seat=seat)))
    return kit.card(rows)


def _bid(ui: GameUI, seat: int, me: dict, my: dict, legal: set) -> ft.Control:
    rows: list[ft.Control] = [kit.title("Your secret bid")]
    mine = my.get("bid")
    if "bid" not in legal:
        rows.append(kit.muted("Watching: you cannot bid for this seat."))
        return kit.card(rows)
    key = _key(ui, seat, "bid")
    pick = ui.local.get(key)

    def choose(n: int) -> Callable:
        def handler(e=None):
            ui.local[key] = n
            ui.rerender()
        return handler

    shown = pick if pick is not None else mine
    rows.append(look.token_row([look.token(str(n), f"Bid {n}", choose(n), selected=shown == n, big=True)
                                for n in range(0, my.get("bid_max", me["money"]) + 1)]))
    if pick is not None and pick != mine:
        rows.append(kit.own(ft.Text(f"You will bid {pick} Money", size=kit.BODY + 2, weight=ft.FontWeight.BOLD)))
        rows.append(kit.primary("Confirm bid", lambda e: ui.act("bid", {"amount": pick}, seat=seat)))
    elif mine is not None:
        rows.append(kit.own(ft.Text(f"Your bid: {mine} Money", size=kit.BODY + 2, weight=ft.FontWeight.BOLD)))
        rows.append(kit.muted("Secret until the reveal; tap another amount to change it."))
    else:
        rows.append(kit.muted(f"You have {me['money']} Money: pick an amount (0 is allowed), then confirm."))
    rows.append(_bid_status(ui))
    rows.append(_market_line(ui))
    rows.append(_waiting_line(ui))
    if "reveal" in legal:
        rows.append(_reveal_button(ui))
    return kit.card([r for r in rows if r is not None])


def _take_card(ui: GameUI, seat: int, me: dict, my: dict) -> ft.Control:
    """Enter the card taken: face, class, points and effect as taps, then Confirm card."""
    game = ui.public
    cat = _cat(ui)
    labels, singular, short = cat["labels"], cat["singular"], cat["effect_short"]
    cost = _numbers(ui)["flip_up_cost"]
    market = game["market"]
    key = _key(ui, seat, "take")
    draft = ui.local.setdefault(key, {"face": "up" if market["up"] else "down", "effect": "none",
                                      "keep": "down"})

    def setter(field: str, value) -> Callable:
        def handler(e=None):
            draft[field] = value
            ui.rerender()
        return handler

    rows: list[ft.Control] = [_banner("Your turn: take a card from the Public Display"), _market_line(ui)]
    rows.append(look.token_row([
        look.token("Face up", "Face up", setter("face", "up") if market["up"] else None,
                   selected=draft["face"] == "up"),
        look.token("Face down", "Face down", setter("face", "down") if market["down"] else None,
                   selected=draft["face"] == "down"),
    ]))
    face = draft["face"]
    flip_up = face == "down" and draft.get("keep") == "up"
    if face == "down":
        rows.append(kit.muted("Look at its front for free, then keep it face down or turn it face up."))
        rows.append(look.token_row([
            look.token("Keep it face down", "Keep face down", setter("keep", "down"),
                       selected=not flip_up),
            look.token(f"Turn face up ({cost} Money)", "Turn face up",
                       setter("keep", "up") if my.get("can_flip_up") else None, selected=flip_up),
        ]))
    if face == "down" and not flip_up:
        rows.append(kit.body("Place it in the column:", size=kit.SMALL + 2))
        rows.append(look.token_row([
            look.token(labels[c], f"Into {labels[c]}", setter("column", c), selected=draft.get("column") == c,
                       colour=look.CLASS_COLOURS[c], compact=True) for c in cat["classes"]]))
        rows.append(kit.body("What its front shows (only you will see it; optional):", size=kit.SMALL + 2))
    classes = list(cat["classes"])
    if face == "up" and market["empress"]:
        classes.append(EMPRESSES)
    rows.append(look.token_row([
        look.token(singular[c], singular[c], setter("class", c), selected=draft.get("class") == c,
                   colour=look.CLASS_COLOURS[c], compact=True) for c in classes]))
    rows.append(look.token_row([
        look.token(str(n), look.points_words(n), setter("points", n), selected=draft.get("points") == n)
        for n in cat["points"]]))
    rows.append(look.token_row([
        look.token(short[e], f"Effect {short[e]}", setter("effect", e),
                   selected=draft.get("effect") == e, compact=True) for e in cat["effects"]]))
    # the payload, and what is still missing
    payload: dict = {"face": face}
    missing = []
    front_given = draft.get("class") is not None or draft.get("points") is not None
    if face == "up" or flip_up:
        if flip_up:
            payload["flip_up"] = True
        if draft.get("class") is None:
            missing.append("the class")
        if draft.get("points") is None:
            missing.append("the points")
        payload.update({"class": draft.get("class"), "points": draft.get("points"),
                        "effect": draft.get("effect", "none")})
    else:
        if draft.get("column") is None:
            missing.append("the column")
        payload["column"] = draft.get("column")
        if front_given:
            if draft.get("class") is None or draft.get("points") is None:
                missing.append("both class and points of the front (or neither)")
            payload.update({"class": draft.get("class"), "points": draft.get("points"),
                            "effect": draft.get("effect", "none")})
    bonus_row = None
    gift_options = my.get("splits", {}).get("take_gift")
    if face == "down" and not flip_up and gift_options is not None:
        amount = my.get("all_down_bonus", 0)
        picker, chosen = look.split_picker(ui, key + ":bonus", "Gift", gift_options)
        bonus_row = ft.Column([
            kit.body(f"All your cards will be face down: take {amount} resource"
                     f"{'s' if amount != 1 else ''} of your choice.", size=kit.SMALL + 2),
            picker], spacing=4)
        if chosen is None:
            missing.append("your all-face-down gift")
        else:
            payload["bonus"] = {"money": chosen[0], "grain": chosen[1]}
    if bonus_row is not None:
        rows.append(bonus_row)
    if missing:
        rows.append(kit.muted("Still to choose: " + ", ".join(missing) + "."))
    else:
        rows.append(kit.own(ft.Text("You take: " + _take_words(ui, payload), size=kit.BODY,
                                    weight=ft.FontWeight.BOLD)))
        rows.append(kit.primary("Confirm card", lambda e: ui.act("take_card", payload, seat=seat)))
    return kit.card([r for r in rows if r is not None])


def _take_words(ui: GameUI, payload: dict) -> str:
    cat = _cat(ui)
    front = None
    if payload.get("class") is not None and payload.get("points") is not None:
        front = look.front_words({"class": payload["class"], "points": payload["points"],
                                  "effect": payload.get("effect", "none")}, cat)
    if payload["face"] == "up":
        return f"a face-up {front}"
    if payload.get("flip_up"):
        return f"a face-down card turned face up for {_numbers(ui)['flip_up_cost']} Money: {front}"
    text = f"a face-down card in the {cat['labels'][payload['column']]} column"
    return text + (f" (its front: {front})" if front else "")


def _production_step(ui: GameUI, seat: int, me: dict, my: dict, legal: set) -> ft.Control:
    """Production and feeding: what I gain and feed, the shortfall or the discard, Done."""
    mine = my.get("production") or {}
    if not mine or mine.get("done"):
        return kit.card([_waiting_line(ui) or kit.body("Done.")])
    after = mine["after"]
    rows: list[ft.Control] = [_banner(
        f"You {mine['words']}; then you have {look.split_words(after['money'], after['grain'])}.")]
    short = mine["short"]
    if mine["needs"] == "flip":
        rows.append(_banner(f"You lack {look.split_words(short['money'], short['grain'])} to feed your "
                            "people: exchange, or turn a card face down (Turn down, under a card in "
                            "your display).", urgent=True))
        return kit.card(rows)
    payload: dict | None = {}
    if mine["must_discard"]:
        cap = _numbers(ui)["cap"]
        key = _key(ui, seat, "discard")
        picker, chosen = look.split_picker(ui, key, "Discard", mine.get("discard_options", []))
        rows += [_banner(f"Then discard {mine['must_discard']} down to {cap}.", urgent=True), picker]
        payload = {"money": chosen[0], "grain": chosen[1]} if chosen else None
    if "done" in legal and payload is not None:
        rows.append(kit.primary("Done", lambda e: ui.act("done", payload, seat=seat)))
    return kit.card(rows)


def _discard(ui: GameUI, seat: int, me: dict, my: dict) -> ft.Control:
    excess = my.get("must_discard", 0)
    cap = _numbers(ui)["cap"]
    key = _key(ui, seat, "discard")
    picker, chosen = look.split_picker(ui, key, "Discard", my["splits"].get("discard", []))
    rows: list[ft.Control] = [
        _banner(f"You have {me['total']}: discard {excess} down to {cap}.", urgent=True), picker]
    if chosen:
        rows.append(kit.primary("Confirm discard", lambda e: ui.act(
            "discard", {"money": chosen[0], "grain": chosen[1]}, seat=seat)))
    return kit.card(rows)


def _tribute_action(ui: GameUI, seat: int, me: dict, my: dict, legal: set) -> ft.Control | None:
    game = ui.public
    current = (game.get("tribute") or {}).get("current")
    if not current:
        return None
    payer = game["players"][current["from"]]
    taker = _name(ui, current["to"])
    if "take_tribute" in legal:
        key = _key(ui, seat, f"tribute{current['from']}")
        picker, chosen = look.split_picker(ui, key, "Take", my["splits"].get("tribute", []))
        rows: list[ft.Control] = [
            _banner(f"Tribute: take {current['count']} from {payer['name']} "
                    f"(who has {payer['money']} Money, {payer['grain']} Grain)."), picker]
        if chosen:
            rows.append(kit.primary("Confirm tribute", lambda e: ui.act(
                "take_tribute", {"money": chosen[0], "grain": chosen[1]}, seat=seat)))
        return kit.card(rows)
    if current["waiting_for"] == "payer" and current["from"] == seat:
        return kit.card([_banner(
            f"You owe {taker} {current['count']} but have only {me['total']}: turn a card face down "
            f"(Turn down, under a card in your display) for {_numbers(ui)['flip_gain']} resources.",
            urgent=True)])
    who = payer["name"] if current["waiting_for"] == "payer" else taker
    return kit.card([kit.body(f"Waiting for {who}.")])


def _flip_panel(ui: GameUI, seat: int, me: dict, my: dict, legal: set) -> ft.Control | None:
    """Turning a face-up card down: 2 resources of my choice (and the all-down gift)."""
    flip_key = f"flip:{seat}"
    cid = ui.local.get(flip_key)
    if cid is None or "flip_down" not in legal:
        return None
    card = next((c for c in me["cards"] if c["id"] == cid and c["face_up"]), None)
    if card is None:
        ui.local.pop(flip_key, None)
        return None
    cat = _cat(ui)
    gain = _numbers(ui)["flip_gain"]
    splits = my.get("splits", {})
    key = f"{flip_key}:{cid}"
    picker, chosen = look.split_picker(ui, key, "Get", splits.get("flip", []))
    front = {"class": card["column"], "points": card["points"], "effect": card["effect"]}
    rows: list[ft.Control] = [
        _banner(f"Turn your {look.front_words(front, cat)} face down? It can never be turned back; "
                f"you get {gain} resources."), picker]
    payload: dict = {"card": cid}
    missing = chosen is None
    if chosen:
        payload.update(money=chosen[0], grain=chosen[1])
    if card["column"] == EMPRESSES:
        column = ui.local.get(key + ":column")

        def put(c):
            def handler(e=None):
                ui.local[key + ":column"] = c
                ui.rerender()
            return handler
        labels = cat["labels"]
        rows.append(kit.body("A face-down Empress goes in any class column:", size=kit.SMALL + 2))
        rows.append(look.token_row([look.token(labels[c], f"Put in {labels[c]}", put(c), selected=column == c,
                                               colour=look.CLASS_COLOURS[c], compact=True)
                                    for c in cat["classes"]]))
        if column is None:
            missing = True
        payload["column"] = column
    gifts = splits.get("flip_gift")
    if gifts is not None:  # my last face-up card
        amount = my.get("all_down_bonus", 0)
        options = next((g["gift"] for g in gifts if chosen and tuple(g["flip"]) == chosen),
                       gifts[0]["gift"] if gifts else [])
        gift, gift_chosen = look.split_picker(ui, key + ":bonus", "Gift", options)
        rows.append(kit.body(f"It is your last face-up card: you also get {amount} "
                             f"resource{'s' if amount != 1 else ''} of your choice.", size=kit.SMALL + 2))
        rows.append(gift)
        if gift_chosen is None:
            missing = True
        else:
            payload["bonus"] = {"money": gift_chosen[0], "grain": gift_chosen[1]}

    def confirm(e=None):
        ui.local.pop(flip_key, None)
        ui.act("flip_down", payload, seat=seat)

    def cancel(e=None):
        ui.local.pop(flip_key, None)
        ui.rerender()

    rows.append(ft.Row([kit.primary("Confirm turn down", None if missing else confirm),
                        kit.secondary("Cancel", cancel)], wrap=True))
    return kit.card(rows)


def _resources(ui: GameUI, me: dict, my: dict) -> ft.Control:
    name = me["name"]
    total = me["total"]
    cap = _numbers(ui)["cap"]
    numbers = ft.Row([
        _big(me["money"], "Money", f"{name} Money {me['money']}"),
        _big(me["grain"], "Grain", f"{name} Grain {me['grain']}"),
        _big(f"{total}/{cap}", "in all", f"{name} total {total} of {cap}"),
        _big(me["influence"], "Influence", f"{name} Influence {me['influence']}"),
    ], alignment=ft.MainAxisAlignment.SPACE_AROUND)
    rows: list[ft.Control] = [numbers]
    preview = my.get("production_preview")
    if preview and ui.public["phase"] in ("auction", "pick", "setup"):
        gain, cost, after, short = preview["gain"], preview["cost"], preview["after"], preview["short"]
        rows.append(kit.body(
            f"Production gives {look.split_words(gain['money'], gain['grain'])}; "
            f"feeding takes {look.split_words(cost['money'], cost['grain'])}.", size=kit.SMALL + 2))
        after_total = after["money"] + after["grain"]
        text = f"Then you would have {after['money']} Money and {after['grain']} Grain"
        if after_total > cap:
            text += f" ({after_total - cap} over the {cap} cap: you will discard)"
        rows.append(kit.own(ft.Text(text + ".", size=kit.SMALL + 2,
                                    semantics_label=f"After production {after['money']} Money {after['grain']} Grain")))
        if short["money"] or short["grain"]:
            rows.append(_banner(f"Short by {look.split_words(short['money'], short['grain'])} for feeding: "
                                "exchange or turn cards face down before then.", urgent=True))
        rows.append(kit.muted("(with the cards you have now; a card taken this round adds to it)"))
    return kit.card(rows, padding=10)


def _big(value, label: str, semantics: str) -> ft.Control:
    return ft.Column([
        kit.own(ft.Text(str(value), size=kit.BIG - 6, weight=ft.FontWeight.BOLD, semantics_label=semantics)),
        ft.Text(label, size=kit.SMALL),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def _my_display(ui: GameUI, seat: int, legal: set) -> ft.Control:
    me = ui.public["players"][seat]
    can_flip = "flip_down" in legal

    def flip_for(card: dict) -> Callable | None:
        if not can_flip:
            return None

        def handler(e=None, cid=card["id"]):
            ui.local[f"flip:{seat}"] = cid
            ui.rerender()
        return handler

    rows: list[ft.Control] = [
        kit.title("My display", size=kit.BODY + 2),
        look.display_columns(_my_cards(ui, seat), me["name"], True, _cat(ui), flip_for=flip_for),
    ]
    if not me["cards"]:
        rows.append(kit.muted("No cards yet."))
    return kit.card(rows, padding=10)


def _any_time(ui: GameUI, seat: int, me: dict, my: dict, legal: set) -> ft.Control | None:
    numbers = _numbers(ui)
    swaps = my.get("swaps", {})
    rows: list[ft.Control] = [kit.title("At any time", size=kit.BODY + 2)]

    def send(kind: str, give: str) -> Callable | None:
        if kind not in legal or not swaps.get(kind, {}).get(give):
            return None
        return lambda e=None: ui.act(kind, {"give": give, "times": 1}, seat=seat)

    rate = numbers["exchange"]
    buttons = [
        kit.secondary(f"Give {rate['give']} Money for {rate['get']} Grain", send("exchange", "money")),
        kit.secondary(f"Give {rate['give']} Grain for {rate['get']} Money", send("exchange", "grain")),
    ]
    if "trade" in legal:
        rate = numbers["trade"]
        buttons += [
            kit.secondary(f"Trade {rate['give']} Money for {rate['get']} Grain", send("trade", "money")),
            kit.secondary(f"Trade {rate['give']} Grain for {rate['get']} Money", send("trade", "grain")),
        ]
    rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    if "flip_down" in legal:
        rows.append(kit.muted(f"Tap Turn down under a face-up card to turn it face down for "
                              f"{numbers['flip_gain']} resources."))
    return kit.card(rows, padding=10)


# -- the end -------------------------------------------------------------------------
def _final_mine(ui: GameUI, seat: int, legal: set) -> ft.Control | None:
    game = ui.public
    cat = _cat(ui)
    labels = cat["labels"]
    final = (game.get("final") or [None] * (seat + 1))[seat]
    if not final:
        return None
    name = game["players"][seat]["name"]
    chunks = final["chunks"]
    proposal = final["proposal"]
    rows: list[ft.Control] = [kit.title("Your final placing")]
    if not chunks:
        rows.append(kit.body("You have no Empress or \"any one class\" points to place."))
        return kit.card(rows)
    if "final_assignment" not in legal:
        chosen = final.get("chosen") or proposal
        rows.append(kit.body("Placed: " + _assignment_words(ui, chosen)))
        return kit.card(rows)
    rows.append(kit.body("Proposed (the best for your lowest class): " + _assignment_words(ui, proposal)))
    rows.append(look.class_bars(f"{name} proposed", proposal["classes"], _top([proposal["classes"]]), cat))
    rows.append(kit.primary("Accept proposal", lambda e: ui.act("final_assignment", {}, seat=seat)))
    rows.append(kit.title("Or choose otherwise", size=kit.BODY))
    key = f"final:{seat}"
    choice = ui.local.setdefault(key, [a["class"] for a in proposal["assignment"]])

    def put(k: int, c: str) -> Callable:
        def handler(e=None):
            choice[k] = c
            ui.rerender()
        return handler

    for k, chunk in enumerate(chunks):
        what = "Empress" if chunk["source"] == "empress" else "Any one class bonus"
        rows.append(kit.body(f"{k + 1}. {what}: {look.points_words(chunk['points'])}", size=kit.SMALL + 2))
        rows.append(look.token_row([
            look.token(labels[c][:4], f"Bonus {k + 1} to {labels[c]}", put(k, c), selected=choice[k] == c,
                       colour=look.CLASS_COLOURS[c], compact=True) for c in cat["classes"]]))
    # my draft, drawn: the fixed totals with each chunk added where I put it
    mine = dict(final["fixed"])
    for chunk, c in zip(chunks, choice):
        mine[c] += chunk["points"]
    score = min(mine.values())
    rows.append(look.class_bars(f"{name} my choice", mine, _top([mine]), cat))
    rows.append(kit.secondary(f"Confirm my placing (score {score})", lambda e: ui.act(
        "final_assignment", {"assignment": list(choice)}, seat=seat)))
    return kit.card(rows)


def _assignment_words(ui: GameUI, placed: dict) -> str:
    labels = _cat(ui)["labels"]
    parts = [f"{a['points']} to {labels[a['class']]}" for a in placed.get("assignment", [])]
    return (", ".join(parts) or "nothing to place") + f"; score {placed['score']}."


def _top(all_classes: list[dict]) -> int:
    return max([v for classes in all_classes for v in classes.values()] + [1])


def _final_table(ui: GameUI) -> ft.Control | None:
    """Ranking (at the end) and every player's classes as bars."""
    game = ui.public
    cat = _cat(ui)
    final = game.get("final")
    if not final:
        return None
    result = ui.result
    rows: list[ft.Control] = []
    if result:
        ranking = result["ranking"]
        best = [e["name"] for e in ranking if e["place"] == 1]
        rows.append(kit.title(f"{best[0]} wins" if len(best) == 1 else " and ".join(best) + " share the win",
                              size=kit.BIG - 8))
        for entry in ranking:
            rows.append(ft.Row([
                kit.own(ft.Text(f"{entry['place']}. {entry['name']}", size=kit.LARGE, weight=ft.FontWeight.BOLD)),
                kit.own(ft.Text(f"score {entry['score']}", size=kit.BODY, weight=ft.FontWeight.BOLD,
                                semantics_label=f"{entry['name']} final score {entry['score']}")),
            ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
        rows.append(kit.muted("Score = the lowest class; ties compare the second lowest, and so on."))
    else:
        rows.append(kit.title("Final scoring"))
        line = _waiting_line(ui)
        if line:
            rows.append(line)
    shown = []
    for p, f in zip(game["players"], final):
        placed = f.get("chosen")
        shown.append((p, placed or f["proposal"], placed is not None))
    top = _top([s[1]["classes"] for s in shown])
    for p, placed, done in shown:
        rows.append(ft.Divider(height=6))
        head = f"{p['name']}: score {placed['score']}"
        if not done:
            head += " (proposed; still placing)"
        rows.append(kit.own(ft.Text(head, size=kit.BODY + 2, weight=ft.FontWeight.BOLD)))
        rows.append(look.class_bars(p["name"], placed["classes"], top, cat))
        if placed.get("assignment"):
            rows.append(kit.muted("Flexible points: " + _assignment_words(ui, placed)))
    return kit.card(rows)


# -- the shared table screen -----------------------------------------------------------------
def _table(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    phase = game["phase"]
    top: list[ft.Control | None] = [_headline(ui)]
    if phase in ("scoring", "over"):
        top.append(_final_table(ui))
        players = [_player_summary(ui, p) for p in game["players"]]
        return _layout(ui, [c for c in top if c is not None], players)
    status: list[ft.Control | None] = []
    if phase == "auction":
        status += [_bid_status(ui), _market_line(ui)]
        if ui.may("reveal"):
            status.append(_reveal_button(ui))
        if ui.host:
            status.append(kit.muted("Bids are secret: choose \"Enter for <player>\" above to bid "
                                    "for a player without a phone."))
    status.append(_waiting_line(ui))
    if phase == "pick":
        status.append(_market_line(ui))
    status = [s for s in status if s is not None]
    if status:
        top.append(kit.card(status))
    top += [_pick_order(ui), _feeding_status(ui), _tribute(ui)]
    top += _unpaid_lines(ui)
    players = [_player_summary(ui, p) for p in game["players"]]
    return _layout(ui, [c for c in top if c is not None], players)


def _layout(ui: GameUI, main: list[ft.Control], players: list[ft.Control]) -> list[ft.Control]:
    if kit.is_wide(ui):
        return [ft.Row([
            ft.Column(main, expand=9, spacing=12),
            ft.Column(players, expand=11, spacing=12),
        ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)]
    return main + players
