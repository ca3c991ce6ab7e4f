"""The state at any point of a table's undo/redo chain: the nearest snapshot below it
plus at most ``every`` actions replayed on it (:class:`engine.chain.Chain` finds them).

Every ``every``-th effective action keeps the state after it as a snapshot, so opening a
table and undoing a move never replay the whole log. A table opened from storage has
its snapshot checked against the log once (:meth:`States.checked_at`).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from engine.chain import Chain
from engine.check import apply
from engine.errors import IllegalAction
from engine.game import Game
from engine.plain import clone, encoded

SNAPSHOT_MISMATCH = "a snapshot of its log does not match the log: it was opened from the log"


class States:
    """States of one table, worked out from its chain, its game and its setup."""

    def __init__(self, game: Game, names: Sequence[str], chain: Chain, setup: Callable[[], Any]):
        self.game = game
        self.names = names
        self.chain = chain
        self.setup = setup

    def at(self, top: int, skip: int = 0) -> Any:
        """The state with the chain ending at ``top`` in effect (shown items aside)."""
        return self._replayed_from(top, skip)[0]

    def _replayed_from(self, top: int, skip: int = 0) -> tuple[Any, int]:
        """(the state at ``top``, the rev of the snapshot it started from, 0: none)."""
        revs, state, start = self.chain.walk(top, stop_at_snapshot=True, skip=skip)
        if not start:
            state = self.setup()
        else:  # kept perhaps before a seat was renamed: read with today's names
            state = self.game.renamed(state, list(self.names))
        for rev in reversed(revs):
            entry = self.chain.entry(rev)
            state = apply(self.game, state, entry.action, entry.by, self.names)[0]
        return state, start

    def checked_at(self, top: int) -> tuple[Any, str | None]:
        """The state at ``top`` from the nearest snapshot, checked against the log, and
        why it came from the log instead (None: it did not). The snapshot below it (or
        the setup) and the actions between must give the same state; a snapshot that
        does not match, or cannot be played on, is set aside. Costs one more replay of
        at most ``every`` actions when opening a table."""
        try:
            state, start = self._replayed_from(top)
            if not start:
                return state, None
            below, _ = self._replayed_from(top, skip=start)
            if encoded(below) == encoded(state):
                return state, None
        except (IllegalAction, LookupError, TypeError, ValueError, AttributeError):
            pass  # a garbled snapshot can fail anywhere in a game's handlers (a fault of
            # ours, a NameError say, is not taken for a damaged snapshot)
        self.chain.set_aside(self.chain.snapshot_revs(top))
        return self.at(top), SNAPSHOT_MISMATCH

    def with_shown(self, state: Any, shown: Sequence[Any]) -> Any:
        """``state`` with what undone endings kept shown laid over it."""
        for item in shown:
            state = self.game.keep_shown(clone(state), item)
        return state
