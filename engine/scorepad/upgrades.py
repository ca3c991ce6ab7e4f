"""Score pad logs kept before the game contract, in today's moves (see
:mod:`engine.upgrade`: applied once when a stored table is opened, never on replay).

Words only: the host named the seat it entered points for in the payload (``player``);
today the action is for that seat. No other move takes the key.
"""

from __future__ import annotations

from engine.game import Action
from engine.upgrade import player_as_seat

VERSION = 1


def words(action: Action) -> Action:
    """An older action in today's words."""
    if action.kind == "points":
        return player_as_seat(action)
    return Action(action.seat, action.kind, {k: v for k, v in action.payload.items() if k != "player"})
