"""The history: every move in effect in words, as one viewer may read them, read a page
at a time.

A move's line depends only on the move and the chain of actions below it, and that chain
never changes once the move is made (undo takes it off whole, redo puts it back on the
same chain); so a line is worked out once per move and viewer and kept, in a bounded
cache. A page of lines needs the states around its own moves only: the nearest snapshot
below the page plus at most a snapshot's spacing of actions replayed
(:mod:`engine.snapshots`), so the newest page of a 30,000-move table costs what the
newest page of a 30-move one does.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Sequence

from engine.chain import Chain
from engine.check import apply
from engine.game import Game
from engine.log import Entry
from engine.snapshots import States

PAGE = 40
"""How many lines a page of the history holds (the newest first on a phone)."""

LINES_KEPT = 4096
"""How many lines (a move as one viewer reads it) a table keeps worked out."""

MARK_EVERY = 200
"""Every this many moves the chain in effect keeps a mark (the move's rev), so a page far
back walks at most this many links more than it shows."""


@dataclass(frozen=True)
class Line:
    """Move number ``move`` of the table's move count, its log entry, and its words."""

    move: int
    entry: Entry
    text: str


class History:
    """One table's lines, worked out as pages are asked for and kept per viewer: a
    viewer's line is never another's (a secret move says its value to its author only)."""

    def __init__(self, game: Game, chain: Chain, states: States, names: Sequence[str],
                 kept: int = LINES_KEPT):
        self.game = game
        self.chain = chain
        self.states = states
        self.names = names
        self.kept = kept
        self._lines: OrderedDict[tuple[int, int | None], str] = OrderedDict()
        self.mark_every = MARK_EVERY
        self._marks: dict[int, int] = {}
        """Move number -> its rev, every ``mark_every`` moves of the chain in effect, noted
        while walking it: an older page walks down from the mark above it, not the top."""
        self.worked_out = 0
        """How many lines were put into words (the game's words asked), cached ones aside."""

    def page(self, viewer: int | None, last: int | None = None, count: int = PAGE) -> list[Line]:
        """Moves ``last - count + 1`` to ``last`` (None: the newest) in effect, oldest
        first, as ``viewer`` (a seat; None: the table screen and watchers) may read them."""
        moves = self.chain.pos.moves
        last = moves if last is None else max(0, min(int(last), moves))
        above = min((level for level in self._marks if last <= level < moves), default=moves)
        top = self._marks.get(above, self.chain.pos.top) if above < moves else self.chain.pos.top
        revs = self._walk(top, above, above - last, max(0, int(count)))[::-1]
        entries = [self.chain.entry(rev) for rev in revs]
        texts = [self._kept_line((rev, viewer)) for rev in revs]
        if None in texts:
            self._work_out(viewer, entries, texts, texts.index(None))
        first = last - len(revs) + 1
        return [Line(first + n, entry, text) for n, (entry, text) in enumerate(zip(entries, texts))]

    def moved(self, moves: int) -> None:
        """The chain in effect is ``moves`` long now: a mark above it may name an action
        undone (the chain below a move changes only once the table went below it)."""
        if self._marks and max(self._marks) > moves:
            self._marks = {level: rev for level, rev in self._marks.items() if level <= moves}

    def _walk(self, top: int, level: int, skip: int, count: int) -> list[int]:
        """The effective actions from ``top`` (move ``level``) down, top first: ``count``
        of them after the first ``skip``; marks noted on the way."""
        revs: list[int] = []
        rev = top
        while rev and len(revs) < count:
            if level % self.mark_every == 0:
                self._marks[level] = rev
            if skip:
                skip -= 1
            else:
                revs.append(rev)
            rev = self.chain.link(rev).parent
            level -= 1
        return revs

    def _work_out(self, viewer: int | None, entries: list[Entry], texts: list[str | None],
                  start: int) -> None:
        """Fill ``texts`` from ``start`` on: the state before ``entries[start]`` from the
        nearest snapshot, then each move replayed and said."""
        state: Any = self.states.at(self.chain.link(entries[start].rev).parent)
        for n in range(start, len(entries)):
            entry = entries[n]
            after = apply(self.game, state, entry.action, entry.by, self.names)[0]
            if texts[n] is None:
                texts[n] = self._keep((entry.rev, viewer), self.game.say(state, entry.action, after, viewer).text)
            state = after

    def _kept_line(self, key: tuple[int, int | None]) -> str | None:
        text = self._lines.get(key)
        if text is not None:
            self._lines.move_to_end(key)
        return text

    def _keep(self, key: tuple[int, int | None], text: str) -> str:
        self.worked_out += 1
        self._lines[key] = text
        self._lines.move_to_end(key)
        while len(self._lines) > self.kept:
            self._lines.popitem(last=False)
        return text
