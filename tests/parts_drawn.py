"""A pytest plugin: a test fails when a screen part could not be drawn.

The part guard (:func:`companion.ui.live.guarded`) keeps a phone going by drawing a muted
line for a part that raised; in the test suite that line must not hide the error. Every
test listens to the guard's logger (``companion.parts``) and fails at teardown if a part
was logged there, unless it asked for ``broken_parts`` (a test of the guard itself).
"""

from __future__ import annotations

import logging

import pytest

PART_LOGGER = "companion.parts"


class _Heard(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self.expected = False

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def parts_drawn():
    heard = _Heard()
    logger = logging.getLogger(PART_LOGGER)
    logger.addHandler(heard)
    try:
        yield heard
    finally:
        logger.removeHandler(heard)
    if heard.records and not heard.expected:
        failures = "; ".join(f"{r.getMessage()}: {r.exc_info[1]!r}" for r in heard.records)
        pytest.fail(f"a screen part could not be drawn: {failures}", pytrace=False)


@pytest.fixture
def broken_parts(parts_drawn):
    """The parts a test breaks on purpose: the records the guard logged, for the test to
    check; they do not fail it."""
    parts_drawn.expected = True
    return parts_drawn.records
