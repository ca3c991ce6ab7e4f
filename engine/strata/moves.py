"""Four Big Strata's moves: each declaration with its handler, when it is open, and its words.

The table model checks who, when and the payload's shape before a handler runs; ``seat``
is the player the move is for. A handler changes the private copy it is given (checks
before changes); the steps nobody chooses then run at once (:func:`engine.strata.flow.settle`),
and what the move did beside what its author chose is recorded in ``state["outcome"]``.
A move's words read the payload, the states around it and that record, never a handler:
its line in the history (secrets only for their owner: another player's bid before the
reveal, the front of a card taken face down), then what the engine did at once after
it, and what it tells a seat it concerns (where it picks after the reveal, a tribute it
paid, a new round's start player).

``setup_extra`` (a seat owed extras; setup) ``{"money": m, "grain": g}``: m + g = the
    extra owed (1 or 2).
``bid`` (any seat; auction; secret) ``{"amount": n}``: 0 .. the Money the player has.
    Secret until the reveal; bidding again replaces the bid. A player who has bid keeps
    that much Money until the reveal (exchanges/trades that would spend it are refused).
``reveal`` (anyone; auction, once every player has bid; reveals) ``{}``: shows all bids,
    pays them to the bank and fixes the pick order (highest bid first; ties to the
    player nearest the start player clockwise, the start player first). Never undone.
``take_card`` (the current picker; pick):
    - a face-up card: ``{"face": "up", "class": c, "points": 1-4, "effects": [e, ...]}``;
      ``class`` is scholars / peasants / artisans / merchants / empresses, ``effects``
      keys of ``cards.EFFECTS`` (at most 4; often one; default none). From round 7 the
      display's one Empress is among its face-up cards.
    - a face-down card kept face down: ``{"face": "down", "column": c}`` plus optionally
      the front the player looked at (``class``, ``points``, ``effects``), which only
      they will see.
    - a face-down card turned face up for 2 Money: ``{"face": "down", "flip_up": true,
      "class", "points", "effects"}``.
    - if the display becomes all face down, also ``"bonus": {"money", "grain"}``: the
      resources equal to the round number (see :func:`~engine.strata.queries.all_down_bonus`).
    After the last pick the rest of the display is discarded and Production runs.
``done`` (a seat not done yet; production) ``{"money": m, "grain": g}``: pays the
    feeding the display costs now (1 Grain a card plus every face-up feeding effect),
    then discards m + g = what is above 10 (may be left out when there is one way or
    nothing to discard). Refused while the seat lacks resources and has a face-up card
    (it must ``flip_down`` or exchange first); with only face-down cards it pays what
    it has and the rest is unpaid.
``move_on`` (the host; production) ``{}``: ``done`` for every seat with nothing to choose.
``discard`` (a seat above 10; production_cap, tribute_cap) ``{"money": m, "grain": g}``
    with m + g = the excess exactly (to the bank).
``take_tribute`` (the taker of the current transfer; tribute) ``{"money": m, "grain": g}``
    with m + g = the count owed, out of what the payer has. The transfers: takers from
    the start player clockwise, each taking from every player with less Influence,
    payers clockwise from the taker (``tribute.pair_order``); every count from the
    Influence taken as the phase began (``tribute["influence"]``: a card turned face
    down to pay changes no debt of the phase). A payer who has fewer resources than
    owed and still has face-up cards must first ``flip_down`` cards (they choose
    which); with only face-down cards the rest is unpaid.
``final_assignment`` (a seat with flexible points; scoring) ``{"assignment": [class, ...]}``:
    a class for each flexible chunk, in the order of the public ``final[seat]["chunks"]``;
    an empty payload accepts the proposed best assignment.

At any time (every phase but scoring/over), any seat for itself:
``exchange`` ``{"give": "money"|"grain", "times": k}`` (k default 1): give 4k of one
    resource to the bank, get k of the other.
``trade`` ``{"give": "money"|"grain", "times": k}``: with a face-up trade card, give 4k,
    get 2k of the other from the bank.
``flip_down`` ``{"card": id, "money": m, "grain": g}`` (m + g = 2, from the bank): turn a
    face-up card face down; it stays in its class column, except an Empress, which needs
    ``"column": class``. Add ``"bonus"`` when it is the player's last face-up card.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from engine.errors import IllegalAction
from engine.game import Action
from engine.moves import ANYONE, HOST, SEAT, TURN, Move, Said, move_table
from engine.schema import Bool, Field, Int, ListOf, Text, fields
from engine.strata import production as prod
from engine.strata.cards import (CLASSES, COLUMNS, EFFECTS, EMPRESSES, LABELS, MAX_EFFECTS,
                                 MAX_POINTS, MIN_POINTS, SINGULAR, all_face_down,
                                 describe_front, face_down_card, face_up_card, find_card,
                                 flipped_down, has_face_up, parse_column, parse_effects)
from engine.strata.flow import (begin, give_gift, in_words, outcome, pay_tribute, produce, settle,
                               steps_said)
from engine.strata.queries import (AUCTION, CAP_PHASES, EXTRA_BY_TURN, PICK, PLAYING, PRODUCTION,
                                   ROUNDS, SCORING, SETUP, TRIBUTE, cap_excess, current_picker,
                                   current_tribute, exchange_refusal, has_trade, name, pick_order,
                                   production_needs)
from engine.strata.resources import (CAP, EXCHANGE_GET, EXCHANGE_GIVE, FLIP_GAIN, FLIP_UP_COST,
                                     GRAIN, MAX_BANK, MONEY, RESOURCES, TRADE_GET, TRADE_GIVE,
                                     bank_has, choose, move_to_bank, move_to_player, words)
from engine.strata.scoring import apply_assignment
from engine.words import and_words

MAX_TOKENS = 10_000
"""The most tokens any count in a payload can name (a bid, a discard, a tribute): more
than a player can hold, the bank unlimited or not."""
MAX_CARD_ID = 1000
MAX_CHUNKS = 2 * ROUNDS
"""A player takes one card a round; each gives at most two flexible chunks (an Empress
with an "any one class" bonus)."""


def _split(most: int) -> dict[str, Field]:
    """The ``money`` and ``grain`` fields of a split of resources."""
    return {MONEY: Field(Int(0, most), "Money"), GRAIN: Field(Int(0, most), "Grain")}


GIFT = Field(fields(**_split(ROUNDS)), "The all-face-down gift")
CLASS_CHOICE = Text(20, choices=CLASSES)
EFFECT_CHOICE = Text(30, choices=tuple(EFFECTS))
TIMES = Field(Int(1, MAX_BANK // EXCHANGE_GIVE), "How many times")
GIVE = Field(Text(20, choices=RESOURCES), "What you give (money or grain)", required=True)

Handler = Callable[[dict, Any, dict], None]


def _settled(handler: Handler) -> Handler:
    """A move's handler: its outcome recorded from scratch, then every step that needs
    nobody's choice run at once."""
    def run(state: dict, seat: Any, payload: dict) -> None:
        begin(state)
        handler(state, seat, payload)
        settle(state)
    run.__name__ = handler.__name__
    run.__doc__ = handler.__doc__
    return run


