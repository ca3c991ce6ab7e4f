"""Resolving a round: two-stone discards, red removals, placement, towers, turn tower.

Default towers (see support.COLOURS): B2 blue, B4 yellow, D2 green, D4 blue, D6 yellow,
F2 green, F4 blue. D4's neighbours: C3 C4 D3 D5 E3 E4; B2's: A1 A2 B1 B3 C2 C3.
"""

from engine.bluffstones import GAME
from engine.bluffstones.state import empty_circles, stone_census
from engine.game import Action

from .support import NAMES2, act, bid_all, finish_round, place_one, public, refused, started, view


def lines(state):
    return [line["text"] for line in public(state)["last_round"]["lines"]]


def test_two_stone_bid_makes_every_bidder_discard_one():
    state = bid_all(started(), {0: ("blue", 2), 1: ("green", 1), 2: (None, 0)})
    assert state["piles"][0]["blue"] == 3 and state["piles"][1]["green"] == 4
    assert state["discard"] == {"blue": 1, "yellow": 0, "green": 1, "red": 0}
    assert state["hands"] == ["blue", None, None]  # Bob's single stone is gone
    assert state["pending"] == {"seat": 0, "step": "place", "colour": "blue"}
    texts = lines(state)
    assert "Ann throws away one blue stone (someone bid two)" in texts
    assert "Bob throws away one green stone (someone bid two)" in texts
    assert not any("Cat" in t and "throws" in t for t in texts)


def test_two_against_two_each_keep_one():
    state = bid_all(started(NAMES2), {0: ("yellow", 2), 1: ("yellow", 2)})
    assert state["hands"] == ["yellow", "yellow"]
    assert state["discard"]["yellow"] == 2


def test_no_two_stone_bid_no_discard():
    state = bid_all(started(), {0: ("blue", 1), 1: ("green", 1), 2: ("yellow", 1)})
    assert state["discard"] == {"blue": 0, "yellow": 0, "green": 0, "red": 0}
    assert state["hands"] == ["blue", "green", "yellow"]


def test_placement_in_turn_order_from_the_turn_tower():
    state = bid_all(started(start=1), {0: ("blue", 1), 1: ("green", 1), 2: ("yellow", 1)})
    order = []
    while state["phase"] == "resolving":
        seat = state["pending"]["seat"]
        order.append(seat)
        assert GAME.to_act(state) == [seat]
        state = act(state, seat, "place", circle=empty_circles(state)[0])
    assert order == [1, 2, 0]


def test_placement_rules():
    state = bid_all(started(), {0: ("blue", 1), 1: ("green", 1)})
    refused(state, Action(1, "place", {"circle": "A1"}), "It is not your turn: it is Ann's")
    refused(state, Action(0, "place", {"circle": "D4"}), "A tower stands on D4")
    refused(state, Action(0, "place", {"circle": "Q9"}), "is not a circle on the board")
    refused(state, Action(0, "place", {"circle": 44}), "The circle must be a circle of the board, like D4")
    refused(state, Action(0, "place", {}), "The circle is missing")
    refused(state, Action(0, "place", {"circle": "A1", "seat": 1}), "does not take 'seat'")
    refused(state, Action(0, "remove", {"circle": "A1"}), "Ann must place a blue stone now")
    assert "place" in view(state, 0)["legal"] and "remove" not in view(state, 0)["legal"]
    assert "place" not in view(state, 1)["legal"]
    assert "place" in view(state, None, True)["legal"]  # the host taps for the pending seat
    assert "place" not in view(state, 1, True)["legal"]
    state = act(state, 0, "place", circle="a1")
    assert state["board"] == {"A1": "blue"}
    refused(state, Action(1, "place", {"circle": "A1"}), "A1 already has a blue stone")
    refused(state, Action(2, "place", {"circle": "A2"}), "It is Bob's turn", host=True)
    state = act(state, None, "place", circle="A2")  # the host taps for Bob
    assert state["board"] == {"A1": "blue", "A2": "green"}
    assert state["phase"] == "bidding"
    refused(state, Action(0, "place", {"circle": "A3"}),
            "Placing a stone is not possible during the secret bids")


