"""The store's contract (what the hub types against), its records and its errors.

Two stores keep it: :class:`storage.tables.DiskStore` (TinyDB journals on disk, the
host's) and :class:`storage.memory.MemoryStore` (tests and benchmarks). Every value
handed in or out is a private JSON copy: what is stored is exactly what a reload gives.

A table's log is append-only. With each entry the caller may store a *link record* (a
small JSON object saying where the table stands after it, :class:`engine.log.Link`: it holds
``moves``, the number of actions in effect, and ``over``, 1 once the game is over: the
listing shows them) and a *snapshot* (the state after it). A :class:`TableLog` reads
entries, links and snapshots by revision, lazily: opening a table reads the end of its
log, never all of it.
"""

from __future__ import annotations

import errno
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol, runtime_checkable

import platformdirs

APP_NAME = "table-companion"
CODE_PATTERN = re.compile(r"[A-Z0-9]{1,32}")
DEFAULT_STATUS = "open"
FINISHED_STATUS = "finished"
UNREADABLE_STATUS = "unreadable"
DISK_FULL = "The host's disk is full: nothing was saved"
DISK_FAILED = "The host could not write to its disk: nothing was saved"
FILE_DAMAGED = "This table's file is damaged: nothing was saved"
REPAIRED_META = "repaired"
"""The meta value ``companion repair`` leaves: {"at": UTC stamp, "kept": n, "unread": n}."""
SETTINGS_META = "settings"
"""The meta value holding a table's settings as changed before its first move."""
NAMES_META = "names"
"""The meta value holding a table's players' names once the host renamed a seat (or a
phone sat under its own name): one name a seat, in seat order. None: as created."""
LOG_VERSION_META = "log_version"
"""The meta value saying which version of its game's moves the table's log is in
(:func:`engine.upgrade.log_version`; none: 0). :mod:`storage.upgrade` brings an older
log to today's once, when the table is opened."""
UPGRADE_NOTES_META = "upgrade_notes"
"""The meta value an upgrade leaves where today's rules made the table differ from what
its old log recorded: the notes, each ``"entry N: ..."`` in words (:mod:`storage.upgrade`)."""


def default_data_dir() -> Path:
    """Where tables live unless ``--data DIR`` says otherwise: the user's data folder."""
    return Path(platformdirs.user_data_dir(APP_NAME))


class StorageError(Exception):
    """Base of the errors the store raises on purpose."""


class UnknownTable(StorageError, LookupError):
    """No table has this code."""

    def __init__(self, code: str):
        super().__init__(f"There is no table with the code {code}")
        self.code = code

    def __str__(self) -> str:
        return str(self.args[0])


class UnreadableTable(StorageError):
    """The table's files exist but cannot be used. The message names the table's code,
    never a path (it reaches phones and the JSON transport); ``path`` is for the host's
    log."""

    def __init__(self, code: str, path: Path | None, reason: str):
        super().__init__(f"Table {code} cannot be read: {reason}")
        self.code = code
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return str(self.args[0])


class NotSaved(StorageError):
    """A write failed and nothing of it was kept: the disk is full (``disk_full``) or
    another I/O error. The message is the sentence a player sees."""

    def __init__(self, code: str | None, error: OSError):
        self.disk_full = getattr(error, "errno", None) in (errno.ENOSPC, errno.EDQUOT)
        super().__init__(DISK_FULL if self.disk_full else DISK_FAILED)
        self.code = code
        self.error = error

    def __str__(self) -> str:
        return str(self.args[0])


class TableDamaged(StorageError):
    """A write found the table's files changed or damaged since they were read (by
    another program, a failing disk): nothing was saved, and nothing will be until the
    table is repaired (``companion repair CODE``). ``reason`` is for the host's log."""

    def __init__(self, code: str, reason: str):
        super().__init__(FILE_DAMAGED)
        self.code = code
        self.reason = reason

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass
class TableRecord:
    """One line of :meth:`Store.list`. ``error`` is set (and ``spec`` None) when the
    table cannot be read. ``moves``: actions in effect (undone ones and undo/redo
    entries aside), when the log says; ``revision`` counts every log entry.
    ``warning``: something the store noticed and survived (a write cut off by a crash)."""

    code: str
    spec: dict | None
    revision: int
    created: str
    updated: str
    status: str
    error: str | None = None
    moves: int | None = None
    warning: str | None = None


class StoredLog:
    """What every store's :class:`TableLog` shares: the store and the table's code; its
    revision is the store's."""

    def __init__(self, store: Any, code: str):
        self.store = store
        self.code = code

    @property
    def revision(self) -> int:
        return self.store.revision(self.code)


@runtime_checkable
class TableLog(Protocol):
    """One table's log, read lazily (:class:`engine.log.LogSource`)."""

    code: str

    @property
    def revision(self) -> int: ...

    def spec(self) -> dict:
        """The table's description as created (a copy)."""

    def entry(self, rev: int) -> dict: ...

    def link(self, rev: int) -> dict | None: ...

    def snapshot(self, rev: int) -> Any: ...


