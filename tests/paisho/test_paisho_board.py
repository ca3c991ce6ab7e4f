"""The Pai Sho board (CLARIFICATIONS, "Pai Sho: the board") and the harmonies found on it,
in the engine and by ``companion paisho harmonies``."""

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.paisho import board as b
from engine.paisho.harmony import LINE, NEXT, Tile, harmonies
from engine.paisho.tiles import KINDS
from tests.depth import examples
from tests.paisho.support import brute_force
from tests.support import companion


# -- the board ----------------------------------------------------------------------

def test_the_board_has_249_points_in_rows_of_its_circle():
    assert len(b.POINTS) == 249
    rows = [sum(1 for p in b.POINTS if p[1] == y) for y in range(-8, 9)]
    assert rows == [9, 11, 13, 15] + [17] * 9 + [15, 13, 11, 9]
    assert (8, 4) in b.POINTS and (8, 5) not in b.POINTS and (6, 6) in b.POINTS and (7, 6) not in b.POINTS


def test_ports_tips_and_centre_are_on_the_board_and_neutral_where_said():
    for port in b.PORTS:
        assert b.on_board(port) and b.colours(port) == {b.NEUTRAL}
    for tip in b.TIPS:
        assert b.colours(tip) == {b.RED, b.WHITE, b.NEUTRAL}
    assert b.colours(b.CENTRE) == {b.RED, b.WHITE}


@pytest.mark.parametrize("point", [(x, y) for x in range(-8, 9) for y in range(-8, 9)
                                   if x * x + y * y <= 80])
def test_every_points_colours_follow_the_formula(point):
    x, y = point
    s = abs(x) + abs(y)
    if s > 7:
        expected = {b.NEUTRAL}
    elif x == 0 or y == 0:
        expected = {b.RED, b.WHITE} | ({b.NEUTRAL} if s == 7 else set())
    else:
        expected = {b.RED if x * y > 0 else b.WHITE} | ({b.NEUTRAL} if s == 7 else set())
    assert b.colours(point) == expected


def test_seats_sit_across_with_two_and_at_every_port_with_four():
    assert [b.port_of(s, 2) for s in range(2)] == [(0, -8), (0, 8)]
    assert [b.port_of(s, 4) for s in range(4)] == [(0, -8), (-8, 0), (0, 8), (8, 0)]
    assert b.ports_of(0, 2)["foreign"] == (0, 8) and b.tips_of(0, 2)["foreign"] == (0, 7)
    assert {b.ports_of(1, 4)["east"], b.ports_of(1, 4)["west"]} == {(0, -8), (0, 8)}
    assert b.near_half(0, 2, (3, -1)) and b.far_half(0, 2, (3, 1))
    assert not b.near_half(0, 2, (5, 0)) and not b.far_half(0, 2, (5, 0))


def test_knotweeds_reach_is_the_eight_points_around_on_the_board():
    assert len(b.around((0, 0))) == 8
    assert (0, -9) not in b.around((0, -8)) and len(b.around((0, -8))) == 5


# -- harmonies ----------------------------------------------------------------------

def board(*items):
    return {(x, y): Tile(owner, kind) for x, y, owner, kind in items}


def pairs(found):
    return [(h.owner, h.points, h.tiles) for h in found]


def test_ring_neighbours_next_to_each_other_harmonise():
    found = harmonies(board((0, -3, 0, "rose"), (0, -2, 0, "chrysanthemum")))
    assert pairs(found) == [(0, ((0, -3), (0, -2)), ("rose", "chrysanthemum"))]


def test_the_ring_closes_white_jade_and_rose_harmonise():
    assert harmonies(board((1, 1, 0, "jade"), (2, 1, 0, "rose")))


@pytest.mark.parametrize("other", ["rhododendron", "jasmine", "rose", "boat", "dragon", "lotus"])
def test_no_harmony_for_tiles_not_neighbours_on_the_ring(other):
    assert harmonies(board((0, -3, 0, "rose"), (0, -2, 0, other))) == []


def test_tiles_of_two_owners_never_harmonise():
    assert harmonies(board((0, -3, 0, "rose"), (0, -2, 1, "chrysanthemum"))) == []


def test_diagonal_points_never_harmonise():
    assert harmonies(board((0, 0, 0, "rose"), (1, 1, 0, "chrysanthemum"))) == []
    assert harmonies(board((0, 0, 0, "rose"), (1, 1, 0, "chrysanthemum")), LINE) == []


def test_a_tile_on_a_port_never_harmonises():
    assert harmonies(board((0, -8, 0, "jasmine"), (0, -7, 0, "lily"))) == []
    assert harmonies(board((0, -8, 0, "jasmine"), (0, -7, 0, "lily")), LINE) == []