def _board_with_two_stones():
    """A1 blue (Ann, round 1), A2 green (Bob, round 2); round 3, Cat holds the turn tower."""
    state = place_one(started(), 0, "blue", "A1")
    state = place_one(state, 1, "green", "A2")
    assert state["turn"] == 2 and state["round"] == 3
    return state


def test_red_stones_remove_in_turn_order_then_placements():
    state = _board_with_two_stones()
    state = bid_all(state, {0: ("red", 1), 1: ("yellow", 1), 2: ("red", 1)})
    assert state["pending"] == {"seat": 2, "step": "remove", "colour": "red"}
    pending = public(state)["pending"]
    assert pending["choices"] == ["A1", "A2"] and pending["step"] == "remove"
    assert pending["gives"] == []
    refused(state, Action(0, "remove", {"circle": "A1"}), "It is not your turn: it is Cat's")
    refused(state, Action(2, "remove", {"circle": "C3"}), "C3 has no stone")
    refused(state, Action(2, "remove", {"circle": "D4"}), "D4 has a tower")
    refused(state, Action(2, "place", {"circle": "C3"}), "Cat must remove a stone")
    state = act(state, 2, "remove", circle="A2")
    assert state["pending"] == {"seat": 0, "step": "remove", "colour": "red"}
    state = act(state, 0, "remove", circle="A1")
    assert state["board"] == {}
    assert state["pending"] == {"seat": 1, "step": "place", "colour": "yellow"}
    assert state["discard"] == {"blue": 1, "yellow": 0, "green": 1, "red": 2}
    state = act(state, 1, "place", circle="G1")
    assert state["board"] == {"G1": "yellow"} and state["phase"] == "bidding"


def test_red_with_nothing_left_to_remove_is_just_discarded():
    state = place_one(started(), 0, "blue", "A1")  # round 2, Bob holds the turn tower
    state = bid_all(state, {0: ("red", 1), 2: ("red", 1)})
    # turn order Bob, Cat, Ann: Cat removes the only stone, Ann's red has nothing to hit
    assert state["pending"]["seat"] == 2
    state = act(state, 2, "remove", circle="A1")
    assert state["phase"] == "bidding"
    assert state["discard"] == {"blue": 1, "yellow": 0, "green": 0, "red": 2}
    assert any(e["kind"] == "wasted_red" and e["seat"] == 0
               for e in public(state)["last_round"]["lines"])
    assert state["piles"][0]["red"] == 2 and state["piles"][2]["red"] == 2


def test_red_on_an_empty_board_resolves_at_once():
    state = bid_all(started(), {1: ("red", 2)})
    assert state["phase"] == "bidding" and state["round"] == 2
    assert state["discard"]["red"] == 2 and state["piles"][1]["red"] == 1
    texts = " ".join(lines(state))
    assert "Bob's red stone is thrown away: there is no stone on the board to remove" in texts


def test_tower_scored_by_the_placer_of_the_third_matching_stone():
    state = started()
    state = place_one(state, 0, "blue", "C3")
    state = place_one(state, 1, "blue", "C4")
    state = place_one(state, 2, "yellow", "D5")   # not blue: does not count
    state = place_one(state, 0, "green", "E3")    # not blue: does not count
    assert state["scored"] == {}
    tower = next(t for t in public(state)["board"]["towers"] if t["circle"] == "D4")
    assert tower == {"circle": "D4", "colour": "blue", "standing": True, "scored_by": None,
                     "matching": 2, "needs": 1, "scores_at": 3, "words": "D4 blue: 2 of 3"}
    state = place_one(state, 1, "blue", "A4")     # blue but not next to D4
    assert state["scored"] == {}
    state = place_one(state, 2, "blue", "E4")     # the third blue next to D4
    assert state["scored"] == {"D4": 2}
    assert state["won"] == [[], [], ["D4"]]
    assert any(e["kind"] == "score" and e["text"] == "Cat scores the blue tower on D4"
               for e in public(state)["last_round"]["lines"])
    shown = public(state)
    assert shown["players"][2]["tower_count"] == 1
    assert shown["players"][0]["tower_count"] == 0
    tower = next(t for t in shown["board"]["towers"] if t["circle"] == "D4")
    assert (tower["standing"], tower["scored_by"], tower["needs"]) == (False, 2, None)
    assert tower["words"] == "D4 blue: scored by Cat"


