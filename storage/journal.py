"""A TinyDB storage that appends: every write is one line at the end of a journal, fsynced.

TinyDB hands its storage the whole database on every write. This storage compares it
with what it wrote last and appends only the difference, as one line::

    8 hex digits (CRC-32 of the JSON that follows) SPACE JSON NEWLINE
    JSON = {"at": stamp, "set": {table: {id: document}}, "del": {table: [id]}, "drop": [table]}

so a write costs the same whatever the file already holds: bytes written and one
``fdatasync`` per write. A line is the unit of atomicity: several TinyDB operations
inside :meth:`JournalStorage.transaction` become one line, all or nothing.

Crashes: a line cut off by a crash (or a power cut leaving zeros) can only be the last
one. It is ignored when the file is read and reported (:attr:`JournalStorage.torn`), and
cut away before the next write. A damaged line anywhere else makes the file unreadable
(:class:`CorruptFile`): that is not a crash, and guessing would lose writes silently.

Reads are served from memory (this process is the only writer). A write that fails
(disk full, I/O error) is cut away again and memory is dropped, so the next read comes
from the disk and memory never disagrees with it.

Changes from outside: before every write the file's identity, size and times are
compared with what this storage last read or wrote (one ``stat``); if they differ, the
file is read again and its good lines must be the bytes this storage holds (a running
CRC-32), else the write is refused with :class:`ChangedFile` and nothing is appended.
(On a kernel with coarse file times, a same-size change within the clock tick of this
storage's own last write is seen only when the file is next opened.)

Compaction: a file whose documents were changed or removed many times (the table
header, the seats) is rewritten as one line when it is opened for writing, through a
temporary file, fsync and rename (old or new file after a crash, never a mix).
"""

from __future__ import annotations

import json
import os
import zlib
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

from tinydb.storages import Storage

from storage.durable import ChangedFile, CorruptFile, fsync_dir, open_private, write_atomically

SUFFIX = ".jsonl"
GARBAGE_LINES = 64
"""A journal is compacted when it has this many more lines than live documents."""


