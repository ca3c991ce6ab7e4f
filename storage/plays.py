"""The book of people and the plays they played, under the data folder's ``plays/``::

    plays/plays.jsonl    every play, appended as it is recorded (one journal line each)
    plays/people.jsonl   the book: each person's id, name, phones, token hash, merges

Both are TinyDB databases kept by :class:`storage.journal.JournalStorage`: a write is one
checksummed line, fsynced before the call returns; one lock covers both (TinyDB is not
thread-safe; another process's write is caught as a changed file and refused).

A play is keyed by its table's code: recording a table's play again (its end undone
and played differently) appends the new one, which replaces the old; deleting a play
appends a tombstone. The plays, read once and then kept in memory, are the summary the
statistics are counted from: no table's log is read for them. If the plays file is
lost, the backfill (:mod:`companion.table.plays`) rebuilds it from the finished tables on disk,
since its "done" marker is kept in the same file.

A person's id is handed to the phone with a secret token (the phone keeps both, as it
keeps its seat's); the book keeps only the token's hash, so nobody else's phone can
claim that person. Merging keeps both records: the merged one points at the one kept,
and every play of either counts for the kept one, under its name.
"""

from __future__ import annotations

import heapq
import secrets
import threading
from pathlib import Path
from typing import Iterable

from tinydb import TinyDB
from tinydb.table import Document

from engine.plays.stats import Summary
from storage.durable import CorruptFile, private_folders
from storage.journal import JournalStorage
from storage.store import NotSaved, StorageError, json_copy
from storage.tables import SegmentDB

FOLDER = "plays"
PLAYS_FILE = "plays.jsonl"
PEOPLE_FILE = "people.jsonl"
BACKFILLED = "backfilled"
NAME_MAX = 40


class BookError(StorageError):
    """A change to the book that cannot be made (an unknown person, a name taken): the
    message says why in words, and nothing changed."""


def folded(name: str) -> str:
    return " ".join(str(name).split()).casefold()


