"""Game ids -> games. A new game is a new folder plus one line here."""

from __future__ import annotations

import importlib

from engine.errors import IllegalAction
from engine.game import Game

GAME_MODULES = {
    "scorepad": "engine.scorepad",
    "rockgarden": "engine.rockgarden",
    "strata": "engine.strata",
    "bluffstones": "engine.bluffstones",
    "paisho": "engine.paisho",
}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def available_games() -> list[Game]:
    """The games whose engines are present (a game still being written is skipped)."""
    games = []
    for gid in GAME_MODULES:
        try:
            games.append(get_game(gid))
        except IllegalAction:
            continue
    return games


def get_game(game_id: str) -> Game:
    module_name = GAME_MODULES.get(game_id)
    if module_name is None:
        raise IllegalAction(f"Unknown game '{game_id}'; games are: {', '.join(GAME_MODULES)}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise  # a bug inside the game must show, not pass for a missing game
        raise IllegalAction(f"The game '{game_id}' is not available yet") from None
    return module.GAME
