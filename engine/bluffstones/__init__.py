"""BluffStones: secret stone bids to capture towers on the SiegeStones board (2-3 players).

The moves are documented in :mod:`engine.bluffstones.game` and declared, with their words,
in :mod:`engine.bluffstones.moves`.
"""

from engine.bluffstones import board
from engine.bluffstones.game import GAME, BluffStones

__all__ = ["GAME", "BluffStones", "board"]
