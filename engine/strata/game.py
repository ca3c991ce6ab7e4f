"""Four Big Strata: rounds, phases and actions (the rules of four-big-strata.txt).

Flow. Setup (4 Money and 4 Grain each; the 3rd..7th player in turn order from the first
start player, seat 0, choose 1/1/2/2/2 more), then 15 rounds of
Auction (secret bids, reveal, picks) -> Production and feeding -> cap to 10 ->
Tribute -> cap to 10, the start player passing to the next seat clockwise ("left").
After round 15, each player places their flexible points (Empresses and "any one
class" bonuses) and the game is scored.

Phases (``state["phase"]``): ``setup``, ``auction``, ``pick``, ``feeding``,
``production_cap``, ``tribute``, ``tribute_cap``, ``scoring``, ``over``.
Steps where nobody has a choice are done by the engine at once (production gains and
feeding a player can afford, a tribute or discard with only one possible split, a
tribute or cost a player with only face-down cards cannot pay).

Action vocabulary (``Action(seat, kind, payload)``; ``seat`` is the player acting,
``None`` the host; the host may also send any player's action with that seat):

``setup_extra`` (seat; phase setup; seats owed extra resources)
    ``{"money": m, "grain": g}`` with m + g = the extra owed (1 or 2).
``bid`` (seat; phase auction) ``{"amount": n}``: 0 .. the Money the player has.
    Secret until the reveal; bidding again replaces the bid. A player who has bid keeps
    that much Money until the reveal (exchanges/trades that would spend it are refused).
``reveal`` (any seat or the host; phase auction, once every player has bid) ``{}``:
    shows all bids, pays them to the bank and fixes the pick order (highest bid first;
    ties to the player nearest the start player clockwise, the start player first).
    Cannot be undone.
``take_card`` (seat; phase pick; the current picker only):
    - a face-up card: ``{"face": "up", "class": c, "points": 1-4, "effect": e}``;
      ``class`` is scholars / peasants / artisans / merchants / empresses (singular and
      one-letter forms accepted), ``effect`` a key of ``cards.EFFECTS`` (default none).
      From round 7 the display's one Empress is among its face-up cards.
    - a face-down card kept face down: ``{"face": "down", "column": c}`` plus optionally
      the front the player looked at (``class``, ``points``, ``effect``), which only they
      will see.
    - a face-down card turned face up for 2 Money: ``{"face": "down", "flip_up": true,
      "class", "points", "effect"}``.
    - if the display becomes all face down, also ``"bonus": {"money", "grain"}``: the
      resources equal to the round number (see :func:`all_down_bonus`).
    After the last pick the rest of the display is discarded and Production runs.
``discard`` (seat; phases production_cap / tribute_cap; a player above 10)
    ``{"money": m, "grain": g}`` with m + g = the excess exactly (to the bank).
``take_tribute`` (seat = the taker of the current transfer; phase tribute)
    ``{"money": m, "grain": g}`` with m + g = the count owed, out of what the payer has.
    A payer who has fewer resources than owed and still has face-up cards must first
    ``flip_down`` cards (they choose which); with only face-down cards the rest is unpaid.
``final_assignment`` (seat; phase scoring) ``{"assignment": [class, ...]}``: a class for
    each flexible chunk, in the order of ``view()["final"][seat]["chunks"]``; leave the
    payload empty to accept the proposed best assignment.

At any time (every phase but scoring/over), for the acting seat:
``exchange`` ``{"give": "money"|"grain", "times": k}`` (k default 1): give 4k of one
    resource to the bank, get k of the other.
``trade`` ``{"give": "money"|"grain", "times": k}``: with a face-up trade card, give 4k,
    get 2k of the other from the bank.
``flip_down`` ``{"card": id, "money": m, "grain": g}`` (m + g = 2, from the bank): turn a
    face-up card face down; it stays in its class column, except an Empress, which needs
    ``"column": class``. Add ``"bonus"`` when it is the player's last face-up card.

Helper queries for the phones (pure functions of a state): ``legal_kinds``,
``current_picker``, ``pick_order``, ``production_preview``, ``feeding_shortfall``,
``cap_excess``, ``current_tribute``, ``all_down_bonus``; effect keys and their words are
``engine.strata.cards.EFFECTS``. ``view(state, seat)["me"]`` carries them for that seat.

Decisions where the texts are silent (see also the module docstrings):
- Seat 0 is the first start player; seats are clockwise.
- Feeding and tribute amounts are fixed when the phase starts: flipping a card to pay
  does not change what is owed (nor the Influence compared).
- A player who cannot pay must turn cards face down or exchange until they can; a
  player short with only face-down cards pays what they have of that resource and the
  rest is dropped (they are not made to exchange).
- The "4 for 2" trade card can be used any number of times, like the bank exchange.
- A face-down card counts for its column's class: complete sets and ``face_down_points``
  points (table setting, default 1); it has no effect.
- The all-face-down gift is due whenever an action leaves a non-empty display with no
  face-up card, by flipping the last face-up card or by taking a card face down.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.game import Action, Game, Setting, copied
from engine.strata import production as prod
from engine.strata.cards import (CLASSES, EMPRESSES, LABELS, SINGULAR,
                                 all_face_down, face_down_card,
                                 face_up_card, find_card, flipped_down, has_face_up,
                                 owner_card, parse_class, parse_column, parse_front,
                                 public_card)
from engine.strata.resources import (CAP, EXCHANGE_GET, EXCHANGE_GIVE, FLIP_GAIN,
                                     FLIP_UP_COST, GRAIN, MONEY, TRADE_GET, TRADE_GIVE,
                                     choice_range, choose, count, move_between,
                                     move_to_bank, move_to_player, parse_resource, total)
from engine.strata.scoring import (apply_assignment, best_assignment, fixed_totals,
                                   flexible_chunks, places, rank)
from engine.strata.tribute import DEFAULT_RATES, influence, seat_order, tribute_transfers

ROUNDS = 15
EMPRESS_FROM_ROUND = 7
DISPLAY_SIZE = 7
START_MONEY = START_GRAIN = 4
EXTRA_BY_TURN = (0, 0, 1, 1, 2, 2, 2)
"""Extra resources of their choice for the 1st..7th player in turn order at setup."""

SETUP, AUCTION, PICK, FEEDING = "setup", "auction", "pick", "feeding"
PRODUCTION_CAP, TRIBUTE, TRIBUTE_CAP = "production_cap", "tribute", "tribute_cap"
SCORING, OVER = "scoring", "over"
PHASE_LABELS = {
    SETUP: "Setup: extra resources", AUCTION: "Auction: secret bids",
    PICK: "Auction: taking cards", FEEDING: "Production and feeding",
    PRODUCTION_CAP: "Production: discard down to 10", TRIBUTE: "Tribute",
    TRIBUTE_CAP: "Tribute: discard down to 10", SCORING: "Final scoring", OVER: "Game over",
}
CAP_PHASES = (PRODUCTION_CAP, TRIBUTE_CAP)
ANY_TIME = ("exchange", "trade", "flip_down")


# -- queries the phones want (pure functions of a state) ------------------------------

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
    """What ``seat`` still lacks to pay its feeding now (zeros when nothing is due)."""
    due = state["due"][seat] if state["phase"] == FEEDING else None
    if not due:
        return {MONEY: 0, GRAIN: 0}
    return {MONEY: max(due[MONEY] - state[MONEY][seat], 0),
            GRAIN: max(due[GRAIN] - state[GRAIN][seat], 0)}


def cap_excess(state: dict, seat: int) -> int:
    """Resources ``seat`` must discard now (only in the two cap phases)."""
    if state["phase"] not in CAP_PHASES:
        return 0
    return max(total(state, seat) - CAP, 0)


def current_tribute(state: dict) -> dict | None:
    """The transfer being settled: ``{"from", "to", "count", "waiting_for"}`` where
    ``waiting_for`` is ``"payer"`` (must flip cards) or ``"taker"`` (chooses)."""
    if state["phase"] != TRIBUTE:
        return None
    step = dict(state["tribute"]["transfers"][state["tribute"]["index"]])
    payer = step["from"]
    step["waiting_for"] = "payer" if total(state, payer) < step["count"] else "taker"
    return step


def all_down_bonus(state: dict, seat: int) -> int:
    """Resources the all-face-down gift gives now (the round number; 0 before round 1)."""
    return max(state["round"], 0)


def influences(state: dict) -> list[int]:
    return [influence(cards) for cards in state["cards"]]


def legal_kinds(state: dict, seat: int | None) -> list[str]:
    """The action kinds ``seat`` may send now (what the phone offers as buttons)."""
    phase = state["phase"]
    kinds: list[str] = []
    if phase == OVER:
        return kinds
    if seat is None:
        if phase == AUCTION and all(b is not None for b in state["bids"]):
            kinds.append("reveal")
        return kinds
    if phase == SETUP and state["extra_due"][seat]:
        kinds.append("setup_extra")
    if phase == AUCTION:
        kinds.append("bid")
        if all(b is not None for b in state["bids"]):
            kinds.append("reveal")
    if phase == PICK and current_picker(state) == seat:
        kinds.append("take_card")
    if phase in CAP_PHASES and cap_excess(state, seat):
        kinds.append("discard")
    step = current_tribute(state)
    if step and step["waiting_for"] == "taker" and step["to"] == seat:
        kinds.append("take_tribute")
    if phase == SCORING and state["final"]["chosen"][seat] is None:
        kinds.append("final_assignment")
    if phase != SCORING:
        kinds.append("exchange")
        if _has_trade(state["cards"][seat]):
            kinds.append("trade")
        if has_face_up(state["cards"][seat]):
            kinds.append("flip_down")
    return kinds


def _has_trade(cards: list[dict]) -> bool:
    return any(c["face_up"] and c["effect"] == "trade" for c in cards)


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
        Setting("bank_tokens", "Money and Grain in the bank (each)", 40, minimum=40,
                maximum=500, help="The box has 40 of each; a dry bank pays what it has."),
    )

    def default_settings(self, n_players: int) -> dict:
        merged = super().default_settings(n_players)
        merged["tribute_rate"] = DEFAULT_RATES.get(n_players, merged["tribute_rate"])
        return merged

    # -- setup -----------------------------------------------------------------------
    def setup(self, players: list[str], settings: Mapping[str, Any]) -> dict:
        self.check_players(list(players))
        n = len(players)
        checked = self.check_settings(settings, n)
        bank = checked["bank_tokens"]
        state = {
            "players": list(players),
            "settings": checked,
            "round": 0,
            "start": 0,
            "phase": SETUP,
            MONEY: [START_MONEY] * n,
            GRAIN: [START_GRAIN] * n,
            "bank": {MONEY: bank - START_MONEY * n, GRAIN: bank - START_GRAIN * n},
            "extra_due": [EXTRA_BY_TURN[i] for i in range(n)],
            "cards": [[] for _ in range(n)],
            "next_id": 1,
            "market": {"up": 0, "down": 0, "empress": False},
            "bids": [None] * n,
            "revealed_bids": None,
            "pick_order": [],
            "picked": [False] * n,
            "due": [None] * n,
            "unpaid": [None] * n,
            "tribute": None,
            "final": None,
        }
        if not any(state["extra_due"]):
            _start_round(state, 1)
        return state

    # -- rules -----------------------------------------------------------------------
    def apply(self, state: dict, action: Action) -> dict:
        kind = action.kind
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(f"Four Big Strata has no action '{kind}'")
        if state["phase"] == OVER:
            raise IllegalAction("The game is over")
        payload = action.payload if isinstance(action.payload, Mapping) else {}
        if kind == "reveal":
            seat = action.seat
            if seat is not None:
                _check_seat(state, seat)
        else:
            seat = _check_seat(state, action.seat)
        if kind in ANY_TIME and state["phase"] == SCORING:
            raise IllegalAction("The game has ended; only the final scoring is left")
        new = copied(state)
        handler(new, seat, payload)
        _settle(new)
        return new

    # -- reading ---------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        n = len(state["players"])
        phase = state["phase"]
        players = []
        infl = influences(state)
        for s in range(n):
            mine = seat == s
            cards = state["cards"][s]
            entry = {
                "seat": s,
                "name": state["players"][s],
                "money": state[MONEY][s],
                "grain": state[GRAIN][s],
                "total": total(state, s),
                "cards": [owner_card(c) if mine else public_card(c) for c in cards],
                "columns": _column_counts(cards),
                "influence": infl[s],
                "all_face_down": all_face_down(cards),
                "is_start": s == state["start"],
            }
            if phase == SETUP:
                entry["extra_due"] = state["extra_due"][s]
            if phase == AUCTION:
                entry["has_bid"] = state["bids"][s] is not None
                if mine:
                    entry["bid"] = state["bids"][s]
            if state["revealed_bids"] is not None:
                entry["bid"] = state["revealed_bids"][s]
            if phase == PICK:
                entry["picked"] = state["picked"][s]
            if phase == FEEDING:
                entry["feeding_due"] = state["due"][s]
                entry["feeding_short"] = feeding_shortfall(state, s)
            if state["unpaid"][s]:
                entry["unpaid"] = state["unpaid"][s]
            if phase in CAP_PHASES:
                entry["must_discard"] = cap_excess(state, s)
            players.append(entry)
        out = {
            "game": self.id,
            "round": state["round"],
            "rounds": ROUNDS,
            "phase": phase,
            "phase_label": PHASE_LABELS[phase],
            "start": state["start"],
            "settings": dict(state["settings"]),
            "bank": dict(state["bank"]),
            "market": dict(state["market"]),
            "players": players,
            "to_act": self.seats_to_act(state),
            "can_reveal": phase == AUCTION and all(b is not None for b in state["bids"]),
        }
        if phase == PICK or state["revealed_bids"] is not None:
            out["pick_order"] = list(state["pick_order"])
            out["picker"] = current_picker(state)
        if state["tribute"] is not None:
            out["tribute"] = {
                "influence": list(state["tribute"]["influence"]),
                "transfers": [dict(t) for t in state["tribute"]["transfers"]],
                "current": current_tribute(state),
            }
        if state["final"] is not None:
            out["final"] = _final_view(state)
        if seat is not None and 0 <= seat < n:
            out["me"] = {
                "seat": seat,
                "legal": legal_kinds(state, seat),
                "production_preview": production_preview(state, seat),
                "feeding_short": feeding_shortfall(state, seat),
                "must_discard": cap_excess(state, seat),
                "all_down_bonus": all_down_bonus(state, seat),
            }
        else:
            out["legal"] = legal_kinds(state, None)
        if phase == OVER:
            out["result"] = self.result(state)
        return out

    def is_over(self, state: dict) -> bool:
        return state["phase"] == OVER

    def result(self, state: dict) -> dict | None:
        if state["phase"] != OVER:
            return None
        entries = []
        for s, name in enumerate(state["players"]):
            chosen = state["final"]["chosen"][s]
            entries.append({"name": name, "seat": s, "classes": chosen["classes"],
                            "score": chosen["score"], "assignment": chosen["assignment"]})
        ranked = rank(entries)
        for place, entry in zip(places(ranked), ranked):
            entry["place"] = place
        return {"ranking": ranked}

    def seats_to_act(self, state: dict) -> list[int]:
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
        if phase == FEEDING:
            return [s for s in range(n) if state["due"][s] is not None]
        if phase in CAP_PHASES:
            return [s for s in range(n) if cap_excess(state, s)]
        if phase == TRIBUTE:
            step = current_tribute(state)
            return [step["from"] if step["waiting_for"] == "payer" else step["to"]]
        if phase == SCORING:
            return [s for s in range(n) if state["final"]["chosen"][s] is None]
        return []

    def undoable(self, action: Action) -> bool:
        return action.kind != "reveal"

    def needs_fresh_view(self, action: Action) -> bool:
        """Secret bids are simultaneous: one player's bid never waits for another's."""
        return action.kind != "bid"

    def describe(self, state: dict, action: Action, viewer: int | None) -> str:
        from engine.strata.history import describe_action

        return describe_action(state, action, viewer)


# -- action handlers (each mutates a private copy; checks come before changes) -------------

def _check_seat(state: dict, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise IllegalAction("Choose the player this is for")
    if not 0 <= seat < len(state["players"]):
        raise IllegalAction("There is no such seat at this table")
    return seat


def _name(state: dict, seat: int) -> str:
    return state["players"][seat]


def _do_setup_extra(state: dict, seat: int, payload: Mapping) -> None:
    if state["phase"] != SETUP:
        raise IllegalAction("The extra resources are taken at setup only")
    owed = state["extra_due"][seat]
    if not owed:
        raise IllegalAction("You get no extra resources at setup")
    m, g = choose(payload, owed, state["bank"][MONEY], state["bank"][GRAIN],
                  "your extra resources", "The bank has")
    move_to_player(state, seat, m, g)
    state["extra_due"][seat] = 0


def _do_bid(state: dict, seat: int, payload: Mapping) -> None:
    if state["phase"] != AUCTION:
        raise IllegalAction("Bids are made at the start of the Auction")
    amount = count(payload.get("amount"), "Your bid") if "amount" in payload else None
    if amount is None:
        raise IllegalAction("Say how much Money you bid (0 is allowed)")
    if amount > state[MONEY][seat]:
        raise IllegalAction(f"You cannot bid more than your {state[MONEY][seat]} Money")
    state["bids"][seat] = amount


def _do_reveal(state: dict, seat: int | None, payload: Mapping) -> None:
    if state["phase"] != AUCTION:
        raise IllegalAction("There are no bids to reveal now")
    waiting = [_name(state, s) for s, b in enumerate(state["bids"]) if b is None]
    if waiting:
        raise IllegalAction(f"Waiting for bids from {', '.join(waiting)}")
    bids = list(state["bids"])
    for s, amount in enumerate(bids):
        move_to_bank(state, s, amount, 0)
    state["revealed_bids"] = bids
    state["bids"] = [None] * len(bids)
    state["pick_order"] = pick_order(bids, state["start"])
    state["picked"] = [False] * len(bids)
    state["phase"] = PICK


def _do_take_card(state: dict, seat: int, payload: Mapping) -> None:
    if state["phase"] != PICK:
        raise IllegalAction("Cards are taken after the bids are revealed")
    picker = current_picker(state)
    if picker != seat:
        raise IllegalAction(f"It is {_name(state, picker)}'s turn to take a card")
    face = str(payload.get("face", "")).strip().lower()
    market = state["market"]
    cards = state["cards"][seat]
    card_id = state["next_id"]
    if face == "up":
        if market["up"] <= 0:
            raise IllegalAction("There are no face-up cards left in the display")
        front = parse_front(payload)
        is_empress = front["class"] == EMPRESSES
        if is_empress and not market["empress"]:
            raise IllegalAction("There is no Empress in the display")
        if not is_empress and market["up"] - (1 if market["empress"] else 0) <= 0:
            raise IllegalAction("The only face-up card left is the Empress")
        card = face_up_card(card_id, front)
        market["up"] -= 1
        if is_empress:
            market["empress"] = False
    elif face == "down":
        if market["down"] <= 0:
            raise IllegalAction("There are no face-down cards left in the display")
        flip_up = payload.get("flip_up", False)
        if not isinstance(flip_up, bool):
            raise IllegalAction("Say whether you turn the card face up (true or false)")
        if flip_up:
            front = parse_front(payload)
            if front["class"] == EMPRESSES:
                raise IllegalAction("The display's Empress is always face up")
            if state[MONEY][seat] < FLIP_UP_COST:
                raise IllegalAction(f"Turning the card face up costs {FLIP_UP_COST} Money; "
                                    f"you have {state[MONEY][seat]}")
            card = face_up_card(card_id, front)
            move_to_bank(state, seat, FLIP_UP_COST, 0)
        else:
            if payload.get("column") is None:
                raise IllegalAction("Choose the column to place the face-down card in")
            column = parse_class(payload.get("column"))
            front = None
            if any(payload.get(k) is not None for k in ("class", "points", "effect")):
                front = parse_front(payload)
                if front["class"] == EMPRESSES:
                    raise IllegalAction("The display's Empress is always face up")
            card = face_down_card(card_id, column, front, secret=True)
        market["down"] -= 1
    else:
        raise IllegalAction("Say whether you take a face-up or a face-down card")
    state["next_id"] += 1
    cards.append(card)
    _gift_if_all_down(state, seat, payload, became=not card["face_up"])
    state["picked"][seat] = True
    if current_picker(state) is None:
        _production(state)


def _gift_if_all_down(state: dict, seat: int, payload: Mapping, became: bool) -> None:
    """The all-face-down gift: resources equal to the round, of the player's choice."""
    if not (became and all_face_down(state["cards"][seat])):
        return
    amount = all_down_bonus(state, seat)
    bonus = payload.get("bonus")
    if bonus is not None and not isinstance(bonus, Mapping):
        raise IllegalAction("Choose the Money and Grain of your all-face-down gift")
    m, g = choose(bonus, amount, state["bank"][MONEY], state["bank"][GRAIN],
                  f"your all-face-down gift ({amount})", "The bank has")
    move_to_player(state, seat, m, g)


