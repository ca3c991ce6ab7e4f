"""The server's deadlines are settings (companion/server/deadlines.py): a value that is not a
number of seconds is refused in one line before anything is served, and changes nothing."""

from __future__ import annotations

import pytest

from companion.server import deadlines
from companion.cli import main
from tests.support import readable


@pytest.mark.parametrize("value", ["abc", "0", "-3", "nan", "1e9", ""])
def test_a_deadline_that_is_not_a_number_of_seconds_is_refused_in_one_line(value, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COMPANION_HEAD_TIMEOUT_S", value)
    before = deadlines.HEADER_TIMEOUT_S
    assert main(["serve", "--host", "127.0.0.1", "--port", "1", "--data", str(tmp_path / "data")]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and f"COMPANION_HEAD_TIMEOUT_S={value}:" in err
    assert readable(err.removeprefix("companion: ").strip())
    assert deadlines.HEADER_TIMEOUT_S == before


def test_a_deadline_set_in_the_environment_is_the_one_kept():
    before = deadlines.BODY_TIMEOUT_S
    try:
        deadlines.load({"COMPANION_BODY_TIMEOUT_S": "2.5"})
        assert deadlines.BODY_TIMEOUT_S == 2.5
    finally:
        deadlines.BODY_TIMEOUT_S = before
