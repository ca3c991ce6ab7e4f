"""A phone at a table asks its page to keep the screen on (a locked phone hears no cue),
and lets it sleep once the game is over or its "Screen awake" setting is off; the page's
own half (the lock, or the video) is tested in the browser (tests/browser/test_screen_awake.py)."""

from __future__ import annotations

from companion.table.hub import Who
from companion.ui.phone import AWAKE_KEY
from tests.support import run_app


def test_the_table_keeps_the_screen_on_until_the_game_ends():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        ann = await app.seat(hub, 0)
        assert ann.phone.awake_asked is True
        hub.act(Who(host=True), "finish", {}, None, None)
        await ann.settle()
        assert "Final totals" in ann.text() and ann.phone.awake_asked is False
    run_app(test)


def test_the_setting_off_lets_the_screen_sleep_and_is_kept_on_the_phone():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        bo = await app.seat(hub, 1)
        await bo.tap("Screen awake")
        await bo.settle()
        assert bo.phone.awake_asked is False and bo.phone.storage[AWAKE_KEY] == "off"
        await bo.tap("Screen may sleep")
        await bo.settle()
        assert bo.phone.awake_asked is True and bo.phone.storage[AWAKE_KEY] == "on"
        again = await app.tab(f"/t/{hub.code}", storage={AWAKE_KEY: "off"})
        from tests.uitree import taps

        assert "Screen may sleep" in taps(again.tree())
        assert again.phone.awake is False and again.phone.awake_asked is False
    run_app(test)


def test_the_start_page_asks_for_nothing():
    async def test(app):
        home = await app.tab("/")
        assert "Join a table" in home.text() and home.phone.awake_asked is False
    run_app(test)
