"""The table hub: one per table, one lock. Check, apply, persist, then broadcast.

Every change follows the order the architecture promises:
1. check the seat and the revision the phone saw;
2. the engine applies the action (in memory, nothing current changes yet);
3. storage appends the log entry durably (on disk, fsynced);
4. the entry becomes current and every listener hears "table T is at revision n".
Sessions then re-render from ``view(state, their seat)``; nothing else is sent.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine.errors import IllegalAction
from engine.game import Action
from engine.registry import get_game
from engine.table import REDO, UNDO, Entry, Match, TableSpec, make_spec
from companion.codes import new_code, new_token, normalise_code, token_hash, token_matches

log = logging.getLogger(__name__)

Listener = Callable[[int], None]


@dataclass(frozen=True)
class Who:
    """Who is acting or looking: a seat, the host (may act for any seat), or a watcher.

    A phone's ``token`` proves its seat on every action, so a seat the host freed stops
    working at once on the phone that lost it.
    """

    seat: int | None = None
    host: bool = False
    token: str | None = field(default=None, repr=False, compare=False)

    @property
    def watcher(self) -> bool:
        return self.seat is None and not self.host

    @property
    def by(self) -> int | None:
        """The log's ``by``: the host is None, a phone is its seat."""
        return None if self.host else self.seat


WATCHER = Who()
HOST = Who(host=True)


class TableHub:
    """A live table: its match in memory, its seats, and the sessions listening."""

    def __init__(self, code: str, store: Any, spec: TableSpec, entries: list[Entry],
                 seat_hashes: Mapping[int, str]):
        self.code = code
        self.store = store
        self.game = get_game(spec.game_id)
        self.lock = threading.RLock()
        self.match = Match(self.game, spec, entries)
        self._seat_hashes: dict[int, str] = {int(k): v for k, v in seat_hashes.items() if v}
        self._listeners: dict[Any, Listener] = {}
        self.on_change: Callable[[str], None] | None = None  # the host's table list

    # -- reading -------------------------------------------------------------
    @property
    def spec(self) -> TableSpec:
        return self.match.spec

    @property
    def revision(self) -> int:
        return self.match.revision

    def is_over(self) -> bool:
        with self.lock:
            return self.match.is_over()

    def view(self, who: Who) -> dict:
        """The view envelope for this viewer, built only from the game's public part and
        ``who``'s private part: ``public, private, legal, to_act, result, revision``."""
        with self.lock:
            return self.match.view(who.seat, who.host)

    def table(self, who: Who) -> dict:
        """The table's own facts a screen shows around the game: never hidden."""
        with self.lock:
            return {
                "code": self.code,
                "game_id": self.game.id,
                "title": self.game.title,
                "players": list(self.spec.players),
                "colours": list(self.spec.colours),
                "settings": dict(self.spec.settings),
                "seat": who.seat,
                "host": who.host,
                "taken": sorted(self._seat_hashes),
            }

    def history(self, who: Who) -> list[dict]:
        """The log in words, filtered for the reader (hidden values stay hidden)."""
        with self.lock:
            names = self.spec.players
            lines = []
            for entry, text in self.match.history(who.seat):
                author = "Host" if entry.by is None else names[entry.by]
                lines.append({"rev": entry.rev, "by": author, "text": text})
            return lines

    # -- seats ---------------------------------------------------------------
    def seat_for_token(self, token: str | None) -> int | None:
        with self.lock:
            for seat, hashed in self._seat_hashes.items():
                if token_matches(token, hashed):
                    return seat
            return None

    def holds_seat(self, who: Who) -> bool:
        """Does this phone's token still hold its seat?"""
        with self.lock:
            return who.seat is not None and token_matches(who.token, self._seat_hashes.get(who.seat))

    def claim_seat(self, seat: int, who: Who = WATCHER) -> str:
        """A free seat for this phone; returns the secret token the phone keeps."""
        with self.lock:
            if not (0 <= seat < len(self.spec.players)):
                raise IllegalAction("There is no such seat at this table")
            if self.match.is_over():
                raise IllegalAction("This game is over; you can still watch it")
            if seat in self._seat_hashes and not who.host:
                name = self.spec.players[seat]
                raise IllegalAction(f"{name}'s seat is taken. Ask the host to free it.")
            token = new_token()
            hashed = token_hash(token)
            self.store.set_seat(self.code, seat, hashed)
            self._seat_hashes[seat] = hashed
        self._notify()
        return token

    def free_seat(self, who: Who, seat: int) -> None:
        """Only the host frees a seat (a lost phone); the old token stops working."""
        if not who.host:
            raise IllegalAction("Only the host can free a seat")
        with self.lock:
            if seat not in self._seat_hashes:
                raise IllegalAction("That seat is already free")
            self.store.set_seat(self.code, seat, None)
            del self._seat_hashes[seat]
        self._notify()

    # -- settings ------------------------------------------------------------
    def change_settings(self, who: Who, settings: Mapping[str, Any]) -> None:
        """Only the host changes a table's settings, and only before the first move
        (the log is replayed under one set of settings)."""
        if not who.host:
            raise IllegalAction("Only the host changes the settings")
        with self.lock:
            if self.match.log:
                raise IllegalAction("The game has started: settings can only change before the first move")
            spec = self.spec
            merged = self.game.check_settings({**spec.settings, **dict(settings)}, len(spec.players))
            self.store.set_meta(self.code, "settings", merged)
            new_spec = TableSpec(spec.game_id, spec.players, spec.colours, merged)
            self.match = Match(self.game, new_spec, [])
        self._notify()

    # -- acting --------------------------------------------------------------
    def act(self, who: Who, kind: str, payload: Mapping[str, Any] | None = None,
            seen_revision: int | None = None, seat: int | None = None) -> Entry:
        """Apply one action for ``who``; durable before anyone is told.

        A phone acts for its own seat; the host may act for any ``seat`` (pass-and-play)
        or for the table itself (``seat=None``).
        """
        if who.watcher:
            raise IllegalAction("Watchers cannot act: take a seat to play")
        if not who.host and not self.holds_seat(who):
            raise IllegalAction("This phone no longer holds that seat: pick a seat again")
        if not isinstance(kind, str) or not kind:
            raise IllegalAction("That is not a move")
        if payload is not None and not isinstance(payload, Mapping):
            raise IllegalAction("A move's details must be a group of named values")
        acting_for = seat if who.host else (who.seat if seat is None else seat)
        if kind in (UNDO, REDO):
            acting_for = who.by
        action = Action(acting_for, kind, dict(payload or {}))
        with self.lock:
            was_over = self.match.is_over()
            proposal = self.match.propose(who.by, action, seen_revision)
            self.store.append(self.code, proposal.entry.to_json())
            entry = self.match.accept(proposal)
            if self.match.is_over() != was_over:
                self.store.set_meta(self.code, "status", "finished" if not was_over else "open")
        self._notify()
        return entry

    def undo(self, who: Who, seen_revision: int | None = None) -> Entry:
        return self.act(who, UNDO, {}, seen_revision)

    def redo(self, who: Who, seen_revision: int | None = None) -> Entry:
        return self.act(who, REDO, {}, seen_revision)

    # -- listening -----------------------------------------------------------
    def subscribe(self, key: Any, listener: Listener) -> None:
        with self.lock:
            self._listeners[key] = listener

    def unsubscribe(self, key: Any) -> None:
        with self.lock:
            self._listeners.pop(key, None)

    def _notify(self) -> None:
        with self.lock:
            revision = self.match.revision
            listeners = list(self._listeners.values())
        for listener in listeners:
            try:
                listener(revision)
            except Exception:  # a closed session must not stop the others
                log.exception("table %s: a listener failed", self.code)
        if self.on_change is not None:
            self.on_change(self.code)


