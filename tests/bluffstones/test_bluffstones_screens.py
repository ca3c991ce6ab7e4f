"""BluffStones phone screens built from real engine states (no browser, no mocks).

What a player reads and what a tap sends, for setup, the secret bid, the reveal, the
resolution on the board, the scored tower and the end.
"""

from __future__ import annotations

import math

import pytest

from companion.games import bluffstones, bluffstones_board
from companion.ui.gameui import GameUI
from engine.bluffstones import GAME, board
from tests.bluffstones.support import COLOURS, NAMES3, act, bid_all, started
from tests.uitree import taps, tap, all_text


def make_ui(state, seat, host=False, sent=None, acting_seat=None, local=None):
    view = {"game": GAME.view(state, seat if seat is not None else acting_seat), "seat": seat,
            "host": host, "players": state["players"],
            "colours": ["red", "blue", "green"][: len(state["players"])],
            "over": GAME.is_over(state), "result": GAME.result(state)}
    sent = sent if sent is not None else []
    return GameUI(view=view,
                  act=lambda kind, payload=None, seat=None: sent.append((kind, payload, seat)),
                  confirm=lambda title, text, yes, label="": yes(), toast=lambda t: None,
                  rerender=lambda: None, local=local if local is not None else {},
                  acting_seat=acting_seat)




def screen(state, seat, **kwargs):
    ui = make_ui(state, seat, **kwargs)
    return bluffstones.build(ui), ui


def fresh():
    return GAME.setup(list(NAMES3), GAME.check_settings(None, 3))


# -- setup ---------------------------------------------------------------------------
def test_setup_says_what_is_missing_and_records_colours_and_start_player():
    state = fresh()
    sent = []
    controls, _ = screen(state, 1, sent=sent)
    text = all_text(controls)
    assert "Still to record" in text and "who takes the turn tower" in text
    assert "Towers stand on B2, B4, D2, D4, D6, F2, F4 (the default layout)" in text
    assert "Start game" not in taps(controls)  # nothing to start yet
    tap(controls, "D4 yellow")
    tap(controls, "Cat starts")
    assert sent == [("tower_colour", {"circle": "D4", "colour": "yellow"}, None),
                    ("start_player", {"player": 2}, None)]


def test_setup_start_once_everything_is_recorded():
    state = act(fresh(), None, "tower_colour", colours=dict(COLOURS))
    state = act(state, None, "start_player", player=1)
    sent = []
    controls, _ = screen(state, None, host=True, sent=sent)
    text = all_text(controls)
    assert "Everything is recorded" in text and "Bob holds the turn tower." in text
    assert "Tower D4 blue" in text and "D2 green tower" in text
    tap(controls, "Start game")
    assert sent == [("start", None, None)]


def test_watcher_sees_setup_but_cannot_change_it():
    controls, _ = screen(fresh(), None, host=False)
    assert taps(controls) == {}
    assert "Watching" in all_text(controls)


def test_towers_are_moved_by_tapping_the_board():
    state = fresh()
    sent, local = [], {}
    controls, ui = screen(state, 0, sent=sent, local=local)
    tap(controls, "Move towers")
    controls = bluffstones.build(ui)
    assert "7 of 7 chosen" in all_text(controls) and "Start game" not in taps(controls)
    tap(controls, "Take the tower off B2")
    controls = bluffstones.build(ui)
    assert "6 of 7 chosen" in all_text(controls) and "Save towers" not in taps(controls)
    tap(controls, "Put a tower on A1")
    controls = bluffstones.build(ui)
    tap(controls, "Save towers")
    assert sent == [("towers", {"circles": ["B4", "D2", "D4", "D6", "F2", "F4", "A1"]}, None)]
    moved = act(state, 0, "towers", circles=sent[0][1]["circles"])
    controls, _ = screen(moved, 0, sent=sent)
    assert "a layout of your own" in all_text(controls)
    tap(controls, "Use the default layout")
    assert sent[-1] == ("towers", {"circles": list(board.DEFAULT_TOWERS)}, None)


