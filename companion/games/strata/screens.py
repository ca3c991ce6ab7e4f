"""Four Big Strata screens as components, drawn from the view envelope only (no engine
imports, no rules re-checked: a move is offered when it is in ``legal``).

The phone (a seat: the phone's own, or the one the host enters for), top to bottom:
the round, the start player and the phase; the one thing to do now (the extra resources
at setup, the secret bid, the card taken, the production and feeding step, the tribute,
the final placing); my Money, Grain and Influence; my display by class; what the table
did (the pick order with the bids once revealed, the tribute in sentences); any-time
moves (exchange, trade, turn a card face down); the other players.

Card entry (the common case in two taps): a grid of big class buttons in the class
colours, one per points value ("Scholar 2 points"), then the card's effect from the few
its class can have, most used first (one tap takes the card); "Face down" is one switch.

The host's ``TableView`` (a laptop or TV in the middle of the table) and the end screen
(each player's four classes as a chart, the tie-break in words) are in
:mod:`companion.games.strata.table`; the card entry in :mod:`companion.games.strata.entry`.
"""

from __future__ import annotations

import flet as ft

from companion.games.strata import look
from companion.games.strata.entry import CardEntry
from companion.games.strata.table import FinalScreen
from companion.games.strata.words import (bank_note, cat_of, name_of, numbers_of, phase_of, tribute_lines,
                                          waiting_words)
from companion.ui import kit
from engine.words import and_words, plural
from companion.ui.live import part, use_fixed, use_table, use_view


# -- the phone's screen ----------------------------------------------------------------------

