"""Every table as one TinyDB file: its spec and metadata, the seat claims, the action log.

``<data>/tables/<CODE>.json`` holds three TinyDB tables:

- ``meta``: one document (id 1): ``format``, ``code``, ``spec``, ``created``, ``updated``
  and ``values`` (the small JSON values of :meth:`TableStore.set_meta`, e.g. ``status``);
- ``seats``: one document per claimed seat (id = seat + 1): ``seat``, ``token_hash``;
- ``log``: one document per entry, its id the entry's ``rev`` (1, 2, 3, ...).

Every change is a single atomic, fsynced file write (see :mod:`storage.durable`), done
before the method returns: the hub acknowledges an action only once it is on disk. The
whole store sits behind ONE re-entrant lock because TinyDB is not thread-safe and the hub
calls from several threads. One store per process: the store keeps each table's data in
memory and is the only writer of its files.

A file that cannot be read (corrupt, edited by hand, unreadable) is reported as
:class:`UnreadableTable` naming the file; it never stops the other tables from loading.

If a write fails (disk full, I/O error) the method raises ``OSError`` and the change is not
acknowledged; the store forgets that table's memory and re-reads its file on next use, so
:meth:`TableStore.revision` and :meth:`TableStore.load` always tell what the disk holds
(after a failure at the very last step, the folder fsync, the entry may be there).

Cost: every write rewrites the table's file, but the log's documents are encoded once and
reused (see :class:`storage.durable.FragmentCache`), so an append costs little CPU even for
long logs; the rest is the disk's fsync. Measure with ``python -m storage.bench``.
"""

from __future__ import annotations

import json
import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

import platformdirs
from tinydb import TinyDB
from tinydb.table import Document, Table

from storage.durable import (TEMP_SUFFIX, AtomicJSONStorage, CorruptFile, fsync_dir,
                             wait_for_discards)

FORMAT = 1
APP_NAME = "table-companion"
CODE_PATTERN = re.compile(r"[A-Z0-9]{1,32}")
DEFAULT_STATUS = "open"
UNREADABLE_STATUS = "unreadable"
META_ID = 1
LEFTOVER_AGE_S = 60.0


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
    """The table's file exists but cannot be used; the message names the file."""

    def __init__(self, code: str, path: Path, reason: str):
        super().__init__(f"The file of table {code} ({path}) cannot be read: {reason}")
        self.code = code
        self.path = path
        self.reason = reason


@dataclass
class TableRecord:
    """One line of :meth:`TableStore.list`. ``error`` is set (and ``spec`` None) when the
    file cannot be read."""

    code: str
    spec: dict | None
    revision: int
    created: str
    updated: str
    status: str
    error: str | None = None


def check_code(code: Any) -> str:
    """Codes become file names: only A-Z and 0-9 (1 to 32 of them)."""
    if not isinstance(code, str) or not CODE_PATTERN.fullmatch(code):
        raise ValueError(f"A table code is 1 to 32 capital letters A-Z or digits, not {code!r}")
    return code