# -- setup_extra ---------------------------------------------------------------------------

@_settled
def _setup_extra(state: dict, seat: int, payload: dict) -> None:
    m, g = choose(payload, state["extra_due"][seat], bank_has(state, MONEY),
                  bank_has(state, GRAIN), "your extra resources", "The bank has")
    move_to_player(state, seat, m, g)
    state["extra_due"][seat] = 0


def _extra_owed(state: dict, seat: int, host: bool) -> str | None:
    return None if state["extra_due"][seat] else "You get no extra resources at setup"


def _setup_extra_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    return _said(before, after, viewer, f"{_who(before, action)} took {_split_words(action)} "
                                        "as extra resources")


SETUP_EXTRA = Move("setup_extra", _setup_extra, who=SEAT, phases=(SETUP,), independent=True,
                   label="Take extra resources", when=_extra_owed, words=_setup_extra_words,
                   payload=fields(**_split(max(EXTRA_BY_TURN))))


# -- bid -------------------------------------------------------------------------------------

@_settled
def _bid(state: dict, seat: int, payload: dict) -> None:
    amount = payload["amount"]
    if amount > state[MONEY][seat]:
        raise IllegalAction(f"You cannot bid more than your {state[MONEY][seat]} Money")
    state["bids"][seat] = amount


