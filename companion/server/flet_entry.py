"""The Flet entry point: one :class:`~companion.ui.phone.Phone` per browser tab, its
screens rendered once as components (``page.render``); each tab counted by
:class:`companion.flet_runtime.sessions.Sessions` (a cap per device) and let go when Flet closes it."""

from __future__ import annotations

import asyncio

import flet as ft

from companion.flet_runtime import quiet_gc
from companion.flet_runtime.sessions import Sessions
from companion.table.context import AppContext
from companion.server.sockets import peer_address
# Imported before any tab draws: flet_charts keeps the ImportError of its optional
# matplotlib and plotly charts, and that error's traceback holds every frame of the import,
# so the tab whose first table page imported it would never be collected.
from companion.ui import charts  # noqa: F401


LEAVING_S = 1.0
"""How long after an error a starting page waits to hear that its phone left. flet-web
closes a page's sending side as soon as the phone's websocket closes, and tells the session
a few turns of the loop later: whatever the page sends in between fails. An error in that
time is the phone leaving, not a fault (and no traceback is logged for it)."""


def make_main(ctx: AppContext):
    if ctx.sessions is None:
        ctx.sessions = Sessions.from_env()

    async def main(page: ft.Page) -> None:
        from companion.ui.phone import Phone

        page.title = "Table Companion"
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.scroll = ft.ScrollMode.AUTO
        page.padding = 0
        # the device as the server saw its connection: never page.client_ip, which the
        # phone itself can set (companion/server/sockets.py)
        session, address = page.session, peer_address()
        starting = asyncio.current_task()
        left = asyncio.Event()
        phone: Phone | None = None

        def disconnected(e) -> None:
            left.set()
            if phone is not None:
                phone.close()  # its table listeners go: a session is never resumed (below)

        def closed(e) -> None:
            nonlocal starting
            disconnected(e)
            ctx.sessions.forget(session, address)
            quiet_gc.page_let_go()  # its memory comes back with the next full collection
            if starting is not None:
                starting.cancel()  # a start still waiting on the phone would hold the whole page
                starting = None

        page.on_close = closed
        # A session is never resumed (assets/comeback.js connects again as a new session):
        # once its connection ends, its table listeners go (the session itself expires later).
        page.on_disconnect = disconnected
        try:
            if await ctx.sessions.admit(session, address):
                phone = Phone(page, ctx, device=address)
                await start(page, phone, left)
            else:
                refuse(page, ctx.sessions.per_address, left)
        except Exception:
            if not await phone_left(left):
                raise
        finally:
            starting = None  # started (or not): the page keeps no hold on this task
        if left.is_set() or session.connection is None:
            # flet-web's step after main() fails on a connection that has ended (with a
            # traceback); a start called off ends quietly
            raise asyncio.CancelledError("the phone left while its page started")

    return main


async def start(page: ft.Page, phone, left: asyncio.Event) -> None:
    """Ask the phone what it keeps, then draw its first screen (unless it left meanwhile)."""
    from companion.ui.app import App

    if left.is_set():
        phone.close()  # it left while it was being counted: nothing is asked of it
    page.update()  # registers the storage service with the client before it is asked
    await phone.start()
    if not phone.closed:
        page.render(App, phone)


async def phone_left(left: asyncio.Event) -> bool:
    """Whether the page's phone has left, or leaves within :data:`LEAVING_S`."""
    try:
        await asyncio.wait_for(left.wait(), LEAVING_S)
    except TimeoutError:
        return False
    return True


def refuse(page: ft.Page, pages: int, left: asyncio.Event) -> None:
    """A page past the device's cap: said in words, and let go as soon as it is left."""
    from companion.flet_runtime.sessions import REFUSED

    title, text = REFUSED

    async def let_go(e) -> None:
        left.set()
        page.on_disconnect = None  # (disconnect dispatches this event again)
        await page.session.disconnect(0)

    page.on_disconnect = let_go
    page.add(ft.Text(title, size=24, weight=ft.FontWeight.BOLD), ft.Text(text.format(n=pages), size=18))
