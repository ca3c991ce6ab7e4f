"""BluffStones logs kept before the game contract, in today's moves (see
:mod:`engine.upgrade`: applied once when a stored table is opened, never on replay).

Words only: ``color``/``colors`` keys, bids as the stones picked up (``{"stones": [...]}``),
colours as letters, and keys no move takes (they were stored as they came); today's
moves keep only theirs.
"""

from __future__ import annotations

from engine.bluffstones.game import GAME
from engine.bluffstones.stones import COLOUR_LETTERS
from engine.game import Action
from engine.upgrade import declared

VERSION = 1

_KEYS = {"color": "colour", "colors": "colours"}


def words(action: Action) -> Action:
    """An older action in today's words."""
    keys = declared(GAME, action)
    if keys is None:
        return action
    payload = {_KEYS.get(k, k): v for k, v in action.payload.items()}
    if action.kind == "bid":
        _bid(payload)
    return Action(action.seat, action.kind, {k: v for k, v in payload.items() if k in keys})


def _bid(payload: dict) -> None:
    """A bid as its count and colour (none for a bid of nothing)."""
    if "stones" in payload:
        stones = payload.pop("stones")
        if isinstance(stones, list):
            payload["count"] = len(stones)
            if stones:
                payload["colour"] = stones[0]
    colour = payload.get("colour")
    if isinstance(colour, str) and colour.strip().lower() in COLOUR_LETTERS:
        payload["colour"] = COLOUR_LETTERS[colour.strip().lower()]
    if str(payload.get("count", "")).strip() == "0":
        payload.pop("colour", None)
