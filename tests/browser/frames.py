"""What Flet sent a phone, decoded: the hidden-information audits search values, not bytes.

Every websocket frame Flet sends is ``[0x00][msgpack of [action, body]]`` (flet-web's
``FletApp.send_message``; ``0x01`` frames are raw data channels, never a control's
value). An audit decodes each frame and looks only at the strings and numbers a control
could show. Control ids and class names, call ids and the patch's path table are left out: ids start at
random (``companion.server.asgi.ids_unlike_the_last_run``), and a search of a text dump of the
bytes once found a secret's digits 4817 inside the id 0x4be1ca4817.

A number is found as a decoded number, or as a whole token of a decoded string ("4817",
"Ann total 4817"), never inside another number ("14817", "4817.5") or a word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

import msgpack
from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack

FLET_FRAME = 0x00
STRUCTURE_KEYS = frozenset({"_i", "_c", "id", "control_id", "call_id", "session_id", "target"})
"""Keys whose values name a control, its class, a call or a session: never something a
phone shows."""


def decode(frame: bytes) -> Any | None:
    """One websocket frame as Flet's ``[action, body]``; None for a data-channel frame."""
    if not frame or frame[0] != FLET_FRAME:
        return None
    return msgpack.unpackb(frame[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False)


def shown_values(message: Any) -> Iterator[Any]:
    """The strings and numbers of a decoded message that a control could show."""
    action, body = message
    if action == MessageAction.PATCH_CONTROL.value and isinstance(body, dict):
        # {"id": control, "patch": [path table, *ops]}; an op is [kind, node, key, value?]
        # (a move is [3, node, key, node, key]): only an added or replaced value is data
        for op in body.get("patch", [])[1:]:
            if op and op[0] in (0, 1) and len(op) == 4:
                yield from _leaves(op[3])
        return
    yield from _leaves(body)


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in STRUCTURE_KEYS:
                yield from _leaves(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
        yield value


def _token(text: str) -> re.Pattern:
    """``text`` not glued to a letter, digit or decimal part on either side."""
    return re.compile(r"(?<![\w.])" + re.escape(text) + r"(?![\w]|\.\d)")


@dataclass
class Received:
    """Everything one phone (or one test tab) received: its frames, decoded."""

    frames: list[bytes]
    strings: list[str] = field(default_factory=list)
    numbers: list[float] = field(default_factory=list)

    def __post_init__(self):
        for frame in self.frames:
            message = decode(frame)
            if message is None:
                continue
            for value in shown_values(message):
                (self.strings if isinstance(value, str) else self.numbers).append(value)

    @property
    def count(self) -> int:
        """How many frames were heard (an audit of none proves nothing)."""
        return len(self.frames)

    def has_text(self, text: str) -> bool:
        """Some decoded string holds ``text`` as whole words."""
        pattern = _token(text)
        return any(pattern.search(s) for s in self.strings)

    def has_number(self, number: int | float) -> bool:
        """``number`` was sent as a number, or as a whole token of a string."""
        return number in self.numbers or self.has_text(str(number))

    def matches(self, pattern: str) -> bool:
        """Some decoded string matches the regular expression ``pattern``."""
        compiled = re.compile(pattern)
        return any(compiled.search(s) for s in self.strings)


def received(frames: Iterable[bytes]) -> Received:
    return Received(list(frames))
