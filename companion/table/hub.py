"""The table hub: one per table, one lock. Check, apply, persist, then broadcast.

Every change follows the order the architecture promises:
1. check the seat and the revision the phone saw;
2. the engine applies the action (in memory, nothing current changes yet);
3. storage appends the log entry durably (on disk, fsynced), with its link record and,
   every so many actions, a snapshot of the state (``engine.table.Match``);
4. the entry becomes current and every listener hears "table T is at revision n".
Sessions then re-render from ``view(state, their seat)``; nothing else is sent.

The hub's methods block (a write waits for the disk): code on the event loop calls
them through :func:`off_loop` or :meth:`TableHub.act_async`, which run them in a worker
thread, one action of a table at a time, so one busy table holds one worker at most.
A write the disk refuses raises :class:`SaveFailed` (an ``IllegalAction`` whose message
says so: "The host's disk is full: nothing was saved"); nothing changed.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
import weakref
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Mapping, TypeVar

from engine.errors import IllegalAction
from engine.game import Action
from engine.registry import get_game
from engine.log import REDO, SNAPSHOT_EVERY, UNDO, Entry
from engine.spec import TableSpec, make_spec, renamed_spec
from engine.history import PAGE as HISTORY_PAGE, Line
from engine.table import Match
from engine.upgrade import log_version
from companion.table.colours import seat_colours
from companion.table.plays import STARTED_META, PlayRecorder, utc_now
from companion.table.codes import (CODE_LENGTH, code_problem, new_code, new_token, normalise_code,
                             token_hash, token_matches)
from storage import NotSaved, Store, TableDamaged, TableRecord, UnknownTable, UnreadableTable
from storage.store import (FILE_DAMAGED, LOG_VERSION_META, NAMES_META, REPAIRED_META, SETTINGS_META,
                           UPGRADE_NOTES_META)
from storage.upgrade import stored_game_and_spec, upgrade_table

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


@dataclass(frozen=True)
class LostSeat:
    """What became of a seat the host freed, for the phone that lost it: ``name``, what
    the seat was called then; ``now``, what it is called now (the host may have given
    it to a new player); ``taken``, whether another phone sits there now."""

    name: str
    now: str
    taken: bool


WATCHER = Who()
HOST = Who(host=True)

T = TypeVar("T")


class Listeners:
    """Who hears something (each session's listener, by key), told one after another: one
    that fails (a closed tab) is logged and does not stop the others."""

    def __init__(self, what: str):
        self.what = what
        self._by_key: dict[Any, Callable] = {}
        self._lock = threading.Lock()

    def add(self, key: Any, listener: Callable) -> None:
        with self._lock:
            self._by_key[key] = listener

    def remove(self, key: Any) -> None:
        with self._lock:
            self._by_key.pop(key, None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._by_key)

    def tell(self, news: Any) -> None:
        with self._lock:
            listeners = list(self._by_key.values())
        for listener in listeners:
            try:
                listener(news)
            except Exception:  # a closed session must not stop the others
                log.exception("%s: a listener failed", self.what)


class SaveFailed(IllegalAction):
    """The host's disk refused a write, or the table's file was found damaged: nothing
    was saved, nothing changed. ``disk_full`` tells a full disk from another I/O error
    or a damaged file (the JSON transport answers 507 or 503)."""

    def __init__(self, error: NotSaved | TableDamaged | UnreadableTable):
        damaged = not isinstance(error, NotSaved)
        super().__init__(FILE_DAMAGED if damaged else str(error))
        self.disk_full = not damaged and error.disk_full
        self.damaged = damaged


async def off_loop(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a blocking hub or store call in a worker thread and wait for it."""
    return await asyncio.to_thread(fn, *args, **kwargs)


def _saved(fn):
    """Store writes raise SaveFailed (in words) instead of the store's NotSaved, and
    instead of TableDamaged or UnreadableTable (a file damaged while the table is open):
    a hub whose file is damaged marks itself so, and stops taking actions."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except NotSaved as exc:
            log.warning("table write refused by the disk: %s", exc.error)
            raise SaveFailed(exc) from None
        except (TableDamaged, UnreadableTable) as exc:
            log.error("table %s: its file is damaged (%s): nothing was saved", exc.code,
                      getattr(exc, "reason", exc))
            if args and isinstance(args[0], TableHub):
                args[0].found_damaged()
            raise SaveFailed(exc) from None
    return wrapper


class TableHub:
    """A live table: its match in memory, its seats, and the sessions listening."""

    def __init__(self, code: str, store: Store, spec: TableSpec, entries: list[Entry] = (),
                 seat_hashes: Mapping[int, str] | None = None, match: Match | None = None):
        self.code = code
        self.store = store
        self.game = get_game(spec.game_id)
        self.lock = threading.RLock()
        self.match = match if match is not None else Match(self.game, spec, entries)
        self._seat_hashes: dict[int, str] = {int(k): v for k, v in (seat_hashes or {}).items() if v}
        self._freed: dict[str, tuple[int, str]] = {}  # token hash -> (seat, its name then) the host freed
        self._listeners = Listeners(f"table {code}")
        self.on_change: Callable[[str], None] | None = None  # the host's table list
        self.while_moving: Callable[[], AbstractContextManager] = nullcontext
        """Held around every move, from the tap to the phones told (the server's garbage
        collection pacing waits for it): handed in by :class:`Tables`."""
        self.on_end: Callable[["TableHub"], Any] | None = None  # the book of plays
        self.damaged_at: str | None = None  # when a write found its file damaged
        self._turns: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock]" = \
            weakref.WeakKeyDictionary()

    # -- a damaged file -------------------------------------------------------
    @property
    def damaged(self) -> bool:
        return self.damaged_at is not None

    def found_damaged(self) -> None:
        """A write found this table's file damaged: no more actions here; the table is
        opened again from its files once they hold all it acknowledged, or once
        ``companion repair`` has rebuilt them (:meth:`Tables.open`)."""
        if self.damaged_at is None:
            self.damaged_at = datetime.now(timezone.utc).isoformat(timespec="microseconds")

    def replaced_by(self, fresh: "TableHub") -> bool:
        """May ``fresh`` (this table read again from its files) take over from this
        damaged hub? Only if it lost nothing acknowledged, or was repaired since."""
        if fresh.revision >= self.revision:
            return True
        repaired = self.store.get_meta(self.code, REPAIRED_META) or {}
        return isinstance(repaired, dict) and str(repaired.get("at", "")) > (self.damaged_at or "")

    # -- reading -------------------------------------------------------------
    @property
    def spec(self) -> TableSpec:
        """Read without the lock: a rename replaces the match's spec whole, never in place."""
        return self.match.spec

    def is_over(self) -> bool:
        with self.lock:
            return self.match.is_over()

    @property
    def revision(self) -> int:
        """Read without the lock: one int of a match that is replaced whole, never in part."""
        return self.match.revision

    def view(self, who: Who, since: int | None = None) -> dict:
        """The view envelope for this viewer, built only from the game's public part and
        ``who``'s private part: ``public, private, legal, to_act, result, revision,
        news`` (the news: what happened after revision ``since``, none without it)."""
        with self.lock:
            return self.match.view(who.seat, who.host, since)

    def table(self, who: Who) -> dict:
        """The table's own facts a screen shows around the game: never hidden."""
        with self.lock:
            return {
                "code": self.code,
                "game_id": self.game.id,
                "title": self.game.title,
                "players": list(self.spec.players),
                "colours": seat_colours(len(self.spec.players)),
                "settings": dict(self.spec.settings),
                "seat": who.seat,
                "host": who.host,
                "taken": sorted(self._seat_hashes),
            }

    def history(self, who: Who) -> list[dict]:
        """The whole log in words, filtered for the reader (hidden values stay hidden):
        each line's ``move`` is its number in the table's move count (``rev``: its log
        entry). A phone reads a page at a time (:meth:`history_page`)."""
        with self.lock:
            return self._said(self.match.history_page(who.seat, None, self.match.moves))

    def history_page(self, who: Who, last: int | None = None, count: int = HISTORY_PAGE) -> list[dict]:
        """Moves ``last - count + 1`` to ``last`` (None: the newest) in words for the
        reader, oldest first, as :meth:`history` says them. Its cost is the page's, not
        the log's (:class:`engine.history.History`), so the lock is held that long only."""
        with self.lock:
            return self._said(self.match.history_page(who.seat, last, count))

    def _said(self, lines: list[Line]) -> list[dict]:
        names = self.spec.players
        return [{"rev": line.entry.rev, "move": line.move,
                 "by": "Host" if line.entry.by is None else names[line.entry.by], "text": line.text}
                for line in lines]

    @functools.cached_property
    def changed_by_upgrade(self) -> int:
        """How many of the old log's moves the upgrade to today's rules changed or left
        out (:data:`storage.store.UPGRADE_NOTES_META`): the History says so in a line.
        Only the number: a note may name an amount that was secret when it was made.
        Read once (a store read): the upgrade ran before this hub was made."""
        notes = self.store.get_meta(self.code, UPGRADE_NOTES_META)
        return len(notes) if isinstance(notes, list) else 0

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

    @_saved
    def claim_seat(self, seat: int, who: Who = WATCHER, name: str | None = None) -> str:
        """A free seat for this phone; returns the secret token the phone keeps. With
        ``name`` the phone sits under its own name (a player taking over a seat): the
        seat is renamed first, and a refused name leaves the seat free."""
        with self.lock:
            if not (0 <= seat < len(self.spec.players)):
                raise IllegalAction("There is no such seat at this table")
            if self.match.is_over():
                raise IllegalAction("This game is over; you can still watch it")
            if seat in self._seat_hashes and not who.host:
                taken = self.spec.players[seat]
                raise IllegalAction(f"{taken}'s seat is taken. Ask the host to free it.")
            if name is not None and name.strip() != self.spec.players[seat]:
                self._rename(seat, name)
            token = new_token()
            hashed = token_hash(token)
            self.store.set_seat(self.code, seat, hashed)
            if seat in self._seat_hashes:  # the host took it from the phone that had it
                self._forget(seat, self.spec.players[seat])
            self._seat_hashes[seat] = hashed
        self._notify()
        return token

    @_saved
    def free_seat(self, who: Who, seat: int) -> None:
        """Only the host frees a seat (a lost phone); the old token stops working."""
        if not who.host:
            raise IllegalAction("Only the host can free a seat")
        with self.lock:
            if seat not in self._seat_hashes:
                raise IllegalAction("That seat is already free")
            self.store.set_seat(self.code, seat, None)
            self._forget(seat, self.spec.players[seat])
        self._notify()

    def _forget(self, seat: int, name: str) -> None:
        """The phone holding ``seat`` (called ``name``) loses it; its token is kept to tell
        that phone what became of its seat (:meth:`lost_seat`)."""
        self._freed[self._seat_hashes.pop(seat)] = (seat, name)
        while len(self._freed) > self.FREED_KEPT:
            del self._freed[next(iter(self._freed))]

    @_saved
    def rename_seat(self, who: Who, seat: int, name: str) -> None:
        """Only the host gives a seat a new name (a new player takes it over): the
        history, every view and the table screen call that seat so from then on, and a
        restart keeps it (:data:`storage.store.NAMES_META`). A name is checked as at the
        table's creation; a refused one changes nothing."""
        if not who.host:
            raise IllegalAction("Only the host can rename a seat")
        with self.lock:
            self._rename(seat, name)
        self._notify()

    def _rename(self, seat: int, name: str) -> None:
        """Rename ``seat`` (under the lock): durable first, then in memory; the match is
        read again from its log under the new names (its snapshots are renamed as read)."""
        spec = renamed_spec(self.spec, seat, name)
        self.game.check_players(list(spec.players))
        self.store.set_meta(self.code, NAMES_META, list(spec.players))
        self.match = Match.resume(self.game, spec, self.store.open_log(self.code), self.match.every)

    FREED_KEPT = 64
    """How many freed seats' old tokens the hub remembers (to tell their phones)."""

    def lost_seat(self, token: str | None) -> "LostSeat | None":
        """What became of the seat the host freed from this token; None when this run of
        the host did not free it (or the phone never held a seat)."""
        with self.lock:
            for hashed, (seat, name) in self._freed.items():
                if token_matches(token, hashed):
                    return LostSeat(name, self.spec.players[seat], seat in self._seat_hashes)
            return None

    # -- settings ------------------------------------------------------------
    @_saved
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
            self.store.set_meta(self.code, SETTINGS_META, merged)
            new_spec = TableSpec(spec.game_id, spec.players, merged)
            self.match = Match.resume(self.game, new_spec, self.store.open_log(self.code),
                                      self.match.every)
        self._notify()

    # -- acting --------------------------------------------------------------
    @_saved
    def act(self, who: Who, kind: str, payload: Mapping[str, Any] | None = None,
            seen_revision: int | None = None, seat: int | None = None) -> Entry:
        """Apply one action for ``who``; durable before anyone is told.

        A phone acts for its own seat; the host may act for any ``seat`` (pass-and-play)
        or for the table itself (``seat=None``).
        """
        if self.damaged:
            raise SaveFailed(TableDamaged(self.code, "found damaged earlier"))
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
        with self.while_moving():  # no cycle collection starts while a move is under way
            with self.lock:
                was_over = self.match.is_over()
                proposal = self.match.propose(who.by, action, seen_revision)
                self.store.append(self.code, *self.match.records(proposal))
                entry = self.match.accept(proposal)
                self._note_start(entry)
                ended = not was_over and self.match.is_over()
            self._notify()
        if ended and self.on_end is not None:
            self.on_end(self)
        return entry

    def _note_start(self, entry: Entry) -> None:
        """The first action's time, kept for the length of the play."""
        if entry.rev == 1:
            try:
                self.store.set_meta(self.code, STARTED_META, utc_now())
            except (NotSaved, TableDamaged) as exc:  # the move stands; its play is timed from the table's creation
                log.warning("table %s: its first action's time was not kept: %s", self.code, exc)

    async def act_async(self, who: Who, kind: str, payload: Mapping[str, Any] | None = None,
                        seen_revision: int | None = None, seat: int | None = None) -> Entry:
        """:meth:`act` from the event loop: the check and the durable write run in a
        worker thread; this table's actions wait their turn on the loop, so a table
        flooded with actions never holds more than one worker."""
        # under way from the tap on (not only once the worker thread has started): a
        # collection that fell due while the loop was busy waits for the next quiet
        with self.while_moving():
            async with self._turn():
                return await off_loop(self.act, who, kind, payload, seen_revision, seat)

    def _turn(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        with self.lock:
            turn = self._turns.get(loop)
            if turn is None:
                turn = self._turns[loop] = asyncio.Lock()
            return turn

    def undo(self, who: Who, seen_revision: int | None = None) -> Entry:
        return self.act(who, UNDO, {}, seen_revision)

    def redo(self, who: Who, seen_revision: int | None = None) -> Entry:
        return self.act(who, REDO, {}, seen_revision)

    # -- listening -----------------------------------------------------------
    def subscribe(self, key: Any, listener: Listener) -> None:
        self._listeners.add(key, listener)

    def unsubscribe(self, key: Any) -> None:
        self._listeners.remove(key)

    def listening(self) -> int:
        """How many sessions hear this table (a closed tab must leave)."""
        return len(self._listeners)

    def _notify(self) -> None:
        with self.lock:
            revision = self.match.revision
        self._listeners.tell(revision)
        if self.on_change is not None:
            self.on_change(self.code)


class Tables:
    """Every table on this host: created here or loaded lazily from storage."""

    def __init__(self, store: Store, code_length: int = CODE_LENGTH,
                 snapshot_every: int = SNAPSHOT_EVERY,
                 while_moving: Callable[[], AbstractContextManager] = nullcontext,
                 recorder: PlayRecorder | None = None):
        self.store = store
        self.while_moving = while_moving
        self.recorder = recorder
        self.code_length = code_length
        self.snapshot_every = snapshot_every
        self._hubs: dict[str, TableHub] = {}
        self._unusable: dict[str, str] = {}  # code -> why it could not be opened
        self._lock = threading.RLock()
        self._watchers = Listeners("the table list")

    # -- the host's table list hears every table ---------------------------------
    def watch(self, key: Any, listener: Callable[[str], None]) -> None:
        self._watchers.add(key, listener)

    def unwatch(self, key: Any) -> None:
        self._watchers.remove(key)

    def watching(self) -> int:
        """How many host screens hear the table list."""
        return len(self._watchers)

    def _changed(self, code: str) -> None:
        self._watchers.tell(code)

    def _keep(self, hub: TableHub) -> TableHub:
        hub.on_change = self._changed
        hub.while_moving = self.while_moving
        hub.on_end = self.recorder.ended if self.recorder is not None else None
        self._hubs[hub.code] = hub
        return hub

    @_saved
    def create(self, game_id: str, players: list[str],
               settings: Mapping[str, Any] | None = None) -> TableHub:
        game = get_game(game_id)
        spec = make_spec(game, players, settings)
        with self._lock:
            for _ in range(100):
                code = new_code(self.code_length)
                if code not in self._hubs and not self._exists(code):
                    break
            else:  # pragma: no cover - 47 million codes
                raise IllegalAction("Could not find a free table code")
            self.store.create(code, spec.to_json(), {LOG_VERSION_META: log_version(game)})
            hub = self._keep(TableHub(code, self.store, spec, match=Match.resume(
                game, spec, self.store.open_log(code), self.snapshot_every)))
        self._changed(code)
        return hub

    def _exists(self, code: str) -> bool:
        try:
            self.store.revision(code)
            return True
        except UnknownTable:
            return False
        except UnreadableTable:
            return True

    def open(self, code_text: str) -> TableHub:
        """The table for a code a person typed or scanned, or a readable refusal
        (:class:`NoSuchTable` when no table has that code)."""
        code = normalise_code(code_text or "")
        if not code:
            raise NoSuchTable(code_problem(code_text or "", self.code_length))
        with self._lock:
            held = self._hubs.get(code)
            if held is not None and not held.damaged:
                return held
            try:
                hub = self._load(code)
            except UnknownTable:
                raise NoSuchTable(f"There is no table with code {code} on this host") from None
            except UnreadableTable as exc:
                self._unusable[code] = exc.reason
                if held is not None:  # shown as it was; its actions are refused in words
                    return held
                raise IllegalAction(str(exc)) from None
            except NotSaved as exc:  # converting an old file needed the disk
                raise SaveFailed(exc) from None
            if held is not None and not held.replaced_by(hub):
                raise SaveFailed(TableDamaged(code, "its files lost acknowledged actions"))
            self._unusable.pop(code, None)
            return self._keep(hub)

    def cached(self, code_text: str) -> TableHub | None:
        """The table for a code if it is open already (no I/O: safe on the loop); a
        damaged one is looked up again (:meth:`open`)."""
        code = normalise_code(code_text or "")
        with self._lock:
            hub = self._hubs.get(code) if code else None
            return hub if hub is not None and not hub.damaged else None

    def _load(self, code: str) -> TableHub:
        """Open a table from storage: its header, the end of its log, the nearest
        snapshot (never a replay of the whole log). A log an older version wrote is
        brought to today's moves first, once (:func:`storage.upgrade.upgrade_table`)."""
        try:
            upgrade_table(self.store, code)
            source = self.store.open_log(code)
            game, spec = stored_game_and_spec(self.store, code, source.spec())
            match = Match.resume(game, spec, source, self.snapshot_every)
            seats = self.store.seats(code)
            return TableHub(code, self.store, spec, seat_hashes=seats, match=match)
        except (UnknownTable, UnreadableTable, NotSaved):
            raise
        except IllegalAction as exc:
            raise UnreadableTable(code, None, _lower(exc.message)) from None
        except Exception:
            log.exception("table %s: its log could not be opened", code)
            raise UnreadableTable(code, None, "its log is damaged") from None

    def list(self) -> list[TableRecord]:
        """Every table, most recently changed first. A table whose description cannot be
        used (a bad spec, a game this host does not have, a log that would not open) is
        listed as unreadable with the reason, never raised."""
        records = self.store.list()
        with self._lock:
            unusable = dict(self._unusable)
        out = []
        for record in records:
            if record.error is None:
                reason = unusable.get(record.code) or _spec_problem(record.spec)
                if reason:
                    record = TableRecord(record.code, None, record.revision, record.created,
                                         record.updated, "unreadable", reason)
            out.append(record)
        return out


class NoSuchTable(IllegalAction):
    """No table has the code asked for (or it is not a code at all): what a guesser
    hits, counted by the join-code guard."""


def _lower(message: str) -> str:
    return message[:1].lower() + message[1:] if message else message


def _spec_problem(spec: Any) -> str | None:
    """Why a stored table description cannot be used, in words; None if it can."""
    try:
        parsed = TableSpec.from_json(spec)
        get_game(parsed.game_id)
    except IllegalAction as exc:
        return _lower(exc.message)
    except Exception:  # a game module that does not load
        return "its game cannot be loaded on this host"
    return None
