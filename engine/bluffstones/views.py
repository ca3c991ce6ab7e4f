"""What each viewer may see of a BluffStones state, with the words a screen shows.

:func:`public` is shared by everyone (the table screen, every phone): piles, the board,
who is ready (never what anyone bid before the reveal), the revealed bids, the pending
step with the circles it may choose, what each standing tower still needs, and for a
placement the towers each choice would leave one stone from scoring for someone else.
:func:`private` is one seat's own secret bid and the bids it may make; :func:`result` the
ranking once the game is over.
"""

from __future__ import annotations

from typing import Any

from engine.bluffstones import board
from engine.bluffstones.rounds import END_WORDS
from engine.bluffstones.setup import missing_setup
from engine.bluffstones.state import (
    BIDDING, OVER, REMOVE, RESOLVING, SETUP, TOWER_NEEDS, empty_circles, is_empty,
    is_standing_tower, kept_after_discard, matching_neighbours, name, order_of_round,
    removable_circles, stones_left, turn_order, waiting_for,
)
from engine.bluffstones.stones import (
    COLOURS, RED, TOWER_COLOURS, TOWER_STONES_PER_COLOUR, bid_words, legal_bids, pile_total, with_words,
)

HOUSE_RULES = (
    "Bids stay secret until someone presses Reveal once everyone is ready; a bid can be "
    "changed until then. The reveal cannot be undone.",
    "A red stone removes any placed stone (never a tower's top stone); with none on the "
    "board it is thrown away.",
    "Only stones of a tower's top colour count; whoever places the third one next to it "
    "scores it.",
    "A scored tower leaves the board; its circle becomes an empty circle for later stones.",
    "A stone that finds no empty circle is thrown away.",
    "Players with no stones left are ready with a zero bid; the game ends when everyone "
    "bids zero or nobody has a stone left.",
    "Winner: most towers, then most stones left; still tied: shared.",
)
"""The decisions the rules text leaves open, for the rules/help screen."""

TOWERS_GONE_RULE = ("The game also ends after the round in which the last tower is scored "
                    "(table setting).")


def house_rules(end_when_towers_gone: bool) -> list[str]:
    return list(HOUSE_RULES) + ([TOWERS_GONE_RULE] if end_when_towers_gone else [])


# -- the public part -------------------------------------------------------------------
def public(state: dict) -> dict:
    phase = state["phase"]
    holding = state["turn"] if state["turn"] is not None else state["start_player"]
    players = []
    for s, player in enumerate(state["players"]):
        players.append({
            "seat": s,
            "name": player,
            "pile": dict(state["piles"][s]),
            "stones_left": stones_left(state, s),
            "towers": list(state["won"][s]),
            "tower_count": len(state["won"][s]),
            "ready": state["bids"][s] is not None if phase == BIDDING else None,
            "holds_turn_tower": s == holding,
            "in_hand": state["hands"][s] if phase == RESOLVING else None,
        })
    view: dict[str, Any] = {
        "phase": phase,
        "round": state["round"],
        "turn_tower": holding,
        "turn_order": turn_order(state),
        "colours": list(COLOURS),
        "players": players,
        "board": {
            "circles": board.geometry(),
            "stones": dict(state["board"]),
            "towers": towers(state),
        },
        "discard": dict(state["discard"]),
        "waiting_for": waiting_for(state),
        "pending": pending(state),
        "revealed_bids": revealed_bids(state),
        "last_round": last_round(state),
        "house_rules": house_rules(state["end_when_towers_gone"]),
    }
    if phase == SETUP:
        view["setup"] = {
            "tower_circles": list(state["tower_circles"]),
            "tower_colours": dict(state["tower_colours"]),
            "colours": list(TOWER_COLOURS),
            "stones_per_colour": TOWER_STONES_PER_COLOUR,
            "start_player": state["start_player"],
            "missing": missing_setup(state),
            "default_towers": list(board.DEFAULT_TOWERS),
        }
    return view


def towers(state: dict) -> list[dict]:
    """Each tower: its top colour, standing or scored (by whom), and while it stands the
    matching stones next to it and how many more it needs ("D4 blue: 2 of 3")."""
    out = []
    for circle in state["tower_circles"]:
        colour = state["tower_colours"].get(circle)
        scored_by = state["scored"].get(circle)
        matching = matching_neighbours(state, circle)
        standing = scored_by is None
        out.append({
            "circle": circle,
            "colour": colour,
            "standing": standing,
            "scored_by": scored_by,
            "matching": matching,
            "needs": TOWER_NEEDS - matching if standing and colour else None,
            "scores_at": TOWER_NEEDS,
            "words": tower_words(state, circle, colour, matching, scored_by),
        })
    return out


