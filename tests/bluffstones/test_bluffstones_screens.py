"""BluffStones phone screens drawn from the real hub's views (no browser, no fakes).

What a player reads and what a tap sends, for setup, the secret bid, the reveal, the
resolution on the board (with what each tower needs and what a placement would give
away), the scored tower and the end.
"""

from __future__ import annotations

import math

import pytest

from companion.games import bluffstones_board
from companion.hub import HOST, WATCHER, Who
from engine.bluffstones import board
from tests.bluffstones.support import COLOURS, NAMES3
from tests.support import Screen, new_table
from tests.uitree import all_text, tap, taps


def table(names=NAMES3):
    """(hub, phones) at setup."""
    return new_table("bluffstones", list(names))


def started(names=NAMES3, start=0):
    hub, phones = table(names)
    hub.act(HOST, "tower_colour", {"colours": dict(COLOURS)})
    hub.act(HOST, "start_player", {"player": start})
    hub.act(HOST, "start", {})
    return hub, phones


def bid_all(hub, phones, bids):
    """Each seat's bid as ``(colour, count)`` (missing seats bid zero), then reveal."""
    for seat, phone in enumerate(phones):
        colour, count = bids.get(seat, (None, 0))
        hub.act(phone, "bid", {"count": count, **({"colour": colour} if count else {})})
    hub.act(HOST, "reveal", {})


def place(hub, phones, seat, circle):
    hub.act(phones[seat], "place", {"circle": circle})


def text_of(hub, who, **kwargs):
    return all_text(Screen(hub, who, **kwargs).build())


# -- setup ---------------------------------------------------------------------------
def test_setup_says_what_is_missing_and_records_colours_and_start_player():
    hub, (ann, bob, cat) = table()
    screen = Screen(hub, bob)
    controls = screen.build()
    text = all_text(controls)
    assert "Still to record" in text and "who takes the turn tower" in text
    assert "Towers stand on B2, B4, D2, D4, D6, F2, F4 (the default layout)" in text
    assert "Start game" not in taps(controls)  # nothing to start yet
    tap(controls, "D4 yellow")
    tap(screen.build(), "Cat starts")
    assert hub.match.state["tower_colours"] == {"D4": "yellow"}
    assert hub.match.state["start_player"] == 2
    assert screen.toasts == []


def test_setup_start_once_everything_is_recorded():
    hub, _ = table()
    hub.act(HOST, "tower_colour", {"colours": dict(COLOURS)})
    hub.act(HOST, "start_player", {"player": 1})
    controls = Screen(hub, HOST).build()
    text = all_text(controls)
    assert "Everything is recorded" in text and "Bob holds the turn tower." in text
    assert "Tower D4 blue" in text and "D2 green tower" in text
    tap(controls, "Start game")
    assert hub.view(HOST)["public"]["phase"] == "bidding"


def test_watcher_sees_setup_but_cannot_change_it():
    hub, _ = table()
    controls = Screen(hub, WATCHER).build()
    assert taps(controls) == {}
    assert "Watching" in all_text(controls)


def test_towers_are_moved_by_tapping_the_board():
    hub, (ann, _, _) = table()
    screen = Screen(hub, ann)
    tap(screen.build(), "Move towers")
    controls = screen.build()
    assert "7 of 7 chosen" in all_text(controls) and "Start game" not in taps(controls)
    tap(controls, "Take the tower off B2")
    controls = screen.build()
    assert "6 of 7 chosen" in all_text(controls) and "Save towers" not in taps(controls)
    tap(controls, "Put a tower on A1")
    tap(screen.build(), "Save towers")
    assert hub.match.state["tower_circles"] == ["B4", "D2", "D4", "D6", "F2", "F4", "A1"]
    controls = screen.build()
    assert "a layout of your own" in all_text(controls)
    tap(controls, "Use the default layout")
    assert hub.match.state["tower_circles"] == list(board.DEFAULT_TOWERS)


