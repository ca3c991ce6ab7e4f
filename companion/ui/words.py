"""Words a screen and the command line both say about a table, so that the host's table
list and ``companion tables`` say the same. Plain Python: the command line loads no Flet
for them."""

from __future__ import annotations


def move_words(moves: int | None) -> str:
    """A table's move count in words ("48 moves"): the number every phone shows as
    "move 48" (:func:`engine.log.move_count`; None: its log cannot say)."""
    if moves is None:
        return "moves unknown"
    return f"{moves} move{'' if moves == 1 else 's'}"
