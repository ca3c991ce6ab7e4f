"""Walk a Flet control tree without a browser: the texts a player would read, the
buttons they could tap. For plain-Python tests of game screens (no Flutter needed)."""

from __future__ import annotations

from typing import Any, Iterator

import flet as ft

CHILD_FIELDS = ("content", "controls", "actions", "title", "subtitle", "leading", "trailing")


def walk(node: Any) -> Iterator[Any]:
    if node is None:
        return
    if isinstance(node, (list, tuple)):
        for item in node:
            yield from walk(item)
        return
    if not isinstance(node, ft.BaseControl):
        return
    yield node
    for name in CHILD_FIELDS:
        child = getattr(node, name, None)
        if isinstance(child, (ft.BaseControl, list, tuple)):
            yield from walk(child)


def texts(node: Any) -> list[str]:
    """Every visible string: Text values, semantics labels, button labels, field labels."""
    found = []
    for control in walk(node):
        for attr in ("value", "semantics_label", "label", "tooltip", "text"):
            value = getattr(control, attr, None)
            if isinstance(value, str) and value:
                found.append(value)
        content = getattr(control, "content", None)
        if isinstance(content, str) and content:
            found.append(content)
    return found


def all_text(node: Any) -> str:
    return "\n".join(texts(node))


def taps(node: Any, unique: bool = False) -> dict[str, Any]:
    """Tappable controls by accessible name: a button's text, or (for tappable tokens,
    which are Containers) the semantics label or text of the Text inside. Disabled
    controls are left out; ``unique`` asserts no two share a name."""
    found: dict[str, Any] = {}
    for control in walk(node):
        if getattr(control, "on_click", None) is None or getattr(control, "disabled", False):
            continue
        name = getattr(control, "content", None)
        if not isinstance(name, str):
            name = None
            for inner in walk(getattr(control, "content", None)):
                if isinstance(inner, ft.Text):
                    name = inner.semantics_label or inner.value
                    break
        if not isinstance(name, str):
            name = getattr(control, "tooltip", None) or getattr(control, "semantics_label", None)
        if isinstance(name, str):
            if unique:
                assert name not in found, f"two tappable controls named {name!r}"
            found.setdefault(name, control)
    return found


buttons = taps


def tap(node: Any, label: str) -> None:
    """Call the click handler of the control named ``label`` (sync handlers only)."""
    control = taps(node).get(label)
    if control is None:
        raise AssertionError(f"no tappable '{label}'; there are: {sorted(taps(node))}")
    handler = control.on_click
    try:
        handler(None)
    except TypeError:
        handler()
