"""Shared fixtures: nothing here mocks the database or the engine."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.parts_drawn import broken_parts, parts_drawn  # noqa: E402,F401 (every test hears the part guard)