def test_matching_stone_next_to_another_colour_tower_does_not_score_it():
    state = started()
    for seat, circle in ((0, "C1"), (1, "C2"), (2, "D1")):  # around D2 (green), in blue
        state = place_one(state, seat, "blue", circle)
    assert state["scored"] == {}


def test_one_stone_can_score_two_towers():
    state = started()
    for seat, circle in ((0, "A1"), (1, "B1"), (2, "C4"), (0, "D5")):
        state = place_one(state, seat, "blue", circle)
    state = place_one(state, 1, "blue", "C3")  # next to both B2 and D4 (both blue)
    assert state["scored"] == {"B2": 1, "D4": 1}
    assert sorted(state["won"][1]) == ["B2", "D4"]


def test_scored_tower_leaves_an_empty_circle_and_stones_stay():
    state = started()
    for seat, circle in ((0, "C3"), (1, "C4"), (2, "E4")):
        state = place_one(state, seat, "blue", circle)
    assert "D4" in state["scored"]
    assert "D4" in empty_circles(state)
    assert all(c in state["board"] for c in ("C3", "C4", "E4"))
    state = place_one(state, 0, "yellow", "D4")
    assert state["board"]["D4"] == "yellow"
    # a stone next to the scored tower can be removed like any other
    state = bid_all(state, {0: ("red", 1)})
    state = act(state, 0, "remove", circle="C3")
    assert "C3" not in state["board"] and state["scored"] == {"D4": 2}


def test_scored_tower_never_scores_again():
    state = started()
    for seat, circle in ((0, "C3"), (1, "C4"), (2, "E4")):
        state = place_one(state, seat, "blue", circle)
    state = bid_all(state, {0: ("red", 1)})
    state = act(state, 0, "remove", circle="E4")
    state = place_one(state, 1, "blue", "E3")
    assert state["scored"] == {"D4": 2} and state["won"][1] == []


def test_turn_tower_passes_clockwise_each_round():
    state = started(start=1)
    turns = [state["turn"]]
    for _ in range(4):
        state = finish_round(bid_all(state, {0: ("blue", 1)}))
        turns.append(state["turn"])
    assert turns == [1, 2, 0, 1, 2]
    assert state["round"] == 5
    shown = public(state)
    assert shown["turn_tower"] == 2 and shown["turn_order"] == [2, 0, 1]
    assert [p["holds_turn_tower"] for p in shown["players"]] == [False, False, True]
    assert shown["last_round"]["round"] == 4


def test_a_stone_with_no_empty_circle_is_thrown_away():
    state = started(NAMES2)
    full = dict(state)
    full["board"] = {c: "green" for c in empty_circles(state)}
    full["discard"] = dict(state["discard"])
    state = bid_all(full, {0: ("yellow", 1)})
    assert state["phase"] == "bidding" and state["discard"]["yellow"] == 1
    assert any(e["kind"] == "no_room" for e in public(state)["last_round"]["lines"])


def test_resolution_view_is_public_and_says_what_is_needed():
    state = bid_all(started(), {0: ("blue", 2), 2: ("red", 1)})
    shown = public(state)
    assert shown["phase"] == "resolving"
    assert shown["pending"]["seat"] == 0 and shown["pending"]["step"] == "place"
    assert "place your blue stone" in shown["pending"]["prompt"]
    assert [p["in_hand"] for p in shown["players"]] == ["blue", None, None]
    for viewer in (0, 1, 2):
        assert view(state, viewer)["private"] == {"my_bid": None, "bid_choices": []}


def test_stones_conserved_through_a_round():
    state = started()
    before = stone_census(state)
    state = place_one(state, 0, "blue", "C3")
    state = bid_all(state, {0: ("red", 2), 1: ("green", 1), 2: ("yellow", 2)})
    state = finish_round(state)
    assert stone_census(state) == before == {"blue": 15, "yellow": 15, "green": 15, "red": 9}
