"""BluffStones screens in the real app on real Flet sessions over the real hub (no browser).

What a player reads and what a tap sends: towers placed by tapping the board at setup,
the secret bid (and the bytes other phones receive before the reveal), the resolution
on the board (a circle picked, what it gives away, then confirmed), what each tower
needs, the banner and the news, the end, and the host's table screen.
"""

from __future__ import annotations

import math

import pytest

from companion.games.bluffstones import screens
from companion.games.bluffstones import board as bluffstones_board
from companion.table.hub import HOST, Who
from engine.bluffstones import board
from tests.bluffstones.support import hub_bid as bid, hub_bid_all as bid_all, hub_place as place
from tests.bluffstones.support import hub_setup_done as setup_done, hub_started as started
from tests.browser.frames import received
from tests.support import rules_imported, run_app, settle
from tests.uitree import taps

NAMES = ["Ann", "Bo", "Cy"]


def public(hub):
    return hub.view(HOST)["public"]


def sent_since(tab, mark: int):
    return received(tab.conn.sent[mark:])


# -- setup: towers placed by tapping the board -------------------------------------------

def test_the_board_at_setup_is_a_grid_of_circles_named_by_their_label():
    async def test(app):
        hub = app.create("bluffstones", NAMES)
        ann = await app.seat(hub, 0)
        names = set(taps(ann.tree()))
        assert {c for c in board.CIRCLES} <= names  # 37 buttons: "A1" ... "G4"
        assert "Towers stand on B2, B4, D2, D4, D6, F2, F4 (the default layout)." in ann.text()
        assert "Start game" not in taps(ann.tree())  # nothing to start yet
    run_app(test)


def test_taps_on_the_board_move_a_tower_and_reach_the_hub():
    async def test(app):
        hub = app.create("bluffstones", NAMES)
        ann, bo = await app.seat(hub, 0), await app.seat(hub, 1)
        revision = hub.revision
        await ann.tap("B2")  # a tower: picked
        assert "Moving the tower on B2: tap its new circle" in ann.text()
        assert hub.revision == revision  # nothing sent yet
        await ann.tap("A1")  # its new circle
        await settle(bo)
        assert hub.match.state["tower_circles"] == ["A1", "B4", "D2", "D4", "D6", "F2", "F4"]
        assert "Towers stand on A1, B4, D2, D4, D6, F2, F4 (a layout of your own)." in bo.text()
        assert "A1 tower, top colour not recorded" in (await app.watcher(hub)).text()
        await ann.tap("D4")
        await ann.tap("D4")  # picked again: kept where it is
        assert "To move a tower, tap it" in ann.text()
        await ann.tap("C3")  # an empty circle with no tower picked: a hint, nothing sent
        assert hub.match.state["tower_circles"][0] == "A1"
        assert ann.phone.toasts[-1].startswith("Tap a tower first")
        await bo.tap("Use the default layout")
        assert hub.match.state["tower_circles"] == list(board.DEFAULT_TOWERS)
    run_app(test)


def test_setup_records_colours_and_start_player_then_starts():
    async def test(app):
        hub = app.create("bluffstones", NAMES)
        bo = await app.seat(hub, 1)
        assert "Still to record" in bo.text() and "who takes the turn tower" in bo.text()
        await bo.tap("D4 yellow")
        await bo.tap("Cy starts")
        assert hub.match.state["tower_colours"] == {"D4": "yellow"}
        assert hub.match.state["start_player"] == 2
        assert "Tower D4 yellow" in bo.text() and "Cy holds the turn tower." in bo.text()
        setup_done(hub, 1)
        await bo.settle()
        assert "Everything is recorded" in bo.text()
        await bo.tap("Start game")
        assert public(hub)["phase"] == "bidding"
        assert "Your secret bid" in bo.text() and "Turn tower: Bo" in bo.text()
    run_app(test)


