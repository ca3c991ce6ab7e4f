"""Pai Sho by Frank's rules: the board on the phone (or a real board's score keeper),
captures, harmonies and points."""

from engine.paisho.game import GAME, PaiSho

__all__ = ["GAME", "PaiSho"]
