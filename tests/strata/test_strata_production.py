"""Production and feeding, shortfalls paid by flipping cards, and the cap of 10."""

from __future__ import annotations

from engine.strata import GAME, production_preview
from engine.strata import game as g
from engine.strata.production import costs, yields

from .test_strata_support import (act, bid_all, card, conserved, illegal, legal, new_game,
                                  play_round, set_resources, take_all, view)


def two_player_round(state, take0, take1, bids=(0, 0)):
    return play_round(state, {0: take0, 1: take1}, bids=list(bids))


def test_every_effect_and_feeding_cost():
    cards = [
        {"id": 1, "column": "scholars", "face_up": True, "class": "scholars", "points": 1, "effect": "produce_grain"},
        {"id": 2, "column": "peasants", "face_up": True, "class": "peasants", "points": 1, "effect": "produce_money"},
        {"id": 3, "column": "artisans", "face_up": True, "class": "artisans", "points": 1, "effect": "set_grain"},
        {"id": 4, "column": "merchants", "face_up": True, "class": "merchants", "points": 1, "effect": "set_money"},
        {"id": 5, "column": "scholars", "face_up": True, "class": "scholars", "points": 1, "effect": "feed_money"},
        {"id": 6, "column": "empresses", "face_up": True, "class": "empresses", "points": 2, "effect": "feed_grain"},
        {"id": 7, "column": "merchants", "face_up": False, "front": {"class": "merchants", "points": 4, "effect": "produce_money"}, "secret": True},
        {"id": 8, "column": "peasants", "face_up": False, "front": None, "secret": True},
        {"id": 9, "column": "artisans", "face_up": True, "class": "artisans", "points": 1, "effect": "set_grain"},
    ]
    # sets: scholars 2, peasants 2, artisans 2, merchants 2 (face-down cards count) -> 2
    assert yields(cards) == {"money": 1 + 2, "grain": 1 + 2 + 2}
    # 9 cards (face down and Empress included) + Empress's grain; Scholar's money
    assert costs(cards) == {"money": 1, "grain": 10}
    preview = {"gain": {"money": 3, "grain": 5}, "cost": {"money": 1, "grain": 10},
               "after": {"money": 6, "grain": 0}, "short": {"money": 0, "grain": 1}}
    from engine.strata.production import preview as pure_preview
    assert pure_preview(cards, 4, 4) == preview


def test_production_runs_after_the_last_pick_and_feeding_is_paid():
    state = new_game(2)
    state = bid_all(state, [0, 0])
    state = act(state, 0, "take_card", **card("peasants", 1, "produce_grain"))
    assert production_preview(state, 0) == {
        "gain": {"money": 0, "grain": 1}, "cost": {"money": 0, "grain": 1},
        "after": {"money": 4, "grain": 4}, "short": {"money": 0, "grain": 0}}
    state = act(state, 1, "take_card", **card("scholars", 2, "feed_money"))
    # seat 0: +1 Grain -1 Grain; seat 1: -1 Grain -1 Money
    assert state["money"] == [4, 3] and state["grain"] == [4, 3]
    assert state["phase"] == g.AUCTION and state["round"] == 2
    conserved(state)


def test_a_short_player_must_flip_cards_and_chooses_which():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 2, "influence"), card("peasants", 1))
    state = set_resources(state, 0, money=0, grain=0)
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1, "produce_money"), 1: card("peasants", 1)})
    # seat 0 owes 2 Grain, has 1 Money (produced) and no Grain: must flip
    assert state["phase"] == g.FEEDING
    assert GAME.to_act(state) == [0]
    assert g.feeding_shortfall(state, 0) == {"money": 0, "grain": 2}
    assert view(state, 0)["private"]["feeding_short"] == {"money": 0, "grain": 2}
    assert view(state, 0)["public"]["players"][0]["feeding_short"] == {"money": 0, "grain": 2}
    illegal(state, 0, "flip_down", "choose one of your cards", card=99, grain=2)
    illegal(state, 0, "flip_down", "grain must be a whole number from 0 to 2", card=1, grain=3)
    illegal(state, 0, "flip_down", "turning a card face down: 2 resources in all, not 1", card=1, grain=1, money=0)
    illegal(state, 0, "flip_down", "stays in the scholars column", card=1, grain=2, column="artisans")
    state = act(state, 0, "flip_down", card=1, grain=2)
    assert state["cards"][0][0]["face_up"] is False and state["cards"][0][0]["column"] == "scholars"
    assert state["grain"][0] == 0 and state["money"][0] == 1
    assert state["phase"] == g.AUCTION and state["unpaid"] == [None, None]
    conserved(state)


