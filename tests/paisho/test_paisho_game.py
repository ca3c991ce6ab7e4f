"""Playing Pai Sho through the engine: turns, inventory, harmonies, points, the end."""

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.paisho import GAME
from engine.paisho import queries as q
from engine.plain import is_plain
from engine.registry import get_game
from engine.check import apply
from engine.spec import make_spec
from engine.table import Match

from tests.paisho.support import new_game, play, refused, said, tiles

ANN, BO = 0, 1


def test_registered_with_target_setting_default_30():
    assert get_game("paisho") is GAME
    assert new_game()["target"] == 30
    assert new_game(target=5)["target"] == 5
    with pytest.raises(IllegalAction):
        GAME.check_settings({"target": 0}, 2)


@pytest.mark.parametrize("n", [1, 3, 5])
def test_two_or_four_players_only(n):
    with pytest.raises(IllegalAction) as err:
        GAME.check_players([f"P{i}" for i in range(n)])
    assert "2 players, or 4" in err.value.message
    GAME.check_players(["A", "B"])
    GAME.check_players(["A", "B", "C", "D"])


def test_turns_alternate_and_out_of_turn_is_refused():
    state = new_game()
    assert GAME.to_act(state) == [ANN]
    refused(state, BO, "pass", {}, "It is not your turn: it is Ann's")
    state = play(state, (ANN, "pass"))
    assert GAME.to_act(state) == [BO]
    state = play(state, (BO, "pass"), (None, "pass"))  # the host enters for Ann
    assert state["current"] == BO and state["turns"] == [2, 1]


def test_four_players_turn_clockwise():
    state = new_game(("A", "B", "C", "D"))
    order = []
    for _ in range(5):
        order.append(state["current"])
        state = play(state, (state["current"], "pass"))
    assert order == [0, 1, 2, 3, 0]


# -- inventory -------------------------------------------------------------------------
def test_placing_moves_a_tile_from_hand_to_board_and_a_seventh_jasmine_is_refused():
    state = new_game()
    for _ in range(6):
        state = play(state, (ANN, "place", {"tile": "jasmine"}), (BO, "pass"))
    assert tiles(state, ANN, "jasmine") == {"hand": 0, "board": 6, "pot": 0, "returned": 0}
    refused(state, ANN, "place", {"tile": "jasmine"}, "no Jasmine left to place")
    refused(state, ANN, "place", {"tile": "tulip"}, "The tile must be one of: jasmine, lily")


def test_fourth_rock_refused():
    state = new_game()
    for _ in range(3):
        state = play(state, (ANN, "place", {"tile": "rock"}), (BO, "pass"))
    refused(state, ANN, "place", {"tile": "rock"}, "no Rock left to place")


def test_moving_needs_the_tile_on_board_and_rock_and_knotweed_never_move():
    state = new_game()
    refused(state, ANN, "move", {"tile": "lily"}, "You have no tile on the board that can move")
    state = play(state, (ANN, "place", {"tile": "rock"}), (BO, "place", {"tile": "knotweed"}),
                 (ANN, "place", {"tile": "lily"}), (BO, "place", {"tile": "rose"}))
    refused(state, ANN, "move", {"tile": "rock"}, "A Rock cannot move")
    refused(state, ANN, "move", {"tile": "rose"}, "You have no Rose on the board to move")
    state = play(state, (ANN, "move", {"tile": "lily"}))
    refused(state, BO, "move", {"tile": "knotweed"}, "A Knotweed cannot move")
    state = play(state, (BO, "pass"), (ANN, "pass"))
    state = play(new_game(), (ANN, "place", {"tile": "rock"}), (BO, "place", {"tile": "knotweed"}),
                 (ANN, "pass"))
    refused(state, BO, "move", {"tile": "knotweed"}, "You have no tile on the board that can move")


def _board(*placements):
    """Ann and Bo place tiles alternately (a pass fills a missing half-turn)."""
    state = new_game()
    ann = [p for seat, p in placements if seat == ANN]
    bo = [p for seat, p in placements if seat == BO]
    for i in range(max(len(ann), len(bo))):
        state = play(state, (ANN, "place", {"tile": ann[i]}) if i < len(ann) else (ANN, "pass"))
        state = play(state, (BO, "place", {"tile": bo[i]}) if i < len(bo) else (BO, "pass"))
    return state


