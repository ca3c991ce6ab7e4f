"""Pai Sho on the game contract: its moves and their flags, older logs replayed as today's
moves, the history in words, plain states and views."""

from __future__ import annotations

import pytest

from engine.game import Action
from engine.moves import ANYONE, AUTHOR, SEAT, TURN
from engine.paisho import GAME
from engine.paisho import queries as q
from engine.plain import is_plain
from engine.log import Entry
from engine.spec import make_spec
from engine.table import Match

from tests.paisho.support import play, tiles
from tests.support import upgraded_match

ANN, BO = 0, 1
SCORE_KEEPER = {"board": False}
"""A table that records what happened on the board on the table (as tables made before
the board on the phone do)."""


def test_every_move_is_declared_with_who_may_make_it():
    who = {kind: move.who for kind, move in GAME.moves.items()}
    assert who == {"place": TURN, "move": TURN, "boat": TURN, "wheel_turn": TURN,
                   "capture": TURN, "return": TURN, "pass": TURN,
                   "harmony_formed": SEAT, "harmony_broken": ANYONE, "knotweed_kill": ANYONE,
                   "forfeit": SEAT}
    for move in GAME.moves.values():
        assert move.phases == ("playing",) and move.undo == AUTHOR
        assert not move.secret and not move.reveals  # the board is public: nothing to hide
    assert GAME.phase_label("over") == "the end of the game"
    assert any("3 of its owner's turns" in line for line in GAME.rules_summary)


def test_seat_valued_fields_take_a_seat_number_or_a_name_never_a_boolean():
    owner = GAME.moves["capture"].payload.fields["owner"].schema
    assert owner.check(1, "x") == 1 and owner.check("1", "x") == 1 and owner.check("Bo", "x") == "Bo"
    for bad in (True, False, 4, -1, 1.5, [], {}, "", "x" * 25):
        with pytest.raises(Exception) as err:
            owner.check(bad, "The owner")
        assert "The owner" in str(err.value)


def test_the_legal_moves_follow_the_board():
    match = Match(GAME, make_spec(GAME, ["Ann", "Bo"], SCORE_KEEPER))
    assert match.legal(ANN, False) == ["place", "pass", "forfeit"]
    assert match.legal(BO, False) == ["forfeit"]
    assert match.legal(None, True) == ["place", "pass"]  # the host's table screen: for Ann
    state = play(match.state, (ANN, "place", {"tile": "rose"}), (BO, "place", {"tile": "jasmine"}),
                 (ANN, "place", {"tile": "chrysanthemum"}), (BO, "place", {"tile": "knotweed"}))
    match = Match(GAME, match.spec)
    match.state = state
    assert match.legal(ANN, False) == ["place", "move", "capture", "pass", "harmony_formed",
                                       "knotweed_kill", "forfeit"]
    assert match.legal(BO, False) == ["knotweed_kill", "forfeit"]


def test_with_the_board_the_legal_moves_are_the_boards():
    match = Match(GAME, make_spec(GAME, ["Ann", "Bo"]))
    assert match.legal(ANN, False) == ["place", "pass", "forfeit"]
    view = match.view(ANN, False)
    assert view["private"]["turn"]["starts"]["jade"] == [[0, 0]]
    assert "harmony_formed" not in match.legal(BO, False) and "knotweed_kill" not in match.legal(BO, False)


def entry(rev, by, seat, kind, payload):
    return Entry.from_json({"rev": rev, "by": by, "seat": seat, "kind": kind, "payload": payload})


