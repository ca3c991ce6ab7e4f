"""``companion repair``, ``export`` and ``import`` on real files (issue 23, point 7): what
they keep, what they never write, and bad input as one line and exit status 2."""

from __future__ import annotations

import json

import pytest

from storage import DiskStore
from tests.damage import folder, garble_line, rewrite_last_snapshot, scorepad_table, views
from tests.support import companion, files_of, refused


def test_export_then_import_gives_the_same_views_and_no_secret(tmp_path):
    data, other = tmp_path / "data", tmp_path / "other"
    code, tokens = scorepad_table(data, 45)
    out = tmp_path / "table.json"
    done = companion("export", code.lower(), "--data", str(data), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Table {code} exported to {out} (45 actions)\n"
    text = out.read_text()
    exported = json.loads(text)
    assert {"format", "version", "code", "game", "spec", "players", "log"} <= set(exported)
    assert (exported["code"], exported["game"], exported["players"]) == (code, "scorepad", ["Ann", "Bo"])
    host_key = (data / "host.key").read_text().strip() if (data / "host.key").exists() else None
    seat_hashes = [line for line in (folder(data, code) / "table.jsonl").read_text().split('"')
                   if len(line) == 64]
    assert seat_hashes and not any(h in text for h in seat_hashes)
    assert not any(t in text for t in tokens) and "token" not in text
    assert host_key is None or host_key not in text

    made = companion("import", str(out), "--data", str(other))
    assert made.returncode == 0, made.stderr
    assert made.stdout == f"Imported table {code}: scorepad for Ann, Bo, 45 actions\n"
    assert views(other, code) == views(data, code)


def test_import_of_a_taken_code_makes_a_new_code(tmp_path):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 10)
    out = tmp_path / "table.json"
    out.write_text(companion("export", code, "--data", str(data)).stdout)  # to standard output
    made = companion("import", str(out), "--data", str(data))
    assert made.returncode == 0, made.stderr
    new = made.stdout.split()[2]
    assert new != code and f"(its code {code} is taken here)" in made.stdout
    assert views(data, new) == views(data, code)
    listed = json.loads(companion("tables", "--data", str(data), "--json").stdout)["tables"]
    assert sorted(t["code"] for t in listed) == sorted([code, new])


def test_repair_keeps_the_readable_beginning_of_a_damaged_log(tmp_path):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 12)
    segment = folder(data, code) / "log-000000.jsonl"
    assert len(segment.read_bytes().splitlines()) == 12  # one line per entry
    garble_line(segment, 8)
    damaged = segment.read_bytes()
    repaired = companion("repair", code, "--data", str(data))
    assert repaired.returncode == 0, repaired.stderr
    assert repaired.stdout.startswith(f"Table {code} repaired (line 8 is damaged): kept 7 actions, "
                                      "could not read 5; the damaged files are kept in ")
    aside = [p for p in (data / "tables").iterdir() if p.name.startswith(f".{code}.damaged-")]
    assert len(aside) == 1 and (aside[0] / "log-000000.jsonl").read_bytes() == damaged
    with DiskStore(data) as store:
        assert store.revision(code) == 7
        assert store.seats(code)  # the phones keep their seats
        assert store.get_meta(code, "repaired")["kept"] == 7
    listed = json.loads(companion("tables", "--data", str(data), "--json").stdout)["tables"]
    assert [(t["code"], t["error"], t["revision"]) for t in listed] == [(code, None, 7)]
    again = companion("repair", code, "--data", str(data))
    assert again.returncode == 0 and again.stdout == f"Table {code} is fine: nothing was changed\n"
    assert views(data, code)["seat 0"]["revision"] == 7


def test_repair_rebuilds_a_lost_header_from_its_log(tmp_path):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 9)
    before = views(data, code)
    (folder(data, code) / "table.jsonl").unlink()
    repaired = companion("repair", code, "--data", str(data))
    assert repaired.returncode == 0, repaired.stderr
    assert "(its header is missing): kept 9 actions, could not read 0" in repaired.stdout
    assert views(data, code) == before


def test_repair_replaces_a_snapshot_that_does_not_match_the_log(tmp_path):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 50)
    before = views(data, code)
    rev = rewrite_last_snapshot(folder(data, code) / "log-000000.jsonl",
                                lambda state: {**state, "secret": False})
    repaired = companion("repair", code, "--data", str(data))
    assert f"(its snapshot at entry {rev} does not match its log): kept 50 actions, could not read 0" \
        in repaired.stdout, repaired.stderr
    assert views(data, code) == before