def test_next_reach_needs_the_points_next_to_each_other():
    assert harmonies(board((0, -3, 0, "rose"), (0, -1, 0, "chrysanthemum")), NEXT) == []


def test_next_reach_connects_through_non_blooming_lotuses_only():
    across_two = board((0, -4, 0, "rose"), (0, -3, 1, "lotus"), (0, -2, 0, "lotus"),
                       (0, -1, 0, "chrysanthemum"))
    assert [h.points for h in harmonies(across_two)] == [((0, -4), (0, -1))]
    one_blooms = dict(across_two)
    assert all(h.points != ((0, -4), (0, -1)) for h in harmonies(one_blooms, blooming=frozenset({1})))
    with_a_gap = board((0, -4, 0, "rose"), (0, -3, 1, "lotus"), (0, -1, 0, "chrysanthemum"))
    assert harmonies(with_a_gap) == []
    with_a_rock = board((0, -3, 0, "rose"), (0, -2, 1, "rock"), (0, -1, 0, "chrysanthemum"))
    assert harmonies(with_a_rock) == []


def test_line_reach_needs_only_empty_points_between():
    apart = board((-5, 0, 0, "lily"), (5, 0, 0, "jade"))
    assert [h.points for h in harmonies(apart, LINE)] == [((-5, 0), (5, 0))]
    assert harmonies(apart, NEXT) == []
    blocked = dict(apart)
    blocked[(0, 0)] = Tile(0, "lotus")
    assert harmonies(blocked, LINE) == []


def test_line_reach_an_empty_port_between_the_two_tiles_breaks_their_line():
    across_the_port = board((-2, -8, 0, "lily"), (2, -8, 0, "jade"))
    assert harmonies(across_the_port, LINE) == []
    down_the_side = board((-8, -3, 0, "rose"), (-8, 2, 0, "chrysanthemum"))
    assert harmonies(down_the_side, LINE) == []
    beside_the_port = board((-3, -8, 0, "lily"), (-1, -8, 0, "jade"))
    assert [h.points for h in harmonies(beside_the_port, LINE)] == [((-3, -8), (-1, -8))]


@pytest.mark.parametrize("rock", [(7, 0), (-7, 0), (-6, 0)])
def test_line_reach_a_rock_anywhere_on_the_line_cancels_the_harmony(rock):
    apart = board((-5, 0, 0, "lily"), (5, 0, 0, "jade"), (*rock, 1, "rock"))
    assert harmonies(apart, LINE) == []


def test_line_reach_a_rock_off_the_line_changes_nothing_and_next_reach_ignores_it():
    off_the_line = board((-5, 0, 0, "lily"), (5, 0, 0, "jade"), (3, 1, 1, "rock"), (-5, 3, 0, "rock"))
    assert [h.points for h in harmonies(off_the_line, LINE)] == [((-5, 0), (5, 0))]
    next_to = board((0, -3, 0, "rose"), (0, -2, 0, "chrysanthemum"), (0, 5, 0, "rock"))
    assert [h.points for h in harmonies(next_to, NEXT)] == [((0, -3), (0, -2))]
    assert harmonies(next_to, LINE) == []


def test_a_blooming_lotus_harmonises_with_its_owners_flowers_within_three():
    position = board((0, 0, 0, "lotus"), (1, 2, 0, "rose"), (2, 3, 0, "jade"), (0, 1, 1, "lily"))
    assert harmonies(position) == []
    found = harmonies(position, blooming=frozenset({0}))
    assert pairs(found) == [(0, ((0, 0), (1, 2)), ("lotus", "rose"))]


def test_harmonies_are_sorted_by_their_points():
    position = board((3, 3, 1, "lily"), (3, 4, 1, "jasmine"), (-2, 0, 0, "rose"), (-1, 0, 0, "jade"))
    assert [h.points for h in harmonies(position)] == [((-2, 0), (-1, 0)), ((3, 3), (3, 4))]


# -- the same, against a search of every pair written another way -----------------

positions = st.dictionaries(st.sampled_from(b.POINTS[60:190]),
                            st.builds(Tile, st.integers(0, 1), st.sampled_from(KINDS)), max_size=40)


@settings(max_examples=examples(100), deadline=None)
@given(positions, st.sampled_from([NEXT, LINE]), st.frozensets(st.integers(0, 1), max_size=2))
def test_the_finder_finds_what_a_search_of_every_pair_finds(tiles, reach, blooming):
    found = harmonies(tiles, reach, blooming)
    assert {h.points for h in found} == brute_force(tiles, reach, blooming)
    assert [h.points for h in found] == sorted(h.points for h in found)
    for h in found:
        assert h.tiles == (tiles[h.points[0]].kind, tiles[h.points[1]].kind)
        assert h.owner == tiles[h.points[0]].owner == tiles[h.points[1]].owner


