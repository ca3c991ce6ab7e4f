"""Four Big Strata (Shuishui): auction, production, tribute and balanced scoring.

Modules: ``game`` (the game: settings, setup, the flow of a round), ``moves`` (every
move with its handler, when it is open and its words), ``flow`` (the steps nobody
chooses, and their words), ``queries`` (where a game stands), ``views`` (what each seat
sees), and the rules' arithmetic: ``cards`` (what a card is), ``resources`` (Money,
Grain, the bank), ``production`` (yields and feeding), ``tribute`` (Influence and
transfers), ``scoring`` (best placing of flexible points, ranking); ``upgrades`` (older
logs in today's moves).
"""

from engine.strata.game import GAME, Strata
from engine.strata.queries import (all_down_bonus, cap_excess, current_picker, current_tribute,
                                   feeding_shortfall, pick_order, production_preview)
from engine.strata.scoring import best_assignment, rank
from engine.strata.tribute import influence, tribute_transfers

__all__ = [
    "GAME", "Strata", "all_down_bonus", "best_assignment", "cap_excess", "current_picker",
    "current_tribute", "feeding_shortfall", "influence", "pick_order",
    "production_preview", "rank", "tribute_transfers",
]