def _do_discard(state: dict, seat: int, payload: Mapping) -> None:
    excess = cap_excess(state, seat)
    if state["phase"] not in CAP_PHASES:
        raise IllegalAction("Resources are discarded down to 10 after Production and Tribute")
    if not excess:
        raise IllegalAction("You have 10 resources or fewer: nothing to discard")
    m, g = choose(payload, excess, state[MONEY][seat], state[GRAIN][seat],
                  "your discard", "You have")
    move_to_bank(state, seat, m, g)


def _do_take_tribute(state: dict, seat: int, payload: Mapping) -> None:
    step = current_tribute(state)
    if step is None:
        raise IllegalAction("There is no tribute to take now")
    if seat != step["to"]:
        raise IllegalAction(f"It is {_name(state, step['to'])}'s tribute to take "
                            f"from {_name(state, step['from'])}")
    payer = step["from"]
    if step["waiting_for"] == "payer":
        raise IllegalAction(f"{_name(state, payer)} must first turn cards face down to pay")
    m, g = choose(payload, step["count"], state[MONEY][payer], state[GRAIN][payer],
                  "the tribute", f"{_name(state, payer)} has")
    _pay_tribute(state, m, g)


def _do_final_assignment(state: dict, seat: int, payload: Mapping) -> None:
    if state["phase"] != SCORING:
        raise IllegalAction("Flexible points are placed after round 15")
    final = state["final"]
    if final["chosen"][seat] is not None:
        raise IllegalAction("You have already placed your points")
    proposal = final["proposals"][seat]
    choice = payload.get("assignment")
    if choice is None:
        final["chosen"][seat] = proposal
        return
    if not isinstance(choice, list):
        raise IllegalAction("Give a list with a class for each flexible bonus")
    points = [c["points"] for c in final["chunks"][seat]]
    final["chosen"][seat] = apply_assignment(final["fixed"][seat], points, choice)


