"""Files private (issue 35, point 6): every folder and file the app writes (the data
folder, table folders, journals, the host key, exports) is readable by the host's user
only, whatever the umask; an older version's are made so when a table is opened, and
by ``companion repair``."""

from __future__ import annotations

import json
import os
import stat

import pytest

from companion.cli.commands.serve import check_data_folder
from companion.table.context import load_host_key
from tests.damage import folder, scorepad_table
from tests.support import companion


@pytest.fixture
def open_umask():
    """A umask that takes nothing away: what is private is private because the app made
    it so (the commands the test runs inherit it)."""
    old = os.umask(0)
    yield
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def modes(top) -> dict[str, int]:
    """Every folder and file under ``top`` (``top`` too): its mode."""
    found = {".": mode(top)}
    for path in top.rglob("*"):
        found[str(path.relative_to(top))] = mode(path)
    return found


def private(found: dict[str, int]) -> bool:
    return all(m in (0o700, 0o600) for m in found.values())


def as_an_older_version_left_it(top) -> None:
    """Folders 0755 and files 0644, as the app made them before."""
    for path in [top, *top.rglob("*")]:
        os.chmod(path, 0o755 if path.is_dir() else 0o644)


def test_tables_made_played_imported_and_exported_are_private(tmp_path, open_umask):
    data = tmp_path / "new" / "data"  # its parents are made too
    made = companion("new", "scorepad", "--players", "Ann,Bo", "--data", str(data), "--json")
    assert made.returncode == 0, made.stderr
    code, _ = scorepad_table(data, 40)  # a second table, played: its journals appended
    out = tmp_path / "table.json"
    out.write_text("old")
    os.chmod(out, 0o644)
    exported = companion("export", code, "--data", str(data), "--out", str(out))
    assert exported.returncode == 0, exported.stderr
    assert mode(out) == 0o600
    other = tmp_path / "other"
    assert companion("import", str(out), "--data", str(other)).returncode == 0
    found, imported = modes(data), modes(other)
    assert len(found) == 8 and found["."] == 0o700 and found["tables"] == 0o700
    assert found["plays"] == 0o700  # the book of people and plays, as private as the tables
    assert found[f"tables/{code}"] == 0o700 and found[f"tables/{code}/log-000000.jsonl"] == 0o600
    assert private(found), found
    assert len(imported) == 6 and imported["plays"] == 0o700 and private(imported), imported


def test_the_host_key_and_the_served_data_folder_are_private(tmp_path, open_umask):
    served = tmp_path / "served"
    check_data_folder(served)  # what companion serve makes before it serves
    key = load_host_key(tmp_path / "keyed")
    assert key == load_host_key(tmp_path / "keyed")
    assert mode(served) == 0o700
    assert modes(tmp_path / "keyed") == {".": 0o700, "host.key": 0o600}


def test_repair_makes_an_older_versions_files_private(tmp_path):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 12)
    aside = data / "tables" / f".{code}.damaged-20260101T000000.000000Z"  # an earlier repair's
    aside.mkdir()
    (aside / "log-000000.jsonl").write_bytes((folder(data, code) / "log-000000.jsonl").read_bytes())
    (data / "host.key").write_text("key")
    as_an_older_version_left_it(data)
    before = {name: path.read_bytes() for name, path in
              ((p.name, p) for p in folder(data, code).iterdir())}
    repaired = companion("repair", code, "--data", str(data))
    assert repaired.returncode == 0, repaired.stderr
    assert repaired.stdout == (f"Table {code} is fine: its log was not changed; 8 folders and files "
                               "were made readable by this user only\n")
    assert private(modes(data)), modes(data)
    assert {p.name: p.read_bytes() for p in folder(data, code).iterdir()} == before
    again = companion("repair", code, "--data", str(data))
    assert again.stdout == f"Table {code} is fine: nothing was changed\n"


def test_opening_an_old_table_makes_its_files_private(tmp_path):
    data = tmp_path / "data"
    code, _ = scorepad_table(data, 5)
    other, _ = scorepad_table(data, 3)
    as_an_older_version_left_it(data)
    assert companion("export", code, "--data", str(data)).returncode == 0  # opens the table
    assert private(modes(folder(data, code))) and mode(data / "tables") == 0o700
    assert mode(data) == 0o700  # it holds nothing but the app's
    assert mode(folder(data, other)) == 0o755  # not opened: behind the private tables folder


def test_a_data_folder_shared_with_other_files_keeps_its_mode(tmp_path):
    """``--data`` may name a folder that is not the app's alone (a home folder, /tmp):
    only the tables folder in it is made private."""
    data = tmp_path / "shared"
    data.mkdir()
    (data / "notes.txt").write_text("mine")
    os.chmod(data, 0o755)
    listed = companion("tables", "--data", str(data), "--json")
    assert json.loads(listed.stdout) == {"tables": []}
    assert mode(data) == 0o755 and mode(data / "tables") == 0o700
