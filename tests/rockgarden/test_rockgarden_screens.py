"""Rock Garden screens in the real app on real Flet sessions over the real hub (no browser).

Each phone is a tab of the app sitting in its seat (``tests.support.run_app``); whatever a
tap sends goes through the hub and the table's one check (a refusal becomes the toast
the phone shows).
"""

from __future__ import annotations

import re

import flet as ft
import pytest

from companion.games.rockgarden import look as rk
from companion.table.hub import HOST, WATCHER
from tests.browser.frames import received
from tests.rockgarden.support import (
    PLAYERS, Table, gardens_drawn, rocks, score_round_one, setup_round_one, tap, three_bids,
    to_turn_ins,
)
from tests.support import run_app, settle
from tests.uitree import buttons, taps, walk

NAMES = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Blue", "W": "White"}

async def enter_for(host, seat: int):
    """The host picks "Enter for <player>" and taps through the veil."""
    await host.pick("This screen shows", str(seat))
    name = host.text().split("Hand the device to ", 1)[1].split(",", 1)[0]
    await host.tap(f"I am {name}: show my screen")


# -- setup -------------------------------------------------------------------------
def test_setup_picks_five_rocks_and_records_them():
    async def test(app):
        t = Table(app)
        (ann,) = await t.phones(0)
        assert "Setting up" in ann.text()
        await tap(ann, *rocks("R1 R3 R3 Y2"))
        assert "Red III picked 2" in ann.text() and "(4 of 5)" in ann.text()
        await tap(ann, "− Red III", rocks("G1")[0])
        assert buttons(ann.tree())["Red I"].disabled is False
        await tap(ann, rocks("B1")[0])  # the fifth rock: every button is full now
        assert buttons(ann.tree())["White III"].disabled is True
        await tap(ann, "Record starting rocks")
        assert t.sent[-1] == ("setup_draw", {"rocks": "R1 R3 Y2 G1 B1"}, 0)
        assert "Your 5 starting rocks are in your garden" in ann.text()
        assert "Still drawing: Bo, Cy, Di" in ann.text()
    run_app(test)


def test_quick_taps_read_in_one_go_all_count():
    """A busy host reads quick taps together, each with the handler of the screen drawn
    before them: two taps on a rock still count twice, and "Record" right after a rock
    records it."""
    async def test(app):
        t = Table(app)
        (ann,) = await t.phones(0)
        await ann.taps_in_one_go(*rocks("R1 R1"))
        assert "Red I picked 2" in ann.text()
        await ann.taps_in_one_go(rocks("R3")[0], "Record starting rocks")
        kind, payload, seat = t.sent[-1]
        assert (kind, sorted(payload["rocks"].split()), seat) == ("setup_draw", ["R1", "R1", "R3"], 0)
    run_app(test)


def test_start_player_is_chosen_on_any_phone_and_round_one_begins():
    async def test(app):
        t = Table(app)
        gardens_drawn(t)
        ann, bo, di = await t.phones(0, 1, 3)
        await tap(di, "Bo starts")
        assert t.sent[-1] == ("start_player", {"player": 1}, 3)
        await settle(ann, bo)
        assert "You lay out the piles" in bo.text() and "Your turn: lay out the piles" in bo.text()
        assert "Bo is laying out the piles" in ann.text()
    run_app(test)


# -- piles -------------------------------------------------------------------------
def test_start_player_taps_each_rock_and_piles_complete_at_six():
    async def test(app):
        t = Table(app)
        gardens_drawn(t)
        t.apply(0, "start_player", player=1)
        ann, bo = await t.phones(0, 1)
        await tap(bo, *rocks("G2 B2"))
        assert "Pile 1 of 3: value 4" in bo.text()
        assert "Pile 1 of 3: worth 4, complete at 6" in bo.text()  # read once: no bare "4 of 6"
        await tap(bo, rocks("R3")[0])  # 7: complete, the next pile starts
        assert t.sent[-1] == ("draw", {"rocks": "R3"}, 1)
        assert "Pile 2 of 3: value 0" in bo.text()
        assert "Pile 1 is complete (worth 7): now pile 2." in bo.text()
        await ann.settle()
        assert "Pile 1 worth 7" in ann.text()
        assert "Red I" not in buttons(ann.tree())  # other phones have no picker
    run_app(test)


