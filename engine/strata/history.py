"""History lines in words, as one viewer may read them.

Secrets stay secret: another player's bid before the reveal and the front of a card
taken face down are never named to anyone but their owner (the host's table screen,
``viewer=None``, is public).

A line tells the move and what the engine did at once after it (issue 18): the
production (each player's gain, and what a limited bank could not pay) after the last
card is taken; each player's feeding, discard down to the cap and what went unpaid when
they tap done; who must discard as production ends; the tribute, transfer by transfer,
as it is made; a new round and its start player; the all-face-down gift when it is given
(issue 26: the card taken face down or turned face down that leaves a display with no
face-up card). All of that is public.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.game import Action
from engine.strata.cards import (LABELS, all_face_down, describe_front, find_card, parse_column,
                                 parse_front)
from engine.strata.production import costs
from engine.strata.resources import CAP, FLIP_GAIN, GRAIN, MONEY, bank_has, choose, words

PRODUCING = ("production", "production_cap")
"""The production step and the discard down to 10 as it ends."""


def _name(state: dict, seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"]):
        return state["players"][seat]
    return "The host"


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10 ** 6:
        return 0
    return value


def _split(payload: Any) -> str:
    if not isinstance(payload, Mapping):
        return "resources"
    return words(_int(payload.get("money")), _int(payload.get("grain")))


def _column(value: Any) -> str:
    """``the Scholars column`` (``a column`` when the value names none)."""
    try:
        return f"the {LABELS[parse_column(value)]} column"
    except IllegalAction:
        return "a column"


def _class(value: Any) -> str:
    try:
        return LABELS[parse_column(value)]
    except IllegalAction:
        return "a class"


def describe_action(state: dict, action: Action, viewer: int | None,
                    after: dict | None = None) -> str:
    """The move in words, then (given ``after``, the state the move led to) what the
    engine did at once after it."""
    line = _move_words(state, action, viewer)
    if after is None:
        return line
    try:
        more = consequences(state, action, after)
    except Exception:  # the move's own words are still a line
        more = []
    return " ".join([_sentence(line)] + [_sentence(m) for m in more]) if more else line


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _move_words(state: dict, action: Action, viewer: int | None) -> str:
    p = action.payload if isinstance(action.payload, Mapping) else {}
    who = _name(state, action.seat)
    own = viewer is not None and viewer == action.seat
    kind = action.kind
    if kind == "setup_extra":
        return f"{who} took {_split(p)} as extra resources"
    if kind == "bid":
        if own:
            return f"{who} bid {_int(p.get('amount'))} Money (secret until the reveal)"
        return f"{who} placed a secret bid"
    if kind == "reveal":
        bids = state.get("bids") or []
        if not bids or not all(isinstance(b, int) for b in bids):
            return "The bids were revealed"
        shown = ", ".join(f"{_name(state, s)} {b}" for s, b in enumerate(bids))
        return f"Bids revealed: {shown}"
    if kind == "take_card":
        face = str(p.get("face", "")).lower()
        if face == "up":
            return f"{who} took a face-up {_front_words(p)}"
        if p.get("flip_up"):
            return f"{who} took a face-down card and turned it face up for 2 Money: {_front_words(p)}"
        text = f"{who} took a face-down card and placed it in {_column(p.get('column'))}"
        if own and p.get("class") is not None:
            text += f" (it is {_front_words(p)})"
        return text
    if kind == "discard":
        return f"{who} discarded {_split(p)} down to {CAP}"
    if kind == "done":
        return feeding_words(state, action.seat, p)
    if kind == "move_on":
        return "The host moved everyone on who had nothing to choose"
    if kind == "take_tribute":
        current = (state.get("tribute") or {}).get("current")
        payer = current[1] if isinstance(current, list) and len(current) == 2 else None
        return f"{who} took {_split(p)} in tribute from {_name(state, payer)}"
    if kind == "final_assignment":
        if p.get("assignment") is None:
            return f"{who} accepted the proposed placing of their flexible points"
        chosen = p.get("assignment")
        if not isinstance(chosen, list):
            return f"{who} placed their flexible points"
        places = ", ".join(_class(c) for c in chosen)
        return f"{who} placed their flexible points: {places}"
    if kind == "exchange":
        return _exchange_words(who, p, 4, 1)
    if kind == "trade":
        return _exchange_words(who, p, 4, 2) + " with their trade card"
    if kind == "flip_down":
        seat = action.seat
        card = None
        if isinstance(seat, int) and 0 <= seat < len(state["cards"]):
            card = find_card(state["cards"][seat], p.get("card"))
        what = "a card"
        if card is not None and card.get("face_up"):
            what = "their " + describe_front(card)
        return f"{who} turned {what} face down for {_split(p)}"
    return "A move this game does not know"


def feeding_words(state: dict, seat: Any, payload: Mapping) -> str:
    """``Ann gained 2 Grain, fed 3 Grain and 1 Money, discarded 1 Grain down to 10``
    (and what went unpaid), from the state before the seat tapped done."""
    who = _name(state, seat)
    if not (isinstance(seat, int) and 0 <= seat < len(state["players"])):
        return f"{who}: done with production and feeding"
    gain = ((state.get("production") or {}).get("gain") or [None] * (seat + 1))[seat] or {}
    due = costs(state["cards"][seat])
    money, grain = state["money"][seat], state["grain"][seat]
    paid_m, paid_g = min(money, due["money"]), min(grain, due["grain"])
    parts = [f"{who} gained {words(gain.get('money', 0), gain.get('grain', 0))} in production",
             f"fed {words(paid_m, paid_g)}"]
    short_m, short_g = due["money"] - paid_m, due["grain"] - paid_g
    if short_m or short_g:
        parts.append(f"could not pay {words(short_m, short_g)} (only face-down cards)")
    if _int(payload.get("money")) or _int(payload.get("grain")):
        parts.append(f"discarded {_split(payload)} down to {CAP}")
    else:
        left = money - paid_m + grain - paid_g
        if left > CAP:  # the only way: all of one resource
            keep_m = money - paid_m
            m = min(keep_m, left - CAP)
            parts.append(f"discarded {words(m, left - CAP - m)} down to {CAP}")
    return ", ".join(parts)


def consequences(before: dict, action: Action, after: dict) -> list[str]:
    """What the engine did at once after the move (public facts only)."""
    out: list[str] = []
    gift = gift_words(before, action, after)
    if gift:
        out.append(gift)
    if before["phase"] == "pick" and after["phase"] != "pick" and after.get("production"):
        from engine.strata.game import bank_short

        gains = after["production"]["gain"]
        out.append("Production: " + "; ".join(
            f"{_name(after, s)} gains {words(g['money'], g['grain'])}"
            + _bank_short(bank_short(after["cards"][s], g)) for s, g in enumerate(gains)))
    if action.kind == "move_on" and before.get("production"):
        for s, done in enumerate(before["production"]["done"]):
            if not done and after.get("production") and (after["phase"] != "production"
                                                          or after["production"]["done"][s]):
                out.append(feeding_words(before, s, {}))
    if before["phase"] == "production" and after["phase"] == "production_cap":
        over = [s for s in range(len(after["players"]))
                if after["money"][s] + after["grain"][s] > CAP]
        out.append("Everyone is done: " + ", ".join(_name(after, s) for s in over)
                   + f" must discard down to {CAP}")
    tribute = after.get("tribute")
    if tribute is not None and after["phase"] not in PRODUCING:
        started = before["phase"] in PRODUCING
        if started:
            out.append("Tribute (Influence " + ", ".join(
                f"{_name(after, s)} {v}" for s, v in enumerate(tribute["influence"])) + ")")
            new = tribute["transfers"]
        elif before["phase"] == "tribute":
            new = tribute["transfers"][len(before["tribute"]["transfers"]):]
            if action.kind == "take_tribute":
                new = new[1:]  # the move's own words say it
        else:
            new = []
        for t in new:
            out.append(_transfer_words(after, t))
        if started and not tribute["transfers"] and after["phase"] != "tribute":
            out.append("Nobody had enough Influence to take tribute")
    if after["round"] > before["round"] and before["round"] >= 1:
        out.append(f"Round {after['round']} begins; {_name(after, after['start'])} is the start player")
    if after["phase"] in ("scoring", "over") and before["phase"] not in ("scoring", "over"):
        out.append("The 15 rounds are over: final scoring")
    return out


def _bank_short(short: Mapping) -> str:
    """`` (the bank could not pay 2 Grain)`` when a limited bank ran out, else ''."""
    m, g = _int(short.get("money")), _int(short.get("grain"))
    return f" (the bank could not pay {words(m, g)})" if m or g else ""


def gift_words(before: dict, action: Action, after: dict) -> str | None:
    """``All of Ann's cards are face down: the gift of round 3 gives her 3 Grain`` when
    the move gave the all-face-down gift (a card taken face down, or the last face-up
    card turned face down), else None. The split is the one the move's handler made:
    the player's ``bonus``, out of what the bank had (after the flip's 2)."""
    seat = action.seat
    p = action.payload if isinstance(action.payload, Mapping) else {}
    if not (isinstance(seat, int) and 0 <= seat < len(after["players"])):
        return None
    if not after["cards"][seat] or not all_face_down(after["cards"][seat]):
        return None
    money, grain = bank_has(before, MONEY), bank_has(before, GRAIN)
    if action.kind == "take_card":
        if str(p.get("face", "")).lower() != "down" or p.get("flip_up"):
            return None
    elif action.kind == "flip_down":
        m, g = choose(p, FLIP_GAIN, money, grain, "turning a card face down", "The bank has")
        money, grain = money - m, grain - g
    else:
        return None
    amount = max(before["round"], 0)
    m, g = choose(p.get("bonus") or {}, amount, money, grain, "the gift", "The bank has")
    who = _name(after, seat)
    text = (f"All of {who}'s cards are face down: the all-face-down gift of round {amount} "
            f"gives {who} {words(m, g)}")
    if m + g < amount:
        text += f" (the bank could not pay {amount - m - g})"
    return text


def _transfer_words(state: dict, t: Mapping) -> str:
    paid = t.get("paid") or {}
    text = (f"{_name(state, t.get('to'))} took {words(_int(paid.get('money')), _int(paid.get('grain')))}"
            f" in tribute from {_name(state, t.get('from'))}")
    if t.get("unpaid"):
        text += f" ({t['unpaid']} not paid: only face-down cards)"
    return text


def _front_words(p: Mapping) -> str:
    try:
        return describe_front(parse_front(p))
    except IllegalAction:
        return "card"


def _exchange_words(who: str, p: Mapping, give: int, get: int) -> str:
    gave = "grain" if p.get("give") == "grain" else "money"
    other = "Grain" if gave == "money" else "Money"
    times = _int(p.get("times", 1)) or 1
    return f"{who} exchanged {give * times} {gave.capitalize()} for {get * times} {other}"
