"""What everyone sees, what each seat alone sees, and the result.

Public (:func:`public`, built once per state and shared): gardens, piles, bids, decks,
the bag's size, the black rock and its odds, how many demerit cards each player
holds, and the last round's summary (:func:`last_round`). The values of demerit cards are hidden until the game is over: each player sees
their own (:func:`private`), the others only how many. Cards an undone end of the game
showed everyone stay public (``players[i]["shown"]``).

Private (:func:`private`): the seat's own demerits and cards, what each pile's bid
must beat and the bid advice (:func:`bid_advice`) when it is that seat's turn to bid, and
during the turn-ins the advisor's outcomes for that seat with the deck tops it will face,
each with the different rocks it can leave (``alternatives``), so the screen only draws.
"""

from __future__ import annotations

from functools import lru_cache

from engine.plain import clone
from engine.rockgarden import rules
from engine.rockgarden.advisor import outcomes
from engine.rockgarden.bid_advice import advise_bid
from engine.rockgarden.odds import black_rock_chance
from engine.rockgarden.rocks import BLACK, COLOURS, VALUES
from engine.rockgarden.sets import SET_TITLES
from engine.rockgarden.state import (
    BIDDING, CODES, DECKS, LAST_ROUND, OVER, PILE_TARGET, SET_DECKS, STARTING_ROCKS, TURN_INS, black_in_bag, card_count,
    cards_of, count, deck_cards_left, listed, n_piles, pile_complete, pile_value,
    sorted_counts, value,
)

NOTE_TWO = "2 players is unofficial: one pile"


def demerits_by_round(state: dict, cards: list[dict]) -> list[int]:
    """Demerits taken in round 1, 2, ... up to the current round."""
    per_round = [0] * state["round"]
    for card in cards:
        if 1 <= card["round"] <= len(per_round):
            per_round[card["round"] - 1] += card["value"]
    return per_round


def forbidden_sets(state: dict, seat: int) -> list[dict]:
    """The sets in a garden (what each costs now: ``decks[set]["next_cost"]``)."""
    return [{"set": kind, "rocks": rocks} for kind, rocks in rules.garden_sets(state["gardens"][seat])]


def player_view(state: dict, seat: int) -> dict:
    garden = state["gardens"][seat]
    shown = state["shown"][seat] if state["shown"] is not None else None
    return {
        "name": state["players"][seat],
        "garden": sorted_counts(garden),
        "rocks": count(garden),
        "forbidden_sets": forbidden_sets(state, seat),
        "demerit_cards": card_count(state, seat),
        "shown": ({"cards": clone(shown), "demerits": sum(c["value"] for c in shown)}
                  if shown else None),
    }


def pile_view(state: dict, index: int) -> dict:
    pile = state["piles"][index]
    bid = None
    if pile["bid"] is not None:
        seat = pile["bid"]["seat"]
        rocks = pile["bid"]["rocks"]
        bid = {"seat": seat, "name": state["players"][seat], "rocks": listed(rocks),
               "value": value(rocks), "count": count(rocks)}
    return {"number": index + 1, "rocks": list(pile["rocks"]),
            "value": pile_value(pile), "complete": pile_complete(pile), "bid": bid,
            "takes_bids": rules.biddable(pile)}  # a bid of no rocks cannot be undercut


def deck_view(state: dict, deck: str) -> dict:
    return {"top": rules.deck_top(state, deck),
            "cards_left": deck_cards_left(state, deck),
            "next_cost": rules.next_card_value(state, deck),
            "on_paper": deck_cards_left(state, deck) == 0}


