"""A table's log as its :class:`engine.table.Match` reads it: entries, link records and
snapshots, read lazily from storage (:class:`engine.log.LogSource`) and kept in a bounded
cache, and the undo/redo chain they make.

The effective actions form a stack that undo pops and redo pushes back; each entry's
link record (:class:`engine.log.Link`) says where that stack stands after it, and each
effective action names the one below it (``parent``), so the stack is a chain walked
from its top without reading the log before it. :class:`Chain` walks it and works out
the link record each kind of entry (a new action, an undo, a redo) leaves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.log import Entry, Link, LogSource, LogView


class Chain:
    """The log of one table, its position (:attr:`pos`) and revision."""

    CACHE = 4096  # entries and links kept in memory when the log is read from storage
    SNAPSHOTS = 64  # snapshots kept in memory likewise

    def __init__(self, source: LogSource | None = None):
        self.source = source
        self.revision = int(source.revision) if source is not None else 0
        self.pos = Link()  # where the stack stands now (:meth:`Link.position`)
        self._entries: dict[int, Entry] = {}
        self._links: dict[int, Link] = {}
        self._snapshots: dict[int, Any] = {}
        self._set_aside: set[int] = set()  # snapshots found not to match the log

    # -- reading, lazily -------------------------------------------------------
    def entry(self, rev: int) -> Entry:
        entry = self._entries.get(rev)
        if entry is None:
            if self.source is None or not 0 < rev <= self.revision:
                raise IllegalAction(f"The log has no entry {rev}")
            entry = Entry.from_json(self.source.entry(rev))
            self._keep(self._entries, rev, entry)
        return entry

    def link(self, rev: int) -> Link:
        link = self._links.get(rev)
        if link is None:
            found = self.source.link(rev) if self.source is not None else None
            if not isinstance(found, Mapping):
                raise IllegalAction(f"The log's entry {rev} has no link record")
            link = Link.from_json(found)
            self._keep(self._links, rev, link)
        return link

    def snapshot(self, rev: int) -> Any:
        """The state kept with effective action ``rev``, None when there is none (or it
        was set aside)."""
        if rev in self._set_aside:
            return None
        if rev in self._snapshots:
            return self._snapshots[rev]
        found = self.source.snapshot(rev) if self.source is not None else None
        if found is not None:
            self._keep(self._snapshots, rev, found, self.SNAPSHOTS)
        return found

    def set_aside(self, revs: list[int]) -> None:
        """Read no more the snapshots kept with ``revs`` (they do not match the log)."""
        self._set_aside.update(revs)

    def _keep(self, cache: dict, key: int, value: Any, limit: int = CACHE) -> None:
        """Remember a value; a log read from storage forgets the oldest ones past
        ``limit`` (storage still has them), one kept in memory keeps everything."""
        cache[key] = value
        if self.source is not None and len(cache) > limit + limit // 4:
            for old in list(cache)[: len(cache) - limit]:
                del cache[old]

    def has_links(self) -> bool:
        """Whether the log's last entry has its link record (a log written before link
        records existed has none, and is replayed whole)."""
        return not self.revision or self.source is None or self.source.link(self.revision) is not None

    # -- walking the chain -----------------------------------------------------
    def walk(self, top: int, stop_at_snapshot: bool = False,
             skip: int = 0) -> tuple[list[int], Any, int]:
        """The effective actions from ``top`` down (revs, top first), then the snapshot
        they start from and its rev: with ``stop_at_snapshot``, the nearest (the one at
        ``skip`` passed over); else, or when there is none, (None, 0): the setup."""
        revs: list[int] = []
        rev = top
        while rev:
            link = self.link(rev)
            if stop_at_snapshot and link.snap and rev != skip:
                snapshot = self.snapshot(rev)
                if snapshot is not None:
                    return revs, snapshot, rev
            revs.append(rev)
            rev = link.parent
        return revs, None, 0

    def snapshot_revs(self, top: int, count: int = 2) -> list[int]:
        """The revs of the snapshots below ``top`` (itself included), nearest first, up
        to ``count`` of them."""
        found: list[int] = []
        rev = top
        while rev and len(found) < count:
            link = self.link(rev)
            if link.snap and self.snapshot(rev) is not None:
                found.append(rev)
            rev = link.parent
        return found

    def shown_items(self) -> list[Any]:
        """What the undone endings kept shown, oldest first (read from the undo entries
        that kept something, linked through ``prev_shown``)."""
        items = []
        rev = self.pos.shown
        while rev:
            items.append(self.entry(rev).action.payload["shown"])
            rev = self.link(rev).prev_shown
        return items[::-1]

    @property
    def log(self) -> LogView:
        """Every entry of the log, oldest first (read lazily from storage)."""
        return LogView(lambda: self.revision, self.entry)

    def done(self) -> list[Entry]:
        """The effective actions, oldest first (walks the whole chain: the history)."""
        return [self.entry(rev) for rev in reversed(self.walk(self.pos.top)[0])]

    def undone(self) -> list[Entry]:
        """The redo stack (next to redo last)."""
        out = []
        rev = self.pos.redo
        while rev:
            link = self.link(rev)
            out.append(self.entry(link.undid))
            rev = link.next_redo
        return out[::-1]

    def last_done(self) -> Entry | None:
        top = self.pos.top
        return self.entry(top) if top else None

    def next_redo(self) -> Entry | None:
        rev = self.pos.redo
        return self.entry(self.link(rev).undid) if rev else None

    # -- the link each kind of entry leaves -------------------------------------
    def pushed(self, rev: int, every: int) -> Link:
        """After a new effective action ``rev``: a snapshot is due every ``every`` moves."""
        return self.pos.pushed(rev, snap=(self.pos.moves + 1) % every == 0)

    def undone_link(self, rev: int, kept_shown: bool) -> Link:
        """After the undo entry ``rev`` (``kept_shown``: it keeps what the end showed)."""
        pos = self.pos
        if not pos.top:  # an undo with nothing to undo (only ever read back from a log)
            return replace(pos, next_redo=pos.redo)
        link = Link(top=self.link(pos.top).parent, moves=pos.moves - 1, redo=rev, shown=pos.shown,
                    undid=pos.top, next_redo=pos.redo)
        return replace(link, shown=rev, prev_shown=pos.shown) if kept_shown else link

    def redone_link(self) -> tuple[Link, Entry | None]:
        """After a redo entry, and the action it brings back (None: nothing to redo)."""
        pos = self.pos
        if not pos.redo:  # a redo with nothing to redo (only ever read back)
            return pos, None
        undo = self.link(pos.redo)
        again = self.entry(undo.undid)
        return Link(top=again.rev, moves=pos.moves + 1, redo=undo.next_redo, shown=pos.shown), again

    # -- adding ----------------------------------------------------------------
    def add(self, entry: Entry, link: Link, snapshot: Any) -> None:
        """Entry ``entry`` is now the last of the log, where ``link`` says."""
        self._keep(self._entries, entry.rev, entry)
        self._keep(self._links, entry.rev, link)
        if snapshot is not None:
            self._keep(self._snapshots, entry.rev, snapshot, self.SNAPSHOTS)
        self.pos = link.position()
        self.revision = entry.rev
