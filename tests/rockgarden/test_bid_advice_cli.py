"""``companion advise-bid`` run as a real command (in this process, ``companion.cli.main``):
the contract of issue 17."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.support import companion


def advise_bid(*args: str) -> subprocess.CompletedProcess:
    return companion("advise-bid", *args)


def advice(*args: str) -> dict:
    done = advise_bid(*args, "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout)


def test_the_issues_command_and_json_shape():
    data = advice("--garden", "R1 R2 G3 B3", "--pile", "Y1 Y2 W3", "--pile", "B1 B2 G2 / R1")
    assert data == {
        "piles": [
            # nothing forms with pile 1, so no rocks at all is the one bid worth making
            {"pile": 1, "bids": [
                {"rocks": [], "value": 0, "demerits_if_it_stands": 0,
                 "rocks_kept": ["R1", "R2", "G3", "B3", "Y1", "Y2", "W3"]},
            ]},
            # only no rocks undercuts R1; B1 B2 + B3 is a Straight Flush (card 1)
            {"pile": 2, "bids": [
                {"rocks": [], "value": 0, "demerits_if_it_stands": 1,
                 "rocks_kept": ["R1", "R2", "G3", "B3", "B1", "B2", "G2"]},
            ]},
        ],
        "pass": {"legal": False, "expected_demerits": None, "black_rock_chance": None},
    }


def test_a_bid_of_one_rock_as_in_the_issue():
    # Y1 G1 B1 + the garden's R1 is a Foursome: bidding R1 (worth 1) avoids it
    data = advice("--garden", "R1 R2 G3 B3", "--pile", "Y1 G1 B1 W3")
    assert data["piles"][0]["bids"] == [
        {"rocks": ["R1"], "value": 1, "demerits_if_it_stands": 0,
         "rocks_kept": ["R2", "G3", "B3", "Y1", "G1", "B1", "W3"]},
        {"rocks": [], "value": 0, "demerits_if_it_stands": 1,
         "rocks_kept": ["R1", "R2", "G3", "B3", "Y1", "G1", "B1", "W3"]},
    ]
    for bid in data["piles"][0]["bids"]:
        assert list(bid) == ["rocks", "value", "demerits_if_it_stands", "rocks_kept"]


def test_tops_after_deck_and_lower_case_input():
    data = advice("--garden", "r1 r1", "--pile", "r1 y3 b2", "--tops", "trips=11", "--after-deck", "ten")
    assert [(b["rocks"], b["demerits_if_it_stands"]) for b in data["piles"][0]["bids"]] == [(["R1"], 0), ([], 10)]
    data = advice("--garden", "r1 r1", "--pile", "r1 y3 b2", "--tops", "trips=11")
    assert data["piles"][0]["bids"][1]["demerits_if_it_stands"] == 11


def test_pass_with_a_listed_bag_and_the_black_rock():
    data = advice(
        "--garden", "R1 R1 Y2 G3", "--pile", "Y1 W2 B3 / W1", "--tops", "trips=4",
        "--bag", "R1 R1 R1 B2 W3 K", "--can-pass",
    )
    # R1 (3 in 6) makes Trips worth 4; the black rock (1 in 6) scores the garden as it is
    assert data["pass"] == {"legal": True, "expected_demerits": 3.0, "black_rock_chance": 0.1667}


def test_pass_with_the_rest_of_the_bag_by_default():
    # the bag is the 75 less the 4 + 3 + 1 rocks given: 67 rocks, no black rock; 3 R1 left
    # of 5 make Trips (card 1): 1 + 3/67
    data = advice("--garden", "R1 R1 Y2 G3", "--pile", "Y1 W2 B3 / W1", "--can-pass")
    assert data["pass"] == {"legal": True, "expected_demerits": round(1 + 3 / 67, 4), "black_rock_chance": 0.0}
    assert advice("--garden", "R1 R1 Y2 G3", "--pile", "Y1 W2 B3 / W1", "--can-pass", "--bag-rest") == data


def test_a_standing_bid_of_no_rocks():
    data = advice("--garden", "R1 R2", "--pile", "Y1 Y2 W3 /", "--pile", "G3 B3 / G1")
    assert data["piles"][0] == {"pile": 1, "bids": []}
    assert [b["rocks"] for b in data["piles"][1]["bids"]] == [[]]


def test_plain_output_reads_per_pile():
    done = advise_bid(
        "--garden", "R2 Y2 G2 R1 Y3", "--pile", "B2 W1 W3", "--pile", "W1 B1 B3 /",
        "--tops", "foursome=3",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Trips 1, Foursome 3, Straight Flush 1: deck tops as they are now: "
        "the players before you in the turn-in order may move them",
        "Pile 1: B2 W1 W3 (no bid yet)",
        "  1. bid R2 (2): no demerit if it stands; keep 7 rocks: Y2 G2 R1 Y3 B2 W1 W3",
        "  2. bid Y2 (2): no demerit if it stands; keep 7 rocks: R2 G2 R1 Y3 B2 W1 W3",
        "  3. bid G2 (2): no demerit if it stands; keep 7 rocks: R2 Y2 R1 Y3 B2 W1 W3",
        "  4. bid no rocks (0): 3 demerits if it stands; keep 8 rocks: R2 Y2 G2 R1 Y3 B2 W1 W3",
        "Pile 2: W1 B1 B3 (a standing bid of no rocks)",
        "  no legal bid: a bid of no rocks cannot be undercut",
        "Pass: not legal now",
    ]


def test_plain_output_of_a_pass():
    done = advise_bid("--garden", "R1 R1 Y2 G3", "--pile", "Y1 W2 B3 / W1", "--tops", "trips=4",
                     "--bag", "R1 R1 R1 B2 W3 K", "--can-pass")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == (
        "Pass: 3.00 demerits expected (the Pass card and the best turn-in after drawing a rock); black rock 16.7%"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["--garden", "R1 X2", "--pile", "Y1"], "'X2': colours are R Y G B W"),
        (["--garden", "R1 R4", "--pile", "Y1"], "'R4': values are 1 to 3"),
        (["--garden", "R1 R1 R1 R1 R1 R1", "--pile", "Y1"], "only 5"),
        (["--garden", "R1 R1 R1", "--pile", "R1 R1 / R1"], "6 x R1 in the garden, pile 1, pile 1's bid"),
        (["--garden", "R1", "--pile", "Y1", "--bag", "R1 R1 R1 R1 R1"], "6 x R1 in the garden, the bag"),
        (["--garden", "R1 K", "--pile", "Y1"], "the black rock is never in a garden"),
        (["--garden", "R1", "--pile", "Y1 / R2", "--bag", "K K", "--can-pass"], "only one black rock"),
        (["--garden", "R1", "--pile", "Y1 / R2 / G1"], "one '/' at most"),
        (["--garden", "R1", "--pile", " / R2"], "a pile has at least one rock"),
        (["--garden", "R1", "--pile", "Y1", "--can-pass"], "passing is not legal while pile 1 has no bid"),
        (["--garden", "R1", "--pile", "Y1", "--bag", "R2", "--bag-rest"], "not allowed with"),
        (["--garden", "R1"], "required: --pile"),
        (["--pile", "Y1"], "required: --garden"),
        (["--garden", "R1", "--pile", "Y1", "--tops", "pairs=2"], "'pairs' is not a deck"),
        (["--garden", "R1", "--pile", "Y1", "--tops", "trips=0"], "1 or more"),
        (["--garden", "R1", "--pile", "Y1", "--after-deck", "never"], "choose continue or ten"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    done = advise_bid(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: "), done.stderr
    assert message in lines[0]
    assert "Traceback" not in done.stderr