def tower_words(state: dict, circle: str, colour: str | None, matching: int,
                scored_by: int | None) -> str:
    """What a screen says of a tower: "D4 blue: 2 of 3" (matching stones next to it, of
    the 3 that score it), "D4 blue: scored by Cat", or "D4: top colour not recorded"."""
    if colour is None:
        return f"{circle}: top colour not recorded"
    if scored_by is not None:
        return f"{circle} {colour}: scored by {name(state, scored_by)}"
    return f"{circle} {colour}: {matching} of {TOWER_NEEDS}"


def pending(state: dict) -> dict | None:
    """What resolution waits for: whose step, what they must do, the legal circles and,
    for a placement, the circles that would give a tower away (``gives``: each such
    circle with its :func:`gifts`; a circle not listed gives nothing)."""
    step = state["pending"]
    if state["phase"] != RESOLVING or not step:
        return None
    seat, kind, colour = step["seat"], step["step"], step["colour"]
    who = name(state, seat)
    if kind == REMOVE:
        choices = removable_circles(state)
        prompt = f"{who}: remove a stone from the board with your red stone"
        gives = []
    else:
        choices = empty_circles(state)
        prompt = f"{who}: place your {colour} stone on an empty circle"
        gives = [{"circle": c, "gives": given} for c in choices
                 if (given := gifts(state, seat, colour, c))]
    return {"seat": seat, "name": who, "step": kind, "colour": colour, "choices": choices,
            "prompt": prompt, "gives": gives}


def gifts(state: dict, placer: int, colour: str, circle: str) -> list[dict]:
    """The towers a ``colour`` stone on ``circle`` would leave one stone from scoring,
    each with the next player in turn order who could place that third stone (someone
    else than ``placer``): first the players still to place this round (their stones are
    public since the reveal), then next round's order (what their piles still hold)."""
    out = []
    for tower in board.neighbours(circle):
        if not is_standing_tower(state, tower) or state["tower_colours"].get(tower) != colour:
            continue
        if matching_neighbours(state, tower) != TOWER_NEEDS - 2:
            continue  # not one from scoring after this stone (or scored by it)
        if not any(c != circle and is_empty(state, c) for c in board.neighbours(tower)):
            continue  # no circle left for the third stone
        taker = _next_taker(state, placer, colour)
        if taker is None:
            continue
        seat, now = taker
        who = name(state, seat)
        out.append({"tower": tower, "colour": colour, "seat": seat,
                    "player": who, "this_round": now,
                    "words": f"this gives {who} {tower} if {who} places {colour}"
                             + ("" if now else " next round")})
    return out


def _next_taker(state: dict, placer: int, colour: str) -> tuple[int, bool] | None:
    order = turn_order(state)
    for seat in order[order.index(placer) + 1:]:
        if state["hands"][seat] == colour:
            return seat, True
    n = len(order)
    first = (state["turn"] + 1) % n
    for i in range(n):
        seat = (first + i) % n
        if state["piles"][seat].get(colour, 0) > 0:
            return (seat, False) if seat != placer else None
    return None


def revealed_bids(state: dict) -> list[dict] | None:
    """The bids of the round being resolved (or that ended the game); None while bidding."""
    facts = state["reveal"]
    if facts is None or facts["round"] != state["round"] or state["phase"] not in (RESOLVING, OVER):
        return None
    return [{"seat": s, "name": name(state, s), **with_words(b)} for s, b in enumerate(facts["bids"])]


def revealed_words(state: dict, order: list[int], bids: list[dict]) -> str:
    """"Bids revealed: Ann two yellow stones; Bob nothing", in turn order."""
    return "Bids revealed: " + "; ".join(f"{name(state, s)} {bid_words(bids[s])}" for s in order)


