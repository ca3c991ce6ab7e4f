"""The toy game's rules: two players take turns adding 1 to 3 to a counter;
whoever reaches the target wins. Everything a game gives, and nothing more."""

from __future__ import annotations

from engine.game import Action, Game, Setting
from engine.moves import TURN, Move, Said, move_table
from engine.schema import Field, Int, fields

LEAST, MOST = 1, 3  # what one move may add


def _add(state: dict, seat: int, payload: dict) -> None:
    state["count"] += payload["amount"]
    if state["count"] >= state["target"]:
        state["winner"] = seat
    else:
        state["turn"] = (state["turn"] + 1) % len(state["players"])


def _added(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    """Everyone reads who added what; the other player hears how far the counter is from
    the target."""
    line = f"{before['players'][action.seat]} added {action.get('amount')}"
    if viewer is None or viewer == action.seat or after["winner"] is not None:
        return Said(line)
    return Said(line, f"{line}: {after['target'] - after['count']} to go")


class Toy(Game):
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 2
    settings = (Setting("target", "Target", 10, minimum=3, maximum=50),)
    moves = move_table(Move("add", _add, who=TURN, label="Add", words=_added,
                            payload=fields(amount=Field(Int(LEAST, MOST), "The amount", required=True))))

    def setup(self, players, settings):
        return {"players": list(players), "count": 0, "turn": 0, "winner": None,
                "target": settings["target"], "phase": "play"}

    def to_act(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def is_over(self, state):
        return state["winner"] is not None

    def public(self, state):
        return {"count": state["count"], "target": state["target"], "amounts": list(range(LEAST, MOST + 1))}

    def result(self, state):
        return {"winner": state["players"][state["winner"]]} if state["winner"] is not None else None


GAME = Toy()
