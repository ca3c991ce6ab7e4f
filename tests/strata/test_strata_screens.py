"""Four Big Strata screens in the real app on real Flet sessions (no browser).

What a player notices: taps reach the hub as moves (card entry in two taps), the secret
bid never reaches another phone or the table screen before the reveal (the bytes sent
are searched), the banner names only legal moves, the news a phone is told, the table
screen's numbers, and full class names everywhere. A state for a later phase
is arranged (``arrange``) before the phones open, or reached by moves through the hub.
"""

from __future__ import annotations

import flet as ft

import pytest

from companion.games.strata import words as strata_view
from companion.table.hub import HOST, Who
from companion.ui.live import live_of
from engine.plain import clone
from tests.browser.frames import received
from tests.support import run_app, settle

from .support import give_cards, set_resources

NAMES = ["Ann", "Bo", "Cy", "Di"]


def act(hub, seat, kind, **payload):
    hub.act(HOST, kind, payload, None, seat)


def arrange(hub, change) -> None:
    """A scenario: the table's state changed by ``change(state)`` (before phones open)."""
    state = clone(hub.match.state)
    change(state)
    hub.match.state = state


def table4(app, **settings):
    hub = app.create("strata", NAMES, settings or None)
    return hub


def past_setup(hub):
    act(hub, 2, "setup_extra", money=1)
    act(hub, 3, "setup_extra", grain=1)


def bids(hub, amounts):
    for seat, amount in enumerate(amounts):
        act(hub, seat, "bid", amount=amount)


def moves_since(hub, start):
    return [(e.action.kind, dict(e.action.payload), e.action.seat) for e in hub.match.log[start:]]



# -- setup ------------------------------------------------------------------------------------

def test_setup_extra_is_one_tap_and_the_others_see_who_is_waiting():
    async def test(app):
        hub = table4(app)
        ann, cy = await app.seat(hub, 0), await app.seat(hub, 2)
        assert "Setup: take 1 extra resource of your choice." in cy.text()
        assert "Waiting for Cy and Di to take their extra resources." in ann.text()
        assert "Your turn: take your extra resources" in cy.text()
        await cy.tap("Extra 1 Money 0 Grain")
        assert moves_since(hub, 0) == [("setup_extra", {"money": 1, "grain": 0}, 2)]
        await ann.settle()
        assert "Cy Money 5" in ann.text()
    run_app(test)


# -- the secret bid -------------------------------------------------------------------------------

def test_a_bid_is_one_tap_and_no_other_phone_or_the_table_gets_it_before_the_reveal():
    async def test(app):
        hub = table4(app, tribute_rate=1)
        past_setup(hub)
        tabs = [await app.seat(hub, s) for s in range(4)]
        host = await app.host(hub, width=1280)
        ann, bo, cy, di = tabs
        marks = [len(t.conn.sent) for t in tabs + [host]]
        assert "Your turn: bid in secret" in di.text()
        for tab, amount in zip(tabs, (2, 2, 3, 4)):
            await tab.tap(f"Bid {amount}")
        await settle(*tabs, host)
        assert "Your bid: 4 Money" in di.text()
        assert moves_since(hub, 2)[-1] == ("bid", {"amount": 4}, 3)
        for tab, mark in zip([ann, bo, cy, host], marks[:3] + marks[4:]):
            sent = received(tab.conn.sent[mark:])
            assert sent.count, "nothing sent: the audit would prove nothing"
            for leak in ("Your bid: 4", "Di bid 4", "bid 4"):
                assert not sent.has_text(leak), (tab, leak)
            assert "Di has bid" in tab.text()
        assert received(di.conn.sent[marks[3]:]).has_text("Your bid: 4 Money")  # the positive control
        assert "Everyone has bid: reveal the bids." in host.text()
        # Di changes her mind: one more tap replaces the bid
        await di.tap("Bid 1")
        assert hub.match.state["bids"][3] == 1
        # the reveal asks first
        await ann.tap("Reveal bids")
        assert ann.phone.dialogs[-1][0] == "Reveal every bid?"
        await ann.answer()
        await settle(*tabs, host)
        assert "Cy bid 3" in host.text() and "Pick 1: Cy" in ann.text()
        assert "Ann bid 2" in bo.text()
        assert "Cy outbid you: you pick second" in ann.phone.toasts
        assert "Cy, Ann and Bo outbid you: you pick fourth" in di.phone.toasts
        assert "Bids revealed: you pick first" in cy.phone.toasts
    run_app(test)