def json_copy(value: Any, what: str) -> Any:
    """A private JSON-faithful copy: what we store is exactly what a reload gives back."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"The {what} must be JSON-safe: {exc}") from None


@dataclass
class _OpenTable:
    """A table file opened in this process, with its entry count kept at hand."""

    code: str
    db: TinyDB
    storage: AtomicJSONStorage
    revision: int

    @property
    def meta(self) -> Table:
        return self.db.table("meta")

    @property
    def seats(self) -> Table:
        return self.db.table("seats")

    @property
    def log(self) -> Table:
        return self.db.table("log")

    def header(self) -> dict:
        doc = self.meta.get(doc_id=META_ID)
        assert doc is not None  # checked when opened
        return doc


class TableStore:
    """Durable tables under ``data_dir``. Thread-safe; one instance per process."""

    def __init__(self, data_dir: Path | str):
        self.data_dir = Path(data_dir)
        self.tables_dir = self.data_dir / "tables"
        if not self.tables_dir.is_dir():
            self.tables_dir.mkdir(parents=True, exist_ok=True)
            fsync_dir(self.data_dir)
        self._lock = threading.RLock()
        self._open: dict[str, _OpenTable] = {}
        self._closed = False
        self._last_stamp: datetime | None = None
        self._remove_crash_leftovers()

    # -- the contract ---------------------------------------------------------------
    def create(self, code: str, spec: dict) -> None:
        """A new table with no entries; ValueError if the code is taken. Durable."""
        check_code(code)
        if not isinstance(spec, dict):
            raise ValueError("The table spec must be a dict")
        spec = json_copy(spec, "table spec")
        with self._lock:
            self._check_open()
            path = self.path(code)
            if code in self._open or path.exists():
                raise ValueError(f"A table with the code {code} already exists")
            now = self._now()
            table = self._attach(code, revision=0)
            try:
                with table.storage.transaction():
                    table.meta.insert(Document({
                        "format": FORMAT,
                        "code": code,
                        "spec": spec,
                        "created": now,
                        "updated": now,
                        "values": {},
                    }, doc_id=META_ID))
            except BaseException:
                self._drop(code)
                raise

    def list(self) -> list[TableRecord]:
        """Every table file, most recently changed first; unreadable ones with ``error``."""
        with self._lock:
            self._check_open()
            records = []
            for path in self.tables_dir.glob("*.json"):
                code = path.stem
                if not CODE_PATTERN.fullmatch(code):
                    continue
                try:
                    records.append(self._record(self._get(code)))
                except UnreadableTable as exc:
                    records.append(self._unreadable_record(code, path, exc))
                except UnknownTable:  # removed by hand meanwhile
                    continue
            records.sort(key=lambda r: (r.updated, r.created, r.code), reverse=True)
            return records

    def load(self, code: str) -> tuple[dict, list[dict]]:
        """(spec, entries in rev order), as copies the caller may keep."""
        with self._lock:
            table = self._get(code)
            spec = table.header()["spec"]
            entries = [table.log.get(doc_id=rev) for rev in range(1, table.revision + 1)]
            return json_copy(spec, "table spec"), json_copy(entries, "log")

    def append(self, code: str, entry: dict) -> None:
        """Add the next log entry (``entry["rev"]`` must be revision + 1). On disk, fsynced,
        before it returns."""
        with self._lock:
            table = self._get(code)
            if not isinstance(entry, dict):
                raise ValueError("A log entry must be a dict")
            clean = json_copy(entry, "log entry")
            expected = table.revision + 1
            rev = clean.get("rev")
            if type(rev) is not int or rev != expected:
                raise ValueError(
                    f"Table {code} has {table.revision} entries: the next one must have "
                    f"rev {expected}, not {rev!r}"
                )
            with self._writing(table):
                table.log.insert(Document(clean, doc_id=rev))
                table.meta.update({"updated": self._now()}, doc_ids=[META_ID])
            table.revision = rev

    def seats(self, code: str) -> dict[int, str]:
        """Claimed seats: seat number -> token hash."""
        with self._lock:
            table = self._get(code)
            return {int(doc["seat"]): str(doc["token_hash"]) for doc in table.seats.all()}

    def set_seat(self, code: str, seat: int, token_hash: str | None) -> None:
        """Claim ``seat`` with a token hash, or release it with None. Durable."""
        if type(seat) is not int or seat < 0:
            raise ValueError(f"A seat is a number from 0, not {seat!r}")
        if token_hash is not None and not isinstance(token_hash, str):
            raise ValueError("A seat's token hash must be a string (or None to release it)")
        with self._lock:
            table = self._get(code)
            doc_id = seat + 1
            held = table.seats.get(doc_id=doc_id)
            if token_hash is None and held is None:
                return
            if held is not None and token_hash is not None and held["token_hash"] == token_hash:
                return
            with self._writing(table):
                if held is not None:
                    table.seats.remove(doc_ids=[doc_id])
                if token_hash is not None:
                    table.seats.insert(Document({"seat": seat, "token_hash": token_hash},
                                                doc_id=doc_id))
                table.meta.update({"updated": self._now()}, doc_ids=[META_ID])

    def get_meta(self, code: str, key: str, default: Any = None) -> Any:
        """A value set with :meth:`set_meta` (a copy), or ``default``."""
        with self._lock:
            values = self._get(code).header()["values"]
            if key not in values:
                return default
            return json_copy(values[key], "meta value")

    def set_meta(self, code: str, key: str, value: Any) -> None:
        """Store a small JSON value under ``key`` (e.g. ``"status": "finished"``). Durable."""
        if not isinstance(key, str) or not key:
            raise ValueError("A meta key must be a non-empty string")
        clean = json_copy(value, "meta value")
        with self._lock:
            table = self._get(code)
            values = dict(table.header()["values"])
            values[key] = clean
            with self._writing(table):
                table.meta.update({"values": values, "updated": self._now()},
                                  doc_ids=[META_ID])

    def revision(self, code: str) -> int:
        """How many entries the table's log holds."""
        with self._lock:
            return self._get(code).revision

    def close(self) -> None:
        """Release every file; the store cannot be used afterwards."""
        with self._lock:
            for code in list(self._open):
                self._drop(code)
            self._closed = True
        wait_for_discards()  # the replaced files' second names are gone too

    def __enter__(self) -> "TableStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- helpers --------------------------------------------------------------------
    def path(self, code: str) -> Path:
        return self.tables_dir / f"{check_code(code)}.json"

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("The table store is closed")

    def _attach(self, code: str, revision: int) -> _OpenTable:
        db = TinyDB(self.path(code), storage=AtomicJSONStorage, append_only=("log",))
        table = _OpenTable(code, db, db.storage, revision)  # type: ignore[arg-type]
        self._open[code] = table
        return table

    def _drop(self, code: str) -> None:
        table = self._open.pop(code, None)
        if table is not None:
            table.db.close()

    def _get(self, code: str) -> _OpenTable:
        """The open table, opening (and checking) its file on first use."""
        check_code(code)
        self._check_open()
        table = self._open.get(code)
        if table is not None:
            return table
        path = self.path(code)
        if not path.exists():
            raise UnknownTable(code)
        table = self._attach(code, revision=0)
        try:
            table.storage.load()
            table.revision = self._check_file(table)
        except CorruptFile as exc:
            self._drop(code)
            raise UnreadableTable(code, path, str(exc)) from None
        except FileNotFoundError:
            self._drop(code)
            raise UnknownTable(code) from None
        except OSError as exc:
            self._drop(code)
            raise UnreadableTable(code, path, exc.strerror or str(exc)) from None
        except BaseException:
            self._drop(code)
            raise
        return table

    def _check_file(self, table: _OpenTable) -> int:
        """The file holds what this store writes; returns the entry count."""
        data = table.storage.read()
        if data is None:
            raise CorruptFile("the file is empty")
        header = (data.get("meta") or {}).get(str(META_ID))
        if not isinstance(header, dict):
            raise CorruptFile("it has no table header")
        if header.get("format") != FORMAT:
            raise CorruptFile(f"unknown format {header.get('format')!r}")
        if not isinstance(header.get("spec"), dict) or not isinstance(header.get("values"), dict):
            raise CorruptFile("its table header is incomplete")
        if not all(isinstance(header.get(k), str) for k in ("created", "updated")):
            raise CorruptFile("its table header has no dates")
        log = data.get("log") or {}
        for rev in range(1, len(log) + 1):
            doc = log.get(str(rev))
            if doc is None:
                raise CorruptFile(f"its log has {len(log)} entries but no entry {rev}")
            if doc.get("rev") != rev:
                raise CorruptFile(f"log entry {rev} says it is rev {doc.get('rev')!r}")
        for key, doc in (data.get("seats") or {}).items():
            if not (isinstance(doc.get("seat"), int) and isinstance(doc.get("token_hash"), str)
                    and key == str(doc["seat"] + 1)):
                raise CorruptFile(f"its seat record {key} is malformed")
        return len(log)

    @staticmethod
    def _record(table: _OpenTable) -> TableRecord:
        header = table.header()
        status = header["values"].get("status", DEFAULT_STATUS)
        return TableRecord(
            code=table.code,
            spec=json_copy(header["spec"], "table spec"),
            revision=table.revision,
            created=header["created"],
            updated=header["updated"],
            status=status if isinstance(status, str) else str(status),
            error=None,
        )

    @staticmethod
    def _unreadable_record(code: str, path: Path, exc: UnreadableTable) -> TableRecord:
        try:
            stamp = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(
                timespec="microseconds")
        except OSError:
            stamp = ""
        return TableRecord(code, None, 0, stamp, stamp, UNREADABLE_STATUS, str(exc))

    @contextmanager
    def _writing(self, table: _OpenTable) -> Iterator[None]:
        """One atomic file write for the block; on any failure forget the table's memory
        (TinyDB keeps caches of its own) so the next use re-reads the file."""
        try:
            with table.storage.transaction():
                yield
        except BaseException:
            self._drop(table.code)
            raise

    def _now(self) -> str:
        """UTC now, strictly later than the last stamp this store gave (stable ordering)."""
        now = datetime.now(timezone.utc)
        if self._last_stamp is not None and now <= self._last_stamp:
            now = self._last_stamp + timedelta(microseconds=1)
        self._last_stamp = now
        return now.isoformat(timespec="microseconds")

    def _remove_crash_leftovers(self) -> None:
        """Temp files of writes a crash interrupted (never the real files). Only old ones:
        a second process (``companion tables``) must not pull a file from under a live
        writer."""
        cutoff = time.time() - LEFTOVER_AGE_S
        for leftover in self.tables_dir.glob(f".*{TEMP_SUFFIX}"):
            try:
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
            except OSError:
                pass

