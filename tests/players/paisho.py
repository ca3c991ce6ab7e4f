"""A random Pai Sho player: it looks at its own view and records plausible turns.

It places mostly flowers and records the harmonies its view suggests, so harmonies pay
and some games reach the target; it captures, returns and kills from the choices its
view lists (now and then a choice that is not there, which the table refuses). Most of
the harmonies it says are broken were broken already (a stale screen), which the table
refuses, so harmonies live long enough to pay. A real player rarely forfeits: most of
the time this one thinks better of it and sends the old-style payload naming itself
(``{"player": seat}``), which the table refuses. So games make progress and still end
often: about two in three of the contract test's games end, mostly by a forfeit, some
at the target.
"""

from __future__ import annotations

import random

FLOWERS = ("jasmine", "lily", "jade", "rose", "chrysanthemum", "rhododendron")
RING = ("rose", "chrysanthemum", "rhododendron", "jasmine", "lily", "jade")
FORFEIT_FOR_REAL = 0.06
STALE_BREAK = 0.7


def payload(rng: random.Random, kind: str, view: dict, table: dict) -> dict:
    public = view["public"]
    mine = view["private"]
    turn = (mine or {}).get("turn")
    seat = table["seat"]
    actor = seat if seat is not None else public["current"]
    players = public["players"]
    if actor is None:
        return {}

    if "board" in public:
        return on_the_board(rng, kind, turn or {}, public)
    kinds = list(public["names"])

    def on_board(owner: int, kind_: str) -> int:
        return players[owner]["board"].get(kind_, 0)

    def extras(out: dict) -> dict:
        if mine is not None and mine["can_form"] and rng.random() < 0.8:
            out["formed"] = mine["can_form"][:4]
        elif mine is None and rng.random() < 0.3:
            i = rng.randrange(6)
            out["formed"] = [[RING[i], RING[(i + 1) % 6]]]
        if public["harmonies"] and rng.random() < 0.05:
            out["broken"] = [rng.choice(public["harmonies"])["id"]]
        return out

    if kind == "place":
        choices = turn["can_place"] if turn else kinds
        flowers = [k for k in choices if k in FLOWERS]
        pool = flowers if flowers and rng.random() < 0.85 else choices or ["rose"]
        return extras({"tile": rng.choice(pool)})
    if kind == "move":
        movable = [k for k in players[actor]["board"] if k not in ("knotweed", "rock")]
        return extras({"tile": rng.choice(movable or ["lily"])})
    if kind == "capture":
        if turn and turn["can_capture"] and rng.random() < 0.95:
            choice = rng.choice(turn["can_capture"])
            return extras({"tile": choice["tile"], "captured": choice["captured"],
                           "owner": choice["owner"]})
        return extras({"tile": rng.choice(FLOWERS), "captured": rng.choice(FLOWERS),
                       "owner": rng.randrange(len(players))})
    if kind == "return":
        tools = [t for t in ("boat", "wheel") if on_board(actor, t)] or ["boat"]
        flowers = [{"owner": o, "kind": k} for o in range(len(players)) for k in FLOWERS
                   if on_board(o, k)] or [{"owner": 0, "kind": "rose"}]
        return extras({"tile": rng.choice(tools),
                       "returned": rng.sample(flowers, rng.randint(1, min(3, len(flowers))))})
    if kind == "pass":
        return extras({})
    if kind == "harmony_formed":
        if mine is not None and mine["can_form"]:
            return {"tiles": rng.choice(mine["can_form"])}
        i = rng.randrange(6)
        return {"tiles": [RING[i], RING[(i + rng.choice((1, 2, 3))) % 6]]}
    if kind == "harmony_broken":
        ids = [h["id"] for h in public["harmonies"]] or [1]
        if rng.random() < STALE_BREAK:  # a harmony already broken, or not yet made
            stale = [i for i in range(1, max(ids) + 2) if i not in ids]
            return {"harmony": rng.choice(stale)}
        if rng.random() < 0.5:
            return {"harmony": rng.choice(ids)}
        return {"harmonies": rng.sample(ids, rng.randint(1, len(ids)))}
    if kind == "knotweed_kill":
        killers = [s for s in range(len(players)) if on_board(s, "knotweed")] or [actor]
        killer = rng.choice(killers)
        victims = [{"owner": o, "kind": k} for o in range(len(players))
                   for k, n in players[o]["board"].items()
                   if n > (1 if (o, k) == (killer, "knotweed") else 0)]
        victims = victims or [{"owner": killer, "kind": "rose"}]
        return {"knotweed": killer, "killed": rng.sample(victims, rng.randint(1, min(2, len(victims))))}
    if kind == "forfeit":
        return {} if rng.random() < FORFEIT_FOR_REAL else {"player": actor}
    return {}


def on_the_board(rng: random.Random, kind: str, turn: dict, public: dict) -> dict:
    """With the board on the phone: mostly a move its view offers (a tile and one of its
    targets), now and then a point the view did not offer, which the table refuses."""
    starts, targets, turns = turn.get("starts", {}), turn.get("targets", {}), turn.get("wheel_turns", {})
    wild = [rng.randint(-8, 8), rng.randint(-8, 8)]
    if kind == "place":
        if not starts or rng.random() < 0.1:
            return {"tile": rng.choice(list(public["names"])), "at": wild}
        tile = rng.choice(list(starts))
        return {"tile": tile, "at": rng.choice(starts[tile])}
    if kind in ("move", "boat"):
        if not targets or rng.random() < 0.1:
            return {"from": wild, "to": [rng.randint(-8, 8), rng.randint(-8, 8)]}
        source = rng.choice(list(targets))
        return {"from": [int(n) for n in source.split(",")], "to": rng.choice(targets[source])}
    if kind == "wheel_turn":
        if not turns:
            return {"at": wild, "steps": rng.randint(1, 7)}
        source = rng.choice(list(turns))
        return {"at": [int(n) for n in source.split(",")], "steps": rng.choice(turns[source])}
    return {}