def _bid_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    """The amount only for the bidder: the others read that a bid was placed."""
    who = _who(before, action)
    if viewer is not None and viewer == action.seat:
        return Said(f"{who} bid {_count(action.get('amount'))} Money (secret until the reveal)")
    return Said(f"{who} placed a secret bid")


BID = Move("bid", _bid, who=SEAT, phases=(AUCTION,), secret=True, label="Bid", words=_bid_words,
           payload=fields(amount=Field(Int(0, MAX_TOKENS), "Your bid", required=True)))


# -- reveal ----------------------------------------------------------------------------------

@_settled
def _reveal(state: dict, seat: int | None, payload: dict) -> None:
    bids = list(state["bids"])
    for s, amount in enumerate(bids):
        move_to_bank(state, s, amount, 0)
    state["revealed_bids"] = bids
    state["bids"] = [None] * len(bids)
    state["pick_order"] = pick_order(bids, state["start"])
    state["picked"] = [False] * len(bids)
    state["phase"] = PICK


def _all_bids_in(state: dict, seat: int | None, host: bool) -> str | None:
    waiting = [name(state, s) for s, b in enumerate(state["bids"]) if b is None]
    return f"Waiting for bids from {', '.join(waiting)}" if waiting else None


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def _reveal_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    """Every bid; and to each seat, who outbid it and where it picks."""
    bids = after.get("revealed_bids") if after is not before else None
    if not bids:
        return Said("The bids were revealed")
    shown = ", ".join(f"{name(after, s)} {b}" for s, b in enumerate(bids))
    return _said(before, after, viewer, f"Bids revealed: {shown}", news=_pick_news(after, viewer))


def _pick_news(after: dict, viewer: int | None) -> list[str]:
    """Who outbid ``viewer`` and where it picks."""
    bids, order = after["revealed_bids"], after["pick_order"]
    if viewer not in order:
        return []
    above = [name(after, s) for s in order if s != viewer and bids[s] > bids[viewer]]
    place = ORDINALS[order.index(viewer)]
    return [f"{and_words(above)} outbid you: you pick {place}" if above else f"Bids revealed: you pick {place}"]


REVEAL = Move("reveal", _reveal, who=ANYONE, phases=(AUCTION,), reveals=True,
              label="Reveal bids", when=_all_bids_in, words=_reveal_words)


# -- take_card -------------------------------------------------------------------------------

@_settled
def _take_card(state: dict, seat: int, payload: dict) -> None:
    card = _face_up_taken(state, payload) if payload["face"] == "up" else _face_down_taken(state, seat, payload)
    state["next_id"] += 1
    state["cards"][seat].append(card)
    if not card["face_up"] and all_face_down(state["cards"][seat]):
        give_gift(state, seat, payload)
    state["picked"][seat] = True
    if current_picker(state) is None:
        produce(state)


def _face_up_taken(state: dict, payload: dict) -> dict:
    """One of the display's face-up cards (the Empress is one of them from round 7)."""
    market = state["market"]
    if market["up"] <= 0:
        raise IllegalAction("There are no face-up cards left in the display")
    front = _front(payload)
    is_empress = front["class"] == EMPRESSES
    if is_empress and not market["empress"]:
        raise IllegalAction("There is no Empress in the display")
    if not is_empress and market["up"] - (1 if market["empress"] else 0) <= 0:
        raise IllegalAction("The only face-up card left is the Empress")
    market["up"] -= 1
    if is_empress:
        market["empress"] = False
    return face_up_card(state["next_id"], front)


def _face_down_taken(state: dict, seat: int, payload: dict) -> dict:
    """One of the display's face-down cards, kept face down in a column (its front noted
    for its owner only) or turned face up for Money."""
    if state["market"]["down"] <= 0:
        raise IllegalAction("There are no face-down cards left in the display")
    if payload.get("flip_up", False):
        front = _front(payload, face_down=True)
        if state[MONEY][seat] < FLIP_UP_COST:
            raise IllegalAction(f"Turning the card face up costs {FLIP_UP_COST} Money; "
                                f"you have {state[MONEY][seat]}")
        move_to_bank(state, seat, FLIP_UP_COST, 0)
        card = face_up_card(state["next_id"], front)
    else:
        column = payload.get("column")
        if column is None:
            raise IllegalAction("Choose the column to place the face-down card in")
        noted = any(payload.get(k) is not None for k in ("class", "points", "effects"))
        front = _front(payload, face_down=True) if noted else None
        card = face_down_card(state["next_id"], column, front, secret=True)
    state["market"]["down"] -= 1
    return card


