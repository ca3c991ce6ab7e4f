"""What a Four Big Strata move tells a seat it concerns (its phone says it and buzzes)."""

from __future__ import annotations

from engine.strata.resources import words
from engine.words import and_words

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def told(game, before: dict, after: dict, seat: int) -> str | None:
    """Who outbid me and where I pick; the tribute I paid; a new round's start player."""
    b, a = game.public_of(before), game.public_of(after)
    messages = []
    if b["phase"] == "auction" and a.get("pick_order") and a["round"] == b["round"]:
        mine = a["players"][seat].get("bid")
        above = [_name(a, s) for s in a["pick_order"]  # highest bid first
                 if s != seat and (a["players"][s].get("bid") or 0) > (mine or 0)]
        place = _ordinal(a["pick_order"].index(seat) + 1)
        messages.append(f"{and_words(above)} outbid you: you pick {place}" if above
                        else f"Bids revealed: you pick {place}")
    before_paid = _paid(b)
    for key, (m, g) in _paid(a).items():
        _, payer, taker = key
        if payer == seat and key not in before_paid and m + g:
            messages.append(f"You paid {words(m, g)} tribute to {_name(a, taker)}")
    if a["round"] > b["round"] and a["round"] > 0:
        start = a["start"]
        who = "you are" if start == seat else f"{_name(a, start)} is"
        messages.append(f"Round {a['round']}: {who} the start player")
    if not messages:
        return None
    text = "; ".join(messages)
    return text[0].upper() + text[1:]


def _name(public: dict, seat: int) -> str:
    return public["players"][seat]["name"]


def _paid(public: dict) -> dict:
    """``{(transfers, from, to): (money, grain)}`` for the transfers paid; a new tribute
    (another list of transfers) has new keys."""
    transfers = (public.get("tribute") or {}).get("transfers", [])
    which = tuple((t["from"], t["to"], t["count"]) for t in transfers)
    return {(which, t["from"], t["to"]): (t["paid"].get("money", 0), t["paid"].get("grain", 0))
            for t in transfers if t.get("paid") is not None}


def _ordinal(n: int) -> str:
    return ORDINALS[n - 1] if 0 < n <= len(ORDINALS) else f"#{n}"
