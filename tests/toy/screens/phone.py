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
    context = use_table()
    may_add = use_view(lambda s: "add" in s["legal"])
    amounts = use_view(lambda s: tuple(s["public"]["amounts"]))
    if not may_add:
        return ft.Container(visible=False)
    return ft.Row([kit.primary(f"Add {amount}", lambda e, amount=amount: context.act("add", {"amount": amount}))
                   for amount in amounts])
