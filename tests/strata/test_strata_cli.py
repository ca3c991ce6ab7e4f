"""The command-line calculators, run as real commands (in this process, ``companion.cli.main``)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support import companion


def run(*args):
    done = companion("strata", *args)
    return done.returncode, done.stdout, done.stderr


def test_tribute_json_in_processing_order():
    code, out, err = run("tribute", "--influence", "Ann=12,Bo=3,Cy=7,Di=0", "--start", "Bo", "--json")
    assert code == 0, err
    # taker by taker from the start player (Bo): Cy takes 1 from Di, 1 from Bo; Ann
    # takes 2 from Bo, 1 from Cy, 3 from Di (issue 18)
    assert json.loads(out) == {"transfers": [
        {"from": "Di", "to": "Cy", "count": 1}, {"from": "Bo", "to": "Cy", "count": 1},
        {"from": "Bo", "to": "Ann", "count": 2}, {"from": "Cy", "to": "Ann", "count": 1},
        {"from": "Di", "to": "Ann", "count": 3}]}


def test_tribute_help_says_this_order():
    code, out, _ = run("tribute", "--help")
    text = " ".join(out.split())
    assert code == 0
    assert ("taker by taker: the takers in seat order (clockwise) from the start player; each "
            "taker takes floor(difference / N) from every player with less Influence, those "
            "payers in seat order (clockwise) from the taker") in text


def test_tribute_rate_and_plain_output():
    code, out, _ = run("tribute", "--influence", "Ann=12,Bo=3,Cy=7,Di=0", "--start", "Ann", "--per", "5")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0] == "Tribute at 5 Influence per resource, takers from Ann clockwise:"
    assert lines[1:] == ["Ann takes 1 resource from Bo", "Ann takes 1 resource from Cy",
                         "Ann takes 2 resources from Di", "Cy takes 1 resource from Di"]
    code, out, _ = run("tribute", "--influence", "A=1,B=2", "--start", "A", "--json")
    assert json.loads(out) == {"transfers": []}
    code, out, _ = run("tribute", "--influence", "A=1,B=2", "--start", "A")
    assert code == 0 and "No tribute" in out


def test_rules_example_through_the_cli():
    code, out, _ = run("tribute", "--influence", "Shuishui=9,Guo=0,C=9,D=9", "--start", "Guo", "--json")
    assert {"from": "Guo", "to": "Shuishui", "count": 2} in json.loads(out)["transfers"]


def test_score_json_shape_and_best_assignment():
    code, out, err = run("score", "--player", "Guo: scholars=7 peasants=8 merchants=7 artisans=10 flex=3,2",
                         "--player", "Ann: scholars=9 peasants=9 merchants=9 artisans=9", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data == {"ranking": [
        {"name": "Ann", "classes": {"scholars": 9, "peasants": 9, "artisans": 9, "merchants": 9},
         "score": 9, "assignment": []},
        {"name": "Guo", "classes": {"scholars": 10, "peasants": 8, "artisans": 10, "merchants": 9},
         "score": 8, "assignment": [{"points": 3, "class": "scholars"}, {"points": 2, "class": "merchants"}]},
    ]}


def test_score_rules_example_and_plain_output():
    code, out, _ = run("score", "--player", "Guo: peasants=8 scholars=7 merchants=7 artisans=10",
                       "--player", "Bo: peasants=7 scholars=7 merchants=7 artisans=12")
    assert code == 0
    assert "Guo: scholars 7, peasants 8, artisans 10, merchants 7; score 7" in out
    assert "1. Guo: 7" in out and "2. Bo: 7" in out


def test_equal_players_keep_input_order_and_share_a_place():
    code, out, _ = run("score", "--player", "B: scholars=1 peasants=2 artisans=3 merchants=4",
                       "--player", "A: scholars=4 peasants=3 artisans=2 merchants=1", "--json")
    assert [p["name"] for p in json.loads(out)["ranking"]] == ["B", "A"]
    code, out, _ = run("score", "--player", "B: scholars=1 peasants=2 artisans=3 merchants=4",
                       "--player", "A: scholars=4 peasants=3 artisans=2 merchants=1")
    assert "1. B: 1" in out and "1. A: 1" in out


def test_a_class_not_given_is_an_error_unless_missing_zero():
    code, out, err = run("score", "--player", "Guo: scholars=7 peasants=8 merchants=7",
                         "--player", "Bo: scholars=1 peasants=1 merchants=1 artisans=1")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert ("--player Guo: artisans not given; give all four classes (or --missing-zero to "
            "count a missing class as 0)") in err
    code, out, err = run("score", "--player", "Guo: scholars=7 peasants=8 merchants=7",
                         "--player", "Bo: scholars=1 peasants=1 merchants=1 artisans=1",
                         "--missing-zero", "--json")
    assert code == 0, err
    bo, guo = json.loads(out)["ranking"]
    assert guo["classes"] == {"scholars": 7, "peasants": 8, "artisans": 0, "merchants": 7}
    assert guo["score"] == 0


@pytest.mark.parametrize("args", [
    ["tribute", "--influence", "Ann=12,Bo=x", "--start", "Ann"],
    ["tribute", "--influence", "Ann=12,Bo=-1", "--start", "Ann"],
    ["tribute", "--influence", "Ann=12,Bo=3", "--start", "Zed"],
    ["tribute", "--influence", "Ann=12,Ann=3", "--start", "Ann"],
    ["tribute", "--influence", "Ann=12", "--start", "Ann"],
    ["tribute", "--influence", "Ann12,Bo=3", "--start", "Ann"],
    ["tribute", "--influence", "Ann=12,Bo=3", "--start", "Ann", "--per", "0"],
    ["tribute", "--influence", "Ann=12,Bo=3", "--start", "Ann", "--per", "four"],
    ["tribute", "--influence", "Ann=12,Bo=3"],
    ["score"],
    ["score", "--player", "Guo scholars=7 peasants=8 merchants=7 artisans=10"],
    ["score", "--player", "Guo: scholars=7 peasants=8 merchants=7 artisans=ten"],
    ["score", "--player", "Guo: scholars=7 peasants=8 merchants=7 artisans=10 flex=3,0"],
    ["score", "--player", "Guo: scholars=7 peasants=8 merchants=7 artisans=10 kings=3"],
    ["score", "--player", "Guo: scholars=7 scholars=8 merchants=7 artisans=10 peasants=1"],
    ["score", "--player", "A: scholars=1 peasants=1 merchants=1 artisans=1",
     "--player", "a: scholars=1 peasants=1 merchants=1 artisans=1"],
    ["score"] + [arg for i in range(8) for arg in
                 ("--player", f"P{i}: scholars=1 peasants=1 merchants=1 artisans=1")],
    ["score", "--player", "Guo: scholars=7 peasants=8 merchants=7",
     "--player", "Bo: scholars=1 peasants=1 merchants=1 artisans=1"],
])
def test_bad_input_exits_2_with_one_line(args):
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_calculators_never_import_flet():
    code = ("import sys; from companion.cli import main; "
            "main(['strata', 'score', '--player', 'A: scholars=1 peasants=1 artisans=1 merchants=1', "
            "'--player', 'B: scholars=1 peasants=1 artisans=1 merchants=1']); "
            "assert 'flet' not in sys.modules, 'flet imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_score_takes_one_players_display_like_the_rules_example():
    """Issue 26 point 7: the rule text's own example is one display (Guo's)."""
    code, out, err = run("score", "--player", "Guo: peasants=8 scholars=7 merchants=7 artisans=10",
                         "--json")
    assert code == 0, err
    assert json.loads(out) == {"ranking": [{
        "name": "Guo", "classes": {"scholars": 7, "peasants": 8, "artisans": 10, "merchants": 7},
        "score": 7, "assignment": []}]}
    # his two Empresses (1 point each here) placed for him: the lowest class first
    code, out, err = run("score", "--player", "Guo: peasants=7 scholars=6 merchants=7 artisans=10 flex=1,1")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert lines[0] == "Guo: scholars 8, peasants 7, artisans 10, merchants 7; score 7"
    assert lines[-2:] == ["Ranking:", "1. Guo: 7 (classes lowest first: 7, 7, 8, 10)"]


def test_score_player_count_like_tribute():
    code, _, err = run("tribute", "--influence", "A=1", "--start", "A")
    assert code == 2 and "Four Big Strata is for 2 to 7 players, not 1" in err
    eight = [arg for i in range(8) for arg in
             ("--player", f"P{i}: scholars=1 peasants=1 merchants=1 artisans=1")]
    code, _, err = run("score", *eight)
    assert code == 2 and "not 8" in err
