"""A tap right after the last key acts on the text as typed. Flet re-renders in a scheduler
of its own: a busy host can read the last key and the tap in one go, before the screen was
drawn again, and a handler reading the state of the render before that key created the
table "Ann, B" for "Ann, Bo" (seen in the browser tests on a loaded machine)."""

from __future__ import annotations

import asyncio

import flet as ft

from tests.browser.frames import decode, shown_values
from tests.flet_sessions import control_id
from tests.support import run_app
from tests.uitree import taps


async def key_then_tap(tab, label: str, text: str, button: str) -> None:
    """The field's last change and the tap read in one go, as Flet's server does with two
    messages that arrived together: each event becomes a task of its own, both made before
    either runs (``flet_web``'s ``FletApp``), so the tap's task runs before the re-render."""
    box = tab.find(lambda c: isinstance(c, ft.TextField) and c.label == label)
    tapped = taps(tab.tree())[button]
    tab.session.apply_patch(control_id(box), {"value": text})
    asyncio.create_task(tab.session.dispatch_event(control_id(box), "change", None))
    # the tap's handler goes on to the next page, which this fake phone never answers
    asyncio.create_task(tab.session.dispatch_event(control_id(tapped), "click", None))
    await tab.settle(80)


PLAYERS = "Players in seat order (clockwise), separated by commas"


def test_create_table_takes_the_names_as_typed_to_the_last_key():
    async def test(app):
        host = await app.tab("/", is_host=True, ip="127.0.0.1")
        await host.type(PLAYERS, "Ann, B")
        await key_then_tap(host, PLAYERS, "Ann, Bo", "Create table")
        [record] = app.tables.list()
        assert record.spec["players"] == ["Ann", "Bo"]

    run_app(test)


def test_join_takes_the_code_as_typed_to_the_last_key():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        phone = await app.tab("/")
        await phone.type("Table code", hub.code[:-1])
        await key_then_tap(phone, "Table code", hub.code, "Join")
        for _ in range(50):  # the route follows a frame drawn at the page's top (Phone.go)
            asked = [v for frame in phone.conn.sent if (m := decode(frame)) for v in shown_values(m)]
            if f"/join/{hub.code}" in asked:
                break
            await phone.settle()
        assert f"/join/{hub.code}" in asked  # the phone was sent to the table's page
        assert "not a table code" not in phone.text()

    run_app(test)


def test_each_start_page_keeps_its_own_choices():
    """Picking a game shows that game's settings, on that tab only."""
    async def test(app):
        host = await app.tab("/", is_host=True, ip="127.0.0.1")
        other = await app.tab("/", is_host=True, ip="127.0.0.1")
        await host.pick("Game", "paisho")
        await host.type(PLAYERS, "Ann, Bo")
        assert "Harmony points to win" in host.text() and "Pai Sho" in host.text()
        assert "Harmony points to win" not in other.text()
        box = other.find(lambda c: isinstance(c, ft.TextField) and c.label == PLAYERS)
        assert box.value == ""

    run_app(test)
