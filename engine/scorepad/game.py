"""Score pad rules: points per player per round, totals, optional secret scores.

With ``secret`` on, each player sees only their own points until the host reveals them
(or finishes the game); the table screen sees only who has entered. A round moves on
when everyone has entered, or when the host says so.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.game import Action, Game, Setting
from engine.moves import ANYONE, HOST, SEAT, Move, move_table
from engine.schema import Field, Int, fields
from engine.words import and_words

MAX_POINTS = 100_000
MAX_ROUNDS = 1_000


def totals(state: dict) -> list[int]:
    n = len(state["players"])
    return [sum(r[s] or 0 for r in state["rounds"]) for s in range(n)]


def waiting(state: dict) -> list[int]:
    """Seats that have not entered points this round."""
    return [s for s, p in enumerate(state["rounds"][-1]) if p is None]


def standing(state: dict) -> str:
    """The final standing in words: "Cy wins with 26", "Ann and Cy tie for first with 26"."""
    sums = totals(state)
    best = max(sums)
    leaders = [name for name, total in zip(state["players"], sums) if total == best]
    if len(leaders) > 1:
        return f"{and_words(leaders)} tie for first with {best}"
    return f"{leaders[0]} {'wins' if len(sums) > 1 else 'ends'} with {best}"


def _visible(state: dict, viewer: int | None, owner: int) -> bool:
    return not state["secret"] or state["revealed"] or viewer == owner


# -- moves -----------------------------------------------------------------------------

def _points(state: dict, seat: int, payload: dict) -> None:
    rnd = payload.get("round", len(state["rounds"]) - 1)
    if rnd >= len(state["rounds"]):
        raise IllegalAction(f"There is no round {rnd + 1} yet")
    state["rounds"][rnd][seat] = payload["points"]


def _new_round_refusal(state: dict, seat: int | None, host: bool) -> str | None:
    current = state["rounds"][-1]
    if all(p is None for p in current):
        return "This round has no points yet"
    if len(state["rounds"]) >= MAX_ROUNDS:
        return f"A score pad holds at most {MAX_ROUNDS} rounds"
    missing = waiting(state)
    if missing and not host:
        names = ", ".join(state["players"][s] for s in missing)
        return f"Waiting for {names}: the host can start the next round anyway"
    return None


def _new_round(state: dict, seat: int | None, payload: dict) -> None:
    state["rounds"].append([None] * len(state["players"]))


def _reveal_refusal(state: dict, seat: int | None, host: bool) -> str | None:
    if not state["secret"] or state["revealed"]:
        return "The scores are already open"
    return None


def _reveal(state: dict, seat: int | None, payload: dict) -> None:
    state["revealed"] = True


def _finish(state: dict, seat: int | None, payload: dict) -> None:
    state["finished"] = True
    state["revealed"] = True


class ScorePad(Game):
    id = "scorepad"
    title = "Score pad"
    min_players = 1
    max_players = 12
    settings = (
        Setting("secret", "Secret scores until revealed", False, kind="bool",
                help="Each player sees only their own points until the host reveals them."),
    )
    phase_labels = {"playing": "the game", "over": "the end of the game"}
    rules_summary = (
        "Each player enters their points for the round; totals add up by themselves.",
        "The next round starts once everyone has entered (the host can start it anyway).",
        "With secret scores, each player sees only their own points until the host reveals them.",
        "The host ends the game (after revealing secret scores): the final standing and "
        "the winner are shown to everyone.",
    )
    moves = move_table(
        Move("points", _points, who=SEAT, independent=True, label="Enter points", payload=fields(
            points=Field(Int(-MAX_POINTS, MAX_POINTS, text=True), "Points", required=True),
            round=Field(Int(0, MAX_ROUNDS - 1), "The round"))),
        Move("new_round", _new_round, who=ANYONE, label="Next round", when=_new_round_refusal),
        Move("reveal", _reveal, who=HOST, reveals=True, label="Reveal scores",
             when=_reveal_refusal),
        Move("finish", _finish, who=HOST, label="End the game"),
    )

    def setup(self, players: list[str], settings: dict) -> dict:
        return {
            "players": list(players),
            "secret": bool(settings.get("secret", False)),
            "rounds": [[None] * len(players)],  # rounds[r][seat] = points or None
            "revealed": False,
            "finished": False,
        }

    # -- where the game stands ------------------------------------------------------
    def phase(self, state: dict) -> str:
        return "over" if state["finished"] else "playing"

    def to_act(self, state: dict) -> list[int]:
        return [] if state["finished"] else waiting(state)

    def is_over(self, state: dict) -> bool:
        return state["finished"]

    # -- views ----------------------------------------------------------------------
    def public(self, state: dict) -> dict:
        hidden = state["secret"] and not state["revealed"]
        sums = totals(state)
        players = []
        for s, name in enumerate(state["players"]):
            players.append({
                "name": name,
                "total": None if hidden else sums[s],
                "rounds": [("entered" if r[s] is not None else None) if hidden else r[s]
                           for r in state["rounds"]],
            })
        return {
            "round": len(state["rounds"]),
            "players": players,
            "secret": hidden,
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
        order = sorted(range(len(sums)), key=lambda s: (-sums[s], s))
        return {"ranking": [{"seat": s, "name": state["players"][s], "total": sums[s],
                             "rank": 1 + sum(1 for o in sums if o > sums[s])} for s in order],
                "standing": standing(state)}

    def tells(self, before: dict, action: Action, after: dict, seat: int) -> str | None:
        if action.kind == "finish":
            return f"The game ended: {standing(after)}"
        rounds = self.public_of(before)["round"], self.public_of(after)["round"]
        return f"Round {rounds[1]} started" if rounds[1] > rounds[0] else None

    def history_line(self, state: dict, action: Action, viewer: int | None, after: dict | None = None) -> str:
        names = state["players"]
        kind = action.kind
        seat = action.seat
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The host"
        if kind == "points":
            rnd = action.payload.get("round", len(state["rounds"]) - 1)
            rnd = rnd + 1 if isinstance(rnd, int) else len(state["rounds"])
            if isinstance(seat, int) and _visible(state, viewer, seat):
                return f"{who} scored {action.payload.get('points')} in round {rnd}"
            return f"{who} entered a secret score for round {rnd}"
        if kind == "new_round":
            return f"Round {len(state['rounds']) + 1} started"
        if kind == "reveal":
            return "The host revealed the scores"
        if kind == "finish":
            return f"The game ended: {standing(state)}"
        return super().history_line(state, action, viewer)

    # -- an ended game's secret scores stay open if the end is undone ---------------
    def shown_at_end(self, state: dict) -> Any:
        return {"revealed": True} if state["secret"] else None

    def keep_shown(self, state: dict, shown: Any) -> dict:
        if isinstance(shown, dict) and shown.get("revealed"):
            state["revealed"] = True
        return state


GAME = ScorePad()