def public(state: dict) -> dict:
    names = state["options"]["colour_names"]
    current = [p for p in state["piles"] if not pile_complete(p)]
    n = len(state["players"])
    tracker = state["black"] == "tracker"
    bag = count(state["bag"])
    return {
        "phase": state["phase"],
        "phase_text": rules.phase_words(state["phase"]),
        "round": state["round"],
        "note": None if n >= 3 else NOTE_TWO,
        "colour_names": {c: names[c] for c in COLOURS},
        "starting_rocks": STARTING_ROCKS,
        "rock_values": {str(v): v for v in VALUES},  # a rock "R2" is worth rock_values["2"]
        "turn": state["turn"],
        "start_player": state["start_player"],
        "passer": state["passer"],
        "turn_in_order": rules.turn_in_order(state),
        "tracker": {"spaces": state["options"]["tracker_spaces"],
                    "space": state["black_space"] if tracker else None,
                    "black_rock": state["black"]},
        "bag": {"rocks": bag, "black_rock": black_in_bag(state),
                "total": bag + (1 if black_in_bag(state) else 0)},
        "black_rock_chance": black_rock_chance(state),
        "piles_needed": n_piles(state),
        "pile_target": PILE_TARGET,
        "current_pile_value": pile_value(current[0]) if current else 0,
        "piles": [pile_view(state, i) for i in range(len(state["piles"]))],
        "decks": {d: deck_view(state, d) for d in DECKS},
        "after_deck": state["options"]["after_deck"],
        "players": [player_view(state, s) for s in range(n)],
        "ending": list(state["ending"]),
        "last_round": last_round(state),
    }


def last_round(state: dict) -> dict | None:
    """What each player took, paid, drew and turned in in the round being scored or just
    scored (from its pass until the next piles are laid out; None otherwise): the table
    saw all of it, so it is public. The cards' values stay hidden (as in the history):
    only which deck each card came from.

    ``{"round", "scored": the turn-ins are over, "passer", "players": [{"seat", "name",
    "pile": number | None, "took": rocks, "paid": rocks, "card": "pass" | None,
    "drew": "R2" | "K" | None, "turned_in": [{"set", "title", "rocks"}]}]}``
    """
    summary = state.get(LAST_ROUND)
    if not summary:
        return None
    players = []
    for seat, name in enumerate(state["players"]):
        pile = next(((i, p) for i, p in enumerate(summary["piles"]) if p["seat"] == seat), None)
        passer = seat == summary["passer"]
        players.append({
            "seat": seat, "name": name,
            "pile": None if pile is None else pile[0] + 1,
            "took": [] if pile is None else list(pile[1]["rocks"]),
            "paid": [] if pile is None else list(pile[1]["bid"]),
            "card": "pass" if passer else None,
            "drew": summary["drew"] if passer else None,
            "turned_in": [{"set": t["set"], "title": SET_TITLES[t["set"]], "rocks": list(t["rocks"])}
                          for t in summary["turn_ins"] if t["seat"] == seat],
        })
    return {"round": summary["round"], "scored": state["phase"] != TURN_INS,
            "passer": summary["passer"], "players": players}


def private(state: dict, seat: int) -> dict:
    cards = cards_of(state, seat)
    return {
        "demerits": sum(card["value"] for card in cards),
        "cards": cards,
        "demerits_by_round": demerits_by_round(state, cards),
        "bid_options": (rules.bid_options(state)
                        if state["phase"] == BIDDING and state["turn"] == seat else []),
        "advice": advice(state, seat),
        "bid_advice": bid_advice(state, seat),
    }


# -- the bid advice for the seat to bid ---------------------------------------------------
def bid_advice(state: dict, seat: int) -> dict | None:
    """While it is this seat's turn to bid: for each pile the bids worth making (none
    beaten on demerits if it stands, value and rocks kept), best first, and what a pass
    is expected to cost. The deck tops are those of now: who turns in before
    this player is not known until someone passes. None at any other time."""
    if state["phase"] != BIDDING or state["turn"] != seat:
        return None
    garden = tuple((code, n) for code, n in sorted_counts(state["gardens"][seat]).items())
    piles = tuple((tuple(p["rocks"]), None if p["bid"] is None else tuple(listed(p["bid"]["rocks"])))
                  for p in state["piles"])
    bag = tuple((code, n) for code, n in sorted_counts(state["bag"]).items())
    if black_in_bag(state):
        bag += ((BLACK, 1),)
    can_pass = bool(piles) and all(bid is not None for _, bid in piles)
    tops = rules.advisor_tops(state)
    answer = _bid_advice_cached(garden, piles, tuple(tops[d] for d in SET_DECKS), bag, can_pass,
                                state["options"]["after_deck"])
    return {"tops": tops, **clone(answer)}


