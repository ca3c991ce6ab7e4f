"""Pai Sho with the board on the phone: every rule of CLARIFICATIONS ("Pai Sho: the
board") played through the table's one check, as a phone or the JSON transport sends it."""

import pytest

from engine.paisho import queries as q

from tests.paisho.support import at, board_game, play, put, refused, said, tiles

ANN, BO = 0, 1


def placed(state, seat, kind, x, y):
    return play(state, (seat, "place", {"tile": kind, "at": [x, y]}))


def moved(state, seat, source, target):
    return play(state, (seat, "move", {"from": list(source), "to": list(target)}))


# -- starts ----------------------------------------------------------------------------

@pytest.mark.parametrize("kind, point", [
    ("jasmine", (0, -8)), ("rose", (0, 7)), ("lily", (-8, 0)), ("lily", (8, 0)),
    ("chrysanthemum", (-7, 0)), ("chrysanthemum", (7, 0)), ("jade", (0, 0)), ("rhododendron", (0, 0)),
    ("dragon", (3, 4)), ("lotus", (-2, -3)), ("wheel", (8, 3)), ("boat", (1, 1)), ("rock", (-6, 2)),
    ("knotweed", (5, -5)),
])
def test_each_tile_starts_where_the_clarifications_say(kind, point):
    state = placed(board_game(), ANN, kind, *point)
    assert at(state, *point) == (ANN, kind)
    assert tiles(state, ANN, kind)["board"] == 1


@pytest.mark.parametrize("kind, point, words", [
    ("jasmine", (0, 8), "Home Port"), ("rose", (0, -7), "Foreign Tip"), ("lily", (0, -8), "East or West Port"),
    ("chrysanthemum", (0, 7), "East or West Tip"), ("jade", (1, 0), "centre"),
    ("dragon", (0, -3), "far half"), ("lotus", (0, 3), "near half"), ("wheel", (1, 1), "neutral"),
    ("boat", (0, 8), "port"), ("rock", (8, 0), "port"),
])
def test_a_tile_placed_off_its_start_is_refused_in_words(kind, point, words):
    refused(board_game(), ANN, "place", {"tile": kind, "at": list(point)}, words)


def test_the_second_seat_starts_from_its_own_port():
    state = play(board_game(), (ANN, "pass"))
    state = placed(state, BO, "jasmine", 0, 8)
    assert at(state, 0, 8) == (BO, "jasmine")
    refused(play(state, (ANN, "pass")), BO, "place", {"tile": "rose", "at": [0, 7]}, "Foreign Tip")


def test_four_seats_sit_at_every_port():
    state = board_game(("Ann", "Bo", "Cy", "Di"))
    state = play(state, (ANN, "pass"))
    state = placed(state, BO, "jasmine", -8, 0)
    assert at(state, -8, 0) == (BO, "jasmine")


def test_a_start_point_must_be_empty():
    state = placed(board_game(), ANN, "jade", 0, 0)
    refused(state, BO, "place", {"tile": "rhododendron", "at": [0, 0]}, "taken")


def test_a_move_needs_its_points_and_the_transport_gets_the_same_words():
    refused(board_game(), ANN, "place", {"tile": "jade"}, "where the tile goes")
    refused(board_game(), ANN, "place", {"tile": "jade", "at": [9, 9]}, "from -8 to 8")
    refused(board_game(), ANN, "place", {"tile": "jade", "at": [8, 8]}, "off the board")


# -- distances, lines, passing -----------------------------------------------------------

def centre_jade():
    return put(board_game(), (0, 0, ANN, "jade"))


def test_white_jade_moves_up_to_five_along_a_line_never_diagonally():
    state = centre_jade()
    assert moved(state, ANN, (0, 0), (0, -5))["board"] == {"0,-5": [ANN, "jade"]}
    refused(state, ANN, "move", {"from": [0, 0], "to": [0, -6]}, "up to 5 points")
    refused(state, ANN, "move", {"from": [0, 0], "to": [-1, -1]}, "never diagonally")


@pytest.mark.parametrize("kind, reach", [("jasmine", 3), ("dragon", 6), ("lotus", 2)])
def test_straight_reaches(kind, reach):
    state = put(board_game(), (-3, 0, ANN, kind))
    moved(state, ANN, (-3, 0), (-3 + reach, 0))
    refused(state, ANN, "move", {"from": [-3, 0], "to": [-3 + reach + 1, 0]}, f"up to {reach}")