# -- taking a card ----------------------------------------------------------------------------

def revealed(hub, amounts=(2, 2, 3, 5)):
    past_setup(hub)
    if amounts[3] > 4:
        act(hub, 3, "exchange", give="grain")
    bids(hub, amounts)
    act(hub, None, "reveal")


def test_a_face_up_card_in_two_taps_with_full_class_names():
    async def test(app):
        hub = table4(app, tribute_rate=1)
        revealed(hub)
        di, cy = await app.seat(hub, 3), await app.seat(hub, 2)
        assert "Your turn: take a card" in di.text()
        assert "Scholar 2 points" not in _taps(cy)  # not Cy's turn
        text = di.text()
        for name in ("Scholar", "Peasant", "Artisan", "Merchant"):
            assert f"{name} 1 point" in _taps(di) and f"{name} 4 points" in _taps(di)
        assert "Scho" not in text.replace("Scholar", "")
        start = len(hub.match.log)
        await di.tap("Scholar 2 points")
        assert "Scholar, 2 points: its effect?" in di.text()
        effect = next(name for name in _taps(di) if name.startswith("Effect ") and "Influence" in name)
        await di.tap(effect)
        (kind, payload, seat), = moves_since(hub, start)
        assert (kind, seat, payload["face"], payload["class"], payload["points"]) == ("take_card", 3, "up", "scholars", 2)
        assert "influence" in (payload.get("effects") or [payload.get("effect")])
        await cy.settle()
        assert "Di card 1: Scholar 2 points, +1 Influence" in cy.text()
        assert "Your turn: take a card" in cy.text()
    run_app(test)


def _taps(tab):
    from tests.uitree import taps

    return taps(tab.tree())


def test_a_face_down_card_kept_down_is_two_taps_and_its_front_stays_mine():
    async def test(app):
        hub = table4(app, tribute_rate=1)
        revealed(hub)
        di = await app.seat(hub, 3)
        await di.switch("Face down", True)
        assert "Keep face down in Merchants" in _taps(di)
        await di.tap("Note its front")
        await di.tap("Artisan 3 points")
        await di.tap(next(n for n in _taps(di) if n.startswith("Effect ") and "Trade" in n))
        start = len(hub.match.log)
        await di.tap("Keep face down in Merchants")
        assert "Gift 1 Money 0 Grain" in _taps(di)  # all her cards face down: the gift, one tap
        await di.tap("Gift 1 Money 0 Grain")
        (kind, payload, seat), = moves_since(hub, start)
        assert (kind, payload["face"], payload["column"], payload["class"], payload["bonus"]) == (
            "take_card", "down", "merchants", "artisans", {"money": 1, "grain": 0})
        assert "Di card 1: face down, saw Artisan 3 points, Trade 4 for 2" in di.text()
        cy, host = await app.seat(hub, 2), await app.host(hub)
        for tab in (cy, host):
            assert "Di card 1: face down" in tab.text()
            assert "saw Artisan" not in tab.text() and "Trade 4 for 2" not in tab.text()
            assert not received(tab.conn.sent).has_text("saw Artisan")
    run_app(test)


