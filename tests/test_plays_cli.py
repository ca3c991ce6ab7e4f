"""``companion plays`` and ``companion stats``: the command-line contract (JSON shapes,
CSV columns, newest first, filters) and bad input (one line, exit status 2)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from companion.cli import main
from storage.plays import PlayBook


def a_play(code, game, ended, people, minutes=30, lowest=False):
    return {"table": code, "game": game, "settings": {}, "ended": ended, "minutes": minutes,
            "lowest_wins": lowest,
            "people": [{"seat": seat, "name": name, "score": score, "winner": won, "counts": {}}
                       for seat, (name, score, won) in enumerate(people)]}


@pytest.fixture
def data(tmp_path):
    (tmp_path / "tables").mkdir()
    book = PlayBook(tmp_path)
    book.record(a_play("AAAAAA", "scorepad", "2024-03-01T19:00:00+00:00",
                       [("Ann", 10, True), ("Bo", 10, True), ("Cy", 4, False)]))
    book.record(a_play("BBBBBB", "rockgarden", "2024-03-02T19:00:00+00:00",
                       [("Ann", 7, False), ("Bo", 3, True)], minutes=45, lowest=True))
    book.record(a_play("CCCCCC", "paisho", "2024-03-03T19:00:00+00:00",
                       [("Ann", None, False), ("Cy", None, True)], minutes=50))
    book.close()
    return tmp_path


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_plays_json_lists_the_plays_newest_first(data, capsys):
    status, out, _ = run(capsys, "plays", "--data", str(data), "--json")
    assert status == 0
    plays = json.loads(out)["plays"]
    assert [p["table"] for p in plays] == ["CCCCCC", "BBBBBB", "AAAAAA"]
    assert plays[0] == {"table": "CCCCCC", "game": "paisho", "ended": "2024-03-03T19:00:00+00:00",
                        "minutes": 50, "people": [{"seat": 0, "name": "Ann", "score": None, "winner": False},
                                                  {"seat": 1, "name": "Cy", "score": None, "winner": True}]}


def test_plays_filter_by_game_and_person(data, capsys):
    _, out, _ = run(capsys, "plays", "--data", str(data), "--json", "--person", "cy")
    assert [p["table"] for p in json.loads(out)["plays"]] == ["CCCCCC", "AAAAAA"]
    _, out, _ = run(capsys, "plays", "--data", str(data), "--json", "--game", "rockgarden")
    assert [p["table"] for p in json.loads(out)["plays"]] == ["BBBBBB"]


def test_plays_csv_is_one_row_per_person_per_play(data, capsys):
    _, out, _ = run(capsys, "plays", "--data", str(data), "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["table", "game", "ended", "minutes", "seat", "name", "score", "winner"]
    assert len(rows) == 1 + 7
    assert rows[1] == ["CCCCCC", "paisho", "2024-03-03T19:00:00+00:00", "50", "0", "Ann", "", "false"]


def test_stats_json_counts_ties_lowest_wins_and_plays_without_scores(data, capsys):
    status, out, _ = run(capsys, "stats", "--data", str(data), "--json")
    assert status == 0
    stats = json.loads(out)
    people = {p["name"]: p for p in stats["people"]}
    assert (people["Ann"]["plays"], people["Ann"]["wins"], people["Ann"]["win_rate"]) == (3, 1, 1 / 3)
    assert people["Bo"]["games"]["rockgarden"] == {"plays": 1, "wins": 1, "average": 3.0, "best": 3, "worst": 3}
    assert people["Ann"]["games"]["paisho"] == {"plays": 1, "wins": 0, "average": None, "best": None, "worst": None}
    games = {g["game"]: g for g in stats["games"]}
    assert games["scorepad"] == {"game": "scorepad", "plays": 1, "wins_by_seat": [1, 1, 0],
                                 "average_winning_score": 10.0}
    assert games["paisho"]["average_winning_score"] is None
    _, out, _ = run(capsys, "stats", "--data", str(data), "--json", "--person", "Bo")
    assert [p["name"] for p in json.loads(out)["people"]] == ["Bo"]


@pytest.mark.parametrize("argv", [
    ["plays", "--game", "chess"], ["stats", "--json", "--person", "Zed"],
    ["plays", "--json", "--csv"], ["stats", "--json", "--game", "nope"],
])
def test_bad_input_is_one_line_and_status_2(data, capsys, argv):
    status, out, err = run(capsys, *argv, "--data", str(data))
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_a_folder_that_is_no_data_folder_is_refused(tmp_path, capsys):
    status, _, err = run(capsys, "plays", "--data", str(tmp_path / "nothing"))
    assert status == 2 and "not a data folder" in err
    (tmp_path / "file").write_text("x")
    assert run(capsys, "stats", "--json", "--data", str(tmp_path / "file"))[0] == 2
