"""``companion advise`` run as a real command in a subprocess: output and refusals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support import companion

RULES_EXAMPLE = "R1 R2 G2 Y2 B2 R3 R3 R3"


def advise(*args: str) -> subprocess.CompletedProcess:
    return companion("advise", *args, timeout=60)


def test_json_output_shape_and_best_first():
    done = advise("--garden", RULES_EXAMPLE, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data) == ["plans"]
    first, second = data["plans"]
    assert first == {
        "demerits": 1,
        "cards": 1,
        "turn_ins": [{"set": "straight", "rocks": ["R1", "R2", "R3"], "card": 1}],
        "rocks_left": ["G2", "Y2", "B2", "R3", "R3"],  # exactly the example
    }
    assert second["demerits"] == 2 and second["cards"] == 2
    assert sorted(step["set"] for step in second["turn_ins"]) == ["foursome", "trips"]
    assert second["rocks_left"] == ["R1"]
    for plan in data["plans"]:
        assert set(plan) == {"demerits", "cards", "turn_ins", "rocks_left"}
        for step in plan["turn_ins"]:
            assert set(step) == {"set", "rocks", "card"}


def test_tops_change_the_best_plan():
    done = advise("--garden", RULES_EXAMPLE, "--tops", "straight=9", "--json")
    assert done.returncode == 0, done.stderr
    plans = json.loads(done.stdout)["plans"]
    assert [(p["demerits"], p["cards"]) for p in plans] == [(2, 2), (9, 1)]
    assert [s["card"] for s in plans[1]["turn_ins"]] == [9]


def test_partial_tops_leave_other_decks_at_one_and_after_deck_ten():
    done = advise("--garden", "R3 R3 R3 Y1 Y1 Y1", "--tops", "trips=10", "--after-deck", "ten", "--json")
    assert done.returncode == 0, done.stderr
    (plan,) = json.loads(done.stdout)["plans"]
    assert [s["card"] for s in plan["turn_ins"]] == [10, 10]
    done = advise("--garden", "R3 R3 R3 Y1 Y1 Y1", "--tops", "trips=10", "--json")
    (plan,) = json.loads(done.stdout)["plans"]
    assert plan["demerits"] == 21


def test_plain_output_is_a_ranked_list():
    done = advise("--garden", RULES_EXAMPLE)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines == [
        "1. 1 demerit, 1 card: Straight Flush R1 R2 R3 (card 1); keep 5 rocks: G2 Y2 B2 R3 R3",
        "2. 2 demerits, 2 cards: Trips R3 R3 R3 (card 1), Foursome R2 G2 Y2 B2 (card 1); keep 1 rock: R1",
    ]


def test_rocks_are_listed_in_the_order_the_garden_was_typed():
    done = advise("--garden", "g2 R3 y2 r1 B2 r3 R2 r3", "--json")
    first, second = json.loads(done.stdout)["plans"]
    assert first["turn_ins"][0]["rocks"] == ["R1", "R2", "R3"]  # a straight reads I, II, III
    assert first["rocks_left"] == ["G2", "R3", "Y2", "B2", "R3"]
    foursome = next(s for s in second["turn_ins"] if s["set"] == "foursome")
    assert foursome["rocks"] == ["G2", "Y2", "B2", "R2"]


def test_clean_garden_says_nothing_to_turn_in():
    done = advise("--garden", "r1 y2 g3")
    assert done.returncode == 0
    assert done.stdout.strip() == "1. 0 demerits, no cards: nothing to turn in; keep 3 rocks: R1 Y2 G3"


def test_all_75_rocks_answers():
    garden = " ".join(f"{c}{v}" for c in "RYGBW" for v in (1, 2, 3) for _ in range(5))
    done = advise("--garden", garden, "--json")
    assert done.returncode == 0, done.stderr
    plans = json.loads(done.stdout)["plans"]
    assert len(plans) > 1


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--garden", "R4"], "'R4': values are 1 to 3"),
        (["--garden", "X1 R1"], "'X1': colours are R Y G B W"),
        (["--garden", "R1 R1 R1 R1 R1 R1"], "6 x R1: only 5 exist"),
        (["--garden", "R1", "--tops", "pass=1"], "'pass' is not a deck"),
        (["--garden", "R1", "--tops", "trips=0"], "a deck top is a whole number, 1 or more"),
        (["--garden", "R1", "--tops", "trips=-2"], "a deck top is a whole number"),
        (["--garden", "R1", "--tops", "trips=two"], "a deck top is a whole number"),
        (["--garden", "R1", "--tops", "straight"], "is not deck=value"),
        (["--garden", "R1", "--tops", "trips=1,trips=2"], "given twice"),
        (["--garden", "R1", "--after-deck", "eleven"], "choose continue or ten"),
        ([], "--garden"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, fragment):
    done = advise(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert fragment in lines[0]
    assert "Traceback" not in done.stderr


def test_the_advise_path_does_not_import_flet():
    code = (
        "import sys; from companion.cli import main; "
        "rc = main(['advise', '--garden', 'R1 R2 R3', '--json']); "
        "assert 'flet' not in sys.modules, 'flet imported'; sys.exit(rc)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
