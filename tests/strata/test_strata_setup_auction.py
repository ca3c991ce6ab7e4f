"""Setup, prephase counts, secret bids, the reveal and taking cards."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.registry import get_game
from engine.strata import GAME, pick_order
from engine.strata import queries as g

from .support import (act, bid_all, card, conserved, feed_all, illegal, legal,
                                  new_game, play_round, take_all)


def test_registered_under_strata():
    assert get_game("strata") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 7)
    with pytest.raises(IllegalAction, match="2 to 7 players"):
        GAME.setup(["A"], {})
    with pytest.raises(IllegalAction, match="2 to 7 players"):
        GAME.setup([f"P{i}" for i in range(8)], {})


def test_settings_defaults_and_rate_setting():
    assert GAME.default_settings(4) == {"tribute_rate": 4, "face_down_points": 1,
                                        "start_player": 1, "bank_tokens": 0}
    state = GAME.setup(["A", "B"], {"tribute_rate": "3"})
    assert state["settings"]["tribute_rate"] == 3
    with pytest.raises(IllegalAction, match="at least 1"):
        GAME.setup(["A", "B"], {"tribute_rate": 0})


@pytest.mark.parametrize("n, extras", [(2, [0, 0]), (3, [0, 0, 1]), (4, [0, 0, 1, 1]),
                                       (5, [0, 0, 1, 1, 2]), (7, [0, 0, 1, 1, 2, 2, 2])])
def test_setup_gives_4_and_4_and_extras_by_turn_order(n, extras):
    state = GAME.setup([f"P{i}" for i in range(n)], {})
    assert state["money"] == [4] * n and state["grain"] == [4] * n
    assert state["extra_due"] == extras
    if any(extras):
        assert state["phase"] == g.SETUP
        assert GAME.to_act(state) == [s for s in range(n) if extras[s]]
        assert all(("setup_extra" in legal(state, s)) == bool(extras[s]) for s in range(n))
    else:
        assert state["phase"] == g.AUCTION and state["round"] == 1
    conserved(state)


def test_setup_extra_is_the_players_choice_and_exact():
    state = GAME.setup([f"P{i}" for i in range(5)], {})
    illegal(state, 4, "setup_extra", "money must be a whole number from 0 to 2", money=3)
    illegal(state, 4, "setup_extra", "2 resources in all, not 1", money=1, grain=0)
    illegal(state, 4, "setup_extra", "choose the money and grain for your extra resources")
    illegal(state, 0, "setup_extra", "no extra resources", money=1)
    illegal(state, 4, "bid", "bid is not possible during the setup", amount=0)
    state = act(state, 4, "setup_extra", money=1, grain=1)
    illegal(state, 4, "setup_extra", "no extra resources", money=1)
    state = act(state, 2, "setup_extra", grain=1)
    assert state["phase"] == g.SETUP
    state = act(state, 3, "setup_extra", money=1)
    assert state["phase"] == g.AUCTION and state["round"] == 1
    assert state["money"] == [4, 4, 4, 5, 5] and state["grain"] == [4, 4, 5, 4, 5]
    conserved(state)


@pytest.mark.parametrize("n, up", [(2, 2), (3, 3), (4, 4), (5, 5), (6, 5), (7, 5)])
def test_display_counts(n, up):
    state = new_game(n)
    assert state["market"] == {"up": up, "down": 7 - up, "empress": False}
    assert g.market_for_round(n, 7) == {"up": up, "down": 7 - up, "empress": True}
    assert g.market_for_round(n, 6)["empress"] is False


def test_bids_are_checked():
    state = new_game(3)
    illegal(state, 0, "bid", "more than your 4 money", amount=5)
    illegal(state, 0, "bid", "your bid must be a whole number from 0 to", amount=-1)
    illegal(state, 0, "bid", "your bid is missing", )
    illegal(state, 0, "bid", "your bid must be a whole number", amount="lots")
    illegal(state, 0, "bid", "does not take 'player'", amount=1, player=1)
    illegal(state, 0, "take_card", "take a card is not possible during the secret bids", **card())
    state = act(state, 0, "bid", amount=0)
    illegal(state, None, "reveal", "waiting for bids from p1, p2")
    state = act(state, 0, "bid", amount=3)  # a new bid replaces the old one
    assert state["bids"][0] == 3
    illegal(state, 0, "exchange", "keep the 3 money you bid", give="money")


def test_reveal_pays_bids_to_bank_and_orders_picks():
    state = new_game(4, settings={"bank_tokens": 40})
    bank = state["bank"]["money"]
    state = bid_all(state, [1, 3, 0, 3])
    assert state["phase"] == g.PICK
    assert state["revealed_bids"] == [1, 3, 0, 3]
    assert state["bank"]["money"] == bank + 7
    assert state["money"] == [3, 1, 5, 2]  # seats 2 and 3 took their extra as Money
    assert state["pick_order"] == [1, 3, 0, 2]
    assert GAME.to_act(state) == [1]
    conserved(state)


def test_ties_go_to_the_player_nearest_the_start_player_clockwise():
    assert pick_order([2, 2, 2, 2], start=2) == [2, 3, 0, 1]
    assert pick_order([0, 5, 0, 5], start=2) == [3, 1, 2, 0]
    assert pick_order([1, 0, 1], start=1) == [2, 0, 1]


def test_reveal_cannot_be_undone_but_bids_can():
    assert GAME.moves["reveal"].undoable is False and GAME.moves["reveal"].reveals
    assert GAME.moves["bid"].undoable is True and GAME.moves["bid"].secret
    assert not any(m.secret for k, m in GAME.moves.items() if k != "bid")


def test_anyone_reveals_once_every_bid_is_in():
    state = new_game(3)
    assert "reveal" not in legal(state, 0) and "reveal" not in legal(state, None, host=True)
    for seat in range(3):
        state = act(state, seat, "bid", amount=0)
    assert "reveal" in legal(state, 1) and "reveal" in legal(state, None, host=True)
    assert "reveal" not in legal(state, None)  # a watcher
    assert act(state, 1, "reveal")["phase"] == g.PICK


def test_only_the_current_picker_takes_and_the_display_runs_out():
    state = bid_all(new_game(4), [0, 0, 0, 0])
    illegal(state, 1, "take_card", "not your turn: it is p0's", **card())
    assert GAME.to_act(state) == [0] and "take_card" in legal(state, 0)
    assert "take_card" not in legal(state, 1)
    illegal(state, 0, "take_card", "the side (up or down) must be one of: up, down", **card(face="sideways"))
    illegal(state, 0, "take_card", "no empress in the display", **card("empresses", 2))
    illegal(state, 0, "take_card", "the card's class must be one of: scholars", **card("king"))
    illegal(state, 0, "take_card", "points must be a whole number from 1 to 4", **card(points=5))
    illegal(state, 0, "take_card", "the card's effects, item 1, must be one of: none, produce_grain", **card(effect="fly"))
    # the shape before issue 18 (one "effect"): old logs are upgraded to "effects" (issue 38)
    illegal(state, 0, "take_card", "does not take 'effect'",
            face="up", points=1, effect="produce_money", **{"class": "scholars"})
    illegal(state, 0, "take_card", "the card's effects must have 0 to 4 items",
            **card(effect=["influence"] * 5))
    illegal(state, 0, "take_card", "choose the column", face="down")
    illegal(state, 0, "take_card", "say which class", face="up", points=2)
    illegal(state, 0, "take_card", "say how many points", face="up", **{"class": "scholars"})
    state = act(state, 0, "take_card", **card("peasants", 3, "produce_grain"))
    assert state["market"]["up"] == 3
    assert state["cards"][0] == [{"id": 1, "column": "peasants", "face_up": True,
                                  "class": "peasants", "points": 3, "effects": ["produce_grain"]}]
    # a card with two effects; "none" in a list means nothing
    state = act(state, 1, "take_card", **card("scholars", 2, ["influence", "feed_money", "none"]))
    assert state["cards"][1][0]["effects"] == ["influence", "feed_money"]
    public = GAME.public(state)["players"][1]["cards"][0]
    assert public["effects"] == ["influence", "feed_money"] and "effect" not in public


def test_face_down_card_can_be_turned_face_up_for_2_money():
    state = bid_all(new_game(2), [0, 4])
    # seat 1 picks first and has 0 Money left: cannot pay to turn a card face up
    illegal(state, 1, "take_card", "costs 2 money", **card("merchants", 2, face="down", flip_up=True))
    state = act(state, 1, "take_card", face="down", column="artisans",
                **{"class": "merchants", "points": 2, "effects": ["trade"]},
                bonus={"money": 1})
    assert state["cards"][1][0]["column"] == "artisans"
    assert state["cards"][1][0]["face_up"] is False
    assert state["money"][1] == 1  # the all-face-down gift of round 1
    state = act(state, 0, "take_card", **card("scholars", 4, "feed_money", face="down", flip_up=True))
    mine = state["cards"][0][0]
    assert mine["face_up"] and mine["column"] == "scholars" and mine["points"] == 4


def test_the_empress_is_face_up_from_round_7_and_can_be_the_last_face_up_card():
    state = new_game(2)
    state["round"] = 7
    state["market"] = g.market_for_round(2, 7)
    state = bid_all(state, [0, 0])
    state = act(state, 0, "take_card", **card("artisans", 1))
    illegal(state, 1, "take_card", "only face-up card left is the empress", **card("artisans", 1))
    illegal(state, 1, "take_card", "always face up", **card("empresses", 2, face="down", flip_up=True))
    state = act(state, 1, "take_card", **card("empresses", 3, "feed_money"))
    assert state["cards"][1][0]["column"] == "empresses"


def test_no_face_up_cards_left():
    state = new_game(2)
    state["market"] = {"up": 1, "down": 6, "empress": False}
    state = bid_all(state, [0, 0])
    state = act(state, 0, "take_card", **card())
    illegal(state, 1, "take_card", "no face-up cards left", **card())


def test_start_player_passes_left_each_round():
    state = new_game(3, extras={2: {"grain": 1}})
    starts = []
    for _ in range(4):
        starts.append(state["start"])
        state = play_round(state, {s: card("peasants", 1, "produce_grain") for s in range(3)})
    assert starts == [0, 1, 2, 0]
    assert state["round"] == 5


def test_the_start_player_is_chosen_at_setup_and_shown_each_round():
    with pytest.raises(IllegalAction, match="First start player: a seat from 1 to 3"):
        GAME.setup(["A", "B", "C"], {"start_player": 4})
    with pytest.raises(IllegalAction, match="at most 7"):
        GAME.setup(["A", "B", "C"], {"start_player": 8})
    state = GAME.setup([f"P{i}" for i in range(4)], {"start_player": 3})
    # the 3rd and 4th players in turn order from the start player (seat 2) get extras
    assert state["start"] == 2 and state["extra_due"] == [1, 1, 0, 0]
    public = GAME.public(state)
    assert public["first_start"] == 2 and public["start_name"] == "P2"
    assert public["round_starts"][:6] == [2, 3, 0, 1, 2, 3] and len(public["round_starts"]) == 15
    assert [p["is_start"] for p in public["players"]] == [False, False, True, False]
    state = act(state, 0, "setup_extra", money=1)
    state = act(state, 1, "setup_extra", money=1)
    state = bid_all(state, [0, 0, 0, 0])
    assert state["pick_order"] == [2, 3, 0, 1]  # ties from the start player
    state = take_all(state, {s: card("peasants", 1, "produce_grain") for s in range(4)})
    state = feed_all(state)
    assert state["round"] == 2 and state["start"] == 3
    assert GAME.public(state)["start_name"] == "P3"
