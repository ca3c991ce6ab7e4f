"""A toy game made the way the README says a new game is made: its rules package
(``rules/``, exporting ``GAME``), its screen package (``screens/``, exporting ``SCREENS``)
and a line in each registry, the engine's and the screens' (the tests add them:
``tests.toy.ENTRY`` and ``tests.toy.SCREENS``)."""

from engine.registry import GameEntry

ENTRY = GameEntry("toy", "tests.toy.rules")
SCREENS = "tests.toy.screens"