def test_a_rock_beyond_the_supply_is_refused():
    async def test(app):
        t = Table(app)
        for seat, garden in enumerate(["W1 W1 W1 W1 W1", "Y1", "G1", "B1"]):
            t.apply(seat, "setup_draw", rocks=garden)
        t.apply(0, "start_player", player=0)
        for seat, colour in ((1, "Y2"), (2, "G2"), (3, "B2")):
            t.apply(seat, "setup_draw", rocks=" ".join([colour] * 4))
        assert t.state["phase"] == "piles"
        (ann,) = await t.phones(0)
        await tap(ann, rocks("W1")[0])
        assert re.search(r"6 x W1: only 5 exist", ann.phone.toasts[-1]), ann.phone.toasts
        assert t.state["piles"] == []
    run_app(test)


def test_host_table_screen_records_the_piles_for_the_start_player():
    async def test(app):
        t = Table(app)
        gardens_drawn(t)
        t.apply(None, "start_player", player=2)
        host = await app.host(t.hub)
        await tap(host, rocks("Y3")[0])
        assert t.sent[-1] == ("draw", {"rocks": "Y3"}, 2)  # for Cy, the one to draw
        assert t.state["piles"][0]["rocks"] == ["Y3"]
        watcher = await app.watcher(t.hub)  # a watcher (not host) cannot draw
        assert "Red I" not in buttons(watcher.tree())
    run_app(test)


def test_black_rock_drawn_for_the_piles_ends_the_game_at_once():
    async def test(app):
        t = Table(app, tracker_spaces=1)
        to_turn_ins(t)
        score_round_one(t)
        bo, cy = await t.phones(1, 2)
        assert t.state["phase"] == "piles" and "The black rock is in the bag" in cy.text()
        await tap(bo, "Black rock")
        await bo.answer()
        assert t.sent[-1] == ("draw", {"rocks": "K"}, 1)
        await cy.settle()
        assert "Game over" in cy.text()
        assert "The black rock came out while the piles were drawn: the game ended at once." in cy.text()
        assert "The game is over" in cy.phone.toasts
    run_app(test)


# -- bidding -------------------------------------------------------------------------
def test_bid_picker_offers_only_my_garden_and_places_the_bid():
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        bo, cy = await t.phones(1, 2)
        names = buttons(bo.tree())
        assert "Yellow I" in names and "White II" in names and "Red I" not in names
        assert "Pass" not in names  # no pile has a bid yet
        assert "You may pass once every pile has a bid" in bo.text()
        assert "Your turn: bid on a pile" in bo.text()
        # no pile chosen at first: "Place bid" waits for one (issue 26)
        assert "Place bid" in bo.text() and "Place bid" not in taps(bo.tree())
        assert "Choose the pile you bid on" in bo.text()
        await tap(bo, "White I", "White II")
        assert "Place bid" not in taps(bo.tree())
        await tap(bo, "Bid on pile 1")
        assert "Your bid on pile 1: White I, White II — worth 3, 2 rocks" in bo.text()
        assert "If this bid stands you keep Trips: 1 demerit" in bo.text()  # his Y1 Y1 Y1 stay
        await tap(bo, "Place bid")
        assert t.sent[-1] == ("bid", {"pile": 0, "rocks": "W1 W2"}, 1)
        assert "Cy is bidding" in bo.text() and "Your bid on pile 1 stands." in bo.text()
        await cy.settle()
        await tap(cy, "Bid on pile 2", "Green I", "Place bid")
        assert t.sent[-1] == ("bid", {"pile": 1, "rocks": "G1"}, 2)
    run_app(test)


def test_the_bid_picker_offers_my_rocks_with_no_gaps_and_a_minus_a_finger_finds():
    """Only the kinds in my garden, one after another (no empty cell where a kind I lack
    would be); each "−" a real icon on a target of 44 px or more."""
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        (bo,) = await t.phones(1)
        garden = t.state["gardens"][1]
        offered = [c for c in walk(bo.tree()) if isinstance(c, ft.FilledButton)
                   and isinstance(c.content, str) and c.content in rk.rocks_label(NAMES, list(rk.CODES))]
        assert sorted(c.content for c in offered) == sorted(rk.rock_label(NAMES, code)
                                                           for code, n in garden.items() if n)

        def rocks_in(control) -> int:
            return sum(any(x is button for x in walk(control)) for button in offered)

        for row in (r for r in walk(bo.tree()) if isinstance(r, ft.Row)):
            cells = [rocks_in(child) for child in row.controls]
            if 1 in cells:  # a line of the picker: a rock in each cell, no empty one
                assert set(cells) == {1}, cells
        await tap(bo, "White I")
        less = taps(bo.tree())["− White I"]
        assert isinstance(less, ft.IconButton) and less.icon == ft.Icons.REMOVE
        assert less.width >= 44 and less.height >= 44 and not less.disabled
        await tap(bo, "− White I")
        assert "White I picked" not in bo.text()
    run_app(test)


