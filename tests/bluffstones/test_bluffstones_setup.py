"""Setup: players and piles, tower circles (setting and action), tower colours, start."""

import pytest

from engine.bluffstones import GAME
from engine.errors import IllegalAction
from engine.game import Action
from engine.registry import get_game
from engine.spec import make_spec

from .support import COLOURS, NAMES2, NAMES3, act, fresh, public, refused, started, view


def test_registered_for_two_or_three_players():
    assert get_game("bluffstones") is GAME
    assert (GAME.id, GAME.min_players, GAME.max_players) == ("bluffstones", 2, 3)
    for names in (["Ann"], ["A", "B", "C", "D"]):
        with pytest.raises(IllegalAction) as info:
            GAME.setup(names, {})
        assert "2 to 3 players" in info.value.message


def test_piles_two_players_6_6_6_4():
    state = fresh(NAMES2)
    assert state["piles"] == [{"blue": 6, "yellow": 6, "green": 6, "red": 4}] * 2


def test_piles_three_players_5_5_5_3():
    state = fresh(NAMES3)
    assert state["piles"] == [{"blue": 5, "yellow": 5, "green": 5, "red": 3}] * 3


def test_default_tower_layout_setting():
    assert GAME.default_settings(3)["tower_circles"] == "B2 B4 D2 D4 D6 F2 F4"
    assert fresh()["tower_circles"] == ["B2", "B4", "D2", "D4", "D6", "F2", "F4"]
    assert GAME.default_settings(3)["end_when_towers_gone"] is True


def test_tower_layout_setting_is_read_and_checked():
    spec = make_spec(GAME, NAMES2, {"tower_circles": "a1 a4 d1 d4 d7 g1 g4"})
    assert GAME.setup(list(spec.players), spec.settings)["tower_circles"] == \
        ["A1", "A4", "D1", "D4", "D7", "G1", "G4"]
    assert fresh(tower_circles="b2, B4 D2 D4 D6 F2 F4")["tower_circles"][0] == "B2"
    with pytest.raises(IllegalAction) as info:
        fresh(tower_circles="A1 A2 A3")
    assert "exactly 7 tower circles" in info.value.message
    with pytest.raises(IllegalAction) as info:
        fresh(tower_circles="A1 A1 A2 A3 A4 B1 B2")
    assert "chosen twice" in info.value.message
    with pytest.raises(IllegalAction) as info:
        fresh(tower_circles="A1 A2 A3 A4 B1 B2 Z9")
    assert "not a circle" in info.value.message
    with pytest.raises(IllegalAction) as info:  # refused when the table is made
        make_spec(GAME, NAMES2, {"tower_circles": "A1 A2"})
    assert "exactly 7 tower circles" in info.value.message


def test_towers_action_moves_towers_and_keeps_known_colours():
    state = act(fresh(), None, "tower_colour", circle="D4", colour="green")
    state = act(state, None, "tower_colour", circle="B2", colour="blue")
    state = act(state, 1, "towers", circles=["D4", "A1", "A4", "D1", "D7", "G1", "G4"])
    assert state["tower_circles"] == ["D4", "A1", "A4", "D1", "D7", "G1", "G4"]
    assert state["tower_colours"] == {"D4": "green"}
    refused(state, Action(None, "towers", {"circles": ["A1"] * 7}), "chosen twice")
    refused(state, Action(None, "towers", {"circles": "A1 A2"}), "exactly 7")
    assert act(state, None, "towers", circles="['a1', 'A4', 'D1', 'D4', 'D7', 'G1', 'G4']")[
        "tower_circles"] == ["A1", "A4", "D1", "D4", "D7", "G1", "G4"]  # a list that went through str()


@pytest.mark.parametrize("circles, fragment", [
    (5, "The tower circles must be 7 circles of the board: a list, or a text like"),
    (None, "The tower circles is missing"),
    ({"a": 1}, "The tower circles must be 7 circles"),
    ([1, 2, 3, 4, 5, 6, 7], "The tower circles must be 7 circles"),
    (["A1"] * 30, "Choose exactly 7 tower circles, not 30"),
    ("A1 " * 100, "The tower circles must be 7 circles"),
    (["A1", "A2", "A3", "A4", "B1", "B2", "Z9"], "'Z9' is not a circle on the board"),
    (["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"], "Choose exactly 7 tower circles, not 8"),
])
def test_towers_payload_has_an_exact_shape(circles, fragment):
    refused(fresh(), Action(0, "towers", {"circles": circles}), fragment)
    refused(fresh(), Action(0, "towers", {"circles": list(COLOURS), "colours": 1}),
            "does not take 'colours'")


