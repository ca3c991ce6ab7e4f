"""What each seat sees, the final result, and history lines in words.

Public: gardens, piles, bids, decks, the bag's size, the black rock. Hidden: the values
of another player's demerit cards (only how many they hold) until the game is over.
The table screen (seat None) sees public information only.

The view (all JSON): ``phase`` (setup / piles / bidding / turn_ins / over), ``round``,
``to_act`` and ``turn`` (seats), ``start_player``, ``passer``, ``turn_in_order``,
``tracker`` (spaces, space, where the black rock is), ``bag`` (rocks, black rock in it),
``black_rock_chance`` (next piles), ``piles`` (rocks, value, complete, bid), ``decks``
(top, cards_left, next_cost, on_paper per deck), ``players`` (garden counts, rocks,
forbidden sets, demerit card count; ``demerits``/``cards``/``demerits_by_round`` only
for the viewer's own seat or once over, else None), ``you`` (None on the table screen:
own demerits, ``actions`` allowed now, ``can_pass``, ``bid_options`` with the limit to
undercut each pile, ``must_turn_in``, forbidden sets with their cost now), ``result``.
"""

from __future__ import annotations

from collections import Counter

from engine.game import Action
from engine.rockgarden import rules
from engine.rockgarden.odds import black_rock_chance
from engine.rockgarden.rocks import BLACK, COLOURS, fmt, fmt_rocks, value_of
from engine.rockgarden.sets import SET_TITLES, sets_in
from engine.rockgarden.state import (
    DECK_TITLES, DECKS, OVER, PILE_TARGET, RockGardenState, deck_cards_left,
)


def may_see_cards(state: RockGardenState, viewer: int | None, owner: int) -> bool:
    return state.phase == OVER or viewer == owner


def demerits_by_round(state: RockGardenState, seat: int) -> list[int]:
    """Demerits taken in round 1, 2, ... up to the current round."""
    per_round = [0] * state.round
    for card in state.players[seat].cards:
        per_round[card.round - 1] += card.value
    return per_round


def garden_counts(garden: Counter) -> dict:
    return {fmt(k): garden[k] for k in sorted(garden, key=lambda k: (COLOURS.index(k[0]), k[1]))
            if garden[k] > 0}


def forbidden_sets(state: RockGardenState, seat: int) -> list[dict]:
    return [{"set": kind, "title": SET_TITLES[kind], "rocks": [fmt(r) for r in rocks],
             "cost_now": rules.next_card_value(state, kind)}
            for kind, rocks in sets_in(state.players[seat].garden)]


def player_view(state: RockGardenState, seat: int, viewer: int | None) -> dict:
    player = state.players[seat]
    visible = may_see_cards(state, viewer, seat)
    bid_pile = next((i for i, p in enumerate(state.piles)
                     if p.bid is not None and p.bid.seat == seat), None)
    return {
        "seat": seat,
        "name": player.name,
        "garden": garden_counts(player.garden),
        "garden_rocks": fmt_rocks(player.garden),
        "rocks": player.rocks,
        "forbidden_sets": forbidden_sets(state, seat),
        "demerit_cards": len(player.cards),
        "demerits": player.demerits if visible else None,
        "cards": [c.to_json() for c in player.cards] if visible else None,
        "demerits_by_round": demerits_by_round(state, seat) if visible else None,
        "bid_pile": bid_pile,
        "is_start_player": seat == state.start_player,
        "is_passer": seat == state.passer,
        "to_act": seat in rules.seats_to_act(state),
    }


def pile_view(state: RockGardenState, index: int) -> dict:
    pile = state.piles[index]
    bid = None
    if pile.bid is not None:
        bid = {"seat": pile.bid.seat, "name": state.players[pile.bid.seat].name,
               "rocks": fmt_rocks(pile.bid.rocks), "value": pile.bid.value,
               "count": pile.bid.count}
    return {"index": index, "number": index + 1, "rocks": [fmt(r) for r in pile.rocks],
            "value": pile.value, "complete": pile.complete, "bid": bid}