def test_a_watcher_sees_setup_but_cannot_change_it():
    async def test(app):
        hub = app.create("bluffstones", NAMES)
        watcher = await app.watcher(hub)
        found = taps(watcher.tree())
        assert not set(board.CIRCLES) & set(found)
        assert not [n for n in found if n.endswith((" blue", " starts")) or n == "Start game"]
        assert "Watching" in watcher.text()
    run_app(test)


# -- the secret bid ----------------------------------------------------------------------------

def test_my_stones_and_a_bid_confirmed():
    async def test(app):
        hub = started(app)
        ann = await app.seat(hub, 0)
        assert "My red stones 3" in ann.text() and "My blue stones 5" in ann.text()
        assert "Confirm bid" not in taps(ann.tree())
        revision = hub.revision
        await ann.tap("Bid 2 red")
        assert hub.revision == revision  # nothing leaves the phone before the confirm
        assert "You will bid two red stones" in ann.text()
        bid(hub, 1)  # another phone acts a moment earlier: a sealed bid is not stale
        await ann.settle()
        await ann.tap("Confirm bid")
        assert ann.phone.toasts == []
        assert hub.match.state["bids"][0] == {"colour": "red", "count": 2}
        assert "Your bid: two red stones" in ann.text()
        assert "Confirm bid" not in taps(ann.tree())  # recorded: no second confirm
    run_app(test)


def test_a_new_pick_and_confirm_read_in_one_go_confirm_the_new_pick():
    """A busy host reads a change of pick and "Confirm bid" together (each handler of the
    screen drawn before them): the bid confirmed is the new pick."""
    async def test(app):
        hub = started(app)
        ann = await app.seat(hub, 0)
        await ann.tap("Bid 2 red")
        await ann.taps_in_one_go("Bid 1 blue", "Confirm bid")
        assert hub.match.state["bids"][0] == {"colour": "blue", "count": 1}
    run_app(test)


def test_picking_a_bid_never_moves_the_tokens():
    async def test(app):
        hub = started(app)
        ann = await app.seat(hub, 0)
        before = taps(ann.tree())["Bid 1 blue"]
        size = (before.padding, before.border.top.width)
        await ann.tap("Bid 1 blue")
        after = taps(ann.tree())["Bid 1 blue"]
        assert (after.padding, after.border.top.width) == size
    run_app(test)


def test_zero_bid_and_illegal_bids_not_offered():
    async def test(app):
        hub = started(app)
        bid_all(hub, {0: ("red", 2)})  # empty board: the red stone is thrown away
        assert hub.match.state["piles"][0]["red"] == 1
        ann = await app.seat(hub, 0)
        found = taps(ann.tree())
        assert "Bid 1 red" in found and "Bid 2 red" not in found
        await ann.tap("Bid nothing")
        await ann.tap("Confirm bid")
        assert hub.match.state["bids"][0] == {"colour": None, "count": 0}
        assert hub.match.log[-1].action.payload == {"count": 0}
    run_app(test)


def test_a_bid_is_seen_only_by_its_own_phone_and_never_sent_to_another():
    """The frame audit: before the reveal, no byte sent to another phone, the host's table
    screen (narrow or wide) or a watcher carries Ann's bid; her own phone's bytes do."""
    async def test(app):
        hub = started(app)
        ann, bo, cy = [await app.seat(hub, s) for s in range(3)]
        host, wide, watcher = await app.host(hub), await app.host(hub, width=1280), await app.watcher(hub)
        others = (bo, cy, host, wide, watcher)
        marks = {id(t): len(t.conn.sent) for t in (ann, *others)}
        await ann.tap("Bid 2 red")
        await ann.tap("Confirm bid")
        await settle(*others)
        assert "Ann ready" in bo.text()
        mine = sent_since(ann, marks[id(ann)])
        assert mine.has_text("two red stones")  # the words are how a bid travels: the audit can see them
        for tab in others:
            frames = sent_since(tab, marks[id(tab)])
            assert frames.count, "nothing sent: the audit would prove nothing"
            assert not frames.has_text("two red") and not frames.has_text("Your bid")
            assert "two red" not in tab.text() and "Ann bid" not in tab.text()
        assert "Ann red 3" in bo.text()  # the public pile still counts the bid stones
        for seat in (1, 2):
            bid(hub, seat)
        await settle(ann, bo)
        await bo.tap("Reveal bids")
        assert bo.phone.dialogs[-1][0] == "Reveal every bid?"
        await bo.answer()
        await settle(*others)
        assert sent_since(bo, marks[id(bo)]).has_text("two red stones")  # once revealed, it does travel
        assert "Bids revealed: Ann two red stones; Bo nothing; Cy nothing" in bo.text()
    run_app(test)


