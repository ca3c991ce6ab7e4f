"""BluffStones: secret stone bids to capture towers on the SiegeStones board (2-3 players).

The moves are documented in :mod:`engine.bluffstones.game`.
"""

from engine.bluffstones import board
from engine.bluffstones.game import GAME, HOUSE_RULES, BluffStones, bid_choices
from engine.bluffstones.state import (
    empty_circles, removable_circles, to_act, turn_order, waiting_for,
)

__all__ = [
    "GAME", "HOUSE_RULES", "BluffStones", "bid_choices", "board", "empty_circles",
    "removable_circles", "to_act", "turn_order", "waiting_for",
]
