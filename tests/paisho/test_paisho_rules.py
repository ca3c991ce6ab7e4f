"""The rules as data: the harmony ring, harmony pairs and the capture table."""

from itertools import combinations

import pytest

from engine.paisho.capture import CaptureContext, capture_allowed
from engine.paisho.harmony import RING, opposite, pair_refusal, ring_relation
from engine.paisho.tiles import (
    COPIES, ELEMENTAL, FLOWERS, KINDS, SPECIAL, counts, family, new_inventory, parse_kind, shift,
)
from engine.errors import IllegalAction

HARMONIOUS = {
    frozenset(p) for p in [
        ("rose", "chrysanthemum"), ("chrysanthemum", "rhododendron"),
        ("rhododendron", "jasmine"), ("jasmine", "lily"), ("lily", "jade"), ("jade", "rose"),
    ]
}
OPPOSITE = {
    frozenset(p) for p in [("jasmine", "rose"), ("lily", "chrysanthemum"), ("jade", "rhododendron")]
}
NEITHER = {
    frozenset(p) for p in [
        ("rose", "rhododendron"), ("chrysanthemum", "jasmine"), ("rhododendron", "lily"),
        ("jasmine", "jade"), ("lily", "rose"), ("jade", "chrysanthemum"),
    ]
}


def test_ring_order_is_the_clarified_clockwise_order():
    assert RING == ("rose", "chrysanthemum", "rhododendron", "jasmine", "lily", "jade")


def test_the_expected_table_covers_all_15_pairs_once():
    pairs = {frozenset(p) for p in combinations(FLOWERS, 2)}
    assert len(pairs) == 15
    assert HARMONIOUS | OPPOSITE | NEITHER == pairs
    assert len(HARMONIOUS) == 6 and len(OPPOSITE) == 3 and len(NEITHER) == 6


@pytest.mark.parametrize("a,b", list(combinations(FLOWERS, 2)))
def test_ring_table_for_every_pair_of_flowers(a, b):
    pair = frozenset((a, b))
    expected = ("harmonious" if pair in HARMONIOUS else
                "opposite" if pair in OPPOSITE else "neither")
    assert ring_relation(a, b) == expected
    assert ring_relation(b, a) == expected
    refusal = pair_refusal(a, b, lotus_blooming=False)
    if expected == "harmonious":
        assert refusal is None
    elif expected == "opposite":
        assert "opposites" in refusal
    else:
        assert "not neighbours on the harmony ring" in refusal


def test_opposites_are_the_other_colour():
    assert opposite("jasmine") == "rose" and opposite("rose") == "jasmine"
    assert opposite("lily") == "chrysanthemum" and opposite("chrysanthemum") == "lily"
    assert opposite("jade") == "rhododendron" and opposite("rhododendron") == "jade"


def test_same_flower_does_not_harmonise():
    assert "two Jasmine tiles" in pair_refusal("jasmine", "jasmine", True)


@pytest.mark.parametrize("flower", FLOWERS)
def test_blooming_lotus_harmonises_with_every_flower(flower):
    assert pair_refusal("lotus", flower, lotus_blooming=True) is None
    assert pair_refusal(flower, "lotus", lotus_blooming=True) is None
    assert "not blooming" in pair_refusal("lotus", flower, lotus_blooming=False)


@pytest.mark.parametrize("other", ELEMENTAL + ("dragon", "lotus"))
def test_lotus_does_not_harmonise_with_non_flowers(other):
    assert pair_refusal("lotus", other, lotus_blooming=True) is not None


@pytest.mark.parametrize("kind", ELEMENTAL + ("dragon",))
def test_elemental_and_dragon_never_harmonise(kind):
    assert "does not form harmonies" in pair_refusal(kind, "rose", True)
    assert "does not form harmonies" in pair_refusal("rose", kind, True)


