"""Random legal play through the table's one check: no crash, tiles conserved, scores
only grow, the state stays plain data."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.game import Action
from engine.paisho import GAME
from engine.paisho import queries as q
from engine.paisho.tiles import COPIES, FLOWERS, KINDS, PLACES
from engine.plain import is_plain

from tests.paisho.support import move, new_game, tiles
from tests.support import readable


def apply(state: dict, action: Action) -> dict:
    return move(state, action.seat, action.kind, dict(action.payload))


def legal_actions(state: dict) -> list[Action]:
    """A sample of legal actions now, built from the engine's own helper queries."""
    seat = state["current"]
    actions: list[Action] = [Action(seat, "pass")]
    actions += [Action(seat, "place", {"tile": k}) for k in q.placeable(state, seat)]
    actions += [Action(seat, "move", {"tile": k}) for k in q.movable(state, seat)]
    actions += [Action(seat, "capture", {k: c[k] for k in ("tile", "captured", "owner")})
                for c in q.capture_choices(state, seat)]
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
            actions += [Action(s, "knotweed_kill", {"knotweed": s, "killed": [v]}) for v in victims]
    actions += [Action(seat, "harmony_broken", {"harmony": h["id"]}) for h in q.intact_harmonies(state)]
    return actions


def check_invariants(before: dict, after: dict) -> None:
    n = len(after["players"])
    assert is_plain(after)
    for seat in range(n):
        for kind in KINDS:
            counts = tiles(after, seat, kind)
            assert all(counts[p] >= 0 for p in PLACES)
            assert sum(counts[p] for p in PLACES) == COPIES[kind]
            assert counts["pot"] >= tiles(before, seat, kind)["pot"]  # the Pot never gives back
        assert after["scores"][seat] >= before["scores"][seat]
        assert after["captured"][seat] >= before["captured"][seat]
        assert len(after["point_turns"][seat]) == after["scores"][seat]
        harmonies = q.intact_harmonies(after, seat)
        assert sum(h["points"] for h in harmonies) <= after["scores"][seat]
        for h in harmonies:
            assert h["points"] == q.turns_intact(after, h) // q.POINT_EVERY
            assert 1 <= q.turns_to_next_point(after, h) <= 3
            same = [x for x in harmonies if q.harmony_key(x) == q.harmony_key(h)]
            assert len(same) <= q.harmony_bound(after, seat, h["a"], h["b"])
    assert len(after["broken"]) <= 6
    ids = [h["id"] for h in after["harmonies"]]
    assert ids == sorted(set(ids)) and all(i < after["next_id"] for i in ids)
    # captures credited == opponents' tiles sent to the Pot by captures and kills
    pot_total = sum(tiles(after, s, k)["pot"] for s in range(n) for k in KINDS)
    assert sum(after["captured"]) <= pot_total
    assert q.blooming_seat(after) in (None, *range(n))
    if after["over"]:
        if after["end_reason"] == "target":
            assert after["scores"][after["winner"]] >= after["target"]
    else:
        assert max(after["scores"]) < after["target"]
        assert after["out"][after["current"]] is None
    assert is_plain(GAME.public(after))
    for seat in range(n):
        assert is_plain(GAME.private(after, seat))
    if after["over"]:
        assert is_plain(GAME.result(after))


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
        after = apply(state, action)
        assert isinstance(GAME.say(state, action, after, None).text, str)
        check_invariants(state, after)
        state = after


@settings(max_examples=25, deadline=None)
@given(data=st.data(), target=st.integers(1, 4))
def test_harmonies_left_alone_reach_the_target_and_end_the_game(data, target):
    """Ann builds harmonies and everyone else passes: the game ends exactly at the target."""
    state = new_game(target=target)
    for kind in ("rose", "chrysanthemum", "rhododendron"):
        state = apply(state, Action(0, "place", {"tile": kind}))
        state = apply(state, Action(1, "pass"))
    state = apply(state, Action(0, "pass", {"formed": [["rose", "chrysanthemum"]]}))
    state = apply(state, Action(1, "pass"))
    while not state["over"]:
        before = state
        state = apply(state, Action(state["current"], "pass"))
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
        state = apply(state, data.draw(st.sampled_from(actions)))
        if state["over"]:
            return
    seat = data.draw(st.sampled_from([0, 1, None]))
    kind = data.draw(st.sampled_from(["place", "move", "capture", "return", "harmony_formed",
                                      "harmony_broken", "knotweed_kill", "dance"]))
    payload = data.draw(st.fixed_dictionaries({}, optional={
        "tile": st.sampled_from(KINDS + ("tulip",)),
        "captured": st.sampled_from(KINDS),
        "owner": st.sampled_from([0, 1, 5, "Bo", True, None, 1.5]),
        "knotweed": st.sampled_from([0, 1, 5, "Ann", False]),
        "tiles": st.lists(st.sampled_from(FLOWERS + ("lotus", "rock")), max_size=3),
        "harmony": st.integers(0, 5),
        "returned": st.lists(st.fixed_dictionaries({"owner": st.sampled_from([0, 1]),
                                                    "kind": st.sampled_from(KINDS)}), max_size=4),
    }))
    snapshot = json.dumps(state, sort_keys=True)
    try:
        apply(state, Action(seat, kind, payload))
    except IllegalAction as err:
        assert readable(err.message), err.message
    assert json.dumps(state, sort_keys=True) == snapshot