def test_place_bid_right_after_a_rock_bids_that_rock_too():
    """The last rock tapped and "Place bid" read in one go: the bid placed is the one on
    screen after the tap (it was placed without the rock)."""
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        (bo,) = await t.phones(1)
        await tap(bo, "Bid on pile 1", "White I")
        await bo.taps_in_one_go("White II", "Place bid")
        assert t.sent[-1] == ("bid", {"pile": 0, "rocks": "W1 W2"}, 1)
    run_app(test)


def test_plurals_say_one_rock():
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        t.apply(1, "bid", pile=0, rocks="W1")
        (ann, cy) = await t.phones(0, 2)
        assert "Bo bid White I (worth 1, 1 rock)" in cy.text()
        assert "1 rocks" not in cy.text() and "1 cards" not in cy.text() and "1 demerits" not in cy.text()
        await tap(cy, "Green I")
        assert "worth 1, 1 rock" in cy.text()
    run_app(test)


def test_an_illegal_bid_is_refused_in_words_and_an_undercut_takes_the_pile():
    async def test(app):
        t = Table(app)
        three_bids(t)
        ann, bo, cy = await t.phones(0, 1, 2)
        text = ann.text()
        assert "Your turn: undercut or pass" in text and "Undercut or pass" in text
        await tap(ann, "Bid on pile 1")
        assert "To undercut: your bid must be worth less than 3, or 3 with fewer than 2 rocks." in ann.text()
        await tap(ann, "Red III", "Red III")
        # refused before it is sent, in the table's words: Place bid waits for a legal bid
        assert "Your bid must be worth less than 3, or 3 with fewer than 2 rocks" in ann.text()
        assert "Place bid" not in taps(ann.tree())
        assert "Red III picked 2" in ann.text()
        await tap(ann, "Clear")
        # the walk-through's bid of no rocks: Ann would keep her Straight Flush
        assert "If this bid stands you keep a Straight Flush: 1 demerit" in ann.text()
        await tap(ann, "Place bid")
        assert t.sent[-1] == ("bid", {"pile": 0, "rocks": ""}, 0)
        await settle(bo, cy)
        assert "Pile 1 bid Ann worth 0" in cy.text()
        assert "Undercut or pass" in bo.text()  # Bo's bid went back: Bo is the one left
        assert "Ann undercut your bid on pile 1" in bo.phone.toasts  # the news, and a buzz
        assert "Ann undercut your bid on pile 1" not in cy.phone.toasts
    run_app(test)


def test_pass_offered_only_when_every_pile_has_a_bid_then_exchange():
    async def test(app):
        t = Table(app)
        three_bids(t)
        t.apply(0, "bid", pile=0, rocks="")
        ann, bo, cy = await t.phones(0, 1, 2)
        await tap(bo, "Pass")
        assert "then draw one rock from the bag and tap it" in bo.text()
        assert "I drew the black rock" not in buttons(bo.tree())  # it is on the tracker
        await tap(bo, "White III")
        assert t.sent[-1] == ("pass", {"rock": "W3"}, 1)
        await settle(ann, cy)
        assert "My garden 8 rocks" in ann.text()  # the exchange happened by itself
        assert "Bo demerit cards 1" in cy.text()
    run_app(test)


def test_turn_words_name_only_the_legal_moves():
    from companion.games.rockgarden.words import turn_words

    async def test(app):
        t = Table(app)
        view = lambda seat: {"table": t.hub.table(app_who(t, seat)), **t.hub.view(app_who(t, seat))}
        assert turn_words(view(0)) == "draw your 5 starting rocks"
        setup_round_one(t)
        assert turn_words(view(1)) == "bid on a pile"
        assert turn_words(view(0)) is None
        t.apply(1, "bid", pile=0, rocks="W1 W2")
        t.apply(2, "bid", pile=1, rocks="G1")
        t.apply(3, "bid", pile=2, rocks="B1")
        assert turn_words(view(0)) == "undercut or pass"
        t.apply(0, "bid", pile=0, rocks="")
        t.apply(1, "bid", pile=1, rocks="")  # Bo undercuts Cy with nothing
        t.apply(2, "bid", pile=2, rocks="")  # Cy undercuts Di with nothing
        assert turn_words(view(3)) == "pass"  # every pile has a bid of no rocks: only a pass
        t.apply(3, "pass", rock="W3")
        turn = t.state["turn"]
        assert turn_words(view(turn)) == "turn in your forbidden sets"
    run_app(test)