def _do_exchange(state: dict, seat: int, payload: Mapping, rate=(EXCHANGE_GIVE, EXCHANGE_GET),
                 what: str = "exchange") -> None:
    give = parse_resource(payload.get("give"))
    get = GRAIN if give == MONEY else MONEY
    times = count(payload.get("times", 1), "How many times")
    if times < 1:
        raise IllegalAction("Exchange at least once")
    pay, receive = rate[0] * times, rate[1] * times
    if state[give][seat] < pay:
        raise IllegalAction(f"You need {pay} {give.capitalize()} for that {what}; "
                            f"you have {state[give][seat]}")
    if state["bank"][get] < receive:
        raise IllegalAction(f"The bank has only {state['bank'][get]} {get.capitalize()}")
    _check_bid_reserve(state, seat, pay if give == MONEY else 0)
    state[give][seat] -= pay
    state["bank"][give] += pay
    state["bank"][get] -= receive
    state[get][seat] += receive


def _do_trade(state: dict, seat: int, payload: Mapping) -> None:
    if not _has_trade(state["cards"][seat]):
        raise IllegalAction("You need a face-up trade card to exchange 4 for 2")
    _do_exchange(state, seat, payload, rate=(TRADE_GIVE, TRADE_GET), what="trade")


def _check_bid_reserve(state: dict, seat: int, spend: int) -> None:
    bid = state["bids"][seat] if state["phase"] == AUCTION else None
    if bid and state[MONEY][seat] - spend < bid:
        raise IllegalAction(f"Keep the {bid} Money you bid until the reveal")


