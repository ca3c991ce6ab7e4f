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
stone for good, so the game always ends: at worst every pile empties and the next
reveal is all zeros, which the engine applies at once (reason "no stones left").
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.bluffstones import board
from engine.bluffstones.state import (
    BIDDING, OVER, PLACE, REMOVE, RESOLVING, empty_circles, is_standing_tower,
    matching_neighbours, name, pending_step, removable_circles, standing_towers,
    stones_left, turn_order, waiting_for,
)
from engine.bluffstones.stones import RED, bid_words, parse_bid, pile_total, zero_bid
from engine.errors import IllegalAction


def _event(state: dict, kind: str, text: str, **data: Any) -> None:
    event = {"kind": kind, "text": text, **data}
    state["last_events"].append(event)
    state["round_events"].append(event)


def _refuse_unless_bidding(state: dict) -> None:
    if state["phase"] == RESOLVING:
        step = pending_step(state)
        raise IllegalAction(f"The bids are revealed; waiting for {step['name']} to "
                            f"{'remove a stone' if step['step'] == REMOVE else 'place a stone'}")
    if state["phase"] != BIDDING:
        raise IllegalAction("The game has not started yet: finish the setup first")


# -- bidding ---------------------------------------------------------------------
def bid(state: dict, seat: Any, payload: Mapping[str, Any]) -> dict:
    """Record (or change, until the reveal) ``seat``'s secret bid."""
    _refuse_unless_bidding(state)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        raise IllegalAction("Choose whose bid this is")
    state["bids"][seat] = parse_bid(payload, state["piles"][seat])
    state["last_events"] = [{"kind": "ready", "seat": seat,
                             "text": f"{name(state, seat)} is ready"}]
    return state


def reveal(state: dict) -> dict:
    """All bids are in: show them and resolve everything that needs no choice."""
    _refuse_unless_bidding(state)
    missing = waiting_for(state)
    if missing:
        raise IllegalAction("Waiting for bids from " + ", ".join(name(state, s) for s in missing))
    bids = [dict(b) for b in state["bids"]]
    state["revealed"] = bids
    state["last_events"] = []
    state["round_events"] = []
    order = turn_order(state)
    _event(state, "reveal", "Bids revealed: " + "; ".join(
        f"{name(state, s)} {bid_words(bids[s])}" for s in order), bids=bids)
    if all(b["count"] == 0 for b in bids):
        _event(state, "end", "Everyone bid zero: the game ends")
        return _finish(state, "Everyone bid zero in the same round")
    hands: list[list[str]] = []
    for s, b in enumerate(bids):
        if b["count"]:
            state["piles"][s][b["colour"]] -= b["count"]
        hands.append([b["colour"]] * b["count"])
    if any(b["count"] == 2 for b in bids):
        for s in order:
            if hands[s]:
                colour = hands[s].pop()
                state["discard"][colour] += 1
                _event(state, "discard", f"{name(state, s)} throws away one {colour} stone "
                       "(someone bid two)", seat=s, colour=colour)
    state["hands"] = [h[0] if h else None for h in hands]
    state["phase"] = RESOLVING
    return _advance(state)


# -- resolution steps --------------------------------------------------------------
def _check_step(state: dict, seat: Any, step: str) -> dict:
    if state["phase"] != RESOLVING:
        if state["phase"] == BIDDING:
            raise IllegalAction("Nothing to do on the board now: the round is still bidding")
        raise IllegalAction("The game has not started yet: finish the setup first")
    pending = state["pending"]
    if seat is not None and seat != pending["seat"]:
        raise IllegalAction(f"It is {name(state, pending['seat'])}'s turn, not yours")
    if pending["step"] != step:
        needed = "remove a stone with a red stone" if pending["step"] == REMOVE \
            else f"place a {pending['colour']} stone"
        raise IllegalAction(f"{name(state, pending['seat'])} must {needed} now")
    return pending


