"""Real table files made and damaged on purpose (the attacks of issue 23), and the
views a table shows, to compare a table before and after."""

from __future__ import annotations

import json
from pathlib import Path

from companion.table.hub import HOST, WATCHER, Tables, Who
from storage import DiskStore
from storage.journal import frame, unframe


def scorepad_table(data: Path, actions: int, players=("Ann", "Bo"), secret: bool = True,
                   snapshot_every: int = 32) -> tuple[str, list[str]]:
    """A score pad table in ``data`` with seats claimed and ``actions`` points entered
    (some undone and redone): (its code, the seats' tokens)."""
    with DiskStore(data) as store:
        tables = Tables(store, snapshot_every=snapshot_every)
        hub = tables.create("scorepad", list(players), {"secret": secret})
        tokens = [hub.claim_seat(seat) for seat in range(len(players))]
        for n in range(actions):
            seat = n % len(players)
            who = Who(seat=seat, token=tokens[seat])
            if n % 7 == 6:
                hub.undo(HOST)
            elif n % 7 == 3 and hub.match.can_redo(None):
                hub.redo(HOST)
            else:
                hub.act(who, "points", {"points": n + 1})
        return hub.code, tokens


def views(data: Path, code: str, snapshot_every: int = 32) -> dict:
    """Every view of the table: each seat's envelope, the host's, the table screen's
    (a watcher's, and the table's facts), and its history."""
    with DiskStore(data) as store:
        hub = Tables(store, snapshot_every=snapshot_every).open(code)
        seen = {f"seat {seat}": hub.view(Who(seat=seat)) for seat in range(len(hub.spec.players))}
        seen["host"] = hub.view(HOST)
        seen["table screen"] = hub.view(WATCHER)
        seen["table"] = {k: v for k, v in hub.table(WATCHER).items() if k not in ("code", "taken")}
        seen["history"] = hub.history(WATCHER)
        return seen


def folder(data: Path, code: str) -> Path:
    return data / "tables" / code


def garble_line(path: Path, number: int) -> None:
    """Damage line ``number`` (from 1) in place, as a failing disk would: same size,
    its checksum no longer matches."""
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    line = bytearray(lines[number - 1])
    line[len(line) // 2] ^= 0x55
    lines[number - 1] = bytes(line)
    with open(path, "r+b") as handle:  # in place: the same file, as the host holds it
        handle.write(b"\n".join(lines))


def rewrite_last_snapshot(path: Path, change) -> int:
    """Change the last snapshot of a segment with ``change(state)`` under a valid
    checksum (a garble no checksum sees); the rev it was taken at."""
    lines = path.read_bytes().splitlines()
    for number in range(len(lines) - 1, -1, -1):
        record = unframe(lines[number])
        snaps = ((record or {}).get("set") or {}).get("snapshots")
        if snaps:
            rev = max(snaps, key=int)
            snaps[rev]["state"] = change(snaps[rev]["state"])
            lines[number] = frame(json.dumps(record).encode())[:-1]
            path.write_bytes(b"\n".join(lines) + b"\n")
            return int(rev)
    raise AssertionError(f"{path.name} holds no snapshot")
