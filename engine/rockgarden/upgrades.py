"""Rock Garden logs kept before the game contract, in today's moves (see
:mod:`engine.upgrade`: applied once when a stored table is opened, never on replay).

Words: the host named the seat it acted for as ``"player"`` (and sent no seat); ``draw``
took ``"rock"`` too and ``pass`` ``"rocks"``.

Moves today's rules refuse (:func:`instead`):

- a garden correction that changed nothing (the old engine took it; nothing happened):
  dropped;
- a player correcting a garden during the turn-ins (today only the host does): the
  host's correction for that seat.

Left as they are: a correction during the turn-ins that gave a forbidden set to a player
whose turn-in had passed. The old engine kept that set for the next round; today the
turn comes back to that player in this round, so the old log no longer says what was
turned in, and the upgrade stops there (the table cannot be opened; it is left as it was).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.game import Action
from engine.rockgarden.rules import parse_rocks
from engine.rockgarden.state import TURN_INS
from engine.upgrade import player_as_seat

VERSION = 1


def words(action: Action) -> Action:
    """An older action in today's words."""
    if action.kind != "start_player":  # there "player" is the subject, not the actor
        action = player_as_seat(action)
    payload = dict(action.payload)
    if action.kind == "draw" and "rock" in payload and "rocks" not in payload:
        payload["rocks"] = payload.pop("rock")
    if action.kind == "pass" and "rocks" in payload and "rock" not in payload:
        rocks = payload.pop("rocks")
        if isinstance(rocks, list):
            rocks = " ".join(str(r) for r in rocks)
        if rocks:
            payload["rock"] = rocks
    if action.kind == "pass" and payload.get("rock") is None:
        payload.pop("rock", None)
    return Action(action.seat, action.kind, payload)


def instead(state: dict, by: int | None, action: Action,
            refusal: IllegalAction) -> list[tuple[int | None, Action]] | None:
    """A garden correction today's rules refuse, as today's moves."""
    seat = action.seat
    if action.kind != "correct_garden" or isinstance(seat, bool) or not isinstance(seat, int) \
            or not 0 <= seat < len(state["gardens"]):
        return None
    try:
        rocks = parse_rocks(action.payload.get("rocks"))
    except (IllegalAction, TypeError, ValueError):
        return None
    if rocks == state["gardens"][seat]:
        return []
    if state["phase"] == TURN_INS and by is not None:
        return [(None, action)]
    return None