# -- captures --------------------------------------------------------------------------
def test_capture_of_the_opposite_flower_sends_it_to_the_pot():
    state = _board((ANN, "jasmine"), (BO, "rose"))
    state = play(state, (ANN, "capture", {"tile": "jasmine", "captured": "rose", "owner": BO}))
    assert tiles(state, BO, "rose") == {"hand": 5, "board": 0, "pot": 1, "returned": 0}
    assert tiles(state, ANN, "jasmine")["board"] == 1
    assert state["captured"] == [1, 0]
    assert state["current"] == BO


def test_capture_refusals_name_the_reason_and_change_nothing():
    state = _board((ANN, "jasmine"), (BO, "lily"), (BO, "rose"))
    refused(state, ANN, "capture", {"tile": "jasmine", "captured": "lily"}, "only capture its opposite, a Rose")
    refused(state, ANN, "capture", {"tile": "rose", "captured": "jasmine"}, "already be on the board")
    refused(state, ANN, "capture", {"tile": "jasmine", "captured": "dragon"},
            "Bo has no White Dragon on the board")
    refused(state, ANN, "capture", {"tile": "jasmine", "captured": "jasmine", "owner": ANN},
            "your own tile")
    refused(state, ANN, "capture", {"tile": "rock", "captured": "rose"}, "cannot move")


def test_capturing_a_tile_not_on_the_board():
    state = _board((ANN, "dragon"), (BO, "lily"))
    refused(state, ANN, "capture", {"tile": "dragon", "captured": "rose"},
            "Bo has no Rose on the board to capture")
    state = _board((ANN, "jasmine"), (BO, "lily"))  # a jasmine takes only a rose: none there
    refused(state, ANN, "capture", {"tile": "jasmine", "captured": "rose"},
            "You have no capture to make")


def test_elemental_capture_removes_both_tiles():
    state = _board((ANN, "boat"), (BO, "lily"))
    state = play(state, (ANN, "capture", {"tile": "boat", "captured": "lily"}))
    assert tiles(state, ANN, "boat")["pot"] == 1 and tiles(state, ANN, "boat")["board"] == 0
    assert tiles(state, BO, "lily")["pot"] == 1
    assert state["captured"] == [1, 0]
    state = _board((ANN, "rose"), (BO, "wheel"))
    state = play(state, (ANN, "capture", {"tile": "rose", "captured": "wheel"}))
    assert tiles(state, ANN, "rose")["pot"] == 1 and tiles(state, BO, "wheel")["pot"] == 1


def test_special_capture_removes_only_the_captured_even_with_elemental():
    state = _board((ANN, "dragon"), (BO, "boat"), (BO, "lotus"))
    state = play(state, (ANN, "capture", {"tile": "dragon", "captured": "boat"}), (BO, "pass"),
                 (ANN, "capture", {"tile": "dragon", "captured": "lotus"}))
    assert tiles(state, ANN, "dragon")["board"] == 1 and tiles(state, ANN, "dragon")["pot"] == 0
    assert tiles(state, BO, "boat")["pot"] == 1 and tiles(state, BO, "lotus")["pot"] == 1
    state = _board((ANN, "wheel"), (BO, "dragon"))
    state = play(state, (ANN, "capture", {"tile": "wheel", "captured": "dragon"}))
    assert tiles(state, ANN, "wheel")["board"] == 1 and tiles(state, BO, "dragon")["pot"] == 1


def test_four_players_must_say_whose_tile():
    state = new_game(("A", "B", "C", "D"))
    state = play(state, (0, "place", {"tile": "dragon"}), (1, "place", {"tile": "rose"}),
                 (2, "place", {"tile": "rose"}), (3, "pass"))
    refused(state, 0, "capture", {"tile": "dragon", "captured": "rose"}, "whose tile")
    state = play(state, (0, "capture", {"tile": "dragon", "captured": "rose", "owner": 2}))
    assert tiles(state, 2, "rose")["pot"] == 1 and tiles(state, 1, "rose")["board"] == 1


# -- returns and knotweed -----------------------------------------------------------------
def test_boat_returns_flowers_which_can_be_placed_again():
    state = _board((ANN, "boat"), (ANN, "rose"), (BO, "lily"), (BO, "jade"))
    state = play(state, (ANN, "return", {"tile": "boat", "returned": [
        {"owner": BO, "kind": "lily"}, {"owner": ANN, "kind": "rose"}]}))
    assert tiles(state, BO, "lily") == {"hand": 5, "board": 0, "pot": 0, "returned": 1}
    assert tiles(state, ANN, "rose") == {"hand": 5, "board": 0, "pot": 0, "returned": 1}
    assert state["captured"] == [0, 0]
    assert "lily" in q.placeable(state, BO)


