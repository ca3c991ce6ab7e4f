"""The toy game's screens: the phone's counter with its moves, and a turn banner."""

from companion.games import GameScreens

SCREENS = GameScreens(__name__, phone="phone:Screen", turn_words="phone:turn_words")