def test_the_lily_goes_in_an_l_of_two_and_two():
    state = put(board_game(), (-4, 2, ANN, "lily"))  # white quadrant: x*y < 0
    assert at(moved(state, ANN, (-4, 2), (-2, 4)), -2, 4) == (ANN, "lily")
    assert at(moved(state, ANN, (-4, 2), (-5, 2)), -5, 2) == (ANN, "lily")
    refused(state, ANN, "move", {"from": [-4, 2], "to": [-1, 2]}, "up to 2 points along a line")


def test_a_tile_passes_over_its_owners_tiles_not_another_players():
    state = put(board_game(), (0, 0, ANN, "jade"), (0, -1, ANN, "rhododendron"), (1, 0, BO, "rock"))
    assert at(moved(state, ANN, (0, 0), (0, -3)), 0, -3) == (ANN, "jade")
    refused(state, ANN, "move", {"from": [0, 0], "to": [3, 0]}, "another player's tile")


def test_a_flower_keeps_to_its_colour_and_neutral():
    state = put(board_game(), (2, 2, ANN, "rose"))  # red quadrant
    refused(state, ANN, "move", {"from": [2, 2], "to": [-1, 2]}, "cannot")
    message = refused(put(board_game(), (1, 1, ANN, "rose")), ANN, "move",
                      {"from": [1, 1], "to": [-1, 1]}, "white point")
    assert message.startswith("A Rose cannot")
    assert at(moved(state, ANN, (2, 2), (2, 5)), 2, 5) == (ANN, "rose")  # s = 7: red and neutral
    assert at(moved(state, ANN, (2, 2), (0, 2)), 0, 2) == (ANN, "rose")  # the axis: both colours


def test_other_tiles_go_anywhere():
    state = put(board_game(), (2, 2, ANN, "dragon"))
    assert at(moved(state, ANN, (2, 2), (-4, 2)), -4, 2) == (ANN, "dragon")


def test_knotweed_and_rock_never_move():
    state = put(board_game(), (2, 2, ANN, "rock"), (4, 4, ANN, "knotweed"), (0, 0, ANN, "jade"))
    refused(state, ANN, "move", {"from": [2, 2], "to": [2, 3]}, "never moves")
    refused(state, ANN, "move", {"from": [4, 4], "to": [4, 3]}, "never moves")


def test_only_your_own_tile_moves():
    state = put(board_game(), (0, 0, BO, "jade"), (1, -1, ANN, "dragon"))
    refused(state, ANN, "move", {"from": [0, 0], "to": [0, -2]}, "Bo's, not yours")
    refused(state, ANN, "move", {"from": [3, 3], "to": [3, 2]}, "no tile on 3,3")


# -- captures ------------------------------------------------------------------------------

def test_a_flower_captures_only_its_opposite():
    state = put(board_game(), (0, 0, ANN, "jade"), (0, -2, BO, "rhododendron"), (2, 0, BO, "rose"))
    after = moved(state, ANN, (0, 0), (0, -2))
    assert at(after, 0, -2) == (ANN, "jade") and tiles(after, BO, "rhododendron")["pot"] == 1
    assert after["captured"] == [1, 0]
    refused(state, ANN, "move", {"from": [0, 0], "to": [2, 0]}, "only capture its opposite")


def test_an_elemental_capture_sends_both_tiles_to_the_pot():
    state = put(board_game(), (0, 0, ANN, "dragon"), (0, -2, BO, "boat"), (3, 0, ANN, "wheel"), (3, -3, BO, "rose"))
    after = moved(state, ANN, (3, 0), (3, -3))
    assert at(after, 3, -3) is None
    assert tiles(after, ANN, "wheel")["pot"] == 1 and tiles(after, BO, "rose")["pot"] == 1
    special = moved(state, ANN, (0, 0), (0, -2))
    assert at(special, 0, -2) == (ANN, "dragon") and tiles(special, BO, "boat")["pot"] == 1


def test_nobody_captures_their_own_tile():
    state = put(board_game(), (0, 0, ANN, "dragon"), (0, -2, ANN, "boat"))
    refused(state, ANN, "move", {"from": [0, 0], "to": [0, -2]}, "your own tile")


# -- Knotweed --------------------------------------------------------------------------------

