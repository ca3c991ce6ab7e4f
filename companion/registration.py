"""What a phone's registration may say about its page, checked before Flet applies it.

Flet's server applies a registration's ``page`` properties to the new page as they come
(``Session.apply_page_patch``): an enum value Flet does not know (``"platform": "palmos"``)
raises in the middle of its connection handler, with a traceback, after the session was
made; a list builds controls; a ``_``-name is set as it is. So a registration is taken
only when what it says is what Flet's web client sends when a tab opens
(:data:`REGISTERED`), each value of the type Flet's page declares for it (read from
Flet's own dataclasses, as Flet reads them to apply it): anything else is refused before
Flet sees it (:mod:`companion.sockets` closes the socket, and counts it against the
device).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import types
from typing import Any, Union, get_args, get_origin

REGISTERED = frozenset({"route", "width", "height", "platform", "platform_brightness", "media",
                        "window", "web", "pwa", "debug", "wasm", "test", "multi_view", "pyodide"})
"""The page properties Flet's web client sends in its registration (its ``page`` map)."""
MAX_DEPTH = 3
"""How deep a registration's values nest (the page's media: its paddings' sides)."""


def registration_refusal(props: dict) -> str | None:
    """Why Flet could not apply ``props`` (a registration's ``page``) as a real tab's
    page; None when it can."""
    import flet as ft

    return _refusal(ft.Page, props, allowed=REGISTERED, depth=0)


@functools.lru_cache(maxsize=None)
def _declared(cls: type) -> dict[str, Any]:
    """The types Flet applies a patch's values by (its dataclass fields, as
    ``flet.utils.object_model.patch_dataclass`` falls back to them)."""
    return {field.name: field.type for field in dataclasses.fields(cls)}


def _refusal(cls: type, props: Any, allowed: frozenset | None, depth: int) -> str | None:
    if not isinstance(props, dict):
        return f"its {cls.__name__.lower()} is not a map"
    declared = _declared(cls)
    for name, value in props.items():
        if not isinstance(name, str) or (allowed is not None and name not in allowed) or name not in declared:
            return f"it sets {str(name)[:40]!r}, which a phone does not send"
        if not _fits(declared[name], value, depth):
            return f"its {name} is not what Flet reads there"
    return None


def _fits(declared: Any, value: Any, depth: int) -> bool:
    """Whether Flet applies ``value`` to a property declared ``declared`` as a value of
    that type (what a real client sends: numbers, flags, text, known enum values, and
    the page's media and window, a map of the same)."""
    if get_origin(declared) in (Union, types.UnionType):
        return any(_fits(option, value, depth) for option in get_args(declared))
    if declared is type(None):
        return value is None
    if isinstance(declared, type) and issubclass(declared, enum.Enum):
        return _is_member(declared, value)
    if dataclasses.is_dataclass(declared):
        return depth < MAX_DEPTH and _refusal(declared, value, None, depth + 1) is None
    if declared is bool:
        return isinstance(value, bool)
    if declared in (int, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if declared is str:
        return isinstance(value, str)
    return False  # lists, maps of controls, handlers: nothing a phone registers


def _is_member(kind: type, value: Any) -> bool:
    try:
        kind(value)
    except (ValueError, TypeError):
        return False
    return True