def deck_view(state: RockGardenState, deck: str) -> dict:
    return {"title": DECK_TITLES[deck], "top": rules.deck_top(state, deck),
            "cards_left": deck_cards_left(state, deck),
            "next_cost": rules.next_card_value(state, deck),
            "on_paper": deck_cards_left(state, deck) == 0}


def kinds_allowed(state: RockGardenState, seat: int) -> list[str]:
    """The action kinds ``seat`` may send now (details in the hints beside it)."""
    if state.phase == OVER:
        return []
    kinds = []
    if state.phase == "setup":
        if state.players[seat].rocks < 5:
            kinds.append("setup_draw")
        kinds.append("start_player")
    elif state.phase == "piles" and state.start_player == seat:
        kinds.append("draw")
    elif state.phase == "bidding" and state.turn == seat:
        if any(o["can_bid"] for o in rules.bid_options(state, seat)):
            kinds.append("bid")
        if rules.can_pass(state, seat):
            kinds.append("pass")
    elif state.phase == "turn_ins" and state.turn == seat:
        kinds.append("turn_in")
    return kinds + ["correct_garden"]


def you_view(state: RockGardenState, seat: int) -> dict:
    player = state.players[seat]
    your_turn = seat in rules.seats_to_act(state)
    return {
        "actions": kinds_allowed(state, seat),
        "seat": seat,
        "name": player.name,
        "your_turn": your_turn,
        "demerits": player.demerits,
        "cards": [c.to_json() for c in player.cards],
        "demerits_by_round": demerits_by_round(state, seat),
        "forbidden_sets": forbidden_sets(state, seat),
        "must_turn_in": state.phase == "turn_ins" and state.turn == seat,
        "can_pass": rules.can_pass(state, seat),
        "must_bid_or_pass": state.phase == "bidding" and state.turn == seat,
        "bid_options": rules.bid_options(state, seat),
        "lays_out_piles": state.phase == "piles" and state.start_player == seat,
    }


def view(state: RockGardenState, seat: int | None) -> dict:
    names = state.options.colour_names
    current = [p for p in state.piles if not p.complete]
    return {
        "game": "rockgarden",
        "phase": state.phase,
        "phase_text": rules.phase_words(state.phase),
        "round": state.round,
        "official": state.n >= 3,
        "note": None if state.n >= 3 else "2 players is unofficial: one pile",
        "colour_names": {c: names[i] for i, c in enumerate(COLOURS)},
        "to_act": rules.seats_to_act(state),
        "turn": state.turn,
        "start_player": state.start_player,
        "passer": state.passer,
        "passer_drew": (fmt(state.passer_drew) if state.passer_drew else None),
        "turn_in_order": rules.turn_in_order(state),
        "tracker": {"spaces": state.options.tracker_spaces,
                    "space": state.black_space if state.black == "tracker" else None,
                    "black_rock": state.black},
        "bag": {"rocks": sum(state.bag.values()), "black_rock": state.black_in_bag,
                "total": sum(state.bag.values()) + (1 if state.black_in_bag else 0)},
        "black_rock_chance": black_rock_chance(state),
        "piles_needed": state.n_piles,
        "pile_target": PILE_TARGET,
        "current_pile_value": current[0].value if current else 0,
        "piles": [pile_view(state, i) for i in range(len(state.piles))],
        "decks": {d: deck_view(state, d) for d in DECKS},
        "after_deck": state.options.after_deck,
        "players": [player_view(state, s, seat) for s in range(state.n)],
        "you": you_view(state, seat) if seat is not None else None,
        "game_over": state.phase == OVER,
        "ending": list(state.ending),
        "result": result(state),
    }