def _front(payload: dict, face_down: bool = False) -> dict:
    """A card's front from a payload (its shape already checked)."""
    if payload.get("class") is None:
        raise IllegalAction("Say which class the card is")
    if payload.get("points") is None:
        raise IllegalAction(f"Say how many points the card gives ({MIN_POINTS} to {MAX_POINTS})")
    if face_down and payload["class"] == EMPRESSES:
        raise IllegalAction("The display's Empress is always face up")
    return {"class": payload["class"], "points": payload["points"],
            "effects": parse_effects(payload.get("effects") or [])}


def _take_card_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    """The card as it was taken (from the display it went to); the front of a card kept
    face down only for its owner."""
    who = _who(before, action)
    card = after["cards"][action.seat][-1]
    if card["face_up"] and action.get("face") == "up":
        line = f"{who} took a face-up {describe_front(card)}"
    elif card["face_up"]:
        line = f"{who} took a face-down card and turned it face up for {FLIP_UP_COST} Money: {describe_front(card)}"
    else:
        line = f"{who} took a face-down card and placed it in the {LABELS[card['column']]} column"
        if viewer is not None and viewer == action.seat and card.get("front"):
            line += f" (it is {describe_front(card['front'])})"
    return _said(before, after, viewer, line)


TAKE_CARD = Move("take_card", _take_card, who=TURN, phases=(PICK,), label="Take a card",
                 words=_take_card_words, payload=fields(
                     face=Field(Text(10, choices=("up", "down")), "The side (up or down)", required=True),
                     **{"class": Field(Text(20, choices=COLUMNS), "The card's class")},
                     points=Field(Int(MIN_POINTS, MAX_POINTS), "The card's points"),
                     effects=Field(ListOf(EFFECT_CHOICE, MAX_EFFECTS), "The card's effects"),
                     column=Field(CLASS_CHOICE, "The column"),
                     flip_up=Field(Bool(), "Turning it face up"),
                     bonus=GIFT))


# -- done ------------------------------------------------------------------------------------

@_settled
def _done(state: dict, seat: int, payload: dict) -> None:
    _feed(state, seat, payload)


def _feed(state: dict, seat: int, payload: dict) -> None:
    """Production and feeding, for one seat: the feeding is paid from the display as it
    is now, then the discard down to the cap (the payload's split)."""
    cards = state["cards"][seat]
    due = prod.costs(cards)
    money, grain = state[MONEY][seat], state[GRAIN][seat]
    short_m, short_g = max(due[MONEY] - money, 0), max(due[GRAIN] - grain, 0)
    if (short_m or short_g) and has_face_up(cards):
        raise IllegalAction(f"You lack {words(short_m, short_g)} to feed your cards: turn "
                            "cards face down or exchange first")
    pay_m, pay_g = due[MONEY] - short_m, due[GRAIN] - short_g
    left_m, left_g = money - pay_m, grain - pay_g
    excess = max(left_m + left_g - CAP, 0)
    if not excess and (payload.get(MONEY) or payload.get(GRAIN)):
        raise IllegalAction(f"After feeding you keep {CAP} resources or fewer: nothing to discard")
    m = g = 0
    if excess:
        m, g = choose(payload, excess, left_m, left_g, "your discard down to 10",
                      "After feeding you have")
    move_to_bank(state, seat, pay_m + m, pay_g + g)
    if short_m or short_g:
        state["unpaid"][seat] = {"what": "feeding", MONEY: short_m, GRAIN: short_g}
    state["production"]["done"][seat] = True
    state["production"].setdefault("fed", [None] * len(state["players"]))[seat] = {
        "fed": {MONEY: pay_m, GRAIN: pay_g}, "unpaid": {MONEY: short_m, GRAIN: short_g},
        "discarded": {MONEY: m, GRAIN: g}}


