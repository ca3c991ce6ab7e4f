"""The table model every game shares: :class:`Match` keeps one table's state from its log.

Its parts have modules of their own: what a table is in :mod:`engine.spec`, the move
check in :mod:`engine.check`, whether a move was made on a table that has changed since
in :mod:`engine.stale`, the log's entries and link records in :mod:`engine.log`, the
undo/redo chain read through them in :mod:`engine.chain`, the states from snapshots in
:mod:`engine.snapshots`, who may undo in :mod:`engine.undo`, the news in :mod:`engine.news`,
the history in :mod:`engine.history` and the view envelope in :mod:`engine.envelope`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from engine.chain import Chain
from engine.check import apply, legal_moves
from engine.envelope import envelope
from engine.errors import IllegalAction, StaleRevision
from engine.game import Action, Game
from engine.log import REDO, SNAPSHOT_EVERY, TABLE_KINDS, UNDO, Entry, Link, LogSource, LogView
from engine.moves import Move
from engine.history import PAGE, History, Line
from engine.news import Recent, news
from engine.snapshots import States
from engine.stale import needs_fresh, others_moved_since
from engine.spec import TableSpec
from engine.undo import check_table_move, redo_refusal, undo_refusal


@dataclass
class Proposal:
    """An action checked and applied in memory, not yet durable nor visible.

    ``link`` and ``snapshot`` are written with the entry (:meth:`Match.records`): the
    link says where the table stands after it, the snapshot (or None) is the state."""

    entry: Entry
    state: Any
    link: Link
    snapshot: Any
    shown: list[Any]


class Match:
    """A table in memory: spec + log -> state. Storage persists, the hub broadcasts.

    The order the architecture asks for is kept by splitting a move in two:
    :meth:`propose` checks and computes (raises on anything illegal, changes nothing),
    the caller makes the entry durable (with :attr:`Proposal.link` and
    :attr:`Proposal.snapshot`), then :meth:`accept` makes it current.

    Every ``snapshot_every``-th effective action keeps the state after it: the state of
    any point of the undo/redo chain (:mod:`engine.chain`) is the nearest snapshot below
    it plus at most that many actions (:mod:`engine.snapshots`). A table opened from
    storage (:meth:`resume`) reads the last link, walks down to the nearest snapshot and
    replays from there; undo does the same from the action below. A log is taken as it
    is, in today's moves: one an older version wrote is upgraded once, before
    (:mod:`engine.upgrade`), never on replay.
    """

    def __init__(self, game: Game, spec: TableSpec, entries: Iterable[Entry] = (),
                 snapshot_every: int = SNAPSHOT_EVERY, source: LogSource | None = None):
        self.game = game
        self.spec = spec
        self.names = tuple(spec.players)
        self.every = max(1, int(snapshot_every))
        self.chain = Chain(source)
        self.states = States(game, self.names, self.chain, self.setup)
        self.recent = Recent()
        self.lines = History(game, self.chain, self.states, self.names)
        self.snapshot_problem: str | None = None
        """Why the table was opened from its log instead of a snapshot (None: it was not)."""
        self.shown: list[Any] = []
        self.state = self.setup()
        self._public: tuple[Any, dict] | None = None
        for entry in entries:
            self.replay_entry(entry)

    @classmethod
    def resume(cls, game: Game, spec: TableSpec, source: LogSource,
               snapshot_every: int = SNAPSHOT_EVERY) -> "Match":
        """The table as its log left it, read from the last link record and the nearest
        snapshot (no whole-log replay). A log without link records (written before
        snapshots existed) is replayed whole."""
        match = cls(game, spec, (), snapshot_every, source)
        chain = match.chain
        if not chain.has_links():  # kept in memory: replayed whole
            return cls(game, spec, [Entry.from_json(source.entry(rev))
                                    for rev in range(1, chain.revision + 1)], snapshot_every)
        if chain.revision:
            chain.pos = chain.link(chain.revision).position()
        match.shown = chain.shown_items()
        state, match.snapshot_problem = match.states.checked_at(chain.pos.top)
        match.state = match.states.with_shown(state, match.shown)
        return match

    # -- reading -------------------------------------------------------------
    @property
    def revision(self) -> int:
        """The number of the log's last entry (0: nothing recorded yet)."""
        return self.chain.revision

    @property
    def log(self) -> LogView:
        """Every entry of the log, oldest first (read lazily from storage)."""
        return self.chain.log

    @property
    def moves(self) -> int:
        """How many actions are in effect (undone ones and undo/redo entries aside): the
        table's move count (:func:`engine.log.move_count`), in every view's ``moves``."""
        return self.chain.pos.moves

    @property
    def done(self) -> list[Entry]:
        """The effective actions, oldest first (walks the whole chain: the history)."""
        return self.chain.done()

    @property
    def undone(self) -> list[Entry]:
        """The redo stack (next to redo last)."""
        return self.chain.undone()

    def setup(self) -> Any:
        return self.game.setup(list(self.spec.players), self.spec.settings)

    def replay(self, entries: Iterable[Entry], shown: Sequence[Any] = ()) -> Any:
        """The state ``entries`` (effective actions) lead to from the setup, with
        ``shown`` laid over it; the match is left as it is."""
        state = self.setup()
        for entry in entries:
            state = apply(self.game, state, entry.action, entry.by, self.names)[0]
        return self.states.with_shown(state, shown)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def move(self, kind: str) -> Move | None:
        return self.game.moves.get(kind)

    def undo_refusal(self, by: int | None) -> str | None:
        """Why ``by`` (None: the host) cannot undo now; None when they can."""
        return undo_refusal(self.game, self.state, self.chain.last_done(), by)

    def redo_refusal(self, by: int | None) -> str | None:
        return redo_refusal(self.chain.next_redo(), by)

    def can_undo(self, by: int | None) -> bool:
        return self.undo_refusal(by) is None

    def can_redo(self, by: int | None) -> bool:
        return self.redo_refusal(by) is None

    def legal(self, seat: int | None, host: bool) -> list[str]:
        if seat is None and not host:
            return []
        kinds = legal_moves(self.game, self.state, seat, host, self.names)
        by = None if host else seat
        if self.can_undo(by):
            kinds.append(UNDO)
        if self.can_redo(by):
            kinds.append(REDO)
        return kinds

    def public(self) -> dict:
        """The public part, built once per state and shared by every viewer."""
        cached = self._public
        if cached is None or cached[0] is not self.state:
            cached = self._public = (self.state, self.game.public(self.state))
        return cached[1]

    def view(self, seat: int | None, host: bool = False, since: int | None = None) -> dict:
        """The one envelope every screen and the JSON transport get for a viewer:
        ``seat`` None is the table screen (host) or a watcher; ``since``, the revision
        the viewer saw last (its news: what happened after it)."""
        told = self.news(seat, since) if since is not None else []
        return envelope(self.game, self.state, self.public(), seat, self.legal(seat, host),
                        self.revision, told, self.moves)

    def news(self, seat: int | None, since: int) -> list[dict]:
        """The moves made after revision ``since``, said to ``seat`` (:func:`engine.news.news`)."""
        return news(self.game, self.recent, self.chain.entry, seat, since, self.revision)

    def history(self, viewer: int | None) -> list[tuple[Entry, str]]:
        """Every effective action in words, as ``viewer`` may read them (the whole chain:
        a phone reads :meth:`history_page`). The n-th line is move n of the table's move
        count (:attr:`moves`)."""
        return [(line.entry, line.text) for line in self.lines.page(viewer, None, self.moves)]

    def history_page(self, viewer: int | None, last: int | None = None, count: int = PAGE) -> list[Line]:
        """Moves ``last - count + 1`` to ``last`` (None: the newest) in words, as ``viewer``
        may read them, oldest first (:class:`engine.history.History`: what a page costs
        does not grow with the log)."""
        return self.lines.page(viewer, last, count)

    def others_moved_since(self, seen_revision: int, by: int | None,
                           action: Action | None = None) -> bool:
        """Whether anyone but ``by`` (None: the host) changed the table after
        ``seen_revision`` (:func:`engine.stale.others_moved_since`)."""
        return others_moved_since(self.game, self.chain.entry, self.revision, seen_revision, by, action)

    # -- changing ------------------------------------------------------------
    def propose(self, by: int | None, action: Action, seen_revision: int | None) -> Proposal:
        """Check an action from ``by`` (None: the host) against the revision it saw."""
        kind = action.kind
        if (seen_revision is not None and needs_fresh(self.game, kind)
                and self.others_moved_since(seen_revision, by, action)):
            raise StaleRevision(seen_revision, self.revision)
        if kind in TABLE_KINDS:
            check_table_move(by, action)
            reason = self.undo_refusal(by) if kind == UNDO else self.redo_refusal(by)
            if reason:
                raise IllegalAction(reason)
        if kind == UNDO:
            return self._undone(Entry(self.revision + 1, by, Action(by, UNDO, self._kept_at_end())))
        if kind == REDO:
            return self._redone(Entry(self.revision + 1, by, Action(by, REDO, {})))
        state, checked = apply(self.game, self.state, action, by, self.names)
        return self._pushed(Entry(self.revision + 1, by, checked), state)

    def _kept_at_end(self) -> dict:
        """An undo's payload: what the ended game showed, kept shown once it is undone."""
        kept = self.game.shown_at_end(self.state) if self.game.is_over(self.state) else None
        return {"shown": kept} if kept is not None else {}

    # the three ways the stack moves, for new actions and for entries read back alike
    def _pushed(self, entry: Entry, state: Any) -> Proposal:
        link = self.chain.pushed(entry.rev, self.every)
        return self._proposal(entry, state, link, state if link.snap else None, self.shown)

    def _undone(self, entry: Entry) -> Proposal:
        top = self.chain.pos.top
        kept = entry.action.payload.get("shown") if top else None
        link = self.chain.undone_link(entry.rev, kept is not None)
        if not top:  # an undo with nothing to undo (only ever read back from a log)
            return self._proposal(entry, self.state, link, None, self.shown)
        shown = self.shown + [kept] if kept is not None else self.shown
        state = self.recent.state_before(top) if not shown else None
        if state is None:
            state = self.states.with_shown(self.states.at(link.top), shown)
        return self._proposal(entry, state, link, None, shown)

    def _redone(self, entry: Entry) -> Proposal:
        link, again = self.chain.redone_link()
        state = self.state
        if again is not None:
            state = apply(self.game, state, again.action, again.by, self.names)[0]
        return self._proposal(entry, state, link, None, self.shown)

    def _proposal(self, entry: Entry, state: Any, link: Link, snapshot: Any,
                  shown: list[Any]) -> Proposal:
        return Proposal(entry, state, link.ended(self.game.is_over(state)), snapshot, shown)

    def replay_proposal(self, entry: Entry, as_played: bool = False) -> Proposal:
        """An entry read from a log, checked and applied as it was when accepted (the
        match is left as it is: :meth:`accept` it, or use :meth:`replay_entry`).
        ``as_played``: an undo or redo is also checked for who may make it, as a tap is
        (a log from elsewhere, an import: this host's own log was checked when played)."""
        if entry.rev != self.revision + 1:
            raise IllegalAction(f"The log's entry {self.revision + 1} says it is entry {entry.rev}")
        kind = entry.action.kind
        if as_played and kind in TABLE_KINDS:
            self._check_rights(entry)
        if kind == UNDO:
            return self._undone(entry)
        if kind == REDO:
            return self._redone(entry)
        state = apply(self.game, self.state, entry.action, entry.by, self.names)[0]
        return self._pushed(entry, state)

    def _check_rights(self, entry: Entry) -> None:
        """An undo or redo read back is refused as the tap would have been: made for
        another seat than the one who pressed it, or by someone who may not."""
        by, kind = entry.by, entry.action.kind
        if by is not None and entry.action.seat != by:
            raise IllegalAction(f"{kind.capitalize()} by seat {by} is made for seat {entry.action.seat}")
        reason = self.undo_refusal(by) if kind == UNDO else self.redo_refusal(by)
        if reason:
            raise IllegalAction(reason)

    def replay_entry(self, entry: Entry) -> Entry:
        """Take ``entry``, read from a log (or written whole), as the log's next entry.
        Raises IllegalAction if today's rules refuse it."""
        return self.accept(self.replay_proposal(entry))

    def accept(self, proposal: Proposal) -> Entry:
        entry = proposal.entry
        if entry.rev != self.revision + 1:
            raise StaleRevision(entry.rev - 1, self.revision)
        if entry.action.kind not in TABLE_KINDS:  # the news reads the move's before and after
            self.recent.keep(entry.rev, self.state, proposal.state, self.shown)
        self.chain.add(entry, proposal.link, proposal.snapshot)
        self.lines.moved(self.chain.pos.moves)
        self.state = proposal.state
        self.shown = proposal.shown
        return entry

    def records(self, proposal: Proposal) -> tuple[dict, dict, Any]:
        """(entry, link, snapshot) as storage keeps them, JSON values."""
        return proposal.entry.to_json(), proposal.link.to_json(), proposal.snapshot


def log_records(game: Game, spec: TableSpec, entries: Iterable[Entry],
                snapshot_every: int = SNAPSHOT_EVERY) -> Iterable[tuple[dict, dict, Any]]:
    """(entry JSON, link record, snapshot) for every entry of a whole log, as a Match
    writes them: for a log written whole (a converted, upgraded or imported table).
    Raises IllegalAction if the log does not replay."""
    for entry, proposal in replay_log(game, spec, entries, snapshot_every):
        yield entry.to_json(), proposal.link.to_json(), proposal.snapshot


def replay_log(game: Game, spec: TableSpec, entries: Iterable[Entry],
               snapshot_every: int = SNAPSHOT_EVERY,
               as_played: bool = False) -> Iterable[tuple[Entry, Proposal]]:
    """Every entry of a whole log with what a Match made of it (its link record,
    snapshot and the state after it). Raises IllegalAction where the log does not
    replay (``as_played``: also where an undo or redo was not its maker's to make)."""
    match = Match(game, spec, (), snapshot_every)
    for entry in entries:
        proposal = match.replay_proposal(entry, as_played)
        yield entry, proposal
        match.accept(proposal)