def test_the_host_entering_for_ann_sees_her_bid_behind_the_veil():
    async def test(app):
        hub = started(app)
        bid(hub, 0, "red", 2)
        host = await app.host(hub)
        assert "two red" not in host.text()
        await host.pick("This screen shows", "0")
        assert "Hand the device to Ann, then tap" in host.text() and "two red" not in host.text()
        await host.tap("I am Ann: show my screen")
        assert "Your bid: two red stones" in host.text()
    run_app(test)


def test_reveal_after_everyone_is_ready_with_a_confirm_and_never_by_a_watcher():
    async def test(app):
        hub = started(app)
        bid(hub, 0, "blue", 1)
        bo, watcher = await app.seat(hub, 1), await app.watcher(hub)
        assert "Reveal bids" not in taps(bo.tree())
        assert "Waiting for Bo and Cy to bid." in bo.text()
        bid(hub, 1)
        bid(hub, 2)
        await settle(bo, watcher)
        assert "Reveal bids" not in taps(watcher.tree())
        await bo.tap("Reveal bids")
        assert public(hub)["phase"] == "bidding"  # not before the confirm
        await bo.answer()
        assert public(hub)["phase"] == "resolving"
    run_app(test)


# -- the resolution on the board ------------------------------------------------------------

def test_only_the_pending_player_picks_a_circle_then_confirms():
    async def test(app):
        hub = started(app)
        bid_all(hub, {0: ("blue", 1), 1: ("blue", 1)})
        step = public(hub)["pending"]
        assert step["seat"] == 0 and step["step"] == "place"
        ann, bo = await app.seat(hub, 0), await app.seat(hub, 1)
        offered = {n for n in taps(ann.tree()) if n in board.CIRCLES}
        assert offered == set(step["choices"]) and "D4" not in offered  # not a standing tower
        assert "Your turn: place your blue stone" in ann.text()
        assert "Tap an empty circle for your blue stone" in ann.text()
        assert not {n for n in taps(bo.tree()) if n in board.CIRCLES}
        assert "Waiting for Ann to place the blue stone" in bo.text()
        revision = hub.revision
        await ann.tap("E2")
        assert hub.revision == revision and "Blue stone on E2?" in ann.text()
        await ann.tap("E3")  # another circle: the pick moves, nothing is sent
        assert "Blue stone on E3?" in ann.text() and "Place on E2" not in taps(ann.tree())
        await ann.tap("Place on E3")
        await bo.settle()
        assert hub.match.state["board"] == {"E3": "blue"}
        assert "E3 blue stone" in bo.text()
        # the host's narrow table screen may tap for Bo
        host = await app.host(hub)
        assert "Tap a circle for Bo's blue stone" in host.text()
        await host.tap("D3")
        await host.tap("Place on D3")
        assert hub.match.state["board"] == {"E3": "blue", "D3": "blue"}
    run_app(test)


