"""Score pad rules: points per player per round, totals, optional secret scores.

With ``secret`` on, each player sees only their own points until the host reveals them
(or finishes the game); the table screen sees only who has entered. A round moves on
when everyone has entered, or when the host says so. The moves, with their words, are in
:mod:`engine.scorepad.moves`; the state and its queries in :mod:`engine.scorepad.state`.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game, Setting
from engine.scorepad.moves import MOVES
from engine.scorepad.state import (HIGHEST, WHO_WINS, hidden, leaders_first, lowest_wins, new_state, rank_of,
                                   standing, totals, waiting)


class ScorePad(Game):
    id = "scorepad"
    title = "Score pad"
    moves = MOVES
    min_players = 1
    max_players = 12
    settings = (
        Setting("secret", "Secret scores until revealed", False, kind="bool",
                help="Each player sees only their own points until the host reveals them."),
        Setting("wins", "Who wins", HIGHEST, kind="choice", choices=WHO_WINS,
                help="highest: the most points win; lowest: the fewest (golf, Hearts)."),
    )
    phase_labels = {"playing": "the game", "over": "the end of the game"}
    rules_summary = (
        "Each player enters their points for the round; totals add up by themselves.",
        "The next round starts once everyone has entered (the host can start it anyway).",
        "With secret scores, each player sees only their own points until the host reveals them.",
        "The host ends the game (after revealing secret scores): the final standing and "
        "the winner are shown to everyone.",
        "The highest total wins, or the lowest if the table was set so (golf, Hearts).",
    )

    def setup(self, players: list[str], settings: dict) -> dict:
        return new_state(players, settings.get("secret", False), settings.get("wins", HIGHEST))

    # -- where the game stands ------------------------------------------------------
    def phase(self, state: dict) -> str:
        return "over" if state["finished"] else "playing"

    def to_act(self, state: dict) -> list[int]:
        return [] if state["finished"] else waiting(state)

    def is_over(self, state: dict) -> bool:
        return state["finished"]

    # -- views ----------------------------------------------------------------------
    def public(self, state: dict) -> dict:
        secret = hidden(state)
        sums = totals(state)
        players = []
        for s, name in enumerate(state["players"]):
            players.append({
                "name": name,
                "total": None if secret else sums[s],
                "rounds": [("entered" if r[s] is not None else None) if secret else r[s]
                           for r in state["rounds"]],
            })
        return {
            "round": len(state["rounds"]),
            "players": players,
            "secret": secret,
            "lowest_wins": lowest_wins(state),
            "waiting": waiting(state),
            "finished": state["finished"],
        }

    def private(self, state: dict, seat: int) -> dict:
        return {
            "rounds": [r[seat] for r in state["rounds"]],
            "total": totals(state)[seat],
        }

    def result(self, state: dict) -> dict | None:
        if not state["finished"]:
            return None
        sums = totals(state)
        return {"ranking": [{"seat": s, "name": state["players"][s], "total": sums[s],
                             "rank": rank_of(state, s)} for s in leaders_first(state)],
                "standing": standing(state)}

    # -- an ended game's secret scores stay open if the end is undone ---------------
    def shown_at_end(self, state: dict) -> Any:
        return {"revealed": True} if state["secret"] else None

    def keep_shown(self, state: dict, shown: Any) -> dict:
        if isinstance(shown, dict) and shown.get("revealed"):
            state["revealed"] = True
        return state


GAME = ScorePad()