# -- bidding ---------------------------------------------------------------------------
def test_my_stones_and_a_bid_confirmed():
    state = started()
    sent, local = [], {}
    controls, ui = screen(state, 0, sent=sent, local=local)
    text = all_text(controls)
    assert "My red stones 3" in text and "My blue stones 5" in text
    assert "Confirm bid" not in taps(controls)
    tap(controls, "Bid 2 red")
    assert sent == []  # nothing leaves the phone before the confirm
    controls = bluffstones.build(ui)
    assert "You will bid two red stones" in all_text(controls)
    tap(controls, "Confirm bid")
    assert sent == [("bid", {"colour": "red", "count": 2}, 0)]
    # refused (another phone acted a moment earlier): the pick and the button stay
    assert "Confirm bid" in taps(bluffstones.build(ui))
    # recorded: the phone says so and offers no second confirm
    recorded = act(state, 0, "bid", colour="red", count=2)
    controls, _ = screen(recorded, 0, local=local)
    assert "Your bid: two red stones" in all_text(controls)
    assert "Confirm bid" not in taps(controls)


def test_zero_bid_and_illegal_bids_not_offered():
    state = started()
    # Ann spends red stones until only one is left: bid 2 red, reveal, remove nothing
    state = bid_all(state, {0: ("red", 2)})  # empty board: the red stone is thrown away
    assert state["piles"][0]["red"] == 1
    sent, local = [], {}
    controls, ui = screen(state, 0, sent=sent, local=local)
    assert "Bid 1 red" in taps(controls) and "Bid 2 red" not in taps(controls)
    tap(controls, "Bid nothing")
    controls = bluffstones.build(ui)
    tap(controls, "Confirm bid")
    assert sent == [("bid", {"count": 0}, 0)]


def test_a_bid_is_seen_only_by_its_own_phone():
    state = act(started(), 0, "bid", colour="red", count=2)
    ann = all_text(screen(state, 0)[0])
    assert "Your bid: two red stones" in ann
    for seat, host in ((1, False), (2, False), (None, True), (None, False)):
        text = all_text(screen(state, seat, host=host)[0])
        assert "Ann ready" in text and "Bob choosing" in text
        assert "two red" not in text and "Ann bid" not in text
    # the public pile still counts the bid stones
    assert "Ann red 3" in all_text(screen(state, 1)[0])


def test_reveal_after_everyone_is_ready_with_a_confirm():
    state = started()
    state = act(state, 0, "bid", colour="blue", count=1)
    controls, _ = screen(state, 1)
    assert "Reveal bids" not in taps(controls)
    assert "Waiting for Bob, Cat to bid." in all_text(controls)
    state = act(state, 1, "bid", count=0)
    state = act(state, 2, "bid", count=0)
    confirmed = []
    sent = []
    ui = make_ui(state, 2, sent=sent)
    ui.confirm = lambda title, text, yes, label="": (confirmed.append((title, label)), yes())
    tap(bluffstones.build(ui), "Reveal bids")
    assert confirmed == [("Reveal every bid?", "Reveal")]
    assert sent == [("reveal", None, None)]
    # a watcher never reveals
    assert "Reveal bids" not in taps(screen(state, None, host=False)[0])


# -- resolving ---------------------------------------------------------------------------
def test_only_the_pending_player_taps_the_legal_circles():
    state = bid_all(started(), {0: ("blue", 1), 1: ("blue", 1)})
    step = GAME.view(state, None)["pending"]
    assert step["seat"] == 0 and step["step"] == "place"
    sent = []
    controls, _ = screen(state, 0, sent=sent)
    offered = {name for name in taps(controls) if name.startswith("Place on ")}
    assert offered == {f"Place on {c}" for c in step["choices"]}
    assert "Place on D4" not in offered  # a standing tower
    assert "Your turn: tap an empty circle for your blue stone" in all_text(controls)
    tap(controls, "Place on D3")
    assert sent == [("place", {"circle": "D3"}, 0)]
    other = screen(state, 1)[0]
    assert not [n for n in taps(other) if n.startswith("Place on ")]
    assert "Waiting for Ann to place the blue stone" in all_text(other)
    # the host's table screen taps for the pending player
    sent = []
    host = screen(state, None, host=True, sent=sent)[0]
    assert "Ann must place the blue stone: tap the circle for them" in all_text(host)
    tap(host, "Place on E2")
    assert sent == [("place", {"circle": "E2"}, 0)]