# -- result -----------------------------------------------------------------------
def result(state: RockGardenState) -> dict | None:
    """Ranking once over: fewest demerits, then fewest rocks; every card revealed."""
    if state.phase != OVER:
        return None
    rows = []
    for seat, player in enumerate(state.players):
        rows.append({"seat": seat, "name": player.name, "demerits": player.demerits,
                     "rocks": player.rocks,
                     "cards": [c.to_json() for c in player.cards],
                     "demerits_by_round": demerits_by_round(state, seat)})
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
        "ending": list(state.ending),
        "rounds": state.round,
    }


# -- history lines ----------------------------------------------------------------
def _rocks_text(raw) -> str:
    try:
        draws = rules.parse_draws(raw)
    except Exception:  # noqa: BLE001 - a history line never fails
        return str(raw)
    return " ".join("the black rock" if r == BLACK else fmt(r) for r in draws) or "no rocks"


def describe(state: RockGardenState, action: Action, viewer: int | None) -> str:
    """``state`` is the state before ``action``; no hidden card value for others."""
    try:
        return _describe(state, action, viewer)
    except Exception:  # noqa: BLE001 - a history line never breaks the history screen
        return action.kind.replace("_", " ")


def _describe(state: RockGardenState, action: Action, viewer: int | None) -> str:
    from engine.rockgarden.game import acting_seat  # local: game imports this module

    payload = action.payload
    try:
        seat = acting_seat(state, action)
    except Exception:  # noqa: BLE001
        seat = action.seat
    who = state.players[seat].name if isinstance(seat, int) and 0 <= seat < state.n else "The table"
    kind = action.kind
    if kind == "setup_draw":
        return f"{who} drew {_rocks_text(payload.get('rocks'))} for the starting garden"
    if kind == "start_player":
        target = payload.get("player")
        tname = state.players[target].name if isinstance(target, int) and 0 <= target < state.n else "?"
        return f"{tname} is the start player"
    if kind == "draw":
        drawer = state.players[state.start_player].name if state.start_player is not None else who
        text = _rocks_text(payload.get("rocks", payload.get("rock")))
        if "black" in text:
            return f"{drawer} drew {text} while laying out the piles: the game is over"
        return f"{drawer} laid out {text}"
    if kind == "bid":
        index = payload.get("pile")
        rocks = rules.parse_counter(payload.get("rocks")) if payload.get("rocks") else Counter()
        text = " ".join(fmt_rocks(rocks)) or "no rocks"
        line = f"{who} bid {text} (worth {value_of(rocks)}) on pile {index + 1 if isinstance(index, int) else '?'}"
        if isinstance(index, int) and 0 <= index < len(state.piles) and state.piles[index].bid:
            line += f", undercutting {state.players[state.piles[index].bid.seat].name}"
        return line
    if kind == "pass":
        text = _rocks_text(payload.get("rock", payload.get("rocks")))
        if "black" in text:
            return (f"{who} passed, took a Pass card and drew the black rock: "
                    "the game ends after this round's scoring")
        return f"{who} passed, took a Pass card and drew {text}"
    if kind == "turn_in":
        try:
            rocks = rules.parse_counter(payload.get("rocks"))
            from engine.rockgarden.sets import classify
            set_kind = classify(rocks)
        except Exception:  # noqa: BLE001
            return f"{who} turned in {_rocks_text(payload.get('rocks'))}"
        line = (f"{who} turned in {SET_TITLES[set_kind]} {' '.join(fmt_rocks(rocks))} "
                f"and took a {SET_TITLES[set_kind]} card")
        if may_see_cards(state, viewer, seat):
            line += f" worth {rules.next_card_value(state, set_kind)}"
        return line
    if kind == "correct_garden":
        target = payload.get("player", action.seat)
        if isinstance(target, int) and 0 <= target < state.n:
            try:
                after = rules.parse_counter(payload.get("rocks"))
            except Exception:  # noqa: BLE001
                return f"{state.players[target].name}'s garden was corrected"
            from engine.rockgarden.play import correction_summary
            change = correction_summary(state.players[target].garden, after)
            return f"{state.players[target].name}'s garden was corrected ({change})"
        return "A garden was corrected"
    return kind.replace("_", " ")