@pytest.mark.parametrize("args, says", [
    (("repair", "ZZZZZZ"), "There is no table with the code ZZZZZZ"),
    (("export", "ZZZZZZ"), "There is no table with the code ZZZZZZ"),
    (("export", "no/such"), "A table code is 1 to 32 capital letters"),
    (("import", "{missing}"), "there is no such file"),
    (("import", "{not_json}"), "is not a table export (it is not JSON)"),
    (("import", "{other_json}"), "is not a table export"),
    (("import", "{bad_log}"), "The export's log does not replay (entry 2: "),
])
def test_bad_input_is_one_line_exit_2_and_changes_nothing(tmp_path, args, says):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 3)
    exported = json.loads(companion("export", code, "--data", str(data)).stdout)
    exported["log"][1]["kind"] = "no_such_move"
    paths = {"missing": tmp_path / "missing.json", "not_json": tmp_path / "notes.txt",
             "other_json": tmp_path / "other.json", "bad_log": tmp_path / "bad.json"}
    paths["not_json"].write_text("these are notes\n")
    paths["other_json"].write_text('{"tables": []}')
    paths["bad_log"].write_text(json.dumps(exported))
    before = files_of(data)
    result = companion(*[a.format(**paths) for a in args], "--data", str(data))
    refused(result, says)
    assert files_of(data) == before


def test_repair_of_a_fine_table_says_so_and_changes_nothing(tmp_path):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 5)
    before = files_of(data)
    fine = companion("repair", code, "--data", str(data))
    assert fine.returncode == 0 and fine.stdout == f"Table {code} is fine: nothing was changed\n"
    assert not fine.stderr and files_of(data) == before


def cut(path, count: int) -> None:
    """The last ``count`` bytes of a file lost, as a copy cut short would lose them."""
    raw = path.read_bytes()
    path.write_bytes(raw[:-count])


def imported(tmp_path, actions: int) -> tuple:
    """A table made by ``companion import`` of a score pad of ``actions`` actions: its
    data folder and code (every segment of its log one line)."""
    data = tmp_path / "imported"
    code, _ = scorepad_table(tmp_path / "played", actions)
    out = tmp_path / "table.json"
    assert companion("export", code, "--data", str(tmp_path / "played"), "--out", str(out)).returncode == 0
    assert companion("import", str(out), "--data", str(data)).returncode == 0
    return data, code


def test_repair_finds_an_imported_log_whose_end_is_cut(tmp_path):
    """Issue 35: an imported table whose log lost its last 20 bytes was "fine" with all
    3 actions gone."""
    data, code = imported(tmp_path, 3)
    segment = folder(data, code) / "log-000000.jsonl"
    assert len(segment.read_bytes().splitlines()) == 1
    cut(segment, 20)
    damaged = segment.read_bytes()
    repaired = companion("repair", code, "--data", str(data))
    assert repaired.returncode == 0, repaired.stderr
    assert repaired.stdout.startswith(f"Table {code} repaired (the end of log-000000.jsonl is cut off "
                                      "or damaged): kept 0 actions, could not read 3; "), repaired.stdout
    aside = [p for p in (data / "tables").iterdir() if p.name.startswith(f".{code}.damaged-")]
    assert len(aside) == 1 and (aside[0] / "log-000000.jsonl").read_bytes() == damaged
    again = companion("repair", code, "--data", str(data))
    assert again.stdout == f"Table {code} is fine: nothing was changed\n"


def test_repair_says_what_a_cut_second_segment_lost(tmp_path):
    data, code = imported(tmp_path, 600)
    cut(folder(data, code) / "log-000001.jsonl", 20)
    repaired = companion("repair", code, "--data", str(data))
    assert repaired.stdout.startswith(f"Table {code} repaired (the end of log-000001.jsonl is cut off "
                                      "or damaged): kept 500 actions, could not read 100; "), repaired
    with DiskStore(data) as store:
        assert store.revision(code) == 500


@pytest.mark.parametrize("damage, says", [
    (lambda segment: cut(segment, 20), "kept 11 actions, could not read 1"),
    (lambda segment: garble_line(segment, 12), "kept 11 actions, could not read 1"),
], ids=["cut", "garbled"])
def test_repair_finds_a_played_log_whose_last_line_is_cut_or_garbled(tmp_path, damage, says):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 12)
    segment = folder(data, code) / "log-000000.jsonl"
    damage(segment)
    repaired = companion("repair", code, "--data", str(data))
    assert repaired.stdout.startswith(f"Table {code} repaired (the end of log-000000.jsonl is cut off "
                                      f"or damaged): {says}; "), repaired
    with DiskStore(data) as store:
        assert store.revision(code) == 11 and store.seats(code)
