"""The phone's own settings, each a small button kept on the phone: the theme (light, dark
or the phone's own setting) and the sound of its cues.

"Theme" (its icon says which is in use) opens a choice of the three; the phone keeps the
choice in its storage (:meth:`companion.ui.phone.Phone.set_theme`). "Sound on" / "Sound
off" turns the tone a phone that cannot vibrate plays for its cues off and on
(:meth:`companion.ui.phone.Phone.set_sound`).
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


@ft.component
def SoundChoice(phone):
    on, set_on = ft.use_state(phone.sound)

    async def flip(e) -> None:
        set_on(not on)
        await phone.set_sound(not on)
        phone.toast("Cues sound on this phone (where it cannot vibrate)" if not on
                    else "Cues are silent on this phone: the screen still flashes")

    return ft.IconButton(ft.Icons.VOLUME_UP if on else ft.Icons.VOLUME_OFF,
                         tooltip="Sound on" if on else "Sound off", on_click=flip)
