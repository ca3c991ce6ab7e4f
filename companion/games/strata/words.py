"""Four Big Strata: what the screens read from a view, in words (no Flet, no engine).

``screen`` is what :func:`companion.ui.live.use_view` selects from:
``{"table": {...}, "held": bool, "public", "private", "legal", "to_act", "result", "revision"}``.
"""

from __future__ import annotations

from companion.games.strata.look import split_words
from engine.words import and_words


def phase_of(screen: dict) -> str:
    return screen["public"]["phase"]


def cat_of(screen: dict) -> dict:
    """Words and choices for classes, effects and points (the view's catalogue)."""
    return screen["public"]["catalogue"]


def numbers_of(screen: dict) -> dict:
    """The rules' numbers the view carries: the cap, exchange and trade rates, flip gain."""
    return screen["public"]["numbers"]


def name_of(screen: dict, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return screen["public"]["players"][seat]["name"]


def names(screen: dict, seats) -> str:
    return and_words([name_of(screen, s) for s in seats])


# -- who the table waits for ----------------------------------------------------------------

def waiting_words(screen: dict) -> str | None:
    public = screen["public"]
    phase = public["phase"]
    waiting = list(screen["to_act"])
    if not waiting or phase == "over":
        return None
    who = names(screen, waiting)
    if phase == "setup":
        return f"Waiting for {who} to take their extra resources."
    if phase == "auction":
        if public.get("can_reveal"):
            return "Everyone has bid: reveal the bids."
        return f"Waiting for bids from {', '.join(name_of(screen, s) for s in waiting)}."
    if phase == "pick":
        return f"Waiting for {who} to take a card."
    if phase == "production":
        return f"Waiting for {who} to move their tokens and tap Done."
    if phase in ("production_cap", "tribute_cap"):
        return f"Waiting for {who} to discard down to {numbers_of(screen)['cap']}."
    if phase == "tribute":
        current = (public.get("tribute") or {}).get("current")
        if current and current["waiting_for"] == "payer":
            return f"Waiting for {who} to turn cards face down to pay {name_of(screen, current['to'])}."
        return f"Waiting for {who} to take tribute."
    if phase == "scoring":
        return f"Waiting for {who} to place their Empress and bonus points."
    return f"Waiting for {who}."


def bank_note(screen: dict) -> str | None:
    """``The bank has no Grain left.`` once a limited bank has run out (every screen
    says it), else None."""
    note = screen["public"].get("bank_note")
    return f"{note}." if note else None


def tribute_lines(screen: dict):
    public = screen["public"]
    tribute = public.get("tribute")
    phase = public["phase"]
    if not tribute or phase not in ("tribute", "tribute_cap", "auction"):
        return None
    if phase == "auction" and public["round"] <= 1:
        return None
    infl = tribute["influence"]
    title = "Tribute" if phase != "auction" else "Last round's tribute"
    influence = "Influence: " + ", ".join(f"{p['name']} {infl[p['seat']]}" for p in public["players"])
    current = tribute.get("current")
    rows = []
    if not tribute["transfers"]:
        rows.append(("Nobody has enough more Influence than another: no tribute.", False))
    for t in tribute["transfers"]:
        taker, payer, n = name_of(screen, t["to"]), name_of(screen, t["from"]), t["count"]
        paid = t.get("paid")
        if paid is not None:
            got = paid["money"] + paid["grain"]
            text = f"{taker} took {split_words(paid['money'], paid['grain'])} from {payer}"
            if got < n:
                text += f" ({n - got} unpaid)"
            rows.append((text, False))
        elif current and current["from"] == t["from"] and current["to"] == t["to"]:
            if current["waiting_for"] == "payer":
                have = public["players"][t["from"]]["total"]
                rows.append((f"{taker} takes {n} from {payer}: {payer} has only {have}, so {payer} must "
                             "turn cards face down first", True))
            else:
                rows.append((f"{taker} takes {n} from {payer}: {taker} chooses Money or Grain", True))
        else:
            rows.append((f"{taker} takes {n} from {payer}", False))
    return title, influence, tuple(rows)


# -- the turn banner ----------------------------------------------------------------------------

def decision(screen: dict, seat: int) -> str | None:
    """What ``seat`` decides now, from the public view only (pass-and-play's hand-over:
    never how much anyone bid nor what a phone alone is shown)."""
    public = screen["public"]
    phase = public["phase"]
    if seat not in screen["to_act"]:
        return None
    if phase == "setup":
        return "take their extra resources"
    if phase == "auction":
        return "bid in secret"
    if phase == "pick":
        return "take a card"
    if phase == "production":
        return "move their tokens and tap Done"
    if phase == "tribute_cap":
        return f"discard down to {numbers_of(screen)['cap']}"
    if phase == "tribute":
        current = (public.get("tribute") or {}).get("current") or {}
        if current.get("waiting_for") == "payer":
            return f"turn cards face down to pay {name_of(screen, current.get('to'))}"
        return f"take tribute from {name_of(screen, current.get('from'))}"
    if phase == "scoring":
        return "place their Empress and bonus points"
    return None


def turn_words(screen: dict) -> str:
    """What "Your turn: ..." says on this phone: only moves that are legal now (the first
    of :data:`TURN_WORDS` that is legal and has words for this screen)."""
    legal = set(screen["legal"])
    for kind, words in TURN_WORDS:
        said = words(screen, legal) if kind in legal else None
        if said is not None:
            return said
    return ""


def _bid_words(screen: dict, legal: set) -> str | None:
    if (screen.get("private") or {}).get("bid") is not None:
        return None
    return "bid in secret" + (" or reveal" if "reveal" in legal else "")


def _reveal_words(screen: dict, legal: set) -> str | None:
    if screen["public"]["phase"] != "auction":
        return None
    return "reveal the bids" if (screen.get("private") or {}).get("bid") is not None else "reveal"


def _done_words(screen: dict, legal: set) -> str:
    needs = ((screen.get("private") or {}).get("production") or {}).get("needs")
    if needs == "flip":
        return "turn a card face down to feed your people"
    if needs == "discard":
        return "choose what to discard, then tap Done"
    return "move your tokens, then tap Done"


def _current(screen: dict) -> dict:
    return (screen["public"].get("tribute") or {}).get("current") or {}


def _flip_to_pay_words(screen: dict, legal: set) -> str | None:
    current = _current(screen)
    if current.get("waiting_for") != "payer" or current.get("from") != screen["table"]["seat"]:
        return None
    return f"turn a card face down to pay {name_of(screen, current['to'])}"


TURN_WORDS = (
    ("setup_extra", lambda screen, legal: "take your extra resources"),
    ("bid", _bid_words),
    ("reveal", _reveal_words),
    ("take_card", lambda screen, legal: "take a card"),
    ("done", _done_words),
    ("discard", lambda screen, legal: f"discard down to {numbers_of(screen)['cap']}"),
    ("take_tribute", lambda screen, legal: f"take tribute from {name_of(screen, _current(screen).get('from'))}"),
    ("flip_down", _flip_to_pay_words),
    ("final_assignment", lambda screen, legal: "place your Empress and bonus points"),
)
"""Each move's words for the turn banner, in the order they are looked for (None: this
move has none for this screen, the next is looked at)."""


__all__ = ["bank_note", "cat_of", "name_of", "names", "numbers_of", "phase_of", "tribute_lines", "turn_words",
           "waiting_words"]
