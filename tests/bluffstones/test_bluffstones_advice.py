"""What each tower needs, and what a placement would give away (issue 17), checked by hand
on the rules' own situations; and the state keeps facts, not a second log (issue 13).

Default towers (see support.COLOURS): B2 blue, B4 yellow, D2 green, D4 blue, D6 yellow,
F2 green, F4 blue. D4's neighbours: C3 C4 D3 D5 E3 E4; B2's: A1 A2 B1 B3 C2 C3.
"""

from engine.bluffstones import GAME
from engine.game import Action

from .support import NAMES2, act, bid_all, place_one, public, started


def tower(state, circle):
    return next(t for t in public(state)["board"]["towers"] if t["circle"] == circle)


def gives(state):
    """circle -> what placing there gives, for the pending placement."""
    return {item["circle"]: item["gives"] for item in public(state)["pending"]["gives"]}


def test_each_standing_tower_says_how_many_match_and_how_many_it_needs():
    state = started()
    assert (tower(state, "D4")["matching"], tower(state, "D4")["needs"]) == (0, 3)
    state = place_one(state, 0, "blue", "C3")
    state = place_one(state, 1, "green", "C4")  # not blue: does not count
    state = place_one(state, 2, "blue", "E4")
    assert (tower(state, "D4")["matching"], tower(state, "D4")["needs"]) == (2, 1)
    assert (tower(state, "B2")["matching"], tower(state, "B2")["needs"]) == (1, 2)
    assert tower(state, "D2")["needs"] == 3
    assert [tower(state, c)["words"] for c in ("D4", "B2", "D2")] == [
        "D4 blue: 2 of 3", "B2 blue: 1 of 3", "D2 green: 0 of 3"]


def test_a_second_stone_gives_the_tower_to_the_next_holder_of_its_colour_this_round():
    state = place_one(started(), 0, "blue", "C3")  # D4 and B2 have one blue each
    # round 2: Bob holds the turn tower; Bob and Ann both bid one blue (Cat yellow)
    state = bid_all(state, {0: ("blue", 1), 1: ("blue", 1), 2: ("yellow", 1)})
    assert state["pending"] == {"seat": 1, "step": "place", "colour": "blue"}
    given = gives(state)
    assert given["E4"] == [{"tower": "D4", "colour": "blue", "seat": 0, "player": "Ann",
                            "this_round": True,
                            "words": "this gives Ann D4 if Ann places blue"}]
    assert [g["tower"] for g in given["C2"]] == ["B2"]
    assert "C3" not in given  # taken
    assert "E2" not in given and "A4" not in given  # touches no blue tower with a blue stone
    assert "C4" in given and "B3" in given


def test_with_nobody_left_this_round_the_next_round_s_order_decides():
    state = place_one(started(), 0, "blue", "C3")
    state = bid_all(state, {1: ("blue", 1)})  # round 2: only Bob holds a stone
    # next round Cat holds the turn tower and still has blue stones
    assert gives(state)["E4"] == [{"tower": "D4", "colour": "blue", "seat": 2, "player": "Cat",
                                   "this_round": False,
                                   "words": "this gives Cat D4 if Cat places blue next round"}]
    # Cat has no blue left: Ann is next
    state["piles"][2]["blue"] = 0
    assert gives(state)["E4"][0]["player"] == "Ann"
    # nobody but Bob has blue: it gives nothing away
    state["piles"][0]["blue"] = 0
    assert "E4" not in gives(state)


def test_a_tower_with_no_room_left_for_the_third_stone_is_not_given():
    state = started(NAMES2)
    state["board"] = {"C3": "blue", "C4": "green", "D3": "green", "D5": "yellow", "E3": "green"}
    state = bid_all(state, {0: ("blue", 1), 1: ("blue", 1)})
    assert state["pending"]["seat"] == 0
    assert "E4" not in gives(state)  # the last circle next to D4: no room for a third
    assert tower(state, "D4")["needs"] == 2


def test_the_placement_that_scores_gives_nothing_of_that_tower():
    state = started()
    state = place_one(state, 0, "blue", "C3")
    state = place_one(state, 1, "blue", "C4")  # D4 at two
    state = bid_all(state, {2: ("blue", 1), 0: ("blue", 1)})
    given = gives(state)
    assert all(g["tower"] != "D4" for item in given.values() for g in item)
    after = act(state, 2, "place", circle="E4")
    assert GAME.say(state, Action(2, "place", {"circle": "E4"}), after, 0).text == \
        "Cat places a blue stone on E4; Cat scores the blue tower on D4"


def test_only_placements_carry_the_warning():
    state = place_one(started(), 0, "blue", "A1")
    state = bid_all(state, {1: ("red", 1)})
    assert public(state)["pending"]["step"] == "remove" and public(state)["pending"]["gives"] == []
    assert public(act(state, 1, "remove", circle="A1"))["pending"] is None


def test_the_state_keeps_facts_not_a_second_log():
    state = started()
    state = place_one(state, 0, "blue", "C3")
    state = bid_all(state, {0: ("red", 2), 1: ("blue", 2)})
    state = act(state, 0, "remove", circle="C3")  # Bob holds the turn tower, Ann the red
    assert set(state) == {
        "players", "phase", "tower_circles", "tower_colours", "scored", "start_player",
        "turn", "round", "piles", "bids", "hands", "pending", "board", "discard", "won",
        "reveal", "end", "end_when_towers_gone"}
    assert state["reveal"] == {
        "round": 2,
        "bids": [{"colour": "red", "count": 2}, {"colour": "blue", "count": 2},
                 {"colour": None, "count": 0}],
        "removed": [{"seat": 0, "circle": "C3", "colour": "blue"}],
        "placed": [],
    }
    state = act(state, 1, "place", circle="C3")
    assert state["reveal"]["placed"] == [{"seat": 1, "circle": "C3", "colour": "blue",
                                          "scored": []}]


def test_the_round_s_words_come_from_its_facts():
    state = started()
    state = place_one(state, 0, "blue", "C3")
    state = bid_all(state, {0: ("red", 2), 1: ("blue", 2), 2: ("red", 1)})
    # round 2, Bob first: every bidder threw one stone; Ann's red removes, Cat's is gone
    state = act(state, 0, "remove", circle="C3")
    state = act(state, 1, "place", circle="E2")
    texts = [line["text"] for line in public(state)["last_round"]["lines"]]
    assert public(state)["last_round"]["round"] == 2
    assert texts == [
        "Bids revealed: Bob two blue stones; Cat one red stone; Ann two red stones",
        "Bob throws away one blue stone (someone bid two)",
        "Cat throws away one red stone (someone bid two)",
        "Ann throws away one red stone (someone bid two)",
        "Ann's red stone removes the blue stone on C3 (both thrown away)",
        "Bob places a blue stone on E2",
    ]
