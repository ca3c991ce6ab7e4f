"""Backups and repairs of a table: one JSON file of a table (export), a table made of
one (import), and a damaged table rebuilt from the longest readable beginning of its
log (repair).

An export is one JSON object::

    {"format": "table-companion-export", "version": 1, "code": "ABCDEF",
     "game": "scorepad", "spec": {"game", "players", "settings"},
     "players": ["Ann", "Bo"], "status": "open", "created": "<UTC stamp>",
     "log_version": 1,
     "log": [{"rev": 1, "by": 0, "seat": 0, "kind": "points", "payload": {...}}, ...]}

It holds what the table's views are made of (its spec, with settings changed before the
first move, and its whole log) and nothing that lets anyone act: no seat tokens (nor
their hashes), no host key. ``log_version`` is the version of the game's moves its log
is in (:mod:`storage.upgrade`; an export without it is taken as 0). Importing replays
the log through the engine, an older one upgraded to today's moves first, with the rules
of play, who may undo and redo included (a log that does not replay, or where someone
undoes or redoes what the table would have refused them, is refused naming the entry and
why), and writes the table whole, so its views equal the
original's; the phones claim their seats again.

A repair reads a table's files the way a crash never could have left them: every
journal up to its first damaged line, the log's entries in order up to the first one
missing or refused by the engine (an older log upgraded to today's moves on the way).
The old folder is set aside beside the others (``tables/.CODE.damaged-<UTC time>``,
never listed or removed) and the table written again from what was kept, with its
seats; its header records the repair (:data:`storage.store.REPAIRED_META`). A lost
header is rebuilt from the copy every log segment keeps.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from engine.plain import encoded
from engine.upgrade import log_version
from storage.journal import readable_beginning, unframe
from storage.store import (DEFAULT_STATUS, FINISHED_STATUS, LOG_VERSION_META, NAMES_META, REPAIRED_META,
                           SETTINGS_META, StorageError, UnknownTable, UnreadableTable, check_code,
                           json_copy)
from storage.tables import HEAD, HEAD_COPY_ID, META_ID, SEGMENT, SEGMENT_FILE, DiskStore
from storage.upgrade import game_and_spec, stored_version, upgraded

EXPORT_FORMAT = "table-companion-export"
EXPORT_VERSION = 1
STATUS_META = "status"
MAX_EXPORT_BYTES = 20 * 2**20
"""The largest export an import reads (20 MB: a score pad of about 180,000 actions)."""
MAX_LOG = 100_000
"""The longest log an import replays: twice the 50,000 actions a table is measured at
(``bench/table_log.py``); more takes the host minutes and gigabytes."""
MAX_DEPTH = 32
"""How deep an export may nest lists and objects (a move's payload is a few levels)."""


class BackupError(StorageError):
    """An export, import or repair that cannot be done, in one sentence."""


class TableIsFine(BackupError):
    """Repair was asked for a table that reads and replays whole: nothing is changed."""

    def __init__(self, code: str):
        super().__init__(f"Table {code} is fine: nothing was changed")


@dataclass
class Repair:
    """What a repair did: entries kept and entries it could not read, where the old
    files went, and what was wrong."""

    code: str
    kept: int
    unread: int
    aside: Path
    problem: str


# -- the engine's side --------------------------------------------------------------------

def _game_and_spec(spec_json: Any, settings: Any = None, names: Any = None):
    """(game, TableSpec) of a stored or exported spec; BackupError in words."""
    from engine.errors import IllegalAction

    try:
        return game_and_spec(spec_json, settings, names)
    except IllegalAction as exc:
        raise BackupError(exc.message[:1].upper() + exc.message[1:]) from None


@dataclass
class Replayed:
    """What the engine made of the longest beginning of a stored log it can take, in
    today's moves (:mod:`storage.upgrade`): (entry, link, snapshot) and the state after
    each entry; ``read``, how many of the stored entries that is; ``stopped``, why it
    stopped (None: it took them all); ``upgraded``, whether its moves are not the
    stored ones (an older log)."""

    records: list[tuple[dict, dict, Any]]
    states: list[Any]
    read: int
    stopped: str | None
    upgraded: bool = False


def replay(game, spec, docs: list[dict], version: int, keep_states: bool = True,
           as_played: bool = False) -> Replayed:
    """The longest beginning of ``docs`` (a log at ``version``) the engine takes, in
    today's moves, replayed (the state after each entry kept when ``keep_states``: an
    import does without them, a state an entry). ``as_played``: every undo and redo is
    held to who may make it, as at the table (a log from elsewhere; a table's own log
    was held to it when each was tapped)."""
    from engine.errors import IllegalAction
    from engine.table import replay_log

    up = upgraded(game, spec, docs, version)
    records: list[tuple[dict, dict, Any]] = []
    states: list[Any] = []
    try:
        for entry, proposal in replay_log(game, spec, up.entries, as_played=as_played):
            records.append((entry.to_json(), proposal.link.to_json(), proposal.snapshot))
            if keep_states:
                states.append(proposal.state)
    except IllegalAction as exc:  # only a log at today's version can stop here
        return Replayed(records, states, len(records), f"entry {len(records) + 1}: {exc.message}")
    except Exception:  # a damaged entry can fail anywhere in a game's handlers
        return Replayed(records, states, len(records), f"entry {len(records) + 1} cannot be played")
    return Replayed(records, states, up.read, up.problem, up.changed)


# -- export and import ---------------------------------------------------------------------

def export_table(store: DiskStore, code: str) -> dict:
    """The export of a table (UnknownTable, UnreadableTable)."""
    spec, entries = store.load(code)
    settings = store.get_meta(code, SETTINGS_META)
    if isinstance(settings, dict) and settings:
        spec = {**spec, "settings": settings}
    names = store.get_meta(code, NAMES_META)
    if isinstance(names, list):  # the names seats were given since
        spec = {**spec, "players": names}
    record = next((r for r in store.list() if r.code == code), None)
    status = store.get_meta(code, STATUS_META)
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "code": code,
            "game": spec.get("game"), "spec": spec, "players": list(spec.get("players") or []),
            **({"status": status} if isinstance(status, str) else {}),
            "created": record.created if record is not None else "",
            "log_version": stored_version(store.get_meta(code, LOG_VERSION_META, 0)),
            "log": entries}


