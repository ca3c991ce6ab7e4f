"""Phone screens per game: ``companion/games/<game id>.py``, found by the game's id.

Each module has ``build(ui) -> list[Control]`` (see :class:`companion.ui.gameui.GameUI`).
"""

from __future__ import annotations

import importlib
from types import ModuleType


def screens_for(game_id: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{game_id}")
