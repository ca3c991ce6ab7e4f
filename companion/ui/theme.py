"""The phone's own settings, each a small button kept on the phone: the theme (light, dark
or the phone's own setting), the sound of its cues, and whether its screen stays on at a
table.

"Theme" (its icon says which is in use) opens a choice of the three; the phone keeps the
choice in its storage (:meth:`companion.ui.phone.Phone.set_theme`). "Sound on" / "Sound
off" turns the tone a phone that cannot vibrate plays for its cues off and on
(:meth:`companion.ui.phone.Phone.set_sound`).
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Switch:
    """An on/off setting of the phone: its icon, name and what a flip tells the player,
    on (first) and off."""

    icons: tuple[str, str]
    names: tuple[str, str]
    told: tuple[str, str]


SOUND = Switch((ft.Icons.VOLUME_UP, ft.Icons.VOLUME_OFF), ("Sound on", "Sound off"),
               ("Cues sound on this phone (where it cannot vibrate)",
                "Cues are silent on this phone: the screen still flashes"))
AWAKE = Switch((ft.Icons.LIGHT_MODE_OUTLINED, ft.Icons.BEDTIME_OUTLINED), ("Screen awake", "Screen may sleep"),
               ("This phone's screen stays on at a table",
                "This phone's screen may sleep at a table: it will not hear its turn while locked"))


def switch_button(phone, switch: Switch, on: bool, set_on, keep) -> ft.Control:
    """The setting's icon button: a tap flips it, the phone keeps it (``keep``)."""
    async def flip(e) -> None:
        set_on(not on)
        await keep(not on)
        phone.toast(switch.told[0 if not on else 1])

    which = 0 if on else 1
    return ft.IconButton(switch.icons[which], tooltip=switch.names[which], on_click=flip)


@ft.component
def SoundChoice(phone):
    on, set_on = ft.use_state(phone.sound)
    return switch_button(phone, SOUND, on, set_on, phone.set_sound)


@ft.component
def AwakeChoice(phone):
    on, set_on = ft.use_state(phone.awake is not False)

    async def read() -> None:
        set_on(await phone.awake_setting())

    ft.on_mounted(read)
    return switch_button(phone, AWAKE, on, set_on, phone.set_awake)
