"""A change re-renders only what it changed: small patches to every phone, and taps keep
working after any number of re-renders (the real app on real Flet sessions)."""

from companion.table.hub import HOST
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
        await host.pick("This screen shows", "0")
        assert "Hand the device to Ann, then tap" in host.text()
        assert "4817" not in host.text()
        await host.tap("I am Ann: show my screen")
        assert host.total("Ann") == "4817"
        await host.tap("+1")
        await host.tap("Save")  # her move done: the veil is back
        assert "Hand the device to Ann, then tap" in host.text() and "4818" not in host.text()
        assert hub.view(HOST)["public"]["players"][0]["rounds"] == ["entered"]
    run_app(test)


def test_bluffstones_a_bid_sends_the_others_only_who_is_ready():
    """Ann's secret bid changes one thing for everyone else (she is ready): every other
    phone and the host's table screens get a patch of a few hundred bytes; a stone placed
    changes one cell and a tower's count on the table screen."""
    from tests.bluffstones.support import COLOURS

    async def test(app):
        hub = app.create("bluffstones", ["Ann", "Bo", "Cy"])
        hub.act(HOST, "tower_colour", {"colours": dict(COLOURS)}, None)
        hub.act(HOST, "start_player", {"player": 0}, None)
        hub.act(HOST, "start", {}, None)
        phones = [await app.seat(hub, s) for s in range(3)]
        host, wide = await app.host(hub), await app.host(hub, width=1280)
        tabs = phones + [host, wide]
        await phones[0].tap("Bid 1 blue")  # picking is the phone's own business
        before = [tab.conn.bytes for tab in tabs]
        await phones[0].tap("Confirm bid")
        for tab in tabs:
            await tab.settle()
        sent = [tab.conn.bytes - b for tab, b in zip(tabs, before)]
        assert all("Ann ready" in tab.text() for tab in tabs[1:])
        assert 0 < max(sent[1:]) < 400, sent  # "ready", the waiting line, the move counter
        assert sent[0] < 900, sent  # on Ann's own phone: her bid recorded
        for seat in (1, 2):
            hub.act(HOST, "bid", {"count": 1, "colour": "blue"}, None, seat=seat)
        hub.act(HOST, "reveal", {}, None)
        for tab in tabs:
            await tab.settle()
        await phones[0].tap("D3")
        before = [tab.conn.bytes for tab in tabs]
        await phones[0].tap("Place on D3")
        for tab in tabs:
            await tab.settle()
        sent = [tab.conn.bytes - b for tab, b in zip(tabs, before)]
        assert "D4 blue: 1 of 3" in wide.text()
        assert 0 < sent[4] < 800, sent  # the table screen: one cell, D4's count, whose step


def test_pai_sho_a_pass_sends_the_phones_not_to_play_a_few_hundred_bytes():
    async def test(app):
        hub = app.create("paisho", ["Ann", "Bo", "Cy", "Di"], {"target": 30, "board": False})
        tabs = [await app.seat(hub, s) for s in range(4)]
        opening = [(0, "place", {"tile": "lily"}), (1, "place", {"tile": "rose"}),
                   (2, "place", {"tile": "jasmine"}), (3, "place", {"tile": "boat"}),
                   (0, "place", {"tile": "jade", "formed": [["lily", "jade"]]}),
                   (1, "pass", {}), (2, "pass", {}), (3, "pass", {})]
        for seat, kind, payload in opening:  # a realistic screen: tiles out, a harmony counting
            hub.act(HOST, kind, payload, None, seat=seat)
        for tab in tabs:
            await tab.settle()
        before = [tab.conn.bytes for tab in tabs]
        await tabs[0].tap("Pass")
        before[0] = tabs[0].conn.bytes  # the draft is Ann's own business
        await tabs[0].tap("End turn")
        for tab in tabs:
            await tab.settle()
        sent = [tab.conn.bytes - b for tab, b in zip(tabs, before)]
        assert "Bo's turn" in tabs[2].text() and "Ann's Lily + White Jade pays in 1 turn" in tabs[3].text()
        # Cy and Di: whose turn, the turn number, the harmony's countdown, the move counter
        assert 0 < max(sent[2:]) < 400, sent
        assert sent[1] < 2500, sent  # Bo: the banner and his turn entry appear
        assert sent[0] < 1000, sent  # Ann: her entry goes, the Undo button comes


