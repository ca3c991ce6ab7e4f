"""The theme choice: light, dark or the phone's own setting (kept on the phone).

A small button named "Theme" (its icon says which is in use) opens a choice of the three;
the phone keeps the choice in its storage (:meth:`companion.ui.phone.Phone.set_theme`).
"""

from __future__ import annotations

import flet as ft

from companion.ui import kit

CHOICES = (
    ("system", "Phone's setting", ft.Icons.BRIGHTNESS_AUTO),
    ("light", "Light", ft.Icons.LIGHT_MODE),
    ("dark", "Dark", ft.Icons.DARK_MODE),
)


@ft.component
def ThemeChoice(phone):
    current, set_current = ft.use_state(phone.theme)

    def chooser(theme: str):
        async def choose(e) -> None:
            phone.page.pop_dialog()
            set_current(theme)
            await phone.set_theme(theme)
        return choose

    def ask(e) -> None:
        buttons = [(kit.primary if key == current else kit.secondary)(label, chooser(key), icon=icon)
                   for key, label, icon in CHOICES]
        phone.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Theme", size=22),
            content=ft.Column([kit.body("Light, dark, or as this phone is set. This phone keeps the choice.",
                                        size=kit.SMALL + 2), *buttons],
                              tight=True, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            actions=[ft.TextButton("Close", on_click=lambda e: phone.page.pop_dialog())],
        ))

    icon = next(icon for key, _, icon in CHOICES if key == current)
    return ft.IconButton(icon, tooltip="Theme", on_click=ask)
