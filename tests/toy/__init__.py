"""A toy game made the way the README says a new game is made: its rules package
(``rules/``, exporting ``GAME``), its screen package (``screens/``, exporting ``SCREENS``)
and one registry line (the tests add it: ``tests.toy.ENTRY``)."""

from engine.registry import GameEntry

ENTRY = GameEntry("toy", "tests.toy.rules", "tests.toy.screens")
