"""A round: secret bids, the reveal, then resolution step by step in turn order.

Resolution follows the rules text:

1. all bids zero: the game ends at once;
2. any two-stone bid: everyone who bid one or more stones throws one of them away
   (automatic), so afterwards every player holds at most one stone;
3. each player holding a red stone, in turn order, removes a placed stone from the board
   (a ``remove`` step); red and removed stone are both thrown away. With no stone on the
   board the red stone is thrown away with no effect (automatic);
4. each player holding another stone, in turn order, places it on an empty circle
   (a ``place`` step). A tower scores for the player whose placed stone is the third
   stone of the tower's top colour next to it. If no empty circle is left, the stone is
   thrown away (automatic) so a round can always finish.

Then the turn tower passes clockwise and the next round's bidding opens. Players with no
stones left can only bid zero, so they are marked ready with a zero bid at once (their
empty pile is public). Every bid of one or more stones costs its player at least one
stone for good, so the game always ends: at worst every pile empties and the round ends
the game (reason ``no_stones``).

Who may make each move and when is the move table's (:mod:`engine.bluffstones.game`);
the handlers here change the private copy they are given.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.bluffstones.state import (
    BIDDING, OVER, PLACE, REMOVE, RESOLVING, empty_circles, is_standing_tower,
    kept_after_discard, name, removable_circles, standing_towers, stones_left,
    towers_scored_by, turn_order, waiting_for,
)
from engine.bluffstones.stones import RED, check_bid, pile_total, zero_bid
from engine.errors import IllegalAction

ALL_ZERO, TOWERS_GONE, NO_STONES = "all_zero", "towers_gone", "no_stones"
END_WORDS = {
    ALL_ZERO: "Everyone bid zero in the same round",
    TOWERS_GONE: "Every tower has been scored",
    NO_STONES: "No player has a stone left",
}


# -- bidding ---------------------------------------------------------------------
def bid_refusal(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is not None and stones_left(state, seat) == 0:
        return f"{name(state, seat)} has no stones left and is ready with a zero bid"
    return None


def bid(state: dict, seat: int, payload: Mapping[str, Any]) -> None:
    """Record (or change, until the reveal) ``seat``'s secret bid."""
    state["bids"][seat] = check_bid(payload["count"], payload.get("colour"), state["piles"][seat])


def reveal_refusal(state: dict, seat: int | None, host: bool) -> str | None:
    missing = waiting_for(state)
    if missing:
        return "Waiting for bids from " + ", ".join(name(state, s) for s in missing)
    return None


def reveal(state: dict, seat: int | None, payload: Mapping[str, Any]) -> None:
    """All bids are in: show them and resolve everything that needs no choice."""
    bids = [dict(b) for b in state["bids"]]
    state["reveal"] = {"round": state["round"], "bids": bids, "removed": [], "placed": []}
    if all(b["count"] == 0 for b in bids):
        _finish(state, ALL_ZERO)
        return
    for s, b in enumerate(bids):
        if b["count"]:
            state["piles"][s][b["colour"]] -= b["count"]
    kept = kept_after_discard(bids)
    for s, b in enumerate(bids):
        thrown = b["count"] - (1 if kept[s] else 0)
        if thrown:
            state["discard"][b["colour"]] += thrown
    state["hands"] = kept
    state["phase"] = RESOLVING
    _advance(state)


# -- resolution steps --------------------------------------------------------------
def step_refusal(step: str):
    """``when`` for ``remove``/``place``: the pending step must be this one."""
    def refusal(state: dict, seat: int | None, host: bool) -> str | None:
        pending = state["pending"]
        if not pending:
            return "Nothing is waiting on the board now"
        if pending["step"] != step:
            needed = ("remove a stone with a red stone" if pending["step"] == REMOVE
                      else f"place a {pending['colour']} stone")
            return f"{name(state, pending['seat'])} must {needed} now"
        return None
    return refusal


def remove(state: dict, seat: int, payload: Mapping[str, Any]) -> None:
    """The pending red stone removes the stone on ``payload['circle']``."""
    circle = payload["circle"]
    if circle not in state["board"]:
        what = "a tower" if is_standing_tower(state, circle) else "no stone"
        raise IllegalAction(f"{circle} has {what}: choose a circle with a stone on it "
                            f"({', '.join(removable_circles(state))})")
    who = state["pending"]["seat"]
    colour = state["board"].pop(circle)
    state["discard"][colour] += 1
    state["discard"][RED] += 1
    state["hands"][who] = None
    state["reveal"]["removed"].append({"seat": who, "circle": circle, "colour": colour})
    _advance(state)


def place(state: dict, seat: int, payload: Mapping[str, Any]) -> None:
    """The pending stone goes on ``payload['circle']``; a tower may score."""
    circle = payload["circle"]
    if is_standing_tower(state, circle):
        raise IllegalAction(f"A tower stands on {circle}: choose an empty circle")
    if circle in state["board"]:
        raise IllegalAction(f"{circle} already has a {state['board'][circle]} stone: "
                            "choose an empty circle")
    who, colour = state["pending"]["seat"], state["pending"]["colour"]
    scored = towers_scored_by(state, circle, colour)
    state["board"][circle] = colour
    state["hands"][who] = None
    for tower in scored:
        state["scored"][tower] = who
        state["won"][who].append(tower)
    state["reveal"]["placed"].append({"seat": who, "circle": circle, "colour": colour,
                                      "scored": scored})
    _advance(state)


def _advance(state: dict) -> None:
    """Move to the next step needing a choice, doing the automatic ones on the way."""
    state["pending"] = None
    for seat in turn_order(state):
        if state["hands"][seat] == RED:
            if state["board"]:
                state["pending"] = {"seat": seat, "step": REMOVE, "colour": RED}
                return
            state["hands"][seat] = None  # nothing to remove: thrown away
            state["discard"][RED] += 1
    for seat in turn_order(state):
        colour = state["hands"][seat]
        if colour is not None:
            if empty_circles(state):
                state["pending"] = {"seat": seat, "step": PLACE, "colour": colour}
                return
            state["hands"][seat] = None  # no room: thrown away
            state["discard"][colour] += 1
    _end_round(state)


def _end_round(state: dict) -> None:
    n = len(state["players"])
    state["hands"] = [None] * n
    state["turn"] = (state["turn"] + 1) % n
    if state["end_when_towers_gone"] and not standing_towers(state):
        _finish(state, TOWERS_GONE)
        return
    if all(pile_total(p) == 0 for p in state["piles"]):
        _finish(state, NO_STONES)
        return
    state["round"] += 1
    state["phase"] = BIDDING
    state["bids"] = [zero_bid() if stones_left(state, s) == 0 else None for s in range(n)]


def _finish(state: dict, reason: str) -> None:
    state["phase"] = OVER
    state["pending"] = None
    state["end"] = reason

