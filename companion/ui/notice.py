"""Clear pages for anything that cannot be shown (unknown code, freed seat, ...)."""

from __future__ import annotations

import flet as ft

from companion.ui import kit


@ft.component
def Notice(phone, heading: str, text: str, back_label: str = "Back to start",
           back_route: str = "/"):
    async def back(e):
        await phone.go(back_route)

    return kit.phone_column([
        kit.title(heading, size=28),
        kit.body(text),
        kit.primary(back_label, back),
    ], kit.use_width())


@ft.component
def Waiting(text: str = "Opening..."):
    return kit.phone_column([kit.muted(text)], kit.use_width())