def test_a_knotweed_placed_kills_every_tile_around_it_and_deaths_are_no_captures():
    state = put(board_game(), (3, 3, BO, "rose"), (4, 4, ANN, "jade"), (2, 4, BO, "rock"), (6, 4, BO, "lily"))
    after = placed(state, ANN, "knotweed", 3, 4)
    assert at(after, 3, 3) is None and at(after, 4, 4) is None and at(after, 2, 4) is None
    assert at(after, 6, 4) == (BO, "lily")
    assert tiles(after, ANN, "jade")["pot"] == 1 and tiles(after, BO, "rose")["pot"] == 1
    assert after["captured"] == [0, 0]


def test_a_tile_that_ends_its_move_around_a_knotweed_dies():
    state = put(board_game(), (0, 0, BO, "knotweed"), (0, -4, ANN, "jade"))
    after = moved(state, ANN, (0, -4), (0, -1))
    assert at(after, 0, -1) is None and tiles(after, ANN, "jade")["pot"] == 1


# -- the Boat --------------------------------------------------------------------------------

def test_the_boat_pushes_up_to_three_tiles_ahead_by_its_distance():
    state = put(board_game(), (-5, 1, ANN, "boat"), (-4, 1, BO, "dragon"), (-3, 1, ANN, "lotus"))
    after = play(state, (ANN, "boat", {"from": [-5, 1], "to": [-3, 1]}))
    assert at(after, -3, 1) == (ANN, "boat")
    assert at(after, -2, 1) == (BO, "dragon") and at(after, -1, 1) == (ANN, "lotus")


def test_the_boat_cannot_push_a_rock_nor_four_tiles_nor_off_the_board():
    rock = put(board_game(), (0, 0, ANN, "boat"), (1, 0, BO, "rock"))
    assert refused(rock, ANN, "boat", {"from": [0, 0], "to": [1, 0]}, "push a Rock") == "The Boat cannot push a Rock"
    four = put(board_game(), (0, 0, ANN, "boat"), *[(k, 0, BO, "dragon") for k in range(1, 4)],
               (4, 0, BO, "lotus"))
    refused(four, ANN, "boat", {"from": [0, 0], "to": [1, 0]}, "at most 3")
    edge = put(board_game(), (5, 0, ANN, "boat"), (6, 0, BO, "dragon"), (7, 0, BO, "lotus"))
    assert at(play(edge, (ANN, "boat", {"from": [5, 0], "to": [6, 0]})), 8, 0) == (BO, "lotus")
    refused(edge, ANN, "boat", {"from": [5, 0], "to": [7, 0]}, "leave the board")


def test_the_boat_passes_over_another_players_tiles():
    state = put(board_game(), (0, 0, ANN, "boat"), (0, -2, BO, "dragon"))
    after = play(state, (ANN, "boat", {"from": [0, 0], "to": [0, -3]}))
    assert at(after, 0, -3) == (ANN, "boat") and at(after, 0, -2) == (BO, "dragon")


def test_a_flower_pushed_onto_its_opposite_colour_goes_home_returned():
    state = put(board_game(), (-2, 2, ANN, "boat"), (-1, 2, BO, "lily"))  # white point
    after = play(state, (ANN, "boat", {"from": [-2, 2], "to": [0, 2]}))  # lily to 1,2: red
    assert at(after, 1, 2) is None
    assert tiles(after, BO, "lily")["returned"] == 1 and tiles(after, BO, "lily")["board"] == 0
    mixed = play(state, (ANN, "boat", {"from": [-2, 2], "to": [-1, 2]}))  # lily to 0,2: both
    assert at(mixed, 0, 2) == (BO, "lily")


# -- the Wheel -------------------------------------------------------------------------------

def test_the_wheel_moves_through_empty_points_only():
    state = put(board_game(), (0, 0, ANN, "wheel"), (0, -2, ANN, "jade"))
    assert at(moved(state, ANN, (0, 0), (0, 7)), 0, 7) == (ANN, "wheel")
    refused(state, ANN, "move", {"from": [0, 0], "to": [0, -4]}, "empty points only")


def test_the_wheel_turns_the_eight_around_it_clockwise():
    state = put(board_game(), (0, 0, ANN, "wheel"), (0, -1, BO, "dragon"), (1, 1, ANN, "lotus"))
    after = play(state, (ANN, "wheel_turn", {"at": [0, 0], "steps": 2}))
    assert at(after, 1, 0) == (BO, "dragon") and at(after, -1, 1) == (ANN, "lotus")


