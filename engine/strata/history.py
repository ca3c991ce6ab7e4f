"""History lines in words, as one viewer may read them.

Secrets stay secret: another player's bid before the reveal and the front of a card
taken face down are never named to anyone but their owner (the host's table screen,
``viewer=None``, is public).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.game import Action
from engine.strata.cards import LABELS, describe_front, find_card, parse_column, parse_front
from engine.strata.resources import words


def _name(state: dict, seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"]):
        return state["players"][seat]
    return "The host"


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10 ** 6:
        return 0
    return value


def _split(payload: Any) -> str:
    if not isinstance(payload, Mapping):
        return "resources"
    return words(_int(payload.get("money")), _int(payload.get("grain")))


def _column(value: Any) -> str:
    """``the Scholars column`` (``a column`` when the value names none)."""
    try:
        return f"the {LABELS[parse_column(value)]} column"
    except IllegalAction:
        return "a column"


def _class(value: Any) -> str:
    try:
        return LABELS[parse_column(value)]
    except IllegalAction:
        return "a class"


def describe_action(state: dict, action: Action, viewer: int | None) -> str:
    p = action.payload if isinstance(action.payload, Mapping) else {}
    who = _name(state, action.seat)
    own = viewer is not None and viewer == action.seat
    kind = action.kind
    if kind == "setup_extra":
        return f"{who} took {_split(p)} as extra resources"
    if kind == "bid":
        if own:
            return f"{who} bid {_int(p.get('amount'))} Money (secret until the reveal)"
        return f"{who} placed a secret bid"
    if kind == "reveal":
        bids = state.get("bids") or []
        if not bids or not all(isinstance(b, int) for b in bids):
            return "The bids were revealed"
        shown = ", ".join(f"{_name(state, s)} {b}" for s, b in enumerate(bids))
        return f"Bids revealed: {shown}"
    if kind == "take_card":
        face = str(p.get("face", "")).lower()
        if face == "up":
            return f"{who} took a face-up {_front_words(p)}"
        if p.get("flip_up"):
            return f"{who} took a face-down card and turned it face up for 2 Money: {_front_words(p)}"
        text = f"{who} took a face-down card and placed it in {_column(p.get('column'))}"
        if own and p.get("class") is not None:
            text += f" (it is {_front_words(p)})"
        return text
    if kind == "discard":
        return f"{who} discarded {_split(p)} down to 10"
    if kind == "take_tribute":
        tribute = state.get("tribute") or {}
        transfers = tribute.get("transfers") or []
        index = tribute.get("index", 0)
        payer = transfers[index]["from"] if index < len(transfers) else None
        return f"{who} took {_split(p)} in tribute from {_name(state, payer)}"
    if kind == "final_assignment":
        if p.get("assignment") is None:
            return f"{who} accepted the proposed placing of their flexible points"
        chosen = p.get("assignment")
        if not isinstance(chosen, list):
            return f"{who} placed their flexible points"
        places = ", ".join(_class(c) for c in chosen)
        return f"{who} placed their flexible points: {places}"
    if kind == "exchange":
        return _exchange_words(who, p, 4, 1)
    if kind == "trade":
        return _exchange_words(who, p, 4, 2) + " with their trade card"
    if kind == "flip_down":
        seat = action.seat
        card = None
        if isinstance(seat, int) and 0 <= seat < len(state["cards"]):
            card = find_card(state["cards"][seat], p.get("card"))
        what = "a card"
        if card is not None and card.get("face_up"):
            what = "their " + describe_front(card)
        return f"{who} turned {what} face down for {_split(p)}"
    return "A move this game does not know"


def _front_words(p: Mapping) -> str:
    try:
        return describe_front(parse_front(p))
    except IllegalAction:
        return "card"


def _exchange_words(who: str, p: Mapping, give: int, get: int) -> str:
    gave = "grain" if p.get("give") == "grain" else "money"
    other = "Grain" if gave == "money" else "Money"
    times = _int(p.get("times", 1)) or 1
    return f"{who} exchanged {give * times} {gave.capitalize()} for {get * times} {other}"