def test_face_down_is_a_switch_that_looks_like_one():
    """A real switch labelled "Face down", off at first where a card face up may be taken,
    that turns on and off again (never the words "Face down: no" on a button)."""
    async def test(app):
        hub = table4(app, tribute_rate=1)
        revealed(hub)
        di = await app.seat(hub, 3)
        switch = di.find(lambda c: isinstance(c, ft.Switch) and c.label == "Face down")
        assert switch is not None and switch.value is False
        assert "Face down: no" not in di.text() and "Face down" not in _taps(di)
        await di.switch("Face down", True)
        assert "Keep face down in Merchants" in _taps(di)
        await di.switch("Face down", False)
        assert "Keep face down in Merchants" not in _taps(di)
        assert di.find(lambda c: isinstance(c, ft.Switch) and c.label == "Face down").value is False
    run_app(test)


def test_a_face_down_card_turned_face_up_costs_money():
    async def test(app):
        hub = table4(app)
        revealed(hub, (0, 0, 0, 1))
        arrange(hub, lambda state: set_resources(state, 3, money=2))
        di = await app.seat(hub, 3)
        await di.switch("Face down", True)
        await di.tap("Turn face up")
        await di.tap("Peasant 4 points")
        start = len(hub.match.log)
        await di.tap(next(n for n in _taps(di) if n.startswith("Effect ") and "+1 Grain" in n))
        (kind, payload, seat), = moves_since(hub, start)
        assert (payload["face"], payload["flip_up"], payload["class"], payload["points"]) == ("down", True, "peasants", 4)
        assert hub.match.state["money"][3] == 0
    run_app(test)


def test_the_empress_is_offered_only_when_the_display_has_one():
    async def test(app):
        hub = table4(app)
        revealed(hub, (0, 0, 0, 1))
        di = await app.seat(hub, 3)
        assert "Empress 3 points" not in _taps(di)
        arrange(hub, lambda state: state["market"].update(empress=True))
        di2 = await app.tab(f"/t/{hub.code}", storage=di.phone.storage)  # Di's phone again
        await di2.tap("Empress 3 points")
        await di2.tap("Effect " + next(n for n in _taps(di2) if n.startswith("Effect ")).removeprefix("Effect "))
        assert hub.match.state["cards"][3][0]["column"] == "empresses"
    run_app(test)


def test_the_host_enters_for_a_player_without_a_phone():
    async def test(app):
        hub = table4(app)
        revealed(hub, (0, 0, 0, 1))
        host = await app.host(hub)
        assert "Scholar 2 points" not in _taps(host)  # the table screen takes no card
        assert "Waiting for Di to take a card." in host.text()
    run_app(test)


# -- any time --------------------------------------------------------------------------------

def test_exchange_and_trade_buttons_follow_the_view():
    async def test(app):
        hub = app.create("strata", ["P0", "P1"])
        arrange(hub, lambda state: give_cards(state, 0, ("merchants", 1, "trade")))
        p0 = await app.seat(hub, 0)
        assert "Trade 4 Money for 2 Grain" in _taps(p0)
        await p0.tap("Give 4 Grain for 1 Money")
        assert moves_since(hub, 0) == [("exchange", {"give": "grain", "times": 1}, 0)]
        assert "Give 4 Grain for 1 Money" not in _taps(p0)  # 0 Grain left
        await p0.tap("Bid 2")
        assert "Give 4 Money for 1 Grain" not in _taps(p0)  # the bid keeps its Money
    run_app(test)


def test_turning_a_card_down_asks_for_the_resources_and_the_empress_row():
    async def test(app):
        hub = app.create("strata", ["P0", "P1"])
        arrange(hub, lambda state: give_cards(state, 0, ("empresses", 3, "none"), ("scholars", 1, "none")))
        p0 = await app.seat(hub, 0)
        await p0.tap("Turn down card 1")
        assert "Confirm turn down" not in _taps(p0)
        await p0.tap("Get 2 Money 0 Grain")
        await p0.tap("Put in Artisans")
        start = len(hub.match.log)
        await p0.tap("Confirm turn down")
        assert moves_since(hub, start) == [("flip_down", {"card": 1, "money": 2, "grain": 0, "column": "artisans"}, 0)]
        assert hub.match.state["cards"][0][0]["column"] == "artisans"
    run_app(test)


