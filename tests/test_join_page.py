"""The join page follows its table while it is open, as every table page does (through
its live view): a seat taken on another phone, a seat the host freed, the game ended."""

from __future__ import annotations

from companion.table.hub import HOST
from tests.support import run_app, until


def test_the_join_page_shows_seats_taken_and_freed_and_the_end_as_they_happen():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        phone = await app.tab(f"/join/{hub.code}")
        host = await app.tab(f"/join/{hub.code}", is_host=True, ip="127.0.0.1")
        assert "Sit as Ann" in phone.text() and "Free Ann's seat" not in host.text()

        hub.claim_seat(0)  # Ann sits down on her own phone
        await until(lambda: "Sit as Ann" not in phone.text() and "taken" in phone.text(), "Ann's seat taken")
        await until(lambda: "Free Ann's seat" in host.text(), "the host offered to free Ann's seat")
        assert "Sit as Bo" in phone.text()

        hub.free_seat(HOST, 0)
        await until(lambda: "Sit as Ann" in phone.text(), "Ann's seat offered again")

        hub.act(HOST, "finish", {}, hub.revision)
        await until(lambda: "This game is over" in phone.text(), "the end shown")
        assert "Pick your seat" not in phone.text() and "Just watch" in phone.text()

    run_app(test)


def test_a_phone_that_scans_an_open_tables_code_is_offered_its_seats_at_once():
    """The table is open and the phone's storage says it holds no seat there: its first
    screen is the seats, never "Opening..." first (a screen more to send and to draw)."""
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        ann = await app.tab(f"/join/{hub.code}", started=True)
        assert "Sit as Ann" in ann.text()
        sent = b"".join(ann.conn.sent)
        assert b"Sit as Ann" in sent and b"Opening..." not in sent

        stale = hub.claim_seat(1)  # a token whose seat the host has since freed
        hub.free_seat(HOST, 1)
        bo = await app.tab(f"/join/{hub.code}", started=True, storage={f"seat.{hub.code}": stale})
        assert "Sit as Bo" in bo.text() and b"Opening..." not in b"".join(bo.conn.sent)

        seated = await app.tab(f"/join/{hub.code}", started=True,
                               storage={f"seat.{hub.code}": hub.claim_seat(0)})
        assert "Sit as" not in seated.text()  # it goes on to its seat (tests/browser/test_first_load.py)

    run_app(test)


def test_sitting_as_the_seats_player_and_under_ones_own_name_are_told_apart():
    """"Sit as Ann" is the big filled button; the way in under one's own name is an
    outlined one with a pencil whose words say it is for someone who is not Ann."""
    async def test(app):
        import flet as ft

        from tests.uitree import taps

        hub = app.create("scorepad", ["Ann", "Bo"])
        phone = await app.tab(f"/join/{hub.code}")
        found = taps(phone.tree())
        as_ann, other = found["Sit as Ann"], found["Not Ann? Sit here under your name"]
        assert isinstance(as_ann, ft.FilledButton) and as_ann.icon is None
        assert isinstance(other, ft.OutlinedButton) and not isinstance(other, ft.FilledButton)
        assert other.icon == ft.Icons.EDIT
        assert not any(name.startswith("Sit in Ann") for name in found)

    run_app(test)