@lru_cache(maxsize=256)
def _bid_advice_cached(garden: tuple, piles: tuple, tops: tuple, bag: tuple, can_pass: bool,
                       after_deck: str) -> dict:
    return advise_bid(dict(garden), [{"rocks": list(r), "bid": None if b is None else list(b)}
                                     for r, b in piles],
                      dict(zip(SET_DECKS, tops)), dict(bag), can_pass, after_deck)


# -- the turn-in advisor for one seat ------------------------------------------------
def advice(state: dict, seat: int) -> dict | None:
    """During the turn-ins, for a seat with a forbidden set: the deck tops it will face
    and every outcome, best first (CLARIFICATIONS, "Advice objective").

    The players turning in before it (from the one turning in now) are assumed to
    follow their best plan; ``before`` names those with a set.
    """
    if state["phase"] != TURN_INS or not rules.has_set(state, seat):
        return None
    queue = rules.turn_in_queue(state)
    if seat not in queue:
        return None
    after_deck = state["options"]["after_deck"]
    tops = rules.advisor_tops(state)
    before = []
    for other in queue[:queue.index(seat)]:
        if rules.has_set(state, other):
            before.append(other)
            for step in _plans(state["gardens"][other], tops, after_deck)[0]["turn_ins"]:
                tops[step["set"]] += 1
    plans = _plans(state["gardens"][seat], tops, after_deck)
    return {"tops": tops, "before": before, "plans": clone(list(plans))}


@lru_cache(maxsize=512)
def _plans_cached(garden: tuple, tops: tuple, after_deck: str) -> tuple:
    out = []
    for plan, ways in outcomes(dict(garden), dict(zip(SET_DECKS, tops)), after_deck):
        data = _plan_json(plan)
        data["alternatives"] = [{k: way[k] for k in ("rocks_left", "turn_ins", "steps")}
                                for way in map(_plan_json, ways)]
        out.append(data)
    return tuple(out)


def _plan_json(plan) -> dict:
    data = plan.to_json()
    data["kept"] = plan.kept
    data["steps"] = [" ".join(step["rocks"]) for step in data["turn_ins"]]
    return data


def _plans(garden: dict, tops: dict, after_deck: str) -> tuple:
    """The advisor's plans as JSON, remembered by garden and tops (a seat's view is
    built again on every change at the table, its garden and tops rarely changed).
    Shared: callers copy before handing them out."""
    key = tuple((code, garden[code]) for code in CODES if garden.get(code))
    return _plans_cached(key, tuple(tops[d] for d in SET_DECKS), after_deck)


# -- result -----------------------------------------------------------------------
def result(state: dict) -> dict | None:
    """Ranking once over: fewest demerits, then fewest rocks; every card revealed."""
    if state["phase"] != OVER:
        return None
    rows = []
    for seat, player in enumerate(state["players"]):
        cards = cards_of(state, seat)
        rows.append({"seat": seat, "name": player, "demerits": sum(c["value"] for c in cards),
                     "rocks": count(state["gardens"][seat]), "cards": cards,
                     "demerits_by_round": demerits_by_round(state, cards)})
    rows.sort(key=lambda r: (r["demerits"], r["rocks"], r["seat"]))
    place = 0
    previous = None
    for position, row in enumerate(rows, start=1):
        key = (row["demerits"], row["rocks"])
        if key != previous:
            place = position
            previous = key
        row["place"] = place
    return {
        "ranking": rows,
        "winners": [r["seat"] for r in rows if r["place"] == 1],
        "ending": list(state["ending"]),
        "rounds": state["round"],
    }
