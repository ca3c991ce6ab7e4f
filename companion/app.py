"""The Flet entry point: one :class:`PhoneSession` per browser tab."""

from __future__ import annotations

import flet as ft

from companion.context import AppContext


def make_main(ctx: AppContext):
    async def main(page: ft.Page) -> None:
        from companion.ui.session import PhoneSession

        session = PhoneSession(page, ctx)
        await session.start()

    return main
