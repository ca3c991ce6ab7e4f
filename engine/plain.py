"""Plain data: the one state style. States, payloads and views are JSON values.

Copies of plain data need no ``copy.deepcopy`` machinery (memo dicts, reduce
protocols): :func:`clone` walks dicts and lists only, several times faster, and the
table model makes one before every move.
"""

from __future__ import annotations

import json
from typing import Any


def clone(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, and immutable leaves)."""
    if isinstance(value, dict):
        return {k: clone(v) if isinstance(v, (dict, list)) else v for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) if isinstance(v, (dict, list)) else v for v in value]
    return value


def encoded(value: Any) -> str:
    """Canonical JSON text (raises ValueError/TypeError for anything that is not plain)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def is_plain(value: Any) -> bool:
    """Exactly JSON: dicts with text keys, lists, text, whole numbers, finite floats,
    booleans, None; no subclasses (a Counter, a tuple, an enum) and no NaN."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            for key, child in item.items():
                if type(key) is not str:
                    return False
                stack.append(child)
        elif kind is list:
            stack.extend(item)
        elif kind is float:
            if item != item or item in (_INF, -_INF):
                return False
        elif kind not in _LEAVES:
            return False
    return True


_INF = float("inf")
_LEAVES = (str, int, bool, type(None))