def test_quick_choices_read_in_one_go_all_reach_the_turn_down():
    """The resources and the Empress row tapped quickly (read in one go, each handler of the
    screen drawn before them), then the confirm: both choices are in the move."""
    async def test(app):
        hub = app.create("strata", ["P0", "P1"])
        arrange(hub, lambda state: give_cards(state, 0, ("empresses", 3, "none"), ("scholars", 1, "none")))
        p0 = await app.seat(hub, 0)
        await p0.tap("Turn down card 1")
        await p0.taps_in_one_go("Get 2 Money 0 Grain", "Put in Artisans")
        assert "Confirm turn down" in _taps(p0)  # neither choice was lost
        await p0.tap("Put in Scholars")
        start = len(hub.match.log)
        await p0.taps_in_one_go("Get 0 Money 2 Grain", "Confirm turn down")
        assert moves_since(hub, start) == [("flip_down", {"card": 1, "money": 0, "grain": 2, "column": "scholars"}, 0)]
    run_app(test)


# -- the host's table screen -------------------------------------------------------------------

def test_the_table_view_shows_the_round_the_phase_and_every_players_numbers_in_large_type():
    async def test(app):
        hub = table4(app)
        revealed(hub)
        host = await app.host(hub, width=1280)
        text = host.text()
        for words in ("Round 1 of 15", "Phase: Auction: taking cards", "Start player: Ann", "Pick 1: Di bid 5",
                      "Di Money 0", "Cy Money 2", "Ann Scholars 0"):
            assert words in text, words
        big = host.find(lambda c: getattr(c, "semantics_label", None) == "Di Money 0")
        assert big.size >= 40
        assert not [n for n in _taps(host) if n not in ("All tables",)]  # no controls but the way out
    run_app(test)


# -- the banner and the news in words ------------------------------------------------------------

def test_turn_words_name_only_legal_moves():
    def screen(phase="auction", legal=(), private=None, seat=0, **public):
        return {"table": {"seat": seat}, "legal": list(legal), "to_act": [seat], "private": private or {},
                "public": {"phase": phase, "players": [{"name": "Ann"}, {"name": "Bo"}], "numbers": {"cap": 10},
                           **public}}

    assert strata_view.turn_words(screen(legal=("bid",), private={"bid": None})) == "bid in secret"
    assert strata_view.turn_words(screen(legal=("bid", "reveal"), private={"bid": 2})) == "reveal the bids"
    assert strata_view.turn_words(screen("pick", ("take_card", "exchange"))) == "take a card"
    assert strata_view.turn_words(screen("production", ("done",))) == "move your tokens, then tap Done"
    current = {"from": 1, "to": 0, "count": 2, "waiting_for": "taker"}
    assert strata_view.turn_words(screen("tribute", ("take_tribute",), tribute={"current": current})) == \
        "take tribute from Bo"
    current = {"from": 0, "to": 1, "count": 2, "waiting_for": "payer"}
    assert strata_view.turn_words(screen("tribute", ("flip_down",), tribute={"current": current})) == \
        "turn a card face down to pay Bo"



# -- every phase renders on every screen ------------------------------------------------------------

