"""Words every game's screens (and command lines) use: counts and lists in English.
Plain Python: the engine (its news), the screens and the command lines use them."""

from __future__ import annotations

from typing import Sequence


def plural(n: int, word: str, words: str | None = None) -> str:
    """"1 rock", "2 rocks" ("1 Empress", "2 Empresses" with ``words``)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def _joined(items: Sequence[str], last: str) -> str:
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def and_words(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c" (empty items left out)."""
    return _joined(items, "and")


def or_words(items: Sequence[str]) -> str:
    """"a", "a or b", "a, b or c" (empty items left out)."""
    return _joined(items, "or")