def test_returned_tile_is_placed_again_after_the_hand_runs_out():
    state = new_game()
    for _ in range(6):
        state = play(state, (ANN, "place", {"tile": "lily"}), (BO, "pass"))
    state = play(state, (ANN, "place", {"tile": "wheel"}), (BO, "pass"))
    state = play(state, (ANN, "return", {"tile": "wheel", "returned": [{"owner": ANN, "kind": "lily"}]}),
                 (BO, "pass"))
    state = play(state, (ANN, "place", {"tile": "lily"}), (BO, "pass"))
    assert tiles(state, ANN, "lily") == {"hand": 0, "board": 6, "pot": 0, "returned": 0}


def test_return_refusals():
    state = _board((ANN, "boat"), (ANN, "wheel"), (BO, "lily"), (BO, "knotweed"))
    refused(state, ANN, "return", {"tile": "rose", "returned": [{"owner": BO, "kind": "lily"}]},
            "The returning tile must be one of: boat, wheel")
    refused(state, ANN, "return", {"tile": "boat", "returned": [{"owner": BO, "kind": "knotweed"}]},
            "A returned flower must be one of: jasmine")
    refused(state, ANN, "return", {"tile": "boat", "returned": [{"owner": BO, "kind": "lily"}] * 2},
            "only 1 Lily on the board")
    refused(state, ANN, "return", {"tile": "boat", "returned": []}, "The returned flowers must have 1 to 8")
    refused(state, ANN, "return", {"tile": "boat", "returned": [{"owner": BO, "kind": "lily"}] * 4},
            "A Boat pushes at most 3 tiles")
    refused(state, ANN, "return", {"tile": "wheel", "returned": [{"owner": BO, "kind": "lily"}] * 9},
            "The returned flowers must have 1 to 8 items")
    refused(state, BO, "return", {"tile": "boat", "returned": [{"owner": BO, "kind": "lily"}]},
            "it is Ann's")
    state2 = _board((ANN, "wheel"), (BO, "lily"))
    refused(state2, ANN, "return", {"tile": "boat", "returned": [{"owner": BO, "kind": "lily"}]},
            "You have no Boat on the board")
    state3 = _board((BO, "lily"))
    refused(state3, ANN, "return", {"tile": "boat", "returned": [{"owner": BO, "kind": "lily"}]},
            "You have no Boat or Wheel on the board")


def test_knotweed_kill_removes_neighbours_and_counts_as_captures():
    state = _board((ANN, "knotweed"), (ANN, "rose"), (BO, "lily"), (BO, "dragon"), (BO, "jasmine"))
    assert state["current"] == ANN
    state = play(state, (BO, "knotweed_kill", {"knotweed": ANN, "killed": [
        {"owner": BO, "kind": "lily"}, {"owner": BO, "kind": "dragon"}, {"owner": ANN, "kind": "rose"}]}))
    assert tiles(state, BO, "lily")["pot"] == 1 and tiles(state, BO, "dragon")["pot"] == 1
    assert tiles(state, ANN, "rose")["pot"] == 1
    assert tiles(state, ANN, "knotweed")["board"] == 1
    assert state["captured"] == [2, 0]
    assert state["current"] == ANN  # not a turn
    refused(state, BO, "knotweed_kill", {"knotweed": BO, "killed": [{"owner": ANN, "kind": "knotweed"}]},
            "Bo has no Knotweed on the board")
    refused(state, ANN, "knotweed_kill", {"knotweed": ANN, "killed": [{"owner": BO, "kind": "rose"}]},
            "only 0 Rose on the board")
    refused(state, ANN, "knotweed_kill", {"knotweed": ANN, "killed": [{"owner": ANN, "kind": "knotweed"}]},
            "A Knotweed does not kill itself")
    # whose Knotweed it was is said, never taken from who records it
    refused(state, ANN, "knotweed_kill", {"killed": [{"owner": BO, "kind": "lily"}]},
            "The Knotweed's owner is missing")


