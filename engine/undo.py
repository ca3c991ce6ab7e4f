"""Who may undo or redo what: the refusals a phone's Undo and Redo buttons follow, and
the table checks again when the tap arrives (:meth:`engine.table.Match.propose`)."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.game import Action, Game
from engine.log import Entry
from engine.moves import HOST_ONLY


def undo_refusal(game: Game, state: Any, last: Entry | None, by: int | None) -> str | None:
    """Why ``by`` (None: the host) cannot undo ``last`` (the action on top) in ``state``;
    None when they can."""
    if last is None:
        return "Nothing to undo"
    move = game.moves.get(last.action.kind)
    if move is None or not move.undoable:
        return "That step revealed hidden information and cannot be undone"
    if by is None:
        return None
    if game.is_over(state):
        return "Only the host can undo the end of the game"
    if move.undo == HOST_ONLY:
        return "Only the host can undo that"
    if last.by != by:
        return "Only the player who did it, or the host, can undo that"
    return None


def redo_refusal(again: Entry | None, by: int | None) -> str | None:
    """Why ``by`` cannot redo ``again`` (the action a redo brings back); None when they can."""
    if again is None:
        return "Nothing to redo"
    if by is not None and again.by != by:
        return "Only the player who did it, or the host, can redo that"
    return None


def check_table_move(by: int | None, action: Action) -> None:
    """An undo or a redo carries no details and is made for the sender's own seat."""
    if action.payload:
        raise IllegalAction(f"{action.kind.capitalize()} takes no details")
    if by is not None and action.seat != by:
        raise IllegalAction("You can only act for your own seat")