def _do_flip_down(state: dict, seat: int, payload: Mapping) -> None:
    cards = state["cards"][seat]
    card = find_card(cards, payload.get("card"))
    if card is None:
        raise IllegalAction("Choose one of your cards to turn face down")
    if not card["face_up"]:
        raise IllegalAction("That card is already face down and can never be turned back")
    if card["column"] == EMPRESSES:
        if payload.get("column") is None:
            raise IllegalAction("A face-down Empress goes in any class column: choose one")
        column = parse_class(payload.get("column"))
    else:
        column = card["column"]
        if payload.get("column") is not None and parse_column(payload["column"]) != column:
            raise IllegalAction(f"A {SINGULAR[column]} turned face down stays in the "
                                f"{LABELS[column]} column")
    m, g = choose(payload, FLIP_GAIN, state["bank"][MONEY], state["bank"][GRAIN],
                  "turning a card face down", "The bank has")
    cards[cards.index(card)] = flipped_down(card, column)
    move_to_player(state, seat, m, g)
    _gift_if_all_down(state, seat, payload, became=True)


_HANDLERS = {
    "setup_extra": _do_setup_extra,
    "bid": _do_bid,
    "reveal": _do_reveal,
    "take_card": _do_take_card,
    "discard": _do_discard,
    "take_tribute": _do_take_tribute,
    "final_assignment": _do_final_assignment,
    "exchange": _do_exchange,
    "trade": _do_trade,
    "flip_down": _do_flip_down,
}


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
    state["due"] = [None] * n
    # "unpaid" and "tribute" stay until the next feeding / tribute: the phones show the
    # last ones while the next auction runs.