PORT_LINES = [p for p in b.POINTS if 0 in p or abs(p[0]) == 8 or abs(p[1]) == 8]
"""The rows and columns that hold a port: where an empty port can stand between two tiles."""
RING_NEIGHBOURS = [("rose", "chrysanthemum"), ("chrysanthemum", "rhododendron"), ("rhododendron", "jasmine"),
                   ("jasmine", "lily"), ("lily", "jade"), ("jade", "rose")]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(PORT_LINES),
                       st.builds(Tile, st.integers(0, 1), st.sampled_from(["rock", "rose", "chrysanthemum",
                                                                            "jade", "lily", "lotus"])),
                       max_size=12),
       st.sampled_from([NEXT, LINE]), st.frozensets(st.integers(0, 1), max_size=2))
def test_the_finder_agrees_with_the_search_where_ports_and_rocks_stand_on_the_lines(tiles, reach, blooming):
    assert {h.points for h in harmonies(tiles, reach, blooming)} == brute_force(tiles, reach, blooming)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(RING_NEIGHBOURS), st.sampled_from(b.POINTS), st.sampled_from(b.STEPS),
       st.integers(1, 16), st.sampled_from(b.POINTS), st.integers(0, 1))
def test_line_reach_two_flowers_harmonise_unless_a_port_between_or_a_rock_on_their_line(
        pair, first, step, distance, rock, rock_owner):
    second = (first[0] + step[0] * distance, first[1] + step[1] * distance)
    assume(b.on_board(second) and first not in b.PORTS and second not in b.PORTS and rock not in (first, second))
    position = board((*first, 0, pair[0]), (*second, 0, pair[1]), (*rock, rock_owner, "rock"))
    rock_on_their_line = rock[1] == first[1] if step[1] == 0 else rock[0] == first[0]
    port_between = any(p in b.PORTS for p in b.between(first, second))
    found = [h.points for h in harmonies(position, LINE)]
    assert found == ([] if rock_on_their_line or port_between else [tuple(sorted((first, second)))])


# -- the command line ---------------------------------------------------------------

def test_the_command_line_lists_harmonies_as_json():
    run = companion("paisho", "harmonies", "--board",
                    "0,-2:0:chrysanthemum 0,-3:0:rose 5,1:1:lotus 5,3:1:jasmine 5,4:1:lily 4,4:1:rose",
                    "--blooming", "1", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"harmonies": [
        {"owner": 0, "points": [[0, -3], [0, -2]], "tiles": ["rose", "chrysanthemum"]},
        {"owner": 1, "points": [[5, 1], [5, 3]], "tiles": ["lotus", "jasmine"]},
        {"owner": 1, "points": [[5, 1], [5, 4]], "tiles": ["lotus", "lily"]},
        {"owner": 1, "points": [[5, 3], [5, 4]], "tiles": ["jasmine", "lily"]},
    ]}


def test_the_command_line_reach_line_and_words():
    run = companion("paisho", "harmonies", "--board", "-5,0:0:lily 5,0:0:jade", "--reach", "line")
    assert run.returncode == 0, run.stderr
    assert "White Jade at 5,0" in run.stdout and "Lily at -5,0" in run.stdout
    none = companion("paisho", "harmonies", "--board", "-5,0:0:lily 5,0:0:jade")
    assert none.returncode == 0 and "No harmonies" in none.stdout


@pytest.mark.parametrize("board_option", [["--board", "-4,-1:0:lotus"], ["--board=-4,-1:0:lotus"],
                                          ["--board", "-5,0:0:lily -2,0:0:jade", "--reach", "line"]])
def test_the_command_line_reads_a_board_beginning_with_a_minus_as_the_value(board_option):
    run = companion("paisho", "harmonies", *board_option, "--json")
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)["harmonies"]
    assert found == ([] if len(board_option) < 3 else
                     [{"owner": 0, "points": [[-5, 0], [-2, 0]], "tiles": ["lily", "jade"]}])


def test_the_command_line_still_refuses_an_unknown_option_after_board():
    run = companion("paisho", "harmonies", "--board", "-x")
    assert run.returncode == 2 and "--board" in run.stderr


@pytest.mark.parametrize("items, words", [
    ("9,9:0:rose", "off the board"),
    ("0,0:0:rose 0,0:1:lily", "two tiles on 0,0"),
    ("0,0:0:tulip", "not a Pai Sho tile"),
    ("0,0:7:rose", "the seat is 0 to 3"),
    ("0,0:rose", "x,y:SEAT:TILE"),
])
def test_bad_boards_get_one_line_and_status_2(items, words):
    run = companion("paisho", "harmonies", "--board", items)
    assert run.returncode == 2
    assert words in run.stderr and len(run.stderr.strip().splitlines()) == 1