def test_red_removal_offers_only_stones_on_the_board():
    state = started()
    state = bid_all(state, {0: ("blue", 1)})
    state = act(state, 0, "place", circle="D3")
    state = bid_all(state, {1: ("red", 2), 2: ("green", 2)})  # Bob holds the turn tower
    sent = []
    controls, _ = screen(state, 1, sent=sent)
    text = all_text(controls)
    assert "Your turn: tap a stone to remove" in text
    assert "Bob bid two red stones" in text and "Cat bid two green stones" in text
    assert "Bob throws away one red stone (someone bid two)" in text
    removable = {n for n in taps(controls) if n.startswith("Remove ")}
    assert removable == {"Remove D3"}
    tap(controls, "Remove D3")
    assert sent == [("remove", {"circle": "D3"}, 1)]


def test_a_scored_tower_is_announced_and_counted():
    state = started()
    state = bid_all(state, {0: ("blue", 1), 1: ("blue", 1), 2: ("blue", 1)})
    for seat, circle in ((0, "D3"), (1, "D5"), (2, "C4")):
        state = act(state, seat, "place", circle=circle)
    for seat in (0, 1, 2, None):
        text = all_text(screen(state, seat, host=seat is None)[0])
        assert "Cat scores the blue tower on D4" in text
        assert "Cat towers 1" in text and "Ann towers 0" in text
        assert "D4 empty" in text  # the scored tower left the board
    table = all_text(screen(state, None)[0])
    assert "D4 blue: scored by Cat" in table and "Turn tower: Bob" in table


def test_the_all_zero_round_ends_with_the_ranking():
    state = started()
    state = bid_all(state, {0: ("blue", 1), 1: ("blue", 1), 2: ("blue", 1)})
    for seat, circle in ((0, "D3"), (1, "D5"), (2, "C4")):
        state = act(state, seat, "place", circle=circle)
    state = bid_all(state, {})
    assert GAME.is_over(state)
    for seat in (0, 1, None):
        controls, _ = screen(state, seat)
        text = all_text(controls)
        assert "Cat wins" in text and "Everyone bid zero in the same round" in text
        assert "Cat final 1 towers 17 stones" in text
        assert not [n for n in taps(controls) if n.startswith(("Bid ", "Place on", "Remove"))]


# -- the board drawing -----------------------------------------------------------------
@pytest.mark.parametrize("width", [300, 362, 560])
def test_board_fits_the_width_and_circles_do_not_overlap(width):
    view = GAME.view(started(), None)
    drawn = bluffstones_board.draw(view["board"], width)
    stack = drawn.content
    assert len(stack.controls) == len(board.CIRCLES) == 37
    _, diameter, height = bluffstones_board.board_size(width)
    centres = {}
    for slot, item in zip(stack.controls, view["board"]["circles"]):
        assert -0.01 <= slot.left and slot.left + diameter <= width + 0.01
        assert -0.01 <= slot.top and slot.top + diameter <= height + 0.01
        centres[item["circle"]] = (slot.left + diameter / 2, slot.top + diameter / 2)
    for a in board.CIRCLES:
        for b in board.neighbours(a):
            assert math.dist(centres[a], centres[b]) > diameter  # neighbours apart
    assert diameter >= 40 or width < 362  # a finger-sized circle on a 390 px phone


def test_board_circles_read_what_they_hold():
    state = started()
    state = bid_all(state, {0: ("yellow", 1)})
    state = act(state, 0, "place", circle="E2")
    text = all_text(bluffstones_board.draw(GAME.view(state, None)["board"], 360))
    assert "E2 yellow stone" in text and "F4 blue tower" in text and "A1 empty" in text


def test_house_rules_from_the_engine_are_on_the_screen():
    text = all_text(screen(started(), 0)[0])
    assert "Where the rules are silent" in text
    assert "A stone that finds no empty circle is thrown away." in text