def app_who(t, seat):
    from companion.table.hub import Who
    return Who(seat=seat)


# -- the bid advice (issue 17) ----------------------------------------------------------
def test_bid_advice_on_my_turn_loads_a_bid_with_one_tap():
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        bo, cy = await t.phones(1, 2)
        text = bo.text()
        line = "Pile 1: bid Yellow I (1) and take no demerit if it stands"
        assert "Advice" in text and line in text
        assert "For the deck tops you face now (Trips 1, Foursome 1, Straight Flush 1)" in text
        assert "Pass:" not in text  # passing is not legal yet
        await tap(bo, "Pile 2: bid Yellow I (1) and take no demerit if it stands")
        assert "Your bid on pile 2: Yellow I — worth 1, 1 rock" in bo.text()
        await tap(bo, "Place bid")
        assert t.sent[-1] == ("bid", {"pile": 1, "rocks": "Y1"}, 1)
        assert "Advice" not in bo.text()  # not my turn any more
        await cy.settle()
        assert "Advice" in cy.text() and line not in cy.text()
    run_app(test)


def test_the_full_advice_and_the_pass_line():
    async def test(app):
        t = Table(app)
        three_bids(t)
        (ann,) = await t.phones(0)
        text = ann.text()
        assert re.search(r"Pass: ((about )?\d+ demerits?|less than 1 demerit) \(the Pass card included\); "
                         r"chance the black rock comes out with the next piles: 0%", text), text
        await tap(ann, next(n for n in buttons(ann.tree()) if n.startswith("All advised bids")))
        text = ann.text()
        assert "Hide the advised bids" in text
        entries = [n for n in buttons(ann.tree()) if " if it stands · keeps " in n]
        assert entries, text
        await tap(ann, entries[-1])
        assert "Your bid on pile" in ann.text()
    run_app(test)


def test_the_advice_never_reaches_another_phone_or_the_table_screen():
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        bo, ann, cy = await t.phones(1, 0, 2)
        host = await app.host(t.hub)
        wide = await app.host(t.hub, width=1280)
        marks = ["Advice", "if it stands", "who turns in before you", "advised bids"]
        assert all(received(bo.conn.sent).has_text(m) for m in marks)  # the positive control
        t.apply(1, "bid", pile=0, rocks="W1 W2")  # now Cy's turn: Cy gets hers, Bo none
        await settle(bo, ann, cy, host, wide)
        for tab in (ann, host, wide):
            sent = received(tab.conn.sent)
            assert sent.count and not any(sent.has_text(m) for m in marks), tab
        assert "bid_advice" not in str(t.hub.view(HOST)) or t.hub.view(HOST)["private"] is None
        assert t.hub.view(WATCHER)["private"] is None
    run_app(test)


# -- the composer keeps its place -------------------------------------------------------------
def _shape(node):
    """The control tree's structure: types and children, no values."""
    if isinstance(node, (list, tuple)):
        return tuple(_shape(n) for n in node)
    if isinstance(node, ft.Component):
        return _shape(ft.unwrap_component(node))
    if not isinstance(node, ft.BaseControl):
        return None
    children = []
    for name in ("content", "controls"):
        child = getattr(node, name, None)
        if isinstance(child, (ft.BaseControl, list, tuple)):
            children.append(_shape(child))
    return (type(node).__name__, getattr(node, "height", None), tuple(children))


def test_picking_rocks_never_moves_a_button():
    async def test(app):
        t = Table(app)
        three_bids(t)
        (ann,) = await t.phones(0)
        await tap(ann, "Bid on pile 1")
        before = _shape(ann.tree())
        order = list(buttons(ann.tree()))
        await tap(ann, "Red III")  # refused (worth 3 in one rock): the reason shows in its line
        assert "Red III picked 1" in ann.text()
        assert _shape(ann.tree()) == before  # the same controls in the same places
        await tap(ann, "Red I", "Red III")
        assert _shape(ann.tree()) == before
        await tap(ann, "− Red III", "− Red III")  # legal (worth 1), with a warning
        assert "If this bid stands you keep" in ann.text()
        assert _shape(ann.tree()) == before
        assert [n for n in buttons(ann.tree()) if n in order][:len(order)] == order
        # the piles and standing bids are above the composer, the garden below it
        text = ann.text()
        assert text.index("Pile 1 bid Bo worth 3") < text.index("Place bid") < text.index("My garden")
    run_app(test)


