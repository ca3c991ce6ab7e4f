"""Four Big Strata screens, and its calculators on the command line (``companion strata``)."""

from companion.games import GameScreens

SCREENS = GameScreens(__name__, phone="screens:Screen", table="table:TableView",
                      turn_words="words:turn_words", decision="words:decision", commands=("cli",))
