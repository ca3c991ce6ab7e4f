"""The table model every game shares: a table's players and settings, and :class:`Match`,
which keeps one table's state from its log.

Each concern has its module: the move check in :mod:`engine.check`, the log and its
undo/redo chain in :mod:`engine.log`, the view envelope in :mod:`engine.envelope`. This
module puts them together; the names its users import from it are listed in
``__all__`` (``MAX_PAYLOAD_BYTES`` and the log's names among them, for the layers that
import them from here).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

from engine.check import MAX_PAYLOAD_BYTES, apply, check, legal_moves, play, refusal
from engine.envelope import ENVELOPE, envelope
from engine.errors import IllegalAction, StaleRevision
from engine.game import Action, Game
from engine.log import (REDO, SNAPSHOT_EVERY, TABLE_KINDS, UNDO, Entry, Link, LogSource, LogView,
                        effective)
from engine.moves import HOST_ONLY, Move
from engine.plain import clone, encoded
from engine.schema import bad_characters

__all__ = [
    "ENVELOPE", "MAX_NAME", "MAX_PAYLOAD_BYTES", "PALETTE", "REDO", "SNAPSHOT_EVERY", "TABLE_KINDS",
    "UNDO", "Entry", "Link", "LogSource", "Match", "Proposal", "TableSpec", "apply", "check",
    "clean_players", "default_colours", "effective", "legal_moves", "log_records", "make_spec",
    "named_spec", "play", "refusal", "renamed_spec",
]

MAX_NAME = 24
MAX_COLOUR = 20
PALETTE = ("purple", "orange", "teal", "pink", "brown", "grey", "navy", "lime")
"""Player colours: none of them a rock's or a stone's colour (red, yellow, green, blue,
white, black), so a player is never confused with a piece."""


@dataclass(frozen=True)
class TableSpec:
    """What a table is: the game, the players in seat order (clockwise) and settings."""

    game_id: str
    players: tuple[str, ...]
    colours: tuple[str, ...]
    settings: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "game": self.game_id,
            "players": list(self.players),
            "colours": list(self.colours),
            "settings": dict(self.settings),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "TableSpec":
        """A spec read back from storage, checked: a bad file is refused in words."""
        if not isinstance(data, Mapping):
            raise IllegalAction("its table description is not a group of values")
        game_id = data.get("game")
        if not isinstance(game_id, str) or not game_id:
            raise IllegalAction("it names no game")
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not all(isinstance(p, str) for p in raw_players):
            raise IllegalAction("its players are not a list of names")
        players = clean_players(raw_players)
        raw_colours = data.get("colours") or list(default_colours(len(players)))
        if (not isinstance(raw_colours, list) or len(raw_colours) != len(players)
                or not all(isinstance(c, str) and c for c in raw_colours)):
            raise IllegalAction("its player colours do not match its players")
        settings = data.get("settings") or {}
        if not isinstance(settings, Mapping):
            raise IllegalAction("its settings are not a group of values")
        return TableSpec(game_id, players, tuple(raw_colours), dict(settings))


def default_colours(n: int) -> tuple[str, ...]:
    return tuple(PALETTE[i % len(PALETTE)] for i in range(n))


def clean_players(names: Iterable[str]) -> tuple[str, ...]:
    """Trimmed, non-empty, distinct, printable player names, or a readable refusal."""
    players = tuple(str(n).strip() for n in names)
    if any(not n for n in players):
        raise IllegalAction("Every player needs a name")
    if any(len(n) > MAX_NAME for n in players):
        raise IllegalAction(f"Names are at most {MAX_NAME} letters")
    if any(bad_characters(n) for n in players):
        raise IllegalAction("A name has characters that cannot be shown (control or invisible characters)")
    if len({n.casefold() for n in players}) != len(players):
        raise IllegalAction("Two players have the same name")
    return players


def renamed_spec(spec: TableSpec, seat: int, name: Any) -> TableSpec:
    """``spec`` with ``seat`` called ``name`` (the host gives a seat to another player, or
    that player puts their own name), checked as names are at a table's creation; a
    readable refusal otherwise."""
    if not isinstance(seat, int) or not 0 <= seat < len(spec.players):
        raise IllegalAction("There is no such seat at this table")
    if not isinstance(name, str) or not name.strip():
        raise IllegalAction("Type the new name")
    wanted = name.strip()
    if wanted == spec.players[seat]:
        raise IllegalAction(f"That seat is already called {wanted}")
    for other, taken in enumerate(spec.players):
        if other != seat and taken.casefold() == wanted.casefold():
            raise IllegalAction(f"{taken} is already at this table: pick another name")
    players = list(spec.players)
    players[seat] = wanted
    return named_spec(spec, players)


def named_spec(spec: TableSpec, players: Any) -> TableSpec:
    """``spec`` with its players' names as a table keeps them after a rename (a list of
    names, one a seat); None (never renamed) keeps ``spec``'s."""
    if players is None:
        return spec
    if not isinstance(players, list) or len(players) != len(spec.players) \
            or not all(isinstance(p, str) for p in players):
        raise IllegalAction("its players' new names are not one name a seat")
    return TableSpec(spec.game_id, clean_players(players), spec.colours, spec.settings)


