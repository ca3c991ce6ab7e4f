"""Whether a move was based on a table that has changed since: a phone sends, with each
move, the revision it last saw, and a move made on a table others have changed since is
refused (:class:`engine.errors.StaleRevision`) rather than applied to a table its
player has not seen."""

from __future__ import annotations

from typing import Callable

from engine.game import Action, Game
from engine.log import TABLE_KINDS, Entry

OWN_RUN = 64
"""How many entries of its own a seat may have made since the revision it saw (quick
taps before its screen caught up); past that its view is too old to trust."""


def needs_fresh(game: Game, kind: str) -> bool:
    """Whether a move of ``kind`` is checked against the revision its sender saw: every
    move but a secret one (a sealed bid, made blind by its nature)."""
    move = game.moves.get(kind) if isinstance(kind, str) else None
    return kind in TABLE_KINDS or (move is not None and not move.secret)


def others_moved_since(game: Game, entry: Callable[[int], Entry], revision: int,
                       seen_revision: int, by: int | None, action: Action | None = None) -> bool:
    """Whether anyone but ``by`` (None: the host) changed the table (now at ``revision``)
    after ``seen_revision``: a phone's second tap, made before it saw its first move, is
    based on a table only it has changed, and goes through in order. For an independent
    ``action`` (:attr:`engine.moves.Move.independent`), the same move made for other
    seats does not count: each player's own Done stands beside the others'."""
    if seen_revision == revision:
        return False
    if not 0 <= seen_revision < revision or revision - seen_revision > OWN_RUN:
        return True
    move = game.moves.get(action.kind) if action is not None else None
    independent = move is not None and move.independent
    return any(made.by != by and not (independent and _beside(made.action, action))
               for made in map(entry, range(seen_revision + 1, revision + 1)))


def _beside(made: Action, action: Action) -> bool:
    """Whether ``made`` is the same move as ``action``, for another seat."""
    return made.kind == action.kind and made.seat != action.seat
