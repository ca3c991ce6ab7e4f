"""Durable tables: each table's spec, seat claims, metadata and append-only action log in
one TinyDB file, written atomically and fsynced before any call returns.

The hub codes against exactly this surface::

    store = TableStore(data_dir)          # one per process; thread-safe
    store.create(code, spec); store.append(code, entry); store.load(code) -> (spec, entries)
    store.list(); store.seats(code); store.set_seat(code, seat, token_hash | None)
    store.get_meta(code, key, default); store.set_meta(code, key, value); store.revision(code)
    store.close()
"""

from storage.tables import (
    StorageError,
    TableRecord,
    TableStore,
    UnknownTable,
    UnreadableTable,
    check_code,
    default_data_dir,
)

__all__ = [
    "StorageError",
    "TableRecord",
    "TableStore",
    "UnknownTable",
    "UnreadableTable",
    "check_code",
    "default_data_dir",
]
