"""``companion advise`` run as a real command (in this process, ``companion.cli.main``):
output and refusals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support import companion

RULES_EXAMPLE = "R1 R2 G2 Y2 B2 R3 R3 R3"


def advise(*args: str) -> subprocess.CompletedProcess:
    return companion("advise", *args)


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
        "alternatives": [{"turn_ins": [{"set": "straight", "rocks": ["R1", "R2", "R3"], "card": 1}],
                          "rocks_left": ["G2", "Y2", "B2", "R3", "R3"]}],  # issue 26: the only way
    }
    assert second["demerits"] == 2 and second["cards"] == 2
    assert sorted(step["set"] for step in second["turn_ins"]) == ["foursome", "trips"]
    assert second["rocks_left"] == ["R1"]
    for plan in data["plans"]:
        assert set(plan) == {"demerits", "cards", "turn_ins", "rocks_left", "alternatives"}
        for step in plan["turn_ins"]:
            assert set(step) == {"set", "rocks", "card"}
        # one way to each outcome here: the plan itself
        assert plan["alternatives"] == [{"turn_ins": plan["turn_ins"], "rocks_left": plan["rocks_left"]}]


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


FIVE_TWOS = "R2 Y2 G2 B2 W2 R1"


def test_every_plan_of_an_outcome_is_listed_as_the_phone_lists_them():
    """Issue 26 point 8: a Foursome of five 2s leaves any one of them; the phone says
    "keeps W2 R1, or R2 R1, or ..." and so does the command line (plain and JSON)."""
    from engine.rockgarden.view import _plans

    done = advise("--garden", FIVE_TWOS, "--json")
    assert done.returncode == 0, done.stderr
    (plan,) = json.loads(done.stdout)["plans"]
    assert (plan["demerits"], plan["cards"], plan["rocks_left"]) == (1, 1, ["W2", "R1"])
    ways = plan["alternatives"]
    assert ways[0] == {"turn_ins": plan["turn_ins"], "rocks_left": plan["rocks_left"]}
    assert [w["rocks_left"] for w in ways] == [["W2", "R1"], ["R2", "R1"], ["Y2", "R1"],
                                               ["G2", "R1"], ["B2", "R1"]]
    for way in ways:
        (step,) = way["turn_ins"]
        assert step["set"] == "foursome" and step["card"] == 1
        assert sorted(step["rocks"] + way["rocks_left"]) == sorted(FIVE_TWOS.split())
    # the phone's advice for the same garden and tops: the same plans, in the same order
    garden = {code: 1 for code in FIVE_TWOS.split()}
    (phone,) = _plans(garden, {"trips": 1, "foursome": 1, "straight": 1}, "continue")
    assert [sorted(w["rocks_left"]) for w in phone["alternatives"]] == [sorted(w["rocks_left"]) for w in ways]
    # plain text: the outcome's line as before, then each other plan
    done = advise("--garden", FIVE_TWOS)
    assert done.stdout.strip().splitlines() == [
        "1. 1 demerit, 1 card: Foursome R2 Y2 G2 B2 (card 1); keep 2 rocks: W2 R1",
        "   or: Foursome Y2 G2 B2 W2 (card 1); keep 2 rocks: R2 R1",
        "   or: Foursome R2 G2 B2 W2 (card 1); keep 2 rocks: Y2 R1",
        "   or: Foursome R2 Y2 B2 W2 (card 1); keep 2 rocks: G2 R1",
        "   or: Foursome R2 Y2 G2 W2 (card 1); keep 2 rocks: B2 R1",
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
