"""Real Flet sessions without a browser: what flet-web does with a phone, minus the websocket.

A :class:`FakeConnection` packs every outgoing message with msgpack exactly as flet-web's
``FletApp.send_message`` does (so Flet takes the same snapshots its next diff compares
against) and keeps the packed bytes. Events are dispatched with ``Session.dispatch_event``
as flet-web dispatches a browser's. Used by the screen tests and ``bench/capacity.py``.
"""

from __future__ import annotations

import asyncio

import flet as ft

import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (Message, MessageAction, RegisterClientResponseBody,
                                     configure_encode_object_for_msgpack)
from flet.messaging.session import Session


class FakeConnection(Connection):
    """Packs and counts what would go to the phone; ``sent`` keeps the packed frames when asked."""

    def __init__(self, loop, executor, pubsubhub, keep: bool = False):
        super().__init__()
        self.loop = loop
        self.executor = executor
        self.pubsubhub = pubsubhub
        self.page_name = ""
        self.page_url = "http://127.0.0.1:8550"
        self.messages = 0
        self.bytes = 0
        self.keep = keep
        self.sent: list[bytes] = []
        self.on_frame = None  # called with each packed frame (a bench waits on it, not polling)
        self._default = configure_encode_object_for_msgpack(BaseControl)

    def send_message(self, message):
        frame = b"\x00" + msgpack.packb([message.action, message.body], default=self._default)
        self.messages += 1
        self.bytes += len(frame)
        if self.keep:
            self.sent.append(frame)  # as the websocket carries it (tests.browser.frames decodes it)
        if self.on_frame is not None:
            self.on_frame(frame)


def control_id(control) -> int:
    """The number Flet's session knows a control by (``Session.index``, what the browser
    sends events and changes for). Flet 1.0 keeps it only in the private ``_i`` and
    ``Session.dispatch_event``/``apply_patch`` take nothing else, so it is read here and
    nowhere else; ``tests/test_flet_sessions.py`` fails loudly if Flet changes it."""
    return control._i


def new_flet_session(conn: FakeConnection, route: str) -> Session:
    """A Session as FletApp makes one on REGISTER_CLIENT (page patch from a 390x844 phone)."""
    import flet as ft

    # as the server runs Flet (companion/server/asgi.py): screens send their own updates, so no
    # update after each event
    ft.context.disable_auto_update()
    session = Session(conn)
    # the page Flet's hooks find (ft.context.page): flet-web sets it for a session's
    # handlers through the same private context variable (Flet has no public setter;
    # its own pytest plugin does this too); tests/test_flet_sessions.py checks it
    _context_page.set(session.page)
    session.apply_page_patch({"route": route, "width": 390.0, "height": 844.0,
                              "platform": "android", "web": True})
    # the register response, packed like FletApp does: mounts the page, and the packing
    # takes the snapshots Flet's next diff compares against
    conn.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
        session_id=session.id, page_patch=session.get_page_patch(), error="")))
    return session


def find(control, predicate):
    """Depth-first search of a control tree for the first control matching ``predicate``."""
    stack = [control]
    seen = set()
    while stack:
        c = stack.pop()
        if id(c) in seen:
            continue
        seen.add(id(c))
        if isinstance(c, BaseControl) and predicate(c):
            return c
        if isinstance(c, BaseControl):
            for name in ("controls", "content", "views"):
                child = getattr(c, name, None)
                if isinstance(child, list):
                    stack.extend(reversed(child))
                elif child is not None:
                    stack.append(child)
    return None


# -- a whole tab of the app, without a browser ---------------------------------------------

def tab_phone_class():
    """:class:`companion.ui.phone.Phone` whose browser storage is a dict (the browser's
    localStorage is the one thing a tab without a browser does not have)."""
    from companion.ui.phone import Phone

    class TabPhone(Phone):
        def __init__(self, page, ctx, storage: dict, device: str | None = None):
            super().__init__(page, ctx, device)
            self.storage = storage
            self.toasts: list[str] = []
            self.dialogs: list = []
            self.questions: list = []  # (title, answer function) of each text asked for
            self.cues = 0  # how often the phone was cued (a buzz, or a tone and a flash)

        async def stored(self, operation, *args):
            key = args[0] if args else None
            if operation == "get":
                return self.storage.get(key)
            if operation == "set":
                self.storage[key] = args[1]
                return True
            if operation == "remove":
                self.storage.pop(key, None)
                return True
            raise ValueError(operation)

        def toast(self, text: str) -> None:
            self.toasts.append(text)
            super().toast(text)

        def cue(self) -> None:
            self.cues += 1
            super().cue()

        def ask_text(self, title, text, label, yes_label, on_text):
            self.questions.append((title, on_text))
            super().ask_text(title, text, label, yes_label, on_text)

        def confirm(self, title, text, on_yes, yes_label="Yes, do it"):
            self.dialogs.append((title, text, on_yes, yes_label))
            super().confirm(title, text, on_yes, yes_label)

    return TabPhone


