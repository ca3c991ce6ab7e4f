"""The command line's contracts: light startup, table commands, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

from engine.registry import game_ids
from tests.support import ROOT, companion, players_for


def test_help_and_calculators_start_without_flet():
    code = ("import sys\nfrom companion.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "main(['advise', '--garden', 'R1 R2 R3', '--json'])\n"
            "print('FLET' if any(m == 'flet' or m.startswith('flet.') for m in sys.modules) else 'LIGHT')")
    result = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), capture_output=True, text=True)
    assert result.stdout.strip().endswith("LIGHT")
    for command in ("serve", "new", "tables"):
        assert command in result.stdout


def test_new_and_tables_json_contract(tmp_path):
    made = companion("new", "scorepad", "--players", "Ann, Bo,Cy", "--data", str(tmp_path), "--json")
    assert made.returncode == 0, made.stderr
    table = json.loads(made.stdout)
    assert set(table) == {"code", "game", "players"}
    assert table["game"] == "scorepad" and table["players"] == ["Ann", "Bo", "Cy"]
    listed = companion("tables", "--data", str(tmp_path), "--json")
    codes = [t["code"] for t in json.loads(listed.stdout)["tables"]]
    assert codes == [table["code"]]
    plain = companion("tables", "--data", str(tmp_path))
    assert table["code"] in plain.stdout and "Ann, Bo, Cy" in plain.stdout


def test_every_game_id_can_be_created(tmp_path):
    for game in game_ids():
        names = ",".join(players_for(game))
        made = companion("new", game, "--players", names, "--data", str(tmp_path), "--json")
        assert made.returncode == 0, made.stderr
        assert json.loads(made.stdout)["game"] == game
    listed = " ".join(companion("new", "--help").stdout.split())
    assert f"game id: {', '.join(game_ids())}" in listed


def test_bad_input_is_one_line_and_status_2(tmp_path):
    cases = [
        ("new", "chess", "--players", "Ann,Bo"),
        ("new", "scorepad", "--players", "Ann,ann"),
        ("new", "scorepad", "--players", "Ann,"),
        ("new", "rockgarden", "--players", "Ann"),
        ("new", "scorepad", "--players", "Ann", "--set", "colour"),
        ("new", "scorepad"),
        ("serve", "--port", "99999"),
        ("nonsense",),
    ]
    for args in cases:
        result = companion(*args, "--data", str(tmp_path))
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("companion: "), (args, result.stderr)
        assert "Traceback" not in result.stderr
    assert companion("tables", "--data", str(tmp_path), "--json").stdout.strip() == '{"tables": []}'