def _not_done(state: dict, seat: int, host: bool) -> str | None:
    if state["production"]["done"][seat]:
        return "You are already done with production and feeding"
    return None


def _done_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    """The seat's feeding (what it gained, fed, could not pay, discarded), as recorded."""
    fed = _fed_lines(before, after) or [f"{_who(before, action)}: done with production and feeding"]
    return _said(before, after, viewer, *fed)


def _fed_lines(before: dict, after: dict) -> list[str]:
    """``Ann gained 2 Grain in production, fed 3 Grain and 1 Money, discarded 1 Grain
    down to 10`` (and what went unpaid) for each seat the move made done."""
    was, now = before.get("production") or {}, after.get("production") or {}
    lines = []
    for seat, fed in enumerate(now.get("fed") or []):
        if fed is None or after is before or (was.get("done") or [False] * (seat + 1))[seat]:
            continue
        parts = [f"{name(after, seat)} gained {in_words(now['gain'][seat])} in production",
                 f"fed {in_words(fed['fed'])}"]
        if any(fed["unpaid"].values()):
            parts.append(f"could not pay {in_words(fed['unpaid'])} (only face-down cards)")
        if any(fed["discarded"].values()):
            parts.append(f"discarded {in_words(fed['discarded'])} down to {CAP}")
        lines.append(", ".join(parts))
    return lines


DONE = Move("done", _done, who=SEAT, phases=(PRODUCTION,), independent=True, label="Done",
            payload=fields(**_split(MAX_TOKENS)), when=_not_done, words=_done_words)


# -- move_on ---------------------------------------------------------------------------------

@_settled
def _move_on(state: dict, seat: int | None, payload: dict) -> None:
    """The host moves on every seat that has nothing left to choose."""
    for s, done in enumerate(state["production"]["done"]):
        if not done and production_needs(state, s) is None:
            _feed(state, s, {})


def _someone_to_move_on(state: dict, seat: int | None, host: bool) -> str | None:
    waiting = [s for s, done in enumerate(state["production"]["done"]) if not done]
    if any(production_needs(state, s) is None for s in waiting):
        return None
    why = {"flip": "must turn cards face down to feed", "discard": "must choose what to discard"}
    return "Nobody can be moved on: " + "; ".join(
        f"{name(state, s)} {why[production_needs(state, s)]}" for s in waiting)


MOVE_ON = Move("move_on", _move_on, who=HOST, phases=(PRODUCTION,), label="Move everyone on",
               when=_someone_to_move_on,
               words=lambda before, action, after, viewer: _said(
                   before, after, viewer, "The host moved everyone on who had nothing to choose",
                   *_fed_lines(before, after)))


# -- discard ---------------------------------------------------------------------------------

@_settled
def _discard(state: dict, seat: int, payload: dict) -> None:
    m, g = choose(payload, cap_excess(state, seat), state[MONEY][seat], state[GRAIN][seat],
                  "your discard", "You have")
    move_to_bank(state, seat, m, g)


def _over_the_cap(state: dict, seat: int, host: bool) -> str | None:
    if cap_excess(state, seat):
        return None
    return f"You have {CAP} resources or fewer: nothing to discard"


DISCARD = Move("discard", _discard, who=SEAT, phases=CAP_PHASES, independent=True, label="Discard",
               payload=fields(**_split(MAX_TOKENS)), when=_over_the_cap,
               words=lambda before, action, after, viewer: _said(
                   before, after, viewer,
                   f"{_who(before, action)} discarded {_split_words(action)} down to {CAP}"))


# -- take_tribute ------------------------------------------------------------------------------

@_settled
def _take_tribute(state: dict, seat: int, payload: dict) -> None:
    step = current_tribute(state)
    payer = step["from"]
    m, g = choose(payload, step["count"], state[MONEY][payer], state[GRAIN][payer],
                  "the tribute", f"{name(state, payer)} has")
    pay_tribute(state, m, g)


