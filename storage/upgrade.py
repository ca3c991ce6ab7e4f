"""Opening a table whose log an older version wrote: its game's log upgrades
(:mod:`engine.upgrade`, ``engine/<game>/upgrades.py``) are applied once, when the table
is opened, and the table is kept in today's moves from then on.

A table records the version its log is in (:data:`storage.store.LOG_VERSION_META`; a
new table is made at its game's version, a table made before versions were kept is at
0). Opening a table older than its game's version (:func:`upgrade_table`) reads its
whole log once and upgrades it:

- when the upgrade changes nothing and the stored link records and snapshots are the
  ones today's engine makes, only the version is written;
- otherwise the log is written again in today's moves, with link records and snapshots
  made by today's engine (a snapshot an older engine made is never trusted after an
  upgrade), and the original files are set aside beside the table, under a dated name
  (``tables/.CODE.upgraded-<UTC time>``, never listed nor removed).

Where a rule changed and the old moves met a state the old engine never had, the
upgrade takes the nearest moves today's rules allow and says what differs, entry by
entry: those notes are kept among the table's meta values
(:data:`storage.store.UPGRADE_NOTES_META`) and logged.

A log that cannot be upgraded leaves the table as it was: it is listed as unreadable,
with the reason. Replay never upgrades (:class:`engine.table.Match` takes a log as it
is), so a table is upgraded once, not on every opening.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from engine.errors import IllegalAction
from engine.game import Game
from engine.log import Entry
from engine.plain import encoded
from engine.registry import get_game
from engine.spec import TableSpec, named_spec
from engine.table import log_records
from engine.upgrade import Upgraded, log_version, upgrade_log
from storage.store import (LOG_VERSION_META, NAMES_META, SETTINGS_META, UPGRADE_NOTES_META, NotSaved,
                           Store, UnreadableTable)

log = logging.getLogger(__name__)

Record = tuple[dict, dict, Any]
"""(entry, link record, snapshot) as storage keeps them."""


def game_and_spec(spec_json: Any, settings: Any = None, names: Any = None) -> tuple[Game, TableSpec]:
    """(game, TableSpec) of a stored or exported spec, with settings changed before the
    first move and the names seats were given since (:data:`NAMES_META`); IllegalAction
    in words."""
    spec = named_spec(TableSpec.from_json(spec_json), names)
    if isinstance(settings, dict) and settings:
        spec = TableSpec(spec.game_id, spec.players, dict(settings))
    return get_game(spec.game_id), spec


def stored_game_and_spec(store: Store, code: str, spec_json: Any) -> tuple[Game, TableSpec]:
    """:func:`game_and_spec` of a stored table, with its meta values."""
    return game_and_spec(spec_json, store.get_meta(code, SETTINGS_META), store.get_meta(code, NAMES_META))


def stored_version(value: Any) -> int:
    """A table's stored log version (anything but a whole number: 0)."""
    return value if type(value) is int and value >= 0 else 0


def upgraded(game: Game, spec: TableSpec, docs: list[dict], version: int) -> Upgraded:
    """A stored log (its entries as JSON, at log ``version``) in today's moves: as it is
    when it is at today's version already. An entry that cannot be read stops it there
    (``problem``), as a move that cannot be upgraded does."""
    entries: list[Entry] = []
    problem = None
    for doc in docs:
        try:
            entries.append(Entry.from_json(doc))
        except (KeyError, TypeError, ValueError, AttributeError):
            problem = f"entry {len(entries) + 1} cannot be read"
            break
    if version >= log_version(game):
        up = Upgraded(entries, len(entries))
    else:
        up = upgrade_log(game, spec, entries)
    if problem is not None and up.problem is None:
        up = Upgraded(up.entries, up.read, problem, up.changed)
    return up


def upgraded_records(game: Game, spec: TableSpec, docs: list[dict], version: int) -> list[Record]:
    """(entry, link, snapshot) of a whole stored log in today's moves, as a Match writes
    them; IllegalAction (``"entry N: ..."``) if it cannot be upgraded."""
    up = upgraded(game, spec, docs, version)
    if up.problem is not None:
        raise IllegalAction(up.problem)
    return list(log_records(game, spec, up.entries))


def upgrade_table(store: Store, code: str) -> Path | None:
    """Bring a stored table's log to its game's version, once (see the module's doc).
    Returns where the original files went (None: nothing was set aside).
    UnreadableTable if the log cannot be upgraded (the table is left as it was);
    IllegalAction if its description cannot be used; NotSaved if the disk refuses."""
    source = store.open_log(code)  # a first-format table is converted (and upgraded) here
    game, spec = stored_game_and_spec(store, code, source.spec())
    today = log_version(game)
    version = stored_version(store.get_meta(code, LOG_VERSION_META, 0))
    if version >= today:
        return None
    _, docs = store.load(code)
    up = upgraded(game, spec, docs, version)
    if up.problem is not None:
        raise UnreadableTable(code, None, f"its log cannot be upgraded ({up.problem})")
    records = list(log_records(game, spec, up.entries))
    if not up.changed and _kept_as_made(source, records):
        try:
            store.set_meta(code, LOG_VERSION_META, today)
        except NotSaved as exc:  # it is checked again next time: nothing is lost
            log.warning("table %s: its log version could not be saved (%s)", code, exc.error)
        return None
    values: dict[str, Any] = {LOG_VERSION_META: today}
    if up.notes:
        values[UPGRADE_NOTES_META] = list(up.notes)
    aside = store.replace_log(code, records, values, len(docs))
    log.info("table %s: its log was upgraded to version %d of %s (%d entries, %d before); "
             "the original is kept in %s", code, today, game.id, len(records), len(docs), aside)
    if up.notes:
        log.warning("table %s: today's rules made %d of its old moves differ from what was "
                    "recorded (kept in its %r value), the first: %s",
                    code, len(up.notes), UPGRADE_NOTES_META, up.notes[0])
    return aside


def _kept_as_made(source: Any, records: list[Record]) -> bool:
    """Whether the stored link records and snapshots are the ones today's engine makes
    for this log (what a table needs to be opened from its end)."""
    for entry, link, snapshot in records:
        rev = entry["rev"]
        if source.link(rev) != link:
            return False
        stored = source.snapshot(rev) if link.get("snap") else None
        if (stored is None) != (snapshot is None):
            return False
        if stored is not None and encoded(stored) != encoded(snapshot):
            return False
    return True
