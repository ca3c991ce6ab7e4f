"""The board: 37 circles in rows 4-5-6-7-6-5-4, hex adjacency, labels, geometry."""

import math

import pytest

from engine.bluffstones import board
from engine.errors import IllegalAction


def test_37_circles_in_rows_of_4_5_6_7_6_5_4():
    assert len(board.CIRCLES) == 37
    assert len(set(board.CIRCLES)) == 37
    lengths = [sum(1 for c in board.CIRCLES if c[0] == row) for row in "ABCDEFG"]
    assert lengths == [4, 5, 6, 7, 6, 5, 4]
    assert board.CIRCLES[:4] == ("A1", "A2", "A3", "A4")
    assert "D7" in board.CIRCLES and "A5" not in board.CIRCLES and "G5" not in board.CIRCLES


def test_centre_has_six_neighbours():
    assert sorted(board.neighbours("D4")) == ["C3", "C4", "D3", "D5", "E3", "E4"]


@pytest.mark.parametrize("corner", ["A1", "A4", "D1", "D7", "G1", "G4"])
def test_corners_have_three_neighbours(corner):
    assert len(board.neighbours(corner)) == 3


def test_neighbour_counts_over_the_whole_board():
    counts = {c: len(board.neighbours(c)) for c in board.CIRCLES}
    assert sum(1 for n in counts.values() if n == 3) == 6
    assert sum(1 for n in counts.values() if n == 4) == 12  # the other edge circles
    assert sum(1 for n in counts.values() if n == 6) == 19  # 1 + 6 + 12 inner circles
    assert sorted(board.neighbours("A1")) == ["A2", "B1", "B2"]
    assert sorted(board.neighbours("D1")) == ["C1", "D2", "E1"]
    assert sorted(board.neighbours("G4")) == ["F4", "F5", "G3"]


def test_adjacency_is_symmetric_and_never_self():
    for a in board.CIRCLES:
        assert a not in board.neighbours(a)
        for b in board.neighbours(a):
            assert a in board.neighbours(b)


def test_geometry_neighbours_are_exactly_one_spacing_apart():
    """Computed independently from the drawn centres: touching circles are adjacent."""
    for a in board.CIRCLES:
        for b in board.CIRCLES:
            if a == b:
                continue
            (x1, y1), (x2, y2) = board.centre(a), board.centre(b)
            close = math.isclose(math.hypot(x1 - x2, y1 - y2), board.SPACING, rel_tol=1e-9)
            assert close == board.are_neighbours(a, b), (a, b)


def test_geometry_fits_a_unit_hexagon():
    assert board.centre("D4") == (0.0, 0.0)
    assert board.centre("D1") == (-1.0, 0.0) and board.centre("D7") == (1.0, 0.0)
    for corner in ("A1", "A4", "G1", "G4"):
        x, y = board.centre(corner)
        assert math.isclose(math.hypot(x, y), 1.0)
    assert board.centre("A1")[1] < 0 < board.centre("G1")[1]  # row A at the top
    for item in board.geometry():
        assert 0 <= item["box_x"] <= 1 and 0 <= item["box_y"] <= 1
    # rows are drawn left to right
    assert board.centre("D1")[0] < board.centre("D2")[0] < board.centre("D7")[0]


def test_default_towers_centre_and_two_steps_out_on_the_axes():
    towers = board.DEFAULT_TOWERS
    assert sorted(towers) == ["B2", "B4", "D2", "D4", "D6", "F2", "F4"]
    assert "D4" in towers
    for t in towers:
        if t != "D4":
            assert board.distance(t, "D4") == 2
    for a in towers:
        for b in towers:
            assert not board.are_neighbours(a, b)


def test_parse_circle_reads_what_a_player_types():
    assert board.parse_circle(" d4 ") == "D4"
    assert board.parse_circles("b2, B4 d2") == ["B2", "B4", "D2"]
    assert board.parse_circles(["g4", "A1"]) == ["G4", "A1"]
    for bad in ("A5", "H1", "D0", "", None, "44"):
        with pytest.raises(IllegalAction) as info:
            board.parse_circle(bad)
        assert "is not a circle on the board" in info.value.message
