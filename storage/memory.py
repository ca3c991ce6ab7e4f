"""A store that keeps tables in memory only: the same contract as the durable store
(:class:`storage.store.Store`), for tests and benchmarks that drive the real hub without
a disk (nothing is mocked: it refuses what the durable store refuses and hands out
copies, never its own data). ``fail_writes`` makes every write fail as a full disk
would (or with another OSError), keeping nothing."""

from __future__ import annotations

import errno
import os
import threading
from datetime import datetime, timedelta, timezone
from typing import Any

from storage.store import (NotSaved, StorageError, StoredLog, TableRecord, UnknownTable, UnreadableTable,
                           check_code, check_entry, check_meta_key, check_seat, json_copy, listed_spec,
                           moves_of, status_of)


class MemoryLog(StoredLog):
    def spec(self) -> dict:
        with self.store._lock:
            return json_copy(self.store._get(self.code)["spec"], "table spec")

    def entry(self, rev: int) -> dict:
        with self.store._lock:
            log = self.store._get(self.code)["log"]
            if not 0 < rev <= len(log):
                raise UnreadableTable(self.code, None, f"its log has no entry {rev}")
            return json_copy(log[rev - 1], "log")

    def link(self, rev: int) -> dict | None:
        with self.store._lock:
            found = self.store._get(self.code)["links"].get(rev)
            return None if found is None else json_copy(found, "link")

    def snapshot(self, rev: int) -> Any:
        with self.store._lock:
            found = self.store._get(self.code)["snapshots"].get(rev)
            return None if found is None else json_copy(found, "snapshot")


class MemoryStore:
    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._tables: dict[str, dict[str, Any]] = {}
        self._last: datetime | None = None
        self._closed = False
        self.fail_writes: OSError | None = None
        """When set, every write raises NotSaved for this error and keeps nothing."""
        self.aside: dict[str, dict[str, Any]] = {}
        """What :meth:`replace_log` replaced, by the name it gave it."""

    def create(self, code: str, spec: dict, values: dict | None = None) -> None:
        check_code(code)
        if not isinstance(spec, dict):
            raise ValueError("The table spec must be a dict")
        values = json_copy(dict(values or {}), "meta values")
        with self._lock:
            self._check_open()
            if code in self._tables:
                raise ValueError(f"A table with the code {code} already exists")
            self._check_write(code)
            now = self._now()
            self._tables[code] = {"spec": json_copy(spec, "table spec"), "log": [], "links": {},
                                  "snapshots": {}, "seats": {}, "values": values, "created": now,
                                  "updated": now}

    def list(self) -> list[TableRecord]:
        with self._lock:
            self._check_open()
            records = []
            for code, t in self._tables.items():
                revision = len(t["log"])
                link = t["links"].get(revision)
                records.append(TableRecord(code, listed_spec(t["spec"], t["values"]), revision,
                                           t["created"], t["updated"], status_of(t["values"], link),
                                           moves=moves_of(link, revision, lambda t=t: t["log"])))
        records.sort(key=lambda r: (r.updated, r.created, r.code), reverse=True)
        return records

    def load(self, code: str) -> tuple[dict, list[dict]]:
        with self._lock:
            table = self._get(code)
            return json_copy(table["spec"], "table spec"), json_copy(table["log"], "log")

    def open_log(self, code: str) -> MemoryLog:
        with self._lock:
            self._get(code)
        return MemoryLog(self, code)

    def append(self, code: str, entry: dict, link: dict | None = None,
               snapshot: Any = None) -> None:
        with self._lock:
            table = self._get(code)
            clean = check_entry(code, entry, len(table["log"]))
            if link is not None and not isinstance(link, dict):
                raise ValueError("A link record must be a dict")
            link = json_copy(link, "link record") if link is not None else None
            snapshot = json_copy(snapshot, "snapshot") if snapshot is not None else None
            self._check_write(code)
            rev = clean["rev"]
            table["log"].append(clean)
            if link is not None:
                table["links"][rev] = link
            if snapshot is not None:
                table["snapshots"][rev] = snapshot
            table["updated"] = self._now()

    def replace_log(self, code: str, records: list, values: dict, revision: int) -> str:
        """The log replaced whole by ``records`` and ``values`` set (an upgrade); the old
        log, links, snapshots and values are kept in :attr:`aside` (its name returned)."""
        clean = json_copy(records, "log")
        values = json_copy(values, "meta values")
        with self._lock:
            table = self._get(code)
            if len(table["log"]) != revision:
                raise ValueError(f"Table {code} has {len(table['log'])} entries, not {revision}: "
                                 "its log changed while it was upgraded")
            self._check_write(code)
            name = f".{code}.upgraded-{self._now()}"
            self.aside[name] = {key: json_copy(table[key], key) for key in ("log", "values")}
            self.aside[name]["links"] = dict(table["links"])
            self.aside[name]["snapshots"] = dict(table["snapshots"])
            table["log"] = [entry for entry, _, _ in clean]
            table["links"] = {entry["rev"]: link for entry, link, _ in clean}
            table["snapshots"] = {entry["rev"]: snapshot for entry, _, snapshot in clean
                                  if snapshot is not None}
            table["values"] = {**table["values"], **values}
            table["updated"] = self._now()
            return name

    def seats(self, code: str) -> dict[int, str]:
        with self._lock:
            return dict(self._get(code)["seats"])

    def set_seat(self, code: str, seat: int, token_hash: str | None) -> None:
        check_seat(seat, token_hash)
        with self._lock:
            seats = self._get(code)["seats"]
            if seats.get(seat) == token_hash:
                return
            self._check_write(code)
            if token_hash is None:
                seats.pop(seat, None)
            else:
                seats[seat] = str(token_hash)

    def get_meta(self, code: str, key: str, default: Any = None) -> Any:
        with self._lock:
            values = self._get(code)["values"]
            return json_copy(values[key], "meta value") if key in values else default

    def set_meta(self, code: str, key: str, value: Any) -> None:
        check_meta_key(key)
        clean = json_copy(value, "meta value")
        with self._lock:
            table = self._get(code)
            self._check_write(code)
            table["values"][key] = clean
            table["updated"] = self._now()

    def revision(self, code: str) -> int:
        with self._lock:
            return len(self._get(code)["log"])

    def close(self) -> None:
        with self._lock:
            self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise StorageError("The table store is closed")

    def _check_write(self, code: str) -> None:
        if self.fail_writes is not None:
            raise NotSaved(code, self.fail_writes)

    def _get(self, code: str) -> dict[str, Any]:
        check_code(code)
        self._check_open()
        table = self._tables.get(code)
        if table is None:
            raise UnknownTable(code)
        return table

    def _now(self) -> str:
        now = datetime.now(timezone.utc)
        if self._last is not None and now <= self._last:
            now = self._last + timedelta(microseconds=1)
        self._last = now
        return now.isoformat(timespec="microseconds")


def disk_full() -> OSError:
    """The error a full disk gives (for ``MemoryStore.fail_writes``)."""
    return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