def test_exchanging_also_covers_a_shortfall():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 2), card("peasants", 1))
    state = set_resources(state, 0, money=8, grain=0)
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1), 1: card("peasants", 1)})
    assert g.feeding_shortfall(state, 0) == {"money": 0, "grain": 2}
    state = act(state, 0, "exchange", give="money", times=2)
    assert state["money"][0] == 0 and state["grain"][0] == 0
    assert state["phase"] == g.AUCTION


def test_with_only_face_down_cards_the_rest_is_not_paid():
    state = new_game(2)
    state = bid_all(state, [0, 0])
    state = act(state, 0, "take_card", face="down", column="scholars", bonus={"grain": 1})
    state = act(state, 1, "take_card", **card("peasants"))
    state = set_resources(state, 0, money=3, grain=0)
    state = bid_all(state, [0, 0])
    state = act(state, 1, "take_card", **card("peasants"))
    state = act(state, 0, "take_card", face="down", column="merchants", bonus={"money": 2})
    # seat 0 owed 2 Grain, had none, only face-down cards: unpaid, Money untouched
    assert state["grain"][0] == 0 and state["money"][0] == 5
    assert state["phase"] == g.AUCTION
    conserved(state)


def test_unpaid_feeding_is_shown():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 1, "feed_money"), card("peasants"))
    illegal(state, 0, "flip_down", "all-face-down gift (2)", card=1, money=2)
    state = act(state, 0, "flip_down", card=1, money=2, bonus={"money": 1, "grain": 1})
    state = set_resources(state, 0, money=0, grain=0)
    state = bid_all(state, [0, 0])
    state = act(state, 1, "take_card", **card("peasants"))
    state = set_resources(state, 0, grain=1)
    state = act(state, 0, "take_card", face="down", column="peasants", bonus={"money": 2})
    # seat 0 had 1 Grain for 2 cards and only face-down cards: 1 Grain unpaid
    assert state["phase"] == g.AUCTION
    assert state["grain"][0] == 0 and state["money"][0] == 2
    assert view(state, None)["public"]["players"][0]["unpaid"] == {"what": "feeding", "money": 0, "grain": 1}


def test_cap_after_production_the_player_chooses_what_to_discard():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 1, "produce_money"), card("peasants"))
    state = set_resources(state, 0, money=6, grain=6)
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1, "produce_money"), 1: card("peasants")})
    # 6+2 Money, 6-2 Grain = 12 -> discard 2
    assert state["phase"] == g.PRODUCTION_CAP
    assert g.cap_excess(state, 0) == 2 and GAME.to_act(state) == [0]
    assert "discard" in legal(state, 0) and "discard" not in legal(state, 1)
    illegal(state, 1, "discard", "nothing to discard", money=1)
    illegal(state, 0, "discard", "2 resources in all", money=1, grain=0)
    illegal(state, 0, "discard", "2 resources in all", money=3)
    illegal(state, 0, "discard", "money must be a whole number from 0 to", grain=3, money=-1)
    illegal(state, 0, "discard", "choose the money and grain")
    state = act(state, 0, "discard", money=1, grain=1)
    assert (state["money"][0], state["grain"][0]) == (7, 3)
    assert state["phase"] == g.AUCTION
    conserved(state)


def test_a_forced_discard_is_made_at_once():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 1, "produce_money"), card("peasants"))
    state = set_resources(state, 0, money=12, grain=1)
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1, "produce_money"), 1: card("peasants")})
    # 14 Money, 0 Grain after feeding 2 Grain? had 1 Grain: short -> must flip first
    assert state["phase"] == g.FEEDING
    state = act(state, 0, "exchange", give="money")
    # 10 Money, 0 Grain left after paying 2 Grain: no discard needed
    assert (state["money"][0], state["grain"][0]) == (10, 0)
    assert state["phase"] == g.AUCTION


def test_bank_running_dry_pays_what_it_has():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 1, "produce_grain"), card("peasants", 1, "produce_grain"))
    state = set_resources(state, 0, grain=10)
    state = set_resources(state, 1, grain=10)
    # move the rest of the bank's grain to nobody: give it all to the players' money side
    spare = state["bank"]["grain"]
    state["bank"]["grain"] = 0
    state["settings"]["bank_tokens"] -= 0
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1), 1: card("peasants")})
    # no Grain produced (bank dry); each paid 2 feeding
    assert state["grain"] == [8, 8]
    assert state["bank"]["grain"] == 4
    state["bank"]["grain"] += spare
    conserved(state)
