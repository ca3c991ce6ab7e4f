"""Files that are either wholly old or wholly new after a crash, and the old table format.

:func:`write_atomically` writes a whole file to a temporary name in the same folder,
fsyncs it, renames it over the real name and fsyncs the folder: a reader (or a restart
after ``kill -9``) sees the old complete file or the new complete one. The journals use
it to compact; new tables and converted ones are made the same way, as whole folders.

:func:`read_database` reads a table file of the first format (one TinyDB JSON document,
``tables/CODE.json``), which :mod:`storage.tables` converts once into today's.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

TEMP_SUFFIX = ".tmp"


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


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: old or new content after a crash, never a mix."""
    tmp = temp_name(path)
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
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
