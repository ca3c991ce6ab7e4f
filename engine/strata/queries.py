"""Four Big Strata: where a game stands, asked of its state (pure functions, no change).

The rules' numbers and phases, and the questions the moves, the views and the upgrades
ask of a state: who picks now, what a seat's feeding costs, what it must discard, which
tribute is being paid, who is to act. Nothing here changes a state or imports the game.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.strata import production as prod
from engine.strata.cards import has_effect, has_face_up
from engine.strata.resources import (CAP, EXCHANGE_GET, EXCHANGE_GIVE, GRAIN, MONEY, TRADE_GET,
                                     TRADE_GIVE, bank_refusal, split_options, total, words)
from engine.strata.tribute import influence, owed, pair_order

ROUNDS = 15
EMPRESS_FROM_ROUND = 7
DISPLAY_SIZE = 7
START_MONEY = START_GRAIN = 4
EXTRA_BY_TURN = (0, 0, 1, 1, 2, 2, 2)
"""Extra resources of their choice for the 1st..7th player in turn order at setup."""

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


def name(state: dict, seat: Any) -> str:
    """A seat's player name; ``The host`` for anything that names no seat."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"]):
        return state["players"][seat]
    return "The host"


# -- the display and the auction ---------------------------------------------------------

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


def first_start(state: dict) -> int:
    """The seat chosen at setup as the first start player."""
    return (state["settings"].get("start_player", 1) - 1) % len(state["players"])


def all_down_bonus(state: dict, seat: int) -> int:
    """Resources the all-face-down gift gives now (the round number; 0 before round 1)."""
    return max(state["round"], 0)


# -- production, feeding and the cap -------------------------------------------------------

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


def feeding_after(state: dict, seat: int) -> tuple[int, int, int]:
    """(Money, Grain) left after paying the feeding from the display as it is now
    (never below 0), and the discard down to the cap that would follow."""
    due = prod.costs(state["cards"][seat])
    money = max(state[MONEY][seat] - due[MONEY], 0)
    grain = max(state[GRAIN][seat] - due[GRAIN], 0)
    return money, grain, max(money + grain - CAP, 0)


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


def bank_short(cards: list[dict], gain: Mapping[str, int]) -> dict:
    """What a limited bank could not pay of a display's production: what its cards
    yield above what production gave (``gain``). Exact when production is paid (the
    same cards); a card turned face down since yields nothing more to be owed. Zeros
    with an unlimited bank, which pays every card in full."""
    due = prod.yields(cards)
    return {MONEY: max(due[MONEY] - gain.get(MONEY, 0), 0),
            GRAIN: max(due[GRAIN] - gain.get(GRAIN, 0), 0)}


def cap_excess(state: dict, seat: int) -> int:
    """Resources ``seat`` must discard now (in the caps as production and the tribute
    end; during production a seat's ``done`` discards its own excess)."""
    if state["phase"] not in CAP_PHASES:
        return 0
    return max(total(state, seat) - CAP, 0)


# -- the tribute ---------------------------------------------------------------------------

def influences(state: dict) -> list[int]:
    return [influence(cards) for cards in state["cards"]]


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


def _transfer(t: Mapping[str, Any]) -> dict:
    out = dict(t)
    if out.get("paid") is not None:
        out["paid"] = dict(out["paid"])
    return out


def transfer_words(state: dict, t: Mapping[str, Any]) -> str:
    """``Cy took 1 Grain from Di`` (and what could not be paid)."""
    paid = t.get("paid") or {MONEY: 0, GRAIN: 0}
    text = f"{name(state, t['to'])} took {words(paid[MONEY], paid[GRAIN])} from {name(state, t['from'])}"
    if t.get("unpaid"):
        text += f" ({t['unpaid']} not paid: only face-down cards)"
    return text


# -- exchanges -----------------------------------------------------------------------------

def has_trade(cards: list[dict]) -> bool:
    return any(has_effect(c, "trade") for c in cards)


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


# -- who is to act ---------------------------------------------------------------------------

def _tribute_waits_for(state: dict) -> list[int]:
    step = current_tribute(state)
    if step is None:
        return []
    return [step["from"] if step["waiting_for"] == "payer" else step["to"]]


def _bidders(state: dict) -> list[int]:
    waiting = [s for s, bid in enumerate(state["bids"]) if bid is None]
    return waiting or [state["start"]]  # every bid is in: the start player reveals


def _picker(state: dict) -> list[int]:
    picker = current_picker(state)
    return [] if picker is None else [picker]


def _seats(state: dict, waits: Callable[[dict, int], Any]) -> list[int]:
    return [s for s in range(len(state["players"])) if waits(state, s)]


_WAITING: dict[str, Callable[[dict], list[int]]] = {
    SETUP: lambda state: _seats(state, lambda st, s: st["extra_due"][s]),
    AUCTION: _bidders,
    PICK: _picker,
    PRODUCTION: lambda state: _seats(state, lambda st, s: not st["production"]["done"][s]),
    PRODUCTION_CAP: lambda state: _seats(state, cap_excess),
    TRIBUTE_CAP: lambda state: _seats(state, cap_excess),
    TRIBUTE: _tribute_waits_for,
    SCORING: lambda state: _seats(state, lambda st, s: st["final"]["chosen"][s] is None),
}


def to_act(state: dict) -> list[int]:
    """The seats whose move it is now, by phase (none once the game is over)."""
    waiting = _WAITING.get(state["phase"])
    return waiting(state) if waiting else []
