"""End of the game: flexible points placed to lift the lowest class; ranking."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.strata import GAME, best_assignment, rank
from engine.strata import queries as g
from engine.strata.cards import CLASSES
from engine.strata.scoring import fixed_totals, flexible_chunks, standing
from tests.depth import examples

from .support import act, card, give_cards, illegal, legal, new_game, play_round, view


def classes(s, p, a, m):
    return {"scholars": s, "peasants": p, "artisans": a, "merchants": m}


def test_rules_example_scores_7():
    ranked = rank([{"name": "Guo", "classes": {"peasants": 8, "scholars": 7, "merchants": 7, "artisans": 10}}])
    assert ranked[0]["score"] == 7


def test_chunks_lift_the_lowest_class_then_the_next():
    best = best_assignment(classes(5, 3, 7, 7), [2, 2])
    assert best["classes"] == classes(7, 5, 7, 7) and best["score"] == 5
    assert best["assignment"] == [{"points": 2, "class": "scholars"}, {"points": 2, "class": "peasants"}]
    best = best_assignment(classes(7, 5, 10, 7), [3, 2])
    assert standing(best["classes"]) == (7, 8, 9, 10)


def test_ties_go_to_the_first_class_in_order_chunk_by_chunk():
    best = best_assignment(classes(0, 0, 0, 0), [1])
    assert best["assignment"] == [{"points": 1, "class": "scholars"}]
    best = best_assignment(classes(4, 4, 4, 4), [2, 2, 2, 2])
    assert [a["class"] for a in best["assignment"]] == list(CLASSES)


def brute_force(base, flex):
    best = None
    for choice in itertools.product(range(4), repeat=len(flex)):
        totals = list(base)
        for cls, pts in zip(choice, flex):
            totals[cls] += pts
        key = tuple(sorted(totals))
        if best is None or key > best:
            best = key
    return best


@settings(max_examples=examples(50), deadline=None)
@given(st.lists(st.integers(0, 15), min_size=4, max_size=4),
       st.lists(st.integers(1, 9), max_size=6))
def test_best_assignment_is_exact(base, flex):
    result = best_assignment(dict(zip(CLASSES, base)), flex)
    assert standing(result["classes"]) == brute_force(base, flex)
    # the assignment reproduces the totals
    totals = dict(zip(CLASSES, base))
    for item, pts in zip(result["assignment"], flex):
        assert item["points"] == pts
        totals[item["class"]] += pts
    assert totals == result["classes"] and result["score"] == min(totals.values())


def test_twelve_chunks_are_quick():
    result = best_assignment(classes(3, 9, 1, 12), [4, 3, 2, 2, 1, 4, 3, 2, 2, 4, 1, 3])
    assert sum(result["classes"].values()) == 25 + 31
    assert result["score"] == 14


def test_ranking_compares_lowest_then_second_lowest_and_keeps_ties_in_order():
    players = [
        {"name": "A", "classes": classes(7, 7, 9, 9)},
        {"name": "B", "classes": classes(7, 8, 7, 7)},
        {"name": "C", "classes": classes(6, 20, 20, 20)},
        {"name": "D", "classes": classes(9, 7, 9, 7)},
    ]
    assert [p["name"] for p in rank(players)] == ["A", "D", "B", "C"]


def test_display_totals_and_chunks():
    cards = [
        {"id": 1, "column": "scholars", "face_up": True, "class": "scholars", "points": 3, "effects": ["bonus_each_class"]},
        {"id": 2, "column": "peasants", "face_up": True, "class": "peasants", "points": 2, "effects": ["bonus_merchants"]},
        {"id": 3, "column": "empresses", "face_up": True, "class": "empresses", "points": 4, "effects": ["bonus_any_class"]},
        {"id": 4, "column": "artisans", "face_up": False, "front": None, "secret": True},
        {"id": 5, "column": "merchants", "face_up": False, "front": {"class": "scholars", "points": 4, "effects": ["bonus_scholars"]}, "secret": True},
    ]
    assert fixed_totals(cards, 1) == classes(4, 3, 2, 5)
    assert fixed_totals(cards, 0) == classes(4, 3, 1, 4)
    assert [c["points"] for c in flexible_chunks(cards)] == [4, 2]


def final_round(n=2):
    state = new_game(n)
    state["round"] = 15
    give_cards(state, 0, ("scholars", 4, "none"), ("peasants", 2, "none"), ("empresses", 3, "none"),
               ("merchants", 3, "bonus_any_class"))
    give_cards(state, 1, ("scholars", 2, "none"), ("peasants", 2, "none"), ("artisans", 2, "none"))
    state["grain"] = [8, 8]
    # (the bank is unlimited: nothing to move to it)
    return play_round(state, {0: card("artisans", 1), 1: card("merchants", 3)})


def test_game_ends_after_round_15_with_a_proposal_the_player_may_change():
    state = final_round()
    assert state["phase"] == g.SCORING
    final = view(state, None)["public"]["final"][0]
    assert final["fixed"] == classes(4, 2, 1, 3)
    assert [c["points"] for c in final["chunks"]] == [3, 2]
    assert final["proposal"]["classes"] == classes(4, 4, 4, 3)
    # seat 1 has no flexible points: nothing to decide
    assert GAME.to_act(state) == [0]
    assert legal(state, 0) == ["final_assignment"] and legal(state, 1) == []
    illegal(state, 1, "final_assignment", "already placed")
    illegal(state, 0, "final_assignment", "each of your 2 flexible bonuses", assignment=["scholars"])
    illegal(state, 0, "final_assignment", "the placing, item 2, must be one of: scholars",
            assignment=["scholars", "empresses"])
    chosen = act(state, 0, "final_assignment", assignment=["artisans", "artisans"])
    assert GAME.is_over(chosen)
    ranking = GAME.result(chosen)["ranking"]
    # equal lowest class (2): P0's second lowest (3) beats P1's (2)
    assert [(r["name"], r["score"]) for r in ranking] == [("P0", 2), ("P1", 2)]
    assert ranking[0]["classes"] == classes(4, 2, 6, 3)
    accepted = act(state, 0, "final_assignment")
    ranking = GAME.result(accepted)["ranking"]
    assert [(r["name"], r["score"], r["place"]) for r in ranking] == [("P0", 3, 1), ("P1", 2, 2)]
    with pytest.raises(IllegalAction, match="The game is over"):
        act(accepted, 0, "exchange", give="grain")
