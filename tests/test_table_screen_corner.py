"""The host's screens (issue 37): the table screen shows the table's code and QR in its
corner for late joiners; the host's join page has "All tables" at its top."""

from __future__ import annotations

import flet as ft

from tests.support import run_app
from tests.uitree import walk


def test_the_table_screen_shows_the_code_and_qr_for_late_joiners():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        wide = await app.host(hub, width=1280)
        text = wide.text()
        assert f"Join with table code {hub.code}" in text, text
        images = [c for c in walk(wide.tree()) if isinstance(c, ft.Image)]
        assert any(f"/join/{hub.code}" in (c.semantics_label or "") for c in images)
        narrow = await app.host(hub)  # the host's own phone-sized screen has its Invite tab
        assert f"Join with table code {hub.code}" not in narrow.text()
    run_app(test)


def test_the_hosts_way_back_comes_first_on_the_join_page():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        join = await app.tab(f"/join/{hub.code}", is_host=True, width=1280)
        buttons = [c for c in walk(join.tree()) if isinstance(c, (ft.TextButton, ft.FilledButton, ft.OutlinedButton))]
        assert buttons and buttons[0].content == "All tables", [b.content for b in buttons]
    run_app(test)
