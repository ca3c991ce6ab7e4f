"""Rock Garden screens, and the advisors on the command line."""

from companion.games import GameScreens

SCREENS = GameScreens(__name__, phone="screens:Screen", table="screens:TableView",
                      turn_words="screens:turn_words", decision="screens:decision", commands=("advise", "advise_bid"))
