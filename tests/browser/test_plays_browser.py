"""**Plays** on the host's screen and **My plays** on a phone, in a real browser: a game
played to its end shows up in both, the host's with its charts drawn (a chart is drawn
on the canvas: its label says in words what it shows, and the screenshot must not be
blank)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from tests.browser.harness import host_act, new_table

LARGE = {"width": 1280, "height": 800}


@pytest.mark.browser
@pytest.mark.own_server  # the book of people and plays is the whole host's: counted from empty
def test_a_finished_game_shows_in_plays_and_in_my_plays(server, phones):
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("ann").open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    ann.see("Ann")
    for seat, points in enumerate((4, 9)):
        host_act(server, code, "points", {"points": points}, seat=seat)
    host_act(server, code, "finish", {})

    host = phones("host", viewport=LARGE).become_host(server)
    host.open(f"{server.url}/plays")
    host.see("Plays per month")
    host.see("Bo: 1 plays, 1 wins (100%)")
    month = datetime.now(timezone.utc).strftime("%y-%m")
    host.see(f"Plays: {month} 1")  # the chart's words: one play this month
    host.see("Seat 1: scorepad 0; Seat 2: scorepad 1")  # wins by seat
    host.keep_screenshot("plays-host")

    ann.open(f"{server.url}/plays")
    ann.see("My plays: Ann")
    ann.see("1 plays, 0 wins (0%)")
    ann.see("Loses most to: Bo")
    assert ann.text("Merge").count() == 0
