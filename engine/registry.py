"""The games of this app, in the order the host's game list shows them.

A new game is a new folder in ``engine/`` (a module exporting ``GAME``), a screen module
``companion/games/<id>.py`` (found by the game id) and one line here. ``commands`` names
the command-line sub-command modules the game contributes (``companion/commands/<name>.py``).
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
    commands: tuple[str, ...] = ()


GAMES: tuple[GameEntry, ...] = (
    GameEntry("scorepad", "engine.scorepad"),
    GameEntry("rockgarden", "engine.rockgarden", commands=("advise", "advise_bid")),
    GameEntry("strata", "engine.strata", commands=("strata",)),
    GameEntry("bluffstones", "engine.bluffstones"),
    GameEntry("paisho", "engine.paisho"),
)


def game_ids() -> list[str]:
    return [entry.id for entry in GAMES]


def games() -> list[Game]:
    return [get_game(entry.id) for entry in GAMES]


def game_commands() -> list[str]:
    return [name for entry in GAMES for name in entry.commands]


def get_game(game_id: str) -> Game:
    for entry in GAMES:
        if entry.id == game_id:
            return importlib.import_module(entry.module).GAME
    named = isinstance(game_id, str) and len(game_id) <= 40 and not bad_characters(game_id)
    raise IllegalAction(f"Unknown game '{game_id if named else '?'}'; games are: "
                        f"{', '.join(game_ids())}")