def test_player_colours_never_reuse_the_rock_colours():
    async def test(app):
        from companion.games.rockgarden import look as rk
        from companion.ui import kit

        t = Table(app, ["A", "B", "C", "D", "E", "F"])
        colours = t.hub.table(HOST)["colours"]
        rock = {rk.rock_fill({}, letter) for letter in rk.COLOURS} | {kit.swatch("black")}
        assert not {kit.swatch(c) for c in colours} & rock, colours
        assert not set(colours) & {"red", "yellow", "green", "blue", "white", "black"}
        # a table whose red rocks are pink: Di (pink by default) is drawn in another colour
        from companion.games.rockgarden.words import player_colours
        pink = Table(app, ["Ann", "Bo", "Cy", "Di"], colour_R="Pink")
        screen = {"table": pink.hub.table(HOST), **pink.hub.view(HOST)}
        assert screen["table"]["colours"][3] == "pink" and player_colours(screen)[3] not in ("pink", "red")
        assert len(set(player_colours(screen))) == 4
        rocks_now = {rk.rock_fill(screen["public"]["colour_names"], letter) for letter in rk.COLOURS}
        assert not {kit.swatch(c) for c in player_colours(screen)} & rocks_now
    run_app(test)


# -- turn-ins ------------------------------------------------------------------------
def test_turn_in_advice_for_the_tops_each_player_will_face():
    async def test(app):
        t = Table(app)
        to_turn_ins(t)
        ann, bo = await t.phones(0, 1)
        assert "Turn in your forbidden sets" in bo.text()
        assert "Deck tops you face: Trips 1, Foursome 1, Straight Flush 1" in bo.text()
        assert ("Deck tops you will face after Bo (if they follow their best plan): "
                "Trips 2, Foursome 1, Straight Flush 2") in ann.text()
        assert "Plan 1: 2 demerits, 1 card, keep 5 rocks" in ann.text()
        assert "Follow plan 1" not in buttons(ann.tree())  # not Ann's turn yet
        await tap(bo, "Follow plan 1")
        assert t.sent[-1] == ("turn_in", {"rocks": "Y1 Y1 Y1"}, 1)
        assert "Your plan: next White I, White II, White III" in bo.text()
        await tap(bo, "Turn in the next set")
        assert t.sent[-1] == ("turn_in", {"rocks": "W1 W2 W3"}, 1)
        assert "Bo demerits 3" in bo.text()
        await ann.settle()
        set_buttons = [b for b in buttons(ann.tree()) if b.startswith("Turn in ") and b != "Turn in the next set"]
        assert set_buttons[0] == "Turn in Trips: Red III, Red III, Red III"
        assert "Deck tops you face: Trips 2, Foursome 1, Straight Flush 2" in ann.text()
        await tap(ann, "Follow plan 1")
        assert t.sent[-1] == ("turn_in", {"rocks": "R1 R2 R3"}, 0)
        await bo.settle()
        assert t.state["round"] == 2 and "You lay out the piles" in bo.text()
    run_app(test)


def test_an_outcome_lists_the_different_rocks_it_can_leave():
    async def test(app):
        t = Table(app, ["Ann", "Bo", "Cy"])
        t.apply(0, "setup_draw", rocks="R2 Y2 G2 B2 W2")
        t.apply(1, "setup_draw", rocks="R1 Y1 G3 B3 W3")
        t.apply(2, "setup_draw", rocks="R3 Y3 G1 B1 W1")
        t.apply(0, "start_player", player=0)
        t.apply(0, "draw", rocks="G3 B1 R1 Y3 W1 W3 R3")
        t.apply(0, "bid", pile=0, rocks="W2")
        t.apply(1, "bid", pile=1, rocks="")
        t.apply(2, "bid", pile=0, rocks="")
        t.apply(0, "pass", rock="G2")  # Ann keeps R2 Y2 G2 G2 B2 W2: one Foursome of II
        assert t.state["phase"] == "turn_ins" and t.state["turn"] == 0
        (ann,) = await t.phones(0)
        keeps = next(line for line in ann.text().splitlines() if line.startswith("Keeps "))
        ways = keeps[len("Keeps "):].split("; or ")
        assert sorted(ways) == sorted(["Red II, Green II", "Yellow II, Green II", "Green II, Green II",
                                       "Green II, Blue II", "Green II, White II"]), keeps
        assert "Plan 1: 1 demerit, 1 card, keep 2 rocks" in ann.text()
        other = next(w for w in ways[1:] if w != "Green II, Green II")
        await tap(ann, f"Follow plan 1 keeping {other}")
        assert t.sent[-1][0] == "turn_in"
        kept = sorted(rk.rocks_label(NAMES, [code]) for code, n in t.state["gardens"][0].items()
                      for _ in range(n))
        assert kept == sorted(other.split(", "))
    run_app(test)