def read_export_file(path: Path) -> bytes:
    """The bytes of an export file, never more than :data:`MAX_EXPORT_BYTES` read
    (BackupError past that; OSError as opening it raises it)."""
    with open(path, "rb") as handle:
        raw = handle.read(MAX_EXPORT_BYTES + 1)
    _check_size(raw, str(path))
    return raw


def _check_size(raw: bytes, name: str) -> None:
    if len(raw) > MAX_EXPORT_BYTES:
        raise BackupError(f"{name} is larger than an export can be "
                          f"({MAX_EXPORT_BYTES // 2**20} MB at most): nothing was imported")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # NaN, Infinity: nothing a table holds


def read_export(raw: bytes, name: str) -> dict:
    """The export in a file's bytes, checked for size and shape; BackupError naming
    ``name``. What it holds is checked by :func:`import_table`."""
    _check_size(raw, name)
    too_deep = BackupError(f"{name} is nested more than {MAX_DEPTH} levels deep: "
                           "it is not a table export")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise too_deep from None
    except (UnicodeDecodeError, ValueError):
        raise BackupError(f"{name} is not a table export (it is not JSON)") from None
    if _deeper_than(data, MAX_DEPTH):
        raise too_deep
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise BackupError(f"{name} is not a table export")
    if data.get("version") != EXPORT_VERSION:
        raise BackupError(f"{name} is a table export of version {quoted(data.get('version'))}: "
                          f"this host reads version {EXPORT_VERSION}")
    spec, log = data.get("spec"), data.get("log")
    if not isinstance(spec, dict) or not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise BackupError(f"{name} is not a whole table export (its spec or log is missing)")
    if data.get("game") != spec.get("game") or data.get("players") != spec.get("players"):
        raise BackupError(f"{name} does not agree with itself (its game or players)")
    return data


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether JSON ``value`` nests lists and objects more than ``limit`` deep (walked
    without recursion: a deep value is what it guards against)."""
    stack = [(value, 1)] if isinstance(value, (dict, list)) else []
    while stack:
        item, depth = stack.pop()
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, (dict, list)):
                if depth == limit:
                    return True
                stack.append((child, depth + 1))
    return False


def quoted(value: Any) -> str:
    """A value from a file, safe and short to quote in a message."""
    from engine.schema import bad_characters

    text = value if isinstance(value, str) else json.dumps(value) if isinstance(value, (int, float, bool)) \
        or value is None else "that"
    text = text if len(text) <= 24 else text[:20] + "..."
    return "'" + "".join("?" if bad_characters(ch) else ch for ch in text) + "'"


def import_table(store: DiskStore, data: dict, new_code: Callable[[], str]) -> tuple[str, int]:
    """Make a table of a checked export (:func:`read_export`): (its code, its entries).
    Its players and settings are checked as ``companion new`` checks them
    (:func:`engine.spec.make_spec`), its other values against what this host writes,
    its log's length against :data:`MAX_LOG`; the export's code when it is free, else
    ``new_code()``'s. BackupError, and nothing written, if any is refused or its log
    does not replay whole."""
    game, spec = _new_spec(data["spec"])
    if len(data["log"]) > MAX_LOG:
        raise _not_imported(f"its log holds {len(data['log']):,} actions, and an import takes "
                            f"{MAX_LOG:,} at most")
    values, created = _values(game, data)
    done = replay(game, spec, data["log"], stored_version(data.get("log_version", 0)),
                  keep_states=False, as_played=True)
    if done.stopped is not None:
        raise BackupError(f"The export's log does not replay ({done.stopped}): nothing was imported")
    records = done.records
    code = data.get("code")
    for attempt in range(100):
        if attempt or not isinstance(code, str) or not _free(store, code):
            code = new_code()
        try:
            store.write_table(code, spec.to_json(), values, created, records)
            return code, len(records)
        except ValueError:  # taken meanwhile
            continue
    raise BackupError("Could not find a free table code")  # pragma: no cover


def _not_imported(why: str) -> BackupError:
    return BackupError(f"The export cannot be imported: {why}")


def _new_spec(spec_json: Any):
    """(game, TableSpec) of an export's spec, checked as a new table's is."""
    from engine.errors import IllegalAction
    from engine.spec import make_spec

    game, spec = _game_and_spec(spec_json)
    try:
        return game, make_spec(game, spec.players, spec.settings)
    except IllegalAction as exc:
        raise _not_imported(exc.message) from None


def _values(game, data: dict) -> tuple[dict, str]:
    """(the meta values, the creation stamp) of an import: its status and date as this
    host writes them, its log version no newer than this host's game."""
    status = data.get("status", DEFAULT_STATUS)
    if status not in (DEFAULT_STATUS, FINISHED_STATUS):
        raise _not_imported(f"its status is {quoted(status)}, not {DEFAULT_STATUS} or {FINISHED_STATUS}")
    version = data.get("log_version", 0)
    if type(version) is int and version > log_version(game):
        raise _not_imported(f"its log is in the moves of a newer version of {game.title} "
                            f"({quoted(version)}; this host's is {log_version(game)})")
    created = data.get("created")
    if created is None or created == "":
        created = datetime.now(timezone.utc).isoformat(timespec="microseconds")
    elif not _is_stamp(created):
        raise _not_imported(f"its date {quoted(created)} is not a date")
    values = {LOG_VERSION_META: log_version(game)}
    if "status" in data:
        values[STATUS_META] = status
    return values, created


