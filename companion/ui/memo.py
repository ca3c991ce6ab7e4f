"""Keep the unchanged parts of a screen between re-renders.

Every change re-renders each phone's screen from its view. Building ~100 Flet controls and
letting Flet diff them field by field costs about 2 ms a phone, for a change that touches a
few numbers. A part built with ``memo(name, deps, build)`` is built again only when its
``deps`` changed; otherwise the very control of the last render goes back in, and Flet
passes over a retained control in O(1).

A retained control is safe only where Flet pairs it with itself: at the same place in the
tree (same parent types, same positions or keys all the way up). Placed anywhere else,
Flet would diff it against another control and hand it that control's id, and taps on it
would stop reaching the server. So after each build ``settle`` walks the new tree down to
the memo parts; if a retained part moved, the caller builds the screen again from scratch.
Parts not on screen are forgotten, so a control that left the page is never put back.
Nothing is kept across viewers: ``begin(viewer)`` forgets every part when the screen is
drawn for someone else (the host switching from one seat's hidden view to the table's).

Flet also forgets a retained control in its event index: when it reconciles the retained
part's rebuilt parent it counts the parent's previous children as removed, and a retained
child is never counted as added again. ``after_update`` puts the retained parts' controls
back in the index, or taps on them would stop reaching their handlers.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import flet as ft
from flet.controls.base_control import BaseControl

Place = tuple


class Memo:
    def __init__(self) -> None:
        self._cache: dict[str, tuple[Any, ft.Control]] = {}
        self._places: dict[str, Place] = {}
        self._reused: dict[int, str] = {}
        self._built: dict[int, str] = {}
        self._members: dict[str, list[BaseControl]] = {}  # every control inside each part
        self._viewer: Any = None  # whom the kept parts were drawn for
        self.settled: list | None = None  # the control list the last settle approved

    def clear(self) -> None:
        self._cache.clear()
        self._places.clear()
        self._members.clear()
        self._reused.clear()
        self._built.clear()
        self.settled = None

    def begin(self, viewer: Any = None) -> None:
        """A new render for ``viewer`` starts: nothing used yet; nothing kept from another viewer."""
        if viewer != self._viewer:
            self.clear()
            self._viewer = viewer
        self._reused.clear()
        self._built.clear()

    def __call__(self, name: str, deps: Any, build: Callable[[], ft.Control]) -> ft.Control:
        hit = self._cache.get(name)
        if hit is not None and hit[0] == deps and id(hit[1]) not in self._reused:
            self._reused[id(hit[1])] = name
            return hit[1]
        control = build()
        self._cache[name] = (deps, control)
        self._built[id(control)] = name
        return control

    def settle(self, controls: list[ft.Control]) -> bool:
        """Record where the memo parts sit; False when a retained part moved (or appears twice)."""
        places: dict[str, Place] = {}
        clean = True

        def visit(control: Any, place: Place) -> None:
            nonlocal clean
            ident = id(control)
            name = self._reused.get(ident) or self._built.get(ident)
            if name is not None:
                if name in places:
                    clean = False
                places[name] = place
                if ident in self._reused:
                    if self._places.get(name) != place:
                        clean = False
                    return  # a retained part is the same object all the way down
            for field_name, child in _children(control):
                if isinstance(child, list):
                    unkeyed = 0
                    for item in child:
                        if not dataclasses.is_dataclass(item):
                            continue
                        key = getattr(item, "key", None)
                        if key is None:
                            step = (type(control).__name__, field_name, "pos", unkeyed)
                            unkeyed += 1
                        else:
                            step = (type(control).__name__, field_name, "k", _key(key))
                        visit(item, place + (step,))
                else:
                    visit(child, place + ((type(control).__name__, field_name),))

        for index, control in enumerate(controls):
            visit(control, (("top", index),))
        if not clean:
            return False
        # forget parts that are not on screen: they are never put back once gone
        built = set(self._built.values())  # rebuilt parts list their controls again when kept
        self._cache = {name: entry for name, entry in self._cache.items() if name in places}
        self._members = {name: members for name, members in self._members.items()
                         if name in places and name not in built}
        self._places = places
        self.settled = controls
        return True

    def after_update(self, index) -> None:
        """Put the retained parts' controls back in the session's event index (see above)."""
        for ident, name in self._reused.items():
            members = self._members.get(name)
            if members is None:
                # listed at its first reuse: its ids were settled by the diff that sent it
                members = self._members[name] = list(_controls_in(self._cache[name][1]))
            for control in members:
                index[control._i] = control


def _controls_in(control: Any):
    """Every control in a part: the part and what its control-holding fields hold."""
    if isinstance(control, BaseControl):
        yield control
        for _name, child in _children(control):
            if isinstance(child, list):
                for item in child:
                    yield from _controls_in(item)
            else:
                yield from _controls_in(child)


def _key(key: Any) -> Any:
    return getattr(key, "value", key)


_HOLDERS: dict[type, tuple[str, ...]] = {}


def _holders(cls: type) -> tuple[str, ...]:
    """The fields of a control class that can hold controls (from their annotations)."""
    names = _HOLDERS.get(cls)
    if names is None:
        names = _HOLDERS[cls] = tuple(
            f.name for f in dataclasses.fields(cls)
            if not f.name.startswith(("_", "on_")) and ("Control" in str(f.type) or "list[" in str(f.type)))
    return names


def _children(control: Any):
    """The controls (and lists of controls) held in a control's fields."""
    if not isinstance(control, BaseControl):
        return
    for name in _holders(type(control)):
        value = getattr(control, name, None)
        if isinstance(value, BaseControl):
            yield name, value
        elif isinstance(value, list) and any(isinstance(v, BaseControl) for v in value):
            yield name, value


def no_memo(name: str, deps: Any, build: Callable[[], ft.Control]) -> ft.Control:
    """For screens drawn outside a session (tests): always build."""
    return build()