def test_knotweed_kill_recorded_by_the_host_names_the_knotweed_by_seat_or_name():
    state = _board((ANN, "knotweed"), (BO, "lily"), (BO, "jade"), (BO, "rose"))
    state = play(state, (None, "knotweed_kill", {"knotweed": "ann", "killed": [{"kind": "lily"}]}))
    assert tiles(state, BO, "lily")["pot"] == 1 and state["captured"] == [1, 0]
    state = play(state, (None, "knotweed_kill", {"knotweed": 0, "killed": [{"owner": 1, "kind": "jade"}]}))
    assert tiles(state, BO, "jade")["pot"] == 1 and state["captured"] == [2, 0]
    refused(state, None, "knotweed_kill", {"knotweed": "Cy", "killed": [{"owner": 0, "kind": "knotweed"}]},
            "There is no player by that name at this table")
    refused(state, None, "knotweed_kill", {"knotweed": True, "killed": [{"owner": 0, "kind": "knotweed"}]},
            "The Knotweed's owner must be a whole number from 0 to 3")


# -- harmonies and points ---------------------------------------------------------------
def test_harmony_formed_is_checked_on_the_ring_with_the_reason():
    state = _board((ANN, "rose"), (ANN, "jasmine"), (ANN, "rhododendron"), (ANN, "chrysanthemum"))
    refused(state, ANN, "harmony_formed", {"tiles": ["rose", "jasmine"]}, "opposites")
    refused(state, ANN, "harmony_formed", {"tiles": ["rose", "rock"]}, "must be one of: jasmine")
    refused(state, ANN, "harmony_formed", {"tiles": ["rose", "rhododendron"]},
            "not neighbours on the harmony ring")
    refused(state, ANN, "harmony_formed", {"tiles": ["jasmine", "lily"]}, "Ann has no Lily on the board")
    refused(state, ANN, "harmony_formed", {"tiles": ["rose", "lotus"]}, "not blooming")
    refused(state, ANN, "harmony_formed", {"tiles": ["rose"]}, "two tiles")
    refused(state, ANN, "harmony_formed", {"tiles": ["rose", "rose"]}, "two Rose tiles")
    state = play(state, (ANN, "harmony_formed", {"tiles": ["rose", "chrysanthemum"]}))
    assert [h["id"] for h in q.intact_harmonies(state, ANN)] == [1]
    # one rose and one chrysanthemum cannot hold a second such harmony
    refused(state, ANN, "harmony_formed", {"tiles": ["chrysanthemum", "rose"]}, "already intact")
    refused(state, ANN, "pass", {"formed": [["jasmine", "rose"]]}, "opposites")


def test_a_lotus_harmony_while_the_lotus_is_not_blooming_says_so():
    """Issue 26 point 9: with only a lotus and a flower on the board, the move itself is
    closed; its refusal is the lotus's own sentence, not a vague one."""
    state = _board((ANN, "lotus"), (ANN, "rose"), (BO, "lily"))
    assert q.blooming_seat(state) is None  # nobody has captured: nobody blooms
    for seat, host in ((ANN, False), (ANN, True)):
        message = refused(state, seat, "harmony_formed", {"tiles": ["rose", "lotus"]},
                          "White Lotus is not blooming", host=host)
        assert message.startswith("Your White Lotus is not blooming (you must have captured fewer")
        assert "could form a new harmony" not in message
    # the same sentence whether or not another pair keeps the move open
    other = play(state, (ANN, "place", {"tile": "chrysanthemum"}), (BO, "pass"))
    opened = refused(other, ANN, "harmony_formed", {"tiles": ["lotus", "rose"]}, "not blooming")
    assert opened == message
    # and a seat with no lotus keeps the general reason
    refused(state, BO, "harmony_formed", {"tiles": ["lily", "jade"]},
            "Bo has no two tiles on the board that could form a new harmony")


def test_only_the_owner_records_a_harmony_and_the_host_records_it_for_them():
    state = _board((ANN, "rose"), (ANN, "chrysanthemum"), (BO, "lily"))
    refused(state, BO, "harmony_formed", {"tiles": ["rose", "chrysanthemum"]},
            "Bo has no two tiles on the board that could form a new harmony")
    state = play(state, (ANN, "pass"), (BO, "place", {"tile": "jade"}))
    refused(state, BO, "harmony_formed", {"tiles": ["rose", "chrysanthemum"]}, "Bo has no Rose")
    refused(state, BO, "harmony_formed", {"tiles": ["rose", "chrysanthemum"], "owner": ANN},
            "does not take 'owner'")
    with pytest.raises(IllegalAction) as err:  # Bo's phone cannot act for Ann
        apply(GAME, state, Action(ANN, "harmony_formed", {"tiles": ["rose", "chrysanthemum"]}),
              BO, state["players"])
    assert err.value.message == "You can only act for your own seat"
    refused(state, None, "harmony_formed", {"tiles": ["rose", "chrysanthemum"]},
            "Say which player this is for")
    state = apply(GAME, state, Action(ANN, "harmony_formed", {"tiles": ["rose", "chrysanthemum"]}),
                  None, state["players"])[0]  # the host enters it for Ann
    assert q.intact_harmonies(state, ANN)[0]["owner"] == ANN