# -- bidding ---------------------------------------------------------------------------
def test_my_stones_and_a_bid_confirmed():
    hub, (ann, bob, cat) = started()
    screen = Screen(hub, ann)
    controls = screen.build()
    text = all_text(controls)
    assert "My red stones 3" in text and "My blue stones 5" in text
    assert "Confirm bid" not in taps(controls)
    revision = hub.revision
    tap(controls, "Bid 2 red")
    assert hub.revision == revision  # nothing leaves the phone before the confirm
    controls = screen.build()
    assert "You will bid two red stones" in all_text(controls)
    hub.act(bob, "bid", {"count": 0})  # another phone acts a moment earlier: a sealed bid is not stale
    tap(controls, "Confirm bid")
    assert screen.toasts == []
    assert hub.match.state["bids"][0] == {"colour": "red", "count": 2}
    # recorded: the phone says so and offers no second confirm
    controls = screen.build()
    assert "Your bid: two red stones" in all_text(controls)
    assert "Confirm bid" not in taps(controls)


def test_a_refused_bid_keeps_the_pick_to_tap_again():
    hub, (ann, _, _) = started()
    screen = Screen(hub, ann, local={"pick": {"0:1": {"colour": "red", "count": 2}}})
    controls = screen.build()
    hub.match.state["piles"][0]["red"] = 1  # the pile changed under the phone's feet
    tap(controls, "Confirm bid")
    assert screen.toasts == ["You have only 1 red stone left, so you cannot bid 2"]
    assert "Confirm bid" in taps(screen.build())


def test_zero_bid_and_illegal_bids_not_offered():
    hub, phones = started()
    bid_all(hub, phones, {0: ("red", 2)})  # empty board: the red stone is thrown away
    assert hub.match.state["piles"][0]["red"] == 1
    screen = Screen(hub, phones[0])
    controls = screen.build()
    assert "Bid 1 red" in taps(controls) and "Bid 2 red" not in taps(controls)
    tap(controls, "Bid nothing")
    tap(screen.build(), "Confirm bid")
    assert hub.match.state["bids"][0] == {"colour": None, "count": 0}
    assert hub.match.log[-1].action.payload == {"count": 0}


def test_a_bid_is_seen_only_by_its_own_phone():
    hub, (ann, bob, cat) = started()
    hub.act(ann, "bid", {"colour": "red", "count": 2})
    assert "Your bid: two red stones" in text_of(hub, ann)
    for who in (bob, cat, HOST, WATCHER, Who(seat=1, host=True)):
        text = text_of(hub, who)
        assert "Ann ready" in text and "Bob choosing" in text
        assert "two red" not in text and "Ann bid" not in text
    # the public pile still counts the bid stones
    assert "Ann red 3" in text_of(hub, bob)
    # the host entering for Ann sees her bid (pass-and-play)
    assert "Your bid: two red stones" in text_of(hub, Who(seat=0, host=True))


def test_reveal_after_everyone_is_ready_with_a_confirm():
    hub, (ann, bob, cat) = started()
    hub.act(ann, "bid", {"colour": "blue", "count": 1})
    controls = Screen(hub, bob).build()
    assert "Reveal bids" not in taps(controls)
    assert "Waiting for Bob, Cat to bid." in all_text(controls)
    hub.act(bob, "bid", {"count": 0})
    hub.act(cat, "bid", {"count": 0})
    confirmed = []
    screen = Screen(hub, cat)
    ui = screen.ui()
    ui.confirm = lambda title, text, yes, label="": (confirmed.append((title, label)), yes())
    from companion.games import bluffstones
    tap(bluffstones.build(ui), "Reveal bids")
    assert confirmed == [("Reveal every bid?", "Reveal")]
    assert hub.view(HOST)["public"]["phase"] == "resolving"


def test_a_watcher_never_reveals():
    hub, phones = started()
    for phone in phones:
        hub.act(phone, "bid", {"count": 0})
    assert "Reveal bids" not in taps(Screen(hub, WATCHER).build())
    assert "Reveal bids" in taps(Screen(hub, HOST).build())


