"""Four Big Strata: the steps nobody chooses, and their words.

After every move :func:`settle` runs each step that needs no choice, until someone must
act: round 1 once the extras are taken, the production after the last card is taken (a
limited bank paying in seat order from the start player), the discards down to 10 with
one way to make them, the tribute (Influence taken as it begins) and each transfer
whose split is the only one, the next round and its start player, the final scoring
after round 15.

The steps a move set off are recorded in the state as they are done:
``state["outcome"]``, a list emptied as every move begins (:func:`begin`), one record
a step (``{"step": "production", ...}``; the moves add the all-face-down gift). A
move's words say what happened from those records (:func:`steps_said`), never by
running a step again.
(A seat's own Done is kept with the production step, ``production["fed"]``, not here:
each seat's Done is independent of the others', and two of them made in either order
leave the very same state.)
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.strata import production as prod
from engine.strata.queries import (AUCTION, CAP_PHASES, PRODUCTION, PRODUCTION_CAP, ROUNDS,
                                   SCORING, OVER, SETUP, TRIBUTE, TRIBUTE_CAP, all_down_bonus,
                                   bank_short, cap_excess, current_tribute, influences,
                                   market_for_round, name, tribute_owed)
from engine.strata.resources import (CAP, GRAIN, MONEY, bank_has, choice_range, choose,
                                     move_between, move_to_bank, move_to_player, words)
from engine.strata.scoring import best_assignment, fixed_totals, flexible_chunks
from engine.strata.tribute import pair_order, seat_order


# -- the outcome of a move -----------------------------------------------------------------

def begin(state: dict) -> None:
    """A move begins: nothing has happened yet."""
    state["outcome"] = []


def record(state: dict, step: str, **facts: Any) -> None:
    """``step`` happened, with the ``facts`` its words need."""
    state.setdefault("outcome", []).append({"step": step, **facts})


def outcome(before: dict, after: dict) -> list[dict]:
    """What the move from ``before`` to ``after`` recorded (nothing when ``after`` is
    not a state the move made)."""
    if after is before or not isinstance(after, Mapping):
        return []
    return list(after.get("outcome") or [])


# -- the steps ---------------------------------------------------------------------------

def settle(state: dict) -> None:
    """Run every step that needs no choice, until someone has to act."""
    while _STEPS.get(state["phase"], _stop)(state):
        pass


def _stop(state: dict) -> bool:
    return False


def _after_setup(state: dict) -> bool:
    if any(state["extra_due"]):
        return False
    start_round(state, 1)
    return True


def _after_production(state: dict) -> bool:
    if not all(state["production"]["done"]):
        return False
    state["phase"] = PRODUCTION_CAP  # every player above 10 now discards
    _settle_cap(state)
    over = [s for s in range(len(state["players"])) if cap_excess(state, s)]
    if over:
        record(state, "cap", over=over)
    return True


def _after_cap(state: dict) -> bool:
    _settle_cap(state)
    if any(cap_excess(state, s) for s in range(len(state["players"]))):
        return False
    if state["phase"] == PRODUCTION_CAP:
        _start_tribute(state)
    else:
        _end_round(state)
    return True


def _after_tribute(state: dict) -> bool:
    if not _settle_tribute(state):
        return False
    if not state["tribute"]["transfers"]:
        record(state, "no_tribute")
    state["phase"] = TRIBUTE_CAP
    return True


def _after_scoring(state: dict) -> bool:
    if any(c is None for c in state["final"]["chosen"]):
        return False
    state["phase"] = OVER
    return False


_STEPS: dict[str, Callable[[dict], bool]] = {
    SETUP: _after_setup, PRODUCTION: _after_production, PRODUCTION_CAP: _after_cap,
    TRIBUTE_CAP: _after_cap, TRIBUTE: _after_tribute, SCORING: _after_scoring,
}
"""Per phase: the step that follows it when nobody has to choose (True: look again)."""
assert set(CAP_PHASES) <= set(_STEPS)


def start_round(state: dict, rnd: int) -> None:
    n = len(state["players"])
    state["round"] = rnd
    state["phase"] = AUCTION
    state["market"] = market_for_round(n, rnd)
    state["bids"] = [None] * n
    state["revealed_bids"] = None
    state["pick_order"] = []
    state["picked"] = [False] * n
    # "production", "unpaid" and "tribute" stay until the next production / tribute: the
    # phones show the last ones while the next auction runs.
    record(state, "round", round=rnd, start=state["start"])


def produce(state: dict) -> None:
    """All cards taken: the rest of the display is discarded and everyone produces (a
    limited bank paying in seat order from the start player: what it could not pay is
    what the cards yield above ``production["gain"]``, :func:`bank_short`); then each
    seat feeds and is done."""
    n = len(state["players"])
    state["market"] = {"up": 0, "down": 0, "empress": False}
    gains = [{MONEY: 0, GRAIN: 0} for _ in range(n)]
    for seat in seat_order(n, state["start"]):
        gain = prod.yields(state["cards"][seat])
        m = min(gain[MONEY], bank_has(state, MONEY))
        g = min(gain[GRAIN], bank_has(state, GRAIN))
        move_to_player(state, seat, m, g)
        gains[seat] = {MONEY: m, GRAIN: g}
    state["production"] = {"gain": gains, "done": [False] * n, "fed": [None] * n}
    state["unpaid"] = [None] * n
    state["phase"] = PRODUCTION
    record(state, "production", gain=[dict(g) for g in gains],
           short=[bank_short(state["cards"][s], gains[s]) for s in range(n)])


def give_gift(state: dict, seat: int, payload: Mapping[str, Any]) -> None:
    """The all-face-down gift, when ``seat``'s display has just become all face down:
    resources equal to the round, of the player's choice (``payload["bonus"]``)."""
    amount = all_down_bonus(state, seat)
    m, g = choose(payload.get("bonus") or {}, amount, bank_has(state, MONEY),
                  bank_has(state, GRAIN), f"your all-face-down gift ({amount})", "The bank has")
    move_to_player(state, seat, m, g)
    record(state, "gift", seat=seat, round=amount, paid={MONEY: m, GRAIN: g})