def _score_after_each_ann_turn(state, n_turns, ann_payloads=None):
    scores = []
    for i in range(n_turns):
        payload = (ann_payloads or {}).get(i, {})
        state = play(state, (ANN, "pass", payload))
        scores.append(state["scores"][ANN])
        state = play(state, (BO, "pass"))
    return state, scores


def test_points_every_third_turn_with_a_break_and_a_remake():
    state = _board((ANN, "rose"), (ANN, "chrysanthemum"), (ANN, "lily"))
    # formed during Ann's turn: that turn's end is the first of three
    state = play(state, (ANN, "pass", {"formed": [["rose", "chrysanthemum"]]}), (BO, "pass"))
    assert state["scores"][ANN] == 0
    harmony = q.intact_harmonies(state, ANN)[0]
    assert q.turns_to_next_point(state, harmony) == 2
    state, scores = _score_after_each_ann_turn(state, 5)
    assert scores == [0, 1, 1, 1, 2]  # Ann's turns 2..6 since forming: the 3rd and 6th pay
    # Ann's 7th and 8th turns since forming, then it breaks during her 9th
    state, scores = _score_after_each_ann_turn(state, 2)
    assert scores == [2, 2]
    state = play(state, (ANN, "pass", {"broken": [1]}), (BO, "pass"))
    assert state["scores"][ANN] == 2  # broken before it could pay its third point
    # remade at once: a new harmony, a new count
    state = play(state, (ANN, "pass", {"formed": [["rose", "chrysanthemum"]]}), (BO, "pass"))
    state, scores = _score_after_each_ann_turn(state, 4)
    assert scores == [2, 3, 3, 3]
    assert [(h["id"], h["points"]) for h in q.intact_harmonies(state, ANN)] == [(2, 1)]
    assert [h["id"] for h in state["broken"]] == [1]


def test_each_harmony_pays_by_itself():
    state = _board((ANN, "rose"), (ANN, "chrysanthemum"), (ANN, "rhododendron"))
    state = play(state, (ANN, "pass", {"formed": [["rose", "chrysanthemum"]]}), (BO, "pass"),
                 (ANN, "pass", {"formed": [["chrysanthemum", "rhododendron"]]}), (BO, "pass"))
    state, scores = _score_after_each_ann_turn(state, 4)
    assert scores == [1, 2, 2, 3]


def test_harmony_formed_outside_its_owners_turn_counts_from_the_owners_next_turn():
    state = _board((ANN, "rose"), (ANN, "chrysanthemum"))
    state = play(state, (ANN, "pass"), (ANN, "harmony_formed", {"tiles": ["rose", "chrysanthemum"]}))
    assert state["current"] == BO
    state = play(state, (BO, "pass"))
    state, scores = _score_after_each_ann_turn(state, 3)
    assert scores == [0, 0, 1]


def test_harmony_broken_by_an_opponent_and_by_a_separate_action():
    state = _board((ANN, "rose"), (ANN, "chrysanthemum"), (BO, "lily"))
    state = play(state, (ANN, "pass", {"formed": [["rose", "chrysanthemum"]]}))
    refused(state, BO, "harmony_broken", {"harmony": 9}, "no harmony 9")
    refused(state, BO, "harmony_broken", {}, "which harmony")
    state = play(state, (BO, "harmony_broken", {"harmony": 1}))
    assert q.intact_harmonies(state) == []
    refused(state, ANN, "harmony_broken", {"harmony": 1}, "No harmony is intact")
    state = play(state, (BO, "pass"), (ANN, "pass", {"formed": [["rose", "chrysanthemum"]]}))
    refused(state, ANN, "harmony_broken", {"harmony": 1}, "Harmony 1 is already broken")
    refused(state, ANN, "harmony_broken", {"harmonies": [2, 2]}, "Harmony 2 is already broken")
    refused(state, ANN, "harmony_broken", {"harmony": "#2"}, "The harmony must be a whole number")
    state = play(state, (None, "harmony_broken", {"harmonies": [2]}))  # the host, for the table
    assert q.intact_harmonies(state) == []


