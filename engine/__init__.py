"""The rules of every game: pure Python, no Flet, no I/O, no clock, no randomness.

Each game lives in its own package (``engine/<game id>/``) and exposes a ``GAME``
object implementing :class:`engine.game.Game`. The table model in :mod:`engine.table`
turns a game, its players and an action log into a state.
"""

from engine.errors import IllegalAction, StaleRevision
from engine.game import Action, Game, Setting

__all__ = ["Action", "Game", "IllegalAction", "Setting", "StaleRevision"]
