"""The Flet entry point: one :class:`~companion.ui.phone.Phone` per browser tab, its
screens rendered once as components (``page.render``); each tab counted by
:class:`companion.sessions.Sessions` (a cap per device) and let go when Flet closes it."""

from __future__ import annotations

import flet as ft

from companion.context import AppContext
from companion.sockets import peer_address
# Imported before any tab draws: flet_charts keeps the ImportError of its optional
# matplotlib and plotly charts, and that error's traceback holds every frame of the import,
# so the tab whose first table page imported it would never be collected.
from companion.ui import charts  # noqa: F401


def make_main(ctx: AppContext):
    async def main(page: ft.Page) -> None:
        from companion.ui.app import App
        from companion.ui.phone import Phone

        page.title = "Table Companion"
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.scroll = ft.ScrollMode.AUTO
        page.padding = 0
        # the device as the server saw its connection: never page.client_ip, which the
        # phone itself can set (companion/sockets.py)
        session, address = page.session, peer_address()
        if not await ctx.sessions.admit(session, address):
            refuse(page, ctx.sessions.per_address)
            return
        phone = Phone(page, ctx, device=address)

        def closed(e) -> None:
            phone.close()
            ctx.sessions.forget(session, address)

        page.on_close = closed
        # A session is never resumed (assets/comeback.js reloads the page instead): once its
        # connection ends, its table listeners go (the session itself expires later).
        page.on_disconnect = lambda e: phone.close()
        page.update()  # registers the storage service with the client before it is asked
        await phone.start()
        page.render(App, phone)

    return main


def refuse(page: ft.Page, pages: int) -> None:
    """A page past the device's cap: said in words, and let go as soon as it is left."""
    from companion.sessions import REFUSED

    title, text = REFUSED

    async def let_go(e) -> None:
        page.on_disconnect = None  # (disconnect dispatches this event again)
        await page.session.disconnect(0)

    page.on_disconnect = let_go
    page.add(ft.Text(title, size=24, weight=ft.FontWeight.BOLD), ft.Text(text.format(n=pages), size=18))
