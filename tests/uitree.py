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
    if getattr(node, "visible", True) is False:  # not drawn: a player neither sees nor taps it
        return
    if isinstance(node, ft.Component):  # a component: what it rendered
        yield from walk(ft.unwrap_component(node))
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
        for attr in ("value", "semantics_label", "label", "tooltip", "text", "error"):
            value = getattr(control, attr, None)
            if isinstance(value, str) and value:
                found.append(value)
        content = getattr(control, "content", None)
        if isinstance(content, str) and content:
            found.append(content)
    return found


def all_text(node: Any) -> str:
    return "\n".join(texts(node))


def taps(node: Any, unique: bool = False, include_disabled: bool = False) -> dict[str, Any]:
    """Tappable controls by accessible name: a button's text, or (for tappable tokens,
    which are Containers) the semantics label or text of the Text inside; a tooltip or
    semantics label of the control itself is a name too. Disabled controls are left
    out unless ``include_disabled``; ``unique`` asserts no two share their main name."""
    found: dict[str, Any] = {}
    for control in walk(node):
        if getattr(control, "on_click", None) is None:
            continue
        if getattr(control, "disabled", False) and not include_disabled:
            continue
        names = []
        content = getattr(control, "content", None)
        if isinstance(content, str):
            names.append(content)
        else:
            for inner in walk(content):
                if isinstance(inner, ft.Text):
                    names.append(inner.semantics_label or inner.value)
                    break
        for attr in ("tooltip", "semantics_label"):
            value = getattr(control, attr, None)
            if isinstance(value, str):
                names.append(value)
        names = [n for n in names if isinstance(n, str) and n]
        if unique and names:
            assert names[0] not in found, f"two tappable controls named {names[0]!r}"
        for name in names:
            found.setdefault(name, control)
    return found


def buttons(node: Any) -> dict[str, Any]:
    """Every tappable control by name, disabled ones included (to check they are)."""
    return taps(node, include_disabled=True)


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
