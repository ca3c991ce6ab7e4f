"""Payload schemas: what a move's payload may hold, checked before any rule runs.

A move declares its payload once (field names, types, ranges, list lengths); the table
model checks every payload against it, so a handler only ever sees values of the
declared shapes, and a refusal is a sentence a player can read ("Points must be a whole
number from -100000 to 100000"), never a Python repr. Unknown keys are refused, so
nothing but declared fields is ever written to a table's log.

Values are JSON values: ``bool`` is not a number here, floats are not whole numbers,
NaN and infinities are not numbers at all.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.errors import IllegalAction

MAX_TEXT = 200
"""The longest text any payload field takes unless it says otherwise."""

ZERO_WIDTH = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u180e"}


def bad_characters(text: str) -> bool:
    """Control characters (ANSI escapes, NUL, ...), zero-width and other invisible format
    characters: nothing a player types on purpose, and they corrupt terminals and lists."""
    for ch in text:
        if ch in ZERO_WIDTH:
            return True
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return True
    return False


def _number_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes or no"
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return "not a number"
        return "a fraction"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "a group of values"
    if value is None:
        return "missing"
    if isinstance(value, int):
        return "a number"
    return "text"


class Schema:
    """One value's shape. ``check`` returns the value to use or raises IllegalAction."""

    def check(self, value: Any, label: str) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def words(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Schema):
    """A whole number from ``low`` to ``high``; ``text`` also takes "12" (typed digits)."""

    low: int
    high: int
    text: bool = False

    def check(self, value: Any, label: str) -> int:
        if self.text and isinstance(value, str):
            stripped = value.strip()
            if len(stripped) <= 12:
                try:
                    value = int(stripped)
                except ValueError:
                    pass
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(f"{label} must be {self.words()}")
        if not self.low <= value <= self.high:
            raise IllegalAction(f"{label} must be {self.words()}")
        return value

    def words(self) -> str:
        return f"a whole number from {self.low} to {self.high}"


@dataclass(frozen=True)
class Bool(Schema):
    def check(self, value: Any, label: str) -> bool:
        if not isinstance(value, bool):
            raise IllegalAction(f"{label} must be yes or no (true or false)")
        return value

    def words(self) -> str:
        return "yes or no"


@dataclass(frozen=True)
class Text(Schema):
    """Text of at most ``max_len`` characters; ``choices`` (lower-case) limits it to those
    words (compared without case), ``blank`` allows the empty text."""

    max_len: int = MAX_TEXT
    choices: tuple[str, ...] = ()
    blank: bool = True

    def check(self, value: Any, label: str) -> str:
        if not isinstance(value, str):
            raise IllegalAction(f"{label} must be {self.words()}, not {_number_words(value)}")
        if len(value) > self.max_len:
            raise IllegalAction(f"{label} is too long (at most {self.max_len} characters)")
        if bad_characters(value):
            raise IllegalAction(f"{label} has characters that cannot be shown")
        if self.choices:
            folded = value.strip().lower()
            if folded not in self.choices:
                raise IllegalAction(f"{label} must be one of: {', '.join(self.choices)}")
            return folded
        if not self.blank and not value.strip():
            raise IllegalAction(f"{label} is empty")
        return value

    def words(self) -> str:
        if self.choices:
            return "one of: " + ", ".join(self.choices)
        return "text"


@dataclass(frozen=True)
class ListOf(Schema):
    """A list of ``min_len`` to ``max_len`` items, each of ``item``."""

    item: Schema
    max_len: int
    min_len: int = 0

    def check(self, value: Any, label: str) -> list:
        if not isinstance(value, list):
            raise IllegalAction(f"{label} must be a list of {self.item.words()}")
        if not self.min_len <= len(value) <= self.max_len:
            if self.min_len == self.max_len:
                raise IllegalAction(f"{label} must have exactly {self.max_len} items")
            raise IllegalAction(f"{label} must have {self.min_len} to {self.max_len} items")
        return [self.item.check(v, f"{label}, item {i + 1},") for i, v in enumerate(value)]

    def words(self) -> str:
        return f"a list of {self.item.words()}"


@dataclass(frozen=True)
class OneOf(Schema):
    """The first of ``options`` that takes the value (e.g. rocks as text or as a list)."""

    options: tuple[Schema, ...]

    def check(self, value: Any, label: str) -> Any:
        first: IllegalAction | None = None
        for option in self.options:
            try:
                return option.check(value, label)
            except IllegalAction as exc:
                first = first or exc
        assert first is not None
        raise first

    def words(self) -> str:
        return " or ".join(o.words() for o in self.options)


@dataclass(frozen=True)
class Field:
    """One payload key: its shape, its name in sentences, and whether it must be there."""

    schema: Schema
    label: str
    required: bool = False
    nullable: bool = False


@dataclass(frozen=True)
class Record(Schema):
    """A group of named fields; keys not declared are refused."""

    fields: Mapping[str, Field] = field(default_factory=dict)

    def check(self, value: Any, label: str = "The action") -> dict:
        if value is None:
            value = {}
        if not isinstance(value, Mapping):
            raise IllegalAction(f"{label} must be a group of named values")
        unknown = [k for k in value if k not in self.fields]
        if unknown:
            shown = str(unknown[0])
            if len(shown) > 30 or bad_characters(shown):
                shown = shown[:30] if not bad_characters(shown) else "?"
                raise IllegalAction(f"{label} has a detail it does not take")
            raise IllegalAction(f"{label} does not take '{shown}'")
        out: dict = {}
        for key, spec in self.fields.items():
            if key not in value:
                if spec.required:
                    raise IllegalAction(f"{spec.label} is missing")
                continue
            item = value[key]
            if item is None:
                if spec.required and not spec.nullable:
                    raise IllegalAction(f"{spec.label} is missing")
                if spec.nullable:
                    out[key] = None
                continue
            out[key] = spec.schema.check(item, spec.label)
        return out

    def words(self) -> str:
        return "a group of named values"


NO_PAYLOAD = Record({})


def fields(**specs: Field) -> Record:
    """``fields(pile=Field(Int(0, 5), "The pile", required=True), ...)``."""
    return Record(dict(specs))
