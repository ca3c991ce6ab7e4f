"""Random legal play through ``apply``: no crash, tiles conserved, scores only grow."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.game import Action
from engine.paisho import GAME
from engine.paisho import queries as q
from engine.paisho.harmony import pair_key
from engine.paisho.tiles import COPIES, FLOWERS, KINDS, PLACES

from tests.paisho.helpers import new_game


def legal_actions(state: dict) -> list[Action]:
    """A sample of legal actions now, built from the engine's own helper queries."""
    seat = state["current"]
    actions: list[Action] = [Action(seat, "pass")]
    actions += [Action(seat, "place", {"tile": k}) for k in q.placeable(state, seat)]
    actions += [Action(seat, "move", {"tile": k}) for k in q.movable(state, seat)]
    actions += [Action(seat, "capture", c) for c in q.capture_choices(state, seat)]
    for tool in ("boat", "wheel"):
        if q.on_board(state, seat, tool):
            actions += [Action(seat, "return", {"tile": tool, "returned": [t]})
                        for t in q.returnable(state)]
    for s in q.active_seats(state):
        actions += [Action(s, "harmony_formed", {"tiles": pair}) for pair in q.harmony_choices(state, s)]
        actions += [Action(s, "pass", {"formed": [pair]}) for pair in q.harmony_choices(state, s)
                    if s == seat]
        if q.on_board(state, s, "knotweed"):
            victims = [{"owner": o, "kind": k} for o in range(len(state["players"]))
                       for k in KINDS if q.on_board(state, o, k) and (o, k) != (s, "knotweed")]
            actions += [Action(s, "knotweed_kill", {"killed": [v]}) for v in victims]
    actions += [Action(seat, "harmony_broken", {"harmony": h["id"]}) for h in q.intact_harmonies(state)]
    return actions


def check_invariants(before: dict, after: dict) -> None:
    n = len(after["players"])
    for seat in range(n):
        for kind in KINDS:
            counts = after["tiles"][seat][kind]
            assert all(counts[p] >= 0 for p in PLACES)
            assert sum(counts[p] for p in PLACES) == COPIES[kind]
            assert counts["pot"] >= before["tiles"][seat][kind]["pot"]  # the Pot never gives back
        assert after["scores"][seat] >= before["scores"][seat]
        assert after["captured"][seat] >= before["captured"][seat]
        harmonies = q.intact_harmonies(after, seat)
        assert sum(h["points"] for h in after["harmonies"] if h["owner"] == seat) == after["scores"][seat]
        for h in harmonies:
            assert h["points"] == q.turns_intact(after, h) // q.POINT_EVERY
            assert 1 <= q.turns_to_next_point(after, h) <= 3
            same = [x for x in harmonies if pair_key(*x["pair"]) == pair_key(*h["pair"])]
            assert len(same) <= q.harmony_bound(after, seat, *h["pair"])
    # captures credited == opponents' tiles sent to the Pot by captures and kills
    pot_total = sum(after["tiles"][s][k]["pot"] for s in range(n) for k in KINDS)
    assert sum(after["captured"]) <= pot_total
    assert q.blooming_seat(after) in (None, *range(n))
    if after["over"]:
        if after["end_reason"] == "target":
            assert after["scores"][after["winner"]] >= after["target"]
    else:
        assert max(after["scores"]) < after["target"]
        assert after["out"][after["current"]] is None
    json.dumps(GAME.view(after, None))
    for seat in range(n):
        json.dumps(GAME.view(after, seat))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.sampled_from([2, 4]), target=st.integers(1, 6))
def test_random_legal_play_keeps_the_invariants(data, players, target):
    state = new_game(tuple(f"P{i}" for i in range(players)), target=target)
    for _ in range(120):
        if state["over"]:
            break
        actions = legal_actions(state)
        if data.draw(st.integers(0, 60), label="forfeit?") == 0:
            seat = data.draw(st.sampled_from(q.active_seats(state)), label="forfeiter")
            actions = [Action(seat, "forfeit")]
        action = data.draw(st.sampled_from(actions), label="action")
        after = GAME.apply(state, action)
        assert isinstance(GAME.describe(state, action, None), str)
        check_invariants(state, after)
        state = after


@settings(max_examples=25, deadline=None)
@given(data=st.data(), target=st.integers(1, 4))
def test_harmonies_left_alone_reach_the_target_and_end_the_game(data, target):
    """Ann builds harmonies and everyone else passes: the game ends exactly at the target."""
    state = new_game(target=target)
    for kind in ("rose", "chrysanthemum", "rhododendron"):
        state = GAME.apply(state, Action(0, "place", {"tile": kind}))
        state = GAME.apply(state, Action(1, "pass"))
    state = GAME.apply(state, Action(0, "pass", {"formed": [["rose", "chrysanthemum"]]}))
    state = GAME.apply(state, Action(1, "pass"))
    while not state["over"]:
        before = state
        state = GAME.apply(state, Action(state["current"], "pass"))
        assert state["scores"][0] <= target
        check_invariants(before, state)
    assert state["winner"] == 0 and state["scores"][0] == target
    assert GAME.result(state)["reason"] == "target"


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_refused_actions_never_change_the_state(data):
    state = new_game()
    for _ in range(30):
        actions = legal_actions(state)
        state = GAME.apply(state, data.draw(st.sampled_from(actions)))
        if state["over"]:
            return
    seat = data.draw(st.sampled_from([0, 1, None]))
    kind = data.draw(st.sampled_from(["place", "move", "capture", "return", "harmony_formed",
                                      "harmony_broken", "knotweed_kill", "dance"]))
    payload = data.draw(st.fixed_dictionaries({}, optional={
        "tile": st.sampled_from(KINDS + ("tulip",)),
        "captured": st.sampled_from(KINDS),
        "owner": st.sampled_from([0, 1, 5, "Bo"]),
        "tiles": st.lists(st.sampled_from(FLOWERS + ("lotus", "rock")), max_size=3),
        "harmony": st.integers(0, 5),
        "returned": st.lists(st.fixed_dictionaries({"owner": st.sampled_from([0, 1]),
                                                    "kind": st.sampled_from(KINDS)}), max_size=4),
    }))
    snapshot = json.dumps(state, sort_keys=True)
    try:
        GAME.apply(state, Action(seat, kind, payload))
    except IllegalAction as err:
        assert err.message and "Traceback" not in err.message
    assert json.dumps(state, sort_keys=True) == snapshot