def test_capturing_the_last_tile_of_a_harmony_breaks_it_by_itself():
    state = _board((ANN, "rose"), (ANN, "chrysanthemum"), (BO, "lily"))
    state = play(state, (ANN, "pass", {"formed": [["rose", "chrysanthemum"]]}),
                 (BO, "capture", {"tile": "lily", "captured": "chrysanthemum"}))
    assert q.intact_harmonies(state) == []
    state, scores = _score_after_each_ann_turn(state, 3)
    assert scores == [0, 0, 0]


def test_blooming_lotus_changes_with_captures_and_ties_bloom_nobody():
    state = _board((ANN, "dragon"), (ANN, "lotus"), (ANN, "rose"), (BO, "dragon"), (BO, "lily"), (BO, "jade"))
    assert q.blooming_seat(state) is None
    state = play(state, (ANN, "capture", {"tile": "dragon", "captured": "lily"}))
    assert q.blooming_seat(state) == BO  # Bo has captured fewer
    assert GAME.public(state)["blooming"] == BO
    state = play(state, (BO, "capture", {"tile": "dragon", "captured": "rose"}))
    assert q.blooming_seat(state) is None  # 1 - 1: a tie blooms nobody
    state = play(state, (ANN, "pass"), (BO, "capture", {"tile": "dragon", "captured": "dragon"}))
    assert q.blooming_seat(state) == ANN
    state = play(state, (ANN, "place", {"tile": "rose"}), (BO, "pass"),
                 (ANN, "harmony_formed", {"tiles": ["lotus", "rose"]}))
    assert GAME.public(state)["harmonies"][0]["pair"] == ["lotus", "rose"]
    # Ann captures twice more: 2 - 2, the lotus stops blooming and its harmony breaks
    state = play(state, (ANN, "capture", {"tile": "lotus", "captured": "jade"}))
    assert q.blooming_seat(state) is None
    assert q.intact_harmonies(state, ANN) == []


def test_blooming_in_four_players_needs_strictly_fewer_than_every_opponent():
    state = new_game(("A", "B", "C", "D"))
    state["captured"] = [0, 0, 1, 1]
    assert q.blooming_seat(state) is None
    state["captured"] = [0, 1, 1, 2]
    assert q.blooming_seat(state) == 0
    state["captured"] = [3, 1, 2, 2]
    assert q.blooming_seat(state) == 1


# -- the end ------------------------------------------------------------------------------
def test_ending_by_target_score():
    state = play(new_game(target=2), (ANN, "place", {"tile": "rose"}), (BO, "pass"),
                 (ANN, "place", {"tile": "chrysanthemum", "formed": [["rose", "chrysanthemum"]]}))
    for _ in range(4):
        state = play(state, (BO, "pass"), (ANN, "pass"))
    assert not GAME.is_over(state)
    state = play(state, (BO, "pass"), (ANN, "pass"))
    assert GAME.is_over(state) and state["scores"] == [2, 0]
    result = GAME.result(state)
    assert result["winner"] == ANN and result["reason"] == "target"
    assert result["score_by_turn"]["Ann"][-1] == 2 and result["score_by_turn"]["Bo"][-1] == 0
    assert len(result["score_by_turn"]["Ann"]) == state["turn"] + 1
    refused(state, BO, "pass", {}, "game is over")
    assert GAME.to_act(state) == []


def test_ending_when_all_flower_and_special_tiles_are_captured():
    state = play(new_game(), (ANN, "place", {"tile": "dragon"}))
    bo_tiles = [k for k in ("jasmine", "lily", "jade", "rose", "chrysanthemum", "rhododendron")
                for _ in range(6)] + ["dragon", "lotus"] * 3
    for i, kind in enumerate(bo_tiles):
        state = play(state, (BO, "place", {"tile": kind}))
        assert not GAME.is_over(state)
        state = play(state, (ANN, "capture", {"tile": "dragon", "captured": kind}))
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result["winner"] == ANN and result["reason"] == "captured"
    assert state["captured"] == [42, 0]
    # elemental tiles in hand do not keep Bo in the game
    assert tiles(state, BO, "boat")["hand"] == 3


def test_ending_by_forfeit_any_time():
    state = play(new_game(), (BO, "forfeit"))  # not Bo's turn: still allowed
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result["winner"] == ANN and result["reason"] == "forfeit"