def _production(state: dict) -> None:
    """All cards taken: the rest of the display is discarded, everyone produces (the
    bank paying in seat order from the start player) and feeding is owed."""
    n = len(state["players"])
    state["market"] = {"up": 0, "down": 0, "empress": False}
    for seat in seat_order(n, state["start"]):
        gain = prod.yields(state["cards"][seat])
        m = min(gain[MONEY], state["bank"][MONEY])
        g = min(gain[GRAIN], state["bank"][GRAIN])
        move_to_player(state, seat, m, g)
    state["due"] = [prod.costs(state["cards"][s]) for s in range(n)]
    state["unpaid"] = [None] * n
    state["phase"] = FEEDING


def _settle(state: dict) -> None:
    """Run every step that needs no choice, until someone has to act."""
    while True:
        phase = state["phase"]
        if phase == SETUP:
            if any(state["extra_due"]):
                return
            _start_round(state, 1)
        elif phase == FEEDING:
            _settle_feeding(state)
            if any(d is not None for d in state["due"]):
                return
            state["phase"] = PRODUCTION_CAP
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


def _settle_feeding(state: dict) -> None:
    for seat, due in enumerate(state["due"]):
        if due is None:
            continue
        money, grain = state[MONEY][seat], state[GRAIN][seat]
        if money >= due[MONEY] and grain >= due[GRAIN]:
            move_to_bank(state, seat, due[MONEY], due[GRAIN])
        elif not has_face_up(state["cards"][seat]):
            m, g = min(money, due[MONEY]), min(grain, due[GRAIN])
            move_to_bank(state, seat, m, g)
            state["unpaid"][seat] = {"what": "feeding", MONEY: due[MONEY] - m,
                                     GRAIN: due[GRAIN] - g}
        else:
            continue
        state["due"][seat] = None


