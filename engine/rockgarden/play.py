"""The Rock Garden moves as state changes: one handler per move kind.

The table model (:mod:`engine.table`) has already checked that the game is not over,
who may make the move, its phase, its ``when`` condition and its payload's shape; it
hands each handler a private copy of the state, the seat the move is for and the
payload. A handler checks what only the rules know (is that rock in the bag, does this
bid beat the standing one), raises :class:`IllegalAction` in words if not, and changes
the copy. The automatic steps of a round (the exchange after a pass, skipping players
without a forbidden set, advancing the black rock, the next round) happen here too.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.rockgarden import rules
from engine.rockgarden.rocks import BLACK
from engine.rockgarden.sets import DECK_SIZE
from engine.rockgarden.state import (
    BIDDING, DRAWN_IN_PILES, DRAWN_ON_PASS, END_BLACK_IN_PILES, END_BLACK_ON_PASS,
    END_DECK_EMPTY, IN_BAG, LAST_ROUND, ON_TRACKER, OVER, PASS, PILES, SETUP,
    STARTING_ROCKS, TURN_INS, add, black_in_bag, count, counts_of, listed, n_piles,
    pile_complete, record_card, remove, taken, value,
)


def name(state: dict, seat: int) -> str:
    return state["players"][seat]


# -- setup -------------------------------------------------------------------------
def setup_draw(state: dict, seat: int, payload: dict) -> None:
    """Rocks a player drew for their starting garden (one at a time or all five)."""
    rocks = rules.parse_rocks(payload["rocks"])
    if not rocks:
        raise IllegalAction("Name the rocks drawn, like R1 G3")
    garden = state["gardens"][seat]
    have = count(garden)
    if have + count(rocks) > STARTING_ROCKS:
        raise IllegalAction(f"{name(state, seat)} draws {STARTING_ROCKS} rocks to start and "
                            f"already has {have}")
    rules.take_from_bag(state["bag"], rocks)
    add(garden, rocks)
    maybe_begin(state)


def start_player(state: dict, seat: int | None, payload: dict) -> None:
    """Who starts round 1 (``player`` names them); it can change until round 1 begins."""
    target = payload["player"]
    if target >= len(state["players"]):
        raise IllegalAction(f"There are only {len(state['players'])} players: choose the "
                            "start player among them")
    if target == state["start_player"]:
        raise IllegalAction(f"{name(state, target)} is the start player already")
    state["start_player"] = target
    maybe_begin(state)


def maybe_begin(state: dict) -> None:
    """Round 1 starts once every garden has its five rocks and a start player is chosen."""
    if state["start_player"] is None:
        return
    if all(count(g) == STARTING_ROCKS for g in state["gardens"]):
        start_piles(state)


# -- 1. piles ---------------------------------------------------------------------
def start_piles(state: dict) -> None:
    state["phase"] = PILES
    state["piles"] = []
    state["turn"] = state["start_player"]
    state["passer"] = None
    if bag_is_empty(state):
        start_bidding(state)


def bag_is_empty(state: dict) -> bool:
    return not black_in_bag(state) and count(state["bag"]) == 0


def draw(state: dict, seat: int, payload: dict) -> None:
    """Rocks the start player drew for the piles, one or more, in the order drawn."""
    draws = rules.parse_draws(payload["rocks"])
    if not draws:
        raise IllegalAction("Name the rock drawn, like R1 or K for the black rock")
    if BLACK in draws[:-1]:
        raise IllegalAction("The game ended with the black rock; nothing is drawn after it")
    for index, rock in enumerate(draws):
        if state["phase"] != PILES:
            extra = " ".join(draws[index:])
            raise IllegalAction(f"The piles were complete before {extra}")
        if rock == BLACK:
            if not black_in_bag(state):
                where = "on the round tracker" if state["black"] == ON_TRACKER else "already drawn"
                raise IllegalAction(f"The black rock is not in the bag (it is {where})")
            state["black"] = DRAWN_IN_PILES
            state["ending"].append(END_BLACK_IN_PILES)
            state["phase"] = OVER
            state["turn"] = None
            return
        rules.take_from_bag(state["bag"], {rock: 1})
        piles = state["piles"]
        if not piles or pile_complete(piles[-1]):
            piles.append({"rocks": [], "bid": None})
        piles[-1]["rocks"].append(rock)
        if (len(piles) == n_piles(state) and pile_complete(piles[-1])) or bag_is_empty(state):
            start_bidding(state)


# -- 2. bidding -------------------------------------------------------------------
def start_bidding(state: dict) -> None:
    """Decision: if the bag ran dry, short piles stand as drawn (empty ones are dropped).
    The last round's summary goes once the new piles are laid out."""
    state.pop(LAST_ROUND, None)
    state["piles"] = [p for p in state["piles"] if p["rocks"]]
    state["phase"] = BIDDING
    state["turn"] = state["start_player"]


def bid(state: dict, seat: int, payload: dict) -> None:
    index = payload["pile"]
    piles = state["piles"]
    refusal = rules.pile_refusal(index, len(piles))
    if refusal:
        raise IllegalAction(refusal)
    rocks = rules.parse_rocks(payload.get("rocks"))
    garden = state["gardens"][seat]
    rules.check_in_garden(garden, rocks)
    pile = piles[index]
    old = pile["bid"]
    if old is not None:
        refusal = rules.undercut_refusal(name(state, old["seat"]), index + 1, value(old["rocks"]),
                                         count(old["rocks"]), value(rocks), count(rocks))
        if refusal:
            raise IllegalAction(refusal)
        add(state["gardens"][old["seat"]], old["rocks"])
    remove(garden, rocks)
    pile["bid"] = {"seat": seat, "rocks": rocks}
    state["turn"] = rules.next_bidder_after(state, seat)


