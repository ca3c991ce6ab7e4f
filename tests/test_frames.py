"""The frame audits' decoder (tests/browser/frames.py): values, never digits inside an id."""

from __future__ import annotations

import asyncio

from flet.messaging.protocol import Message, MessageAction, PatchControlBody

from tests.browser.frames import received
from tests.flet_sessions import FakeConnection

SECRET_ID = 0x4be1ca4817  # a control id whose hex spells the secret's digits


def frames_of(*patches) -> list[bytes]:
    """Patch messages packed exactly as flet-web sends them (FakeConnection's frames)."""
    conn = FakeConnection(asyncio.new_event_loop(), None, None, keep=True)
    for control, ops in patches:
        conn.send_message(Message(MessageAction.PATCH_CONTROL, PatchControlBody(id=control, patch=[[0], *ops])))
    return conn.sent


def test_a_control_id_holding_the_digits_is_not_the_secret():
    frames = received(frames_of((SECRET_ID, [[0, 0, "value", "Ann total secret"]]),
                                (4817, [[0, 0, "_i", SECRET_ID]])))
    assert SECRET_ID.to_bytes(8, "big").hex().endswith("4817")
    assert frames.count == 2 and frames.has_text("Ann total secret")
    assert not frames.has_number(4817)


def test_a_number_is_found_as_a_number_or_a_whole_token_only():
    def sent(value) -> bool:
        return received(frames_of((SECRET_ID, [[0, 0, "value", value]]))).has_number(4817)

    assert sent(4817) and sent("4817") and sent("Ann total 4817") and sent("4817 points")
    assert not sent(14817) and not sent("14817") and not sent("4817.5") and not sent("A4817")


def test_texts_are_searched_as_whole_words_in_decoded_strings():
    frames = received(frames_of((7, [[1, 0, "controls", {"_c": "Text", "_i": 9, "value": "Bo demerits 30"}]])))
    assert frames.has_text("Bo demerits") and frames.matches(r"\bBo demerits \d")
    assert not frames.has_text("Bo demerits 3") and not frames.has_text("Text")  # "_c" is a class name