def _is_stamp(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _free(store: DiskStore, code: str) -> bool:
    try:
        check_code(code)
        store.revision(code)
    except UnknownTable:
        return True
    except (ValueError, UnreadableTable):
        return False
    return False


# -- repair ----------------------------------------------------------------------------------

def damage(store: DiskStore, code: str) -> str | None:
    """What is wrong with a table (None: its files read whole, its log replays and its
    snapshots and link records match the log). UnknownTable if there is none."""
    try:
        store.revision(code)
        header_spec, docs = store.load(code)
        settings, names = store.get_meta(code, SETTINGS_META), store.get_meta(code, NAMES_META)
    except UnreadableTable as exc:
        return exc.reason
    game, spec = _game_and_spec(header_spec, settings, names)
    version = stored_version(store.get_meta(code, LOG_VERSION_META, 0))
    done = replay(game, spec, docs, version)
    if done.stopped is not None:
        return f"its log does not replay ({done.stopped})"
    if not store.path(code).is_dir():
        return None  # a first-format table: no link records or snapshots to check
    cut = _cut_file(store.path(code))
    if cut is not None:
        return f"the end of {cut} is cut off or damaged"
    if done.upgraded:
        return None  # an older log: written again in today's moves when it is opened
    log = store.open_log(code)
    for (entry, link, _), state in zip(done.records, done.states):
        rev = entry["rev"]
        stored = log.link(rev) or {}
        if any(stored.get(key) != link.get(key) for key in ("top", "moves", "parent")):
            return f"the link record of its entry {rev} does not match its log"
        snapshot = log.snapshot(rev) if stored.get("snap") else None
        if snapshot is not None:  # perhaps kept before a seat was renamed
            snapshot = game.renamed(snapshot, list(spec.players))
        if snapshot is not None and encoded(snapshot) != encoded(state):
            return f"its snapshot at entry {rev} does not match its log"
    return None


def repair_table(store: DiskStore, code: str) -> Repair:
    """Rebuild a damaged table (see the module's doc). TableIsFine if it is not
    damaged, UnknownTable if there is none, BackupError if nothing can be kept."""
    check_code(code)
    problem = damage(store, code)
    if problem is None:
        raise TableIsFine(code)
    folder = store.path(code)
    if not folder.is_dir():
        raise BackupError(f"Table {code} is in the first format: repair reads today's only "
                          f"(its file is tables/{code}.json)")
    indexes = sorted(int(m.group(1)) for p in folder.iterdir() if (m := SEGMENT_FILE.fullmatch(p.name)))
    header, seats = _header(folder, indexes)
    if header is None:
        raise BackupError(f"Table {code} cannot be repaired: its header is missing and no part "
                          "of its log names its game and players")
    docs, unread = _log_beginning(folder, indexes, header.get("segment", SEGMENT))
    game, spec = _game_and_spec(header["spec"], header["values"].get(SETTINGS_META),
                                header["values"].get(NAMES_META))
    version = stored_version(header["values"].get(LOG_VERSION_META, 0))
    done = replay(game, spec, docs, version, keep_states=False)
    unread += len(docs) - done.read
    now = datetime.now(timezone.utc)
    values = dict(header["values"])
    values[REPAIRED_META] = {"at": now.isoformat(timespec="microseconds"), "kept": done.read,
                             "unread": unread, "problem": problem}
    values[LOG_VERSION_META] = max(version, log_version(game))
    aside = store.replace_table(code, header["spec"], values, header["created"], done.records,
                                seats, "damaged")
    return Repair(code, done.read, unread, aside, problem)


def _cut_file(folder: Path) -> str | None:
    """The first of a table's files whose last line is cut off or damaged (the store
    reads such a file without it, as a write a crash cut short: a repair says what was
    lost with it), or None."""
    names = sorted(p.name for p in folder.iterdir() if SEGMENT_FILE.fullmatch(p.name))
    for name in [HEAD, *names]:
        _, rest = _journal(folder / name)
        if rest:
            return name
    return None


def _journal(path: Path) -> tuple[dict, list[bytes]]:
    try:
        return readable_beginning(path.read_bytes())
    except OSError:
        return {}, []


def _header(folder: Path, indexes: list[int]) -> tuple[dict | None, dict[int, str]]:
    """The table's header and seats from its head file's readable beginning, else the
    header from the newest readable copy in its log's segments (and no seats)."""
    data, _ = _journal(folder / HEAD)
    header = _usable_header((data.get("meta") or {}).get(str(META_ID)))
    if header is not None:
        seats = {}
        for doc in (data.get("seats") or {}).values():
            if isinstance(doc, dict) and type(doc.get("seat")) is int and isinstance(doc.get("token_hash"), str):
                seats[doc["seat"]] = doc["token_hash"]
        return header, seats
    for index in reversed(indexes):
        data, _ = _journal(folder / f"log-{index:06d}.jsonl")
        header = _usable_header((data.get("table") or {}).get(str(HEAD_COPY_ID)))
        if header is not None:
            return header, {}
    return None, {}


def _usable_header(doc: Any) -> dict | None:
    if not (isinstance(doc, dict) and isinstance(doc.get("spec"), dict)
            and isinstance(doc.get("values"), dict) and isinstance(doc.get("created"), str)):
        return None
    size = doc.get("segment", SEGMENT)
    return {**doc, "segment": size if type(size) is int and size > 0 else SEGMENT}


def _log_beginning(folder: Path, indexes: list[int], size: int) -> tuple[list[dict], int]:
    """(the log's entries in order up to the first one missing or damaged, how many
    entries there seem to be after that)."""
    docs: list[dict] = []
    unread = 0
    broken = False
    for expected, index in enumerate(indexes):
        data, rest = _journal(folder / f"log-{index:06d}.jsonl")
        entries = data.get("log") or {}
        if broken or index != expected:
            broken = True
            unread += len(entries) + _entries_in(rest)
            continue
        first = index * size + 1
        kept = 0
        for rev in range(first, first + size):
            doc = entries.get(str(rev))
            if not isinstance(doc, dict) or doc.get("rev") != rev:
                break
            docs.append(json_copy(doc, "log entry"))
            kept += 1
        unread += len(entries) - kept + _entries_in(rest)
        broken = bool(rest) or kept < size
    return docs, unread


ENTRY_START = re.compile(rb'"(\d+)":\{"rev":(\d+)[,}]')
"""Where a log entry begins in a journal line: ``"7":{"rev":7,`` (its id, its rev)."""


def _entries_in(lines: list[bytes]) -> int:
    """Log entries in journal lines past a damaged one: a damaged line counts the entries
    whose beginning is still in it (a whole table's line holds them all), at least one."""
    count = 0
    for line in lines:
        if not line.strip(b"\x00 \t\r"):
            continue
        record = unframe(line)
        found = ((record or {}).get("set") or {}).get("log") if isinstance(record, dict) else None
        if isinstance(found, dict):
            count += len(found)
        else:
            starts = sum(1 for m in ENTRY_START.finditer(line) if m.group(1) == m.group(2))
            count += max(1, starts)
    return count


__all__ = ["BackupError", "EXPORT_FORMAT", "EXPORT_VERSION", "Repair", "TableIsFine", "damage",
           "export_table", "import_table", "quoted", "read_export", "read_export_file",
           "repair_table"]
