"""Before a bid is placed: would the table take it, and what would it leave in the
garden if it stands: "Place bid" only for a legal bid, and a warning first when
the bid would keep a forbidden set.

:func:`bid_check` reads nothing but one seat's own view (the envelope the hub gives its
phone: ``public``, ``private``, ``legal``), so a screen calls it with what it draws from
and the rule stays here. The refusals are the words the move itself is refused with
(:func:`engine.rockgarden.rules.pile_refusal`, :func:`~engine.rockgarden.rules.undercut_refusal`,
:func:`~engine.rockgarden.rules.check_in_garden`); what a bid keeps is the garden after the
trade (the garden less the bid, plus the pile) turned in by the advisor's best plan at the
deck tops this seat faces now, as the bid advice counts "demerits if it stands".
"""

from __future__ import annotations

from functools import lru_cache
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
            sets: list | None = None, to_beat: str | None = None) -> dict:
    warning = None
    if problem is None and kept:
        warning = f"If this bid stands you keep {kept_words(kept)}: {demerit_words(demerits)}"
    return {"ready": problem is None, "problem": problem, "to_beat": to_beat, "sets": sets or [],
            "demerits": demerits, "warning": warning}


def _to_beat(piles: list, pile: int | None) -> str | None:
    """What a bid on ``pile`` must beat, in words (None: no such pile, or no bid on it)."""
    if pile is None or not 0 <= pile < len(piles) or piles[pile]["bid"] is None:
        return None
    standing = piles[pile]["bid"]
    return rules.undercut_limit_text(standing["value"], standing["count"])


def bid_check(view: Mapping[str, Any], seat: int | None, pile: int | None, rocks: Any) -> dict:
    """What placing a bid of ``rocks`` (text ``"R1 G2"`` or a list; none: a bid of no
    rocks) on pile ``pile`` (from 0; None: no pile chosen yet) would do, for ``seat``
    looking at its own ``view``::

        {"ready": bool,            # the table would take it now
         "problem": str | None,    # why not, in the table's words
         "to_beat": str | None,    # what a bid on that pile must beat ("your bid must be worth less than 3")
         "sets": [{"set", "rocks"}],  # if it stands: the sets the best turn-in hands in
         "demerits": int | None,   # ... and what they cost at the deck tops faced now
         "warning": str | None}    # "If this bid stands you keep a Straight Flush: 1 demerit"

    Who turns in before this seat is not known until someone passes, so the deck tops
    are those of now (as in the bid advice)."""
    if pile is None:  # no bid yet (the same answer on any turn: a screen kept for the next turn)
        return _answer(CHOOSE_A_PILE)
    public = view["public"]
    piles = public["piles"]
    to_beat = _to_beat(piles, pile)
    if seat is None or "bid" not in view.get("legal", ()):
        mine = seat is not None and public.get("phase") == "bidding" and seat in view.get("to_act", ())
        return _answer((mine and rules.no_pile_to_bid_on([p["takes_bids"] for p in piles])) or NOT_YOUR_TURN,
                       to_beat=to_beat)
    refusal = rules.pile_refusal(pile, len(piles))
    if refusal:
        return _answer(refusal)
    try:
        bid = rules.parse_rocks(rocks)
        garden = dict(public["players"][seat]["garden"])
        rules.check_in_garden(garden, bid)
    except IllegalAction as exc:
        return _answer(exc.message, to_beat=to_beat)
    standing = piles[pile]["bid"]
    if standing is not None:
        refusal = rules.undercut_refusal(standing["name"], pile + 1, standing["value"], standing["count"],
                                         value(bid), count(bid))
        if refusal:
            return _answer(refusal, to_beat=to_beat)
    remove(garden, bid)
    add(garden, counts_of(piles[pile]["rocks"]))
    tops = _tops(view)
    demerits, steps = _best(tuple(sorted(garden.items())), tuple(tops.get(d, 1) for d in SET_NAMES),
                            public.get("after_deck", "continue"))
    kept: dict = {}
    for kind, _ in steps:
        kept[kind] = kept.get(kind, 0) + 1
    return _answer(None, kept, demerits, [{"set": kind, "rocks": list(rocks)} for kind, rocks in steps], to_beat)


@lru_cache(maxsize=1024)
def _best(garden: tuple, tops: tuple, after_deck: str) -> tuple:
    """(demerits, ((set, rocks), ...)) of the advisor's best plan for a garden after the
    trade (a composer asks again at every rock picked: the same gardens come back)."""
    plan = best_plan(dict(garden), dict(zip(SET_NAMES, tops)), after_deck)
    return plan.demerits, tuple((step["set"], tuple(step["rocks"])) for step in (t.to_json() for t in plan.turn_ins))
