"""What the in-process phones (tests/flet_sessions.py) take from Flet's internals, checked
loudly: if a Flet upgrade changes either, these fail by name, not the screen tests at random."""

from __future__ import annotations

import flet as ft

from tests.support import run_app


def test_a_control_is_known_to_its_session_by_control_id_and_the_page_is_flets_context():
    from tests.flet_sessions import control_id

    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        tab = await app.seat(hub, 0)
        assert ft.context.page is tab.page  # what _context_page was set to
        button = tab.find(lambda c: isinstance(c, ft.Button))
        assert button is not None and tab.session.index.get(control_id(button)) is button
    run_app(test)
