"""Four Big Strata: rounds, phases and moves (the rules of four-big-strata.txt).

Flow. Setup (4 Money and 4 Grain each; the 3rd..7th player in turn order from the first
start player, the ``start_player`` setting, default the first seat, choose 1/1/2/2/2
more), then 15 rounds of Auction (secret bids, reveal, picks) -> Production and feeding
(one step: gains at once, then each seat feeds, discards down to 10 and taps done) ->
the cap to 10 for every player as the step ends (what each holds then: a flip made
after Done counts) -> Tribute (Influence taken as it begins) -> cap to 10, the start
player passing to the next seat clockwise ("left").
After round 15, each player places their flexible points (Empresses and "any one
class" bonuses) and the game is scored.

Phases (``state["phase"]``): ``setup``, ``auction``, ``pick``, ``production``,
``production_cap``, ``tribute``, ``tribute_cap``, ``scoring``, ``over``.
Steps where nobody has a choice are done by the engine at once (production gains, a
tribute or a discard after the tribute with only one possible split, a tribute a player
with only face-down cards cannot pay). The production step waits for every seat's
``done`` (players move the real tokens meanwhile); the host's ``move_on`` ends it for
everyone with nothing to choose.

The moves (declared once in ``Strata.moves``; the table model checks who, when and the
payload's shape before a handler runs; ``seat`` is the player the move is for):

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
      keys of ``cards.EFFECTS`` (at most 4; often one; default none). The single
      ``"effect": e`` of older screens is still accepted. From round 7 the display's
      one Empress is among its face-up cards.
    - a face-down card kept face down: ``{"face": "down", "column": c}`` plus optionally
      the front the player looked at (``class``, ``points``, ``effects``), which only
      they will see.
    - a face-down card turned face up for 2 Money: ``{"face": "down", "flip_up": true,
      "class", "points", "effects"}``.
    - if the display becomes all face down, also ``"bonus": {"money", "grain"}``: the
      resources equal to the round number (see :func:`all_down_bonus`).
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

Helper queries (pure functions of a state): ``current_picker``, ``pick_order``,
``production_preview``, ``feeding_shortfall``, ``feeding_after``, ``production_needs``,
``cap_excess``, ``current_tribute``, ``tribute_owed``, ``all_down_bonus``. The views
(:mod:`engine.strata.views`, whose docstring is the view contract) carry them.

Decisions where the texts are silent (see also the module docstrings):
- Seats are clockwise; the first start player is a table setting (default seat 1).
- The bank is unlimited unless the table limits it (``bank_tokens``, 0: unlimited);
  a limited bank that runs out pays what it has (see :mod:`engine.strata.resources`).
- Production gains are paid when the step starts (a limited bank paying in seat order
  from the start player); feeding follows the display as it is when it is paid: a card
  turned face down to pay no longer charges (issue 18). Tribute follows the Influence
  taken as the phase begins (CLARIFICATIONS, issue 26): a flip to pay changes no debt
  of the phase; the next round's Influence counts the card as face down.
- The cap of 10 after production applies to every player as the step ends (issue 26):
  Done already discards down to 10, and a player above 10 then (a flip after Done)
  discards again in ``production_cap``.
- A player who cannot pay must turn cards face down or exchange until they can; a
  player short with only face-down cards pays what they have of that resource and the
  rest is dropped (they are not made to exchange).
- The "4 for 2" trade card can be used any number of times, like the bank exchange.
- A face-down card counts for its column's class: complete sets and ``face_down_points``
  points (table setting, default 1); it has no effect.
- The all-face-down gift is due whenever an action leaves a non-empty display with no
  face-up card, by flipping the last face-up card or by taking a card face down (the
  history names it: :func:`engine.strata.history.gift_words`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.errors import IllegalAction
from engine.game import Action, Game, Setting
from engine.strata.news import told
from engine.moves import ANYONE, HOST, SEAT, TURN, Move, move_table
from engine.schema import Bool, Field, Int, ListOf, Text, fields
from engine.strata import production as prod
from engine.strata.cards import (CLASSES, COLUMNS, EFFECTS, EMPRESSES, LABELS, MAX_EFFECTS,
                                 MAX_POINTS,
                                 MIN_POINTS, SINGULAR, all_face_down, catalogue,
                                 face_down_card, face_up_card, find_card, flipped_down,
                                 has_effect, has_face_up, parse_effects)
from engine.strata.resources import (CAP, EXCHANGE_GET, EXCHANGE_GIVE, FLIP_GAIN,
                                     FLIP_UP_COST, GRAIN, MONEY, RESOURCES, TRADE_GET,
                                     TRADE_GIVE, bank_has, bank_refusal, choice_range, choose,
                                     move_between, move_to_bank, move_to_player, split_options,
                                     total, words)
from engine.strata.scoring import (apply_assignment, best_assignment, fixed_totals,
                                   flexible_chunks, places, rank)
from engine.strata.tribute import DEFAULT_RATES, influence, owed, pair_order, seat_order

ROUNDS = 15
EMPRESS_FROM_ROUND = 7
DISPLAY_SIZE = 7
START_MONEY = START_GRAIN = 4
EXTRA_BY_TURN = (0, 0, 1, 1, 2, 2, 2)
"""Extra resources of their choice for the 1st..7th player in turn order at setup."""
MAX_BANK = 500
"""The most Money (or Grain) a limited bank holds (the ``bank_tokens`` setting's top)."""
BOX_TOKENS = 40
"""The box's Money (and Grain) tokens: the least a limited bank holds."""
MAX_TOKENS = 10_000
"""The most tokens any count in a payload can name (a bid, a discard, a tribute): more
than a player can hold, the bank unlimited or not."""
MAX_CARD_ID = 1000
MAX_CHUNKS = 2 * ROUNDS
"""A player takes one card a round; each gives at most two flexible chunks (an Empress
with an "any one class" bonus)."""

SETUP, AUCTION, PICK, PRODUCTION = "setup", "auction", "pick", "production"
PRODUCTION_CAP = "production_cap"
TRIBUTE, TRIBUTE_CAP = "tribute", "tribute_cap"
SCORING, OVER = "scoring", "over"
PHASE_TITLES = {
    SETUP: "Setup: extra resources", AUCTION: "Auction: secret bids",
    PICK: "Auction: taking cards", PRODUCTION: "Production and feeding",
    PRODUCTION_CAP: "Production: discard down to 10",
    TRIBUTE: "Tribute", TRIBUTE_CAP: "Tribute: discard down to 10",
    SCORING: "Final scoring", OVER: "Game over",
}
"""The phase as a screen's headline shows it."""
CAP_PHASES = (PRODUCTION_CAP, TRIBUTE_CAP)
"""The discards down to 10 as production and as the tribute end (every player above 10)."""
PLAYING = (SETUP, AUCTION, PICK, PRODUCTION, PRODUCTION_CAP, TRIBUTE, TRIBUTE_CAP)
"""Every phase but the final scoring and the end: when the any-time moves are open."""


# -- queries the views carry (pure functions of a state) ------------------------------

def face_up_count(n_players: int) -> int:
    """Face-up cards in the Public Display: one per player, but 5 with 6 or 7 players."""
    return min(n_players, 5)


def market_for_round(n_players: int, rnd: int) -> dict:
    up = face_up_count(n_players)
    return {"up": up, "down": DISPLAY_SIZE - up, "empress": rnd >= EMPRESS_FROM_ROUND}


def pick_order(bids: list[int], start: int) -> list[int]:
    """Highest bid first; ties to the player nearest the start player clockwise."""
    n = len(bids)
    return sorted(range(n), key=lambda s: (-bids[s], (s - start) % n))


def current_picker(state: dict) -> int | None:
    if state["phase"] != PICK:
        return None
    for seat in state["pick_order"]:
        if not state["picked"][seat]:
            return seat
    return None


def production_preview(state: dict, seat: int) -> dict:
    """Gains, costs, what would be left and any shortfall for ``seat`` if Production and
    feeding happened now with its current display (the bank assumed to have enough)."""
    return prod.preview(state["cards"][seat], state[MONEY][seat], state[GRAIN][seat])


def feeding_shortfall(state: dict, seat: int) -> dict:
    """What ``seat`` still lacks to pay its feeding now, from its display as it is
    (zeros outside the production step and once the seat is done)."""
    if state["phase"] != PRODUCTION or state["production"]["done"][seat]:
        return {MONEY: 0, GRAIN: 0}
    due = prod.costs(state["cards"][seat])
    return {MONEY: max(due[MONEY] - state[MONEY][seat], 0),
            GRAIN: max(due[GRAIN] - state[GRAIN][seat], 0)}


def cap_excess(state: dict, seat: int) -> int:
    """Resources ``seat`` must discard now (in the caps as production and the tribute
    end; during production a seat's ``done`` discards its own excess)."""
    if state["phase"] not in CAP_PHASES:
        return 0
    return max(total(state, seat) - CAP, 0)


def feeding_after(state: dict, seat: int) -> tuple[int, int, int]:
    """(Money, Grain) left after paying the feeding from the display as it is now
    (never below 0), and the discard down to the cap that would follow."""
    due = prod.costs(state["cards"][seat])
    money = max(state[MONEY][seat] - due[MONEY], 0)
    grain = max(state[GRAIN][seat] - due[GRAIN], 0)
    return money, grain, max(money + grain - CAP, 0)


def tribute_owed(state: dict, taker: int, payer: int) -> int:
    """What ``taker`` takes from ``payer``: from the Influence taken as the Tribute phase
    began (a card turned face down during it changes no debt of the phase); outside the
    phase, from the displays as they are now."""
    rate = state["settings"]["tribute_rate"]
    tribute = state["tribute"]
    if state["phase"] == TRIBUTE and tribute is not None:
        taken = tribute["influence"]
        return owed(taken[taker], taken[payer], rate)
    return owed(influence(state["cards"][taker]), influence(state["cards"][payer]), rate)


def current_tribute(state: dict) -> dict | None:
    """The transfer being settled: ``{"from", "to", "count", "paid", "waiting_for"}``
    where ``waiting_for`` is ``"payer"`` (must turn cards face down first) or
    ``"taker"`` (chooses). ``count`` follows the Influence taken as the phase began."""
    if state["phase"] != TRIBUTE or state["tribute"].get("current") is None:
        return None
    taker, payer = state["tribute"]["current"]
    step = {"from": payer, "to": taker, "count": tribute_owed(state, taker, payer),
            "paid": None}
    short = total(state, payer) < step["count"] and has_face_up(state["cards"][payer])
    step["waiting_for"] = "payer" if short else "taker"
    return step


def bank_short(cards: list[dict], gain: Mapping[str, int]) -> dict:
    """What a limited bank could not pay of a display's production: what its cards
    yield above what production gave (``gain``). Exact when production is paid (the
    same cards); a card turned face down since yields nothing more to be owed. Zeros
    with an unlimited bank, which pays every card in full."""
    due = prod.yields(cards)
    return {MONEY: max(due[MONEY] - gain.get(MONEY, 0), 0),
            GRAIN: max(due[GRAIN] - gain.get(GRAIN, 0), 0)}


def all_down_bonus(state: dict, seat: int) -> int:
    """Resources the all-face-down gift gives now (the round number; 0 before round 1)."""
    return max(state["round"], 0)


def first_start(state: dict) -> int:
    """The seat chosen at setup as the first start player."""
    return (state["settings"].get("start_player", 1) - 1) % len(state["players"])


def tribute_view(state: dict) -> dict:
    """The tribute as the public view shows it (see :mod:`engine.strata.views`): the
    transfers made, the current one and a forecast of the rest from the displays now."""
    tribute = state["tribute"]
    done = [_transfer(t) for t in tribute["transfers"]]
    current = current_tribute(state)
    forecast = []
    if state["phase"] == TRIBUTE:
        pairs = pair_order(len(state["players"]), tribute["start"])
        for taker, payer in pairs[tribute["next"]:]:
            count = tribute_owed(state, taker, payer)
            if count > 0:
                forecast.append({"from": payer, "to": taker, "count": count, "paid": None,
                                 "unpaid": 0})
    shown_current = []
    if current is not None:
        shown_current = [{k: current[k] for k in ("from", "to", "count", "paid")} | {"unpaid": 0}]
    return {
        "rate": state["settings"]["tribute_rate"],
        "start": tribute["start"],
        "influence": list(tribute["influence"]),
        "influence_now": influences(state),
        "transfers": done + shown_current + forecast,
        "current": current,
        "lines": [transfer_words(state, t) for t in done],
    }


def transfer_words(state: dict, t: Mapping[str, Any]) -> str:
    """``Cy took 1 Grain from Di`` (and what could not be paid)."""
    from engine.strata.resources import words

    paid = t.get("paid") or {MONEY: 0, GRAIN: 0}
    text = f"{_name(state, t['to'])} took {words(paid[MONEY], paid[GRAIN])} from {_name(state, t['from'])}"
    if t.get("unpaid"):
        text += f" ({t['unpaid']} not paid: only face-down cards)"
    return text


def influences(state: dict) -> list[int]:
    return [influence(cards) for cards in state["cards"]]


def _has_trade(cards: list[dict]) -> bool:
    return any(has_effect(c, "trade") for c in cards)


def _name(state: dict, seat: int) -> str:
    return state["players"][seat]


# -- when a move is open (a sentence when it is not) --------------------------------------

def _extra_owed(state: dict, seat: int, host: bool) -> str | None:
    return None if state["extra_due"][seat] else "You get no extra resources at setup"


def _all_bids_in(state: dict, seat: int | None, host: bool) -> str | None:
    waiting = [_name(state, s) for s, b in enumerate(state["bids"]) if b is None]
    return f"Waiting for bids from {', '.join(waiting)}" if waiting else None


def _over_the_cap(state: dict, seat: int, host: bool) -> str | None:
    if cap_excess(state, seat):
        return None
    return f"You have {CAP} resources or fewer: nothing to discard"


def production_needs(state: dict, seat: int) -> str | None:
    """What stops ``seat``'s ``done`` now: ``"flip"`` (short of its feeding with a
    face-up card left: it must turn cards down or exchange first), ``"discard"`` (over
    the cap after feeding, with more than one way to discard: it must choose), or None
    (done is one tap; the host may move it on)."""
    short = feeding_shortfall(state, seat)
    if (short[MONEY] or short[GRAIN]) and has_face_up(state["cards"][seat]):
        return "flip"
    money, grain, excess = feeding_after(state, seat)
    if excess and len(split_options(excess, money, grain)) > 1:
        return "discard"
    return None


def _not_done(state: dict, seat: int, host: bool) -> str | None:
    if state["production"]["done"][seat]:
        return "You are already done with production and feeding"
    return None


def _someone_to_move_on(state: dict, seat: int | None, host: bool) -> str | None:
    waiting = [s for s, done in enumerate(state["production"]["done"]) if not done]
    if any(production_needs(state, s) is None for s in waiting):
        return None
    why = {"flip": "must turn cards face down to feed", "discard": "must choose what to discard"}
    return "Nobody can be moved on: " + "; ".join(
        f"{_name(state, s)} {why[production_needs(state, s)]}" for s in waiting)


def _tribute_for(state: dict, seat: int, host: bool) -> str | None:
    step = current_tribute(state)
    if step is None:
        return "No tribute is being paid now"
    payer, taker = _name(state, step["from"]), _name(state, step["to"])
    if step["waiting_for"] == "payer":
        return f"{payer} must first turn cards face down to pay {taker}"
    if seat != step["to"]:
        return f"It is {taker}'s tribute to take from {payer}"
    return None


def _placing_open(state: dict, seat: int, host: bool) -> str | None:
    if state["final"]["chosen"][seat] is not None:
        return "You have already placed your points"
    return None


def _can_exchange(state: dict, seat: int, host: bool) -> str | None:
    if state[MONEY][seat] < EXCHANGE_GIVE and state[GRAIN][seat] < EXCHANGE_GIVE:
        return f"You need {EXCHANGE_GIVE} Money or {EXCHANGE_GIVE} Grain to exchange"
    return None


def _can_trade(state: dict, seat: int, host: bool) -> str | None:
    if not _has_trade(state["cards"][seat]):
        return f"You need a face-up trade card to exchange {TRADE_GIVE} for {TRADE_GET}"
    return None


def _can_flip(state: dict, seat: int, host: bool) -> str | None:
    if not has_face_up(state["cards"][seat]):
        return "You have no face-up card to turn face down"
    return None


# -- move handlers (each changes the private copy it is given; checks before changes) ------

def _settled(handler: Callable[[dict, Any, dict], None]) -> Callable[[dict, Any, dict], None]:
    """After a move, every step that needs nobody's choice runs at once."""
    def run(state: dict, seat: Any, payload: dict) -> None:
        handler(state, seat, payload)
        _settle(state)
    run.__name__ = handler.__name__
    run.__doc__ = handler.__doc__
    run.__wrapped__ = handler
    return run


@_settled
def _setup_extra(state: dict, seat: int, payload: dict) -> None:
    owed = state["extra_due"][seat]
    m, g = choose(payload, owed, bank_has(state, MONEY), bank_has(state, GRAIN),
                  "your extra resources", "The bank has")
    move_to_player(state, seat, m, g)
    state["extra_due"][seat] = 0


def _bid(state: dict, seat: int, payload: dict) -> None:
    amount = payload["amount"]
    if amount > state[MONEY][seat]:
        raise IllegalAction(f"You cannot bid more than your {state[MONEY][seat]} Money")
    state["bids"][seat] = amount


def _reveal(state: dict, seat: int | None, payload: dict) -> None:
    bids = list(state["bids"])
    for s, amount in enumerate(bids):
        move_to_bank(state, s, amount, 0)
    state["revealed_bids"] = bids
    state["bids"] = [None] * len(bids)
    state["pick_order"] = pick_order(bids, state["start"])
    state["picked"] = [False] * len(bids)
    state["phase"] = PICK


def _front(payload: dict) -> dict:
    """A card's front from a payload (its shape already checked)."""
    if payload.get("class") is None:
        raise IllegalAction("Say which class the card is")
    if payload.get("points") is None:
        raise IllegalAction(f"Say how many points the card gives ({MIN_POINTS} to {MAX_POINTS})")
    given = payload.get("effects")
    if given is None:
        given = [payload.get("effect", "none")]
    return {"class": payload["class"], "points": payload["points"],
            "effects": parse_effects(given)}


@_settled
def _take_card(state: dict, seat: int, payload: dict) -> None:
    market = state["market"]
    cards = state["cards"][seat]
    card_id = state["next_id"]
    if payload["face"] == "up":
        if market["up"] <= 0:
            raise IllegalAction("There are no face-up cards left in the display")
        front = _front(payload)
        is_empress = front["class"] == EMPRESSES
        if is_empress and not market["empress"]:
            raise IllegalAction("There is no Empress in the display")
        if not is_empress and market["up"] - (1 if market["empress"] else 0) <= 0:
            raise IllegalAction("The only face-up card left is the Empress")
        card = face_up_card(card_id, front)
        market["up"] -= 1
        if is_empress:
            market["empress"] = False
    else:
        if market["down"] <= 0:
            raise IllegalAction("There are no face-down cards left in the display")
        if payload.get("flip_up", False):
            front = _front(payload)
            if front["class"] == EMPRESSES:
                raise IllegalAction("The display's Empress is always face up")
            if state[MONEY][seat] < FLIP_UP_COST:
                raise IllegalAction(f"Turning the card face up costs {FLIP_UP_COST} Money; "
                                    f"you have {state[MONEY][seat]}")
            card = face_up_card(card_id, front)
            move_to_bank(state, seat, FLIP_UP_COST, 0)
        else:
            column = payload.get("column")
            if column is None:
                raise IllegalAction("Choose the column to place the face-down card in")
            front = None
            if any(payload.get(k) is not None for k in ("class", "points", "effect", "effects")):
                front = _front(payload)
                if front["class"] == EMPRESSES:
                    raise IllegalAction("The display's Empress is always face up")
            card = face_down_card(card_id, column, front, secret=True)
        market["down"] -= 1
    state["next_id"] += 1
    cards.append(card)
    _gift_if_all_down(state, seat, payload, became=not card["face_up"])
    state["picked"][seat] = True
    if current_picker(state) is None:
        _production(state)


def _gift_if_all_down(state: dict, seat: int, payload: dict, became: bool) -> None:
    """The all-face-down gift: resources equal to the round, of the player's choice."""
    if not (became and all_face_down(state["cards"][seat])):
        return
    amount = all_down_bonus(state, seat)
    m, g = choose(payload.get("bonus") or {}, amount, bank_has(state, MONEY),
                  bank_has(state, GRAIN), f"your all-face-down gift ({amount})", "The bank has")
    move_to_player(state, seat, m, g)


@_settled
def _discard(state: dict, seat: int, payload: dict) -> None:
    m, g = choose(payload, cap_excess(state, seat), state[MONEY][seat], state[GRAIN][seat],
                  "your discard", "You have")
    move_to_bank(state, seat, m, g)


@_settled
def _done(state: dict, seat: int, payload: dict) -> None:
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


@_settled
def _move_on(state: dict, seat: int | None, payload: dict) -> None:
    """The host moves on every seat that has nothing left to choose."""
    for s, done in enumerate(state["production"]["done"]):
        if not done and production_needs(state, s) is None:
            _done.__wrapped__(state, s, {})


@_settled
def _take_tribute(state: dict, seat: int, payload: dict) -> None:
    step = current_tribute(state)
    payer = step["from"]
    m, g = choose(payload, step["count"], state[MONEY][payer], state[GRAIN][payer],
                  "the tribute", f"{_name(state, payer)} has")
    _pay_tribute(state, m, g)


@_settled
def _final_assignment(state: dict, seat: int, payload: dict) -> None:
    final = state["final"]
    choice = payload.get("assignment")
    if choice is None:
        final["chosen"][seat] = final["proposals"][seat]
        return
    points = [c["points"] for c in final["chunks"][seat]]
    final["chosen"][seat] = apply_assignment(final["fixed"][seat], points, choice)


def exchange_refusal(state: dict, seat: int, give: str, times: int = 1,
                     trade: bool = False) -> str | None:
    """Why ``seat`` cannot exchange (or trade) ``times`` now, giving ``give``; None
    when it can. The handlers and the phone's buttons ask this same question."""
    rate = (TRADE_GIVE, TRADE_GET) if trade else (EXCHANGE_GIVE, EXCHANGE_GET)
    what = "trade" if trade else "exchange"
    get = GRAIN if give == MONEY else MONEY
    pay, receive = rate[0] * times, rate[1] * times
    if state[give][seat] < pay:
        return f"You need {pay} {give.capitalize()} for that {what}; you have {state[give][seat]}"
    short = bank_refusal(state, get, receive)
    if short:
        return short
    bid = state["bids"][seat] if state["phase"] == AUCTION else None
    if bid and give == MONEY and state[MONEY][seat] - pay < bid:
        return f"Keep the {bid} Money you bid until the reveal"
    return None


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


@_settled
def _flip_down(state: dict, seat: int, payload: dict) -> None:
    cards = state["cards"][seat]
    card = find_card(cards, payload["card"])
    if card is None:
        raise IllegalAction("Choose one of your cards to turn face down")
    if not card["face_up"]:
        raise IllegalAction("That card is already face down and can never be turned back")
    if card["column"] == EMPRESSES:
        column = payload.get("column")
        if column is None:
            raise IllegalAction("A face-down Empress goes in any class column: choose one")
    else:
        column = card["column"]
        if payload.get("column", column) != column:
            raise IllegalAction(f"A {SINGULAR[column]} turned face down stays in the "
                                f"{LABELS[column]} column")
    m, g = choose(payload, FLIP_GAIN, bank_has(state, MONEY), bank_has(state, GRAIN),
                  "turning a card face down", "The bank has")
    cards[cards.index(card)] = flipped_down(card, column)
    move_to_player(state, seat, m, g)
    _gift_if_all_down(state, seat, payload, became=True)


# -- payload shapes ------------------------------------------------------------------

def _tokens(most: int, what: str) -> Field:
    return Field(Int(0, most), what)


def _split(most: int) -> dict[str, Field]:
    return {MONEY: _tokens(most, "Money"), GRAIN: _tokens(most, "Grain")}


GIFT = Field(fields(**_split(ROUNDS)), "The all-face-down gift")
CLASS_CHOICE = Text(20, choices=CLASSES)
EFFECT_CHOICE = Text(30, choices=tuple(EFFECTS))
TIMES = Field(Int(1, MAX_BANK // EXCHANGE_GIVE), "How many times")
GIVE = Field(Text(20, choices=RESOURCES), "What you give (money or grain)", required=True)


# -- automatic steps and phase changes ---------------------------------------------

def _start_round(state: dict, rnd: int) -> None:
    n = len(state["players"])
    state["round"] = rnd
    state["phase"] = AUCTION
    state["market"] = market_for_round(n, rnd)
    state["bids"] = [None] * n
    state["revealed_bids"] = None
    state["pick_order"] = []
    state["picked"] = [False] * n
    # "production", "unpaid" and "tribute" stay until the next production / tribute: the
    # phones show the last ones while the next auction runs.


def _production(state: dict) -> None:
    """All cards taken: the rest of the display is discarded and everyone produces (a
    limited bank paying in seat order from the start player: what it could not pay is
    what the cards yield above ``production["gain"]``, :func:`bank_short`); then each
    seat feeds and is done. (Nothing more is kept: a table of an older engine replays
    to the very same state.)"""
    n = len(state["players"])
    state["market"] = {"up": 0, "down": 0, "empress": False}
    gains = [{MONEY: 0, GRAIN: 0} for _ in range(n)]
    for seat in seat_order(n, state["start"]):
        gain = prod.yields(state["cards"][seat])
        m = min(gain[MONEY], bank_has(state, MONEY))
        g = min(gain[GRAIN], bank_has(state, GRAIN))
        move_to_player(state, seat, m, g)
        gains[seat] = {MONEY: m, GRAIN: g}
    state["production"] = {"gain": gains, "done": [False] * n}
    state["unpaid"] = [None] * n
    state["phase"] = PRODUCTION


def _settle(state: dict) -> None:
    """Run every step that needs no choice, until someone has to act."""
    while True:
        phase = state["phase"]
        if phase == SETUP:
            if any(state["extra_due"]):
                return
            _start_round(state, 1)
        elif phase == PRODUCTION:
            if not all(state["production"]["done"]):
                return
            state["phase"] = PRODUCTION_CAP  # every player above 10 now discards
        elif phase in CAP_PHASES:
            _settle_cap(state)
            if any(cap_excess(state, s) for s in range(len(state["players"]))):
                return
            if phase == PRODUCTION_CAP:
                _start_tribute(state)
            else:
                _end_round(state)
        elif phase == TRIBUTE:
            if not _settle_tribute(state):
                return
            state["phase"] = TRIBUTE_CAP
        elif phase == SCORING:
            if any(c is None for c in state["final"]["chosen"]):
                return
            state["phase"] = OVER
        else:
            return


def _settle_cap(state: dict) -> None:
    """Discards with only one possible split are made at once."""
    for seat in range(len(state["players"])):
        excess = cap_excess(state, seat)
        if excess:
            _, low, high = choice_range(excess, state[MONEY][seat], state[GRAIN][seat])
            if low == high:
                move_to_bank(state, seat, low, excess - low)


def _start_tribute(state: dict) -> None:
    state["tribute"] = {"influence": influences(state), "start": state["start"], "next": 0,
                        "current": None, "transfers": []}
    state["phase"] = TRIBUTE


def _settle_tribute(state: dict) -> bool:
    """Take the transfers in order (each count from the displays as they are when it is
    made); stop when a payer must turn cards down or a taker must choose. True when every
    transfer is done."""
    tribute = state["tribute"]
    pairs = pair_order(len(state["players"]), tribute["start"])
    while True:
        if tribute["current"] is None:
            while tribute["next"] < len(pairs) and tribute["current"] is None:
                taker, payer = pairs[tribute["next"]]
                tribute["next"] += 1
                if tribute_owed(state, taker, payer) > 0:
                    tribute["current"] = [taker, payer]
            if tribute["current"] is None:
                return True
        step = current_tribute(state)
        if step["count"] <= 0:  # a display changed: nothing is owed now
            tribute["current"] = None
            continue
        if step["waiting_for"] == "payer":
            return False  # the payer must turn cards face down first
        payer = step["from"]
        amount, low, high = choice_range(step["count"], state[MONEY][payer], state[GRAIN][payer])
        if low != high:
            return False  # the taker chooses
        _pay_tribute(state, low, amount - low)


def _pay_tribute(state: dict, money: int, grain: int) -> None:
    tribute = state["tribute"]
    step = current_tribute(state)
    move_between(state, step["from"], step["to"], money, grain)
    tribute["transfers"].append({"from": step["from"], "to": step["to"], "count": step["count"],
                                 "paid": {MONEY: money, GRAIN: grain},
                                 "unpaid": step["count"] - money - grain})
    tribute["current"] = None


def _end_round(state: dict) -> None:
    if state["round"] >= ROUNDS:
        _start_scoring(state)
        return
    state["start"] = (state["start"] + 1) % len(state["players"])
    _start_round(state, state["round"] + 1)


def _start_scoring(state: dict) -> None:
    n = len(state["players"])
    fdp = state["settings"]["face_down_points"]
    fixed = [fixed_totals(state["cards"][s], fdp) for s in range(n)]
    chunks = [flexible_chunks(state["cards"][s]) for s in range(n)]
    proposals = [best_assignment(fixed[s], [c["points"] for c in chunks[s]]) for s in range(n)]
    state["final"] = {
        "fixed": fixed,
        "chunks": chunks,
        "proposals": proposals,
        "chosen": [proposals[s] if not chunks[s] else None for s in range(n)],
    }
    state["phase"] = SCORING


# -- the game -----------------------------------------------------------------------

class Strata(Game):
    id = "strata"
    title = "Four Big Strata"
    min_players = 2
    max_players = 7
    settings = (
        Setting("tribute_rate", "Tribute: Influence per resource", 4, minimum=1, maximum=20,
                help="For every this much more Influence than another player, a player takes "
                     "one resource from them (4 in the rules' 4-player example)."),
        Setting("face_down_points", "Points of a face-down card", 1, minimum=0, maximum=4,
                help="What a face-down card scores for the class of its column."),
        Setting("start_player", "First start player (seat number)", 1, minimum=1, maximum=7,
                help="Who holds the Start Player marker in round 1: 1 is the first seat, "
                     "2 the next clockwise, and so on. It passes left every round."),
        Setting("bank_tokens", "Bank: Money and Grain of each (0 = unlimited)", 0, minimum=0,
                maximum=MAX_BANK,
                help=f"0 (the default): the bank never runs out. {BOX_TOKENS} (the box's "
                     f"tokens) to {MAX_BANK}: a limited bank, which pays what it has left; "
                     "when it runs out, every screen says so."),
    )
    phase_labels = {
        SETUP: "the setup", AUCTION: "the secret bids", PICK: "the taking of cards",
        PRODUCTION: "production and feeding", PRODUCTION_CAP: "the discard after production",
        TRIBUTE: "the tribute", TRIBUTE_CAP: "the discard after the tribute",
        SCORING: "the final scoring", OVER: "the end of the game",
    }
    rules_summary = (
        "15 rounds. Setup: the start player is chosen (a table setting); 4 Money and "
        "4 Grain each; the 3rd to 7th players from the start player take 1/1/2/2/2 more "
        "of their choice.",
        "Auction: everyone bids Money in secret (0 is allowed); the bids are revealed at "
        "once and paid to the bank. Highest bid picks first; ties go to the player "
        "nearest the start player clockwise.",
        "The display has 7 cards, one face up per player (5 with 6 or 7 players); from "
        "round 7 one of them is an Empress. A face-down card may be placed in any class "
        "column, or turned face up for 2 Money.",
        "Production and feeding: cards produce (a card may have several effects; a "
        "face-down card has none); every card eats 1 Grain, plus its extra feeding. A "
        "player short must exchange or turn cards face down; with only face-down cards "
        "the rest is not paid. Each player taps Done once the real tokens are moved; when "
        "everyone is done, nobody keeps more than 10.",
        "Tribute: Influence is counted as the phase begins (turning a card face down to "
        "pay changes no debt). Taker by taker from the start player clockwise, each "
        "player takes one resource of their choice for every X more Influence (a table "
        "setting, 4 by default) from every player with less, those clockwise from the "
        "taker. What you received earlier can pay what you owe later. Then nobody keeps "
        "more than 10, and the start player passes left.",
        "At any time: exchange 4 of one resource for 1 of the other with the bank "
        "(4 for 2 with a trade card); turn a face-up card face down for 2 resources of "
        "your choice (never back). A player whose cards are all face down gets resources "
        "equal to the round.",
        "The bank never runs out, unless the table limits it (a setting); a limited bank "
        "that runs out pays what it has, and every screen says so.",
        "The end: Empresses and \"any one class\" points go to classes of each player's "
        "choice (the app proposes the best). Score = your lowest class; ties compare the "
        "second lowest, and so on.",
    )
    moves = move_table(
        Move("setup_extra", _setup_extra, who=SEAT, phases=(SETUP,), independent=True,
             label="Take extra resources", payload=fields(**_split(max(EXTRA_BY_TURN))),
             when=_extra_owed),
        Move("bid", _bid, who=SEAT, phases=(AUCTION,), secret=True, label="Bid",
             payload=fields(amount=Field(Int(0, MAX_TOKENS), "Your bid", required=True))),
        Move("reveal", _reveal, who=ANYONE, phases=(AUCTION,), reveals=True,
             label="Reveal bids", when=_all_bids_in),
        Move("take_card", _take_card, who=TURN, phases=(PICK,), label="Take a card",
             payload=fields(
                 face=Field(Text(10, choices=("up", "down")), "The side (up or down)",
                            required=True),
                 **{"class": Field(Text(20, choices=COLUMNS), "The card's class")},
                 points=Field(Int(MIN_POINTS, MAX_POINTS), "The card's points"),
                 effects=Field(ListOf(EFFECT_CHOICE, MAX_EFFECTS), "The card's effects"),
                 effect=Field(EFFECT_CHOICE, "The card's effect"),
                 column=Field(CLASS_CHOICE, "The column"),
                 flip_up=Field(Bool(), "Turning it face up"),
                 bonus=GIFT)),
        Move("done", _done, who=SEAT, phases=(PRODUCTION,), independent=True, label="Done",
             payload=fields(**_split(MAX_TOKENS)), when=_not_done),
        Move("move_on", _move_on, who=HOST, phases=(PRODUCTION,),
             label="Move everyone on", when=_someone_to_move_on),
        Move("discard", _discard, who=SEAT, phases=CAP_PHASES, independent=True, label="Discard",
             payload=fields(**_split(MAX_TOKENS)), when=_over_the_cap),
        Move("take_tribute", _take_tribute, who=TURN, phases=(TRIBUTE,), label="Take tribute",
             payload=fields(**_split(MAX_TOKENS)), when=_tribute_for),
        Move("final_assignment", _final_assignment, who=SEAT, phases=(SCORING,), independent=True,
             label="Place flexible points", when=_placing_open,
             payload=fields(assignment=Field(ListOf(CLASS_CHOICE, MAX_CHUNKS),
                                             "The placing"))),
        Move("exchange", _exchange, who=SEAT, phases=PLAYING, label="Exchange",
             payload=fields(give=GIVE, times=TIMES), when=_can_exchange),
        Move("trade", _trade, who=SEAT, phases=PLAYING, label="Trade",
             payload=fields(give=GIVE, times=TIMES), when=_can_trade),
        Move("flip_down", _flip_down, who=SEAT, phases=PLAYING, label="Turn a card face down",
             payload=fields(card=Field(Int(1, MAX_CARD_ID), "The card", required=True),
                            **_split(FLIP_GAIN), column=Field(CLASS_CHOICE, "The column"),
                            bonus=GIFT),
             when=_can_flip),
    )

    def check_settings(self, settings: Mapping[str, Any] | None, n_players: int) -> dict:
        checked = super().check_settings(settings, n_players)
        if checked["start_player"] > n_players:
            raise IllegalAction(f"First start player: a seat from 1 to {n_players}")
        if 0 < checked["bank_tokens"] < BOX_TOKENS:
            raise IllegalAction(f"Bank: 0 for an unlimited bank, or {BOX_TOKENS} to {MAX_BANK} "
                                "Money and Grain of each")
        return checked

    def default_settings(self, n_players: int) -> dict:
        merged = super().default_settings(n_players)
        merged["tribute_rate"] = DEFAULT_RATES.get(n_players, merged["tribute_rate"])
        return merged

    # -- setup -----------------------------------------------------------------------
    def setup(self, players: list[str], settings: Mapping[str, Any]) -> dict:
        self.check_players(list(players))
        n = len(players)
        checked = self.check_settings(settings, n)
        bank = checked["bank_tokens"]  # 0: unlimited (the bank is None)
        state = {
            "players": list(players),
            "settings": checked,
            "round": 0,
            "start": checked["start_player"] - 1,
            "phase": SETUP,
            MONEY: [START_MONEY] * n,
            GRAIN: [START_GRAIN] * n,
            "bank": {MONEY: bank - START_MONEY * n, GRAIN: bank - START_GRAIN * n} if bank else None,
            "extra_due": [0] * n,
            "cards": [[] for _ in range(n)],
            "next_id": 1,
            "market": {"up": 0, "down": 0, "empress": False},
            "bids": [None] * n,
            "revealed_bids": None,
            "pick_order": [],
            "picked": [False] * n,
            "production": None,
            "unpaid": [None] * n,
            "tribute": None,
            "final": None,
        }
        for turn, seat in enumerate(seat_order(n, state["start"])):
            state["extra_due"][seat] = EXTRA_BY_TURN[turn]
        if not any(state["extra_due"]):
            _start_round(state, 1)
        return state

    # -- where the game stands -------------------------------------------------------
    def to_act(self, state: dict) -> list[int]:
        phase = state["phase"]
        n = len(state["players"])
        if phase == SETUP:
            return [s for s in range(n) if state["extra_due"][s]]
        if phase == AUCTION:
            waiting = [s for s in range(n) if state["bids"][s] is None]
            return waiting or [state["start"]]
        if phase == PICK:
            picker = current_picker(state)
            return [] if picker is None else [picker]
        if phase == PRODUCTION:
            return [s for s in range(n) if not state["production"]["done"][s]]
        if phase in CAP_PHASES:
            return [s for s in range(n) if cap_excess(state, s)]
        if phase == TRIBUTE:
            step = current_tribute(state)
            if step is None:
                return []
            return [step["from"] if step["waiting_for"] == "payer" else step["to"]]
        if phase == SCORING:
            return [s for s in range(n) if state["final"]["chosen"][s] is None]
        return []

    # -- views -----------------------------------------------------------------------
    def public(self, state: dict) -> dict:
        from engine.strata.views import public_view

        return public_view(state)

    def private(self, state: dict, seat: int) -> dict | None:
        from engine.strata.views import private_view

        return private_view(state, seat)

    def result(self, state: dict) -> dict | None:
        from engine.strata.views import result_view

        return result_view(state)

    def tells(self, before: dict, action: Action, after: dict, seat: int) -> str | None:
        return told(self, before, after, seat)

    def history_line(self, state: dict, action: Action, viewer: int | None, after: dict | None = None) -> str:
        from engine.strata.history import describe_action

        try:
            return describe_action(state, action, viewer, after)
        except Exception:  # total: a line the history cannot word is still a line
            return super().history_line(state, action, viewer)


def _transfer(t: Mapping[str, Any]) -> dict:
    out = dict(t)
    if out.get("paid") is not None:
        out["paid"] = dict(out["paid"])
    return out


GAME = Strata()
