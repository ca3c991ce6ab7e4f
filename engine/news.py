"""What a table's moves said: the news a viewer gets of the moves since the revision it
saw last (the history is :mod:`engine.history`). Both ask the game's one dispatch
(:meth:`engine.game.Game.say`) with the states before and after each move."""

from __future__ import annotations

from typing import Any, Callable

from engine.game import Game
from engine.log import Entry

RECENT = 16
"""How many of the latest moves keep their state before and after in memory: the news
of a viewer who missed more is only its new screen."""


class Recent:
    """The latest moves' states: rev -> (state before, state after, shown then)."""

    def __init__(self, size: int = RECENT):
        self.size = size
        self._states: dict[int, tuple[Any, Any, list]] = {}

    def keep(self, rev: int, before: Any, after: Any, shown: list) -> None:
        self._states[rev] = (before, after, shown)
        if len(self._states) > self.size:
            del self._states[min(self._states)]

    def get(self, rev: int) -> tuple[Any, Any, list] | None:
        return self._states.get(rev)

    def state_before(self, rev: int) -> Any | None:
        """The state before move ``rev`` as it was when the move was made, or None: what
        undoing it gives without a replay. Only when nothing was shown then (shown items
        are laid over a replayed state)."""
        kept = self._states.get(rev)
        return kept[0] if kept is not None and not kept[2] else None


def news(game: Game, recent: Recent, entry: Callable[[int], Entry], seat: int | None,
         since: int, revision: int) -> list[dict]:
    """The moves made after revision ``since`` (undo and redo aside, and only the recent
    ones), each as the game says it to ``seat``: ``text`` is what it tells this seat when it
    concerns it (``concerns``), else its history line; ``sealed`` when the move is a
    secret one (a sealed bid): a phone says such news on its screen only, never with a
    cue the table can hear."""
    items = []
    for rev in range(max(since, 0) + 1, revision + 1):
        states = recent.get(rev)
        if states is None:
            continue
        action = entry(rev).action
        words = game.say(states[0], action, states[1], seat)
        mine = seat is not None and words.to_you is not None
        move = game.moves.get(action.kind) if isinstance(action.kind, str) else None
        items.append({"rev": rev, "text": words.to_you if mine else words.text, "concerns": mine,
                      "sealed": bool(move and move.secret)})
    return items