def test_own_order_and_undo_keep_the_plan_in_step():
    async def test(app):
        t = Table(app)
        to_turn_ins(t)
        (bo,) = await t.phones(1)
        await tap(bo, "Follow plan 1")
        assert "Your plan: next White I, White II, White III" in bo.text()
        await tap(bo, "Undo")  # the trips come back: the plan's next step is the trips again
        assert "Your plan: next Yellow I, Yellow I, Yellow I" in bo.text()
        await tap(bo, "Choose another way", "Turn in Straight Flush: White I, White II, White III")
        assert t.sent[-1] == ("turn_in", {"rocks": "W1 W2 W3"}, 1)
    run_app(test)


# -- hidden information ----------------------------------------------------------------
def test_demerits_are_only_on_their_owners_screen_until_the_end():
    async def test(app):
        t = Table(app)
        to_turn_ins(t)
        t.apply(1, "turn_in", rocks="Y1 Y1 Y1")
        t.apply(1, "turn_in", rocks="W1 W2 W3")
        tabs = await t.phones(0, 1, 2, 3)
        watcher = await app.watcher(t.hub)
        host = await app.host(t.hub)
        assert "Bo demerits 3" in tabs[1].text()
        assert received(tabs[1].conn.sent).has_text("Bo demerits 3")  # the positive control
        for tab in (tabs[0], tabs[2], tabs[3], watcher, host):
            assert "Bo demerits" not in tab.text() and "Trips 1" not in tab.text()
            assert "Bo demerit cards 3" in tab.text()
            assert not received(tab.conn.sent).has_text("Bo demerits")
        await enter_for(host, 1)  # pass-and-play: the host entering for Bo sees Bo's screen
        assert "Bo demerits 3" in host.text()
    run_app(test)


def test_host_enters_for_a_player():
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        host = await app.host(t.hub)
        await enter_for(host, 1)
        await tap(host, "Bid on pile 1", "White I", "Place bid")
        assert t.sent[-1] == ("bid", {"pile": 0, "rocks": "W1"}, 1)
        assert t.state["piles"][0]["bid"]["seat"] == 1
        assert "Hand the device to Bo, then tap" in host.text()  # her move done: the veil
    run_app(test)


# -- corrections -----------------------------------------------------------------------
def test_a_garden_can_be_corrected_at_any_time():
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        (cy, ann) = await t.phones(2, 0)
        await tap(cy, "Correct my garden")
        assert "Correct your garden" in cy.text() and "Place bid" not in cy.text()
        await tap(cy, "− Yellow III", "Red III", "Save corrected garden")
        assert t.sent[-1] == ("correct_garden", {"rocks": "R2 R3 G1 B1 W3"}, 2)
        assert "Correct my garden" in buttons(cy.tree())  # back to the game
        host = await app.host(t.hub)  # the host's table screen corrects any garden
        await tap(host, "Correct Di's garden", "White III", "Save corrected garden")
        assert t.sent[-1] == ("correct_garden", {"rocks": "G2 B1 B2 W3 W3 W3"}, 3)
        assert t.state["gardens"][3]["W3"] == 3
        assert t.hub.history(app_who(t, 0))[-1]["text"] == "Di's garden was corrected (+W3)"
    run_app(test)


def test_during_the_turn_ins_only_the_host_offers_corrections():
    async def test(app):
        t = Table(app)
        to_turn_ins(t)
        tabs = await t.phones(0, 1, 2, 3)
        for tab in tabs:
            assert "Correct my garden" not in buttons(tab.tree())
            assert "During the turn-ins only the host can correct a garden." in tab.text()
        host = await app.host(t.hub)
        assert {f"Correct {name}'s garden" for name in PLAYERS} <= set(buttons(host.tree()))
        # the host gives Bo a set once Bo's turn-in is over: the turn comes back to Bo
        t.apply(1, "turn_in", rocks="Y1 Y1 Y1")
        t.apply(1, "turn_in", rocks="W1 W2 W3")
        await host.settle()
        await tap(host, "Correct Bo's garden", "Green II", "Green II", "Green II", "Save corrected garden")
        await tabs[1].settle()
        assert "Deck tops you will face after Ann (if they follow their best plan)" in tabs[1].text()
        t.apply(0, "turn_in", rocks="R1 R2 R3")
        await tabs[1].settle()
        assert "Turn in your forbidden sets" in tabs[1].text()
        await tap(tabs[1], "Follow plan 1")
        assert t.sent[-1] == ("turn_in", {"rocks": "G2 G2 G2"}, 1)
        assert t.state["round"] == 2
    run_app(test)


