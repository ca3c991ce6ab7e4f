"""Pai Sho (Frank's rules) screens."""

from companion.games import GameScreens

SCREENS = GameScreens(__name__, phone="screens:Screen", table="screens:TableView",
                      turn_words="screens:turn_words", decision="screens:decision",
                      commands=("cli",))
