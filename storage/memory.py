"""A store that keeps tables in memory only: the same contract as the durable store,
for tests and benchmarks that drive the real hub without a disk (nothing is mocked: it
refuses what the durable store refuses and hands out copies, never its own data)."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from typing import Any

from storage.tables import (DEFAULT_STATUS, StorageError, TableRecord, UnknownTable, check_code,
                            json_copy)


class MemoryStore:
    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._tables: dict[str, dict[str, Any]] = {}
        self._last: datetime | None = None
        self._closed = False

    def create(self, code: str, spec: dict) -> None:
        check_code(code)
        if not isinstance(spec, dict):
            raise ValueError("The table spec must be a dict")
        with self._lock:
            self._check_open()
            if code in self._tables:
                raise ValueError(f"A table with the code {code} already exists")
            now = self._now()
            self._tables[code] = {"spec": json_copy(spec, "table spec"), "log": [], "seats": {},
                                  "values": {}, "created": now, "updated": now}

    def list(self) -> list[TableRecord]:
        with self._lock:
            self._check_open()
            records = [TableRecord(code, json_copy(t["spec"], "table spec"), len(t["log"]),
                                   t["created"], t["updated"],
                                   str(t["values"].get("status", DEFAULT_STATUS)))
                       for code, t in self._tables.items()]
        records.sort(key=lambda r: (r.updated, r.created, r.code), reverse=True)
        return records

    def load(self, code: str) -> tuple[dict, list[dict]]:
        with self._lock:
            table = self._get(code)
            return json_copy(table["spec"], "table spec"), json_copy(table["log"], "log")

    def append(self, code: str, entry: dict) -> None:
        with self._lock:
            table = self._get(code)
            if not isinstance(entry, dict):
                raise ValueError("A log entry must be a dict")
            clean = json_copy(entry, "log entry")
            expected = len(table["log"]) + 1
            if type(clean.get("rev")) is not int or clean["rev"] != expected:
                raise ValueError(f"Table {code}: the next entry must have rev {expected}")
            table["log"].append(clean)
            table["updated"] = self._now()

    def seats(self, code: str) -> dict[int, str]:
        with self._lock:
            return dict(self._get(code)["seats"])

    def set_seat(self, code: str, seat: int, token_hash: str | None) -> None:
        if type(seat) is not int or seat < 0:
            raise ValueError(f"A seat is a number from 0, not {seat!r}")
        with self._lock:
            seats = self._get(code)["seats"]
            if token_hash is None:
                seats.pop(seat, None)
            else:
                seats[seat] = str(token_hash)

    def get_meta(self, code: str, key: str, default: Any = None) -> Any:
        with self._lock:
            values = self._get(code)["values"]
            return json_copy(values[key], "meta value") if key in values else default

    def set_meta(self, code: str, key: str, value: Any) -> None:
        if not isinstance(key, str) or not key:
            raise ValueError("A meta key must be a non-empty string")
        with self._lock:
            table = self._get(code)
            table["values"][key] = json_copy(value, "meta value")
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