def test_the_wheel_needs_all_eight_points_and_never_turns_onto_a_rock():
    edge = put(board_game(), (0, -8, ANN, "wheel"), (1, -7, BO, "dragon"), (0, 0, ANN, "wheel"),
               (0, 1, BO, "lotus"))
    refused(edge, ANN, "wheel_turn", {"at": [0, -8], "steps": 1}, "all 8 points")
    rock = put(board_game(), (0, 0, ANN, "wheel"), (0, -1, BO, "dragon"), (1, -1, BO, "rock"))
    refused(rock, ANN, "wheel_turn", {"at": [0, 0], "steps": 1}, "onto a Rock")
    after = play(rock, (ANN, "wheel_turn", {"at": [0, 0], "steps": 2}))
    assert at(after, 1, -1) == (BO, "rock") and at(after, 1, 0) == (BO, "dragon")


def test_a_flower_turned_onto_its_opposite_colour_is_returned():
    state = put(board_game(), (2, 2, ANN, "wheel"), (1, 2, BO, "rose"))
    after = play(state, (ANN, "wheel_turn", {"at": [2, 2], "steps": 2}))  # 1,2 -> 2,1: red
    assert at(after, 2, 1) == (BO, "rose") and tiles(after, BO, "rose")["returned"] == 0
    axis = put(board_game(), (1, 1, ANN, "wheel"), (0, 1, BO, "rose"))
    turned = play(axis, (ANN, "wheel_turn", {"at": [1, 1], "steps": 2}))
    assert at(turned, 1, 0) == (BO, "rose")  # an axis point holds both colours
    white = put(board_game(), (1, -1, ANN, "wheel"), (1, 0, BO, "rose"))
    home = play(white, (ANN, "wheel_turn", {"at": [1, -1], "steps": 5}))  # 1,0 -> 2,-2: white
    assert at(home, 2, -2) is None and tiles(home, BO, "rose")["returned"] == 1


# -- harmonies, points, the lotus ----------------------------------------------------------------

def test_a_harmony_is_found_after_the_move_and_scores_every_third_turn():
    state = put(board_game(target=50), (0, -2, ANN, "rose"), (1, -4, ANN, "chrysanthemum"))
    state = moved(state, ANN, (1, -4), (0, -3))  # next to the rose? no: 0,-3 is next to 0,-2
    assert [h["at"] for h in state["harmonies"]] == [[[0, -3], [0, -2]]]
    for _ in range(2):
        state = play(state, (BO, "pass"), (ANN, "pass"))
    assert state["scores"][ANN] == 1


def test_moving_a_tile_of_a_harmony_breaks_it_and_remaking_it_is_a_new_one():
    state = put(board_game(), (0, -2, ANN, "rose"), (0, -3, ANN, "chrysanthemum"))
    state = play(state, (ANN, "pass"))
    state["harmonies"] = []
    state = play(state, (BO, "pass"))  # found again at the end of Bo's turn
    first = state["harmonies"][0]["id"]
    state = moved(state, ANN, (0, -3), (0, -4))
    assert state["harmonies"] == []
    state = play(state, (BO, "pass"))
    state = moved(state, ANN, (0, -4), (0, -3))
    assert state["harmonies"][0]["id"] > first


def test_harmony_reach_line_finds_flowers_far_apart():
    state = put(board_game(harmony_reach="line"), (-5, 0, ANN, "lily"), (5, 0, ANN, "jasmine"))
    state = play(state, (ANN, "pass"))
    assert [h["at"] for h in state["harmonies"]] == [[[-5, 0], [5, 0]]]
    near = put(board_game(), (-5, 0, ANN, "lily"), (5, 0, ANN, "jasmine"))
    assert play(near, (ANN, "pass"))["harmonies"] == []


