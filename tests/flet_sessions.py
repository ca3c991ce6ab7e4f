"""Real Flet sessions without a browser: what flet-web does with a phone, minus the websocket.

A :class:`FakeConnection` packs every outgoing message with msgpack exactly as flet-web's
``FletApp.send_message`` does (so Flet takes the same snapshots its next diff compares
against) and keeps the packed bytes. Events are dispatched with ``Session.dispatch_event``
as flet-web dispatches a browser's. Used by the screen tests and ``bench/capacity.py``.
"""

from __future__ import annotations

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
        self._default = configure_encode_object_for_msgpack(BaseControl)

    def send_message(self, message):
        body = msgpack.packb([message.action, message.body], default=self._default)
        self.messages += 1
        self.bytes += 1 + len(body)
        if self.keep:
            self.sent.append(body)


def new_flet_session(conn: FakeConnection, route: str) -> Session:
    """A Session as FletApp makes one on REGISTER_CLIENT (page patch from a 390x844 phone)."""
    import flet as ft

    # as the server runs Flet (companion/web.py): screens send their own updates, so no
    # update after each event
    ft.context.disable_auto_update()
    session = Session(conn)
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
