"""Phone screens per game: game id -> module with ``build(ui) -> list[Control]``.

A game without screens yet can still be created from the command line; its table page
says so instead of showing anything half-made.
"""

from __future__ import annotations

import importlib
from types import ModuleType

SCREEN_MODULES = {
    "scorepad": "companion.games.scorepad",
    "rockgarden": "companion.games.rockgarden",
    "strata": "companion.games.strata",
    "bluffstones": "companion.games.bluffstones",
    "paisho": "companion.games.paisho",
}


def screens_for(game_id: str) -> ModuleType | None:
    name = SCREEN_MODULES.get(game_id)
    if not name:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def playable(game_id: str) -> bool:
    return screens_for(game_id) is not None