def _settle_cap(state: dict) -> None:
    """Discards with only one possible split are made at once."""
    for seat in range(len(state["players"])):
        excess = cap_excess(state, seat)
        if excess:
            _, low, high = choice_range(excess, state[MONEY][seat], state[GRAIN][seat])
            if low == high:
                move_to_bank(state, seat, low, excess - low)


def _start_tribute(state: dict) -> None:
    state["tribute"] = {"influence": influences(state), "start": state["start"], "next": 0,
                        "current": None, "transfers": []}
    state["phase"] = TRIBUTE
    record(state, "tribute", influence=list(state["tribute"]["influence"]))


def _next_transfer(state: dict, pairs: list) -> bool:
    """Make the next pair that owes something the current transfer; False when none is left."""
    tribute = state["tribute"]
    while tribute["next"] < len(pairs) and tribute["current"] is None:
        taker, payer = pairs[tribute["next"]]
        tribute["next"] += 1
        if tribute_owed(state, taker, payer) > 0:
            tribute["current"] = [taker, payer]
    return tribute["current"] is not None


def _settle_tribute(state: dict) -> bool:
    """Take the transfers in order; stop when a payer must turn cards down or a taker
    must choose. True when every transfer is done."""
    tribute = state["tribute"]
    pairs = pair_order(len(state["players"]), tribute["start"])
    while True:
        if tribute["current"] is None and not _next_transfer(state, pairs):
            return True
        step = current_tribute(state)
        if step["count"] <= 0:  # a display changed: nothing is owed now
            tribute["current"] = None
            continue
        if step["waiting_for"] == "payer":
            return False  # the payer must turn cards face down first
        payer = step["from"]
        amount, low, high = choice_range(step["count"], state[MONEY][payer], state[GRAIN][payer])
        if low != high:
            return False  # the taker chooses
        pay_tribute(state, low, amount - low)


def pay_tribute(state: dict, money: int, grain: int) -> None:
    """The current transfer, paid with ``money`` and ``grain``."""
    tribute = state["tribute"]
    step = current_tribute(state)
    move_between(state, step["from"], step["to"], money, grain)
    transfer = {"from": step["from"], "to": step["to"], "count": step["count"],
                "paid": {MONEY: money, GRAIN: grain}, "unpaid": step["count"] - money - grain}
    tribute["transfers"].append(transfer)
    tribute["current"] = None
    record(state, "transfer", **transfer)