def test_a_picked_circle_does_not_move_the_board():
    async def test(app):
        hub = started(app)
        bid_all(hub, {0: ("blue", 1)})
        ann = await app.seat(hub, 0)
        panel = ann.find(lambda c: getattr(c, "height", None) == screens.PANEL)
        assert panel is not None  # the panel above the board has a fixed height
        before = {n: (c.width, c.height) for n, c in taps(ann.tree()).items() if n in board.CIRCLES}
        await ann.tap("E2")
        assert "Place on E2" in taps(ann.tree())
        after = {n: (c.width, c.height) for n, c in taps(ann.tree()).items() if n in board.CIRCLES}
        assert after == before
        assert ann.find(lambda c: getattr(c, "height", None) == screens.PANEL) is not None
    run_app(test)


def test_red_removal_offers_only_stones_on_the_board():
    async def test(app):
        hub = started(app)
        bid_all(hub, {0: ("blue", 1)})
        place(hub, 0, "D3")
        bid_all(hub, {1: ("red", 2), 2: ("green", 2)})  # Bo holds the turn tower
        bo, ann = await app.seat(hub, 1), await app.seat(hub, 0)
        text = bo.text()
        assert "Your turn: remove a stone with your red stone" in text
        assert "Bo bid two red stones" in text and "Cy bid two green stones" in text
        assert "Bo throws away one red stone (someone bid two)" in text
        assert {n for n in taps(bo.tree()) if n in board.CIRCLES} == {"D3"}
        await bo.tap("D3")
        await bo.tap("Remove D3")
        await ann.settle()
        assert "D3" not in hub.match.state["board"]
        assert "Bo's red stone removes the blue stone on D3 (both thrown away)" in ann.text()
    run_app(test)


def test_every_screen_says_what_each_tower_needs():
    async def test(app):
        hub = started(app)
        bid_all(hub, {0: ("blue", 1), 1: ("blue", 1)})
        place(hub, 0, "C3")  # next to B2 and D4, both blue
        tabs = [await app.seat(hub, s) for s in range(3)]
        tabs += [await app.host(hub), await app.host(hub, width=1280), await app.watcher(hub)]
        for tab in tabs:
            text = tab.text()
            assert "D4 blue: 1 of 3" in text and "B2 blue: 1 of 3" in text
            assert "D2 green: 0 of 3" in text
    run_app(test)


def test_the_placer_is_warned_what_a_circle_gives_away_before_confirming():
    """Ann placed blue on C3 (one next to D4 and B2); Bo must place blue now and Cy still
    holds a blue stone: a second blue next to D4 gives Cy D4 this round."""
    async def test(app):
        hub = started(app)
        bid_all(hub, {0: ("blue", 1), 1: ("blue", 1), 2: ("blue", 1)})
        place(hub, 0, "C3")
        assert public(hub)["pending"]["seat"] == 1
        bo, ann, host = await app.seat(hub, 1), await app.seat(hub, 0), await app.host(hub)
        for tab in (bo, host):
            assert "C4, D3, D5, E3 or E4: this gives Cy D4 if Cy places blue" in tab.text()
            assert "A1, A2, B1, B3 or C2: this gives Cy B2 if Cy places blue" in tab.text()
        assert "gives Cy" not in ann.text()
        await bo.tap("E4")
        assert "This gives Cy D4 if Cy places blue" in bo.text()  # before the confirm
        assert hub.match.state["board"] == {"C3": "blue"}
        await bo.tap("A3")
        assert "This gives Cy" not in bo.text().replace("this gives Cy", "")
        await bo.tap("Place on A3")
        assert hub.match.state["board"] == {"C3": "blue", "A3": "blue"}
        cy = await app.seat(hub, 2)  # Cy places last: Bo holds the turn tower next round
        assert "C4, D3, D5, E3 or E4: this gives Bo D4 if Bo places blue next round" in cy.text()
    run_app(test)