class Tab:
    """One browser tab of the real app (``page.render(App, phone)``) on a real Flet session
    whose connection packs what it would send. ``storage`` is the tab's browser storage."""

    def __init__(self, loop, executor, pubsubhub, ctx, route: str, is_host: bool = False,
                 storage: dict | None = None, width: float = 390.0, ip: str = "192.168.1.20",
                 render: bool = True):
        """``render``: False leaves the first screen to :meth:`start`."""

        self.conn = FakeConnection(loop, executor, pubsubhub, keep=True)
        self.session = new_flet_session(self.conn, route)
        page = self.session.page
        if width != 390.0:
            self.session.apply_page_patch({"width": width, "height": 800.0})
        self.phone = tab_phone_class()(page, ctx, storage if storage is not None else {}, ip)
        self.phone.is_host = is_host
        page.on_close = lambda e: self.phone.close()
        if render:
            self.render()

    def render(self) -> None:
        from companion.ui.app import App

        self.page.render(App, self.phone)

    async def start(self) -> None:
        """As the app starts a tab: what the phone keeps is read first, then it is drawn."""
        await self.phone.start()
        self.render()

    @property
    def page(self):
        return self.session.page

    async def settle(self, rounds: int = 40) -> None:
        """Let the tab's scheduled work (moves, re-renders, effects) run to rest."""
        for _ in range(rounds):
            await asyncio.sleep(0.002)

    def tree(self):
        return self.page.views[0].controls

    def find(self, predicate):
        from tests.uitree import walk

        for control in walk(self.tree()):
            if predicate(control):
                return control
        return None

    def text(self) -> str:
        from tests.uitree import all_text

        return all_text(self.tree())

    async def tap(self, name: str) -> None:
        from tests.uitree import taps

        control = taps(self.tree()).get(name)
        if control is None:
            raise AssertionError(f"no tappable {name!r}; there are {sorted(taps(self.tree()))}")
        await self.session.dispatch_event(control_id(control), "click", None)
        await self.settle()

    async def taps_in_one_go(self, *names: str) -> None:
        """Tap ``names`` as a busy host reads taps that arrived together: Flet's server makes
        each event a task of its own, all of them before any runs, so every handler is the
        one of the screen as drawn before the first tap (no re-render in between)."""
        from tests.uitree import taps

        drawn = taps(self.tree())
        missing = [name for name in names if name not in drawn]
        if missing:
            raise AssertionError(f"no tappable {missing}; there are {sorted(drawn)}")
        for name in names:
            asyncio.create_task(self.session.dispatch_event(control_id(drawn[name]), "click", None))
        await self.settle()

    async def type(self, label: str, text: str) -> None:
        box = self.find(lambda c: isinstance(c, ft.TextField) and c.label == label)
        if box is None:
            raise AssertionError(f"no box {label!r}")
        self.session.apply_patch(control_id(box), {"value": text})  # what the browser reports,
        if box.on_change is not None:  # and its change event only to a box that has a handler
            await self.session.dispatch_event(control_id(box), "change", None)
        await self.settle()

    async def pick(self, label: str, value: str) -> None:
        """Choose ``value`` in the drop-down labelled ``label``, as the browser reports it."""
        box = self.find(lambda c: getattr(c, "label", None) == label and hasattr(c, "options"))
        if box is None:
            raise AssertionError(f"no drop-down {label!r}")
        self.session.apply_patch(control_id(box), {"value": value})
        await self.session.dispatch_event(control_id(box), "select", None)
        await self.settle()

    async def reply(self, text: str) -> str | None:
        """Answer the last question asking for text as a player would: its refusal in
        words, or None (the question closed)."""
        title, on_text = self.phone.questions.pop()
        refusal = await on_text(text)
        if refusal is None:
            self.page.pop_dialog()
        await self.settle()
        return refusal

    async def switch(self, label: str, on: bool) -> None:
        """Turn the switch labelled ``label`` on or off, as the browser reports it."""
        switch = self.find(lambda c: isinstance(c, ft.Switch) and c.label == label)
        if switch is None:
            raise AssertionError(f"no switch {label!r}")
        self.session.apply_patch(control_id(switch), {"value": on})
        await self.session.dispatch_event(control_id(switch), "change", None)
        await self.settle()

    async def answer(self, yes: bool = True) -> None:
        """Answer the last confirm dialog as a player would."""
        title, text, on_yes, label = self.phone.dialogs.pop()
        self.page.pop_dialog()
        if yes:
            on_yes()
        await self.settle()

    def total(self, name: str) -> str | None:
        found = self.find(lambda c: isinstance(c, ft.Text) and (c.semantics_label or "").startswith(
            f"{name} total "))
        return found.value if found else None