def _tribute_for(state: dict, seat: int, host: bool) -> str | None:
    step = current_tribute(state)
    if step is None:
        return "No tribute is being paid now"
    payer, taker = name(state, step["from"]), name(state, step["to"])
    if step["waiting_for"] == "payer":
        return f"{payer} must first turn cards face down to pay {taker}"
    if seat != step["to"]:
        return f"It is {taker}'s tribute to take from {payer}"
    return None


def _take_tribute_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    """The transfer taken (its record says it, the payer told what they paid), then the
    transfers made at once after it."""
    taken = any(step["step"] == "transfer" for step in outcome(before, after))
    return _said(before, after, viewer, *([] if taken else [f"{_who(before, action)} took tribute"]))


TAKE_TRIBUTE = Move("take_tribute", _take_tribute, who=TURN, phases=(TRIBUTE,), label="Take tribute",
                    payload=fields(**_split(MAX_TOKENS)), when=_tribute_for,
                    words=_take_tribute_words)


# -- final_assignment --------------------------------------------------------------------------

@_settled
def _final_assignment(state: dict, seat: int, payload: dict) -> None:
    final = state["final"]
    choice = payload.get("assignment")
    if choice is None:
        final["chosen"][seat] = final["proposals"][seat]
        return
    points = [c["points"] for c in final["chunks"][seat]]
    final["chosen"][seat] = apply_assignment(final["fixed"][seat], points, choice)


def _placing_open(state: dict, seat: int, host: bool) -> str | None:
    if state["final"]["chosen"][seat] is not None:
        return "You have already placed your points"
    return None


def _final_assignment_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    who = _who(before, action)
    chosen = action.get("assignment")
    if chosen is None:
        return Said(f"{who} accepted the proposed placing of their flexible points")
    if not isinstance(chosen, list):
        return Said(f"{who} placed their flexible points")
    return Said(f"{who} placed their flexible points: {', '.join(_class(c) for c in chosen)}")


FINAL_ASSIGNMENT = Move("final_assignment", _final_assignment, who=SEAT, phases=(SCORING,),
                        independent=True, label="Place flexible points", when=_placing_open,
                        words=_final_assignment_words,
                        payload=fields(assignment=Field(ListOf(CLASS_CHOICE, MAX_CHUNKS), "The placing")))


# -- exchange and trade ------------------------------------------------------------------------

def _swap(state: dict, seat: int, payload: dict, trade: bool) -> None:
    give, times = payload["give"], payload.get("times", 1)
    refused = exchange_refusal(state, seat, give, times, trade)
    if refused:
        raise IllegalAction(refused)
    rate = (TRADE_GIVE, TRADE_GET) if trade else (EXCHANGE_GIVE, EXCHANGE_GET)
    pay, receive = rate[0] * times, rate[1] * times
    if give == MONEY:
        move_to_bank(state, seat, pay, 0)
        move_to_player(state, seat, 0, receive)
    else:
        move_to_bank(state, seat, 0, pay)
        move_to_player(state, seat, receive, 0)


@_settled
def _exchange(state: dict, seat: int, payload: dict) -> None:
    _swap(state, seat, payload, trade=False)


@_settled
def _trade(state: dict, seat: int, payload: dict) -> None:
    _swap(state, seat, payload, trade=True)


def _can_exchange(state: dict, seat: int, host: bool) -> str | None:
    if state[MONEY][seat] < EXCHANGE_GIVE and state[GRAIN][seat] < EXCHANGE_GIVE:
        return f"You need {EXCHANGE_GIVE} Money or {EXCHANGE_GIVE} Grain to exchange"
    return None


def _can_trade(state: dict, seat: int, host: bool) -> str | None:
    if not has_trade(state["cards"][seat]):
        return f"You need a face-up trade card to exchange {TRADE_GIVE} for {TRADE_GET}"
    return None


