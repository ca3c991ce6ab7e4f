"""Score pad: free-form points per player per round, for any game on the shelf."""

from engine.scorepad.game import GAME, ScorePad

__all__ = ["GAME", "ScorePad"]