def test_a_scored_tower_is_announced_counted_and_is_news_for_its_scorer():
    async def test(app):
        hub = started(app)
        bid_all(hub, {0: ("blue", 1), 1: ("blue", 1), 2: ("blue", 1)})
        place(hub, 0, "D3")
        place(hub, 1, "D5")
        tabs = [await app.seat(hub, s) for s in range(3)]
        host = await app.host(hub)
        await tabs[2].tap("C4")
        await tabs[2].tap("Place on C4")
        await settle(*tabs, host)
        for tab in (*tabs, host):
            text = tab.text()
            assert "Cy scores the blue tower on D4" in text
            assert "Cy towers 1" in text and "Ann towers 0" in text
            assert "D4 empty" in text  # the scored tower left the board
            assert "D4 blue: scored by Cy" in text
        assert "Turn tower: Bo" in host.text()
        assert "You scored the blue tower on D4" in tabs[2].phone.toasts
        assert not [t for t in tabs[0].phone.toasts if "scored" in t]
    run_app(test)


# -- the banner and the news --------------------------------------------------------------

def _screen(hub, seat, host=False):
    who = HOST if host and seat is None else Who(seat=seat, host=host)
    return {"table": hub.table(who), "held": True, **hub.view(who)}


def test_turn_words_name_only_the_legal_moves():
    async def test(app):
        hub = started(app)
        assert screens.turn_words(_screen(hub, 0, host=True)) == "bid nothing, one or two stones in secret"
        few = {"public": {"phase": "bidding", "pending": None}, "table": {"seat": 1}, "legal": ["bid"],
               "private": {"bid_choices": [{"count": 0}, {"count": 1}]}}
        assert screens.turn_words(few) == "bid nothing or one stone in secret"
        bid_all(hub, {0: ("blue", 1)})
        assert screens.turn_words(_screen(hub, 0, host=True)) == "place your blue stone"
        assert screens.turn_words(_screen(hub, 1, host=True)) is None  # Ann's step, not Bo's
        place(hub, 0, "D3")
        bid_all(hub, {2: ("red", 1)})
        assert screens.turn_words(_screen(hub, 2, host=True)) == "remove a stone with your red stone"
        cy = await app.seat(hub, 2)
        assert "Your turn: remove a stone with your red stone" in cy.text()
    run_app(test)


def test_news_my_bid_beaten_by_a_two_stone_bid_and_the_end():
    async def test(app):
        hub = started(app)
        ann, bo, cy = [await app.seat(hub, s) for s in range(3)]
        bid(hub, 0, "blue", 1)
        bid(hub, 1, "yellow", 2)
        bid(hub, 2)
        hub.act(HOST, "reveal", {})
        await settle(ann, bo, cy)
        assert "Bo bid two: your blue stone is thrown away" in ann.phone.toasts
        assert not [t for t in bo.phone.toasts + cy.phone.toasts if "thrown away" in t]
        place(hub, 1, "A1")
        bid_all(hub, {})
        await settle(ann, bo, cy)
        assert "The game is over: you win" in cy.phone.toasts  # most stones left
        assert "The game is over: Cy wins" in ann.phone.toasts
    run_app(test)


# -- the end -----------------------------------------------------------------------------

def test_the_end_shows_the_ranking_and_the_round_it_ended_in():
    """A game that ends in round 4: every screen and the host's summary say round 4."""
    async def test(app):
        hub = started(app)
        tabs = [await app.seat(hub, s) for s in range(3)]
        for rnd in range(2):
            bid_all(hub, {rnd % 3: ("yellow", 1)})
            place(hub, rnd % 3, ("A1", "A2")[rnd])
        bid_all(hub, {0: ("blue", 1), 1: ("blue", 1), 2: ("blue", 1)})
        for seat, circle in ((2, "D3"), (0, "D5"), (1, "C4")):  # Cy holds the turn tower
            place(hub, seat, circle)
        bid_all(hub, {})
        assert hub.is_over() and public(hub)["round"] == 4
        await settle(*tabs)
        host, wide = await app.host(hub), await app.host(hub, width=1280)
        for tab in (*tabs, host):
            text = tab.text()
            assert "Bo wins" in text and "Everyone bid zero in the same round" in text
            assert "The game ended in round 4." in text and "Round 4" in text
            assert "Bo final 1 towers 16 stones" in text
            assert not [n for n in taps(tab.tree()) if n.startswith(("Bid ", "Place on", "Remove"))]
        assert "Bo wins · game over in round 4" in wide.text() and "Round 4" in wide.text()
        assert "Bids revealed: Ann nothing; Bo nothing; Cy nothing" in host.text()
        assert "Everyone bid zero: the game ends" in host.text()
    run_app(test)