def remove(state: dict, seat: Any, payload: Mapping[str, Any]) -> dict:
    """The pending red stone removes the stone on ``payload['circle']``."""
    pending = _check_step(state, seat, REMOVE)
    circle = board.parse_circle(payload.get("circle"))
    if circle not in state["board"]:
        what = "a tower" if is_standing_tower(state, circle) else "no stone"
        raise IllegalAction(f"{circle} has {what}: choose a circle with a stone on it "
                            f"({', '.join(removable_circles(state))})")
    who = pending["seat"]
    colour = state["board"].pop(circle)
    state["discard"][colour] += 1
    state["discard"][RED] += 1
    state["hands"][who] = None
    state["last_events"] = []
    _event(state, "remove", f"{name(state, who)}'s red stone removes the {colour} stone on "
           f"{circle} (both thrown away)", seat=who, circle=circle, colour=colour)
    return _advance(state)


def place(state: dict, seat: Any, payload: Mapping[str, Any]) -> dict:
    """The pending stone goes on ``payload['circle']``; a tower may score."""
    pending = _check_step(state, seat, PLACE)
    circle = board.parse_circle(payload.get("circle"))
    if is_standing_tower(state, circle):
        raise IllegalAction(f"A tower stands on {circle}: choose an empty circle")
    if circle in state["board"]:
        raise IllegalAction(f"{circle} already has a {state['board'][circle]} stone: "
                            "choose an empty circle")
    who, colour = pending["seat"], pending["colour"]
    state["board"][circle] = colour
    state["hands"][who] = None
    state["last_events"] = []
    _event(state, "place", f"{name(state, who)} places a {colour} stone on {circle}",
           seat=who, circle=circle, colour=colour)
    for tower in board.neighbours(circle):
        if (is_standing_tower(state, tower) and state["tower_colours"][tower] == colour
                and matching_neighbours(state, tower) >= 3):
            state["scored"][tower] = who
            state["won"][who].append(tower)
            _event(state, "score", f"{name(state, who)} scores the {colour} tower on {tower}",
                   seat=who, tower=tower, colour=colour)
    return _advance(state)


def _advance(state: dict) -> dict:
    """Move to the next step needing a choice, doing the automatic ones on the way."""
    state["pending"] = None
    for seat in turn_order(state):
        if state["hands"][seat] == RED:
            if state["board"]:
                state["pending"] = {"seat": seat, "step": REMOVE, "colour": RED}
                return state
            state["hands"][seat] = None
            state["discard"][RED] += 1
            _event(state, "wasted_red", f"{name(state, seat)}'s red stone is thrown away: "
                   "there is no stone on the board to remove", seat=seat)
    for seat in turn_order(state):
        colour = state["hands"][seat]
        if colour is not None:
            if empty_circles(state):
                state["pending"] = {"seat": seat, "step": PLACE, "colour": colour}
                return state
            state["hands"][seat] = None
            state["discard"][colour] += 1
            _event(state, "no_room", f"{name(state, seat)}'s {colour} stone is thrown away: "
                   "no empty circle is left", seat=seat, colour=colour)
    return _end_round(state)


def _end_round(state: dict) -> dict:
    n = len(state["players"])
    state["previous_round"] = {"round": state["round"], "bids": state["revealed"]}
    state["revealed"] = None
    state["hands"] = [None] * n
    state["turn"] = (state["turn"] + 1) % n
    if state["end_when_towers_gone"] and not standing_towers(state):
        _event(state, "end", "Every tower has been scored: the game ends")
        return _finish(state, "Every tower has been scored")
    if all(pile_total(p) == 0 for p in state["piles"]):
        _event(state, "end", "No player has a stone left: the game ends")
        return _finish(state, "No player has a stone left")
    state["round"] += 1
    state["phase"] = BIDDING
    state["bids"] = [zero_bid() if stones_left(state, s) == 0 else None for s in range(n)]
    _event(state, "round", f"Round {state['round']}: {name(state, state['turn'])} "
           "holds the turn tower", turn=state["turn"])
    return state


def _finish(state: dict, reason: str) -> dict:
    state["phase"] = OVER
    state["pending"] = None
    state["end_reason"] = reason
    return state
