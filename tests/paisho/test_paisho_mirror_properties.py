"""Random legal play with the board on the phone, from the targets the phones are shown:
never a crash, never two tiles on a point, never a tile lost (hand + board + Pot +
returned = 30 per player), and the harmonies kept are those a search of every pair finds."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.paisho import mirror
from engine.paisho import queries as q
from engine.paisho.board import on_board
from engine.paisho.tiles import COPIES, KINDS, PLACES
from engine.plain import is_plain

from tests.paisho.support import board_game, brute_force, play, tiles


def choices(state: dict) -> list[tuple]:
    """Every legal turn of the seat to act, as its phone is offered them."""
    seat = state["current"]
    turn = q.board_starts(state, seat), q.board_targets(state, seat), q.wheel_turns(state, seat)
    made = [(seat, "pass", {})]
    made += [(seat, "place", {"tile": kind, "at": p}) for kind, points in turn[0].items() for p in points]
    for source, points in turn[1].items():
        start = [int(n) for n in source.split(",")]
        kind = "boat" if state["board"][source][1] == "boat" else "move"
        made += [(seat, kind, {"from": start, "to": p}) for p in points]
    made += [(seat, "wheel_turn", {"at": [int(n) for n in source.split(",")], "steps": s})
             for source, steps in turn[2].items() for s in steps]
    return made


def check(state: dict) -> None:
    assert is_plain(state)
    board = mirror.board_of(state["board"])
    for seat in range(len(state["players"])):
        for kind in KINDS:
            counts = tiles(state, seat, kind)
            assert sum(counts[p] for p in PLACES) == COPIES[kind] and min(counts.values()) >= 0
            assert counts["board"] == sum(1 for t in board.values() if t == (seat, kind))
    assert all(on_board(p) for p in board)
    if not state["over"]:
        blooming = q.blooming_seat(state)
        found = brute_force(board, state["reach"], frozenset(() if blooming is None else (blooming,)))
        kept = {tuple(tuple(p) for p in h["at"]) for h in state["harmonies"]}
        assert kept == {h for h in found if state["out"][board[h[0]].owner] is None}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["next", "line"]), st.sampled_from([2, 4]))
def test_random_legal_play_on_the_board_keeps_every_tile_and_finds_every_harmony(data, reach, seats):
    state = board_game(tuple("ABCD"[:seats]), harmony_reach=reach, target=8)
    for _ in range(data.draw(st.integers(10, 60))):
        if state["over"]:
            break
        options = choices(state)
        state = play(state, data.draw(st.sampled_from(options)))
        check(state)