@pytest.mark.parametrize("seed", [11, 12])
def test_random_games_render_on_every_screen(caplog, seed):
    """A whole random game; at each phase change (and every few moves) every seat's phone,
    the host's table screen (wide and on a phone) and a watcher are drawn from the hub,
    and nothing fails to render."""
    import logging
    import random

    from engine.errors import IllegalAction

    from .support import random_action

    caplog.set_level(logging.ERROR)
    seen: set = set()

    async def test(app):
        rng = random.Random(seed)
        hub = app.create("strata", ["P0", "P1", "P2"], {"tribute_rate": 1})
        tabs = [await app.seat(hub, s) for s in range(3)]
        tabs += [await app.host(hub, width=1280), await app.host(hub), await app.watcher(hub)]
        last = None
        for step in range(4000):
            state = hub.match.state
            if state["phase"] != last or step % 20 == 0:
                last = state["phase"]
                seen.add(last)
                for tab in tabs:
                    await tab.settle(6)
                for tab in tabs:
                    assert "Round" in tab.text() or "Before round 1" in tab.text(), (last, tab.text()[:300])
            if hub.is_over():
                break
            choice = random_action(rng, state)
            if choice is None:
                continue
            seat, kind, payload = choice
            try:
                hub.act(HOST, kind, payload, None, seat)
            except IllegalAction:
                pass
        assert hub.is_over()
        for tab in tabs:
            await tab.settle()
        # a part that fails to render stops its phone for good: every phone is up to date
        behind = [i for i, tab in enumerate(tabs)
                  if i != 3 and live_of(tab.page).screen["revision"] != hub.revision]
        assert not behind, behind
        missing = [i for i, tab in enumerate(tabs) if "final score" not in tab.text()]
        assert not missing, (missing, tabs[missing[0]].text()[:1500] if missing else "")

    run_app(test)
    assert {"setup", "auction", "pick", "over"} <= seen, seen
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.records[:3]


# -- production and feeding ----------------------------------------------------------------------

def production_table(app):
    """Round 1 taken: Ann a Peasant (+1 Grain); Bo a Scholar with two effects (+1 Influence,
    costs 1 Money) and no Money to feed it; Cy a Merchant (+1 Money, +1 Influence) and over
    the cap."""
    hub = app.create("strata", ["Ann", "Bo", "Cy"], {"tribute_rate": 1})
    act(hub, 2, "setup_extra", money=1)

    def rich_and_poor(state):
        set_resources(state, 1, money=0)
        set_resources(state, 2, money=9)
    arrange(hub, rich_and_poor)
    bids(hub, [0, 0, 0])
    act(hub, None, "reveal")
    act(hub, 0, "take_card", face="up", effects=["produce_grain"], points=2, **{"class": "peasants"})
    act(hub, 1, "take_card", face="up", effects=["influence", "feed_money"], points=2, **{"class": "scholars"})
    act(hub, 2, "take_card", face="up", effects=["produce_money", "influence"], points=1, **{"class": "merchants"})
    assert hub.view(HOST)["public"]["phase"] == "production"
    return hub


def test_production_step_says_what_each_gains_and_feeds_and_done_moves_on():
    async def test(app):
        hub = production_table(app)
        ann, bo, cy = [await app.seat(hub, s) for s in range(3)]
        wide, narrow = await app.host(hub, width=1280), await app.host(hub)
        text = ann.text()
        assert "You gain 1 Grain; you feed 1 Grain." in text
        assert "Your turn: move your tokens, then tap Done" in text
        assert "Bo: moving tokens" in wide.text() and "Ann: moving tokens" in wide.text()
        # Bo's card costs 1 Money he does not have: turn a card face down first
        assert "You gain nothing; you feed 1 Money, 1 Grain." in bo.text()
        assert "You lack 1 Money to feed" in bo.text()
        assert "Done: my tokens are moved" not in _taps(bo)
        await bo.tap("Turn down card 2")
        await bo.tap("Get 2 Money 0 Grain")
        assert "It is your last face-up card: you also get 1 resource of your choice." in bo.text()
        await bo.tap("Gift 1 Money 0 Grain")
        start = len(hub.match.log)
        await bo.tap("Confirm turn down")
        assert moves_since(hub, start)[0][0] == "flip_down"
        assert "You lack" not in bo.text()
        # Cy is over the cap after feeding: what to discard, then Done
        assert "Over the cap of 10: discard 3 resources." in cy.text()
        assert "Done: my tokens are moved" not in _taps(cy)
        await cy.tap("Discard 3 Money 0 Grain")
        start = len(hub.match.log)
        await cy.tap("Done: my tokens are moved")
        assert moves_since(hub, start) == [("done", {"money": 3, "grain": 0}, 2)]
        await wide.settle()
        assert "Cy: done" in wide.text() and "Ann: moving tokens" in wide.text()
        # the host moves everyone on, after a confirm
        await narrow.settle()
        await narrow.tap("Move everyone on")
        title, words, _, _ = narrow.phone.dialogs[-1]
        assert title == "Move everyone on?" and "Ann and Bo have not tapped Done" in words
        await narrow.answer()
        assert hub.view(HOST)["public"]["phase"] != "production"
        for tab in (ann, bo, cy, wide):
            await tab.settle()
        assert "Cy takes" in wide.text() or "Round 2 of 15" in wide.text()
    run_app(test)


