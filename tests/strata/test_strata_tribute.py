"""Tribute: Influence, the pairs and their order, the rate, shortfalls, the cap."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.strata import GAME, influence, tribute_transfers
from engine.strata import queries as g
from tests.depth import examples

from .support import (act, bid_all, card, conserved, feed_all, give_cards, illegal,
                                  legal, new_game, set_resources, take_all, view)


def test_rules_example_9_more_influence_takes_2_in_a_4_player_game():
    assert tribute_transfers([9, 0, 9, 9], 0, 4) == [{"from": 1, "to": 0, "count": 2},
                                                    {"from": 1, "to": 2, "count": 2},
                                                    {"from": 1, "to": 3, "count": 2}]


def test_taker_by_taker_from_the_start_player_payers_clockwise_from_the_taker():
    # the example: Ann=12, Bo=3, Cy=7, Di=0, start Bo. Bo takes nothing; Cy takes
    # from Di then Bo; Di nothing; Ann takes from Bo, Cy, Di
    assert tribute_transfers([12, 3, 7, 0], 1, 4) == [
        {"from": 3, "to": 2, "count": 1}, {"from": 1, "to": 2, "count": 1},
        {"from": 1, "to": 0, "count": 2}, {"from": 2, "to": 0, "count": 1},
        {"from": 3, "to": 0, "count": 3}]
    # equal Influence among takers: the takers clockwise from the start player
    assert tribute_transfers([0, 8, 8, 8], 2, 4) == [
        {"from": 0, "to": 2, "count": 2}, {"from": 0, "to": 3, "count": 2},
        {"from": 0, "to": 1, "count": 2}]
    assert tribute_transfers([3, 0, 2], 0, 4) == []
    assert tribute_transfers([8, 0], 0, 3) == [{"from": 1, "to": 0, "count": 2}]


@pytest.mark.parametrize("args, fragment", [
    (([1, -1], 0, 4), "0 or more"), (([1, 2], 2, 4), "start player"),
    (([1, 2], 0, 0), "1 or more"), (([], 0, 4), "at least one")])
def test_bad_tribute_input(args, fragment):
    with pytest.raises(IllegalAction, match=fragment):
        tribute_transfers(*args)


def reference_order(values, start, per):
    """An independent statement of the order: every pair owing something, sorted by the
    taker's place clockwise from the start player, then the payer's place clockwise
    from the taker."""
    n = len(values)
    owing = [(taker, payer) for taker in range(n) for payer in range(n)
             if taker != payer and (values[taker] - values[payer]) // per > 0]
    owing.sort(key=lambda pair: ((pair[0] - start) % n, (pair[1] - pair[0]) % n))
    return [{"from": payer, "to": taker, "count": (values[taker] - values[payer]) // per}
            for taker, payer in owing]


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.integers(0, 30), min_size=2, max_size=7), st.data(), st.integers(1, 6))
def test_transfers_match_an_independent_implementation(values, data, per):
    start = data.draw(st.integers(0, len(values) - 1))
    transfers = tribute_transfers(values, start, per)
    assert transfers == reference_order(values, start, per)
    expected = {(b, a): (values[a] - values[b]) // per for a in range(len(values))
                for b in range(len(values)) if values[a] - values[b] >= per}
    assert {(t["from"], t["to"]): t["count"] for t in transfers} == expected


def test_influence_counts_face_up_influence_cards_and_sets():
    cards = [
        {"id": 1, "column": "scholars", "face_up": True, "class": "scholars", "points": 1, "effects": ["influence", "feed_money"]},
        {"id": 2, "column": "artisans", "face_up": True, "class": "artisans", "points": 1, "effects": ["set_influence"]},
        {"id": 3, "column": "peasants", "face_up": False, "front": None, "secret": True},
        {"id": 4, "column": "merchants", "face_up": True, "class": "merchants", "points": 1, "effects": ["set_influence"]},
        {"id": 5, "column": "scholars", "face_up": False, "front": {"class": "scholars", "points": 1, "effects": ["influence"]}, "secret": True},
    ]
    assert influence(cards) == 1 + 2 * 1  # a face-down Influence card gives nothing


def tribute_table(influences, resources):
    """4 players with the given Influence (face-up Influence cards) reaching Tribute."""
    state = new_game(4)
    for seat, amount in enumerate(influences):
        give_cards(state, seat, *[("scholars", 1, "influence")] * amount)
    for seat, (money, grain) in enumerate(resources):
        set_resources(state, seat, money=money, grain=grain + len(state["cards"][seat]) + 1)
    state = bid_all(state, [0, 0, 0, 0])
    return feed_all(take_all(state, {s: card("peasants") for s in range(4)}))


def test_taker_chooses_money_or_grain_from_the_payer():
    state = tribute_table([9, 0, 5, 5], [(2, 2), (3, 3), (2, 2), (2, 2)])
    assert state["phase"] == g.TRIBUTE
    assert state["tribute"]["influence"] == [9, 0, 5, 5]
    step = g.current_tribute(state)
    assert (step["from"], step["to"], step["count"], step["waiting_for"]) == (1, 0, 2, "taker")
    assert GAME.to_act(state) == [0]
    assert "take_tribute" in legal(state, 0) and "take_tribute" in legal(state, None, host=True)
    assert "take_tribute" not in legal(state, 1)
    illegal(state, 1, "take_tribute", "not your turn: it is p0's", money=2)
    illegal(state, 0, "take_tribute", "choose the money and grain")
    illegal(state, 0, "take_tribute", "2 resources in all", money=3)
    state = act(state, 0, "take_tribute", money=1, grain=1)
    assert (state["money"][0], state["grain"][0], state["money"][1], state["grain"][1]) == (3, 3, 2, 2)
    # taker 0 goes on taking (1 from each of 2 and 3); then 2 and 3 take 1 each from 1
    for taker, payer, pay in [(0, 2, {"grain": 1}), (0, 3, {"money": 1}),
                              (2, 1, {"money": 1}), (3, 1, {"money": 1})]:
        step = g.current_tribute(state)
        assert (step["to"], step["from"], step["count"]) == (taker, payer, 1)
        state = act(state, taker, "take_tribute", **pay)
    assert state["phase"] == g.AUCTION and state["round"] == 2 and state["start"] == 1
    assert state["money"] == [4, 0, 3, 2] and state["grain"] == [4, 2, 1, 2]
    conserved(state)


def test_payer_short_must_flip_cards_first():
    state = tribute_table([4, 0, 0, 0], [(0, 0), (0, 0), (0, 0), (0, 0)])
    # seat 1 owes 1 to seat 0 and has nothing but a face-up Peasant
    step = g.current_tribute(state)
    assert (step["from"], step["to"], step["waiting_for"]) == (1, 0, "payer")
    assert GAME.to_act(state) == [1]
    illegal(state, 0, "take_tribute", "not your turn: it is p1's", money=1)
    illegal(state, 1, "take_tribute", "p1 must first turn cards face down to pay p0", money=1)
    assert "take_tribute" not in legal(state, 0) and "flip_down" in legal(state, 1)
    peasant = state["cards"][1][0]["id"]
    state = act(state, 1, "flip_down", card=peasant, money=1, grain=1, bonus={"money": 1})
    assert g.current_tribute(state)["waiting_for"] == "taker"
    state = act(state, 0, "take_tribute", money=1)
    assert state["money"][1] == 1 and state["grain"][1] == 1
    assert g.current_tribute(state)["from"] == 2


def test_payer_with_only_face_down_cards_pays_what_they_have():
    state = new_game(2)
    give_cards(state, 0, *[("scholars", 1, "influence")] * 8)
    give_cards(state, 1, ("peasants", 1, "none"), face_up=False)
    set_resources(state, 0, grain=10, money=0)
    set_resources(state, 1, grain=3, money=1)
    state = bid_all(state, [0, 0])
    state = feed_all(take_all(state, {0: card("peasants"), 1: dict(face="down", column="artisans",
                                                                   bonus={"money": 1})}))
    # seat 1 fed 2 Grain -> 1 Grain, 2 Money; owes 2 to seat 0: pays both... choice!
    assert g.current_tribute(state)["count"] == 2
    assert g.current_tribute(state)["waiting_for"] == "taker"
    state = act(state, 0, "take_tribute", money=2)
    assert state["money"][1] == 0 and state["grain"][1] == 1
    # next round: seat 1 owes 2 again, has 1 Grain and only face-down cards: pays 1
    state = set_resources(state, 0, grain=10)
    state = bid_all(state, [0, 0])
    state = feed_all(take_all(state, {0: card("peasants"), 1: dict(face="down", column="artisans",
                                                                   bonus={"money": 2})}))
    # after feeding (3 Grain owed, 1 held, unpaid) seat 1 has 2 Money from the gift
    assert state["phase"] == g.AUCTION
    last = state["tribute"]["transfers"][0]
    assert last["count"] == 2 and last["paid"] == {"money": 2, "grain": 0}
    conserved(state)


def test_tribute_cap_taker_discards_above_10():
    state = tribute_table([8, 0, 0, 0], [(5, 5), (6, 3), (3, 6), (1, 1)])
    # seat 0 has 10; takes 2 from each of 1, 2 (choices) and 3 (forced: 1 Money 1 Grain)
    state = act(state, 0, "take_tribute", money=2)
    state = act(state, 0, "take_tribute", grain=2)
    assert state["phase"] == g.TRIBUTE_CAP
    assert g.cap_excess(state, 0) == 6
    illegal(state, 0, "discard", "6 resources in all", money=1, grain=1)
    assert view(state, 0)["private"]["must_discard"] == 6 and legal(state, 0)[0] == "discard"
    state = act(state, 0, "discard", money=3, grain=3)
    assert state["phase"] == g.AUCTION and state["money"][0] + state["grain"][0] == 10
    conserved(state)


def test_what_a_taker_received_earlier_pays_what_they_owe_later():
    """Start player Bo (seat 1): Bo takes 1 from Ann first, then pays Cy 1 out of it,
    without turning a card down (payer-first, Bo would have had to flip)."""
    state = new_game(3, settings={"start_player": 2})
    assert state["start"] == 1
    give_cards(state, 0, ("peasants", 1, "none"))
    give_cards(state, 1, *[("scholars", 1, "influence")] * 4)
    give_cards(state, 2, *[("artisans", 1, ["influence", "influence"])] * 4)
    for seat in range(3):  # enough Grain to feed, nothing else
        set_resources(state, seat, money=0, grain=len(state["cards"][seat]) + 1)
    set_resources(state, 0, money=3)
    state = bid_all(state, [0, 0, 0])
    state = feed_all(take_all(state, {s: card("merchants") for s in range(3)}))
    assert state["tribute"]["influence"] == [0, 4, 8]
    tribute = view(state, None)["public"]["tribute"]
    assert [(t["to"], t["from"], t["count"]) for t in tribute["transfers"]] == [
        (1, 0, 1), (2, 0, 2), (2, 1, 1)]
    # the first two are forced (Ann has only Money); Bo pays Cy with Ann's Money
    assert state["phase"] == g.AUCTION
    done = state["tribute"]["transfers"]
    assert [t["paid"]["money"] for t in done] == [1, 2, 1] and done[1]["count"] == 2
    assert all(c["face_up"] for c in state["cards"][1])
    assert view(state, None)["public"]["tribute"]["lines"] == [
        "P1 took 1 Money from P0", "P2 took 2 Money from P0", "P2 took 1 Money from P1"]
    conserved(state)


def payer_short_of_one(flip_influence):
    state = new_game(2)
    give_cards(state, 0, *[("scholars", 1, "influence")] * 8)
    give_cards(state, 1, ("scholars", 1, "influence"), ("peasants", 1, "none"))
    set_resources(state, 0, money=0, grain=len(state["cards"][0]) + 1)
    set_resources(state, 1, money=0, grain=len(state["cards"][1]) + 1)
    state = bid_all(state, [0, 0])
    state = feed_all(take_all(state, {0: card("merchants"), 1: card("merchants")}))
    step = g.current_tribute(state)
    assert (step["from"], step["to"], step["count"], step["waiting_for"]) == (1, 0, 1, "payer")
    cid = state["cards"][1][0 if flip_influence else 1]["id"]
    return act(state, 1, "flip_down", card=cid, money=2)


def test_influence_is_taken_as_the_tribute_begins_a_flip_to_pay_changes_no_debt():
    """Issue 26 (CLARIFICATIONS): Bo turns his Influence card down to pay Ann; the debt
    stays the 1 of the Influence as the phase began (the audit saw it grow to 2, with no
    warning). The flip still gives its 2; the next round counts the card face down."""
    state = payer_short_of_one(flip_influence=True)
    assert state["phase"] == g.AUCTION
    assert state["tribute"]["influence"] == [8, 1]
    (paid,) = state["tribute"]["transfers"]
    assert paid["count"] == 1 and paid["paid"] == {"money": 1, "grain": 0}
    assert state["money"][1] == 1  # the flip's 2, less the 1 paid
    public = view(state, None)["public"]
    assert public["tribute"]["influence_now"] == [8, 0] and public["players"][1]["influence"] == 0
    other = payer_short_of_one(flip_influence=False)
    (paid,) = other["tribute"]["transfers"]
    assert paid["count"] == 1 and other["money"][1] == 1


def test_a_flip_during_the_tribute_changes_no_count_of_the_phase():
    """Every count, the current one and those still to come, follows the Influence taken
    as the phase began, whatever is turned down meanwhile."""
    state = new_game(3)
    give_cards(state, 0, *[("scholars", 1, "influence")] * 9)
    give_cards(state, 1, ("artisans", 1, "influence"), ("peasants", 1, "none"))
    give_cards(state, 2, ("artisans", 1, "influence"), ("merchants", 1, "none"))
    for seat in range(3):
        set_resources(state, seat, money=0, grain=len(state["cards"][seat]) + 1)
    state = bid_all(state, [0, 0, 0])
    state = feed_all(take_all(state, {s: card("merchants") for s in range(3)}))
    assert state["tribute"]["influence"] == [9, 1, 1]
    counts = [(t["from"], t["to"], t["count"]) for t in view(state, None)["public"]["tribute"]["transfers"]]
    assert counts == [(1, 0, 2), (2, 0, 2)]
    step = g.current_tribute(state)
    assert (step["from"], step["waiting_for"]) == (1, "payer")
    # Bo and Cy turn their Influence cards down: still 2 each
    state = act(state, 2, "flip_down", card=state["cards"][2][0]["id"], money=2)
    state = act(state, 1, "flip_down", card=state["cards"][1][0]["id"], money=2)
    assert [(t["from"], t["to"], t["count"]) for t in state["tribute"]["transfers"]] == counts
    assert state["money"][1:] == [0, 0] and state["phase"] == g.AUCTION


def test_a_player_is_told_of_each_tribute_paid_even_the_same_as_last_round():
    """Bo pays Ann 1 Grain two rounds running, the tribute made at once (his Grain is the
    one way to pay) as his Done ends production. His phone is told each time (issue 38:
    the news comes from what the move did; it was worked out by comparing public views,
    and a tribute like the last round's looked like no news)."""
    from engine.game import Action

    from .support import said

    state = GAME.setup(["Ann", "Bo"], {"tribute_rate": 1})
    give_cards(state, 0, ("scholars", 1, "influence"))
    give_cards(state, 1, ("peasants", 1, "none"))
    set_resources(state, 1, money=0, grain=8)
    told = []
    for rnd in (1, 2):
        state = bid_all(state, [0, 0])
        down = {"face": "down", "column": "artisans"}
        state = take_all(state, {0: down, 1: down})
        state = act(state, 0, "done")
        told.append(said(state, Action(1, "done", {}), 1).to_you)
        state = act(state, 1, "done")
        assert state["round"] == rnd + 1 and state["money"][1] == 0
    assert told == ["You paid 1 Grain tribute to Ann; Round 2: you are the start player",
                    "You paid 1 Grain tribute to Ann; Round 3: Ann is the start player"]
