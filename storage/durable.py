"""Files that are either wholly old or wholly new after a crash, files private to the
host's user, and the old table format.

:func:`write_atomically` writes a whole file to a temporary name in the same folder,
fsyncs it, renames it over the real name and fsyncs the folder: a reader (or a restart
after ``kill -9``) sees the old complete file or the new complete one. The journals use
it to compact; new tables and converted ones are made the same way, as whole folders.

:func:`read_database` reads a table file of the first format (one TinyDB JSON document,
``tables/CODE.json``), which :mod:`storage.tables` converts once into today's.

Every folder and file the app writes holds the table's secrets (hidden scores, seat
token hashes): each is made readable by the host's user only (:data:`PRIVATE_FOLDER`,
:data:`PRIVATE_FILE`), whatever the umask; :func:`make_private` tightens those an older
version made.
"""

from __future__ import annotations

import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

TEMP_SUFFIX = ".tmp"
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600


class CorruptFile(Exception):
    """The file exists but does not hold what this store writes (half-written, edited)."""


class ChangedFile(CorruptFile):
    """A file this process writes was changed by something else since it was read:
    appending to it would acknowledge what a restart could not read back."""


def temp_name(path: Path) -> Path:
    """A hidden sibling of ``path``: same folder (same filesystem), never a table's name."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new name in ``folder`` durable (no-op where folders cannot be
    opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # pragma: no cover - Windows cannot open a folder
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def unlink_quietly(path: Path | None) -> None:
    if path is not None:
        try:
            os.unlink(path)
        except OSError:
            pass


def private_folder(folder: Path) -> None:
    """Make ``folder`` (its parent exists), readable by this user only."""
    os.mkdir(folder, PRIVATE_FOLDER)
    os.chmod(folder, PRIVATE_FOLDER)  # the umask may have taken bits the mode asked for


def private_folders(folder: Path) -> None:
    """``folder`` made if it is missing (its parents as usual), readable by this user only."""
    if folder.is_dir():
        return
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        private_folder(folder)
    except FileExistsError:  # made meanwhile
        pass


def open_private(path: Path, flags: int) -> int:
    """A descriptor of ``path``; a file it makes is readable by this user only."""
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    try:
        if os.fstat(fd).st_mode & 0o777 != PRIVATE_FILE:
            os.fchmod(fd, PRIVATE_FILE)
    except BaseException:
        os.close(fd)
        raise
    return fd


def write_new_file(path: Path, data: bytes) -> None:
    """A new private file holding ``data``, fsynced (FileExistsError if there is one)."""
    with os.fdopen(open_private(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL), "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def make_private(path: Path, deep: bool = True) -> int:
    """``path`` and, for a folder when ``deep``, everything in it readable by this user
    only (folders 0700, files 0600; links are not followed): how many were changed."""
    try:
        st = os.lstat(path)
    except OSError:
        return 0
    if stat.S_ISLNK(st.st_mode):
        return 0
    folder = stat.S_ISDIR(st.st_mode)
    changed = 0
    if stat.S_IMODE(st.st_mode) != (PRIVATE_FOLDER if folder else PRIVATE_FILE):
        try:
            os.chmod(path, PRIVATE_FOLDER if folder else PRIVATE_FILE)
            changed = 1
        except OSError:  # not this user's: left as it is
            return 0
    if folder and deep:
        try:
            names = os.listdir(path)
        except OSError:
            return changed
        changed += sum(make_private(path / name) for name in names)
    return changed


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` (a private file): old or new content after a
    crash, never a mix."""
    tmp = temp_name(path)
    try:
        write_new_file(tmp, data)
        os.replace(tmp, path)
    except BaseException:
        unlink_quietly(tmp)
        raise
    fsync_dir(path.parent)


def read_database(path: Path) -> dict[str, dict[str, Any]] | None:
    """The TinyDB database of a first-format file; None when there is no file;
    CorruptFile if it cannot be used."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise CorruptFile("it is not valid JSON") from None
    if not isinstance(data, dict) or not all(
        isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values())
        for table in data.values()
    ):
        raise CorruptFile("it is not a table database (expected tables of documents)")
    return data


def encode(data: Any) -> bytes:
    """Compact JSON; refuses NaN/Infinity and anything else JSON cannot hold."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode(
        "utf-8"
    )