class Tables:
    """Every table on this host: created here or loaded lazily from storage."""

    def __init__(self, store: Any):
        self.store = store
        self._hubs: dict[str, TableHub] = {}
        self._lock = threading.RLock()
        self._watchers: dict[Any, Callable[[str], None]] = {}

    # -- the host's table list hears every table ---------------------------------
    def watch(self, key: Any, listener: Callable[[str], None]) -> None:
        with self._lock:
            self._watchers[key] = listener

    def unwatch(self, key: Any) -> None:
        with self._lock:
            self._watchers.pop(key, None)

    def _changed(self, code: str) -> None:
        with self._lock:
            watchers = list(self._watchers.values())
        for watcher in watchers:
            try:
                watcher(code)
            except Exception:  # a closed tab must not stop the others
                log.exception("a table list watcher failed")

    def _keep(self, hub: TableHub) -> TableHub:
        hub.on_change = self._changed
        self._hubs[hub.code] = hub
        return hub

    def create(self, game_id: str, players: list[str], settings: Mapping[str, Any] | None = None,
               colours: list[str] | None = None) -> TableHub:
        game = get_game(game_id)
        spec = make_spec(game, players, settings, colours)
        with self._lock:
            for _ in range(100):
                code = new_code()
                if code not in self._hubs and not self._exists(code):
                    break
            else:  # pragma: no cover - 47 million codes
                raise IllegalAction("Could not find a free table code")
            self.store.create(code, spec.to_json())
            hub = self._keep(TableHub(code, self.store, spec, [], {}))
        self._changed(code)
        return hub

    def _exists(self, code: str) -> bool:
        from storage import UnknownTable

        try:
            self.store.revision(code)
            return True
        except UnknownTable:
            return False

    def open(self, code_text: str) -> TableHub:
        """The table for a code a person typed or scanned, or a readable refusal."""
        from storage import UnknownTable, UnreadableTable

        code = normalise_code(code_text or "")
        if not code:
            raise IllegalAction(f"'{code_text}' is not a table code (6 letters, like {'ACDEFH'})")
        with self._lock:
            hub = self._hubs.get(code)
            if hub is not None:
                return hub
            try:
                spec_json, entries_json = self.store.load(code)
                seats = self.store.seats(code)
            except UnknownTable:
                raise IllegalAction(f"There is no table with code {code} on this host") from None
            except UnreadableTable as exc:
                raise IllegalAction(f"Table {code} cannot be read: {exc.reason}") from None
            try:
                spec = TableSpec.from_json(spec_json)
                changed = self.store.get_meta(code, "settings")
                if changed:
                    spec = TableSpec(spec.game_id, spec.players, spec.colours, dict(changed))
                entries = [Entry.from_json(e) for e in entries_json]
                hub = TableHub(code, self.store, spec, entries, seats)
            except IllegalAction as exc:
                raise IllegalAction(f"Table {code} cannot be read: {exc.message}") from None
            except (KeyError, TypeError, ValueError):
                raise IllegalAction(f"Table {code} cannot be read: its log is damaged") from None
            return self._keep(hub)

    def list(self) -> list:
        return self.store.list()
