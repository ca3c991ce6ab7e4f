"""The one move check every game shares.

:func:`apply` does what every game would otherwise repeat: the game is not over, the
seat exists and is the sender's (or the host acts for it), the move belongs to this
phase and is open to that seat, the payload has the declared shape; then a private copy
of the state goes to the move's handler. The legal moves of a seat come from the same
check (:func:`legal_moves`), so what a phone offers and what the table accepts cannot
disagree.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.errors import IllegalAction
from engine.game import Action, Game
from engine.moves import ANYONE, HOST, HOST_FOR_SEAT, SEAT, TURN, Move
from engine.plain import clone, encoded
from engine.schema import bad_characters

MAX_PAYLOAD_BYTES = 4096
"""A checked payload's size in the log (JSON bytes): every declared shape fits easily."""


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def _seat_exists(seat: int, names: Sequence[str], state: Any) -> bool:
    count = len(names) or len(_names_of(state))
    return 0 <= seat < count if count else seat >= 0


def _seat_for(game: Game, state: Any, move: Move, seat: int | None, host: bool) -> int | None:
    """The seat a move is for once the table's rules are applied (the host's table-wide
    moves are the table's; the host's turn move with no seat is for the one seat to act)."""
    if move.who == HOST:
        return None
    if move.who == ANYONE:
        return None if host else seat
    if move.who == TURN and seat is None and host:
        waiting = game.to_act(state)
        if len(waiting) == 1:
            return waiting[0]
    return seat


def refusal(game: Game, state: Any, move: Move, seat: int | None, host: bool,
            names: Sequence[str]) -> str | None:
    """Why ``move`` is not open now to ``seat`` (``host``: sent from the host's device);
    None when it is. The legal list and the check both ask this, and only this."""
    if game.is_over(state):
        return "The game is over"
    if move.who in (HOST, HOST_FOR_SEAT) and not host:
        return f"Only the host can do that ({move.title.lower()})"
    if move.who in (TURN, SEAT, HOST_FOR_SEAT) and seat is None:
        return "Say which player this is for"
    if move.who == ANYONE and seat is None and not host:
        return "Take a seat to do that"
    if move.phases:
        phase = game.phase(state)
        if phase not in move.phases:
            return f"{move.title} is not possible during {game.phase_label(phase)}"
    if move.who == TURN:
        waiting = game.to_act(state)
        if seat not in waiting:
            if not waiting:
                return "It is nobody's turn now"
            others = " or ".join(_name(names, s) for s in waiting)
            return f"It is {others}'s turn" if host else f"It is not your turn: it is {others}'s"
    if move.when is not None:
        return move.when(state, seat, host)
    return None


def check(game: Game, state: Any, action: Action, by: int | None,
          names: Sequence[str]) -> tuple[Move, Action]:
    """The move and the action as the log will keep it (seat settled, payload as
    declared), or IllegalAction with a sentence a player can read."""
    kind = action.kind
    move = game.moves.get(kind) if isinstance(kind, str) else None
    if move is None:
        if isinstance(kind, str) and 0 < len(kind) <= 40 and not bad_characters(kind):
            raise IllegalAction(f"{game.title} has no move '{kind}'")
        raise IllegalAction(f"That is not a move of {game.title}")
    seat = action.seat
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not _seat_exists(seat, names, state)):
        raise IllegalAction("There is no such seat at this table")
    host = by is None
    if not host:
        if seat != by:
            raise IllegalAction("You can only act for your own seat")
    seat = _seat_for(game, state, move, seat, host)
    reason = refusal(game, state, move, seat, host, names)
    if reason:
        raise IllegalAction(reason)
    payload = move.payload.check(action.payload, "This move")
    if len(encoded(payload)) > MAX_PAYLOAD_BYTES:
        raise IllegalAction("That move is too large")
    return move, Action(seat, kind, payload)


def apply(game: Game, state: Any, action: Action, by: int | None,
          names: Sequence[str]) -> tuple[Any, Action]:
    """(the next state, the action as logged). Never changes ``state``: the handler gets
    a private copy, thrown away if it refuses."""
    move, checked = check(game, state, action, by, names)
    new = clone(state)
    out = move.handler(new, checked.seat, dict(checked.payload))
    return (new if out is None else out), checked


def play(game: Game, state: Any, action: Action, host: bool = False,
         names: Sequence[str] = ()) -> Any:
    """The next state for ``action`` sent by its own seat's phone (or, with ``host`` or
    a table-wide action, by the host's device): scripts and tests."""
    by = None if host or action.seat is None else action.seat
    return apply(game, state, action, by, names or _names_of(state))[0]


def _names_of(state: Any) -> Sequence[str]:
    players = state.get("players") if isinstance(state, dict) else None
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        return players
    return ()


def legal_moves(game: Game, state: Any, seat: int | None, host: bool,
                names: Sequence[str]) -> list[str]:
    """The move kinds ``seat`` (or the host's device) may send now, in declaration order."""
    if seat is None and not host:
        return []
    kinds = []
    for move in game.moves.values():
        if refusal(game, state, move, _seat_for(game, state, move, seat, host), host, names) is None:
            kinds.append(move.kind)
    return kinds
