"""A random BluffStones player: sets the table up, bids (often zero, so games end),
removes and places on the circles its view offers, sometimes aiming at a tower, and now
and then sends something a careless player might (a tower circle, too many towers)."""

from __future__ import annotations

import random

from engine.bluffstones.board import CIRCLES, DEFAULT_TOWERS

POOL = ["blue"] * 3 + ["yellow"] * 3 + ["green"] * 3


def payload(rng: random.Random, kind: str, view: dict, table: dict) -> dict:
    public = view["public"]
    n = len(table["players"])
    if kind == "towers":
        current = public["setup"]["tower_circles"]
        roll = rng.random()
        if roll < 0.7:
            return {"circles": list(current)}
        if roll < 0.8:
            return {"circles": " ".join(DEFAULT_TOWERS)}
        if roll < 0.95:
            return {"circles": rng.sample(list(CIRCLES), 7)}
        return {"circles": rng.sample(list(CIRCLES), rng.choice([5, 8]))}
    if kind == "tower_colour":
        circles = public["setup"]["tower_circles"]
        if rng.random() < 0.75:
            drawn = rng.sample(POOL, 7)
            return {"colours": dict(zip(circles, drawn))}
        return {"circle": rng.choice(circles), "colour": rng.choice(["blue", "yellow", "green"])}
    if kind == "start_player":
        return {"player": rng.randrange(n + (1 if n < 3 and rng.random() < 0.1 else 0))}
    if kind == "bid":
        choices = (view["private"] or {}).get("bid_choices") or [{"colour": None, "count": 0}]
        if rng.random() < 0.5:
            return {"count": 0}
        bid = rng.choice(choices)
        return {"count": bid["count"], "colour": bid["colour"]} if bid["count"] else {"count": 0}
    if kind in ("place", "remove"):
        step = public.get("pending") or {}
        choices = step.get("choices") or list(CIRCLES)
        if rng.random() < 0.05:
            return {"circle": rng.choice(list(CIRCLES))}  # perhaps a tower, perhaps taken
        if kind == "place" and rng.random() < 0.6:
            wanted = {t["circle"] for t in public["board"]["towers"]
                      if t["standing"] and t["colour"] == step.get("colour")}
            near = [g["circle"] for g in step.get("gives") or [] if g["gives"]]
            aimed = [c for c in choices if c in near] or [c for c in choices if _touches(c, wanted)]
            if aimed:
                return {"circle": rng.choice(aimed)}
        return {"circle": rng.choice(choices)}
    return {}


def _touches(circle: str, towers: set) -> bool:
    from engine.bluffstones.board import neighbours

    return any(t in towers for t in neighbours(circle))
