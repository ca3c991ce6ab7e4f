"""The score pad's moves, each with its handler and its words side by side.

What a move says (:data:`engine.moves.Words`): its line in the history for every viewer,
and what it tells each seat it concerns (a new round and the end concern everyone). With
secret scores a player's points are said only to that player until they are revealed.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.game import Action
from engine.moves import ANYONE, HOST, SEAT, Move, Said, move_table
from engine.schema import Field, Int, fields
from engine.scorepad.state import MAX_POINTS, MAX_ROUNDS, standing, visible, waiting


def _everyone(line: str, viewer: int | None) -> Said:
    """A line that is also news for every seat (the table screen only reads it)."""
    return Said(line, None if viewer is None else line)


# -- points: a seat enters its points for a round (this one, or an earlier one) -----------
def _points(state: dict, seat: int, payload: dict) -> None:
    rnd = payload.get("round", len(state["rounds"]) - 1)
    if rnd >= len(state["rounds"]):
        raise IllegalAction(f"There is no round {rnd + 1} yet")
    state["rounds"][rnd][seat] = payload["points"]


def _points_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    """Everyone reads who entered points for which round; the points only those who may
    see them (all, unless the scores are secret: then their author)."""
    seat = action.seat
    names = before["players"]
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The host"
    rnd = action.get("round", len(before["rounds"]) - 1)
    rnd = rnd + 1 if isinstance(rnd, int) else len(before["rounds"])
    if isinstance(seat, int) and visible(before, viewer, seat):
        return f"{who} scored {action.get('points')} in round {rnd}"
    return f"{who} entered a secret score for round {rnd}"


POINTS = Move("points", _points, who=SEAT, independent=True, label="Enter points",
              words=_points_words, payload=fields(
                  points=Field(Int(-MAX_POINTS, MAX_POINTS, text=True), "Points", required=True),
                  round=Field(Int(0, MAX_ROUNDS - 1), "The round")))


# -- new_round: the next round starts -------------------------------------------------
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


def _new_round_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    return _everyone(f"Round {len(after['rounds'])} started", viewer)


NEW_ROUND = Move("new_round", _new_round, who=ANYONE, label="Next round",
                 when=_new_round_refusal, words=_new_round_words)


# -- reveal: the host opens the secret scores -------------------------------------------
def _reveal_refusal(state: dict, seat: int | None, host: bool) -> str | None:
    if not state["secret"] or state["revealed"]:
        return "The scores are already open"
    return None


def _reveal(state: dict, seat: int | None, payload: dict) -> None:
    state["revealed"] = True


REVEAL = Move("reveal", _reveal, who=HOST, reveals=True, label="Reveal scores",
              when=_reveal_refusal, words=lambda *_: "The host revealed the scores")


# -- finish: the host ends the game (every score shown) ---------------------------------
def _finish(state: dict, seat: int | None, payload: dict) -> None:
    state["finished"] = True
    state["revealed"] = True


def _finish_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    return _everyone(f"The game ended: {standing(after)}", viewer)


FINISH = Move("finish", _finish, who=HOST, label="End the game", words=_finish_words)


MOVES = move_table(POINTS, NEW_ROUND, REVEAL, FINISH)
