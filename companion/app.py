"""The Flet entry point: one :class:`~companion.ui.phone.Phone` per browser tab, its
screens rendered once as components (``page.render``)."""

from __future__ import annotations

import flet as ft

from companion.context import AppContext


def make_main(ctx: AppContext):
    async def main(page: ft.Page) -> None:
        from companion.ui.app import App
        from companion.ui.phone import Phone

        page.title = "Table Companion"
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.scroll = ft.ScrollMode.AUTO
        page.padding = 0
        phone = Phone(page, ctx)
        page.on_close = lambda e: phone.close()
        # A session is never resumed (assets/comeback.js reloads the page instead): once its
        # connection ends, its table listeners go (the session itself expires later).
        page.on_disconnect = lambda e: phone.close()
        page.update()  # registers the storage service with the client before it is asked
        await phone.start()
        page.render(App, phone)

    return main
