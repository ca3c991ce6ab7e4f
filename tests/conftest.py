"""Shared fixtures: nothing here mocks the database or the engine."""

import sys

import pytest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.depth import register_profiles  # noqa: E402
from tests.parts_drawn import broken_parts, parts_drawn  # noqa: E402,F401 (every test hears the part guard)

register_profiles()  # HYPOTHESIS_PROFILE=deep: the deep run (tests/depth.py)


@pytest.fixture
def toy(monkeypatch):
    """The toy game (tests/toy) registered beside the real ones, as a new game would be."""
    from engine import registry
    from companion import games
    from tests.toy import ENTRY, SCREENS

    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (ENTRY,))
    monkeypatch.setitem(games.SCREEN_PACKAGES, ENTRY.id, SCREENS)
    return registry.get_game("toy")
