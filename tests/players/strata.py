"""A random Four Big Strata player: plausible payloads from the player's own view.

It reads what a phone shows (the public part, and its own private part when it has one:
the host's table screen has none), so random tables make real progress: splits come
from the offered options, cards from the display's counts, bids within the Money held.
Now and then it sends something the rules refuse (a bid above its Money, a face-down
card without a column), which the table must refuse in words.

Random tables are poor: every card eats a Grain each round, so by the late rounds most
cards are turned face down to feed, and nobody keeps the 4 more Influence a tribute
needs at the default rate, nor an Empress to place at the end. Tributes and the final
placing have their scenario tests (tests/strata); seat 0 still goes for Influence and
everyone turns Influence, Grain and flexible-points cards down last.
"""

from __future__ import annotations

import random

CLASSES = ("scholars", "peasants", "artisans", "merchants")
EFFECTS = ("none", "produce_grain", "produce_money", "influence", "feed_grain", "feed_money",
           "bonus_each_class", "bonus_any_class", "bonus_scholars", "bonus_peasants",
           "bonus_merchants", "set_grain", "set_money", "set_influence", "trade")


def _split(rng: random.Random, total: int, money: int, grain: int) -> dict:
    total = max(min(total, money + grain), 0)
    low, high = max(0, total - grain), min(total, money)
    m = rng.randint(low, high) if high >= low else 0
    return {"money": m, "grain": total - m}


def _seat(view: dict, table: dict) -> int | None:
    if table["seat"] is not None:
        return table["seat"]
    return view["to_act"][0] if view["to_act"] else None


def _front(rng: random.Random, seat: int, classes=CLASSES) -> dict:
    """A card's front, with a list of effects (often one, sometimes two, now and then
    none). Seat 0 goes for Influence (so tributes happen at the default rate);
    production cards come a bit more often, so random tables keep some Grain coming in."""
    roll = rng.random()
    if seat == 0 and roll < 0.75:
        effects = ["influence"]
    elif roll < 0.85:
        effects = ["produce_grain"]
    else:
        effects = [rng.choice(EFFECTS)]
    extra = rng.random()
    if extra < 0.25:  # a Scholar's Influence and its extra feeding, and the like
        effects.append(rng.choice(("feed_grain", "feed_money", "influence", "produce_grain")))
    elif extra < 0.3:
        effects = []
    return {"class": rng.choice(classes), "points": rng.randint(1, 4), "effects": effects}


def payload(rng: random.Random, kind: str, view: dict, table: dict) -> dict:
    public = view["public"]
    seat = _seat(view, table)
    me = public["players"][seat] if seat is not None else None
    bank = _bank(public)
    if kind == "setup_extra":
        return _split(rng, me["extra_due"], bank["money"], bank["grain"])
    if kind == "bid":
        top = me["money"]
        return {"amount": rng.randint(0, top + 1) if rng.random() < 0.05 else rng.randint(0, min(top, 3))}
    if kind == "take_card":
        return _take_card(rng, public, me, seat)
    if kind == "discard":
        return _split(rng, me.get("must_discard", 0), me["money"], me["grain"])
    if kind == "done":
        entry = (public.get("production") or {"seats": []})["seats"]
        entry = entry[seat] if seat is not None and seat < len(entry) else None
        if not entry or not entry["must_discard"]:
            return {}
        after = entry["after"]
        return _split(rng, entry["must_discard"], after["money"], after["grain"])
    if kind == "take_tribute":
        current = (public.get("tribute") or {}).get("current") or {"from": seat, "count": 0}
        payer = public["players"][current["from"]]
        return _split(rng, current["count"], payer["money"], payer["grain"])
    if kind == "final_assignment":
        if rng.random() < 0.5:
            return {}
        chunks = public["final"][seat]["chunks"]
        return {"assignment": [rng.choice(CLASSES) for _ in chunks]}
    if kind in ("exchange", "trade"):
        gives = [r for r in ("money", "grain") if me[r] >= 4] or ["money"]
        return {"give": rng.choice(gives), "times": 1 if rng.random() < 0.9 else 2}
    if kind == "flip_down":
        return _flip_down(rng, public, me, seat)
    return {}


def _take_card(rng: random.Random, public: dict, me: dict, seat: int) -> dict:
    market = public["market"]
    faces = [f for f in ("up", "down") if market[f]] or ["up"]
    face = faces[0] if len(faces) == 1 or rng.random() < 0.7 else faces[1]
    if face == "up":
        classes = CLASSES
        if market["empress"] and (market["up"] == 1 or rng.random() < 0.5):
            classes = ("empresses",)
        return {"face": "up", **_front(rng, seat, classes)}
    out: dict = {"face": "down"}
    if me["money"] >= 2 and rng.random() < 0.3:
        return {**out, "flip_up": True, **_front(rng, seat)}
    if rng.random() > 0.02:  # now and then forgets the column (refused)
        out["column"] = rng.choice(CLASSES)
    if rng.random() < 0.5:
        out.update(_front(rng, seat))
    if not any(c["face_up"] for c in me["cards"]):
        out["bonus"] = _split(rng, public["round"], _bank(public)["money"], _bank(public)["grain"])
    return out


def _flip_down(rng: random.Random, public: dict, me: dict, seat: int) -> dict:
    face_up = [c for c in me["cards"] if c["face_up"]]
    keep = ("influence", "produce_grain", "bonus_any_class")  # turned down last, as Empresses
    spare = [c for c in face_up if not set(c["effects"]) & set(keep) and c["column"] != "empresses"]
    if not face_up:
        return {"card": 1, "money": 2}
    card = rng.choice(spare or face_up)
    bank = _bank(public)
    out = {"card": card["id"], **_split(rng, 2, bank["money"], bank["grain"])}
    if card["column"] == "empresses":
        out["column"] = rng.choice(CLASSES)
    if len(face_up) == 1:
        out["bonus"] = _split(rng, public["round"], bank["money"] - out["money"],
                              bank["grain"] - out["grain"])
    return out


def _bank(public: dict) -> dict:
    """What the bank holds: an unlimited bank (``bank`` None) has plenty of both."""
    return public["bank"] or {"money": 99, "grain": 99}