@pytest.mark.parametrize("players", [("Ann", "Bo"), ("Ann", "Bo", "Cy", "Di")])
def test_a_player_who_forfeits_keeps_no_harmony_on_the_board(players):
    state = put(board_game(players), (0, -2, BO, "rose"), (0, -3, BO, "chrysanthemum"),
                (3, 2, ANN, "lily"), (3, 3, ANN, "jade"))
    state = play(state, (ANN, "pass"))
    assert {h["owner"] for h in state["harmonies"]} == {ANN, BO}
    state = play(state, (BO, "forfeit"))
    assert {h["owner"] for h in state["harmonies"]} == {ANN}
    assert [(h["owner"], h["by_itself"]) for h in state["broken"]] == [(BO, True)]
    if not state["over"]:
        state = play(state, (2, "pass"), (3, "pass"), (ANN, "pass"))
        assert {h["owner"] for h in state["harmonies"]} == {ANN} and state["scores"][BO] == 0


def test_the_lotus_blooms_for_the_player_with_fewer_captures():
    state = put(board_game(), (0, 0, ANN, "jade"), (0, -2, BO, "rhododendron"), (3, -3, BO, "lotus"),
                (3, -5, BO, "jasmine"))
    assert not state["harmonies"]
    state = moved(state, ANN, (0, 0), (0, -2))  # Ann captures: Bo has fewer captures, blooms
    assert q.blooming_seat(state) == BO
    assert [(h["owner"], h["a"], h["b"]) for h in state["harmonies"]] == [(BO, "jasmine", "lotus")]


def test_the_score_keepers_moves_are_refused_on_a_board_table():
    state = board_game()
    refused(state, ANN, "harmony_formed", {"tiles": ["rose", "chrysanthemum"]}, "finds harmonies")
    refused(state, ANN, "pass", {"formed": [["rose", "chrysanthemum"]]}, "finds harmonies")


def test_new_tables_keep_the_board_and_old_tables_keep_the_score_keeper():
    from engine.paisho import GAME
    from engine.spec import make_spec
    from engine.table import Match

    new = Match(GAME, make_spec(GAME, ["Ann", "Bo"]))
    assert new.state["board"] == {} and new.spec.settings["board"] is True
    before_the_board = GAME.setup(["Ann", "Bo"], {"target": 30})  # the settings such a table stored
    assert "board" not in before_the_board
    played = play(before_the_board, (ANN, "place", {"tile": "rose"}))
    assert played["tiles"][ANN]["board"] == {"rose": 1}


# -- said in words, and over the JSON transport ---------------------------------------------

def test_a_board_move_says_what_it_did():
    from engine.game import Action

    state = put(board_game(), (0, 0, ANN, "jade"), (0, -2, BO, "rhododendron"), (0, -3, ANN, "lily"))
    line = said(state, Action(ANN, "move", {"from": [0, 0], "to": [0, -2]}), BO).text
    assert line.startswith("Ann moved a White Jade from 0,0 to 0,-2; captured Bo's Rhododendron")
    assert "Lily + White Jade) formed" in line
    placing = said(board_game(), Action(ANN, "place", {"tile": "rose", "at": [0, 7]}), BO).text
    assert placing == "Ann placed a Rose on 0,7"


def test_the_loser_of_a_capture_hears_it_and_a_forfeit_after_it_says_only_the_forfeit():
    from engine.game import Action

    state = put(board_game(), (0, 0, ANN, "jade"), (0, -2, BO, "rhododendron"), (0, -3, ANN, "lily"))
    capture = Action(ANN, "move", {"from": [0, 0], "to": [0, -2]})
    assert said(state, capture, BO).to_you == "Ann captured your Rhododendron; your White Lotus blooms"
    assert said(state, capture, ANN).to_you is None
    state = play(state, (ANN, capture.kind, capture.payload))
    forfeit = said(state, Action(BO, "forfeit", {}), None)
    assert forfeit.text == "Bo forfeited; Ann wins"  # not the capture again


def test_a_board_move_over_the_json_transport_is_checked_like_a_tap():
    from tests.support import Api

    api = Api()
    code = api.create("paisho", ("Ann", "Bo"), {"board": True})
    ann = api.claim(code, ANN)
    view = api.view(code, ann)
    assert view["private"]["turn"]["starts"]["jasmine"] == [[0, -8]]
    words = api.refused(code, "place", {"tile": "jasmine", "at": [0, 8]}, token=ann)
    assert "Home Port" in words
    status, body = api.act(code, "place", {"tile": "jasmine", "at": [0, -8]}, token=ann)
    assert status == 200, body
    assert {"at": [0, -8], "owner": ANN, "kind": "jasmine"} in api.view(code, ann)["public"]["board"]