def encode(value: Any) -> bytes:
    """Compact JSON; refuses NaN/Infinity and anything else JSON cannot hold."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def frame(body: bytes) -> bytes:
    """One journal line: checksum, space, the JSON, newline."""
    return b"%08x " % zlib.crc32(body) + body + b"\n"


def unframe(line: bytes) -> dict | None:
    """The record of a complete line, or None if the line is damaged."""
    if len(line) < 10 or line[8:9] != b" ":
        return None
    body = line[9:]
    try:
        if int(line[:8], 16) != zlib.crc32(body):
            return None
        record = json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    return record if isinstance(record, dict) else None


def readable_beginning(raw: bytes) -> tuple[dict[str, dict[str, Any]], list[bytes]]:
    """(the database its good lines make up to the first damaged one, the lines from
    there on): what ``companion repair`` can keep of a damaged journal."""
    data: dict[str, dict[str, Any]] = {}
    lines = raw.split(b"\n")
    if lines and not lines[-1]:
        lines.pop()
    for number, line in enumerate(lines, 1):
        record = unframe(line)
        if record is None:
            return data, lines[number - 1:]
        try:
            JournalStorage._apply(data, record, number)
        except CorruptFile:
            return data, lines[number - 1:]
    return data, []


def utc_stamp() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


class JournalStorage(Storage):
    """TinyDB storage over an append-only journal file (see the module's doc)."""

    def __init__(self, path: str | os.PathLike, append_only: tuple[str, ...] = (),
                 clock: Callable[[], str] | None = None):
        """``append_only``: tables whose documents are never changed in place (only
        inserted or removed): their unchanged documents are found by identity alone.
        ``clock``: the stamp of each line (default: UTC now)."""
        super().__init__()
        self.path = Path(path)
        self.append_only = frozenset(append_only)
        self._clock = clock or utc_stamp
        self._data: dict[str, dict[str, Any]] | None = None
        self._encoded: dict[str, dict[str, tuple[Any, bytes]]] = {}
        self._loaded = False
        self._size = 0  # bytes of whole, good lines
        self._lines = 0
        self._fd: int | None = None
        self._new_file = False
        self._pending: dict[str, dict[str, Any]] | None = None
        self._in_transaction = False
        self._crc = 0  # CRC-32 of the file's good bytes, [0:_size)
        self._signature: tuple | None = None  # the file as last read or written
        self.torn: str | None = None
        """What the last read found cut off at the end of the file (reported once)."""
        self.last_stamp: str | None = None
        self.writes = 0  # lines written, for tests and measurements

    # -- TinyDB's interface ----------------------------------------------------------
    def read(self) -> dict[str, dict[str, Any]] | None:
        if self._pending is None:
            self._remember_encodings()
        current = self._pending if self._pending is not None else self._committed()
        # TinyDB replaces whole tables in the dict it gets: a fresh top level keeps the
        # committed data as it is until a write succeeds.
        return None if current is None else dict(current)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        if self._in_transaction:
            self._pending = data
            return
        self._commit(data)

    def close(self) -> None:
        self._close_fd()
        self.invalidate()
        self._pending = None

    # -- ours ------------------------------------------------------------------------
    def load(self) -> None:
        """Read the file now (raises CorruptFile), so problems show when opening."""
        self._committed()

    @property
    def exists(self) -> bool:
        return self.path.exists()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything TinyDB writes inside becomes ONE line at the end; if anything
        inside raises, nothing is written and memory is dropped."""
        if self._in_transaction:
            raise RuntimeError("transactions do not nest")
        self._check_unchanged()
        self._writable()  # compacts (if due) before TinyDB changes anything in memory
        self._in_transaction = True
        self._pending = None
        try:
            yield
            pending = self._pending
            self._in_transaction = False
            self._pending = None
            if pending is not None:
                self._commit(pending)
        except BaseException:
            self.invalidate()
            raise
        finally:
            self._in_transaction = False
            self._pending = None

    def invalidate(self) -> None:
        """Forget what is in memory; the next read comes from the file."""
        self._data = None
        self._loaded = False
        self._encoded = {}

    # -- reading ---------------------------------------------------------------------
    def _committed(self) -> dict[str, dict[str, Any]] | None:
        if not self._loaded:
            self._read_file()
        return self._data

    def _read_file(self) -> None:
        signature = self._path_signature()
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            raw = None
        data: dict[str, dict[str, Any]] = {}
        size = lines = 0
        torn = None
        stamp = None
        if raw:
            pieces = raw.split(b"\n")
            # the piece after the last newline is empty unless the last line was cut off
            complete, rest = pieces[:-1], pieces[-1]
            for number, line in enumerate(complete, 1):
                record = unframe(line)
                if record is None:
                    if number == len(complete) and not rest.strip(b"\x00"):
                        torn = f"its last write ({len(line) + 1} bytes) was cut off and is ignored"
                        break
                    raise CorruptFile(f"line {number} is damaged")
                self._apply(data, record, number)
                stamp = record.get("at") if isinstance(record.get("at"), str) else stamp
                size += len(line) + 1
                lines += 1
            else:
                if rest:
                    torn = f"its last write ({len(rest)} bytes) was cut off and is ignored"
        self._data = data if raw is not None else None
        self._crc = zlib.crc32(raw[:size]) if raw else 0
        self._signature = signature
        self._size = size
        self._lines = lines
        self._loaded = True
        self.torn = torn
        if stamp is not None:
            self.last_stamp = stamp
        self._encoded = {}

    @staticmethod
    def _apply(data: dict[str, dict[str, Any]], record: dict, number: int) -> None:
        try:
            for name in record.get("drop") or ():
                data.pop(name, None)
            for name, docs in (record.get("set") or {}).items():
                if not isinstance(docs, dict) or not all(isinstance(d, dict) for d in docs.values()):
                    raise TypeError
                data.setdefault(name, {}).update(docs)
            for name, ids in (record.get("del") or {}).items():
                table = data.get(name, {})
                for key in ids:
                    table.pop(key, None)
        except (TypeError, AttributeError):
            raise CorruptFile(f"line {number} is not a journal record") from None

    # -- changes from outside ------------------------------------------------------
    def _path_signature(self) -> tuple | None:
        try:
            return self._signature_of(os.stat(self.path))
        except FileNotFoundError:
            return None

    @staticmethod
    def _signature_of(st: os.stat_result) -> tuple:
        return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)

    def _check_unchanged(self) -> None:
        """ChangedFile if the file no longer begins with the lines this storage read
        and wrote (see the module's doc); one ``stat`` when nothing touched it."""
        if not self._loaded:
            return  # nothing held: the next read takes the file as it is
        now = self._path_signature()
        if now == self._signature:
            return
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            raw = None
        if raw is None and self._data is None:
            self._signature = now
            return
        if raw is None or len(raw) < self._size or zlib.crc32(raw[:self._size]) != self._crc:
            raise ChangedFile("it was changed while the table was open")
        if self._fd is not None and now is not None and os.fstat(self._fd).st_ino != now[0]:
            self._close_fd()  # the same bytes under a new file: append to that one
        self._signature = now

    # -- writing ---------------------------------------------------------------------
    def _remember_encodings(self) -> None:
        """The committed bytes of every document TinyDB may change in place, taken
        before it can (TinyDB updates documents in the dicts this storage handed out)."""
        data = self._committed()
        if not data:
            return
        for name, table in data.items():
            if name not in self.append_only and name not in self._encoded:
                self._encoded[name] = {key: (doc, encode(doc)) for key, doc in table.items()}

    def _live_documents(self) -> int:
        return sum(len(t) for t in (self._data or {}).values())

    def _writable(self) -> int:
        """The journal's descriptor, open for appending; a cut-off last line is cut away
        first, and a file with much garbage compacted."""
        if self._fd is not None:
            return self._fd
        data = self._committed()
        if data is not None and self._lines > self._live_documents() + GARBAGE_LINES:
            self._compact(data)
        # a file that holds nothing yet may not have a durable name either
        self._new_file = not self.path.exists() or self._size == 0
        fd = open_private(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            if os.fstat(fd).st_size != self._size:
                os.ftruncate(fd, self._size)
                os.fsync(fd)
                self._signature = self._signature_of(os.fstat(fd))
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return fd

    def _compact(self, data: dict[str, dict[str, Any]]) -> None:
        """Rewrite the journal as one line holding every live document."""
        stamp = self.last_stamp or self._clock()
        body = b'{"at":' + encode(stamp) + b',"set":' + encode(data) + b"}"
        line = frame(body)
        write_atomically(self.path, line)
        self._crc = zlib.crc32(line)
        self._signature = self._path_signature()
        self._size = len(line)
        self._lines = 1
        self._encoded = {}

    def _close_fd(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None

    def _diff(self, data: dict[str, dict[str, Any]]) -> tuple[bytes | None, dict]:
        """(the JSON of the changes, the new encodings), or (None, ...) if nothing changed."""
        committed = self._data or {}
        sets: list[bytes] = []
        dels: list[bytes] = []
        encodings: dict[str, dict[str, tuple[Any, bytes]]] = {}
        for name, table in data.items():
            before = committed.get(name)
            if before is table:
                continue
            if name in self.append_only and before is not None:
                added, gone = self._appended(name, before, table)
            else:
                added, gone, fresh = self._rewritten(name, before, table)
                if name not in self.append_only:
                    encodings[name] = fresh
            sets += [added] if added else []
            dels += [gone] if gone else []
        dropped = [name for name in committed if name not in data]
        if not sets and not dels and not dropped:
            return None, encodings
        return self._line(sets, dels, dropped), encodings

    @staticmethod
    def _appended(name: str, before: dict, table: dict) -> tuple[bytes | None, bytes | None]:
        """The changes to an append-only table: documents are only added or removed, so
        the keys tell (set operations in C). (its "set" part, its "del" part), None: none."""
        added = table.keys() - before.keys()
        gone = list(before.keys() - table.keys())
        sets = (encode(name) + b":{" + b",".join(
            encode(str(key)) + b":" + encode(table[key]) for key in added) + b"}") if added else None
        return sets, (encode(name) + b":" + encode(gone)) if gone else None

    def _rewritten(self, name: str, before: dict | None,
                   table: dict) -> tuple[bytes | None, bytes | None, dict[str, tuple[Any, bytes]]]:
        """The changes to a table whose documents may change in place: each compared by
        its bytes with what was committed. (its "set" part, its "del" part, the new
        encodings of its documents)."""
        old = self._encoded.get(name)
        if old is None:
            old = {key: (doc, encode(doc)) for key, doc in (before or {}).items()}
        fresh: dict[str, tuple[Any, bytes]] = {}
        changed: list[bytes] = []
        for key, doc in table.items():
            hit = old.get(key)
            piece = encode(doc)  # TinyDB may have changed it in place: compare bytes
            if hit is None or hit[1] != piece:
                changed.append(encode(str(key)) + b":" + piece)
            fresh[key] = (doc, piece)
        gone = [key for key in old if key not in table]
        sets = encode(name) + b":{" + b",".join(changed) + b"}" if changed or before is None else None
        return sets, (encode(name) + b":" + encode(gone)) if gone else None, fresh

    def _line(self, sets: list[bytes], dels: list[bytes], dropped: list[str]) -> bytes:
        """One journal record: its time, then what is set, deleted and dropped."""
        parts = [b'"at":' + encode(self._clock())]
        if sets:
            parts.append(b'"set":{' + b",".join(sets) + b"}")
        if dels:
            parts.append(b'"del":{' + b",".join(dels) + b"}")
        if dropped:
            parts.append(b'"drop":' + encode(dropped))
        return b"{" + b",".join(parts) + b"}"

    def _commit(self, data: dict[str, dict[str, Any]]) -> None:
        try:
            body, encodings = self._diff(data)
        except BaseException:
            self.invalidate()
            raise
        if body is None:
            self._data = data
            self._encoded.update(encodings)
            return
        line = frame(body)
        self._check_unchanged()
        try:
            fd = self._writable()
            written = 0
            while written < len(line):
                count = os.write(fd, line[written:])
                if count <= 0:  # pragma: no cover - a regular file never does this
                    raise OSError("nothing was written")
                written += count
            os.fdatasync(fd) if hasattr(os, "fdatasync") else os.fsync(fd)
            if self._new_file:
                fsync_dir(self.path.parent)
                self._new_file = False
        except BaseException:
            self._undo_partial_write()
            raise
        self._size += len(line)
        self._crc = zlib.crc32(line, self._crc)
        self._signature = self._signature_of(os.fstat(fd))
        self._lines += 1
        self._data = data
        for name, fresh in encodings.items():
            self._encoded[name] = fresh
        for name in [n for n in self._encoded if n not in data]:
            del self._encoded[name]
        self.last_stamp = self._stamp_of(body)
        self.writes += 1

    @staticmethod
    def _stamp_of(body: bytes) -> str:
        # the stamp is the first value of the line: '{"at":"..."'
        end = body.index(b'"', 7)
        return body[7:end].decode("utf-8")

    def _undo_partial_write(self) -> None:
        """After a failed write: cut the file back to its last good line (a line that
        may or may not have reached the disk must not count later), drop memory."""
        fd = self._fd
        self.invalidate()
        if fd is None:
            return
        try:
            os.ftruncate(fd, self._size)
            os.fsync(fd)
        except OSError:
            pass  # the next read finds the cut-off line, ignores and reports it
        self._close_fd()
