"""Durable tables: TinyDB journals under a data folder, appended to and fsynced before any
call returns. The hub types against :class:`storage.store.Store`; this is the host's.

Layout (format 2)::

    tables/CODE/table.jsonl        the table: header (game, players, settings, values), seats
    tables/CODE/log-000000.jsonl   entries 1-500: the log, each entry's link record, snapshots
    tables/CODE/log-000001.jsonl   entries 501-1000 ...

Every file is a TinyDB database kept by :class:`storage.journal.JournalStorage`: a write
appends one checksummed line, so an action costs the same bytes and one fsync at move 1
and at move 50,000. The log is cut into segments so that a TinyDB table never grows past
:data:`SEGMENT` documents (TinyDB rebuilds a table's dict on every insert), and so that
opening a table reads its header and its last segment only; older segments are read
when asked (the history, an undo past them) and only a few are kept in memory.

A table of the first format (``tables/CODE.json``, one TinyDB JSON file rewritten on
every write) is read as it is, and converted once into this layout the first time it is
opened for play or written to (its log brought to today's moves, :mod:`storage.upgrade`,
and replayed once by the engine to make the link records and snapshots); the old file
is kept as ``tables/.CODE.json.format1``. A table written again whole (an upgrade, a
repair) replaces its folder by two renames; the old folder stays beside the others
under a dated hidden name (``.CODE.upgraded-<UTC time>``, ``.CODE.damaged-...``), never
listed nor removed (:meth:`DiskStore._swap`).

Locks: one for the store's list of open tables, one per open table (its TinyDB
databases: TinyDB is not thread-safe). A write's fsync holds only its table's lock, so
one busy table does not hold up the others' writes.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import shutil
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

from tinydb import TinyDB
from tinydb.table import Document, Table

from engine.plain import clone
from storage.durable import (TEMP_SUFFIX, CorruptFile, fsync_dir, make_private, private_folder,
                             private_folders, read_database, write_new_file)
from storage.journal import SUFFIX, JournalStorage, encode, frame
from storage.store import (CODE_PATTERN, LOG_VERSION_META, SETTINGS_META, UNREADABLE_STATUS,
                           NotSaved, StorageError, StoredLog,
                           TableDamaged, TableRecord, UnknownTable, UnreadableTable, check_code, check_entry,
                           check_meta_key, check_seat, default_data_dir, json_copy, listed_spec, moves_of,
                           status_of)

log = logging.getLogger(__name__)

FORMAT = 2
LEGACY_FORMAT = 1
HEAD = "table" + SUFFIX
SEGMENT = 500
"""Log entries per segment file."""
KEPT_SEGMENTS = 4
"""Segments other than the last kept in memory per open table."""
SEGMENT_FILE = re.compile(r"log-(\d{6})" + re.escape(SUFFIX))
META_ID = 1
LEFTOVER_AGE_S = 60.0
LOG_TABLES = ("log", "links", "snapshots", "table")
HEAD_COPY_ID = 1
"""Each segment's first line also holds a copy of the table's header (its ``table``
document): the game and players survive a lost ``table.jsonl`` (``companion repair``)."""
HEADER_MISSING = "its header is missing"
DATA_FILES = ("tables", "host.key")
"""What a data folder holds (the host key is :mod:`companion.table.context`'s)."""
SWAP_SUFFIX = ".swap"
"""An old table folder being set aside (:meth:`DiskStore._swap`)."""

__all__ = ["DiskStore", "default_data_dir", "SEGMENT", "FORMAT"]


def segment_name(index: int) -> str:
    return f"log-{index:06d}{SUFFIX}"


def journal_line(stamp: str, data: dict) -> bytes:
    """A whole database as one journal line (a new or compacted file)."""
    return frame(b'{"at":' + encode(stamp) + b',"set":' + encode(data) + b"}")


def head_copy(header: dict) -> dict:
    """What a segment keeps of the table's header: enough to rebuild it."""
    return {key: header[key] for key in ("code", "spec", "created", "values", "segment")
            if key in header}


def table_files(header: dict, seats: dict[int, str], records: list[tuple[dict, dict, Any]],
                stamp: str) -> dict[str, bytes]:
    """A whole table's files (name -> bytes, one journal line each): its header and
    seats, and its log cut in segments of ``header["segment"]`` with link records and
    snapshots (a converted, imported or repaired table)."""
    size = header["segment"]
    docs = {str(seat + 1): {"seat": seat, "token_hash": hashed} for seat, hashed in sorted(seats.items())}
    files = {HEAD: journal_line(stamp, {"meta": {str(META_ID): header}, "seats": docs})}
    for start in range(0, len(records), size):
        data: dict[str, dict] = {"log": {}, "links": {}, "snapshots": {},
                                 "table": {str(HEAD_COPY_ID): head_copy(header)}}
        for entry, link, snapshot in records[start:start + size]:
            key = str(entry["rev"])
            data["log"][key] = entry
            data["links"][key] = link
            if snapshot is not None:
                data["snapshots"][key] = {"state": snapshot}
        files[segment_name(start // size)] = journal_line(stamp, data)
    return files


class AppendOnlyTable(Table):
    """A TinyDB table (TinyDB's sense: a group of documents) whose documents are
    inserted with their ids and never changed: an insert adds one document to a copy of
    the table's dict (a C-level copy) instead of TinyDB's rebuilding of every id through
    Python (``Table._update_table``), so an append costs the same at a segment's first
    entry and its last."""

    def insert(self, document):
        if not isinstance(document, Document):
            return super().insert(document)
        key = str(document.doc_id)
        tables = self.storage.read() or {}
        table = dict(tables.get(self.name) or {})
        if key in table:
            raise ValueError(f"Document with ID {key} already exists")
        table[key] = dict(document)
        tables[self.name] = table
        self.storage.write(tables)
        self.clear_cache()
        return document.doc_id


class SegmentDB(TinyDB):
    """A log segment's TinyDB: its tables are :class:`AppendOnlyTable`."""

    table_class = AppendOnlyTable


def check_head(data: dict | None) -> dict:
    """The header of a table's head database, checked (CorruptFile); seats too."""
    header = header_of(data, FORMAT, ("created",))
    size = header.get("segment", SEGMENT)
    if type(size) is not int or size < 1:
        raise CorruptFile("its header names no segment size")
    seats_of(data)
    return {**header, "segment": size}


def header_of(data: dict | None, version: int, dates: tuple[str, ...]) -> dict:
    """A table database's header, checked for its format ``version`` and ``dates`` (CorruptFile)."""
    header = ((data or {}).get("meta") or {}).get(str(META_ID))
    if not isinstance(header, dict):
        raise CorruptFile("it has no table header")
    if header.get("format") != version:
        raise CorruptFile(f"its format is {header.get('format')!r}, not {version}")
    if not isinstance(header.get("spec"), dict) or not isinstance(header.get("values"), dict):
        raise CorruptFile("its header is incomplete")
    if not all(isinstance(header.get(key), str) for key in dates):
        raise CorruptFile("its header has no date")
    return header


def seats_of(data: dict | None) -> dict[int, str]:
    """A table database's seat records, seat -> token hash, checked (CorruptFile)."""
    seats = {}
    for key, doc in ((data or {}).get("seats") or {}).items():
        if not (type(doc.get("seat")) is int and isinstance(doc.get("token_hash"), str)
                and key == str(doc["seat"] + 1)):
            raise CorruptFile(f"its seat record {key} is malformed")
        seats[doc["seat"]] = doc["token_hash"]
    return seats


class DataFolderError(StorageError):
    """The data folder cannot hold tables (a file, not writable, ...)."""


class TableFolder:
    """An open table of today's format, a folder: its header database, its log segments,
    its lock."""

    def __init__(self, store: "DiskStore", code: str, folder: Path):
        self.store = store
        self.code = code
        self.folder = folder
        self.lock = threading.RLock()
        self.head = TinyDB(folder / HEAD, storage=JournalStorage, clock=store._now)
        self.size = SEGMENT
        self.revision = 0
        self.last_segment = 0
        self.segments: OrderedDict[int, TinyDB] = OrderedDict()
        self.last_link: dict | None = None
        self.warning: str | None = None
        self.closed = False

    def _db(self, path: Path, append_only: tuple[str, ...]) -> TinyDB:
        return SegmentDB(path, storage=JournalStorage, append_only=append_only,
                         clock=self.store._now)

    # -- opening -------------------------------------------------------------------
    def open(self) -> None:
        """Read the header and the last segment, and check them (CorruptFile)."""
        self.head.storage.load()
        self._note(self.head.storage, HEAD)
        self.size = check_head(self.head.storage.read())["segment"]
        indexes = sorted(int(m.group(1)) for p in self.folder.iterdir()
                         if (m := SEGMENT_FILE.fullmatch(p.name)))
        if indexes and indexes != list(range(len(indexes))):
            raise CorruptFile("a segment of its log is missing")
        last = indexes[-1] if indexes else 0
        count = self._check_segment(last, full=False) if indexes else 0
        if count == 0 and last > 0:  # a new segment cut off before its first entry
            last -= 1
            count = self._check_segment(last, full=True)
        self.last_segment = last
        self.revision = last * self.size + count
        if self.revision:
            seg = self.segment((self.revision - 1) // self.size)
            found = seg.table("links").get(doc_id=self.revision)
            self.last_link = dict(found) if found is not None else None

    def _check_segment(self, index: int, full: bool) -> int:
        """The entries a segment holds, checked: revs follow one another from its first."""
        db = self.segment(index)
        data = db.storage.read() or {}
        entries = data.get("log") or {}
        first = index * self.size + 1
        for rev in range(first, first + len(entries)):
            doc = entries.get(str(rev))
            if doc is None:
                raise CorruptFile(f"its log has no entry {rev}")
            if doc.get("rev") != rev:
                raise CorruptFile(f"its log entry {rev} says it is entry {doc.get('rev')!r}")
        if len(entries) > self.size or (full and len(entries) != self.size):
            raise CorruptFile(f"segment {index} of its log holds {len(entries)} entries")
        return len(entries)

    def _note(self, storage: JournalStorage, name: str) -> None:
        if storage.torn:
            self.warning = f"{name}: {storage.torn}"
            log.warning("table %s: %s: %s", self.code, name, storage.torn)

    # -- parts ---------------------------------------------------------------------
    def header(self) -> dict:
        doc = (self.head.storage.read() or {}).get("meta", {}).get(str(META_ID))
        if not isinstance(doc, dict):
            raise CorruptFile("it has no table header")
        return doc

    def segment(self, index: int) -> TinyDB:
        db = self.segments.get(index)
        if db is None:
            db = self._db(self.folder / segment_name(index), LOG_TABLES)
            try:
                db.storage.load()
            except BaseException:
                db.close()
                raise
            self._note(db.storage, segment_name(index))
            self.segments[index] = db
            if self.revision and index < (self.revision - 1) // self.size:
                self._check_loaded(index, db)
        self.segments.move_to_end(index)
        while len(self.segments) > KEPT_SEGMENTS + 1:
            oldest = next(i for i in self.segments if i != self.last_segment)
            self.segments.pop(oldest).close()
        return db

    def entries(self) -> Iterator[dict]:
        """Every log entry, oldest first (the whole log: read only when asked)."""
        for rev in range(1, self.revision + 1):
            doc = self.segment((rev - 1) // self.size).table("log").get(doc_id=rev)
            if doc is None:
                raise CorruptFile(f"its log has no entry {rev}")
            yield dict(doc)

    def _check_loaded(self, index: int, db: TinyDB) -> None:
        entries = (db.storage.read() or {}).get("log") or {}
        if len(entries) != self.size:
            raise CorruptFile(f"segment {index} of its log holds {len(entries)} entries")

    def updated(self) -> str:
        stamps = [self.header().get("created") or ""]
        for storage in [self.head.storage] + [db.storage for db in self.segments.values()]:
            if storage.last_stamp:
                stamps.append(storage.last_stamp)
        return max(stamps)

    def close(self) -> None:
        self.closed = True
        self.head.close()
        for db in self.segments.values():
            db.close()
        self.segments.clear()


class TableFile:
    """An open table of the first format, one file read whole (it is converted into a
    :class:`TableFolder` before any write)."""

    def __init__(self, code: str, path: Path):
        self.code = code
        self.path = path
        self.lock = threading.RLock()
        self.closed = False
        data = read_database(path)
        if data is None:
            raise FileNotFoundError(path)
        header = header_of(data, LEGACY_FORMAT, ("created", "updated"))
        entries_by_rev = data.get("log") or {}
        entries = []
        for rev in range(1, len(entries_by_rev) + 1):
            doc = entries_by_rev.get(str(rev))
            if doc is None:
                raise CorruptFile(f"its log has {len(entries_by_rev)} entries but no entry {rev}")
            if doc.get("rev") != rev:
                raise CorruptFile(f"log entry {rev} says it is rev {doc.get('rev')!r}")
            entries.append(doc)
        seats = seats_of(data)
        self.header = header
        self.entries = entries
        self.seats = seats
        self.revision = len(entries)
        self.warning = None
        self.last_link = None

    def moves(self) -> int | None:
        from engine.log import Entry, effective

        try:
            return len(effective(Entry.from_json(e) for e in self.entries)[0])
        except (KeyError, TypeError, ValueError):
            return None

    def close(self) -> None:
        self.closed = True


class DiskLog(StoredLog):
    """A table's log read through the durable store (:class:`engine.log.LogSource`)."""

    def spec(self) -> dict:
        table = self.store._get(self.code)
        with table.lock:
            header = table.header if isinstance(table, TableFile) else table.header()
            return json_copy(header["spec"], "table spec")

    def entry(self, rev: int) -> dict:
        return self.store._log_doc(self.code, "log", rev, required=True)

    def link(self, rev: int) -> dict | None:
        return self.store._log_doc(self.code, "links", rev)

    def snapshot(self, rev: int) -> Any:
        doc = self.store._log_doc(self.code, "snapshots", rev)
        return None if doc is None else doc.get("state")


class DiskStore:
    """Durable tables under ``data_dir``. Thread-safe; one instance per process."""

    def __init__(self, data_dir: Path | str, segment: int = SEGMENT):
        self.data_dir = Path(data_dir)
        self.tables_dir = self.data_dir / "tables"
        self.segment_size = segment
        for folder in (self.data_dir, self.tables_dir):
            if folder.exists() and not folder.is_dir():
                raise DataFolderError(f"{folder} is a file, not a folder")
        if not self.tables_dir.is_dir():
            try:
                private_folders(self.data_dir)
                private_folders(self.tables_dir)
                fsync_dir(self.data_dir)
            except OSError as exc:
                raise DataFolderError(f"{self.tables_dir} cannot be made: "
                                      f"{exc.strerror or exc}") from None
        self._lock = threading.RLock()
        self._clock = threading.Lock()
        self._open: dict[str, TableFolder | TableFile] = {}
        self._peeked: dict[str, tuple[tuple, TableRecord]] = {}
        self._closed = False
        self._last_stamp: datetime | None = None
        self.made_private = 0
        """Folders and files an older version made readable by others, made private by
        this store (:meth:`make_private`)."""
        self.make_private()
        self._finish_swaps()
        self._remove_crash_leftovers()

    # -- the contract ---------------------------------------------------------------
    def create(self, code: str, spec: dict, values: dict | None = None) -> None:
        """A new table with no entries (and these meta ``values``); ValueError if the
        code is taken. Durable."""
        check_code(code)
        if not isinstance(spec, dict):
            raise ValueError("The table spec must be a dict")
        spec = json_copy(spec, "table spec")
        values = json_copy(dict(values or {}), "meta values")
        with self._lock:
            self._check_open()
            folder = self.tables_dir / code
            if code in self._open or folder.exists() or self._legacy_path(code).exists():
                raise ValueError(f"A table with the code {code} already exists")
            now = self._now()
            header = {"format": FORMAT, "code": code, "spec": spec, "created": now,
                      "values": values, "segment": self.segment_size}
            self._make_folder(code, {HEAD: journal_line(now, {"meta": {str(META_ID): header}})})

    def write_table(self, code: str, spec: dict, values: dict, created: str,
                    records: list[tuple[dict, dict, Any]],
                    seats: dict[int, str] | None = None) -> None:
        """A whole table at once (an import, a repair): its header, seats and log
        records (entry, link, snapshot) as the engine made them; durable, under its
        code at once; ValueError if the code is taken."""
        check_code(code)
        with self._lock:
            self._check_open()
            if code in self._open or self._legacy_path(code).exists():
                raise ValueError(f"A table with the code {code} already exists")
            now = self._now()
            header = {"format": FORMAT, "code": code, "spec": json_copy(spec, "table spec"),
                      "created": created,
                      "values": json_copy(values, "meta values"), "segment": self.segment_size}
            self._make_folder(code, table_files(header, dict(seats or {}),
                                                json_copy(records, "log"), now))

    def replace_table(self, code: str, spec: dict, values: dict, created: str,
                      records: list[tuple[dict, dict, Any]], seats: dict[int, str],
                      why: str) -> Path:
        """The table written again whole (a repair): its header, seats and log records
        as :meth:`write_table` takes them, in place of its folder, which is set aside
        beside the others under a dated hidden name (``.CODE.<why>-<UTC time>``, never
        listed nor removed). Durable; returns where the old folder went."""
        check_code(code)
        header = {"format": FORMAT, "code": code, "spec": json_copy(spec, "table spec"),
                  "created": created, "values": json_copy(values, "meta values"),
                  "segment": self.segment_size}
        files = table_files(header, dict(seats), json_copy(records, "log"), self._now())
        with self._lock:
            self._check_open()
            return self._swap(code, files, why)

    def replace_log(self, code: str, records: list[tuple[dict, dict, Any]], values: dict,
                    revision: int) -> Path:
        """The table's log replaced whole by ``records`` (an upgrade: entry, link record,
        snapshot) and ``values`` set among its meta values; its header and seats kept.
        The old folder is set aside as :meth:`replace_table` does (``.CODE.upgraded-...``).
        ValueError if its log is no longer ``revision`` entries long (it changed since
        it was read). Durable; returns where the old folder went."""
        clean = json_copy(records, "log")
        values = json_copy(values, "meta values")
        with self._lock:
            self._check_open()
            table = self._get(code, convert=True)
            with table.lock:
                self._check_live(table)
                if table.revision != revision:
                    raise ValueError(f"Table {code} has {table.revision} entries, not {revision}: "
                                     "its log changed while it was upgraded")
                header = dict(table.header())
                seats = {int(doc["seat"]): str(doc["token_hash"])
                         for doc in table.head.table("seats").all()}
            header["values"] = {**header["values"], **values}
            return self._swap(code, table_files(header, seats, clean, self._now()), "upgraded")

    def list(self) -> list[TableRecord]:
        """Every table, most recently changed first; unreadable ones with ``error``.
        A table not open is read from its header and its last segment (what opening
        it checks), once per change of its files."""
        self._check_open()
        records = []
        for code, kind in self._codes():
            with self._lock:
                table = self._open.get(code)
            try:
                if table is not None and not table.closed:
                    with table.lock:
                        records.append(self._record(table))
                else:
                    records.append(self._peek(code, kind))
            except UnreadableTable as exc:
                records.append(self._unreadable_record(code, exc))
            except UnknownTable:  # removed by hand meanwhile
                continue
        records.sort(key=lambda r: (r.updated, r.created, r.code), reverse=True)
        return records

    def load(self, code: str) -> tuple[dict, list[dict]]:
        """(spec, every entry in rev order), as copies the caller may keep."""
        table = self._get(code)
        with table.lock:
            if isinstance(table, TableFile):
                return json_copy(table.header["spec"], "table spec"), json_copy(table.entries, "log")
            spec = json_copy(table.header()["spec"], "table spec")
            revision = table.revision
        return spec, [self._log_doc(code, "log", rev, required=True) for rev in range(1, revision + 1)]

    def open_log(self, code: str) -> DiskLog:
        """The log for a Match to read lazily (a first-format table is converted now)."""
        self._get(code, convert=True)
        return DiskLog(self, code)

    def append(self, code: str, entry: dict, link: dict | None = None,
               snapshot: Any = None) -> None:
        """Add the next log entry (``entry["rev"]`` must be revision + 1), with its link
        record and snapshot if given: one line of one file, fsynced before it returns."""
        table = self._get(code, convert=True)
        with table.lock:
            self._check_live(table)
            clean = check_entry(code, entry, table.revision)
            if link is not None and not isinstance(link, dict):
                raise ValueError("A link record must be a dict")
            link = json_copy(link, "link record") if link is not None else None
            snapshot = json_copy(snapshot, "snapshot") if snapshot is not None else None
            rev = clean["rev"]
            index = (rev - 1) // table.size
            with self._writing(table):
                table.last_segment = max(table.last_segment, index)
                db = table.segment(index)
                with db.storage.transaction():
                    if (rev - 1) % table.size == 0:
                        db.table("table").insert(Document(head_copy(table.header()),
                                                          doc_id=HEAD_COPY_ID))
                    db.table("log").insert(Document(clean, doc_id=rev))
                    if link is not None:
                        db.table("links").insert(Document(link, doc_id=rev))
                    if snapshot is not None:
                        db.table("snapshots").insert(Document({"state": snapshot}, doc_id=rev))
            table.revision = rev
            table.last_link = link

    def seats(self, code: str) -> dict[int, str]:
        """Claimed seats: seat number -> token hash."""
        table = self._get(code)
        with table.lock:
            if isinstance(table, TableFile):
                return dict(table.seats)
            return {int(doc["seat"]): str(doc["token_hash"]) for doc in table.head.table("seats").all()}

    def set_seat(self, code: str, seat: int, token_hash: str | None) -> None:
        """Claim ``seat`` with a token hash, or release it with None. Durable."""
        check_seat(seat, token_hash)
        table = self._get(code, convert=True)
        with table.lock:
            self._check_live(table)
            seats = table.head.table("seats")
            doc_id = seat + 1
            held = seats.get(doc_id=doc_id)
            if token_hash is None and held is None:
                return
            if held is not None and token_hash is not None and held["token_hash"] == token_hash:
                return
            with self._writing(table), table.head.storage.transaction():
                if held is not None:
                    seats.remove(doc_ids=[doc_id])
                if token_hash is not None:
                    seats.insert(Document({"seat": seat, "token_hash": token_hash}, doc_id=doc_id))

    def get_meta(self, code: str, key: str, default: Any = None) -> Any:
        """A value set with :meth:`set_meta` (a copy), or ``default``."""
        table = self._get(code)
        with table.lock:
            values = table.header["values"] if isinstance(table, TableFile) else table.header()["values"]
            if key not in values:
                return default
            return json_copy(values[key], "meta value")

    def set_meta(self, code: str, key: str, value: Any) -> None:
        """Store a small JSON value under ``key``. Durable."""
        check_meta_key(key)
        clean = json_copy(value, "meta value")
        table = self._get(code, convert=True)
        with table.lock:
            self._check_live(table)
            values = dict(table.header()["values"])
            values[key] = clean
            with self._writing(table), table.head.storage.transaction():
                table.head.table("meta").update({"values": values}, doc_ids=[META_ID])

    def revision(self, code: str) -> int:
        """How many entries the table's log holds."""
        return self._get(code).revision

    def warning(self, code: str) -> str | None:
        """What opening the table found and survived (a write cut off by a crash)."""
        return self._get(code).warning

    def close(self) -> None:
        """Release every file; the store cannot be used afterwards."""
        with self._lock:
            tables = list(self._open.values())
            self._open.clear()
            self._closed = True
        for table in tables:
            with table.lock:
                table.close()

    def __enter__(self) -> "DiskStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- privacy --------------------------------------------------------------------
    def make_private(self, code: str | None = None) -> int:
        """The tables folder readable by the host's user only, and the data folder when
        it holds nothing but this app's (never a folder shared with others, such as
        ``/tmp``); with ``code``, that table's files and the copies set aside beside it
        too. How many folders and files had to be changed (those of an older version)."""
        changed = make_private(self.tables_dir, deep=False)
        try:
            ours = set(os.listdir(self.data_dir)) <= set(DATA_FILES)
        except OSError:
            ours = False
        if ours:
            changed += make_private(self.data_dir, deep=False) + make_private(self.data_dir / "host.key")
        if code is not None:
            check_code(code)
            try:
                names = os.listdir(self.tables_dir)
            except OSError:
                names = []
            for name in names:
                if name in (code, f"{code}.json") or name.startswith(f".{code}."):
                    changed += make_private(self.tables_dir / name)
        self.made_private += changed
        return changed

    # -- paths and listing ----------------------------------------------------------
    def path(self, code: str) -> Path:
        """The table's folder."""
        return self.tables_dir / check_code(code)

    def _legacy_path(self, code: str) -> Path:
        return self.tables_dir / f"{code}.json"

    def _codes(self) -> list[tuple[str, str]]:
        found: dict[str, str] = {}
        try:
            names = os.listdir(self.tables_dir)
        except OSError:
            return []
        for name in names:
            if CODE_PATTERN.fullmatch(name) and (self.tables_dir / name).is_dir():
                found[name] = "folder"
        for name in names:
            code, dot, ext = name.rpartition(".")
            if dot and ext == "json" and CODE_PATTERN.fullmatch(code) and code not in found:
                found[code] = "legacy"
        return sorted(found.items())

    def _peek(self, code: str, kind: str) -> TableRecord:
        """A record of a table that is not open, from its header and its log's last line."""
        if kind == "legacy":
            path = self._legacy_path(code)
            key: tuple = (kind, *self._stat(path))
            cached = self._peeked.get(code)
            if cached is not None and cached[0] == key:
                return cached[1]
            try:
                legacy = TableFile(code, path)
            except FileNotFoundError:
                raise UnknownTable(code) from None
            except CorruptFile as exc:
                raise UnreadableTable(code, path, str(exc)) from None
            except OSError as exc:
                raise UnreadableTable(code, path, exc.strerror or "it cannot be opened") from None
            record = self._record(legacy)
        else:
            folder = self.tables_dir / code
            segments = sorted(p.name for p in folder.iterdir() if SEGMENT_FILE.fullmatch(p.name)) \
                if folder.is_dir() else []
            head_path = folder / HEAD
            key = (kind, *self._stat(head_path), *(self._stat(folder / s) for s in segments[-2:]))
            cached = self._peeked.get(code)
            if cached is not None and cached[0] == key:
                return cached[1]
            if not head_path.exists():
                if self._legacy_path(code).exists():
                    return self._peek(code, "legacy")
                raise UnreadableTable(code, folder, HEADER_MISSING)
            record = self._peek_folder(code, folder)
        self._peeked[code] = (key, record)
        return record

    @staticmethod
    def _stat(path: Path) -> tuple:
        try:
            st = path.stat()
        except OSError:
            return (None,)
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def _peek_folder(self, code: str, folder: Path) -> TableRecord:
        """Open the table's files as :meth:`_get` would (its header and last segment,
        checked), take its record and let them go."""
        table = TableFolder(self, code, folder)
        try:
            table.open()
            return self._record(table)
        except CorruptFile as exc:
            raise UnreadableTable(code, folder, str(exc)) from None
        except OSError as exc:
            raise UnreadableTable(code, folder, exc.strerror or "it cannot be opened") from None
        finally:
            table.close()

    def _record(self, table: TableFolder | TableFile) -> TableRecord:
        if isinstance(table, TableFile):
            header = table.header
            return TableRecord(table.code, listed_spec(header["spec"], header["values"]), table.revision,
                               header["created"], header["updated"],
                               status_of(header["values"], None), moves=table.moves())
        header = table.header()
        return TableRecord(table.code, listed_spec(header["spec"], header["values"]), table.revision,
                           header["created"], table.updated(),
                           status_of(header["values"], table.last_link),
                           moves=moves_of(table.last_link, table.revision, table.entries),
                           warning=table.warning)

    def _unreadable_record(self, code: str, exc: UnreadableTable) -> TableRecord:
        stamp = ""
        for path in (self.tables_dir / code / HEAD, self.tables_dir / code, self._legacy_path(code)):
            try:
                stamp = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(
                    timespec="microseconds")
                break
            except OSError:
                continue
        return TableRecord(code, None, 0, stamp, stamp, UNREADABLE_STATUS, exc.reason)

    # -- opening --------------------------------------------------------------------
    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("The table store is closed")

    def _check_live(self, table) -> None:
        if table.closed:
            raise RuntimeError("The table store is closed")

    def _get(self, code: str, convert: bool = False) -> TableFolder | TableFile:
        """The open table, opening (and checking) its files on first use; a first-format
        table is converted when ``convert`` (before a write, or to be played)."""
        check_code(code)
        with self._lock:
            self._check_open()
            table = self._open.get(code)
            if table is None:
                table = self._attach(code)
            if convert and isinstance(table, TableFile):
                table = self._convert(table)
            return table

    def _attach(self, code: str) -> TableFolder | TableFile:
        folder = self.tables_dir / code
        if (folder / HEAD).exists():
            self.made_private += make_private(folder)  # an older version's: a stat a file else
            table: TableFolder | TableFile = TableFolder(self, code, folder)
            try:
                table.open()
            except CorruptFile as exc:
                table.close()
                raise UnreadableTable(code, folder, str(exc)) from None
            except OSError as exc:
                table.close()
                raise UnreadableTable(code, folder, exc.strerror or "it cannot be opened") from None
            except BaseException:
                table.close()
                raise
        else:
            path = self._legacy_path(code)
            try:
                table = TableFile(code, path)
            except FileNotFoundError:
                if folder.is_dir():  # its header was deleted: the log is still there
                    raise UnreadableTable(code, folder, HEADER_MISSING) from None
                raise UnknownTable(code) from None
            except CorruptFile as exc:
                raise UnreadableTable(code, path, str(exc)) from None
            except OSError as exc:
                raise UnreadableTable(code, path, exc.strerror or "it cannot be opened") from None
        self._open[code] = table
        return table

    def _drop(self, table) -> None:
        with self._lock:
            if self._open.get(table.code) is table:
                del self._open[table.code]
        table.close()

    @contextmanager
    def _writing(self, table: TableFolder) -> Iterator[None]:
        """A write: a failure forgets the table's memory (the next use reads the disk
        again), an OSError (disk full, I/O error) becomes NotSaved and a file found
        changed or damaged TableDamaged."""
        try:
            yield
        except OSError as exc:
            self._drop(table)
            raise NotSaved(table.code, exc) from None
        except CorruptFile as exc:
            self._drop(table)
            log.error("table %s: %s; nothing was saved", table.code, exc)
            raise TableDamaged(table.code, str(exc)) from None
        except BaseException:
            self._drop(table)
            raise

    def _log_doc(self, code: str, name: str, rev: int, required: bool = False) -> dict | None:
        table = self._get(code)
        with table.lock:
            if isinstance(table, TableFile):
                if name == "log" and 0 < rev <= table.revision:
                    return json_copy(table.entries[rev - 1], "log")
                if required:
                    raise UnreadableTable(code, table.path, f"its log has no entry {rev}")
                return None
            if not 0 < rev <= table.revision:
                if required:
                    raise UnreadableTable(code, table.folder, f"its log has no entry {rev}")
                return None
            try:
                db = table.segment((rev - 1) // table.size)
            except CorruptFile as exc:
                self._drop(table)
                raise UnreadableTable(code, table.folder, str(exc)) from None
            doc = db.table(name).get(doc_id=rev)
            if doc is None:
                if required:
                    raise UnreadableTable(code, table.folder, f"its log has no entry {rev}")
                return None
            return clone(dict(doc))

    # -- making folders -------------------------------------------------------------
    def _new_folder(self, code: str, files: dict[str, bytes]) -> Path:
        """A hidden folder holding these files, all durable (NotSaved if the disk
        refuses, and nothing is left)."""
        tmp = self.tables_dir / f".{code}.new.{secrets.token_hex(4)}"
        try:
            private_folder(tmp)
            for name, data in files.items():
                write_new_file(tmp / name, data)
            fsync_dir(tmp)
        except OSError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            raise NotSaved(code, exc) from None
        return tmp

    def _make_folder(self, code: str, files: dict[str, bytes]) -> None:
        """A table's folder with these files, all durable, under its name at once."""
        tmp = self._new_folder(code, files)
        try:
            os.rename(tmp, self.tables_dir / code)
            fsync_dir(self.tables_dir)
        except OSError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            if isinstance(exc, (FileExistsError, IsADirectoryError)) or \
                    getattr(exc, "errno", None) == 39:  # ENOTEMPTY: made meanwhile
                raise ValueError(f"A table with the code {code} already exists") from None
            raise NotSaved(code, exc) from None

    def _swap(self, code: str, files: dict[str, bytes], why: str) -> Path:
        """The table's folder replaced by one with these files; the old one set aside
        as ``.CODE.<why>-<UTC time>`` (returned). Caller holds the store's lock.

        Two renames: the old folder to ``<aside>.swap``, the new one to the table's
        name; then the ``.swap`` loses its suffix. A crash between the two leaves no
        folder under the table's name: the next store puts the ``.swap`` back
        (:meth:`_finish_swaps`), so the table is never missing, only not yet replaced."""
        tmp = self._new_folder(code, files)
        table = self._open.pop(code, None)
        if table is not None:
            with table.lock:
                table.close()
        self._peeked.pop(code, None)
        stamp = datetime.fromisoformat(self._now()).strftime("%Y%m%dT%H%M%S.%fZ")
        aside = self.tables_dir / f".{code}.{why}-{stamp}"
        swapping = aside.with_name(aside.name + SWAP_SUFFIX)
        try:
            os.rename(self.tables_dir / code, swapping)
        except OSError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            raise NotSaved(code, exc) from None
        try:
            os.rename(tmp, self.tables_dir / code)
        except OSError as exc:
            try:
                os.rename(swapping, self.tables_dir / code)
            except OSError:  # the next store puts it back (_finish_swaps)
                pass
            shutil.rmtree(tmp, ignore_errors=True)
            raise NotSaved(code, exc) from None
        try:
            fsync_dir(self.tables_dir)
            os.rename(swapping, aside)
            fsync_dir(self.tables_dir)
        except OSError:  # the new folder is in place; the next store finishes the name
            log.warning("table %s: the old folder is still named %s", code, swapping.name)
            return swapping
        return aside

    def _finish_swaps(self) -> None:
        """Swaps a crash cut short (:meth:`_swap`): an old folder whose replacement is in
        place gets its final name; one whose replacement never arrived goes back under
        the table's name (the next opening does the upgrade or the repair again)."""
        try:
            names = [p for p in self.tables_dir.iterdir() if p.name.endswith(SWAP_SUFFIX)]
        except OSError:
            return
        for path in names:
            code = path.name[1:].split(".", 1)[0]
            if not CODE_PATTERN.fullmatch(code):
                continue
            target = self.tables_dir / code
            try:
                if target.exists():
                    os.rename(path, path.with_name(path.name[:-len(SWAP_SUFFIX)]))
                else:
                    os.rename(path, target)
                    log.warning("table %s: a replacement cut short by a crash was undone", code)
                fsync_dir(self.tables_dir)
            except OSError:
                continue

    def _convert(self, legacy: TableFile) -> TableFolder:
        """A first-format table written again in today's layout (once)."""
        code = legacy.code
        header = legacy.header
        try:
            records, version = legacy_records(header, legacy.entries)
        except UnreadableTable:
            raise
        except Exception as exc:  # the engine refused the log: the table cannot be used
            reason = getattr(exc, "message", None) or "its log does not replay"
            raise UnreadableTable(code, legacy.path, f"its log cannot be converted ({reason})") from None
        new_header = {"format": FORMAT, "code": code, "spec": header["spec"],
                      "created": header["created"],
                      "values": {**header["values"], LOG_VERSION_META: version},
                      "segment": self.segment_size,
                      "converted": {"from": LEGACY_FORMAT, "at": self._now()}}
        self._make_folder(code, table_files(new_header, legacy.seats, records, header["updated"]))
        kept = self.tables_dir / f".{code}.json.format1"
        try:
            os.replace(legacy.path, kept)
            fsync_dir(self.tables_dir)
        except OSError:  # the new folder wins over the old file anyway
            pass
        log.info("table %s converted to the journal format (%d entries)", code, len(records))
        self._open.pop(code, None)
        legacy.close()
        return self._attach(code)

    # -- housekeeping ---------------------------------------------------------------
    def _now(self) -> str:
        """UTC now, strictly later than the last stamp this store gave (stable ordering)."""
        with self._clock:
            now = datetime.now(timezone.utc)
            if self._last_stamp is not None and now <= self._last_stamp:
                now = self._last_stamp + timedelta(microseconds=1)
            self._last_stamp = now
            return now.isoformat(timespec="microseconds")

    def _remove_crash_leftovers(self) -> None:
        """Half-made folders and temp files of writes a crash interrupted (never a table).
        Only old ones: a second process (``companion tables``) must not pull them from
        under a live writer."""
        cutoff = time.time() - LEFTOVER_AGE_S
        try:
            entries = list(self.tables_dir.iterdir())
        except OSError:
            return
        for path in entries:
            name = path.name
            try:
                if name.startswith(".") and ".new." in name and path.is_dir():
                    if path.stat().st_mtime < cutoff:
                        shutil.rmtree(path, ignore_errors=True)
                elif name.startswith(".") and name.endswith(TEMP_SUFFIX):
                    if path.stat().st_mtime < cutoff:
                        path.unlink()
                elif path.is_dir() and CODE_PATTERN.fullmatch(name):
                    for leftover in path.glob(f".*{TEMP_SUFFIX}"):
                        if leftover.stat().st_mtime < cutoff:
                            leftover.unlink()
            except OSError:
                pass


def legacy_records(header: dict, entries: list[dict]) -> tuple[list[tuple[dict, dict, Any]], int]:
    """(entry, link record, snapshot) for every entry of a first-format log, upgraded to
    today's moves (:mod:`storage.upgrade`: the first format kept older logs), as the
    table's own Match would have written them; and the log version they are in."""
    from engine.upgrade import log_version
    from storage.upgrade import game_and_spec, stored_version, upgraded_records

    game, spec = game_and_spec(header["spec"], header["values"].get(SETTINGS_META))
    version = stored_version(header["values"].get(LOG_VERSION_META, 0))
    return upgraded_records(game, spec, entries, version), max(version, log_version(game))