def pass_(state: dict, seat: int, payload: dict) -> None:
    draws = rules.parse_draws(payload.get("rock"))
    if len(draws) > 1:
        raise IllegalAction("The passing player draws one rock")
    if not draws and not bag_is_empty(state):
        raise IllegalAction("Name the rock drawn from the bag, like R1 or K for the black rock")
    state["passer"] = seat
    begin_summary(state, seat, draws[0] if draws else None)
    if draws:
        rock = draws[0]
        if rock == BLACK:
            if not black_in_bag(state):
                raise IllegalAction("The black rock is not in the bag")
            state["black"] = DRAWN_ON_PASS
            state["ending"].append(END_BLACK_ON_PASS)
        else:
            rules.take_from_bag(state["bag"], {rock: 1})
            add(state["gardens"][seat], {rock: 1})
    take_card(state, seat, PASS)
    exchange(state)
    state["phase"] = TURN_INS
    state["turn"] = next_turn_in_seat(state, seat)
    if state["turn"] is None:
        finish_round(state)


def begin_summary(state: dict, passer: int, drew: str | None) -> None:
    """What the round did, kept for the table to see until the next piles are laid out:
    each pile, who took it and the rocks they bid for it, the passer and the rock they
    drew (``"K"``: the black rock; None: the bag was empty); the turn-ins follow."""
    state[LAST_ROUND] = {
        "round": state["round"],
        "passer": passer,
        "drew": drew,
        "piles": [{"rocks": list(p["rocks"]), "seat": p["bid"]["seat"], "bid": listed(p["bid"]["rocks"])}
                  for p in state["piles"]],
        "turn_ins": [],
    }


def exchange(state: dict) -> None:
    """Bid rocks go into the bag; each pile goes to its bidder's garden."""
    for pile in state["piles"]:
        placed = pile["bid"]
        add(state["bag"], placed["rocks"])
        add(state["gardens"][placed["seat"]], counts_of(pile["rocks"]))
    state["piles"] = []


def take_card(state: dict, seat: int, deck: str) -> None:
    """The top card of ``deck`` (or its cost on paper once the deck is empty)."""
    record_card(state, seat, deck)
    if taken(state, deck) == DECK_SIZE:
        state["ending"].append(f"{END_DECK_EMPTY}:{deck}")


# -- 4. turn-ins ------------------------------------------------------------------
def turn_in(state: dict, seat: int, payload: dict) -> None:
    rocks = rules.parse_rocks(payload["rocks"])
    kind = rules.classify(rocks)
    garden = state["gardens"][seat]
    rules.check_in_garden(garden, rocks)
    remove(garden, rocks)
    add(state["bag"], rocks)
    take_card(state, seat, kind)
    if LAST_ROUND in state:
        state[LAST_ROUND]["turn_ins"].append({"seat": seat, "set": kind, "rocks": listed(rocks)})
    advance_turn_ins(state)


def next_turn_in_seat(state: dict, start: int) -> int | None:
    """The first seat with a forbidden set, from ``start`` round the turn-in order.

    The search wraps around: the players before ``start`` have had their turn-in, but
    one whose garden the host corrected into a forbidden set since then turns it in
    before the round ends.
    """
    for seat in rules.clockwise_from(state, start):
        if rules.has_set(state, seat):
            return seat
    return None


def advance_turn_ins(state: dict) -> None:
    """Stay with the current player while a set remains, else the next with a set."""
    state["turn"] = next_turn_in_seat(state, state["turn"])
    if state["turn"] is None:
        finish_round(state)


# -- 5. end of round --------------------------------------------------------------
def finish_round(state: dict) -> None:
    """Advance the black rock and start the next round, or end the game."""
    state["turn"] = None
    if state["ending"]:
        state["phase"] = OVER
        return
    if state["black"] == ON_TRACKER:
        if state["black_space"] < state["options"]["tracker_spaces"]:
            state["black_space"] += 1
        else:
            state["black"] = IN_BAG
    state["start_player"] = state["passer"]
    state["round"] += 1
    start_piles(state)


# -- corrections ------------------------------------------------------------------
def correct_garden(state: dict, seat: int, payload: dict) -> None:
    """Set a garden to what is really on the board; the difference goes to/from the bag.

    A correction that leaves a forbidden set is turned in during this round's turn-ins,
    even by a player whose turn-in has passed (:func:`next_turn_in_seat` wraps around).
    """
    rocks = rules.parse_rocks(payload["rocks"])
    phase = state["phase"]
    if phase == SETUP and count(rocks) > STARTING_ROCKS:
        raise IllegalAction(f"A starting garden has {STARTING_ROCKS} rocks")
    if rocks == state["gardens"][seat]:
        raise IllegalAction(f"Nothing to correct: that is {name(state, seat)}'s garden already")
    bag = dict(state["bag"])
    add(bag, state["gardens"][seat])
    rules.take_from_bag(bag, rocks)
    state["bag"] = {code: n for code, n in bag.items() if n > 0}
    state["gardens"][seat] = dict(rocks)
    if phase == SETUP:
        maybe_begin(state)
    elif phase == PILES and bag_is_empty(state):
        start_bidding(state)
    elif phase == TURN_INS:
        advance_turn_ins(state)


def correction_summary(before: dict, after: dict) -> str:
    added = {c: n - before.get(c, 0) for c, n in after.items() if n > before.get(c, 0)}
    removed = {c: n - after.get(c, 0) for c, n in before.items() if n > after.get(c, 0)}
    parts = [f"+{r}" for r in listed(added)] + [f"-{r}" for r in listed(removed)]
    return " ".join(parts) if parts else "no change"
