"""A phone whose seat the host freed is told what really happened (issue 37): freed and
still free, or given to another phone."""

from __future__ import annotations

from companion.table.hub import HOST
from tests.support import run_app


def test_the_freed_phone_is_told_whether_another_phone_took_its_seat():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        storage = {f"seat.{hub.code}": hub.claim_seat(0)}
        ann = await app.tab(f"/t/{hub.code}", storage=storage)
        hub.free_seat(HOST, 0)
        await ann.settle()
        text = ann.text()
        assert "Your seat was freed" in text and "nobody has taken it yet" in text, text
        assert "another phone" not in text
        hub.claim_seat(0)  # a new phone sits as Ann
        await ann.settle()
        assert "The host freed Ann's seat and another phone sat there" in ann.text()
        ann.phone.close()
        again = await app.tab(f"/t/{hub.code}", storage=storage)  # a reload says the same
        assert "Your seat went to another phone" in again.text()
        assert f"seat.{hub.code}" not in storage  # and the phone forgets its old token
    run_app(test)
