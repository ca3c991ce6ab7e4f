"""A random score pad player."""

from __future__ import annotations

import random


def payload(rng: random.Random, kind: str, view: dict, table: dict) -> dict:
    if kind == "points":
        out: dict = {"points": rng.choice([rng.randint(-5, 30), str(rng.randint(0, 9))])}
        if rng.random() < 0.2:
            out["round"] = rng.randint(0, view["public"]["round"])  # sometimes a round not yet there
        return out
    return {}
