"""Durable tables (TinyDB journals, :mod:`storage.tables`) behind one contract
(:class:`storage.store.Store`), with an in-memory store for tests
(:mod:`storage.memory`).

The hub codes against exactly this surface::

    store.create(code, spec, values); store.append(code, entry, link, snapshot)
    store.open_log(code) -> TableLog (entries, links, snapshots by rev, read lazily)
    store.load(code) -> (spec, entries); store.list() -> [TableRecord]
    store.seats(code); store.set_seat(code, seat, token_hash | None)
    store.get_meta(code, key, default); store.set_meta(code, key, value); store.revision(code)
    store.replace_log(code, records, values, revision)  (an upgrade: storage.upgrade)
    store.close()

A write that fails raises :class:`NotSaved` (disk full or another I/O error) having kept
nothing; a table whose files cannot be used raises :class:`UnreadableTable`, whose
message names the table's code, never a path; a write that finds its file changed or
damaged since it was read raises :class:`TableDamaged` having kept nothing.
"""

from storage.store import (
    NotSaved,
    StorageError,
    Store,
    TableDamaged,
    TableLog,
    TableRecord,
    UnknownTable,
    UnreadableTable,
    check_code,
    default_data_dir,
)
from storage.tables import DataFolderError, DiskStore

__all__ = [
    "DataFolderError",
    "NotSaved",
    "StorageError",
    "Store",
    "TableDamaged",
    "TableLog",
    "TableRecord",
    "DiskStore",
    "UnknownTable",
    "UnreadableTable",
    "check_code",
    "default_data_dir",
]