def test_tower_colours_recorded_as_drawn_at_most_three_of_each():
    state = fresh()
    state = act(state, None, "tower_colour", circle="b2", colour="Blue")
    assert state["tower_colours"] == {"B2": "blue"}
    refused(state, Action(None, "tower_colour", {"circle": "C3", "colour": "blue"}),
            "There is no tower on C3")
    refused(state, Action(None, "tower_colour", {"circle": "D4", "colour": "red"}),
            "'red' is not a colour here")
    refused(state, Action(None, "tower_colour", {"circle": "D4"}),
            "Give the tower's circle and its top-stone colour")
    refused(state, Action(None, "tower_colour", {}), "Choose a tower and the colour")
    refused(state, Action(None, "tower_colour", {"circle": "D4", "colour": "blue",
                                                  "colours": {"B2": "blue"}}), "not both")
    refused(state, Action(None, "tower_colour", {"colours": {"D4": "blue", "d4": "green"}}),
            "D4 is given twice")
    refused(state, Action(None, "tower_colour", {"colours": {}}),
            "The top-stone colours must be 1 to 7 tower circles")
    refused(state, Action(None, "tower_colour", {"color": "blue", "circle": "D4"}),
            "does not take 'color'")
    assert act(state, None, "tower_colour", circle="D4", colour="y")["tower_colours"]["D4"] == "yellow"
    state = act(state, None, "tower_colour", colours={"B4": "blue", "D2": "blue"})
    refused(state, Action(None, "tower_colour", {"circle": "D4", "colour": "blue"}),
            "Only 3 blue stones were shuffled for the towers, not 4")
    # correcting a colour is fine
    state = act(state, None, "tower_colour", circle="B2", colour="green")
    state = act(state, None, "tower_colour", circle="D4", colour="blue")
    assert sorted(state["tower_colours"].values()).count("blue") == 3


def test_start_needs_all_colours_and_a_start_player():
    state = fresh()
    message = refused(state, Action(None, "start", {}), "Before starting, record",
                      "who takes the turn tower")
    assert "B2" in message
    state = act(state, None, "tower_colour", colours=COLOURS)
    refused(state, Action(None, "start", {}), "who takes the turn tower")
    assert "start" not in view(state, 0)["legal"]  # offered only once it is open
    refused(state, Action(None, "start_player", {"player": 3}),
            "The player who takes the turn tower must be a whole number from 0 to 2")
    refused(fresh(NAMES2), Action(None, "start_player", {"player": 2}), "Choose the player")
    state = act(state, 2, "start_player", player=2)
    refused(state, Action(0, "bid", {"count": 0}), "Bidding is not possible during the setup")
    assert "start" in view(state, 0)["legal"] and "start" in view(state, None, host=True)["legal"]
    state = act(state, None, "start")
    assert (state["phase"], state["round"], state["turn"]) == ("bidding", 1, 2)


def test_setup_is_frozen_once_started():
    state = started()
    refused(state, Action(None, "tower_colour", {"circle": "D4", "colour": "green"}),
            "Recording a top colour is not possible during the secret bids")
    refused(state, Action(None, "towers", {"circles": "A1 A4 D1 D4 D7 G1 G4"}),
            "Moving the towers is not possible during the secret bids")
    refused(state, Action(None, "start", {}), "Starting the game is not possible")
    for kind in ("towers", "tower_colour", "start_player", "start"):
        assert kind not in view(state, 0)["legal"]


def test_setup_moves_are_open_to_every_seat_and_the_host():
    state = fresh()
    for seat, host in ((0, False), (2, False), (None, True), (1, True)):
        assert {"towers", "tower_colour", "start_player"} <= set(view(state, seat, host)["legal"])
    assert view(state, None)["legal"] == []  # a watcher
    assert GAME.to_act(state) == []


def test_unknown_action_and_bad_seat_refused():
    state = started()
    refused(state, Action(0, "draw", {}), "BluffStones has no move 'draw'")
    refused(state, Action(5, "bid", {"count": 0}), "no such seat")


def test_setup_view_lists_what_is_missing():
    shown = public(fresh())
    assert shown["phase"] == "setup"
    assert shown["setup"]["default_towers"] == ["B2", "B4", "D2", "D4", "D6", "F2", "F4"]
    assert shown["setup"]["colours"] == ["blue", "yellow", "green"]
    assert any("turn tower" in m for m in shown["setup"]["missing"])
    assert len(shown["board"]["circles"]) == 37
