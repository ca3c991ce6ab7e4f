"""Pai Sho by Frank's rules: tiles, captures, harmonies and points (the board stays real)."""

from engine.paisho.game import GAME, PaiSho

__all__ = ["GAME", "PaiSho"]
