"""Log upgrades: a table's log kept by an older version of a game, in today's moves.

Each game keeps its upgrades in a module of its own, ``engine/<game>/upgrades.py``:

- ``VERSION``: the version of the game's log its upgrades bring a log to. A stored table
  records the version its log is in (a new table is at its game's version); a game with
  no upgrades module is at 0 and its logs are never upgraded.
- ``words(action)``: an action in today's words (move names, keys, values), from the
  action alone. Today's actions come back unchanged.
- ``instead(state, by, action, refusal)`` (optional): what an action today's rules refuse
  in ``state`` (``refusal``, the IllegalAction) was in today's moves: a list of
  ``(by, action)``, empty to drop it; None when it cannot be said (the refusal stands).
- ``nearest(state, by, action, refusal)`` (optional): for an action today's rules refuse
  that ``instead`` cannot say either (the old game followed a rule that has changed, so
  its state had come apart from today's): what it becomes, the nearest first, each
  ``(steps, words)``: ``steps`` today's moves (none: the action is left out), ``words``
  what differs from what the players recorded. The first whose steps today's rules take
  is kept, and its words noted (``Upgraded.notes``), so such a log still becomes a table
  that plays on by today's rules.
- ``settle(state)`` (optional): the moves the old engine made by itself once ``state``
  was reached, as ``(by, action)``; used only for a log today's rules refuse as it is
  (the old engine's), so a log today's rules take whole comes back unchanged.

:func:`upgrade_log` applies them, once, when storage opens a stored table whose log is
older than its game's version (:mod:`storage.upgrade`); the table is then kept in
today's words and its original log set aside. Replay (:class:`engine.table.Match`)
never calls an upgrade. All of it is pure: the functions get plain data and return it.

Undo and redo: an old action that became several of today's moves (or none) is undone
and redone as a whole, so an old undo becomes as many undos as the moves it takes away
(and an old redo as many redos); an undo or a redo that had nothing to take away is
dropped. An undo of an ended game keeps shown what the end showed, as today's does.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterable, Mapping

from engine.check import apply, check
from engine.errors import IllegalAction
from engine.game import Action, Game
from engine.log import REDO, UNDO, Entry
from engine.plain import encoded
from engine.spec import TableSpec
from engine.table import Match


@dataclass(frozen=True)
class Upgraded:
    """A log in today's moves: ``entries`` (numbered from 1), made of the first ``read``
    entries of the old log (all of them unless ``problem`` says why it stopped:
    ``"entry N: ..."``, N the old entry's rev); ``changed`` when they differ from it;
    ``notes``: where today's rules made the table differ from what the players recorded
    (``"entry N: ..."``), in words."""

    entries: list[Entry]
    read: int
    problem: str | None = None
    changed: bool = False
    notes: tuple[str, ...] = ()


def upgrades_of(game: Game) -> ModuleType | None:
    """The game's upgrades module (``engine/<game>/upgrades.py``), None when it has none."""
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.upgrades"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name in (name, package):
            return None
        raise  # a module the upgrades import is missing: a fault, not "no upgrades"


def log_version(game: Game) -> int:
    """The version of today's logs of ``game`` (0: it has no upgrades)."""
    module = upgrades_of(game)
    return int(getattr(module, "VERSION", 0)) if module is not None else 0


def declared(game: Game, action: Action) -> set[str] | None:
    """The payload keys today's move of ``action``'s kind takes (the old engines kept
    keys they did not know); None when the game has no such move or the payload is not
    a group of named values (the move's own check then says what is wrong)."""
    move = game.moves.get(action.kind) if isinstance(action.kind, str) else None
    if move is None or not isinstance(action.payload, Mapping):
        return None
    return set(move.payload.fields)


def player_as_seat(action: Action) -> Action:
    """An action the host sent with no seat, naming in its payload the seat it acted for
    (``player``, before the game contract): today the action is for that seat, and the
    key is gone."""
    payload = dict(action.payload)
    player = payload.pop("player", None)
    seat = action.seat
    if seat is None and isinstance(player, int) and not isinstance(player, bool):
        seat = player
    return Action(seat, action.kind, payload)


def upgrade_log(game: Game, spec: TableSpec, entries: Iterable[Entry]) -> Upgraded:
    """``entries`` (an older log of ``spec``'s table) in today's moves."""
    old = list(entries)
    module = upgrades_of(game)
    if module is None:
        return Upgraded(old, len(old))
    first = _Pass(game, spec, module, settling=False).run(old)
    if getattr(module, "settle", None) is None or (first.problem is None and not first.used_instead):
        return first.result(old)
    # today's rules refuse the log as it is: the old engine's, its automatic steps
    # made where it made them
    second = _Pass(game, spec, module, settling=True).run(old)
    return max(second, first, key=_Pass.closeness).result(old)


class _Pass:
    """One walk through an old log, following the state with today's table model."""

    def __init__(self, game: Game, spec: TableSpec, module: ModuleType, settling: bool):
        self.game = game
        self.module = module
        self.instead = getattr(module, "instead", None)
        self.nearest = getattr(module, "nearest", None)
        self.settle = getattr(module, "settle", None) if settling else None
        self.match = Match(game, spec)
        self.out: list[Entry] = []
        self.stack: list[int] = []  # per old action in effect: how many moves it became
        self.redo: list[int] = []   # per old action undone (the next to redo last)
        self.used_instead = False
        self.read = 0
        self.problem: str | None = None
        self.notes: list[str] = []

    def run(self, old: list[Entry]) -> "_Pass":
        for entry in old:
            try:
                self._upgrade(entry)
            except IllegalAction as exc:
                self.problem = f"entry {entry.rev}: {exc.message}"
                break
            self.read += 1
        return self

    def result(self, old: list[Entry]) -> Upgraded:
        changed = [e.to_json() for e in self.out] != [e.to_json() for e in old[:self.read]]
        return Upgraded(self.out, self.read, self.problem, changed, tuple(self.notes))

    def closeness(self) -> tuple[bool, int]:
        """How far this walk took the old log: whole, else the most entries read."""
        return self.problem is None, self.read

    def _take(self, by: int | None, action: Action) -> None:
        if action.kind not in (UNDO, REDO):  # kept as today's table keeps a move
            action = check(self.game, self.match.state, action, by, self.match.names)[1]
        entry = Entry(len(self.out) + 1, by, action)
        self.match.replay_entry(entry)
        self.out.append(entry)

    def _upgrade(self, entry: Entry) -> None:
        by, action = entry.by, entry.action
        if action.kind == UNDO:
            if self.stack:
                count = self.stack.pop()
                self.redo.append(count)
                for i in range(count):
                    self._take(by, Action(action.seat, UNDO, self._undo_payload(action) if i == 0 else {}))
            return
        if action.kind == REDO:
            if self.redo:
                count = self.redo.pop()
                self.stack.append(count)
                for _ in range(count):
                    self._take(by, Action(action.seat, REDO, {}))
            return
        before = len(self.out)
        action = self.module.words(action)
        try:
            self._take(by, action)
        except IllegalAction as refusal:
            steps = self.instead(self.match.state, by, action, refusal) if self.instead else None
            if steps is None or not self._takes(steps):
                steps = self._nearest(entry.rev, by, action, refusal)
            if steps is None:
                raise
            self.used_instead = True
            for step_by, step in steps:
                self._take(step_by, step)
        if self.settle is not None:
            for step_by, step in self.settle(self.match.state):
                self._take(step_by, step)
        self.stack.append(len(self.out) - before)
        self.redo.clear()

    def _nearest(self, rev: int, by: int | None, action: Action,
                  refusal: IllegalAction) -> list[tuple[int | None, Action]] | None:
        """The first of the module's ``nearest`` that today's rules take, its words noted."""
        if self.nearest is None:
            return None
        reached: dict[str, Any] = {}
        for steps, words in self.nearest(self.match.state, by, action, refusal):
            if self._takes(steps, reached):
                self.notes.append(f"entry {rev}: {words}")
                return steps
        return None

    def _takes(self, steps: list[tuple[int | None, Action]], reached: dict[str, Any] | None = None) -> bool:
        """Whether today's rules take these moves one after the other, from here.
        ``reached``: the states (None: refused) after the leading steps of the candidates
        tried before, by those steps. The candidates for one old move share their leading
        steps (in production, every seat's ``done`` first; hundreds of amounts tried
        after them), and each state is a whole copy of the table: played once, not once
        a candidate."""
        reached = {} if reached is None else reached
        state = self.match.state
        played: list = []
        for n, (by, action) in enumerate(steps):
            played.append([by, action.seat, action.kind, action.payload])
            key = encoded(played)
            if key in reached:
                state = reached[key]
            else:
                try:
                    state = apply(self.game, state, action, by, self.match.names)[0]
                except IllegalAction:
                    state = None
                if n < len(steps) - 1:  # a candidate's last state is not shared: not kept
                    reached[key] = state
            if state is None:
                return False
        return True

    def _undo_payload(self, action: Action) -> dict[str, Any]:
        payload = dict(action.payload)
        if "shown" not in payload and self.game.is_over(self.match.state):
            kept = self.game.shown_at_end(self.match.state)
            if kept is not None:
                payload["shown"] = kept
        return payload
