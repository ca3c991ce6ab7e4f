"""A TinyDB storage that survives ``kill -9`` at any instant.

TinyDB's own ``JSONStorage`` rewrites the file in place, so a crash mid-write leaves half
a file; ``CachingMiddleware`` keeps writes in memory and loses them on a kill. This storage
writes the whole database to a temporary file in the same folder, flushes and fsyncs it,
``os.replace``-s it over the real file and fsyncs the folder. A reader (or a restart after
a crash) therefore sees either the old complete file or the new complete one, and a write
is on disk when :meth:`AtomicJSONStorage.write` returns.

Freeing the replaced file's blocks is left out of that path: where the file system frees
blocks slowly (online discard, e.g. ext4 mounted with ``discard``: ~1 ms per 20 KB file on
the project's machine, more than the two fsyncs together), the old file keeps a second
name until a background thread deletes it (:func:`discard_later`). That name is a hidden
temp name, so a crash leaves nothing a restart does not clean up.

Reads are served from memory: this process is the only writer, so the last data written is
the file's content. Any failure while writing drops that memory, so the next read goes back
to the disk and memory can never disagree with the file.

:meth:`AtomicJSONStorage.transaction` groups several TinyDB operations (an appended log
entry and the "updated" time, say) into one atomic file write.
"""

from __future__ import annotations

import json
import os
import queue
import secrets
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from tinydb.storages import Storage

TEMP_SUFFIX = ".tmp"


class CorruptFile(Exception):
    """The file exists but does not hold a TinyDB database (half-written, edited, ...)."""


def temp_name(path: Path) -> Path:
    """A hidden sibling of ``path``: same folder (same filesystem), never ends in .json."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # pragma: no cover - Windows cannot open a folder
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class _Discarder:
    """Deletes replaced files in a background thread, off the acknowledgement path."""

    def __init__(self) -> None:
        self._queue: queue.Queue[Path] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def put(self, path: Path) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="storage-discard",
                                                daemon=True)
                self._thread.start()
        self._queue.put(path)

    def _run(self) -> None:
        while True:
            path = self._queue.get()
            try:
                os.unlink(path)
            except OSError:
                pass  # gone already; a leftover is removed at the next start
            finally:
                self._queue.task_done()

    def wait(self) -> None:
        self._queue.join()


_discarder = _Discarder()


def discard_later(path: Path) -> None:
    """Delete ``path`` soon, in a background thread."""
    _discarder.put(path)


def wait_for_discards() -> None:
    """Block until every file handed to :func:`discard_later` is deleted (tests, exit)."""
    _discarder.wait()


def _unlink_quietly(path: Path | None) -> None:
    if path is not None:
        try:
            os.unlink(path)
        except OSError:
            pass


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: old or new content after a crash, never a mix."""
    tmp = temp_name(path)
    old: Path | None = None
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            # a second name for the old file: the replace then frees no blocks
            candidate = temp_name(path)
            os.link(path, candidate)
            old = candidate
        except OSError:  # no old file yet, or a file system without hard links
            old = None
        os.replace(tmp, path)
    except BaseException:
        _unlink_quietly(tmp)
        _unlink_quietly(old)  # still a second name of the file in place: frees nothing
        raise
    try:
        fsync_dir(path.parent)
    finally:
        if old is not None:  # after the folder's fsync, which would wait for the delete
            discard_later(old)


def read_database(path: Path) -> dict[str, dict[str, Any]] | None:
    """The database in ``path``; None when there is no file yet; CorruptFile if unusable."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise CorruptFile(f"not valid JSON ({exc})") from None
    if not isinstance(data, dict) or not all(
        isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values())
        for table in data.values()
    ):
        raise CorruptFile("not a TinyDB database (expected tables of documents)")
    return data


def encode(data: Any) -> bytes:
    """Compact JSON; refuses NaN/Infinity and anything else JSON cannot hold."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode(
        "utf-8"
    )


class FragmentCache:
    """Encoded documents of append-only tables, so a write re-encodes only what is new.

    TinyDB hands the storage the whole database on every write, but keeps the very same
    document objects for documents it did not touch. For tables whose documents are never
    changed in place (the log), a document that *is* (identity) the one encoded last time
    has the same bytes. The cache holds the objects themselves, so identity cannot be
    confused by a reused ``id()``.
    """

    def __init__(self, tables: tuple[str, ...]):
        self.tables = tables
        self._docs: dict[str, dict[str, tuple[Any, bytes]]] = {}

    def encode_database(self, data: dict[str, dict[str, Any]]) -> bytes:
        parts = []
        for name, table in data.items():
            if name in self.tables:
                body = self._encode_table(name, table)
            else:
                body = encode(table)
            parts.append(encode(name) + b":" + body)
        return b"{" + b",".join(parts) + b"}"

    def _encode_table(self, name: str, table: dict[str, Any]) -> bytes:
        known = self._docs.get(name, {})
        fresh: dict[str, tuple[Any, bytes]] = {}
        parts = []
        for key, doc in table.items():
            hit = known.get(key)
            if hit is not None and hit[0] is doc:
                piece = hit[1]
            else:
                piece = encode(key) + b":" + encode(doc)
            fresh[key] = (doc, piece)
            parts.append(piece)
        self._docs[name] = fresh
        return b"{" + b",".join(parts) + b"}"

    def clear(self) -> None:
        self._docs.clear()


class AtomicJSONStorage(Storage):
    """TinyDB storage: atomic, fsynced whole-file writes; reads from memory."""

    def __init__(self, path: str | os.PathLike, append_only: tuple[str, ...] = ()):
        """``append_only``: tables whose documents are only ever inserted or removed,
        never changed in place (their encoded documents are reused between writes)."""
        super().__init__()
        self.path = Path(path)
        self._fragments = FragmentCache(tuple(append_only))
        self._data: dict[str, dict[str, Any]] | None = None
        self._loaded = False
        self._pending: dict[str, dict[str, Any]] | None = None
        self._in_transaction = False
        self.writes = 0  # files written, for tests and measurements

    # -- TinyDB's interface ----------------------------------------------------------
    def read(self) -> dict[str, dict[str, Any]] | None:
        current = self._pending if self._pending is not None else self._committed()
        # TinyDB replaces whole tables in the dict it gets: hand out a fresh top level so
        # the committed data is only ever replaced by a successful write.
        return None if current is None else dict(current)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        if self._in_transaction:
            self._pending = data
            return
        self._commit(data)

    def close(self) -> None:
        self.invalidate()
        self._pending = None

    # -- ours ------------------------------------------------------------------------
    def load(self) -> None:
        """Read the file now (raises CorruptFile), so problems show up when opening."""
        self._committed()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything TinyDB writes inside becomes ONE atomic file write at the end.

        If anything inside raises, nothing is written and memory is dropped (the next read
        goes back to the file), since TinyDB may have changed documents in place.
        """
        if self._in_transaction:
            raise RuntimeError("transactions do not nest")
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
        self._fragments.clear()

    def _committed(self) -> dict[str, dict[str, Any]] | None:
        if not self._loaded:
            self._data = read_database(self.path)
            self._loaded = True
        return self._data

    def _commit(self, data: dict[str, dict[str, Any]]) -> None:
        try:
            write_atomically(self.path, self._fragments.encode_database(data))
        except BaseException:
            self.invalidate()
            raise
        self._data = data
        self._loaded = True
        self.writes += 1
