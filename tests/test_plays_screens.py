"""**Plays** on the host's screen (everyone's statistics, plays per month drawn as a
chart, renaming and merging people) and **My plays** on a phone (its own person's
statistics only, never someone else's)."""

from __future__ import annotations

import flet_charts as fch

from companion.table.hub import HOST, Tables
from companion.table.plays import PlayRecorder
from storage.memory import MemoryStore
from storage.plays import PlayBook
from tests.support import ann_sits, run_app, until


def finished_pad(tables, names, points):
    hub = tables.create("scorepad", names)
    for seat, value in enumerate(points):
        hub.act(HOST, "points", {"points": value}, seat=seat)
    hub.act(HOST, "finish", {})
    return hub


def bar_charts(tab) -> list:
    from tests.uitree import walk

    return [control for control in walk(tab.tree()) if isinstance(control, fch.BarChart)]


def test_the_host_sees_everyone_s_plays_with_a_chart_and_merges_and_renames_people(tmp_path):
    tables = Tables(MemoryStore(), recorder=PlayRecorder(PlayBook(tmp_path)))
    book = tables.recorder.book
    finished_pad(tables, ["Bo", "Cy"], [5, 1])
    finished_pad(tables, ["Bob", "Cy"], [7, 2])

    async def test(app):
        host = await app.tab("/plays", is_host=True, ip="127.0.0.1")
        await until(lambda: "People" in host.text(), "the plays counted")
        assert "Bo: 1 plays, 1 wins (100%)" in host.text() and "Cy: 2 plays, 0 wins (0%)" in host.text()
        per_month, by_seat = bar_charts(host)
        assert [[rod.to_y for rod in group.rods] for group in per_month.groups] == [[2]]  # one month, 2 plays
        assert [[rod.to_y for rod in group.rods] for group in by_seat.groups] == [[2, 0]]  # seat 1 won both

        await host.tap("Merge Bo")
        assert await host.reply("Dee") == "Nobody called Dee has played here"
        await host.tap("Merge Bo")
        assert await host.reply("Bob") is None
        await until(lambda: "Bob: 2 plays, 2 wins (100%)" in host.text(), "Bo and Bob counted as one")
        await host.tap("Rename Bob")
        assert await host.reply("cy") == "Cy is another person in the book: merge them instead"
        await host.tap("Rename Bob")
        assert await host.reply("Robert") is None
        await until(lambda: "Robert: 2 plays, 2 wins (100%)" in host.text(), "Bob renamed")
        assert book.find("Bo") == book.find("Robert")

    run_app(test, tables)


def test_a_phone_sees_only_its_own_person_s_plays(tmp_path):
    tables = Tables(MemoryStore(), recorder=PlayRecorder(PlayBook(tmp_path)))

    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        ann = await ann_sits(app, hub)
        hub.act(HOST, "points", {"points": 4}, seat=0)
        hub.act(HOST, "points", {"points": 9}, seat=1)
        hub.act(HOST, "finish", {})

        mine = await app.tab("/plays", storage=dict(ann.phone.storage))
        await until(lambda: "My plays: Ann" in mine.text(), "Ann's plays shown")
        assert "1 plays, 0 wins (0%)" in mine.text() and "Loses most to: Bo" in mine.text()
        assert "Bo: " not in mine.text() and "Merge" not in mine.text()

        stranger = await app.tab("/plays", storage={"person.id": ann.phone.storage["person.id"],
                                                    "person.token": "guess"})
        await until(lambda: "not sat at a table" in stranger.text(), "the stranger shown nothing")
        assert "Ann" not in stranger.text()

    run_app(test, tables)