class PlayBook:
    """The people and the plays of one data folder. Thread-safe; one per process."""

    def __init__(self, data_dir: Path | str):
        folder = Path(data_dir) / FOLDER
        try:
            private_folders(folder)
        except OSError as exc:
            raise StorageError(f"{folder} cannot be made: {exc.strerror or exc}") from None
        self._lock = threading.RLock()
        self._plays_db = SegmentDB(folder / PLAYS_FILE, storage=JournalStorage,
                                   append_only=("plays", "meta"))
        self._people_db = TinyDB(folder / PEOPLE_FILE, storage=JournalStorage)
        try:
            self._plays_db.storage.load()
            self._people_db.storage.load()
        except CorruptFile as exc:
            raise StorageError(f"the plays in {folder} cannot be read: {exc}") from None
        found = self._people_db.table("people").all()
        self._people = {doc["id"]: dict(doc) for doc in found}
        self._doc_ids = {doc["id"]: doc.doc_id for doc in found}
        self._by_name: dict[str, str] = {}
        self._index_names()
        self._plays: dict[str, dict] = {}
        self._order: dict[str, int] = {}  # table -> when its play first came, for equal ends
        self._next_order = 0
        self._summary = Summary()
        self._next_id = 1
        for doc in sorted(self._plays_db.table("plays").all(), key=lambda d: d.doc_id):
            self._take(doc)
            self._next_id = doc.doc_id + 1

    def close(self) -> None:
        with self._lock:
            self._plays_db.close()
            self._people_db.close()

    # -- the plays ---------------------------------------------------------------------
    def _take(self, doc: dict) -> None:
        """``doc`` (a play or a play's tombstone) kept in memory and in the summary."""
        code = doc["table"]
        earlier = self._plays.pop(code, None) if doc.get("deleted") else self._plays.get(code)
        if earlier is not None:
            self._summary.remove(self._as_now(earlier), self._order[code])
        if doc.get("deleted"):
            self._order.pop(code, None)
            return
        self._plays[code] = dict(doc)
        if code not in self._order:
            self._order[code] = self._next_order
            self._next_order += 1
        self._summary.add(self._as_now(doc), self._order[code])

    def _recount(self) -> None:
        """The summary counted again from the plays (after people were merged)."""
        self._summary = Summary()
        for code, play in self._plays.items():
            self._summary.add(self._as_now(play), self._order[code])

    def statistics(self) -> dict:
        """:func:`engine.plays.stats.statistics` of every play, people by their id now,
        from the summary kept as plays are recorded (no play is counted again)."""
        with self._lock:
            return self._summary.statistics()

    def _append(self, doc: dict) -> None:
        try:
            self._plays_db.table("plays").insert(Document(doc, doc_id=self._next_id))
        except OSError as exc:
            raise NotSaved(doc.get("table"), exc) from None
        self._next_id += 1
        self._take(doc)

    def record(self, play: dict) -> dict:
        """Keep ``play`` (its table's earlier play, if any, replaced); each seat without
        a ``person`` is the book's person of that name (one is made if there is none)."""
        with self._lock:
            play = json_copy(play, "play")
            for seat in play["people"]:
                known = seat.get("person") in self._people
                seat["person"] = seat["person"] if known else self.person_for(seat["name"])
            self._append(play)
            return json_copy(play, "play")

    def delete(self, code: str) -> bool:
        with self._lock:
            if code not in self._plays:
                return False
            self._append({"table": code, "deleted": True})
            return True

    def play_of(self, code: str) -> dict | None:
        with self._lock:
            play = self._plays.get(code)
            return None if play is None else json_copy(play, "play")

    def plays(self) -> list[dict]:
        """Every play, newest first, each seat's ``person`` the one it counts for now
        (merges followed) and ``name`` that person's name now."""
        with self._lock:
            ordered = sorted(self._plays.values(), key=lambda p: p.get("ended") or "", reverse=True)
            return self.plays_now(ordered)

    def latest(self, count: int) -> list[dict]:
        """The newest ``count`` plays, as :meth:`plays` gives them (only those looked at)."""
        with self._lock:
            newest = heapq.nlargest(count, self._plays.values(), key=lambda p: p.get("ended") or "")
            return self.plays_now(newest)

    def plays_now(self, plays: Iterable[dict]) -> list[dict]:
        """``plays`` with each seat's person and name as the book has them now."""
        with self._lock:
            return [self._as_now(play) for play in plays]

    def _as_now(self, play: dict) -> dict:
        people = []
        for seat in play["people"]:
            person = self.resolve(seat["person"])
            known = self._people.get(person)
            people.append({**seat, "person": person, "name": known["name"] if known else seat["name"]})
        return {**play, "people": people}

    def backfilled(self) -> bool:
        with self._lock:
            return self._plays_db.table("meta").contains(doc_id=1)

    def mark_backfilled(self, stamp: str) -> None:
        with self._lock:
            if not self.backfilled():
                self._plays_db.table("meta").insert(Document({BACKFILLED: stamp}, doc_id=1))

    # -- the people --------------------------------------------------------------------
    def people(self) -> list[dict]:
        """The people in the book (merged ones left out), by name."""
        with self._lock:
            return sorted((self._shown(p) for p in self._people.values() if not p.get("merged_into")),
                          key=lambda p: folded(p["name"]))

    @staticmethod
    def _shown(person: dict) -> dict:
        return {"id": person["id"], "name": person["name"], "phones": len(person.get("phones", []))}

    def resolve(self, person_id: str) -> str:
        """The person ``person_id`` counts as now (merges followed)."""
        with self._lock:
            seen = set()
            while self._people.get(person_id, {}).get("merged_into") and person_id not in seen:
                seen.add(person_id)
                person_id = self._people[person_id]["merged_into"]
            return person_id

    def find(self, name: str) -> str | None:
        """The id of the person called ``name`` (any case and spacing; a merged-away
        name finds the person it was merged into)."""
        with self._lock:
            found = self._by_name.get(folded(name))
            return None if found is None else self.resolve(found)

    def _index_names(self) -> None:
        """Each name (folded) to the first person who had it."""
        self._by_name = {}
        for person in self._people.values():
            self._by_name.setdefault(folded(person["name"]), person["id"])

    def person_for(self, name: str, token_hash: str | None = None) -> str:
        """The id of the person called ``name``, made if there is none."""
        with self._lock:
            found = self.find(name)
            if found is not None:
                return found
            person = {"id": "p" + secrets.token_hex(8), "name": self._checked(name),
                      "phones": [], "token_hash": token_hash, "merged_into": None}
            self._save(person)
            return person["id"]

    def _checked(self, name: str) -> str:
        name = " ".join(str(name).split())
        if not name or len(name) > NAME_MAX:
            raise BookError(f"A person's name has 1 to {NAME_MAX} characters")
        return name

    def _save(self, person: dict) -> None:
        try:
            self._people_db.table("people").upsert(Document(person, doc_id=self._doc_id(person["id"])))
        except OSError as exc:
            raise NotSaved(None, exc) from None
        self._people[person["id"]] = json_copy(person, "person")
        self._index_names()

    def _doc_id(self, person_id: str) -> int:
        if person_id not in self._doc_ids:
            self._doc_ids[person_id] = max(self._doc_ids.values(), default=0) + 1
        return self._doc_ids[person_id]

    def _person(self, person_id: str) -> dict:
        person = self._people.get(person_id)
        if person is None or person.get("merged_into"):
            raise BookError("There is no such person in the book")
        return dict(person)

    def token_hash(self, person_id: str) -> str | None:
        with self._lock:
            return self._person(self.resolve(person_id)).get("token_hash")

    def claim(self, person_id: str, token_hash: str) -> bool:
        """Give ``person_id`` its phone's token (its hash) if no phone has one yet: the
        first phone to sit as a person holds them; False when one already does."""
        with self._lock:
            person = self._person(self.resolve(person_id))
            if person.get("token_hash"):
                return False
            self._save({**person, "token_hash": token_hash})
            return True

    def name_of(self, person_id: str) -> str:
        with self._lock:
            return self._person(self.resolve(person_id))["name"]

    def link_phone(self, person_id: str, phone_hash: str) -> None:
        """A phone (its seat token's hash) sat as this person."""
        with self._lock:
            person = self._person(self.resolve(person_id))
            if phone_hash not in person["phones"]:
                self._save({**person, "phones": person["phones"] + [phone_hash]})

    def rename(self, person_id: str, name: str) -> None:
        with self._lock:
            person = self._person(person_id)
            name = self._checked(name)
            other = self.find(name)
            if other is not None and other != person_id:
                raise BookError(f"{self._people[other]['name']} is another person in the book: merge them instead")
            self._save({**person, "name": name})

    def merge(self, merged_id: str, kept_id: str) -> None:
        """``merged_id`` was ``kept_id`` all along: its plays and phones become theirs."""
        with self._lock:
            merged, kept = self._person(merged_id), self._person(kept_id)
            if merged_id == kept_id:
                raise BookError("A person cannot be merged with themselves")
            phones = kept["phones"] + [p for p in merged["phones"] if p not in kept["phones"]]
            self._save({**kept, "phones": phones, "token_hash": kept["token_hash"] or merged["token_hash"]})
            self._save({**merged, "merged_into": kept_id})
            self._recount()

    # -- a copy (the host's backup) ------------------------------------------------------
    def export(self) -> dict:
        with self._lock:
            return json_copy({"people": list(self._people.values()),
                              "plays": list(self._plays.values())}, "plays")

    def restore(self, copy: dict, replace: bool = False) -> int:
        """The people and plays of :meth:`export` kept here (a play already here kept,
        unless ``replace``): how many plays were added."""
        with self._lock:
            for person in copy.get("people") or []:
                if person["id"] not in self._people:
                    self._save(dict(person))
            self._recount()
            added = 0
            for play in copy.get("plays") or []:
                if replace or play["table"] not in self._plays:
                    self._append(dict(play))
                    added += 1
            return added


def plays_of(plays: Iterable[dict], game: str | None = None, person: str | None = None) -> list[dict]:
    """The plays of ``game`` with ``person`` in them (None: any)."""
    return [p for p in plays if (game is None or p["game"] == game)
            and (person is None or any(s["person"] == person for s in p["people"]))]
