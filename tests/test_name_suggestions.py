"""Creating a table suggests the names already in the host's book of people: one tap
adds a name, the names typed already are not offered again, typing narrows them."""

from __future__ import annotations

from companion.table.hub import Tables
from companion.table.plays import PlayRecorder
from companion.ui.home import suggested, with_name
from storage.memory import MemoryStore
from storage.plays import PlayBook
from tests.support import run_app
from tests.uitree import taps

PLAYERS = "Players in seat order (clockwise), separated by commas"


def test_the_new_table_form_offers_the_book_s_names(tmp_path):
    book = PlayBook(tmp_path)
    for name in ("Ann", "Bo", "Bob"):
        book.person_for(name)
    tables = Tables(MemoryStore(), recorder=PlayRecorder(book))

    async def test(app):
        host = await app.tab("/", is_host=True, ip="127.0.0.1")
        assert {"Add Ann", "Add Bo", "Add Bob"} <= set(taps(host.tree()))
        await host.tap("Add Bob")
        await host.type(PLAYERS, "Bob, a")
        assert {"Add Ann", "Add Bo", "Add Bob"} & set(taps(host.tree())) == {"Add Ann"}
        await host.tap("Add Ann")
        await host.tap("Create table")
        [record] = app.tables.list()
        assert app.tables.open(record.code).spec.players == ("Bob", "Ann")

    run_app(test, tables)


def test_suggested_names_fit_what_is_typed():
    names = ["Ann", "Bo", "Bob", "Cy"]
    assert suggested(names, "") == names
    assert suggested(names, "Bo, b") == ["Bob"]
    assert suggested(names, "ann ,  ") == ["Bo", "Bob", "Cy"]
    assert with_name("Ann, b", "Bob") == "Ann, Bob, "
    assert with_name("", "Cy") == "Cy, "
