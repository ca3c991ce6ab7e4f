"""A clear page for anything that cannot be shown (unknown code, freed seat, ...)."""

from __future__ import annotations

import flet as ft

from companion.ui import kit


def build(session, heading: str, text: str, back_label: str = "Back to start",
          back_route: str = "/") -> list[ft.Control]:
    async def back(e):
        await session.go(back_route)

    return [kit.phone_column([
        kit.title(heading, size=28),
        kit.body(text),
        kit.primary(back_label, back),
    ])]
