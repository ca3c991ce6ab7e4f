"""What a phone's storage answers is the phone's to make: an answer of another type than
the app keeps under a key (an int for the host key, a list for the theme, ...) is no value
at all, and the page works as for a phone that keeps nothing there."""

from __future__ import annotations

import pytest

from companion.ui.phone import AWAKE_KEY, HOST_KEY, SEAT_KEY, SEEN_KEY, SOUND_KEY, STORED_TYPES, THEME_KEY, typed
from tests.support import run_app

WRONG = {"an int": 7, "a list": ["dark"], "a map": {"theme": "dark"}, "a float": 2.5, "true": True,
         "bytes": b"dark", "a string": "7"}
"""Answers of every type msgpack carries."""
KEYS = (HOST_KEY, THEME_KEY, SOUND_KEY, AWAKE_KEY, SEAT_KEY, SEEN_KEY)


def wrong_for(key: str) -> list[str]:
    """The answers in :data:`WRONG` not of the type the app keeps under ``key``."""
    kind = STORED_TYPES[key]
    return [name for name, value in WRONG.items() if not isinstance(value, kind) or value is True]


@pytest.mark.parametrize("key, answer", [(key, name) for key in KEYS for name in wrong_for(key)])
def test_a_wrong_typed_answer_is_absent_and_the_page_works(key, answer):
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        seat, seen = SEAT_KEY.format(code=hub.code), SEEN_KEY.format(code=hub.code)
        storage = {seat: hub.claim_seat(0), key.format(code=hub.code): WRONG[answer]}
        ann = await app.tab(f"/t/{hub.code}", storage=storage, started=True)
        assert not ann.phone.is_host and ann.phone.theme == "system" and ann.phone.sound
        assert ann.phone.awake is not False  # the screen stays on
        if key == SEAT_KEY:  # no seat kept: the table as a watcher sees it
            assert "Ann" in ann.text() and "History" in ann.text() and "Save" not in ann.text()
            return
        await ann.tap("Ann plus 5")
        await ann.tap("Save")  # Ann's seat works
        assert hub.revision == 1 and storage[seen] == hub.revision  # a number kept again
    run_app(test)


def test_every_key_the_app_reads_has_its_type():
    assert typed("seat.ABCDEF", "token") == "token" and typed("seen.ABCDEF", 3) == 3
    assert typed("seen.ABCDEF", True) is None and typed("theme", ["dark"]) is None
    with pytest.raises(KeyError):
        typed("something.else", "x")
