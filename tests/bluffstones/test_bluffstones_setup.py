"""Setup: players and piles, tower circles (setting and action), tower colours, start."""

import pytest

from engine.bluffstones import GAME
from engine.errors import IllegalAction
from engine.game import Action
from engine.registry import get_game
from engine.table import make_spec

from .support import COLOURS, NAMES2, NAMES3, act, refused, started


def fresh(names=NAMES3, **settings):
    return GAME.setup(list(names), GAME.check_settings(settings, len(names)))


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
    assert fresh(tower_circles=["b2", "B4", "D2", "D4", "D6", "F2", "F4"])["tower_circles"][0] == "B2"
    with pytest.raises(IllegalAction) as info:
        fresh(tower_circles="A1 A2 A3")
    assert "exactly 7 tower circles" in info.value.message
    with pytest.raises(IllegalAction) as info:
        fresh(tower_circles="A1 A1 A2 A3 A4 B1 B2")
    assert "chosen twice" in info.value.message
    with pytest.raises(IllegalAction) as info:
        fresh(tower_circles="A1 A2 A3 A4 B1 B2 Z9")
    assert "not a circle" in info.value.message


def test_towers_action_moves_towers_and_keeps_known_colours():
    state = act(fresh(), None, "tower_colour", circle="D4", colour="green")
    state = act(state, None, "tower_colour", circle="B2", colour="blue")
    state = act(state, 1, "towers", circles=["D4", "A1", "A4", "D1", "D7", "G1", "G4"])
    assert state["tower_circles"] == ["D4", "A1", "A4", "D1", "D7", "G1", "G4"]
    assert state["tower_colours"] == {"D4": "green"}
    refused(state, Action(None, "towers", {"circles": ["A1"] * 7}), "chosen twice")
    refused(state, Action(None, "towers", {"circles": "A1 A2"}), "exactly 7")


def test_tower_colours_recorded_as_drawn_at_most_three_of_each():
    state = fresh()
    state = act(state, None, "tower_colour", circle="b2", colour="Blue")
    assert state["tower_colours"] == {"B2": "blue"}
    refused(state, Action(None, "tower_colour", {"circle": "C3", "colour": "blue"}),
            "There is no tower on C3")
    refused(state, Action(None, "tower_colour", {"circle": "D4", "colour": "red"}),
            "'red' is not a colour here")
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
    refused(state, Action(None, "start_player", {"player": 3}), "Choose the player")
    state = act(state, 2, "start_player", player=2)
    refused(state, Action(0, "bid", {"count": 0}), "finish the setup first")
    state = act(state, None, "start")
    assert (state["phase"], state["round"], state["turn"]) == ("bidding", 1, 2)


def test_setup_is_frozen_once_started():
    state = started()
    refused(state, Action(None, "tower_colour", {"circle": "D4", "colour": "green"}),
            "setup can no longer change")
    refused(state, Action(None, "towers", {"circles": "A1 A4 D1 D4 D7 G1 G4"}),
            "setup can no longer change")
    refused(state, Action(None, "start", {}), "setup can no longer change")


def test_unknown_action_and_bad_seat_refused():
    state = started()
    refused(state, Action(0, "draw", {}), "BluffStones has no action 'draw'")
    refused(state, Action(5, "bid", {"count": 0}), "no such seat")


def test_setup_view_lists_what_is_missing():
    view = GAME.view(fresh(), None)
    assert view["phase"] == "setup"
    assert view["setup"]["default_towers"] == ["B2", "B4", "D2", "D4", "D6", "F2", "F4"]
    assert any("turn tower" in m for m in view["setup"]["missing"])
    assert len(view["board"]["circles"]) == 37
