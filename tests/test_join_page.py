"""The join page follows its table while it is open, as every table page does (through
its live view): a seat taken on another phone, a seat the host freed, the game ended."""

from __future__ import annotations

from companion.hub import HOST
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
