"""Before a bid is placed: would the table take it, and what would it leave in the
garden if it stands (issue 26: "Place bid" only for a legal bid, and a warning first
when the bid would keep a forbidden set).

:func:`bid_check` reads nothing but one seat's own view (the envelope the hub gives its
phone: ``public``, ``private``, ``legal``), so a screen calls it with what it draws from
and the rule stays here. The refusals are the words the move itself is refused with
(:func:`engine.rockgarden.rules.pile_refusal`, :func:`~engine.rockgarden.rules.undercut_refusal`,
:func:`~engine.rockgarden.rules.check_in_garden`); what a bid keeps is the garden after the
trade (the garden less the bid, plus the pile) turned in by the advisor's best plan at the
deck tops this seat faces now, as the bid advice counts "demerits if it stands".
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.rockgarden import rules
from engine.rockgarden.advisor import best_plan
from engine.rockgarden.sets import FOURSOME, SET_NAMES, STRAIGHT, TRIPS
from engine.rockgarden.state import add, count, counts_of, remove, value
from engine.words import and_words, plural

NOT_YOUR_TURN = "It is not your turn to bid"
CHOOSE_A_PILE = "Choose the pile to bid on"

# a set kept once, and more than once
SET_WORDS = {TRIPS: ("Trips", "sets of Trips"), FOURSOME: ("a Foursome", "Foursomes"),
             STRAIGHT: ("a Straight Flush", "Straight Flushes")}


def demerit_words(n: int) -> str:
    return "no demerit" if n == 0 else plural(n, "demerit")


def kept_words(kinds: Mapping[str, int]) -> str:
    """``{"straight": 1}`` -> "a Straight Flush"; ``{"trips": 2, "foursome": 1}`` ->
    "2 sets of Trips and a Foursome"."""
    parts = []
    for kind in SET_NAMES:
        n = kinds.get(kind, 0)
        if n:
            one, many = SET_WORDS[kind]
            parts.append(one if n == 1 else f"{n} {many}")
    return and_words(parts)


def _tops(view: Mapping[str, Any]) -> dict:
    """The deck tops this seat faces now: the bid advice's (its private view while it
    is its turn to bid), else each deck's printed top (an empty deck: its next cost)."""
    advice = (view.get("private") or {}).get("bid_advice") or {}
    if advice.get("tops"):
        return dict(advice["tops"])
    decks = view["public"]["decks"]
    return {d: decks[d]["top"] if decks[d]["top"] is not None else decks[d]["next_cost"]
            for d in SET_NAMES}


def _answer(problem: str | None, kept: dict | None = None, demerits: int | None = None,
            sets: list | None = None) -> dict:
    warning = None
    if problem is None and kept:
        warning = f"If this bid stands you keep {kept_words(kept)}: {demerit_words(demerits)}"
    return {"ready": problem is None, "problem": problem, "sets": sets or [],
            "demerits": demerits, "warning": warning}


def bid_check(view: Mapping[str, Any], seat: int | None, pile: int | None, rocks: Any) -> dict:
    """What placing a bid of ``rocks`` (text ``"R1 G2"`` or a list; none: a bid of no
    rocks) on pile ``pile`` (from 0; None: no pile chosen yet) would do, for ``seat``
    looking at its own ``view``::

        {"ready": bool,            # the table would take it now
         "problem": str | None,    # why not, in the table's words
         "sets": [{"set", "rocks"}],  # if it stands: the sets the best turn-in hands in
         "demerits": int | None,   # ... and what they cost at the deck tops faced now
         "warning": str | None}    # "If this bid stands you keep a Straight Flush: 1 demerit"

    Who turns in before this seat is not known until someone passes, so the deck tops
    are those of now (as in the bid advice)."""
    if seat is None or "bid" not in view.get("legal", ()):
        return _answer(NOT_YOUR_TURN)
    if pile is None:
        return _answer(CHOOSE_A_PILE)
    public = view["public"]
    piles = public["piles"]
    refusal = rules.pile_refusal(pile, len(piles))
    if refusal:
        return _answer(refusal)
    try:
        bid = rules.parse_rocks(rocks)
        garden = dict(public["players"][seat]["garden"])
        rules.check_in_garden(garden, bid)
    except IllegalAction as exc:
        return _answer(exc.message)
    standing = piles[pile]["bid"]
    if standing is not None:
        refusal = rules.undercut_refusal(standing["name"], pile + 1, standing["value"], standing["count"],
                                         value(bid), count(bid))
        if refusal:
            return _answer(refusal)
    remove(garden, bid)
    add(garden, counts_of(piles[pile]["rocks"]))
    plan = best_plan(garden, _tops(view), public.get("after_deck", "continue"))
    kept: dict = {}
    for step in plan.turn_ins:
        kept[step.set] = kept.get(step.set, 0) + 1
    sets = [{"set": step["set"], "rocks": step["rocks"]} for step in (t.to_json() for t in plan.turn_ins)]
    return _answer(None, kept, plan.demerits, sets)
