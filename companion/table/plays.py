"""Plays recorded as games end: what the table's hub hands the book of people.

A play is recorded when a game ends (the move that made ``is_over`` true), from what
every phone saw at that end: the game's ``result`` and public view
(:func:`engine.plays.outcome.outcome`), never a seat's private part. An abandoned game
never ends and is no play. If the end is undone and the game ends again, the new end's
play replaces the first (one play per table); an undo alone leaves the play as it was.
Deleting a table keeps its play.

The length is from the table's first action to its end: the hub notes the first
action's time in the table (:data:`STARTED_META`); a table from before that note is
timed from its creation. Finished tables on disk that have no play yet are recorded
once, when the host starts (:func:`backfill`); its marker is kept with the plays.
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import Any, Iterable

from companion.table.codes import new_token, token_hash, token_matches
from engine.plays.outcome import outcome
from storage import StorageError
from storage.plays import PlayBook, folded

log = logging.getLogger(__name__)

STARTED_META = "started"
"""The meta value holding when a table's first action was made (UTC, ISO-8601)."""
PEOPLE_META = "people"
"""The meta value holding the book's person of each seat a phone sat in: {seat: id}."""


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def minutes_between(start: str | None, end: str) -> int:
    try:
        seconds = (datetime.fromisoformat(end) - datetime.fromisoformat(start or end)).total_seconds()
    except (TypeError, ValueError):
        return 0
    return max(0, round(seconds / 60))


def play_of_match(code: str, match: Any, started: str | None, ended: str,
                  people: dict | None = None) -> dict:
    """The play a finished match leaves (``people``: a person id by seat, as text)."""
    game_id = match.game.id
    found = outcome(game_id, list(match.spec.players), match.game.result(match.state) or {},
                    match.public())
    for seat in found["people"]:
        seat["person"] = (people or {}).get(str(seat["seat"]))
    return {"table": code, "game": game_id, "settings": dict(match.spec.settings),
            "ended": ended, "minutes": minutes_between(started, ended),
            "lowest_wins": found["lowest_wins"], "people": found["people"]}


class PlayRecorder:
    """Records a table's play in the book when its game ends."""

    def __init__(self, book: PlayBook):
        self.book = book

    def ended(self, hub: Any, ended: str | None = None, created: str | None = None) -> dict | None:
        """Record ``hub``'s play (its game is over; ``created``: when the table was made,
        for a table whose first action's time was never kept); a failure is logged,
        never raised: the move that ended the game is kept whatever becomes of its play."""
        try:
            store = hub.store
            started = store.get_meta(hub.code, STARTED_META) or created
            play = play_of_match(hub.code, hub.match, started, ended or utc_now(),
                                 store.get_meta(hub.code, PEOPLE_META))
            return self.book.record(play)
        except Exception:
            log.exception("table %s: its play could not be recorded", hub.code)
            return None


def backfill(recorder: PlayRecorder, tables: Any, records: Iterable[Any]) -> int:
    """Record every finished table on disk that has no play yet, once per data folder
    (its marker is kept with the plays): how many plays were recorded."""
    book = recorder.book
    if book.backfilled():
        return 0
    added = 0
    for record in records:
        if record.status != "finished" or book.play_of(record.code) is not None:
            continue
        try:
            hub = tables.open(record.code)
        except Exception:
            log.warning("table %s: not read for its play", record.code)
            continue
        if hub.is_over() and recorder.ended(hub, record.updated or utc_now(), record.created) is not None:
            added += 1
    book.mark_backfilled(utc_now())
    return added


# -- the phone that sits is linked to its person ---------------------------------------
def phone_person(book: PlayBook, name: str, held: tuple[str | None, str | None]) -> tuple[str, str | None]:
    """(the person a phone sitting in a seat called ``name`` is, a new secret token for
    the phone to keep or None). The person the phone holds (``held``: their id and the
    token the book gave it) when the token is theirs and the seat has their name; else
    the book's person of that name, whose token the phone is given if no phone holds
    one yet. Anyone's phone may sit in a seat called Ann (the play counts for Ann), but
    only the phone holding Ann's token is Ann's: an id alone, or a made-up token, is no one."""
    person_id, token = held
    if person_id and token:
        try:
            if token_matches(token, book.token_hash(person_id)) and folded(book.name_of(person_id)) == folded(name):
                return book.resolve(person_id), None
        except StorageError:
            pass  # a person merged away or never in this book: found by name below
    found = book.person_for(name)
    given = new_token()
    return (found, given) if book.claim(found, token_hash(given)) else (found, None)


def link_seat(book: PlayBook, hub: Any, seat: int, seat_token: str,
              held: tuple[str | None, str | None]) -> tuple[str, str] | None:
    """The phone that just sat in ``seat`` (``seat_token``: its seat's token) linked to
    its person (:func:`phone_person`), who the table's play counts the seat for: (their
    id, a new token) for the phone to keep, None when it keeps what it holds. A failure
    is logged, never raised: the phone holds its seat whatever becomes of the link."""
    try:
        person, given = phone_person(book, hub.spec.players[seat], held)
        book.link_phone(person, token_hash(seat_token))
        with hub.lock:
            people = dict(hub.store.get_meta(hub.code, PEOPLE_META) or {})
            hub.store.set_meta(hub.code, PEOPLE_META, {**people, str(seat): person})
    except StorageError as exc:
        log.warning("table %s: seat %s not linked to its person: %s", hub.code, seat, exc)
        return None
    return (person, given) if given else None


# -- a table's export carries its play ------------------------------------------------
PLAY_KEY = "play"
"""The export's optional key holding the table's play (an older export has none)."""


def with_play(export: dict, book: PlayBook | None) -> dict:
    """A table's export with its play, if it has one (the people as the book names them now)."""
    play = book.play_of(export["code"]) if book is not None else None
    if play is None:
        return export
    names = {p["person"]: p["name"] for p in book.plays_now([play])[0]["people"]}
    play["people"] = [{**seat, "name": names.get(seat["person"], seat["name"])} for seat in play["people"]]
    return {**export, PLAY_KEY: play}


def imported_play(recorder: PlayRecorder, tables: Any, code: str, export: dict) -> dict | None:
    """The play of a table just imported as ``code``: the one its export carried (its
    people found in this book by name), else recorded from its end if it is finished."""
    carried = export.get(PLAY_KEY)
    if isinstance(carried, dict) and isinstance(carried.get("people"), list):
        try:
            play = {**carried, "table": code,
                    "people": [{**seat, "person": None} for seat in carried["people"]]}
            return recorder.book.record(play)
        except (KeyError, TypeError, ValueError):
            log.warning("table %s: the play its export carried is not one", code)
    hub = tables.open(code)
    return recorder.ended(hub, created=export.get("created")) if hub.is_over() else None


def open_book(folder: Any) -> PlayRecorder:
    """The recorder of the data folder's book of plays (StorageError if it cannot be read)."""
    return PlayRecorder(PlayBook(folder))
