"""Issue 43: nothing mutable is shared between pages. Flet writes what a client's update
frame sets into a control's nested objects in place, so a style object two pages hold is
one phone's to change on both. Every page of every game here is a real Flet session
(tests/flet_sessions.py); no Flet object is reachable from two of them."""

from __future__ import annotations

import dataclasses

import pytest

from tests.support import run_app

GAMES = ("scorepad", "rockgarden", "strata", "bluffstones", "paisho")


def flet_objects(root) -> dict[int, object]:
    """Every Flet object (a control, a style, a padding...) reachable from ``root`` through
    its fields, lists and dicts, by ``id``: from a page's controls (its session's index,
    every control a phone can name in a frame), what a phone's frame could reach."""
    found: dict[int, object] = {}
    stack = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif (dataclasses.is_dataclass(value) and not isinstance(value, type)
              and type(value).__module__.startswith("flet") and id(value) not in found):
            found[id(value)] = value
            stack.extend(getattr(value, field.name, None) for field in dataclasses.fields(value)
                         if not field.name.startswith("_") and field.name != "parent")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_flet_object_is_reachable_from_two_pages(game):
    """The start page, two phones at a table and the host's screen."""
    async def shared(app):
        hub = app.create(game, ["Ann", "Bo"] if game == "paisho" else ["Ann", "Bo", "Cy"])
        start = await app.tab("/")
        tabs = [start, await app.seat(hub, 0), await app.seat(hub, 1), await app.host(hub)]
        reached = [flet_objects(list(tab.session.index.values())) for tab in tabs]
        assert all(len(objects) > 30 for objects in reached), [len(objects) for objects in reached]
        for tab in tabs:
            tab.phone.close()
        return [(type(obj).__name__, a, b) for a in range(len(tabs)) for b in range(a + 1, len(tabs))
                for key, obj in reached[a].items() if key in reached[b]]

    assert run_app(shared) == []