@part
def Screen():
    seat = use_view(lambda s: s["table"]["seat"])
    phase = use_view(phase_of)
    n = use_view(lambda s: len(s["public"]["players"]))
    end = phase in ("scoring", "over")
    controls: list[ft.Control] = [Headline(), BankNote()]
    if seat is None:  # the host's screen on a phone, or a watcher: the table, nothing hidden
        controls += [TableStatus(), PickOrder(), TributeList()]
        if end:
            controls.append(FinalScreen(None))
        controls += [PlayerCard(s, key=f"p{s}") for s in range(n)]
        return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    if end:
        controls += [FinalScreen(seat), MyDisplay(seat)]
        return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    controls += [NowPanel(seat), Resources(seat), MyDisplay(seat), PickOrder(), TributeList(),
                 AnyTime(seat), kit.title("The other players", size=kit.BODY + 2), Others(seat)]
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def Headline():
    rnd, rounds = use_view(lambda s: (s["public"]["round"], s["public"]["rounds"]))
    start = use_view(lambda s: name_of(s, s["public"]["start"]))
    label = use_view(lambda s: s["public"]["phase_label"])
    round_text = f"Round {rnd} of {rounds}" if rnd else "Before round 1"
    return ft.Column([
        ft.Row([
            kit.own(ft.Text(round_text, size=kit.LARGE + 4, weight=ft.FontWeight.BOLD,
                            semantics_label=round_text)),
            ft.Row([ft.Icon(ft.Icons.FLAG, size=20), kit.body(f"Start player: {start}", size=kit.SMALL + 2)],
                   spacing=4, tight=True),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
        kit.own(ft.Text(label, size=kit.BODY, weight=ft.FontWeight.W_600, semantics_label=f"Phase: {label}")),
    ], spacing=2)


@part
def BankNote():
    """A limited bank that has run out, said on every screen (a payment is cut short)."""
    note = use_view(bank_note)
    if not note:
        return ft.Container(visible=False)
    return look.banner(note, urgent=True)


@part
def TableStatus():
    """On the host's phone-width screen and a watcher's: who the table waits for."""
    words = use_view(waiting_words)
    can_reveal = use_view(lambda s: "reveal" in s["legal"])
    rows: list[ft.Control] = []
    if words:
        rows.append(kit.body(words, weight=ft.FontWeight.BOLD))
    if can_reveal:
        rows.append(RevealButton())
    rows.append(MoveOn())
    return kit.card(rows)


@part
def NowPanel(seat: int):
    """The one thing to do now on this phone (or what the table waits for)."""
    phase = use_view(phase_of)
    # the moves that choose the panel, not every legal move (Undo comes and goes with each move)
    legal = use_view(lambda s: tuple(k for k in ("setup_extra", "take_card", "discard", "take_tribute")
                                     if k in s["legal"]))
    rnd = use_view(lambda s: s["public"]["round"])
    if "setup_extra" in legal:
        return SetupExtra(key="extra")
    if phase == "auction":
        return BidPanel(seat, key=f"bid{rnd}")
    if "take_card" in legal:
        return CardEntry(seat, key=f"take{rnd}")
    if phase == "production":
        return ProductionStep(seat, key=f"production{rnd}")
    if "discard" in legal:
        return Discard(seat, key=f"discard{rnd}{phase}")
    if "take_tribute" in legal:
        return TakeTribute(key=f"tribute{rnd}")
    return Waiting(seat)


@part
def Waiting(seat: int):
    words = use_view(waiting_words)
    owe = use_view(lambda s: _owing(s, seat))
    rows: list[ft.Control] = []
    if owe:
        rows.append(look.banner(owe, urgent=True))
    if words:
        rows.append(kit.body(words))
    return kit.card(rows) if rows else ft.Container(visible=False)


def _owing(screen: dict, seat: int) -> str | None:
    """A tribute this seat must pay by turning cards face down first (the production
    step says its own shortfall)."""
    public = screen["public"]
    current = (public.get("tribute") or {}).get("current")
    if public["phase"] == "tribute" and current and current["waiting_for"] == "payer" and current["from"] == seat:
        me = public["players"][seat]
        gain = numbers_of(screen)["flip_gain"]
        return (f"You owe {name_of(screen, current['to'])} {current['count']} but have only {me['total']}: "
                f"turn a card face down (Turn down, in your display) for {gain} resources.")
    return None


# -- setup -------------------------------------------------------------------------------

@part
def SetupExtra():
    context = use_table()
    owed = use_view(lambda s: s["public"]["players"][s["table"]["seat"]].get("extra_due", 0))
    options = use_view(lambda s: tuple(tuple(o) for o in (s["private"] or {}).get("splits", {}).get("extra", [])))
    return kit.card([
        look.banner(f"Setup: take {plural(owed, 'extra resource')} of your choice."),
        look.split_tokens("Extra", options,
                          lambda m, g: context.act("setup_extra", {"money": m, "grain": g})),
    ])


# -- the secret bid ------------------------------------------------------------------------

@part
def BidPanel(seat: int):
    """One tap bids (secret until the reveal); another amount replaces it. The card keeps
    its parts: a bid draws again the amounts and the line that says it."""
    return kit.card([kit.title("Your secret bid"), BidTokens(), BidSaid(), BidStatus(), MarketLine(),
                     RevealButton()])


def _my_bid(s: dict) -> tuple:
    return ((s["private"] or {}).get("bid"), (s["private"] or {}).get("bid_max", 0), "bid" in s["legal"])


@part
def BidTokens():
    context = use_table()
    mine, most, can_bid = use_view(_my_bid)
    bid = ft.use_callback(lambda n: context.act("bid", {"amount": n}), [context])
    if not can_bid:
        return ft.Container(visible=False)
    # each amount a part of its own: another amount draws again two of them
    return look.token_row([BidToken(n, mine == n, bid, key=str(n)) for n in range(0, most + 1)])


@part
def BidSaid():
    # the same rows in the same places whatever the bid (a bid patches two texts)
    mine, most, can_bid = use_view(_my_bid)
    if mine is not None:
        said = f"Your bid: {mine} Money"
        hint = "Secret until the reveal; tap another amount to change it."
    else:
        said = "You have not bid yet" if can_bid else "Watching: you cannot bid for this seat."
        hint = f"You have {most} Money: tap an amount (0 is allowed)." if can_bid else ""
    return ft.Column([kit.own(ft.Text(said, size=kit.BODY + 2, weight=ft.FontWeight.BOLD)), kit.muted(hint)],
                     spacing=8)


@part
def BidToken(n: int, selected: bool, bid):
    return look.token(str(n), f"Bid {n}", lambda e: bid(n), selected=selected, size=kit.LARGE, width=64, height=56)


@part
def BidStatus():
    """Who has bid: never how much (the view does not say). One part per player: a first
    bid draws again that player's word, not the row."""
    n = use_fixed(lambda s: len(s["table"]["players"]))
    return ft.Column([ft.Row([BidChip(seat, key=f"b{seat}") for seat in range(n)], wrap=True, spacing=14),
                      EveryoneHasBid()], spacing=4)


@part
def BidChip(seat: int):
    name, done = use_view(lambda s: (s["public"]["players"][seat]["name"],
                                     bool(s["public"]["players"][seat].get("has_bid"))))
    return kit.own(ft.Text(f"{name}: {'bid ready' if done else 'choosing'}", size=kit.SMALL + 2,
                           weight=ft.FontWeight.BOLD if done else None,
                           semantics_label=f"{name} {'has bid' if done else 'choosing'}"))


@part
def EveryoneHasBid():
    everyone = use_view(lambda s: s["public"].get("can_reveal", False))
    return kit.body("Everyone has bid: reveal the bids.", weight=ft.FontWeight.BOLD, visible=everyone)


@part
def RevealButton():
    context = use_table()
    legal = use_view(lambda s: "reveal" in s["legal"])
    if not legal:
        return ft.Container(visible=False)

    def reveal(e):
        context.confirm("Reveal every bid?", "Every phone shows every bid at once and the bids go to "
                        "the bank. This cannot be undone.", lambda: context.act("reveal"), "Reveal")

    return kit.primary("Reveal bids", reveal)


@part
def MarketLine():
    market = use_view(lambda s: tuple(sorted(s["public"]["market"].items())))
    phase = use_view(phase_of)
    if phase not in ("auction", "pick"):
        return ft.Container(visible=False)
    m = dict(market)
    text = f"Public Display: {m['up']} face up, {m['down']} face down"
    if m.get("empress"):
        text += " (the Empress is face up)"
    return kit.body(text, size=kit.SMALL + 2)


# -- production and feeding -----------------------------------------------------------------------

def _production_mine(screen: dict):
    """This seat's line of the production step (its private entry: with its choices)."""
    mine = (screen.get("private") or {}).get("production")
    if not mine:
        return None
    pair = lambda d: (d.get("money", 0), d.get("grain", 0))  # noqa: E731
    return {
        "gain": pair(mine["gain"]), "feed": pair(mine["feed"]), "have": pair(mine["have"]),
        "after": pair(mine["after"]), "short": pair(mine["short"]), "can_flip": mine["can_flip"],
        "drop": pair(mine["will_drop"]), "discard": mine["must_discard"], "needs": mine["needs"],
        "bank_short": pair(mine.get("bank_short") or {}),
        "done": mine["done"],
        "options": tuple(tuple(o) for o in mine.get("discard_options") or ()),
        "flips": tuple((c["card"], c["label"], pair(c["short_after"]), pair(c["feed_after"]))
                       for c in mine.get("flip_choices") or ()),
    }


@part
def ProductionStep(seat: int):
    """Production and feeding as a step: what I gain and feed, the result, the shortfall
    (turn cards face down) and the cap (what to discard), then Done once the real tokens
    are moved."""
    context = use_table()
    mine = use_view(_production_mine)
    can_done = use_view(lambda s: "done" in s["legal"])
    words = use_view(waiting_words)
    cap = use_view(lambda s: numbers_of(s)["cap"])
    discard, latest_discard, set_discard = kit.use_field(None)
    flipping, set_flipping = ft.use_state(None)
    if not mine:
        return kit.card([kit.body(words)]) if words else ft.Container(visible=False)
    gain, feed, after = mine["gain"], mine["feed"], mine["after"]
    rows: list[ft.Control] = [
        kit.title("Production and feeding"),
        kit.own(ft.Text(f"You gain {look.split_words(*gain)}; you feed {look.split_words(*feed)}.",
                        size=kit.LARGE, weight=ft.FontWeight.BOLD)),
    ]
    if mine["bank_short"][0] or mine["bank_short"][1]:
        rows.append(look.banner(f"The bank could not pay you {look.split_words(*mine['bank_short'])}: "
                                "it has run out.", urgent=True))
    if mine["done"]:
        have = mine["have"]  # (fed already: what is left is what the phone holds)
        rows.append(kit.body(f"Done: you have {have[0]} Money and {have[1]} Grain.", weight=ft.FontWeight.BOLD))
        if words:
            rows.append(kit.body(words))
        return kit.card(rows)
    rows.append(kit.own(ft.Text(f"Then you have {after[0]} Money and {after[1]} Grain.", size=kit.BODY + 2,
                                semantics_label=f"After feeding {after[0]} Money {after[1]} Grain")))
    rows += _shortfall_rows(mine, flipping, set_flipping)
    options = mine["options"] if mine["discard"] else []

    def discarding(picked) -> tuple | None:
        """What is discarded: the one way, or the way picked (None: not picked yet)."""
        return picked if picked in options else (options[0] if len(options) == 1 else None)

    def payload(picked) -> dict:
        chosen = discarding(picked)
        return {"money": chosen[0], "grain": chosen[1]} if chosen is not None else {}

    ready = mine["needs"] != "flip"
    if mine["discard"]:
        rows.append(kit.body(f"Over the cap of {cap}: discard {plural(mine['discard'], 'resource')}.",
                             weight=ft.FontWeight.BOLD))
        chosen = discarding(discard)
        if len(options) > 1:
            rows.append(look.split_tokens("Discard", options, lambda m, g: set_discard((m, g)), chosen))
        ready = ready and chosen is not None
    rows.append(kit.muted("Move the real tokens to and from the bank, then tap Done."))
    # the discard as the latest tap left it (a tap read in the same go as Done counts)
    rows.append(kit.primary("Done: my tokens are moved",
                            (lambda e: context.act("done", payload(latest_discard.current)))
                            if (ready and can_done) else None))
    return kit.card(rows)


def _shortfall_rows(mine: dict, flipping, set_flipping) -> list[ft.Control]:
    """What I lack to feed: the cards I may turn face down (one being confirmed), or what
    goes unpaid when I have only face-down cards."""
    rows: list[ft.Control] = []
    short = mine["short"]
    if (short[0] or short[1]) and mine["can_flip"]:
        rows.append(look.banner(f"You lack {look.split_words(*short)} to feed: turn a card face down "
                                f"for 2 resources of your choice, or exchange.", urgent=True))
        rows.append(look.token_row([
            look.token(label, f"Turn down card {card}", lambda e, card=card: set_flipping(card),
                       selected=flipping == card, size=kit.SMALL + 2)
            for card, label, _, _ in mine["flips"]]))
        if flipping is not None:
            rows.append(FlipDown(flipping, lambda: set_flipping(None), key=f"flip{flipping}"))
    if mine["drop"][0] or mine["drop"][1]:
        rows.append(look.banner(f"You cannot pay {look.split_words(*mine['drop'])} (only face-down cards): "
                                "it is not paid.", urgent=True))
    return rows


@part
def MoveOn():
    """The host moves every player on from the production step (after a confirm)."""
    context = use_table()
    legal = use_view(lambda s: "move_on" in s["legal"])
    waiting = use_view(lambda s: tuple(((s["public"].get("production") or {}).get("waiting")) or ()))
    names = use_view(lambda s: tuple(p["name"] for p in s["public"]["players"]))
    if not legal:
        return ft.Container(visible=False)
    who = and_words([names[w] for w in waiting])

    def move_on(e):
        context.confirm("Move everyone on?", f"{who} {'has' if len(waiting) == 1 else 'have'} not tapped Done. "
                        "Everyone who has nothing left to choose is done at once.",
                        lambda: context.act("move_on"), "Move everyone on")

    return kit.primary("Move everyone on", move_on)


# -- discards and tribute ---------------------------------------------------------------------

@part
def Discard(seat: int):
    context = use_table()
    excess = use_view(lambda s: (s["private"] or {}).get("must_discard", 0))
    total = use_view(lambda s: s["public"]["players"][seat]["total"])
    cap = use_view(lambda s: numbers_of(s)["cap"])
    options = use_view(lambda s: tuple(tuple(o) for o in (s["private"] or {}).get("splits", {}).get("discard", [])))
    return kit.card([
        look.banner(f"You have {total}: discard {excess} down to {cap}.", urgent=True),
        look.split_tokens("Discard", options, lambda m, g: context.act("discard", {"money": m, "grain": g})),
    ])


@part
def TakeTribute():
    context = use_table()
    current = use_view(lambda s: (s["public"].get("tribute") or {}).get("current"))
    payer = use_view(lambda s: _payer(s))
    options = use_view(lambda s: tuple(tuple(o) for o in (s["private"] or {}).get("splits", {}).get("tribute", [])))
    if not current:
        return ft.Container(visible=False)
    name, money, grain = payer
    return kit.card([
        look.banner(f"Tribute: take {current['count']} from {name} (who has {money} Money, {grain} Grain)."),
        look.split_tokens("Take", options, lambda m, g: context.act("take_tribute", {"money": m, "grain": g})),
    ])


def _payer(screen: dict):
    current = (screen["public"].get("tribute") or {}).get("current")
    if not current:
        return None
    p = screen["public"]["players"][current["from"]]
    return p["name"], p["money"], p["grain"]


@part
def TributeList():
    """The tribute in sentences, taker by taker, with who is to act now."""
    lines = use_view(tribute_lines)
    if not lines:
        return ft.Container(visible=False)
    title, influence, rows = lines
    controls: list[ft.Control] = [kit.title(title, size=kit.BODY + 2), kit.body(influence, size=kit.SMALL + 2)]
    for text, now in rows:
        if now:
            controls.append(ft.Container(kit.own(ft.Text(text, size=kit.BODY, weight=ft.FontWeight.BOLD)),
                                         bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8, padding=8))
        else:
            controls.append(kit.body(text))
    return kit.card(controls)


# -- the pick order ---------------------------------------------------------------------------

@part
def PickOrder():
    rows = use_view(_pick_rows)
    if not rows:
        return ft.Container(visible=False)
    order, tie = rows
    controls: list[ft.Control] = [kit.title("Bids and pick order", size=kit.BODY + 2)]
    for place, name, colour, bid, status in order:
        controls.append(ft.Row([
            kit.own(ft.Text(f"{place}.", size=kit.LARGE, weight=ft.FontWeight.BOLD,
                            semantics_label=f"Pick {place}: {name}")),
            kit.player_badge(name, colour),
            kit.own(ft.Text(f"bid {bid}", size=kit.BODY, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{name} bid {bid}")),
            kit.muted(status) if status else ft.Container(),
        ], spacing=10))
    if tie:
        controls.append(kit.muted("Equal bids: the player nearest the start player (clockwise) picks first."))
    return kit.card(controls)


def _pick_rows(screen: dict):
    public = screen["public"]
    order = public.get("pick_order")
    if not order or public["phase"] == "auction":
        return None
    picker = public.get("picker")
    rows = []
    for place, seat in enumerate(order, start=1):
        p = public["players"][seat]
        status = "taking a card now" if seat == picker else ("took a card" if p.get("picked") else "")
        rows.append((place, p["name"], screen["table"]["colours"][seat], p.get("bid"), status))
    bids = [public["players"][s].get("bid") for s in order]
    return tuple(rows), len(set(bids)) < len(bids)


# -- my resources and my display -------------------------------------------------------------------

@part
def Resources(seat: int):
    me = use_view(lambda s: _money_line(s, seat))
    name, money, grain, total, influence, cap = me
    return kit.card([ft.Row([
        look.number(money, "Money", f"{name} Money {money}"),
        look.number(grain, "Grain", f"{name} Grain {grain}"),
        look.number(f"{total}/{cap}", "in all", f"{name} total {total} of {cap}"),
        look.number(influence, "Influence", f"{name} Influence {influence}"),
    ], alignment=ft.MainAxisAlignment.SPACE_AROUND), Preview(seat)], padding=10)


def _money_line(screen: dict, seat: int):
    p = screen["public"]["players"][seat]
    return p["name"], p["money"], p["grain"], p["total"], p["influence"], numbers_of(screen)["cap"]


@part
def Preview(seat: int):
    """Before production: what production and feeding will do with the cards I have now."""
    preview = use_view(lambda s: _preview(s))
    if not preview:
        return ft.Container(visible=False)
    gain, cost, after, short, cap = preview
    rows: list[ft.Control] = [kit.body(
        f"Production gives {look.split_words(*gain)}; feeding takes {look.split_words(*cost)}.",
        size=kit.SMALL + 2)]
    total = after[0] + after[1]
    text = f"Then you would have {after[0]} Money and {after[1]} Grain"
    if total > cap:
        text += f" ({total - cap} over the {cap} cap: you will discard)"
    rows.append(kit.own(ft.Text(text + ".", size=kit.SMALL + 2)))
    if short[0] or short[1]:
        rows.append(look.banner(f"Short by {look.split_words(*short)} for feeding: exchange or turn cards "
                                "face down before then.", urgent=True))
    return ft.Column(rows, spacing=4)


def _preview(screen: dict):
    if screen["public"]["phase"] not in ("auction", "pick", "setup"):
        return None
    preview = (screen["private"] or {}).get("production_preview")
    if not preview:
        return None

    def pair(d):
        return d.get("money", 0), d.get("grain", 0)

    return (pair(preview["gain"]), pair(preview["cost"]), pair(preview["after"]), pair(preview["short"]),
            numbers_of(screen)["cap"])


def my_cards(screen: dict, seat: int) -> tuple:
    """My display: the public cards, with the fronts only I saw (my private view)."""
    private = screen.get("private") or {}
    fronts = {f["id"]: f for f in private.get("fronts", [])}
    cards = []
    for card in screen["public"]["players"][seat]["cards"]:
        front = fronts.get(card["id"])
        if front is not None:
            card = {**card, "seen": True,
                    "front": {k: v for k, v in front.items() if k != "id"}}
        cards.append(card)
    return tuple(cards)


@part
def MyDisplay(seat: int):
    name = use_view(lambda s: name_of(s, seat))
    cards = use_view(lambda s: my_cards(s, seat))
    cat = use_view(cat_of)
    # (while the production step asks for a card to turn down, it offers them itself)
    can_flip = use_view(lambda s: "flip_down" in s["legal"] and (
        ((s.get("private") or {}).get("production") or {}).get("needs") != "flip"))
    chosen, set_chosen = ft.use_state(None)  # the card to turn face down, being confirmed
    rows: list[ft.Control] = [kit.title("My display", size=kit.BODY + 2),
                              look.display_rows(cards, name, True, cat)]
    if not cards:
        rows.append(kit.muted("No cards yet."))
    face_up = [c for c in cards if c["face_up"]]
    if can_flip and face_up:
        rows.append(kit.body("Turn a card face down for 2 resources of your choice (never back):",
                             size=kit.SMALL + 2))
        rows.append(look.token_row([
            look.token(f"Turn down {look.front_words({'class': c['column'], 'points': c['points'], 'effects': look.effects_of(c)}, cat)}",
                       f"Turn down card {c['id']}", lambda e, cid=c["id"]: set_chosen(cid),
                       selected=chosen == c["id"], size=kit.SMALL + 2)
            for c in face_up]))
    if chosen is not None and can_flip and any(c["id"] == chosen for c in face_up):
        rows.append(FlipDown(chosen, lambda: set_chosen(None), key=f"flip{chosen}"))
    return kit.card(rows, padding=10)


@part
def FlipDown(card_id: int, done):
    """Turning a face-up card down: 2 resources of my choice (and the all-down gift)."""
    context = use_table()
    card = use_view(lambda s: next((c for c in s["public"]["players"][s["table"]["seat"]]["cards"]
                                    if c["id"] == card_id), None))
    splits = use_view(lambda s: (s["private"] or {}).get("splits", {}))
    gift_amount = use_view(lambda s: (s["private"] or {}).get("all_down_bonus", 0))
    cat = use_view(cat_of)
    numbers_of_view = use_view(numbers_of)
    draft, latest, set_draft = kit.use_field(dict)
    if card is None or not card.get("face_up"):  # turned down already (this part is going)
        return ft.Container(visible=False)
    empress = card["column"] not in cat["classes"]
    flip = draft.get("flip")
    gifts = splits.get("flip_gift")

    def choose(key: str, value) -> None:  # of the latest draft: taps read in one go all count
        set_draft(lambda old: {**old, key: value})

    rows: list[ft.Control] = [look.banner(
        f"Turn your {look.front_words({'class': card['column'], 'points': card['points'], 'effects': look.effects_of(card)}, cat)} "
        "face down? It can never be turned back.")]
    options = [tuple(o) for o in splits.get("flip", [])]
    gain = numbers_of_view["flip_gain"]
    if options and sum(options[0]) < gain:  # a limited bank that has (nearly) run out
        rows.append(kit.body(f"The bank can pay only {look.split_words(*options[0])}: it has run out.",
                             weight=ft.FontWeight.BOLD))
    rows.append(look.split_tokens("Get", options, lambda m, g: choose("flip", (m, g)), flip))
    if empress:
        rows += _empress_rows(cat, draft.get("column"), choose)
    if gifts is not None:  # my last face-up card: the all-face-down gift too
        options = next((g["gift"] for g in gifts if flip and tuple(g["flip"]) == flip), gifts[0]["gift"] if gifts else [])
        rows.append(kit.body(f"It is your last face-up card: you also get {plural(gift_amount, 'resource')} "
                             "of your choice.", size=kit.SMALL + 2))
        rows.append(look.split_tokens("Gift", [tuple(o) for o in options],
                                      lambda m, g: choose("gift", (m, g)), draft.get("gift")))
    _, missing = _flip_payload(card_id, draft, empress, gifts is not None)

    async def confirm(e):
        if await context.move("flip_down", _flip_payload(card_id, latest.current, empress, gifts is not None)[0]):
            done()

    rows.append(ft.Row([kit.primary("Confirm turn down", None if missing else confirm),
                        kit.secondary("Cancel", lambda e: done())], wrap=True))
    return ft.Column(rows, spacing=8)


def _empress_rows(cat: dict, column, choose) -> list[ft.Control]:
    """The class row a face-down Empress goes in."""
    labels = cat["labels"]
    return [kit.body("A face-down Empress goes in any class row:", size=kit.SMALL + 2),
            look.token_row([
                look.token(labels[c], f"Put in {labels[c]}", lambda e, c=c: choose("column", c),
                           selected=column == c, colour=look.CLASS_COLOURS[c], size=kit.SMALL + 2)
                for c in cat["classes"]])]


def _flip_payload(card_id: int, chosen: dict, empress: bool, gift: bool) -> tuple[dict, bool]:
    """The flip_down move for a draft, and whether something is still to choose (the
    resources, an Empress's row, the all-face-down gift)."""
    payload: dict = {"card": card_id}
    turned = chosen.get("flip")
    missing = turned is None
    if turned:
        payload.update(money=turned[0], grain=turned[1])
    if empress:
        missing = missing or chosen.get("column") is None
        payload["column"] = chosen.get("column")
    if gift:
        missing = missing or chosen.get("gift") is None
        if chosen.get("gift"):
            payload["bonus"] = {"money": chosen["gift"][0], "grain": chosen["gift"][1]}
    return payload, missing


# -- any time ----------------------------------------------------------------------------------

@part
def AnyTime(seat: int):
    context = use_table()
    swaps = use_view(lambda s: _swaps(s))
    numbers = use_view(numbers_of)
    if swaps is None:
        return ft.Container(visible=False)
    exchange, trade = swaps

    def send(kind: str, give: str, ok: bool):
        return (lambda e: context.act(kind, {"give": give, "times": 1})) if ok else None

    rate = numbers["exchange"]
    buttons = [
        kit.secondary(f"Give {rate['give']} Money for {rate['get']} Grain", send("exchange", "money", exchange[0])),
        kit.secondary(f"Give {rate['give']} Grain for {rate['get']} Money", send("exchange", "grain", exchange[1])),
    ]
    if trade is not None:
        rate = numbers["trade"]
        buttons += [
            kit.secondary(f"Trade {rate['give']} Money for {rate['get']} Grain", send("trade", "money", trade[0])),
            kit.secondary(f"Trade {rate['give']} Grain for {rate['get']} Money", send("trade", "grain", trade[1])),
        ]
    return kit.card([kit.title("At any time", size=kit.BODY + 2),
                     ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)], padding=10)


def _swaps(screen: dict):
    legal = screen["legal"]
    private = screen.get("private") or {}
    swaps = private.get("swaps") or {}
    if "exchange" not in legal and "trade" not in legal and not swaps:
        return None
    ex = swaps.get("exchange", {})
    exchange = ("exchange" in legal and bool(ex.get("money")), "exchange" in legal and bool(ex.get("grain")))
    trade = None
    if "trade" in legal:
        tr = swaps.get("trade", {})
        trade = (bool(tr.get("money")), bool(tr.get("grain")))
    return exchange, trade


# -- the other players ---------------------------------------------------------------------------

@part
def Others(seat: int):
    n = use_view(lambda s: len(s["public"]["players"]))
    return ft.Column([PlayerCard(s, key=f"p{s}") for s in range(n) if s != seat], spacing=8)


@part
def PlayerCard(seat: int):
    line = use_view(lambda s: _player_line(s, seat)[:5])
    cards = use_view(lambda s: tuple(s["public"]["players"][seat]["cards"]))
    cat = use_view(cat_of)
    name, colour, money, grain, influence = line
    return kit.card([
        ft.Row([kit.player_badge(name, colour, size=20), PlayerMarks(seat)],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        ft.Row([
            kit.own(ft.Text(f"{money} Money", size=kit.BODY, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{name} Money {money}")),
            kit.own(ft.Text(f"{grain} Grain", size=kit.BODY, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{name} Grain {grain}")),
            kit.own(ft.Text(f"Influence {influence}", size=kit.SMALL + 2,
                            semantics_label=f"{name} Influence {influence}")),
        ], spacing=12, wrap=True),
        look.display_rows(cards, name, False, cat),
    ], padding=10)


@part
def PlayerMarks(seat: int):
    """The start player's flag. Whether a player's secret bid is ready is said once, in
    the bid panel's line of who has bid (a first bid draws one word on each phone)."""
    name, start = use_view(lambda s: _marks_of(s, seat)[:2])
    if not start:
        return ft.Container(visible=False)
    return ft.Icon(ft.Icons.FLAG, size=18, tooltip=f"{name} is the start player")


def _marks_of(screen: dict, seat: int) -> tuple:
    line = _player_line(screen, seat)
    return line[0], line[5], line[6]


def _player_line(screen: dict, seat: int):
    p = screen["public"]["players"][seat]
    status = ""
    if "has_bid" in p:
        status = "bid ready" if p["has_bid"] else "choosing"
    return (p["name"], screen["table"]["colours"][seat], p["money"], p["grain"], p["influence"],
            bool(p.get("is_start")), status)