# -- the host's table screen -------------------------------------------------------------

def test_the_table_view_shows_the_state_in_large_type_with_no_controls():
    async def test(app):
        hub = started(app, start=1)
        bid(hub, 1, "blue", 1)
        wide = await app.host(hub, width=1280)
        text = wide.text()
        assert "Round 1" in text and "Waiting for Cy and Ann to bid" in text
        assert "Turn tower: Bo" in text and "Bo ready" in text and "Cy choosing" in text
        assert "Ann towers 0" in text and "Ann stones left 18" in text and "D4 blue: 0 of 3" in text
        found = taps(wide.tree())
        assert not [n for n in found if n in board.CIRCLES or n.startswith(("Bid ", "Reveal", "Place"))]
        sizes = {c.semantics_label: c.size for c in _texts(wide) if c.semantics_label in
                 ("Ann towers 0", "Ann stones left 18", "D4 blue: 0 of 3")}
        assert len(sizes) == 3 and min(sizes.values()) >= 40, sizes
        rnd = wide.find(lambda c: getattr(c, "value", None) == "Round 1" and getattr(c, "size", 0))
        assert rnd.size >= 40
    run_app(test)


def _texts(tab):
    import flet as ft
    from tests.uitree import walk

    return [c for c in walk(tab.tree()) if isinstance(c, ft.Text)]


def test_the_table_view_at_setup_offers_the_setup():
    async def test(app):
        hub = app.create("bluffstones", NAMES)
        wide = await app.host(hub, width=1280)
        assert "Set up the table" in wide.text()
        await wide.tap("D4 blue")
        assert hub.match.state["tower_colours"] == {"D4": "blue"}
    run_app(test)


# -- the board drawing ---------------------------------------------------------------------

@pytest.mark.parametrize("width", [300, 362, 560])
def test_board_fits_the_width_and_circles_do_not_overlap(width):
    _, diameter, height = bluffstones_board.board_size(width)
    scale = width / (2 + bluffstones_board.FILL / 3)
    centres = {}
    for item in board.geometry():
        left = item["box_x"] * 2 * scale
        top = item["box_y"] * bluffstones_board.HEIGHT * scale
        assert -0.01 <= left and left + diameter <= width + 0.01
        assert -0.01 <= top and top + diameter <= height + 0.01
        centres[item["circle"]] = (left + diameter / 2, top + diameter / 2)
    assert len(centres) == 37
    for a in board.CIRCLES:
        for b in board.neighbours(a):
            assert math.dist(centres[a], centres[b]) > diameter  # neighbours apart
    assert diameter >= 40 or width < 362  # a finger-sized circle on a 390 px phone
    assert abs(bluffstones_board.width_for_height(height) - width) < 0.01


def test_house_rules_from_the_engine_are_on_the_screen():
    async def test(app):
        hub = started(app)
        ann = await app.seat(hub, 0)
        assert "Where the rules are silent" in ann.text()
        assert "A stone that finds no empty circle is thrown away." in ann.text()
    run_app(test)


def test_the_screen_imports_no_rules():
    """Everything the screens show comes from the view: no rules module is imported."""
    assert rules_imported(screens, bluffstones_board) == []
    assert not hasattr(screens, "build")