# -- the end -----------------------------------------------------------------------------
def test_final_screen_reveals_demerits_ranks_by_rocks_and_charts_rounds():
    async def test(app):
        t = Table(app, tracker_spaces=1)
        to_turn_ins(t)
        score_round_one(t)
        t.apply(1, "draw", rocks="Y3 B3 G2 Y2 R1 R1 Y1 W2 R3")
        for seat, pile in ((1, 0), (2, 1), (3, 2)):
            t.apply(seat, "bid", pile=pile, rocks="")
        ann, cy = await t.phones(0, 2)
        await tap(ann, "Pass", "I drew the black rock")
        await ann.answer()
        assert t.sent[-1] == ("pass", {"rock": "K"}, 0)
        await cy.settle()
        text = cy.text()
        assert "Game over" in text
        assert "The passing player drew the black rock: the game ended after that round's scoring." in text
        for name, place, demerits in (("Di", 1, 0), ("Cy", 2, 0), ("Bo", 3, 3), ("Ann", 4, 3)):
            assert f"{name} place {place}" in text and f"{name} demerits {demerits}" in text
        assert "Ann: R1 2, R2 1; Bo: R1 3, R2 0; Cy: R1 0, R2 0; Di: R1 0, R2 0" in text  # the chart
        assert "Correct my garden" not in buttons(cy.tree())
    run_app(test)


def test_a_deck_running_out_is_named_at_the_end():
    async def test(app):
        t = Table(app, ["Ann", "Bo", "Cy"])
        taken = t.hub.match.state["cards_taken"]  # nine Trips cards already taken (by nobody here)
        taken["deck"] += ["trips"] * 9
        taken["seat"] += [-1] * 9
        taken["round"] += [0] * 9
        t.apply(0, "setup_draw", rocks="R1 R1 R1 G2 B3")
        t.apply(1, "setup_draw", rocks="Y1 Y2 G3 G1 W3")
        t.apply(2, "setup_draw", rocks="B2 B3 W1 R2 G2")
        t.apply(0, "start_player", player=0)
        t.apply(0, "draw", rocks="R3 R3 W2 W2 B1 B1")
        t.apply(0, "bid", pile=0, rocks="")
        t.apply(1, "bid", pile=1, rocks="")
        t.apply(2, "pass", rock="Y1")
        assert t.state["phase"] == "turn_ins"
        ann, bo = await t.phones(0, 1)
        await tap(ann, "Follow plan 1")
        await bo.settle()
        assert "The last Trips card was taken: the game ended after that round's scoring." in bo.text()
    run_app(test)


def test_the_end_undone_by_the_host_keeps_the_demerits_shown_on_every_screen():
    async def test(app):
        t = Table(app, tracker_spaces=1)
        to_turn_ins(t)
        score_round_one(t)
        ann, bo, cy = await t.phones(0, 1, 2)
        t.apply(1, "draw", rocks="K")
        await settle(ann, bo, cy)
        assert "Game over" in cy.text()
        assert "Undo" not in buttons(bo.tree())
        t.hub.act(HOST, "undo", {}, None)
        watcher = await app.watcher(t.hub)
        host = await app.host(t.hub)
        await settle(ann, cy)
        for tab in (ann, cy, watcher, host):
            text = tab.text()
            assert "Bo demerits shown at the end 3" in text and "Ann demerits shown at the end 2" in text
            assert "Game over" not in text
    run_app(test)


# -- players, colours, every phase on every screen --------------------------------------------
def test_two_players_are_marked_unofficial_and_six_players_have_five_piles():
    async def test(app):
        two = Table(app, ["Ann", "Bo"])
        (ann,) = await two.phones(0)
        assert "Unofficial: 2 players is unofficial: one pile." in ann.text()
        six = Table(app, ["A", "B", "C", "D", "E", "F"])
        for seat in range(6):
            six.apply(seat, "setup_draw", rocks=["R1 R2 R3 Y1 Y2", "Y3 G1 G2 G3 B1", "B2 B3 W1 W2 W3"][seat % 3])
        six.apply(0, "start_player", player=5)
        watcher = await app.watcher(six.hub)
        assert "Piles (0 of 5)" in watcher.text()
    run_app(test)