def test_a_limited_bank_that_runs_out_is_said_on_every_screen():
    """Issue 26: with a limited bank (a setting), when it runs out the phones, the
    host's table screen and a watcher say so, and a player paid less than the card says
    is told what the bank could not pay. An unlimited bank (the default) says nothing."""
    async def test(app):
        hub = app.create("strata", ["Ann", "Bo", "Cy"], {"bank_tokens": 40})
        act(hub, 2, "setup_extra", money=1)

        def dry(state):
            set_resources(state, 0, grain=12)
            state["grain"][0] += state["bank"]["grain"]  # Ann holds every Grain token
            state["bank"]["grain"] = 0
        arrange(hub, dry)
        bids(hub, [0, 0, 0])
        act(hub, None, "reveal")
        act(hub, 0, "take_card", face="up", effects=["produce_money"], points=1, **{"class": "merchants"})
        act(hub, 1, "take_card", face="up", effects=["produce_grain", "produce_grain"], points=2,
            **{"class": "peasants"})
        tabs = [await app.seat(hub, s) for s in range(3)]
        wide, watcher = await app.host(hub, width=1280), await app.watcher(hub)
        for tab in tabs + [wide, watcher]:
            assert "The bank has no Grain left." in tab.text(), tab.text()[:400]
        act(hub, 2, "take_card", face="up", effects=["produce_grain"], points=1, **{"class": "peasants"})
        for tab in tabs + [wide]:
            await tab.settle()
        assert hub.view(HOST)["public"]["phase"] == "production"
        assert "The bank could not pay you 2 Grain: it has run out." in tabs[1].text()
        assert "The bank could not pay you 1 Grain: it has run out." in tabs[2].text()
        assert "Bo: moving tokens" in wide.text()
        assert "gains nothing; feeds 1 Grain; the bank could not pay 2 Grain" in wide.text()
        # the bank gets Grain back (feeding): the note goes
        act(hub, 0, "done", money=0, grain=hub.view(HOST)["public"]["production"]["seats"][0]["must_discard"])
        for tab in tabs + [wide, watcher]:
            await tab.settle()
            assert "The bank has no Grain left" not in tab.text()
        unlimited = app.create("strata", ["Ann", "Bo"])
        ann = await app.seat(unlimited, 0)
        assert "The bank has no" not in ann.text()
    run_app(test)


def test_the_discard_as_production_ends_is_on_the_phone_and_the_table_screen():
    """Issue 26: a flip after Done takes Ann above 10; when everyone is done she
    discards (her choice), the table screen saying whom the table waits for."""
    async def test(app):
        hub = production_table(app)
        act(hub, 0, "done")  # 4 Money, 4 Grain
        arrange(hub, lambda state: set_resources(state, 0, money=6, grain=4))
        card = hub.match.state["cards"][0][0]["id"]
        act(hub, 0, "flip_down", card=card, money=2, bonus={"money": 1})  # her last card: 13
        act(hub, 1, "flip_down", card=hub.match.state["cards"][1][0]["id"], money=2, bonus={"money": 1})
        act(hub, 1, "done")
        ann = await app.seat(hub, 0)
        wide = await app.host(hub, width=1280)
        act(hub, 2, "done", money=3, grain=0)
        assert hub.view(HOST)["public"]["phase"] == "production_cap"
        await ann.settle()
        await wide.settle()
        assert "You have 13: discard 3 down to 10." in ann.text()
        assert "Your turn: discard down to 10" in ann.text()
        assert "Production: discard down to 10" in wide.text()
        assert "Waiting for Ann to discard down to 10." in wide.text() and "Ann: discarding" in wide.text()
        start = len(hub.match.log)
        await ann.tap("Discard 2 Money 1 Grain")
        assert moves_since(hub, start) == [("discard", {"money": 2, "grain": 1}, 0)]
        assert hub.view(HOST)["public"]["phase"] != "production_cap"
    run_app(test)


