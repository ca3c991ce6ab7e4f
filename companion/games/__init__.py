"""Phone screens per game: ``companion/games/<game id>.py``, found by the game's id.

Each module gives Flet components drawn from the seat's view (``companion/ui/live.py``):
``Screen()`` (the phone's screen), ``TableView()`` (the host's shared table screen),
``turn_words(screen)`` (what the turn banner says) and ``news(before, after)`` (what
happened to this seat, said and buzzed).
"""

from __future__ import annotations

import importlib
from types import ModuleType


def screens_for(game_id: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{game_id}")
