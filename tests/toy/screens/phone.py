"""The toy game's phone screen: the counter, the target, and one button per amount this
seat may add (the amounts are the rules', read from the view)."""

from __future__ import annotations

import flet as ft

from companion.ui import kit
from companion.ui.live import part, use_table, use_view


def turn_words(screen: dict) -> str:
    return f"add to reach {screen['public']['target']}"


@part
def Screen():
    count, target = use_view(lambda s: (s["public"]["count"], s["public"]["target"]))
    result = use_view(lambda s: s["result"])
    controls: list[ft.Control] = [kit.title(f"Count {count} of {target}")]
    if result is not None:
        controls.append(kit.body(f"{result['winner']} wins"))
    controls.append(AddButtons())
    return ft.Column(controls)


@part
def AddButtons():
    """One button per amount, while adding is this seat's move."""
    context = use_table()
    amounts = use_view(lambda s: tuple(s["public"]["amounts"]) if "add" in s["legal"] else ())

    def add(amount: int):
        return lambda e: context.act("add", {"amount": amount})

    return ft.Row([kit.primary(f"Add {amount}", add(amount)) for amount in amounts], visible=bool(amounts))