def test_older_logs_replay_as_todays_moves():
    """A log written before the contract: the host named a harmony's owner in the payload,
    a Knotweed kill's owner was its sender, tiles by their names, single items as they
    came, harmony ids as "#1"."""
    log = [
        entry(1, 0, 0, "place", {"tile": "Rose"}),
        entry(2, 1, 1, "place", {"tile": "White Jade", "broken": None, "formed": None}),
        entry(3, 0, 0, "place", {"tile": "chrysanthemum"}),
        entry(4, 1, 1, "place", {"tile": "knotweed"}),
        entry(5, None, None, "harmony_formed", {"pair": ["Rose", "Chrysanthemum"], "owner": 0}),
        entry(6, 0, 0, "place", {"tile": "rhododendron", "formed": ["Chrysanthemum", "Rhododendron"]}),
        entry(7, 1, 1, "knotweed_kill", {"killed": {"owner": "0", "kind": "Rhododendron"}}),
        entry(8, None, 1, "knotweed_kill", {"killed": ["chrysanthemum"]}),
        entry(9, 1, 1, "place", {"tile": "lily"}),
        entry(10, 0, 0, "place", {"tile": "jade", "formed": [["White Jade", "rose"]]}),
        entry(11, 1, 1, "harmony_broken", {"harmony": "#3"}),
        entry(12, 1, 1, "place", {"tile": "boat", "broken": None}),
        entry(13, 0, 0, "place", {"tile": "boat"}),
        entry(14, 1, 1, "return", {"tile": "Boat", "returned": {"owner": "0", "kind": "White Jade"}}),
        entry(15, 0, 0, "capture", {"tile": "Boat", "captured": "Lily", "owner": "1"}),
    ]
    match = upgraded_match(GAME, make_spec(GAME, ["Ann", "Bo"], SCORE_KEEPER), log)
    state = match.state
    assert match.log[4].action.seat == ANN  # the host's harmony is Ann's
    assert match.log[4].action.payload == {"tiles": ["rose", "chrysanthemum"]}
    assert match.log[5].action.payload == {"tile": "rhododendron",
                                           "formed": [["chrysanthemum", "rhododendron"]]}
    assert match.log[6].action.payload == {"knotweed": BO, "killed": [{"owner": 0, "kind": "rhododendron"}]}
    assert match.log[7].action.payload == {"knotweed": BO, "killed": [{"kind": "chrysanthemum"}]}
    assert match.log[10].action.payload == {"harmony": 3}
    assert tiles(state, ANN, "rhododendron")["pot"] == 1 and tiles(state, ANN, "chrysanthemum")["pot"] == 1
    assert tiles(state, ANN, "jade")["returned"] == 1 and tiles(state, ANN, "rose")["board"] == 1
    assert tiles(state, ANN, "boat")["pot"] == 1 and tiles(state, BO, "lily")["pot"] == 1
    assert state["captured"] == [1, 2]
    assert q.intact_harmonies(state) == [] and state["next_id"] == 4
    assert is_plain(state)
    # and it goes on as today's table
    assert match.legal(BO, False)[0] == "place"
    words = [line for _, line in match.history(None)]
    assert words[4] == "Ann formed a harmony: Rose + Chrysanthemum"
    assert words[6] == ("Bo's Knotweed killed Ann's Rhododendron; "
                        "harmony 2 (Ann's Chrysanthemum + Rhododendron) broke by itself")


def test_the_history_is_the_log_in_words():
    match = Match(GAME, make_spec(GAME, ["Ann", "Bo"], {"target": 1, **SCORE_KEEPER}))
    moves = [
        (ANN, "place", {"tile": "rose"}), (BO, "place", {"tile": "jasmine"}),
        (ANN, "place", {"tile": "chrysanthemum", "formed": [["rose", "chrysanthemum"]]}),
        (BO, "place", {"tile": "boat"}),
        (ANN, "place", {"tile": "rhododendron"}),
        (ANN, "harmony_formed", {"tiles": ["chrysanthemum", "rhododendron"]}),
        (BO, "harmony_broken", {"harmonies": [2]}),
        (BO, "return", {"tile": "boat", "returned": [{"owner": 0, "kind": "rose"}]}),
        (ANN, "pass", {}),
    ]
    for seat, kind, payload in moves:
        match.accept(match.propose(seat, Action(seat, kind, payload), match.revision))
    lines = [line for _, line in match.history(BO)]
    assert lines == [
        "Ann placed a Rose",
        "Bo placed a Jasmine",
        "Ann placed a Chrysanthemum; formed a harmony: Rose + Chrysanthemum",
        "Bo placed a Boat",
        "Ann placed a Rhododendron",
        "Ann formed a harmony: Chrysanthemum + Rhododendron",
        "Harmony 2 (Ann's Chrysanthemum + Rhododendron) was broken",
        "Bo's Boat returned Ann's Rose; harmony 1 (Ann's Rose + Chrysanthemum) broke by itself",
        "Ann passed",
    ]
    assert [line for _, line in match.history(None)] == lines  # the same words for everyone


def test_words_never_raise_and_never_change_the_state():
    state = play(GAME.setup(["Ann", "Bo"], {"target": 30}), (ANN, "place", {"tile": "knotweed"}))
    before = dict(state)
    odd = [{}, {"tile": "tulip"}, {"tile": 5}, {"harmony": 99}, {"harmonies": ["x"]},
           {"knotweed": 9, "killed": []}, {"returned": [7]}, {"tiles": ["rose"]}, None]
    for kind in [*GAME.moves, "nope"]:
        for payload in odd:
            for seat in (None, 0, 1, 5, True):
                for viewer in (None, 0, 1):
                    words = GAME.say(state, Action(seat, kind, payload or {}), state, viewer)
                    assert isinstance(words.text, str) and words.text
    assert state == before
