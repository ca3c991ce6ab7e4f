"""The games of this app, in the order the host's game list shows them.

A new game is its rules package in ``engine/`` (exporting ``GAME``) and one line here,
then its screen package and one line in ``companion/games/__init__.py``. The engine
names only rules packages: what a game looks like is the companion's to say.
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


GAMES: tuple[GameEntry, ...] = (
    GameEntry("scorepad", "engine.scorepad"),
    GameEntry("rockgarden", "engine.rockgarden"),
    GameEntry("strata", "engine.strata"),
    GameEntry("bluffstones", "engine.bluffstones"),
    GameEntry("paisho", "engine.paisho"),
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
