"""``companion import`` refuses what ``companion new`` would refuse, and anything larger
than an export can be (issue 35, point 5): one line on stderr, exit status 2, no
traceback, and the data folder left as it was. (Player names were checked as ``new``
checks them before: :func:`engine.spec.clean_players` reads every stored spec.)"""

from __future__ import annotations

import json

import pytest

from storage.backup import MAX_DEPTH, MAX_EXPORT_BYTES, MAX_LOG
from tests.damage import scorepad_table
from tests.support import companion
from tests.support import files_of, refused


def deep(levels: int) -> str:
    """A stand-in for settings nested ``levels`` deep (the JSON is written by hand:
    Python's own json would not go that deep)."""
    return f"@deep {levels}"


def written(export: dict) -> str:
    text = json.dumps(export)  # NaN is written as NaN, as Python's json does
    for levels in (985, MAX_DEPTH):
        text = text.replace(f'"{deep(levels)}"', '{"x":' * levels + "1" + "}" * levels)
    return text


def many_players(export: dict) -> None:
    names = [f"P{n}" for n in range(5000)]
    export["spec"]["players"] = export["players"] = names


def long_log(export: dict) -> None:
    export["log"] = [{"rev": n + 1, "by": 0, "seat": 0, "kind": "points", "payload": {"points": 1}}
                     for n in range(MAX_LOG + 1)]


def set_spec(key, value):
    def change(export: dict) -> None:
        export["spec"][key] = value
    return change


def set_value(key, value):
    def change(export: dict) -> None:
        export[key] = value
    return change


CASES = {
    "5,000 players": (many_players, "The export cannot be imported: Score pad is for 1 to 12 players, not 5000"),
    "an unknown setting": (set_spec("settings", {"secret": True, "bank": 3}), "Score pad has no setting 'bank'"),
    "a setting's bad value": (set_spec("settings", {"secret": "maybe"}), "The export cannot be imported: "),
    "settings 985 deep": (set_spec("settings", deep(985)), f"is nested more than {MAX_DEPTH} levels deep"),
    "settings nested 32 levels": (set_spec("settings", deep(MAX_DEPTH)), f"is nested more than {MAX_DEPTH} levels deep"),
    "a code too short": (set_value("code", "AB"), "its code 'AB' is not a join code (6 to 12 of the letters A C D"),
    "a code of other letters": (set_value("code", "ZZZZZZ"), "its code 'ZZZZZZ' is not a join code"),
    "a code that is a path": (set_value("code", "../../etc"), "its code '../../etc' is not a join code"),
    "a code that is a number": (set_value("code", 123456), "its code '123456' is not a join code"),
    "a status of 1 MB": (set_value("status", "x" * 2**20), "its status is 'xxxxxxxxxxxxxxxxxxxx...', not open or finished"),
    "a date that is not one": (set_value("created", "yesterday"), "its date 'yesterday' is not a date"),
    "a date that is NaN": (set_value("created", float("nan")), "is not a table export (it is not JSON)"),
    "a log of a newer version": (set_value("log_version", 99), "its log is in the moves of a newer version of Score pad"),
    "a log too long": (long_log, f"its log holds {MAX_LOG + 1:,} actions, and an import takes {MAX_LOG:,} at most"),
}


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A data folder with one table, and that table's export."""
    data = tmp_path_factory.mktemp("bounds") / "data"
    code, _ = scorepad_table(data, 3)
    return data, json.loads(companion("export", code, "--data", str(data)).stdout)


@pytest.mark.parametrize("case", list(CASES))
def test_import_refuses_what_new_refuses_in_one_line(tmp_path, table, case):
    change, says = CASES[case]
    data, export = table
    export = json.loads(json.dumps(export))
    export["code"] = "ACDEFH"  # free: a refusal is never "taken here"
    change(export)
    path = tmp_path / "table.json"
    path.write_text(written(export))
    before = files_of(data)
    result = companion("import", str(path), "--data", str(data))
    refused(result, says)
    assert "is taken here" not in result.stderr
    assert files_of(data) == before


def test_json_nested_beyond_the_parser_is_refused_in_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"format": "table-companion-export", "spec": ' + "[" * 100_000 + "]" * 100_000 + "}")
    result = companion("import", str(path), "--data", str(tmp_path / "data"))
    refused(result, f"is nested more than {MAX_DEPTH} levels deep: it is not a table export")


def test_a_file_over_the_limit_is_refused(tmp_path, table):
    data, export = table
    text = json.dumps({**export, "code": "ACDEFH"})
    path = tmp_path / "big.json"
    path.write_text(text[:-1] + ', "notes": "' + "x" * (MAX_EXPORT_BYTES - len(text)) + '"}')
    assert path.stat().st_size > MAX_EXPORT_BYTES
    before = files_of(data)
    refused(companion("import", str(path), "--data", str(data)),
            "big.json is larger than an export can be (20 MB at most): nothing was imported")
    assert files_of(data) == before


def test_an_export_at_the_limits_is_imported(tmp_path, table):
    """The bounds refuse only what is past them: 12 players of 24 letters, a date, a
    status, a log version, a code of 12 letters, colours of an older palette."""
    data = tmp_path / "data"
    export = json.loads(json.dumps(table[1]))
    names = [chr(ord("A") + n) * 24 for n in range(12)]
    export["spec"]["players"] = export["players"] = names
    export["spec"]["colours"] = ["red", "blue", "green", "yellow"] + ["purple"] * 8  # an older palette
    export.update(code="ACDEFHJKMNPQ", status="finished", created="2026-01-02T03:04:05+00:00",
                  log_version=1)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(export))
    made = companion("import", str(path), "--data", str(data))
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("Imported table ACDEFHJKMNPQ: scorepad for AAAAAAAAAAAAAAAAAAAAAAAA, ")
    listed = json.loads(companion("tables", "--data", str(data), "--json").stdout)["tables"]
    mine = next(t for t in listed if t["code"] == "ACDEFHJKMNPQ")
    assert (mine["status"], mine["created"], mine["revision"]) == ("finished", "2026-01-02T03:04:05+00:00", 3)