def _end_round(state: dict) -> None:
    if state["round"] >= ROUNDS:
        _start_scoring(state)
        return
    state["start"] = (state["start"] + 1) % len(state["players"])
    start_round(state, state["round"] + 1)


def _start_scoring(state: dict) -> None:
    n = len(state["players"])
    fdp = state["settings"]["face_down_points"]
    fixed = [fixed_totals(state["cards"][s], fdp) for s in range(n)]
    chunks = [flexible_chunks(state["cards"][s]) for s in range(n)]
    proposals = [best_assignment(fixed[s], [c["points"] for c in chunks[s]]) for s in range(n)]
    state["final"] = {
        "fixed": fixed,
        "chunks": chunks,
        "proposals": proposals,
        "chosen": [proposals[s] if not chunks[s] else None for s in range(n)],
    }
    state["phase"] = SCORING
    record(state, "scoring")


# -- the steps in words ----------------------------------------------------------------------
# Each: (state after the move, the step's record, viewer) -> (its history line or None,
# what it tells the viewer's seat or None). All of it is public.

Told = tuple["str | None", "str | None"]


def in_words(facts: Mapping[str, Any] | None) -> str:
    """``{"money": 1, "grain": 2}`` in words."""
    facts = facts or {}
    return words(facts.get(MONEY, 0), facts.get(GRAIN, 0))


def _production_words(state: dict, step: dict, viewer: int | None) -> Told:
    parts = []
    for seat, (gain, short) in enumerate(zip(step["gain"], step["short"])):
        cut = f" (the bank could not pay {in_words(short)})" if short[MONEY] or short[GRAIN] else ""
        parts.append(f"{name(state, seat)} gains {in_words(gain)}{cut}")
    return "Production: " + "; ".join(parts), None


def _cap_words(state: dict, step: dict, viewer: int | None) -> Told:
    over = ", ".join(name(state, s) for s in step["over"])
    return f"Everyone is done: {over} must discard down to {CAP}", None


def _tribute_words(state: dict, step: dict, viewer: int | None) -> Told:
    taken = ", ".join(f"{name(state, s)} {v}" for s, v in enumerate(step["influence"]))
    return f"Tribute (Influence {taken})", None


def _transfer_words(state: dict, step: dict, viewer: int | None) -> Told:
    taker, payer = name(state, step["to"]), name(state, step["from"])
    paid = in_words(step["paid"])
    line = f"{taker} took {paid} in tribute from {payer}"
    if step.get("unpaid"):
        line += f" ({step['unpaid']} not paid: only face-down cards)"
    told = f"You paid {paid} tribute to {taker}" if viewer == step["from"] and any(
        step["paid"].values()) else None
    return line, told


def _round_words(state: dict, step: dict, viewer: int | None) -> Told:
    rnd, start = step["round"], name(state, step["start"])
    line = f"Round {rnd} begins; {start} is the start player" if rnd > 1 else None
    who = "you are" if viewer == step["start"] else f"{start} is"
    return line, f"Round {rnd}: {who} the start player"


def _gift_words(state: dict, step: dict, viewer: int | None) -> Told:
    who, due = name(state, step["seat"]), step["round"]
    line = (f"All of {who}'s cards are face down: the all-face-down gift of round {due} "
            f"gives {who} {in_words(step['paid'])}")
    given = sum(step["paid"].values())
    if given < due:
        line += f" (the bank could not pay {due - given})"
    return line, None


STEP_WORDS: dict[str, Callable[[dict, dict, "int | None"], Told]] = {
    "gift": _gift_words,
    "production": _production_words,
    "cap": _cap_words,
    "tribute": _tribute_words,
    "transfer": _transfer_words,
    "no_tribute": lambda state, step, viewer: ("Nobody had enough Influence to take tribute", None),
    "round": _round_words,
    "scoring": lambda state, step, viewer: (f"The {ROUNDS} rounds are over: final scoring", None),
}


def steps_said(steps: list[dict], after: dict, viewer: int | None) -> tuple[list[str], list[str]]:
    """The lines of the history and what each step tells ``viewer``'s seat, in order."""
    lines, told = [], []
    for step in steps:
        line, news = STEP_WORDS[step["step"]](after, step, viewer)
        if line:
            lines.append(line)
        if news and viewer is not None:
            told.append(news)
    return lines, told
