"""The one part guard: a broken part draws a line on the phone and logs its traceback,
and the test suite does not let that line hide the error."""

from __future__ import annotations

import logging

from companion.ui.live import COULD_NOT_DRAW, guarded

pytest_plugins = ["pytester"]


def _broken_part():
    raise ZeroDivisionError("a rule the screen got wrong")


def test_a_broken_part_shows_a_line_and_logs_its_traceback(broken_parts):
    drawn = guarded(_broken_part)()
    assert drawn.content.value == COULD_NOT_DRAW  # kit.muted: the words in their own semantics
    (record,) = broken_parts
    assert record.levelno == logging.ERROR and "_broken_part could not be drawn" in record.getMessage()
    assert record.exc_info[0] is ZeroDivisionError  # the traceback goes with it


def test_the_suite_fails_a_test_whose_part_could_not_be_drawn(pytester, broken_parts):
    # the inner run is in this process: its broken part is heard here too, on purpose
    pytester.makepyfile(test_inner='''
        from companion.ui.live import guarded

        def _broken():
            raise KeyError("rocks")

        def test_draws_a_broken_part():
            guarded(_broken)()  # the phone gets a muted line; the test must not pass
    ''')
    result = pytester.runpytest("-p", "tests.parts_drawn")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*a screen part could not be drawn*_broken could not be drawn*KeyError*"])
    assert [r.exc_info[0] for r in broken_parts] == [KeyError]