@runtime_checkable
class Store(Protocol):
    """Where tables are kept. Thread-safe; one per process. Every write is durable
    (on disk, fsynced, for the durable store) when the call returns, or raises
    :class:`NotSaved` having kept nothing."""

    def create(self, code: str, spec: dict, values: dict | None = None) -> None:
        """A new table with no entries and these meta values; ValueError if the code is
        taken."""

    def list(self) -> list[TableRecord]:
        """Every table, most recently changed first; unreadable ones with ``error``."""

    def load(self, code: str) -> tuple[dict, list[dict]]:
        """(spec, every entry in rev order): reads the whole log."""

    def open_log(self, code: str) -> TableLog:
        """The table's log for a Match to read lazily."""

    def append(self, code: str, entry: dict, link: dict | None = None,
               snapshot: Any = None) -> None:
        """Add the next entry (``entry["rev"]`` must be revision + 1), with its link
        record and snapshot if any, all or nothing."""

    def replace_log(self, code: str, records: list[tuple[dict, dict, Any]], values: dict,
                    revision: int) -> Any:
        """The table's log replaced whole by ``records`` (entry, link, snapshot: an
        upgrade, :mod:`storage.upgrade`) and ``values`` set among its meta values, its
        seats kept; the old log is set aside, never removed (where it went is
        returned). ValueError if the log is no longer ``revision`` entries long."""

    def seats(self, code: str) -> dict[int, str]:
        """Claimed seats: seat number -> token hash."""

    def set_seat(self, code: str, seat: int, token_hash: str | None) -> None:
        """Claim ``seat`` with a token hash, or release it with None."""

    def get_meta(self, code: str, key: str, default: Any = None) -> Any: ...

    def set_meta(self, code: str, key: str, value: Any) -> None: ...

    def revision(self, code: str) -> int:
        """How many entries the table's log holds."""

    def close(self) -> None: ...


def check_code(code: Any) -> str:
    """Codes become file names: only A-Z and 0-9 (1 to 32 of them)."""
    if not isinstance(code, str) or not CODE_PATTERN.fullmatch(code):
        shown = code if isinstance(code, str) and len(code) <= 40 and code.isprintable() else "that"
        raise ValueError(f"A table code is 1 to 32 capital letters A-Z or digits, not {shown!r}")
    return code


def json_copy(value: Any, what: str) -> Any:
    """A private JSON-faithful copy: what we store is exactly what a reload gives back."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"The {what} must be JSON-safe: {exc}") from None


def check_entry(code: str, entry: Any, revision: int) -> dict:
    """A private copy of the next log entry, or ValueError."""
    if not isinstance(entry, dict):
        raise ValueError("A log entry must be a dict")
    clean = json_copy(entry, "log entry")
    expected = revision + 1
    rev = clean.get("rev")
    if type(rev) is not int or rev != expected:
        raise ValueError(f"Table {code} has {revision} entries: the next one must have "
                         f"rev {expected}, not {rev!r}")
    return clean


def check_seat(seat: Any, token_hash: Any) -> None:
    if type(seat) is not int or seat < 0:
        raise ValueError(f"A seat is a number from 0, not {seat!r}")
    if token_hash is not None and not isinstance(token_hash, str):
        raise ValueError("A seat's token hash must be a string (or None to release it)")


def check_meta_key(key: Any) -> None:
    if not isinstance(key, str) or not key:
        raise ValueError("A meta key must be a non-empty string")


def listed_spec(spec: Mapping[str, Any], values: Mapping[str, Any]) -> dict:
    """A table's spec as its list shows it: with the names its seats were given since
    (:data:`NAMES_META`)."""
    spec = json_copy(spec, "table spec")
    names = values.get(NAMES_META)
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        spec["players"] = list(names)
    return spec


def status_of(values: Mapping[str, Any], link: Mapping[str, Any] | None) -> str:
    """A table's status: finished once its log says the game is over, else what was set."""
    if isinstance(link, Mapping) and link.get("over"):
        return FINISHED_STATUS
    status = values.get("status", DEFAULT_STATUS)
    return status if isinstance(status, str) else str(status)


def moves_of(link: Mapping[str, Any] | None, revision: int,
             entries: Callable[[], Iterable[Mapping[str, Any]]] | None = None) -> int | None:
    """The table's move count (:func:`engine.log.move_count`) from its last link record,
    or (no link record) from its log entries (``entries``, read only then); None when
    neither says it (a log entry that cannot be read)."""
    if revision == 0:
        return 0
    from engine.log import Entry, move_count
    from storage.durable import CorruptFile

    def log() -> list[Entry]:
        if entries is None:
            raise ValueError("no entries")
        return [Entry.from_json(e) for e in entries()]

    try:
        return move_count(link, log)
    except (KeyError, TypeError, ValueError, AttributeError, OSError, StorageError, CorruptFile):
        return None
