"""The table model every game shares: seats, an action log, revisions, undo by replay.

The log is append-only. Undo and redo are log entries of their own, so nothing written
is ever rewritten: the *effective* actions are derived from the log (an undo takes the
last effective action away, a redo puts it back, a new action forgets what could be
redone). The state is the game's setup with the effective actions replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from engine.errors import IllegalAction, StaleRevision
from engine.game import Action, Game

UNDO = "undo"
REDO = "redo"
TABLE_KINDS = (UNDO, REDO)

PALETTE = ("red", "blue", "green", "yellow", "purple", "orange", "teal", "pink")


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
        players = tuple(data["players"])
        colours = tuple(data.get("colours") or default_colours(len(players)))
        return TableSpec(data["game"], players, colours, dict(data.get("settings") or {}))


def default_colours(n: int) -> tuple[str, ...]:
    return tuple(PALETTE[i % len(PALETTE)] for i in range(n))


def clean_players(names: Iterable[str]) -> tuple[str, ...]:
    """Trimmed, non-empty, distinct player names, or a readable refusal."""
    players = tuple(n.strip() for n in names)
    if any(not n for n in players):
        raise IllegalAction("Every player needs a name")
    if len({n.casefold() for n in players}) != len(players):
        raise IllegalAction("Two players have the same name")
    if any(len(n) > 24 for n in players):
        raise IllegalAction("Names are at most 24 letters")
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


def effective(entries: Iterable[Entry]) -> tuple[list[Entry], list[Entry]]:
    """(effective actions, redo stack) derived from the whole log."""
    done: list[Entry] = []
    undone: list[Entry] = []
    for entry in entries:
        kind = entry.action.kind
        if kind == UNDO:
            if done:
                undone.append(done.pop())
        elif kind == REDO:
            if undone:
                done.append(undone.pop())
        else:
            done.append(entry)
            undone.clear()
    return done, undone


@dataclass
class Proposal:
    """An action checked and applied in memory, not yet durable nor visible."""

    entry: Entry
    state: Any
    done: list[Entry]
    undone: list[Entry]


class Match:
    """A table in memory: spec + log -> state. Storage persists, the hub broadcasts.

    The order the architecture asks for is kept by splitting a move in two:
    :meth:`propose` checks and computes (raises on anything illegal, changes nothing),
    the caller makes the entry durable, then :meth:`accept` makes it current.
    """

    def __init__(self, game: Game, spec: TableSpec, entries: Iterable[Entry] = ()):
        self.game = game
        self.spec = spec
        self.log: list[Entry] = []
        self.done: list[Entry] = []
        self.undone: list[Entry] = []
        self.state = game.setup(list(spec.players), spec.settings)
        entries = list(entries)
        if entries:
            self.log = entries
            self.done, self.undone = effective(entries)
            self.state = self.replay(self.done)

    # -- reading -------------------------------------------------------------
    @property
    def revision(self) -> int:
        return len(self.log)

    def replay(self, entries: Iterable[Entry]) -> Any:
        state = self.game.setup(list(self.spec.players), self.spec.settings)
        for entry in entries:
            state = self.game.apply(state, entry.action)
        return state

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def can_undo(self, by: int | None) -> bool:
        if not self.done:
            return False
        last = self.done[-1]
        return self.game.undoable(last.action) and (by is None or last.by == by)

    def can_redo(self, by: int | None) -> bool:
        if not self.undone:
            return False
        return by is None or self.undone[-1].by == by

    def history(self, viewer: int | None) -> list[tuple[Entry, str]]:
        """Every effective action in words, as ``viewer`` may read them."""
        state = self.game.setup(list(self.spec.players), self.spec.settings)
        lines = []
        for entry in self.done:
            lines.append((entry, self.game.describe(state, entry.action, viewer)))
            state = self.game.apply(state, entry.action)
        return lines

    # -- changing ------------------------------------------------------------
    def propose(self, by: int | None, action: Action, seen_revision: int | None) -> Proposal:
        """Check an action from ``by`` (None: host) against the revision it was based on."""
        if (seen_revision is not None and seen_revision != self.revision
                and (action.kind in TABLE_KINDS or self.game.needs_fresh_view(action))):
            raise StaleRevision(seen_revision, self.revision)
        if by is not None and action.seat != by:
            raise IllegalAction("You can only act for your own seat")
        if action.seat is not None and not (0 <= action.seat < len(self.spec.players)):
            raise IllegalAction("There is no such seat at this table")
        entry = Entry(self.revision + 1, by, action)
        if action.kind == UNDO:
            if not self.done:
                raise IllegalAction("Nothing to undo")
            last = self.done[-1]
            if not self.game.undoable(last.action):
                raise IllegalAction("That step revealed hidden information and cannot be undone")
            if by is not None and last.by != by:
                raise IllegalAction("Only the player who did it, or the host, can undo that")
            done = self.done[:-1]
            return Proposal(entry, self.replay(done), done, self.undone + [last])
        if action.kind == REDO:
            if not self.undone:
                raise IllegalAction("Nothing to redo")
            again = self.undone[-1]
            if by is not None and again.by != by:
                raise IllegalAction("Only the player who did it, or the host, can redo that")
            state = self.game.apply(self.state, again.action)
            return Proposal(entry, state, self.done + [again], self.undone[:-1])
        if self.game.is_over(self.state):
            raise IllegalAction("The game is over")
        state = self.game.apply(self.state, action)
        return Proposal(entry, state, self.done + [entry], [])

    def accept(self, proposal: Proposal) -> Entry:
        if proposal.entry.rev != self.revision + 1:
            raise StaleRevision(proposal.entry.rev - 1, self.revision)
        self.log.append(proposal.entry)
        self.state = proposal.state
        self.done = proposal.done
        self.undone = proposal.undone
        return proposal.entry
