"""A table's log: its entries, and the undo/redo chain as one small typed record per entry.

The log is append-only. Undo and redo are log entries of their own, so nothing written
is ever rewritten: the *effective* actions are derived from the log (an undo takes the
last effective action away, a redo puts it back, a new action forgets what could be
redone). With every entry a :class:`Link` says where the effective actions stand after
it, and every :data:`SNAPSHOT_EVERY`-th effective action keeps a snapshot of the state,
so a table is opened, and an action undone, from the nearest snapshot instead of the
whole log (:class:`engine.table.Match`).
"""

from __future__ import annotations

from collections.abc import Sequence as SequenceABC
from dataclasses import asdict, dataclass, replace
from typing import Any, Callable, Iterable, Mapping, Protocol

from engine.game import Action

UNDO = "undo"
REDO = "redo"
TABLE_KINDS = (UNDO, REDO)


@dataclass(frozen=True)
class Entry:
    """One line of a table's log. ``by`` is who pressed the button (None: the host)."""

    rev: int
    by: int | None
    action: Action

    def to_json(self) -> dict:
        return {
            "rev": self.rev,
            "by": self.by,
            "seat": self.action.seat,
            "kind": self.action.kind,
            "payload": dict(self.action.payload),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "Entry":
        return Entry(
            rev=int(data["rev"]),
            by=data.get("by"),
            action=Action(data.get("seat"), str(data["kind"]), dict(data.get("payload") or {})),
        )


def effective(entries: Iterable[Entry]) -> tuple[list[Entry], list[Entry], list[Any]]:
    """(effective actions, redo stack, what undone endings showed) from the whole log."""
    done: list[Entry] = []
    undone: list[Entry] = []
    shown: list[Any] = []
    for entry in entries:
        kind = entry.action.kind
        if kind == UNDO:
            if done:
                undone.append(done.pop())
            if entry.action.payload.get("shown") is not None:
                shown.append(entry.action.payload["shown"])
        elif kind == REDO:
            if undone:
                done.append(undone.pop())
        else:
            done.append(entry)
            undone.clear()
    return done, undone, shown


def move_count(link: Mapping[str, Any] | None, entries: Callable[[], Iterable[Entry]]) -> int:
    """A table's move count, the one number the tables list, ``companion tables`` and
    every phone show ("48 moves", "move 48"): the actions in effect, the undone ones and
    the undo and redo entries aside (a log's revision counts every entry). The last
    entry's link record says it (:attr:`Link.moves`); a log without link records counts
    its effective actions (``entries``: the whole log, read only then)."""
    moves = link.get("moves") if isinstance(link, Mapping) else None
    if type(moves) is int and moves >= 0:
        return moves
    return len(effective(entries())[0])


SNAPSHOT_EVERY = 32
"""A state snapshot is kept every this many effective actions (chosen by measurement:
``bench/table_log.py --every``, see bench/RESULTS.md): undo and opening a table replay at
most this many actions, whatever the log's length."""

@dataclass(frozen=True)
class Link:
    """Where the table stands after one entry, kept with it (storage writes it as JSON).

    The effective actions form a stack that undo pops and redo pushes back; each is
    named by its entry's rev (0: none). ``top`` is the effective action on top, ``moves``
    how many actions are in effect (the table's move count: :func:`move_count`), ``redo`` the undo entry whose action a redo would
    bring back, ``shown`` the latest undo entry that kept something shown. ``parent`` is
    the effective action below a new one (the chain walked from the top); an undo entry
    says which action it ``undid``, the redo entry below it (``next_redo``) and the
    previous ``shown`` one (``prev_shown``). ``snap``: a snapshot of the state was kept
    with this entry; ``over``: the game was over after it."""

    top: int = 0
    moves: int = 0
    redo: int = 0
    shown: int = 0
    parent: int = 0
    undid: int = 0
    next_redo: int = 0
    prev_shown: int = 0
    snap: bool = False
    over: bool = False

    POSITION = ("top", "moves", "redo", "shown")
    """The fields that say where the stack stands (the rest say how it got there)."""

    def position(self) -> "Link":
        """Only where the stack stands: the start of the next entry's link."""
        return Link(self.top, self.moves, self.redo, self.shown)

    def pushed(self, rev: int, snap: bool) -> "Link":
        """After a new (or redone) effective action ``rev`` on top of this position."""
        return Link(rev, self.moves + 1, 0, self.shown, parent=self.top, snap=snap)

    def ended(self, over: bool) -> "Link":
        return replace(self, over=over)

    def to_json(self) -> dict:
        """The record as storage keeps it: the position, then what is set."""
        data = {key: value for key, value in asdict(self).items()
                if key in self.POSITION or value}
        return {key: int(value) for key, value in data.items()}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "Link":
        def number(key: str) -> int:
            return int(data.get(key) or 0)

        return Link(**{key: number(key) for key in ("top", "moves", "redo", "shown", "parent",
                                                      "undid", "next_redo", "prev_shown")},
                    snap=bool(data.get("snap")), over=bool(data.get("over")))


class LogSource(Protocol):
    """A table's log as a :class:`Match` reads it lazily (storage implements it): only the
    end of the log and the nearest snapshot are read to open a table or undo a move."""

    revision: int

    def entry(self, rev: int) -> Mapping[str, Any]:
        """The entry ``rev`` (:meth:`Entry.to_json`), a copy."""

    def link(self, rev: int) -> Mapping[str, Any] | None:
        """The link record written with entry ``rev`` (None if the log has none)."""

    def snapshot(self, rev: int) -> Any:
        """The state after effective action ``rev`` when one was kept, else None."""


class LogView(SequenceABC):
    """The whole log as a sequence of entries, read only when asked (the history)."""

    def __init__(self, length: Callable[[], int], entry: Callable[[int], Entry]):
        self._length = length
        self._entry = entry

    def __len__(self) -> int:
        return self._length()

    def __getitem__(self, index):
        n = len(self)
        if isinstance(index, slice):
            return [self._entry(i + 1) for i in range(*index.indices(n))]
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("log index out of range")
        return self._entry(index + 1)