def test_the_tables_colour_names_label_the_rocks():
    async def test(app):
        t = Table(app, colour_R="Pink", colour_G="Jade")
        (ann,) = await t.phones(0)
        names = buttons(ann.tree())
        assert "Pink I" in names and "Jade III" in names and "Red I" not in names
        from companion.games.rockgarden.look import rock_fill
        names = t.hub.view(HOST)["public"]["colour_names"]
        assert rock_fill(names, "R") == "#d81b60"  # a known colour name: that swatch
        assert rock_fill(names, "G") == "#388e3c"  # an unknown name: the default green
    run_app(test)


@pytest.mark.parametrize("who", ["ann", "bo", "watcher", "host"])
def test_every_phase_draws_for_every_screen(who):
    async def test(app):
        t = Table(app, tracker_spaces=1)
        tab = {"ann": lambda: app.seat(t.hub, 0), "bo": lambda: app.seat(t.hub, 1),
               "watcher": lambda: app.watcher(t.hub), "host": lambda: app.host(t.hub)}[who]
        tab = await tab()
        seen = {t.state["phase"]: tab.text()}
        setup_round_one(t)
        await tab.settle()
        seen[t.state["phase"]] = tab.text()
        to_bids = [(1, 0, "W1 W2"), (2, 1, "G1"), (3, 2, "B1"), (0, 0, "")]
        for seat, pile, bid in to_bids:
            t.apply(seat, "bid", pile=pile, rocks=bid)
        t.apply(1, "pass", rock="W3")
        await tab.settle()
        seen[t.state["phase"]] = tab.text()
        score_round_one(t)
        await tab.settle()
        seen["piles 2"] = tab.text()
        t.apply(1, "draw", rocks="K")
        await tab.settle()
        seen[t.state["phase"]] = tab.text()
        assert set(seen) == {"setup", "bidding", "turn_ins", "piles 2", "over"}
        assert "Round 1, turning in forbidden sets" in seen["turn_ins"]
        assert "Round 2, laying out the piles" in seen["piles 2"]
        mine = {"ann": "Ann", "bo": "Bo"}.get(who)
        for phase, text in seen.items():
            if phase != "over":  # nothing hidden leaks to another screen before the end
                for name in PLAYERS:
                    if name != mine:
                        assert f"{name} demerits" not in text, (phase, name)
    run_app(test)


# -- the host's table screen -------------------------------------------------------------------
def test_the_table_view_shows_the_table_in_large_type_without_controls():
    async def test(app):
        t = Table(app)
        setup_round_one(t)
        t.apply(1, "bid", pile=0, rocks="W1 W2")
        wide = await app.host(t.hub, width=1280)
        text = wide.text()
        for words in ("Round 1", "Cy bids", "Pile 1 worth 7", "Pile 1 bid Bo worth 3", "Trips top 1",
                      "Bo demerit cards 0", "Ann rocks 5", "Black rock chance 0%"):
            assert words in text, (words, text)
        assert set(buttons(wide.tree())) <= {"All tables", "This screen shows"}, buttons(wide.tree())
        sizes = [c.size for c in walk(wide.tree()) if isinstance(c, ft.Text)
                 and c.semantics_label in ("Round 1", "Pile 1 worth 7", "Trips top 1", "Bo demerit cards 0")]
        assert len(sizes) == 4 and min(sizes) >= 40, sizes
        t.apply(2, "bid", pile=1, rocks="G1")
        await wide.settle()
        assert "Di bids" in wide.text() and "Pile 2 bid Cy worth 1" in wide.text()
    run_app(test)


def test_the_table_view_at_the_end_charts_demerits_by_round():
    async def test(app):
        t = Table(app, tracker_spaces=1)
        to_turn_ins(t)
        score_round_one(t)
        t.apply(1, "draw", rocks="K")
        wide = await app.host(t.hub, width=1280)
        text = wide.text()
        assert "Game over" in text and "Bo demerits 3" in text and "Di place 1" in text
        assert "Ann: R1 2, R2 0; Bo: R1 3, R2 0; Cy: R1 0, R2 0; Di: R1 0, R2 0" in text
    run_app(test)