def test_forfeit_in_four_players_leaves_the_others_playing():
    state = new_game(("A", "B", "C", "D"))
    state = play(state, (0, "pass"), (1, "forfeit"))
    assert not GAME.is_over(state) and state["current"] == 2
    state = play(state, (2, "pass"), (3, "pass"), (0, "pass"))
    assert state["current"] == 2  # seat 1 is skipped
    refused(state, 1, "harmony_formed", {"tiles": ["rose", "lily"]}, "out of the game")
    refused(state, 1, "forfeit", {}, "already out")
    state = play(state, (2, "forfeit"), (3, "forfeit"))
    result = GAME.result(state)
    assert result["winner"] == 0 and result["reason"] == "forfeit"


def test_a_player_who_forfeits_has_their_recorded_harmonies_broken():
    state = new_game(("A", "B", "C", "D"))
    state = play(state, (0, "place", {"tile": "rose"}), (1, "place", {"tile": "rose"}),
                 (2, "pass"), (3, "pass"), (0, "place", {"tile": "chrysanthemum", "formed": [["rose", "chrysanthemum"]]}),
                 (1, "place", {"tile": "chrysanthemum", "formed": [["rose", "chrysanthemum"]]}))
    assert sorted(h["owner"] for h in state["harmonies"]) == [0, 1]
    state = play(state, (1, "forfeit"))
    assert [h["owner"] for h in state["harmonies"]] == [0]


def test_result_is_none_while_playing():
    assert GAME.result(new_game()) is None


# -- views, words, table -------------------------------------------------------------------
def test_views_show_tiles_by_place_pot_harmonies_and_my_choices():
    before = _board((ANN, "rose"), (ANN, "chrysanthemum"), (BO, "jasmine"))
    capture = Action(ANN, "capture", {"tile": "rose", "captured": "jasmine",
                                      "formed": [["rose", "chrysanthemum"]]})
    state = play(before, (ANN, capture.kind, capture.payload))
    public, mine = GAME.public(state), GAME.private(state, ANN)
    assert is_plain(public) and is_plain(mine)
    assert public["players"][BO]["pot"] == {"jasmine": 1} and public["players"][BO]["board"] == {}
    assert public["players"][ANN]["board"] == {"rose": 1, "chrysanthemum": 1}
    assert mine["tiles"]["board"] == {"rose": 1, "chrysanthemum": 1} and mine["tiles"]["pot"] == {}
    assert sum(mine["tiles"]["hand"].values()) == 52 and mine["tiles"]["hand"]["rose"] == 5
    assert GAME.private(state, BO)["tiles"]["hand"]["jasmine"] == 5
    assert public["harmonies"] == [{"id": 1, "owner": ANN, "pair": ["rose", "chrysanthemum"],
                                    "points": 0, "turns_intact": 1, "turns_to_next_point": 2}]
    assert public["current"] == BO and public["blooming"] == BO
    assert public["names"]["jade"] == "White Jade" and public["looks"]["jade"] == "white"
    assert public["looks"]["rose"] == "red" and public["looks"]["boat"] == "wood"
    assert public["looks"]["lotus"] == "gold"
    assert mine["turn"] is None and mine["can_form"] == [] and mine["can_kill"] == []
    bo = GAME.private(state, BO)["turn"]
    assert "rock" in bo["can_place"] and bo["can_move"] == [] and bo["can_capture"] == []
    ann = GAME.private(before, ANN)["turn"]
    assert ann["can_move"] == ["rose", "chrysanthemum"] and "rock" in ann["can_place"]
    assert ann["can_capture"] == [{"tile": "rose", "owner": BO, "captured": "jasmine",
                                   "label": "Rose takes Bo's Jasmine"}]
    assert ann["can_return_with"] == [] and ann["returnable"] == []
    assert said(before, capture, BO).text.startswith("Ann's Rose captured Bo's Jasmine")
    assert public["recent"] == ["Turn 5: Ann's Rose + Chrysanthemum (#1) formed"]
    assert GAME.private(state, None) is None and GAME.private(state, 7) is None


def test_capture_choices_follow_the_rules_and_inventory():
    state = _board((ANN, "jasmine"), (ANN, "boat"), (BO, "rose"), (BO, "lily"))
    choices = {(c["tile"], c["owner"], c["captured"]) for c in q.capture_choices(state, ANN)}
    assert choices == {("jasmine", BO, "rose"), ("boat", BO, "rose"), ("boat", BO, "lily")}


