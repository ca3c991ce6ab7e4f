"""The table model every game shares: seats, the move check, the log, undo, the views.

One shared :func:`apply` does what every game would otherwise repeat: the game is not
over, the seat exists and is the sender's (or the host acts for it), the move belongs
to this phase and is open to that seat, the payload has the declared shape; then a
private copy of the state goes to the move's handler. The legal moves of a seat come
from the same check (:func:`legal_moves`), so what a phone offers and what the table
accepts cannot disagree.

The log is append-only. Undo and redo are log entries of their own, so nothing written
is ever rewritten: the *effective* actions are derived from the log (an undo takes the
last effective action away, a redo puts it back, a new action forgets what could be
redone). The state is the game's setup with the effective actions replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from engine.errors import IllegalAction, StaleRevision
from engine.game import Action, Game
from engine.moves import ANYONE, HOST, HOST_FOR_SEAT, HOST_ONLY, SEAT, TURN, Move
from engine.plain import clone, encoded
from engine.schema import bad_characters

UNDO = "undo"
REDO = "redo"
TABLE_KINDS = (UNDO, REDO)
ENVELOPE = ("public", "private", "legal", "to_act", "result", "revision")

MAX_PAYLOAD_BYTES = 4096
"""A checked payload's size in the log (JSON bytes): every declared shape fits easily."""
MAX_NAME = 24
PALETTE = ("purple", "orange", "teal", "pink", "brown", "grey", "navy", "lime")
"""Player colours: none of them a rock's or a stone's colour (red, yellow, green, blue,
white, black), so a player is never confused with a piece."""


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


def make_spec(game: Game, players: Iterable[str], settings: Mapping[str, Any] | None = None,
              colours: Iterable[str] | None = None) -> TableSpec:
    names = clean_players(players)
    game.check_players(list(names))
    checked = game.check_settings(settings, len(names))
    cols = tuple(colours) if colours else default_colours(len(names))
    if len(cols) != len(names):
        raise IllegalAction("One colour per player")
    return TableSpec(game.id, names, cols, checked)


# -- the one move check ---------------------------------------------------------------

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


# -- the log --------------------------------------------------------------------------

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


@dataclass
class Proposal:
    """An action checked and applied in memory, not yet durable nor visible."""

    entry: Entry
    state: Any
    done: list[Entry]
    undone: list[Entry]
    shown: list[Any]


class Match:
    """A table in memory: spec + log -> state. Storage persists, the hub broadcasts.

    The order the architecture asks for is kept by splitting a move in two:
    :meth:`propose` checks and computes (raises on anything illegal, changes nothing),
    the caller makes the entry durable, then :meth:`accept` makes it current.
    """

    def __init__(self, game: Game, spec: TableSpec, entries: Iterable[Entry] = ()):
        self.game = game
        self.spec = spec
        self.names = tuple(spec.players)
        self.log: list[Entry] = [self._upgraded(e) for e in entries]
        self.done, self.undone, self.shown = effective(self.log)
        self.state = self.replay(self.done, self.shown)
        self._public: tuple[Any, dict] | None = None

    def _upgraded(self, entry: Entry) -> Entry:
        if entry.action.kind in TABLE_KINDS:
            return entry
        return Entry(entry.rev, entry.by, self.game.upgrade(entry.action))

    # -- reading -------------------------------------------------------------
    @property
    def revision(self) -> int:
        return len(self.log)

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

    def undo_refusal(self, by: int | None) -> str | None:
        """Why ``by`` (None: the host) cannot undo now; None when they can."""
        if not self.done:
            return "Nothing to undo"
        last = self.done[-1]
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
        if not self.undone:
            return "Nothing to redo"
        if by is not None and self.undone[-1].by != by:
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
        """The public part, built once per state and shared by every viewer."""
        cached = self._public
        if cached is None or cached[0] is not self.state:
            cached = self._public = (self.state, self.game.public(self.state))
        return cached[1]

    def view(self, seat: int | None, host: bool = False) -> dict:
        """The one envelope every screen and the JSON transport get for a viewer:
        ``seat`` None is the table screen (host) or a watcher."""
        game, state = self.game, self.state
        over = game.is_over(state)
        return {
            "public": self.public(),
            "private": game.private(state, seat) if seat is not None else None,
            "legal": self.legal(seat, host),
            "to_act": [] if over else list(game.to_act(state)),
            "result": game.result(state) if over else None,
            "revision": self.revision,
        }

    def history(self, viewer: int | None) -> list[tuple[Entry, str]]:
        """Every effective action in words, as ``viewer`` may read them."""
        state = self.setup()
        lines = []
        for entry in self.done:
            lines.append((entry, self.game.describe(state, entry.action, viewer)))
            state = apply(self.game, state, entry.action, entry.by, self.names)[0]
        return lines

    def move(self, kind: str) -> Move | None:
        return self.game.moves.get(kind)

    # -- changing ------------------------------------------------------------
    def propose(self, by: int | None, action: Action, seen_revision: int | None) -> Proposal:
        """Check an action from ``by`` (None: the host) against the revision it saw."""
        kind = action.kind
        move = self.game.moves.get(kind) if isinstance(kind, str) else None
        fresh_needed = kind in TABLE_KINDS or (move is not None and not move.secret)
        if seen_revision is not None and seen_revision != self.revision and fresh_needed:
            raise StaleRevision(seen_revision, self.revision)
        if kind == UNDO:
            return self._propose_undo(by, action)
        if kind == REDO:
            return self._propose_redo(by, action)
        state, checked = apply(self.game, self.state, action, by, self.names)
        entry = Entry(self.revision + 1, by, checked)
        return Proposal(entry, state, self.done + [entry], [], self.shown)

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
        shown = list(self.shown)
        if self.game.is_over(self.state):
            kept = self.game.shown_at_end(self.state)
            if kept is not None:
                payload["shown"] = kept
                shown.append(kept)
        done = self.done[:-1]
        entry = Entry(self.revision + 1, by, Action(by, UNDO, payload))
        return Proposal(entry, self.replay(done, shown), done, self.undone + [self.done[-1]], shown)

    def _propose_redo(self, by: int | None, action: Action) -> Proposal:
        self._check_table_move(by, action)
        reason = self.redo_refusal(by)
        if reason:
            raise IllegalAction(reason)
        again = self.undone[-1]
        state = apply(self.game, self.state, again.action, again.by, self.names)[0]
        entry = Entry(self.revision + 1, by, Action(by, REDO, {}))
        return Proposal(entry, state, self.done + [again], self.undone[:-1], self.shown)

    def accept(self, proposal: Proposal) -> Entry:
        if proposal.entry.rev != self.revision + 1:
            raise StaleRevision(proposal.entry.rev - 1, self.revision)
        self.log.append(proposal.entry)
        self.state = proposal.state
        self.done = proposal.done
        self.undone = proposal.undone
        self.shown = proposal.shown
        return proposal.entry