# -- the tribute taker by taker, and its news ------------------------------------------------------

def test_tribute_in_sentences_taker_by_taker_and_the_payers_news():
    async def test(app):
        hub = production_table(app)
        hub.act(HOST, "done", {"money": 3}, None, seat=2)  # Cy discards down to 10
        hub.act(HOST, "move_on", {}, None)  # Ann
        bo = await app.seat(hub, 1)
        hub.act(HOST, "flip_down", {"card": 2, "money": 2, "grain": 0, "bonus": {"money": 1, "grain": 0}}, None, seat=1)
        hub.act(HOST, "done", {}, None, seat=1)
        public = hub.view(HOST)["public"]
        assert public["phase"] == "tribute", public["phase"]
        ann, cy, wide = await app.seat(hub, 0), await app.seat(hub, 2), await app.host(hub, width=1280)
        assert "Cy takes 1 from Ann: Cy chooses Money or Grain" in wide.text()
        assert "Cy takes 1 from Bo" in ann.text()
        assert "Your turn: take tribute from Ann" in cy.text()
        assert "Tribute: take 1 from Ann (who has" in cy.text()
        await cy.tap("Take 0 Money 1 Grain")
        await ann.settle()
        assert "You paid 1 Grain tribute to Cy" in ann.phone.toasts
        assert "Cy took 1 Grain from Ann" in ann.text()
        await bo.settle()
        assert not [t for t in bo.phone.toasts if "tribute" in t]
    run_app(test)


# -- the end: the chart, the ranking and the tie-break in words --------------------------------------

def final_table(app):
    """Two players in round 15 with displays arranged; the last round played: P0 has an
    Empress and P1 an "any one class" bonus to place."""
    hub = app.create("strata", ["P0", "P1"])

    def last_round(state):
        state["round"] = 15
        give_cards(state, 0, ("scholars", 4, "none"), ("peasants", 1, "none"), ("artisans", 3, "none"),
                   ("merchants", 3, "none"), ("empresses", 3, "none"))
        give_cards(state, 1, ("scholars", 2, "none"), ("peasants", 2, "none"), ("artisans", 2, "none"),
                   ("merchants", 2, "bonus_any_class"))
        set_resources(state, 0, grain=9)
        set_resources(state, 1, grain=9)
    arrange(hub, last_round)
    bids(hub, [0, 0])
    act(hub, None, "reveal")
    for seat in (0, 1):
        act(hub, seat, "take_card", face="up", effects=[], points=1, **{"class": "scholars"})
    for seat in (0, 1):
        if hub.view(HOST)["public"]["phase"] == "production":
            act(hub, seat, "done")
    assert hub.view(HOST)["public"]["phase"] == "scoring"
    return hub


