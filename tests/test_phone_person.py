"""A phone that sits is linked to its person in the host's book: it keeps the person's id
and a secret token (the book keeps only its hash), the table's play counts its seat for
that person, and nobody else's phone can claim the person's id."""

from __future__ import annotations

from companion.table.codes import token_matches
from companion.table.hub import HOST, Tables
from companion.table.plays import PEOPLE_META, PlayRecorder
from storage.memory import MemoryStore
from storage.plays import PlayBook
from tests.support import ann_sits, run_app, until


def tables_with_book(tmp_path) -> Tables:
    return Tables(MemoryStore(), recorder=PlayRecorder(PlayBook(tmp_path)))


def test_a_phone_that_sits_keeps_its_person_and_the_play_counts_for_them(tmp_path):
    tables = tables_with_book(tmp_path)
    book = tables.recorder.book

    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        ann = await ann_sits(app, hub)
        person, token = ann.phone.storage["person.id"], ann.phone.storage["person.token"]
        assert person == book.find("Ann") and token_matches(token, book.token_hash(person))
        assert book.token_hash(person) != token  # the book keeps the hash, never the token
        assert hub.store.get_meta(hub.code, PEOPLE_META) == {"0": person}

        later = app.create("scorepad", ["Ann", "Cy"])
        again = await ann_sits(app, later, dict(ann.phone.storage))
        assert later.store.get_meta(later.code, PEOPLE_META) == {"0": person}
        assert again.phone.storage["person.token"] == token  # the same person, the same token
        later.act(HOST, "points", {"points": 3}, seat=0)
        later.act(HOST, "finish", {})
        assert book.play_of(later.code)["people"][0]["person"] == person

    run_app(test, tables)


def test_nobody_else_s_phone_can_claim_a_person_s_id(tmp_path):
    """A phone that sends Ann's id with a made-up token, or sits in a seat called Ann
    after Ann's phone did, is not given Ann's token: only Ann's phone holds it."""
    tables = tables_with_book(tmp_path)
    book = tables.recorder.book

    async def test(app):
        ann = await ann_sits(app, app.create("scorepad", ["Ann", "Bo"]))
        ann_id, ann_token = ann.phone.storage["person.id"], ann.phone.storage["person.token"]

        thief = await ann_sits(app, app.create("scorepad", ["Ann", "Bo"]),
                               {"person.id": ann_id, "person.token": "guess"})
        assert thief.phone.storage.get("person.token") == "guess"  # given nothing
        assert token_matches(ann_token, book.token_hash(ann_id)) and not token_matches("guess", book.token_hash(ann_id))

        third = app.create("scorepad", ["Ann", "Bo"])
        other = await ann_sits(app, third)
        assert "person.token" not in other.phone.storage and "person.id" not in other.phone.storage

        bo = await app.tab(f"/join/{third.code}")
        await bo.tap("Sit as Bo")
        await until(lambda: "person.id" in bo.phone.storage, "Bo's phone given his person")
        assert bo.phone.storage["person.id"] == book.find("Bo") != ann_id

    run_app(test, tables)
