"""Rock Garden (Karesansui): rules engine, per-seat views, black-rock odds.

See :mod:`engine.rockgarden.game` for the action vocabulary.
"""

from engine.rockgarden.game import GAME, RockGarden
from engine.rockgarden.odds import black_rock_chance, black_rock_chance_exact
from engine.rockgarden.rules import turn_in_order

__all__ = ["GAME", "RockGarden", "black_rock_chance", "black_rock_chance_exact", "turn_in_order"]
