"""A change re-renders only what it changed: small patches to every phone, and taps keep
working after any number of re-renders (the real app on real Flet sessions)."""

from companion.hub import HOST
from tests.support import run_app


def test_a_one_number_change_sends_each_phone_a_few_hundred_bytes():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
        tabs = [await app.seat(hub, s) for s in range(6)]
        for seat, tab in enumerate(tabs):  # a realistic screen: a round already played
            hub.act(HOST, "points", {"points": 10 + seat}, None, seat=seat)
        hub.act(HOST, "new_round", {}, None)
        for tab in tabs:
            await tab.settle()
        before = [tab.conn.bytes for tab in tabs]
        await tabs[2].type("Cy's points", "21")
        before[2] = tabs[2].conn.bytes  # typing itself is the phone's own business
        await tabs[2].tap("Save")
        for tab in tabs:
            await tab.settle()
        sent = [tab.conn.bytes - b for tab, b in zip(tabs, before)]
        assert all(tab.total("Cy") == "33" for tab in tabs)
        others = sent[:2] + sent[3:]
        assert 0 < max(others) < 400, sent  # the move counter, Cy's total, the waiting list
        assert sent[2] < 700, sent  # and on Cy's own phone, her box
    run_app(test)


def test_taps_reach_their_handlers_after_many_re_renders():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        ann, bo = await app.seat(hub, 0), await app.seat(hub, 1)
        for k in range(15):
            await bo.type("Bo's points", str(k))
            await bo.tap("Save")
        await ann.type("Ann's points", "5")
        await ann.tap("Save")
        await bo.settle()
        assert bo.total("Ann") == "5" and ann.total("Bo") == "14"
        await bo.tap("History")
        assert "Ann scored 5 in round 1" in bo.text()
        await bo.tap("Play")
        await bo.tap("+1")
        await bo.tap("Save")
        assert ann.total("Bo") == "15"
    run_app(test)


def test_the_host_entering_for_a_player_sees_a_veil_first():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"], {"secret": True})
        ann = await app.seat(hub, 0)
        await ann.type("Ann's points", "4817")
        await ann.tap("Save")
        host = await app.host(hub)
        picker = host.find(lambda c: getattr(c, "label", None) == "This screen shows"
                           and hasattr(c, "options"))
        host.session.apply_patch(picker._i, {"value": "0"})
        await host.session.dispatch_event(picker._i, "select", None)
        await host.settle()
        assert "Hand the device to Ann, then tap" in host.text()
        assert "4817" not in host.text()
        await host.tap("I am Ann: show my screen")
        assert host.total("Ann") == "4817"
        await host.tap("+1")
        await host.tap("Save")  # her move done: the veil is back
        assert "Hand the device to Ann, then tap" in host.text() and "4818" not in host.text()
        assert hub.view(HOST)["public"]["players"][0]["rounds"] == ["entered"]
    run_app(test)


def test_strata_a_bid_or_an_exchange_sends_the_other_phones_a_few_hundred_bytes():
    async def test(app):
        hub = app.create("strata", ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
        for seat in range(2, 6):  # setup: the 3rd to 6th players' extras
            hub.act(HOST, "setup_extra", {"money": 1 if seat < 4 else 2}, None, seat=seat)
        tabs = [await app.seat(hub, s) for s in range(6)]
        for tab in tabs:
            await tab.settle()
        for tap, seat in (("Bid 2", 2), ("Give 4 Grain for 1 Money", 4)):
            before = [tab.conn.bytes for tab in tabs]
            await tabs[seat].tap(tap)
            for tab in tabs:
                await tab.settle()
            sent = [tab.conn.bytes - b for tab, b in zip(tabs, before)]
            others = sent[:seat] + sent[seat + 1:]
            assert 0 < max(others) < 600, (tap, sent)  # the move counter, a status or two numbers
            assert sent[seat] < 1500, (tap, sent)
    run_app(test)