def test_describe_lines():
    state = _board((ANN, "boat"), (ANN, "rose"), (ANN, "chrysanthemum"), (BO, "lily"))
    assert said(state, Action(ANN, "place", {"tile": "jade"}), BO).text == "Ann placed a White Jade"
    assert "(both went to the Pot)" in said(
        state, Action(ANN, "capture", {"tile": "boat", "captured": "lily"}), None).text
    line = said(state, Action(ANN, "pass", {"formed": [["rose", "chrysanthemum"]]}), None).text
    assert line == "Ann passed; formed a harmony: Rose + Chrysanthemum"
    assert said(state, Action(BO, "forfeit", {}), ANN).text == "Bo forfeited; Ann wins"


def test_through_the_table_model_with_undo():
    spec = make_spec(GAME, ["Ann", "Bo"], {"target": "12", "board": False})
    match = Match(GAME, spec)
    assert match.state["target"] == 12
    match.accept(match.propose(ANN, Action(ANN, "place", {"tile": "rose"}), match.revision))
    match.accept(match.propose(None, Action(None, "undo"), match.revision))
    assert tiles(match.state, ANN, "rose")["hand"] == 6
    with pytest.raises(IllegalAction):
        match.propose(BO, Action(BO, "pass"), match.revision)
    history = match.history(None)
    assert history == []


def test_four_players_the_last_one_standing_wins_by_the_way_the_last_opponent_left():
    state = new_game(("A", "B", "C", "D"))
    state = play(state, (1, "forfeit"), (2, "forfeit"), (0, "place", {"tile": "dragon"}))
    assert state["current"] == 3
    bo_tiles = [k for k in ("jasmine", "lily", "jade", "rose", "chrysanthemum", "rhododendron")
                for _ in range(6)] + ["dragon", "lotus"] * 3
    for kind in bo_tiles:
        state = play(state, (3, "place", {"tile": kind}),
                     (0, "capture", {"tile": "dragon", "captured": kind, "owner": 3}))
    result = GAME.result(state)
    assert result["winner"] == 0 and result["reason"] == "captured"
    assert [r["seat"] for r in result["ranking"]][0] == 0


def test_when_fewer_tiles_are_left_than_harmonies_need_the_newest_breaks():
    state = _board((ANN, "rose"), (ANN, "rose"), (ANN, "chrysanthemum"), (BO, "jasmine"))
    state = play(state, (ANN, "pass", {"formed": [["rose", "chrysanthemum"], ["rose", "chrysanthemum"]]}))
    assert [h["id"] for h in q.intact_harmonies(state, ANN)] == [1, 2]
    # Bo's jasmine takes one of the two roses: one rose, one chrysanthemum hold one harmony
    capture = Action(BO, "capture", {"tile": "jasmine", "captured": "rose"})
    assert said(state, capture, None).text == (
        "Bo's Jasmine captured Ann's Rose; "
        "harmony 2 (Ann's Rose + Chrysanthemum) broke by itself")
    state = play(state, (BO, capture.kind, capture.payload))
    assert [h["id"] for h in q.intact_harmonies(state, ANN)] == [1]
    assert GAME.public(state)["recent"][0] == (
        "Turn 8: Ann's Rose + Chrysanthemum (#2) broke by itself: its tiles are no longer there")
    # naming the broken harmony in the same turn keeps the other one
    state = _board((ANN, "rose"), (ANN, "rose"), (ANN, "chrysanthemum"), (BO, "jasmine"))
    state = play(state, (ANN, "pass", {"formed": [["rose", "chrysanthemum"], ["rose", "chrysanthemum"]]}),
                 (BO, "capture", {"tile": "jasmine", "captured": "rose", "broken": [1]}))
    assert [h["id"] for h in q.intact_harmonies(state, ANN)] == [2]


def test_lotus_harmony_needs_the_lotus_on_the_board():
    state = _board((ANN, "dragon"), (ANN, "rose"), (BO, "lily"))
    state = play(state, (ANN, "pass"), (BO, "pass"),
                 (ANN, "capture", {"tile": "dragon", "captured": "lily"}))
    state = play(state, (BO, "pass"))
    assert q.blooming_seat(state) == BO
    state = play(state, (ANN, "pass"), (BO, "place", {"tile": "jade"}), (ANN, "pass"),
                 (BO, "place", {"tile": "rose"}), (ANN, "pass"))
    refused(state, BO, "harmony_formed", {"tiles": ["lotus", "lily"]}, "no White Lotus on the board")
