"""Abandoned sessions are let go (issue 22, point 4): on real Flet sessions and the real hub.

A closed session (what Flet's evictor does after the grace period) leaves every hub and
the host's table list and its Phone is collected; a device past its cap lets its oldest
disconnected page go, or is refused in words when every page is still open.
"""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from datetime import datetime, timezone

from companion.server.flet_entry import make_main
from companion.flet_runtime.sessions import GRACE_S, REFUSED, Sessions
from companion.server.sockets import PEER
from tests.flet_sessions import FakeConnection, new_flet_session
from tests.support import run_app
from tests.uitree import all_text


def test_a_closed_session_leaves_the_hubs_and_its_phone_is_collected():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        # each tab opened in a task of its own, as flet-web opens each in its websocket's task
        # (a tab sets Flet's current page in the context it was opened in)
        tabs = [await asyncio.create_task(opening) for opening in (
            app.seat(hub, 0), app.watcher(hub), app.tab(f"/join/{hub.code}"), app.tab("/", is_host=True))]
        assert hub.listening() == 3 and app.tables.watching() == 1  # the positive control
        phones = [weakref.ref(tab.phone) for tab in tabs]
        for session in [tab.session for tab in tabs]:
            session.close()  # as Flet's evictor closes an expired session
        await tabs[0].settle()
        assert hub.listening() == 0 and app.tables.watching() == 0
        del tabs, session
        deadline = time.monotonic() + 10  # work a tab had started (a read off the loop) ends first
        while any(p() is not None for p in phones):
            assert time.monotonic() < deadline, [p() for p in phones]
            gc.collect()
            await asyncio.sleep(0.05)
    run_app(test)


def sessions_of(app, n: int) -> list:
    return [new_flet_session(FakeConnection(app.loop, app.executor, app.pubsub), "/") for _ in range(n)]


def test_past_the_cap_the_oldest_disconnected_page_of_that_device_is_let_go():
    async def test(app):
        sessions = Sessions(per_address=3)
        a, b, c, d, e = sessions_of(app, 5)
        for s in (a, b, c):
            assert await sessions.admit(s, "192.168.1.20")
        assert await sessions.admit(e, "192.168.1.21")  # another device has its own count
        await b.disconnect(GRACE_S)
        await a.disconnect(GRACE_S)
        assert await sessions.admit(d, "192.168.1.20")
        # b left first but a is older: a expires now (Flet's evictor closes it), b keeps its grace
        assert a.expires_at is not None and b.expires_at is not None
        assert (a.expires_at - b.expires_at).total_seconds() < -GRACE_S + 60
        assert sessions.count("192.168.1.20") == 3 and sessions.count() == 4
        sessions.forget(a, "192.168.1.20")
        assert sessions.count("192.168.1.20") == 3
    run_app(test)


def test_a_page_that_lets_an_old_one_go_stays_the_page_it_draws_on():
    """Flet makes the session whose event it dispatches the current page of the task that
    dispatches it: the old page's disconnect, awaited in the new page's own task, made the
    old page the new one's, and the host's 25th reload drew a blank screen (issue 36)."""
    import flet as ft

    def current():
        try:
            return ft.context.page
        except RuntimeError:
            return None

    async def test(app):
        sessions = Sessions(per_address=1)
        old, new = sessions_of(app, 2)
        assert await sessions.admit(old, "192.168.1.20")
        await asyncio.create_task(old.disconnect(GRACE_S))  # the phone reloaded: its old page left

        async def opening():  # the new page's main, in a task of its own as flet-web runs it
            before = current()
            assert await sessions.admit(new, "192.168.1.20")
            assert old.expires_at <= datetime.now(timezone.utc)  # the old page was let go
            return before, current()

        before, after = await asyncio.create_task(opening())
        assert after is before and after is not old.page
    run_app(test)


def test_a_device_whose_pages_are_all_open_is_refused_in_words_and_let_go_when_it_leaves():
    async def test(app):
        app.ctx.sessions = Sessions(per_address=1)
        first, second = sessions_of(app, 2)
        assert await app.ctx.sessions.admit(first, "192.168.1.20")  # a page still open
        PEER.set("192.168.1.20")  # its socket's address, as companion/server/sockets.py sets it
        await make_main(app.ctx)(second.page)
        text = all_text(second.page.controls)
        assert REFUSED[0] in text and "Close one, then reload" in text
        assert app.ctx.sessions.count() == 1
        await second.disconnect(GRACE_S)  # the phone left the refusal: no grace for it
        deadline = time.monotonic() + 5
        while not (second.expires_at and second.expires_at <= datetime.now(timezone.utc)):
            assert time.monotonic() < deadline, "the refused page was kept for its grace"
            await asyncio.sleep(0.01)
    run_app(test)
