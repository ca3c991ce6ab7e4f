"""A random Rock Garden player: payloads a player looking at their own view might send.

Everything comes from the view: the bag's contents are public knowledge (75 rocks minus
every garden, pile and bid on the table), gardens and piles are public, the advice is
the seat's own. Draws follow the real bag (the black rock is one rock among the others),
so games end as real ones do; now and then a payload is wrong on purpose (a rock that is
not in the bag, a bid that does not beat the standing one) to exercise the refusals.
Garden corrections are open to every seat most of the time, so random seats pick them
often: most are saved without a change (refused, nothing logged), which keeps the games
moving (about a third of 200 contract games reach the end) and the contract test fast.
"""

from __future__ import annotations

import random

CODES = [f"{c}{v}" for c in "RYGBW" for v in (1, 2, 3)]


def _bag(public: dict) -> dict:
    left = {code: 5 for code in CODES}
    for player in public["players"]:
        for code, n in player["garden"].items():
            left[code] -= n
    for pile in public["piles"]:
        for code in pile["rocks"]:
            left[code] -= 1
        if pile["bid"]:
            for code in pile["bid"]["rocks"]:
                left[code] -= 1
    return {code: n for code, n in left.items() if n > 0}


def _pool(public: dict, black: bool = True) -> list[str]:
    pool = [code for code, n in _bag(public).items() for _ in range(n)]
    if black and public["bag"]["black_rock"]:
        pool.append("K")
    return pool


def _seat(view: dict, table: dict) -> int | None:
    if table["seat"] is not None:
        return table["seat"]
    return view["to_act"][0] if view["to_act"] else None


def _garden_list(public: dict, seat: int) -> list[str]:
    return [code for code, n in public["players"][seat]["garden"].items() for _ in range(n)]


def _draw(rng: random.Random, public: dict) -> list[str]:
    """Rocks out of the bag for the piles: one, or until the piles are complete."""
    pool = _pool(public)
    rng.shuffle(pool)
    if not pool:
        return []
    if rng.random() < 0.3:
        return pool[:1]
    piles = public["piles"]
    done = sum(1 for p in piles if p["complete"])
    current = public["current_pile_value"]
    out = []
    for rock in pool:
        out.append(rock)
        if rock == "K":
            break
        current += int(rock[1])
        if current >= public["pile_target"]:
            done, current = done + 1, 0
            if done >= public["piles_needed"]:
                break
    return out


def payload(rng: random.Random, kind: str, view: dict, table: dict) -> dict:
    public = view["public"]
    n = len(table["players"])
    seat = _seat(view, table)
    if kind == "setup_draw":
        have = public["players"][seat]["rocks"] if seat is not None else 0
        pool = _pool(public, black=False)
        if rng.random() < 0.05 or not pool:
            return {"rocks": rng.choice(CODES)}  # maybe a 6th of a kind
        rocks = rng.sample(pool, min(len(pool), rng.randint(1, max(1, 5 - have))))
        return {"rocks": rocks if rng.random() < 0.5 else " ".join(rocks)}
    if kind == "start_player":
        return {"player": rng.randrange(n)}
    if kind == "draw":
        if rng.random() < 0.03:
            return {"rocks": rng.choice(CODES)}
        return {"rocks": " ".join(_draw(rng, public)) or "R1"}
    if kind == "pass":
        pool = _pool(public)
        return {"rock": rng.choice(pool)} if pool else {}
    if kind == "bid":
        return _bid(rng, public, seat)
    if kind == "turn_in":
        advice = (view["private"] or {}).get("advice")
        if advice and rng.random() < 0.5:
            return {"rocks": advice["plans"][0]["steps"][0] if advice["plans"][0]["steps"]
                    else "R1 R1 R1"}
        sets = public["players"][seat]["forbidden_sets"] if seat is not None else []
        if not sets or rng.random() < 0.03:
            return {"rocks": "R1 R2"}
        return {"rocks": rng.choice(sets)["rocks"]}
    if kind == "correct_garden":
        garden = _garden_list(public, seat)
        roll = rng.random()
        if roll < 0.8:  # saved without a change: refused ("Nothing to correct")
            return {"rocks": garden}
        if roll < 0.9 and garden:
            garden.remove(rng.choice(garden))
            return {"rocks": garden}
        pool = _pool(public, black=False)
        if pool:
            garden.append(rng.choice(pool))
        return {"rocks": " ".join(garden)}
    return {}


def _bid(rng: random.Random, public: dict, seat: int | None) -> dict:
    piles = public["piles"]
    if not piles or seat is None:
        return {"pile": 0}
    open_piles = [p for p in piles if p["bid"] is None]
    beatable = [p for p in piles if p["bid"] is not None and p["bid"]["value"] > 0]
    choices = open_piles if open_piles and rng.random() < 0.8 else (beatable or open_piles)
    pile = rng.choice(choices or piles)
    garden = _garden_list(public, seat)
    rng.shuffle(garden)
    rocks = garden[:rng.randint(0, min(3, len(garden)))]
    bid = pile["bid"]
    if bid is not None and rng.random() < 0.9:
        worth = sum(int(r[1]) for r in rocks)
        while rocks and not (worth < bid["value"] or (worth == bid["value"] and len(rocks) < bid["count"])):
            worth -= int(rocks.pop()[1])
    return {"pile": pile["number"] - 1, "rocks": rocks}