# -- resolving ---------------------------------------------------------------------------
def test_only_the_pending_player_taps_the_legal_circles():
    hub, phones = started()
    bid_all(hub, phones, {0: ("blue", 1), 1: ("blue", 1)})
    step = hub.view(HOST)["public"]["pending"]
    assert step["seat"] == 0 and step["step"] == "place"
    screen = Screen(hub, phones[0])
    controls = screen.build()
    offered = {name for name in taps(controls) if name.startswith("Place on ")}
    assert offered == {f"Place on {c}" for c in step["choices"]}
    assert "Place on D4" not in offered  # a standing tower
    assert "Your turn: tap an empty circle for your blue stone" in all_text(controls)
    other = Screen(hub, phones[1]).build()
    assert not [n for n in taps(other) if n.startswith("Place on ")]
    assert "Waiting for Ann to place the blue stone" in all_text(other)
    # the host entering for Bob cannot place for Ann; the table screen can
    assert not [n for n in taps(Screen(hub, Who(seat=1, host=True)).build()) if n.startswith("Place on ")]
    host = Screen(hub, HOST).build()
    assert "Ann must place the blue stone: tap the circle for them" in all_text(host)
    tap(host, "Place on E2")
    assert hub.match.state["board"] == {"E2": "blue"}
    tap(Screen(hub, phones[1]).build(), "Place on D3")
    assert hub.match.state["board"] == {"E2": "blue", "D3": "blue"}


def test_red_removal_offers_only_stones_on_the_board():
    hub, phones = started()
    bid_all(hub, phones, {0: ("blue", 1)})
    place(hub, phones, 0, "D3")
    bid_all(hub, phones, {1: ("red", 2), 2: ("green", 2)})  # Bob holds the turn tower
    screen = Screen(hub, phones[1])
    controls = screen.build()
    text = all_text(controls)
    assert "Your turn: tap a stone to remove" in text
    assert "Bob bid two red stones" in text and "Cat bid two green stones" in text
    assert "Bob throws away one red stone (someone bid two)" in text
    removable = {n for n in taps(controls) if n.startswith("Remove ")}
    assert removable == {"Remove D3"}
    tap(controls, "Remove D3")
    assert "D3" not in hub.match.state["board"]
    assert "Bob's red stone removes the blue stone on D3 (both thrown away)" in text_of(hub, phones[0])


def test_a_scored_tower_is_announced_and_counted():
    hub, phones = started()
    bid_all(hub, phones, {0: ("blue", 1), 1: ("blue", 1), 2: ("blue", 1)})
    for seat, circle in ((0, "D3"), (1, "D5"), (2, "C4")):
        place(hub, phones, seat, circle)
    for who in (*phones, HOST):
        text = text_of(hub, who)
        assert "Round 1" in text and "Cat scores the blue tower on D4" in text
        assert "Cat towers 1" in text and "Ann towers 0" in text
        assert "D4 empty" in text  # the scored tower left the board
        assert "D4 blue: scored by Cat" in text
    assert "Turn tower: Bob" in text_of(hub, HOST)


def test_every_screen_says_what_each_tower_needs():
    hub, phones = started()
    bid_all(hub, phones, {0: ("blue", 1), 1: ("blue", 1)})
    place(hub, phones, 0, "C3")  # next to B2 and D4, both blue
    for who in (*phones, HOST, WATCHER):
        text = text_of(hub, who)
        assert "D4 blue: 1 of 3 blue stones next to it, needs 2 more" in text
        assert "B2 blue: 1 of 3 blue stones next to it, needs 2 more" in text
        assert "D2 green: 0 of 3 green stones next to it, needs 3 more" in text


def test_the_placer_and_the_table_are_warned_what_a_circle_gives_away():
    """Ann placed blue on C3 (one next to D4 and B2); Bob must place blue now and Cat
    still holds a blue stone: a second blue next to D4 gives Cat D4 this round."""
    hub, phones = started()
    bid_all(hub, phones, {0: ("blue", 1), 1: ("blue", 1), 2: ("blue", 1)})
    place(hub, phones, 0, "C3")
    step = hub.view(HOST)["public"]["pending"]
    assert step["seat"] == 1
    given = {item["circle"]: item["gives"] for item in step["gives"]}
    assert given["E4"] == [{"tower": "D4", "colour": "blue", "seat": 2, "player": "Cat",
                            "this_round": True}]
    assert {g["tower"] for g in given["C2"]} == {"B2"}
    assert "A3" not in given and "G1" not in given  # nothing given: not listed
    for who in (phones[1], HOST, Who(seat=1, host=True)):
        text = text_of(hub, who)
        assert "Careful" in text
        assert "A stone on C4, D3, D5, E3 or E4 gives Cat D4 if Cat places blue" in text
        assert "A stone on A1, A2, B1, B3 or C2 gives Cat B2 if Cat places blue" in text
    for who in (phones[0], phones[2], Who(seat=0, host=True)):
        assert "gives Cat" not in text_of(hub, who)
    place(hub, phones, 1, "A3")  # Cat places last: Bob holds the turn tower next round
    assert "A stone on C4, D3, D5, E3 or E4 gives Bob D4 if Bob places blue next round" \
        in text_of(hub, phones[2])