def _swap_words(give: int, get: int, how: str = "") -> Callable[..., Said]:
    def said(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
        gave = GRAIN if action.get("give") == GRAIN else MONEY
        other = MONEY if gave == GRAIN else GRAIN
        times = _count(action.get("times", 1)) or 1
        return _said(before, after, viewer, f"{_who(before, action)} exchanged {give * times} "
                                            f"{gave.capitalize()} for {get * times} {other.capitalize()}{how}")
    return said


EXCHANGE = Move("exchange", _exchange, who=SEAT, phases=PLAYING, label="Exchange",
                payload=fields(give=GIVE, times=TIMES), when=_can_exchange,
                words=_swap_words(EXCHANGE_GIVE, EXCHANGE_GET))
TRADE = Move("trade", _trade, who=SEAT, phases=PLAYING, label="Trade",
             payload=fields(give=GIVE, times=TIMES), when=_can_trade,
             words=_swap_words(TRADE_GIVE, TRADE_GET, " with their trade card"))


# -- flip_down -----------------------------------------------------------------------------------

@_settled
def _flip_down(state: dict, seat: int, payload: dict) -> None:
    cards = state["cards"][seat]
    card = find_card(cards, payload["card"])
    if card is None:
        raise IllegalAction("Choose one of your cards to turn face down")
    if not card["face_up"]:
        raise IllegalAction("That card is already face down and can never be turned back")
    column = _column_down(card, payload)
    m, g = choose(payload, FLIP_GAIN, bank_has(state, MONEY), bank_has(state, GRAIN),
                  "turning a card face down", "The bank has")
    cards[cards.index(card)] = flipped_down(card, column)
    move_to_player(state, seat, m, g)
    if all_face_down(cards):
        give_gift(state, seat, payload)


def _column_down(card: dict, payload: dict) -> str:
    """Where a card turned face down goes: its own column; an Empress, the one chosen."""
    if card["column"] == EMPRESSES:
        column = payload.get("column")
        if column is None:
            raise IllegalAction("A face-down Empress goes in any class column: choose one")
        return column
    column = card["column"]
    if payload.get("column", column) != column:
        raise IllegalAction(f"A {SINGULAR[column]} turned face down stays in the "
                            f"{LABELS[column]} column")
    return column


def _can_flip(state: dict, seat: int, host: bool) -> str | None:
    if not has_face_up(state["cards"][seat]):
        return "You have no face-up card to turn face down"
    return None


def _flip_down_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    card = find_card(before["cards"][action.seat], action.get("card"))
    what = f"their {describe_front(card)}" if card is not None and card.get("face_up") else "a card"
    return _said(before, after, viewer, f"{_who(before, action)} turned {what} face down for "
                                        f"{_split_words(action)}")


FLIP_DOWN = Move("flip_down", _flip_down, who=SEAT, phases=PLAYING, label="Turn a card face down",
                 when=_can_flip, words=_flip_down_words,
                 payload=fields(card=Field(Int(1, MAX_CARD_ID), "The card", required=True),
                                **_split(FLIP_GAIN), column=Field(CLASS_CHOICE, "The column"),
                                bonus=GIFT))


MOVES = move_table(SETUP_EXTRA, BID, REVEAL, TAKE_CARD, DONE, MOVE_ON, DISCARD, TAKE_TRIBUTE,
                   FINAL_ASSIGNMENT, EXCHANGE, TRADE, FLIP_DOWN)
"""Every move of the game (:attr:`engine.game.Game.moves`)."""


# -- the words every move shares -------------------------------------------------------------------

def _said(before: dict, after: dict, viewer: int | None, *own: str,
          news: Iterable[str] = ()) -> Said:
    """A move's own lines, then what the engine did at once after it (its recorded
    outcome), as sentences; with what the move (``news``) and those steps tell the
    viewer's seat, when they concern it."""
    lines, told = steps_said(outcome(before, after), after, viewer)
    lines = [*own, *lines]
    text = lines[0] if len(lines) == 1 else " ".join(_sentence(each) for each in lines)
    told = [*news, *told] if viewer is not None else []
    if not told:
        return Said(text)
    joined = "; ".join(told)
    return Said(text, joined[0].upper() + joined[1:])


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _who(state: dict, action: Action) -> str:
    return name(state, action.seat)


def _count(value: Any) -> int:
    """A count from a payload (anything else: 0)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10 ** 6:
        return 0
    return value


def _split_words(action: Action) -> str:
    """The payload's ``money`` and ``grain`` in words."""
    return words(_count(action.get(MONEY)), _count(action.get(GRAIN)))


def _class(value: Any) -> str:
    try:
        return LABELS[parse_column(value)]
    except IllegalAction:
        return "a class"
