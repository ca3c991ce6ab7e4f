"""Rock Garden screens, and the advisors on the command line."""

from companion.games import GameScreens

SCREENS = GameScreens(__name__, phone="screens:Screen", table="table:TableView",
                      turn_words="words:turn_words", decision="words:decision", commands=("advise", "advise_bid"))