def test_a_tower_given_next_round_says_so():
    hub, phones = started()
    bid_all(hub, phones, {0: ("blue", 1)})
    place(hub, phones, 0, "C3")
    bid_all(hub, phones, {1: ("blue", 1)})  # only Bob holds a stone; Cat starts next round
    text = text_of(hub, phones[1])
    assert "A stone on C4, D3, D5, E3 or E4 gives Cat D4 if Cat places blue next round" in text


def test_the_end_shows_the_ranking_and_the_round_it_ended_in():
    hub, phones = started()
    for rnd in range(3):
        bid_all(hub, phones, {rnd % 3: ("yellow", 1)})
        place(hub, phones, rnd % 3, ("A1", "A2", "A3")[rnd])
    bid_all(hub, phones, {0: ("blue", 1), 1: ("blue", 1), 2: ("blue", 1)})
    for seat, circle in ((0, "D3"), (1, "D5"), (2, "C4")):
        place(hub, phones, seat, circle)
    bid_all(hub, phones, {})
    assert hub.is_over() and hub.view(HOST)["public"]["round"] == 5
    for who in (*phones, HOST, WATCHER):
        controls = Screen(hub, who).build()
        text = all_text(controls)
        assert "Cat wins" in text and "Everyone bid zero in the same round" in text
        assert "Cat final 1 towers 16 stones" in text
        assert "Round 5" in text and "Round 4" not in text
        assert not [n for n in taps(controls) if n.startswith(("Bid ", "Place on", "Remove"))]
    table_text = text_of(hub, HOST)
    assert "Bids revealed: Bob nothing; Cat nothing; Ann nothing" in table_text
    assert "Everyone bid zero: the game ends" in table_text


# -- the board drawing -----------------------------------------------------------------
@pytest.mark.parametrize("width", [300, 362, 560])
def test_board_fits_the_width_and_circles_do_not_overlap(width):
    hub, _ = started()
    shown = hub.view(HOST)["public"]
    drawn = bluffstones_board.draw(shown["board"], width)
    stack = drawn.content
    assert len(stack.controls) == len(board.CIRCLES) == 37
    _, diameter, height = bluffstones_board.board_size(width)
    centres = {}
    for slot, item in zip(stack.controls, shown["board"]["circles"]):
        assert -0.01 <= slot.left and slot.left + diameter <= width + 0.01
        assert -0.01 <= slot.top and slot.top + diameter <= height + 0.01
        centres[item["circle"]] = (slot.left + diameter / 2, slot.top + diameter / 2)
    for a in board.CIRCLES:
        for b in board.neighbours(a):
            assert math.dist(centres[a], centres[b]) > diameter  # neighbours apart
    assert diameter >= 40 or width < 362  # a finger-sized circle on a 390 px phone


def test_board_circles_read_what_they_hold():
    hub, phones = started()
    bid_all(hub, phones, {0: ("yellow", 1)})
    place(hub, phones, 0, "E2")
    text = all_text(bluffstones_board.draw(hub.view(HOST)["public"]["board"], 360))
    assert "E2 yellow stone" in text and "F4 blue tower" in text and "A1 empty" in text


def test_house_rules_from_the_engine_are_on_the_screen():
    hub, phones = started()
    text = text_of(hub, phones[0])
    assert "Where the rules are silent" in text
    assert "A stone that finds no empty circle is thrown away." in text


def test_the_screen_imports_no_rules():
    """Everything the screens show comes from the view: no engine module is imported."""
    import companion.games.bluffstones as screens

    source = open(screens.__file__).read() + open(bluffstones_board.__file__).read()
    assert "from engine" not in source and "import engine" not in source