def make_spec(game: Game, players: Iterable[str], settings: Mapping[str, Any] | None = None,
              colours: Iterable[str] | None = None) -> TableSpec:
    names = clean_players(players)
    game.check_players(list(names))
    checked = game.check_settings(settings, len(names))
    cols = tuple(colours) if colours else default_colours(len(names))
    if len(cols) != len(names):
        raise IllegalAction("One colour per player")
    if not all(isinstance(c, str) and 0 < len(c) <= MAX_COLOUR and c.isascii() and c.isalpha()
               and c.islower() for c in cols):
        raise IllegalAction(f"A player's colour is the name of a colour (at most {MAX_COLOUR} letters)")
    return TableSpec(game.id, names, cols, checked)


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

    The effective actions form a stack that undo pops and redo pushes back; each entry's
    link record (:class:`engine.log.Link`) says where that stack stands after it, and each
    effective action names the one below it (``parent``), so the stack is a chain that
    can be walked from its top without reading the log before it. Every
    ``snapshot_every``-th effective action keeps the state after it: the state of any
    point of the chain is the nearest snapshot below it plus at most that many actions.
    A table opened from storage (:meth:`resume`) reads the last link, walks down to the
    nearest snapshot and replays from there; undo does the same from the action below.
    A log is taken as it is, in today's moves: one an older version wrote is upgraded
    once, before (:mod:`engine.upgrade`), never on replay.
    """

    def __init__(self, game: Game, spec: TableSpec, entries: Iterable[Entry] = (),
                 snapshot_every: int = SNAPSHOT_EVERY):
        self.game = game
        self.spec = spec
        self.names = tuple(spec.players)
        self.every = max(1, int(snapshot_every))
        self._source: LogSource | None = None
        self._entries: dict[int, Entry] = {}
        self._links: dict[int, Link] = {}
        self._snapshots: dict[int, Any] = {}
        self._bad_snapshots: set[int] = set()
        self.snapshot_problem: str | None = None
        """Why the table was opened from its log instead of a snapshot (None: it was not)."""
        self._recent: dict[int, tuple[Any, Any, list]] = {}  # rev: (state before, state after, shown then)
        self._revision = 0
        self._pos = Link()  # where the chain stands now (:meth:`Link.position`)
        self.shown: list[Any] = []
        self.state = self.setup()
        self._public: tuple[Any, dict] | None = None
        for entry in entries:
            self._replayed(entry)

    @classmethod
    def resume(cls, game: Game, spec: TableSpec, source: LogSource,
               snapshot_every: int = SNAPSHOT_EVERY) -> "Match":
        """The table as its log left it, read from the last link record and the nearest
        snapshot (no whole-log replay). A log without link records (written before
        snapshots existed) is replayed whole."""
        match = cls(game, spec, (), snapshot_every)
        match._source = source
        revision = int(source.revision)
        if revision and source.link(revision) is None:  # kept in memory: replayed whole
            return cls(game, spec, [Entry.from_json(source.entry(rev))
                                    for rev in range(1, revision + 1)], snapshot_every)
        match._revision = revision
        if revision:
            match._pos = match._link(revision).position()
        items = []
        rev = match._pos.shown
        while rev:
            items.append(match._entry(rev).action.payload["shown"])
            rev = match._link(rev).prev_shown
        match.shown = items[::-1]
        match.state = match._with_shown(match._checked_state_at(match._pos.top))
        return match

    # -- the log, read lazily ---------------------------------------------------
    CACHE = 4096  # entries and links kept in memory by a match that reads from storage

    def _entry(self, rev: int) -> Entry:
        entry = self._entries.get(rev)
        if entry is None:
            if self._source is None or not 0 < rev <= self._revision:
                raise IllegalAction(f"The log has no entry {rev}")
            entry = Entry.from_json(self._source.entry(rev))
            self._keep(self._entries, rev, entry)
        return entry

    def _link(self, rev: int) -> Link:
        link = self._links.get(rev)
        if link is None:
            found = self._source.link(rev) if self._source is not None else None
            if not isinstance(found, Mapping):
                raise IllegalAction(f"The log's entry {rev} has no link record")
            link = Link.from_json(found)
            self._keep(self._links, rev, link)
        return link

    def _snapshot(self, rev: int) -> Any:
        if rev in self._bad_snapshots:
            return None
        if rev in self._snapshots:
            return self._snapshots[rev]
        found = self._source.snapshot(rev) if self._source is not None else None
        if found is not None:
            self._keep(self._snapshots, rev, found, 64)
        return found

    def _keep(self, cache: dict, key: int, value: Any, limit: int = CACHE) -> None:
        """Remember a value; a match backed by storage forgets the oldest ones past
        ``limit`` (storage still has them), one without keeps everything."""
        cache[key] = value
        if self._source is not None and len(cache) > limit + limit // 4:
            for old in list(cache)[: len(cache) - limit]:
                del cache[old]

    def _chain(self, top: int, stop_at_snapshot: bool = False,
               skip: int = 0) -> tuple[list[int], Any, int]:
        """The effective actions from ``top`` down (revs, top first), the state below
        them and where it came from: the setup (0), or (``stop_at_snapshot``) the
        nearest snapshot's state and rev (the one at ``skip`` passed over)."""
        revs: list[int] = []
        rev = top
        while rev:
            link = self._link(rev)
            if stop_at_snapshot and link.snap and rev != skip:
                snapshot = self._snapshot(rev)
                if snapshot is not None:  # kept perhaps before a seat was renamed
                    return revs, self.game.renamed(snapshot, list(self.names)), rev
            revs.append(rev)
            rev = link.parent
        return revs, self.setup(), 0

    def _state_at(self, top: int, skip: int = 0) -> Any:
        """The state with the chain ending at ``top`` in effect (shown items aside)."""
        return self._replayed_from(top, skip)[0]

    def _replayed_from(self, top: int, skip: int = 0) -> tuple[Any, int]:
        """(the state at ``top``, the rev of the snapshot it started from, 0: none)."""
        revs, state, start = self._chain(top, stop_at_snapshot=True, skip=skip)
        for rev in reversed(revs):
            entry = self._entry(rev)
            state = apply(self.game, state, entry.action, entry.by, self.names)[0]
        return state, start

    def _checked_state_at(self, top: int) -> Any:
        """The state at ``top`` from the nearest snapshot, checked against the log: the
        snapshot below it (or the setup) and the actions between must give the same
        state. A snapshot that does not match, or cannot be played on, is set aside
        (:attr:`snapshot_problem` says so) and the state comes from the log without it.
        Costs one more replay of at most ``every`` actions when opening a table."""
        try:
            state, start = self._replayed_from(top)
            if not start:
                return state
            below, _ = self._replayed_from(top, skip=start)
            if encoded(below) == encoded(state):
                return state
        except (IllegalAction, LookupError, TypeError, ValueError, AttributeError):
            pass  # a garbled snapshot can fail anywhere in a game's handlers (a fault of
            # ours, a NameError say, is not taken for a damaged snapshot)
        self._bad_snapshots.update(self._snapshot_revs(top))
        state = self._state_at(top)
        self.snapshot_problem = ("a snapshot of its log does not match the log: "
                                 "it was opened from the log")
        return state

    def _snapshot_revs(self, top: int) -> list[int]:
        """The revs of the snapshots the chain under ``top`` would start from, nearest
        first, up to the first two (what :meth:`_checked_state_at` compared)."""
        found: list[int] = []
        rev = top
        while rev and len(found) < 2:
            link = self._link(rev)
            if link.snap and self._snapshot(rev) is not None:
                found.append(rev)
            rev = link.parent
        return found

    def _with_shown(self, state: Any, shown: Sequence[Any] | None = None) -> Any:
        for item in self.shown if shown is None else shown:
            state = self.game.keep_shown(clone(state), item)
        return state

    # -- reading -------------------------------------------------------------
    @property
    def revision(self) -> int:
        return self._revision

    @property
    def log(self) -> LogView:
        """Every entry of the log, oldest first (read lazily from storage)."""
        return LogView(lambda: self._revision, self._entry)

    @property
    def moves(self) -> int:
        """How many actions are in effect (undone ones and undo/redo entries aside): the
        table's move count (:func:`engine.log.move_count`), in every view's ``moves``."""
        return self._pos.moves

    @property
    def done(self) -> list[Entry]:
        """The effective actions, oldest first (walks the whole chain: the history)."""
        revs = self._chain(self._pos.top)[0]
        return [self._entry(rev) for rev in reversed(revs)]

    @property
    def undone(self) -> list[Entry]:
        """The redo stack (next to redo last)."""
        out = []
        rev = self._pos.redo
        while rev:
            link = self._link(rev)
            out.append(self._entry(link.undid))
            rev = link.next_redo
        return out[::-1]

    def setup(self) -> Any:
        return self.game.setup(list(self.spec.players), self.spec.settings)

    def replay(self, entries: Iterable[Entry], shown: Sequence[Any] = ()) -> Any:
        state = self.setup()
        for entry in entries:
            state = apply(self.game, state, entry.action, entry.by, self.names)[0]
        for item in shown:
            state = self.game.keep_shown(clone(state), item)
        return state

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def _last_done(self) -> Entry | None:
        top = self._pos.top
        return self._entry(top) if top else None

    def _next_redo(self) -> Entry | None:
        rev = self._pos.redo
        return self._entry(self._link(rev).undid) if rev else None

    def undo_refusal(self, by: int | None) -> str | None:
        """Why ``by`` (None: the host) cannot undo now; None when they can."""
        last = self._last_done()
        if last is None:
            return "Nothing to undo"
        move = self.game.moves.get(last.action.kind)
        if move is None or not move.undoable:
            return "That step revealed hidden information and cannot be undone"
        if by is None:
            return None
        if self.game.is_over(self.state):
            return "Only the host can undo the end of the game"
        if move.undo == HOST_ONLY:
            return "Only the host can undo that"
        if last.by != by:
            return "Only the player who did it, or the host, can undo that"
        return None

    def redo_refusal(self, by: int | None) -> str | None:
        again = self._next_redo()
        if again is None:
            return "Nothing to redo"
        if by is not None and again.by != by:
            return "Only the player who did it, or the host, can redo that"
        return None

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
        """The public part, built once per state and shared by every viewer (and by the
        news of the next move, which reads it as the state before: :meth:`Game.public_of`)."""
        cached = self._public
        if cached is None or cached[0] is not self.state:
            cached = self._public = (self.state, self.game.public_of(self.state))
        return cached[1]

    def view(self, seat: int | None, host: bool = False, since: int | None = None) -> dict:
        """The one envelope every screen and the JSON transport get for a viewer:
        ``seat`` None is the table screen (host) or a watcher; ``since``, the revision
        the viewer saw last (its news: what happened after it)."""
        news = self.news(seat, since) if since is not None else []
        return envelope(self.game, self.state, self.public(), seat, self.legal(seat, host),
                        self.revision, news, self.moves)

    RECENT = 16
    """How many of the latest moves keep their state before and after in memory: the
    news of a viewer who missed more is only its new screen."""

    def news(self, seat: int | None, since: int) -> list[dict]:
        """The moves made after revision ``since`` (undo and redo aside, and only the
        :data:`RECENT` ones), each as the game describes it for ``seat``: ``text`` is what
        it tells this seat when it concerns it (``concerns``), else its history line;
        ``sealed`` when the move is a secret one (a sealed bid): a phone says such news on
        its screen only, never with a cue the table can hear."""
        items = []
        for rev in range(max(since, 0) + 1, self.revision + 1):
            states = self._recent.get(rev)
            if states is None:
                continue
            entry = self._entry(rev)
            words = self.game.say(states[0], entry.action, states[1], seat)
            mine = seat is not None and words.to_you is not None
            move = self.move(entry.action.kind) if isinstance(entry.action.kind, str) else None
            items.append({"rev": rev, "text": words.to_you if mine else words.text, "concerns": mine,
                          "sealed": bool(move and move.secret)})
        return items

    def history(self, viewer: int | None) -> list[tuple[Entry, str]]:
        """Every effective action in words, as ``viewer`` may read them (this one reads
        and replays the whole chain: asked for only when the history is shown). The
        n-th line is move n of the table's move count (:attr:`moves`)."""
        state = self.setup()
        lines = []
        for entry in self.done:
            after = apply(self.game, state, entry.action, entry.by, self.names)[0]
            lines.append((entry, self.game.say(state, entry.action, after, viewer).text))
            state = after
        return lines

    def move(self, kind: str) -> Move | None:
        return self.game.moves.get(kind)

    OWN_RUN = 64
    """How many entries of its own a seat may have made since the revision it saw (quick
    taps before its screen caught up); past that its view is too old to trust."""

    def others_moved_since(self, seen_revision: int, by: int | None,
                           action: Action | None = None) -> bool:
        """Whether anyone but ``by`` (None: the host) changed the table after
        ``seen_revision``: a phone's second tap, made before it saw its first move, is
        based on a table only it has changed, and goes through in order. For an
        independent ``action`` (:attr:`Move.independent`), the same move made for other
        seats does not count: each player's own Done stands beside the others'."""
        if seen_revision == self.revision:
            return False
        if not 0 <= seen_revision < self.revision or self.revision - seen_revision > self.OWN_RUN:
            return True
        move = self.game.moves.get(action.kind) if action is not None else None
        independent = move is not None and move.independent
        return any(entry.by != by and not (independent and self._beside(entry.action, action))
                   for entry in map(self._entry, range(seen_revision + 1, self.revision + 1)))

    @staticmethod
    def _beside(made: Action, action: Action) -> bool:
        """Whether ``made`` is the same move as ``action``, for another seat."""
        return made.kind == action.kind and made.seat != action.seat

    # -- changing ------------------------------------------------------------
    def propose(self, by: int | None, action: Action, seen_revision: int | None) -> Proposal:
        """Check an action from ``by`` (None: the host) against the revision it saw."""
        kind = action.kind
        move = self.game.moves.get(kind) if isinstance(kind, str) else None
        fresh_needed = kind in TABLE_KINDS or (move is not None and not move.secret)
        if seen_revision is not None and fresh_needed and self.others_moved_since(seen_revision, by, action):
            raise StaleRevision(seen_revision, self.revision)
        if kind == UNDO:
            return self._propose_undo(by, action)
        if kind == REDO:
            return self._propose_redo(by, action)
        state, checked = apply(self.game, self.state, action, by, self.names)
        return self._pushed(Entry(self.revision + 1, by, checked), state)

    def _check_table_move(self, by: int | None, action: Action) -> None:
        if action.payload:
            raise IllegalAction(f"{action.kind.capitalize()} takes no details")
        if by is not None and action.seat != by:
            raise IllegalAction("You can only act for your own seat")

    def _propose_undo(self, by: int | None, action: Action) -> Proposal:
        self._check_table_move(by, action)
        reason = self.undo_refusal(by)
        if reason:
            raise IllegalAction(reason)
        payload: dict = {}
        if self.game.is_over(self.state):
            kept = self.game.shown_at_end(self.state)
            if kept is not None:
                payload["shown"] = kept
        return self._undone(Entry(self.revision + 1, by, Action(by, UNDO, payload)))

    def _propose_redo(self, by: int | None, action: Action) -> Proposal:
        self._check_table_move(by, action)
        reason = self.redo_refusal(by)
        if reason:
            raise IllegalAction(reason)
        return self._redone(Entry(self.revision + 1, by, Action(by, REDO, {})))

    # the three ways the stack moves, for new actions and for entries read back alike
    def _pushed(self, entry: Entry, state: Any) -> Proposal:
        snapshot = state if (self._pos.moves + 1) % self.every == 0 else None
        link = self._pos.pushed(entry.rev, snap=snapshot is not None)
        return self._proposal(entry, state, link, snapshot, self.shown)

    def _undone(self, entry: Entry) -> Proposal:
        pos = self._pos
        if not pos.top:  # an undo with nothing to undo (only ever read back from a log)
            link = replace(pos, next_redo=pos.redo)
            return self._proposal(entry, self.state, link, None, self.shown)
        parent = self._link(pos.top).parent
        link = Link(top=parent, moves=pos.moves - 1, redo=entry.rev, shown=pos.shown,
                    undid=pos.top, next_redo=pos.redo)
        shown = self.shown
        kept = entry.action.payload.get("shown")
        if kept is not None:
            shown = shown + [kept]
            link = replace(link, shown=entry.rev, prev_shown=pos.shown)
        state = self._kept_state_before(pos.top, shown)
        if state is None:
            state = self._with_shown(self._state_at(parent), shown)
        return self._proposal(entry, state, link, None, shown)

    def _kept_state_before(self, rev: int, shown: list[Any]) -> Any | None:
        """The state before move ``rev`` as it was kept when the move was made (one of the
        :data:`RECENT` latest), or None: what undoing it gives, without replaying the
        moves since the last snapshot. Only while nothing is shown (shown items are laid
        over the replayed state)."""
        recent = self._recent.get(rev)
        if recent is None or shown or recent[2]:
            return None
        return recent[0]

    def _redone(self, entry: Entry) -> Proposal:
        pos = self._pos
        if not pos.redo:  # a redo with nothing to redo (only ever read back)
            return self._proposal(entry, self.state, pos, None, self.shown)
        undo = self._link(pos.redo)
        again = self._entry(undo.undid)
        state = apply(self.game, self.state, again.action, again.by, self.names)[0]
        link = Link(top=again.rev, moves=pos.moves + 1, redo=undo.next_redo, shown=pos.shown)
        return self._proposal(entry, state, link, None, self.shown)

    def _proposal(self, entry: Entry, state: Any, link: Link, snapshot: Any,
                  shown: list[Any]) -> Proposal:
        return Proposal(entry, state, link.ended(self.game.is_over(state)), snapshot, shown)

    def _replay_proposal(self, entry: Entry) -> Proposal:
        """An entry read from a log, taken as it was accepted then."""
        if entry.rev != self._revision + 1:
            raise IllegalAction(f"The log's entry {self._revision + 1} says it is entry {entry.rev}")
        kind = entry.action.kind
        if kind == UNDO:
            return self._undone(entry)
        if kind == REDO:
            return self._redone(entry)
        state = apply(self.game, self.state, entry.action, entry.by, self.names)[0]
        return self._pushed(entry, state)

    def _replayed(self, entry: Entry) -> None:
        self.accept(self._replay_proposal(entry))

    def accept(self, proposal: Proposal) -> Entry:
        entry = proposal.entry
        if entry.rev != self.revision + 1:
            raise StaleRevision(entry.rev - 1, self.revision)
        self._keep(self._entries, entry.rev, entry)
        self._keep(self._links, entry.rev, proposal.link)
        if proposal.snapshot is not None:
            self._keep(self._snapshots, entry.rev, proposal.snapshot, 64)
        self._pos = proposal.link.position()
        if entry.action.kind not in TABLE_KINDS:  # the news reads the move's before and after
            self._recent[entry.rev] = (self.state, proposal.state, self.shown)
            if len(self._recent) > self.RECENT:
                del self._recent[min(self._recent)]
        self._revision = entry.rev
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
               snapshot_every: int = SNAPSHOT_EVERY) -> Iterable[tuple[Entry, Proposal]]:
    """Every entry of a whole log with what a Match made of it (its link record,
    snapshot and the state after it). Raises IllegalAction where the log does not
    replay."""
    match = Match(game, spec, (), snapshot_every)
    for entry in entries:
        proposal = match._replay_proposal(entry)
        yield entry, proposal
        match.accept(proposal)