def test_families_and_counts():
    assert ELEMENTAL == ("knotweed", "boat", "wheel", "rock")
    assert SPECIAL == ("dragon", "lotus")
    assert all(COPIES[k] == 6 for k in FLOWERS)
    assert all(COPIES[k] == 3 for k in ELEMENTAL + SPECIAL)
    inv = new_inventory()
    assert sum(counts(inv, k)["hand"] for k in KINDS) == 6 * 6 + 3 * 6
    assert inv == {"board": {}, "pot": {}, "returned": {}}  # the hand holds the rest of the set
    assert {family(k) for k in KINDS} == {"flower", "elemental", "special"}


def test_an_inventory_moves_tiles_between_places():
    inv = new_inventory()
    shift(inv, "rose", "hand", "board")
    shift(inv, "rose", "hand", "board")
    shift(inv, "rose", "board", "returned")
    assert counts(inv, "rose") == {"hand": 4, "board": 1, "pot": 0, "returned": 1}
    shift(inv, "rose", "returned", "board")
    shift(inv, "rose", "board", "pot")
    assert counts(inv, "rose") == {"hand": 4, "board": 1, "pot": 1, "returned": 0}
    assert inv == {"board": {"rose": 1}, "pot": {"rose": 1}, "returned": {}}


def test_kind_names_are_forgiving_but_unknown_ones_are_refused():
    assert parse_kind("White Jade") == "jade"
    assert parse_kind("white_lotus") == "lotus"
    assert parse_kind("White Dragon") == "dragon"
    assert parse_kind(" ROSE ") == "rose"
    with pytest.raises(IllegalAction) as err:
        parse_kind("tulip")
    assert "not a Pai Sho tile" in err.value.message


# -- captures ------------------------------------------------------------------------
@pytest.mark.parametrize("capturer", FLOWERS)
@pytest.mark.parametrize("captured", FLOWERS)
def test_flowers_capture_only_their_opposite(capturer, captured):
    ruling = capture_allowed(capturer, captured)
    assert ruling.allowed == (ring_relation(capturer, captured) == "opposite")
    assert not ruling.capturer_removed
    if not ruling.allowed:
        assert "can only capture its opposite" in ruling.reason


@pytest.mark.parametrize("capturer", FLOWERS + ("boat", "wheel"))
@pytest.mark.parametrize("captured", ELEMENTAL)
def test_capturing_an_elemental_tile_removes_both(capturer, captured):
    ruling = capture_allowed(capturer, captured)
    assert ruling.allowed and ruling.capturer_removed


@pytest.mark.parametrize("capturer", ("boat", "wheel"))
@pytest.mark.parametrize("captured", FLOWERS)
def test_elemental_capturing_a_flower_removes_both(capturer, captured):
    ruling = capture_allowed(capturer, captured)
    assert ruling.allowed and ruling.capturer_removed


@pytest.mark.parametrize("capturer", FLOWERS + ("boat", "wheel", "dragon", "lotus"))
@pytest.mark.parametrize("captured", SPECIAL)
def test_special_tiles_are_captured_by_anything_and_only_they_go(capturer, captured):
    ruling = capture_allowed(capturer, captured)
    assert ruling.allowed and not ruling.capturer_removed


@pytest.mark.parametrize("capturer", SPECIAL)
@pytest.mark.parametrize("captured", KINDS)
def test_special_tiles_capture_anything_and_stay_even_on_elemental(capturer, captured):
    ruling = capture_allowed(capturer, captured)
    assert ruling.allowed and not ruling.capturer_removed


@pytest.mark.parametrize("capturer", ("knotweed", "rock"))
@pytest.mark.parametrize("captured", KINDS)
def test_tiles_that_cannot_move_cannot_capture(capturer, captured):
    ruling = capture_allowed(capturer, captured)
    assert not ruling.allowed and "cannot move" in ruling.reason


def test_own_tiles_and_capturers_off_the_board_are_refused():
    assert "your own tile" in capture_allowed(
        "jasmine", "rose", CaptureContext(same_owner=True)).reason
    assert "already be on the board" in capture_allowed(
        "jasmine", "rose", CaptureContext(capturer_on_board=False)).reason