def _settle_cap(state: dict) -> None:
    """Discards with only one possible split are made at once."""
    for seat in range(len(state["players"])):
        excess = cap_excess(state, seat)
        if excess:
            _, low, high = choice_range(excess, state[MONEY][seat], state[GRAIN][seat])
            if low == high:
                move_to_bank(state, seat, low, excess - low)


def _start_tribute(state: dict) -> None:
    infl = influences(state)
    transfers = tribute_transfers(infl, state["start"], state["settings"]["tribute_rate"])
    for t in transfers:
        t["paid"] = None
    state["tribute"] = {"influence": infl, "transfers": transfers, "index": 0}
    state["phase"] = TRIBUTE


def _settle_tribute(state: dict) -> bool:
    """Settle forced transfers; True when every transfer is done."""
    tribute = state["tribute"]
    while tribute["index"] < len(tribute["transfers"]):
        step = tribute["transfers"][tribute["index"]]
        payer = step["from"]
        money, grain = state[MONEY][payer], state[GRAIN][payer]
        if money + grain < step["count"] and has_face_up(state["cards"][payer]):
            return False  # the payer must turn cards face down first
        amount, low, high = choice_range(step["count"], money, grain)
        if low != high:
            return False  # the taker chooses
        _pay_tribute(state, low, amount - low)
    return True


def _pay_tribute(state: dict, money: int, grain: int) -> None:
    tribute = state["tribute"]
    step = tribute["transfers"][tribute["index"]]
    move_between(state, step["from"], step["to"], money, grain)
    step["paid"] = {MONEY: money, GRAIN: grain}
    tribute["index"] += 1


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


def _final_view(state: dict) -> list[dict]:
    final = state["final"]
    out = []
    for s in range(len(state["players"])):
        out.append({
            "fixed": dict(final["fixed"][s]),
            "chunks": [dict(c) for c in final["chunks"][s]],
            "proposal": final["proposals"][s],
            "chosen": final["chosen"][s],
        })
    return out


def _column_counts(cards: list[dict]) -> dict[str, int]:
    counts = {c: 0 for c in CLASSES + (EMPRESSES,)}
    for card in cards:
        counts[card["column"]] += 1
    return counts


GAME = Strata()
