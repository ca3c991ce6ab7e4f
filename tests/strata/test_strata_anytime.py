"""At any time: the 4:1 exchange, the trade card, flipping a card face down, the gift."""

from __future__ import annotations

from engine.strata import queries as g

from .support import (act, bid_all, card, conserved, give_cards, illegal, legal,
                                  new_game, play_round, set_resources, take_all)


def test_exchange_4_to_1_with_the_bank():
    state = new_game(2, settings={"bank_tokens": 40})  # a limited bank that runs out
    state = set_resources(state, 0, money=9, grain=0)
    illegal(state, 0, "exchange", "must be one of: money, grain", give="gold")
    illegal(state, 0, "exchange", "what you give (money or grain) is missing")
    illegal(state, 0, "exchange", "how many times must be a whole number from 1", give="grain", times=0)
    illegal(state, 0, "exchange", "you need 4 grain for that exchange; you have 0", give="grain")
    illegal(state, 0, "exchange", "you need 12 money", give="money", times=3)
    state = act(state, 0, "exchange", give="money", times=2)
    assert (state["money"][0], state["grain"][0]) == (1, 2)
    assert "exchange" not in legal(state, 0)
    illegal(state, 0, "exchange", "you need 4 money or 4 grain to exchange", give="money")
    state["bank"]["money"], spare = 0, state["bank"]["money"]
    illegal(state, 1, "exchange", "the bank has no money left", give="grain")
    state["bank"]["money"] = 1
    state["bank"]["grain"] -= 4
    state["grain"][1] += 4
    illegal(state, 1, "exchange", "the bank has only 1 money", give="grain", times=2)
    state["bank"]["money"] = spare
    state = set_resources(state, 1, grain=4)
    conserved(state)


def test_trade_card_gives_2_for_4_only_with_the_card_face_up():
    state = new_game(2)
    illegal(state, 0, "trade", "face-up trade card", give="money")
    give_cards(state, 0, ("merchants", 2, "trade"))
    state = set_resources(state, 0, money=8, grain=1)
    state = act(state, 0, "trade", give="money", times=2)
    assert (state["money"][0], state["grain"][0]) == (0, 5)
    state = act(state, 0, "trade", give="grain")
    assert (state["money"][0], state["grain"][0]) == (2, 1)
    assert "trade" in legal(state, 0)
    conserved(state)


def test_flip_down_gives_2_of_the_players_choice_and_is_final():
    state = play_round(new_game(2), {0: card("artisans", 3, "produce_money"), 1: card("peasants")})
    cid = state["cards"][0][0]["id"]
    give_cards(state, 0, ("scholars", 1, "none"))
    state = act(state, 0, "flip_down", card=cid, money=1, grain=1)
    flipped = state["cards"][0][0]
    assert flipped["face_up"] is False and flipped["column"] == "artisans"
    assert flipped["secret"] is False  # everyone saw its front
    assert (state["money"][0], state["grain"][0]) == (6, 4)
    illegal(state, 0, "flip_down", "can never be turned back", card=cid, money=2)
    # a face-down card has no effect any more
    assert g.production_preview(state, 0)["gain"] == {"money": 0, "grain": 0}


def test_empress_flipped_down_goes_to_any_class():
    state = new_game(2)
    give_cards(state, 0, ("empresses", 3, "feed_money"), ("peasants", 1, "none"))
    illegal(state, 0, "flip_down", "choose one", card=1, money=2)
    illegal(state, 0, "flip_down", "the column must be one of: scholars, peasants", card=1, money=2,
            column="empresses")
    state = act(state, 0, "flip_down", card=1, money=2, column="merchants")
    assert state["cards"][0][0]["column"] == "merchants"


def test_all_face_down_gift_equals_the_round():
    state = new_game(3, extras={2: {"grain": 1}})
    for _ in range(4):
        for s in range(3):
            set_resources(state, s, money=0, grain=8)
        state = play_round(state, {s: card("peasants") for s in range(3)})
    assert state["round"] == 5
    # seat 0 flips its four cards; the last flip brings the gift of 5
    ids = [c["id"] for c in state["cards"][0]]
    for cid in ids[:-1]:
        state = act(state, 0, "flip_down", card=cid, grain=2)
    before = state["money"][0] + state["grain"][0]
    illegal(state, 0, "flip_down", "all-face-down gift (5): 5 in all", card=ids[-1], grain=2)
    illegal(state, 0, "flip_down", "5 resources in all", card=ids[-1], grain=2, bonus={"money": 1, "grain": 1})
    state = act(state, 0, "flip_down", card=ids[-1], grain=2, bonus={"money": 3, "grain": 2})
    assert state["money"][0] + state["grain"][0] == before + 2 + 5
    # taking another card face down gives the gift again
    state = bid_all(state, [0, 0, 0])
    money = state["money"][0]
    takes = {s: card("peasants") for s in range(3)}
    takes[0] = {"face": "down", "column": "scholars", "bonus": {"money": 5}}
    state = take_all(state, takes)
    assert state["money"][0] >= money + 5 - 0  # nothing of seat 0 costs Money
    conserved(state)


def test_no_any_time_actions_once_the_game_ended():
    state = new_game(2)
    state["round"] = 15
    give_cards(state, 0, ("empresses", 2, "none"))
    state = play_round(state, {0: card("peasants"), 1: card("peasants")})
    assert state["phase"] == g.SCORING
    illegal(state, 0, "exchange", "not possible during the final scoring", give="grain")
    illegal(state, 0, "flip_down", "not possible during the final scoring", card=1, money=2,
            column="scholars")
    assert legal(state, 0) == ["final_assignment"]