def test_rock_garden_a_one_number_change_sends_other_phones_a_few_hundred_bytes():
    async def test(app):
        hub = app.create("rockgarden", ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
        gardens = ["R1 R2 R3 Y1 Y2", "Y3 G1 G2 G3 B1", "B2 B3 W1 W2 W3",
                   "R1 R2 R3 Y1 Y2", "Y3 G1 G2 G3 B1", "B2 B3 W1 W2 W3"]
        for seat, garden in enumerate(gardens):
            hub.act(HOST, "setup_draw", {"rocks": garden}, None, seat=seat)
        hub.act(HOST, "start_player", {"player": 0}, None)
        hub.act(HOST, "draw", {"rocks": "R1 R2 R3 Y2 B2 G2 W2 B1 Y1 G1 W1 R2 G3 W1 B1 Y3 G3"}, None)
        tabs = [await app.seat(hub, s) for s in range(6)]
        for tab in tabs:
            await tab.settle()
        before = [tab.conn.bytes for tab in tabs]
        # the host finds one more rock in Di's garden: one count, one number on the others' screens
        hub.act(HOST, "correct_garden", {"rocks": gardens[3] + " W3"}, None, seat=3)
        for tab in tabs:
            await tab.settle()
        sent = [tab.conn.bytes - b for tab, b in zip(tabs, before)]
        assert all("Di rocks 6" in tab.text() for tab in tabs)
        others = sent[:3] + sent[4:]
        assert 0 < max(others) < 400, sent  # the move counter, Di's rock count
        # a bid (the turn moves, a pile gets a bid): still a small patch on the others' phones
        await tabs[0].tap("Bid on pile 1")  # choosing is the phone's own business
        before = [tab.conn.bytes for tab in tabs]
        await tabs[0].tap("Place bid")
        for tab in tabs:
            await tab.settle()
        sent = [tab.conn.bytes - b for tab, b in zip(tabs, before)]
        assert hub.view(HOST)["public"]["piles"][0]["bid"]["seat"] == 0
        assert max(sent[2:]) < 1000, sent  # measured 640-650: the bid line, the turn, the counter

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


def test_a_save_that_changes_the_leader_moves_the_row_and_its_number_in_one_patch():
    """A browser may draw a frame between two patches of one move (``bench/frame_cost.py``):
    on every other phone the totals' new order and the number that moved come together."""
    from tests.browser.frames import decode, shown_values

    def patches_with(tab, mark: int, text: str) -> list[list]:
        """The patches sent to ``tab`` since frame ``mark`` that show ``text``."""
        messages = [decode(frame) for frame in tab.conn.sent[mark:]]
        return [m[1]["patch"] for m in messages if m is not None and text in shown_values(m)]

    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy"])
        tabs = [await app.seat(hub, s) for s in range(3)]
        hub.act(HOST, "points", {"points": 10}, None, seat=0)
        for tab in tabs:
            await tab.settle()
        await tabs[1].type("Bo's points", "25")
        marks = [len(tab.conn.sent) for tab in tabs]
        await tabs[1].tap("Save")
        for tab in tabs:
            await tab.settle()
        for tab, mark in ((tabs[0], marks[0]), (tabs[2], marks[2])):
            [patch] = patches_with(tab, mark, "Bo total 25")  # one patch carries Bo's new total...
            assert any(op[0] == 3 for op in patch[1:]), patch  # ...and moves his row to the top
            assert tab.text().index("Bo total 25") < tab.text().index("Ann total 10")
    run_app(test)