def last_round(state: dict) -> dict | None:
    """The round last revealed, in words from its facts: the bids, the stones thrown away,
    removed and placed, the towers scored, and the end if it ended the game. Kept until
    the next reveal, so while bidding everyone can read what the last round did."""
    facts = state["reveal"]
    if facts is None:
        return None
    order, bids = order_of_round(state, facts["round"]), facts["bids"]
    lines = [{"kind": "reveal", "text": revealed_words(state, order, bids)}]
    if all(b["count"] == 0 for b in bids):
        lines.append({"kind": "end", "text": "Everyone bid zero: the game ends"})
        return {"round": facts["round"], "lines": lines}
    this_round = facts["round"] == state["round"]
    # a stone still held is still to be removed or placed: not yet thrown away
    held = state["hands"] if state["phase"] == RESOLVING and this_round else [None] * len(bids)
    lines += _discard_lines(state, order, bids)
    lines += _removal_lines(state, facts, order, held)
    lines += _placement_lines(state, facts, order, held)
    if state["phase"] == OVER and this_round and state["end"] in END_WORDS:
        lines.append({"kind": "end", "text": f"{END_WORDS[state['end']]}: the game ends"})
    return {"round": facts["round"], "lines": lines}


def _discard_lines(state: dict, order: list[int], bids: list[dict]) -> list[dict]:
    """With a two-stone bid on the table every bidder throws one bid stone away."""
    if not any(b["count"] == 2 for b in bids):
        return []
    return [{"kind": "discard", "seat": s, "colour": bids[s]["colour"],
             "text": f"{name(state, s)} throws away one {bids[s]['colour']} stone (someone bid two)"}
            for s in order if bids[s]["count"]]


def _removal_lines(state: dict, facts: dict, order: list[int], held: list) -> list[dict]:
    """The red stones' removals, then the red stones that found nothing to remove."""
    lines = [{"kind": "remove", "seat": r["seat"], "circle": r["circle"], "colour": r["colour"],
              "text": f"{name(state, r['seat'])}'s red stone removes the {r['colour']} "
                      f"stone on {r['circle']} (both thrown away)"} for r in facts["removed"]]
    removed = {r["seat"] for r in facts["removed"]}
    kept = kept_after_discard(facts["bids"])
    for s in order:
        if kept[s] == RED and s not in removed and held[s] is None:
            lines.append({"kind": "wasted_red", "seat": s,
                          "text": f"{name(state, s)}'s red stone is thrown away: there is no "
                                  "stone on the board to remove"})
    return lines


def _placement_lines(state: dict, facts: dict, order: list[int], held: list) -> list[dict]:
    """The stones placed with the towers each scored, then the stones that found no room."""
    lines = []
    for p in facts["placed"]:
        who = name(state, p["seat"])
        lines.append({"kind": "place", "seat": p["seat"], "circle": p["circle"],
                      "colour": p["colour"],
                      "text": f"{who} places a {p['colour']} stone on {p['circle']}"})
        lines += [{"kind": "score", "seat": p["seat"], "tower": tower, "colour": p["colour"],
                   "text": f"{who} scores the {p['colour']} tower on {tower}"} for tower in p["scored"]]
    placed = {p["seat"] for p in facts["placed"]}
    kept = kept_after_discard(facts["bids"])
    for s in order:
        if kept[s] not in (None, RED) and s not in placed and held[s] is None:
            lines.append({"kind": "no_room", "seat": s, "colour": kept[s],
                          "text": f"{name(state, s)}'s {kept[s]} stone is thrown away: no "
                                  "empty circle is left"})
    return lines


# -- the result ------------------------------------------------------------------------
def result(state: dict) -> dict | None:
    """Ranking by towers, then stones left; equal on both share the rank."""
    if state["phase"] != OVER:
        return None
    n = len(state["players"])
    key = {s: (len(state["won"][s]), pile_total(state["piles"][s])) for s in range(n)}
    order = sorted(range(n), key=lambda s: (-key[s][0], -key[s][1], s))
    ranking = []
    for s in order:
        rank = 1 + sum(1 for o in range(n) if key[o] > key[s])
        ranking.append({"seat": s, "name": name(state, s), "rank": rank,
                        "towers": key[s][0], "stones_left": key[s][1],
                        "tower_circles": list(state["won"][s])})
    winners = [r["seat"] for r in ranking if r["rank"] == 1]
    return {"ranking": ranking, "winners": winners,
            "winner_names": [name(state, s) for s in winners],
            "reason": END_WORDS.get(state["end"]),
            "round": state["round"]}


# -- one seat's own part ----------------------------------------------------------------
def private(state: dict, seat: int) -> dict:
    """``seat``'s own secret bid and the bids it may make now (while bidding)."""
    if state["phase"] != BIDDING or not 0 <= seat < len(state["players"]):
        return {"my_bid": None, "bid_choices": []}
    mine = state["bids"][seat]
    return {
        "my_bid": with_words(mine) if mine is not None else None,
        "bid_choices": [with_words(b) for b in legal_bids(state["piles"][seat])],
    }