def test_the_end_shows_each_players_classes_as_a_chart_and_the_tie_break_in_words():
    async def test(app):
        hub = final_table(app)
        p0, wide = await app.seat(hub, 0), await app.host(hub, width=1280)
        assert "Your final placing" in p0.text() and "Your turn: place your Empress and bonus points" in p0.text()
        assert "(proposed; still placing)" in wide.text()
        await p0.tap("Bonus 1 to Artisans")
        confirm = next(n for n in _taps(p0) if n.startswith("Confirm my placing"))
        start = len(hub.match.log)
        await p0.tap(confirm)
        assert moves_since(hub, start) == [("final_assignment", {"assignment": ["artisans"]}, 0)]
        for seat in (1, 2):
            if "final_assignment" in hub.view(Who(seat=seat, host=True))["legal"]:
                hub.act(HOST, "final_assignment", {}, None, seat=seat)
        result = hub.view(HOST)["result"]
        assert result is not None
        for tab in (p0, wide):
            await tab.settle()
            text = tab.text()
            assert "wins" in text or "share the win" in text
            for line in result["walkthrough"]:
                assert line in text, line
            for entry in result["ranking"]:
                assert f"{entry['name']} final score {entry['score']}" in text
                chart = f"{entry['name']}: Scholars {entry['classes']['scholars']}, Peasants {entry['classes']['peasants']}"
                assert chart in text, chart  # the chart's words (a canvas has none)
    run_app(test)


def test_parts_made_while_their_parent_drew_alone_still_draw_after_a_garbage_collection(caplog):
    """Round 2's bids: the bid panel's parts are made while the panel draws alone; after a
    garbage collection Flet's weak link to their parent's first self is dead. They must
    still find the table (the waiting line and Reveal bids on Bo's phone). Every object of
    the test process older than the test is frozen out of the collections (``gc.freeze``):
    each collection then looks at the test's own objects only, the parts and their parents
    among them, instead of the whole suite's heap."""
    import gc
    import logging

    caplog.set_level(logging.DEBUG, logger="companion.games.strata.look")

    async def test(app):
        hub = app.create("strata", ["Ann", "Bo", "Cy"], {"tribute_rate": 1})
        tabs = [await app.seat(hub, s) for s in range(3)]

        async def collect():
            gc.collect()
            for tab in tabs:
                await tab.settle(5)
            gc.collect()

        steps = [(2, "setup_extra", {"money": 1}), (0, "bid", {"amount": 1}), (1, "bid", {"amount": 4}),
                 (2, "bid", {"amount": 0}), (None, "reveal", {}),
                 (1, "take_card", {"face": "up", "effects": ["influence", "feed_money"], "points": 2, "class": "scholars"}),
                 (0, "take_card", {"face": "up", "effects": ["produce_grain"], "points": 3, "class": "peasants"}),
                 (2, "take_card", {"face": "up", "effects": ["influence"], "points": 2, "class": "artisans"}),
                 (0, "done", {}), (2, "done", {}),
                 (1, "flip_down", {"card": 1, "money": 2, "grain": 0, "bonus": {"money": 1, "grain": 0}}),
                 (1, "done", {}), (2, "take_tribute", {"money": 0, "grain": 1}),
                 (2, "take_tribute", {"money": 1, "grain": 0}),
                 (1, "bid", {"amount": 2}), (2, "bid", {"amount": 0}), (0, "bid", {"amount": 0})]
        for seat, kind, payload in steps:
            hub.act(HOST, kind, payload, None, seat)
            await collect()
        for tab in tabs:
            await tab.settle()
        assert "Everyone has bid: reveal the bids." in tabs[1].text()
        assert "Reveal bids" in _taps(tabs[1])
    gc.collect()
    gc.freeze()
    try:
        for _ in range(2):
            run_app(test)
    finally:
        gc.unfreeze()
    assert not [r for r in caplog.records if "could not be drawn" in r.getMessage()]


def test_a_class_chip_counts_cards_in_words_beside_a_cards_points():
    """Issue 37: the chip beside Bo's 2-point Scholar says "Scholars 1 card", not a bare
    "Scholars 1" that reads like points."""
    async def test(app):
        hub = production_table(app)
        bo = await app.seat(hub, 1)
        text = bo.text()
        assert "Bo Scholars: 1 card" in text and "Bo Peasants: 0 cards" in text, text
        assert "Bo Scholars 1" not in text
    run_app(test)
