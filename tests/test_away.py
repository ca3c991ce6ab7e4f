""""While you were away" (issue 37): a phone that comes back to a table that moved on
is told, in words, what happened since the revision it last showed, until a tap."""

from __future__ import annotations

from companion.table.hub import HOST
from companion.ui.away import MOST_LINES, away_lines
from tests.support import run_app


def test_a_phone_that_comes_back_is_told_what_happened_while_it_was_away():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy"])
        storage = {f"seat.{hub.code}": hub.claim_seat(0)}  # the phone's own storage
        seen = f"seen.{hub.code}"
        ann = await app.tab(f"/t/{hub.code}", storage=storage)
        hub.act(HOST, "points", {"points": 4}, None, seat=0)
        await ann.settle()
        assert storage[seen] == hub.revision  # the phone keeps what it has shown
        assert "While you were away" not in ann.text()
        ann.phone.close()  # locked, or reloading
        hub.act(HOST, "points", {"points": 9}, None, seat=1)
        hub.act(HOST, "points", {"points": 7}, None, seat=2)
        hub.act(HOST, "new_round", {}, None)
        back = await app.tab(f"/t/{hub.code}", storage=storage)
        text = back.text()
        assert "While you were away" in text, text
        assert "Bo scored 9 in round 1" in text and "Cy scored 7 in round 1" in text
        assert "Round 2 started" in text and "Ann scored 4" not in text  # seen before
        assert storage[seen] == hub.revision
        await back.tap("Got it")
        assert "While you were away" not in back.text()
        back.phone.close()
        again = await app.tab(f"/t/{hub.code}", storage=storage)  # nothing new since
        assert "While you were away" not in again.text()
    run_app(test)


def test_a_new_phone_and_the_host_get_no_card():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        hub.act(HOST, "points", {"points": 3}, None, seat=1)
        bo = await app.seat(hub, 1)  # never looked before: nothing to catch up on
        host = await app.host(hub)
        assert "While you were away" not in bo.text() + host.text()
    run_app(test)


def test_the_card_keeps_the_latest_lines_and_points_to_the_history():
    news = [{"rev": n, "text": f"line {n}", "concerns": False} for n in range(1, 12)]
    lines = away_lines(news)
    assert len(lines) == MOST_LINES + 1 and lines[0] == "Earlier moves are in the History."
    assert lines[-1] == "line 11"
    assert "History" in away_lines([])[0]  # moved on, but the host no longer holds the words
