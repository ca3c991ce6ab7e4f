"""The games of this app, in the order the host's game list shows them.

A new game is its rules package in ``engine/`` (exporting ``GAME``), its screen package
(exporting ``SCREENS``, see ``companion/games/__init__.py``) and one line here. The
engine imports only the rules: the screen package is named here as data for the layers
above (the phone frame and the command line), never imported by the engine.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from engine.errors import IllegalAction
from engine.game import Game
from engine.schema import bad_characters


@dataclass(frozen=True)
class GameEntry:
    id: str
    module: str
    screens: str


GAMES: tuple[GameEntry, ...] = (
    GameEntry("scorepad", "engine.scorepad", "companion.games.scorepad"),
    GameEntry("rockgarden", "engine.rockgarden", "companion.games.rockgarden"),
    GameEntry("strata", "engine.strata", "companion.games.strata"),
    GameEntry("bluffstones", "engine.bluffstones", "companion.games.bluffstones"),
    GameEntry("paisho", "engine.paisho", "companion.games.paisho"),
)


def game_ids() -> list[str]:
    return [entry.id for entry in GAMES]


def games() -> list[Game]:
    return [get_game(entry.id) for entry in GAMES]


def entry_of(game_id: str) -> GameEntry:
    for entry in GAMES:
        if entry.id == game_id:
            return entry
    named = isinstance(game_id, str) and len(game_id) <= 40 and not bad_characters(game_id)
    raise IllegalAction(f"Unknown game '{game_id if named else '?'}'; games are: "
                        f"{', '.join(game_ids())}")


def get_game(game_id: str) -> Game:
    return importlib.import_module(entry_of(game_id).module).GAME
