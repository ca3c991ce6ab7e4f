"""The Rock Garden rules as state changes: one function per action kind.

Each ``do_*`` function receives a private copy of the state (``apply`` made it) and
the seat acting, checks everything, and changes the copy; it raises
:class:`IllegalAction` on anything illegal, in which case the copy is thrown away.
The automatic steps of a round (the exchange after a pass, skipping players without a
forbidden set, advancing the black rock, the next round) happen here too.
"""

from __future__ import annotations

from collections import Counter

from engine.errors import IllegalAction
from engine.rockgarden import rules
from engine.rockgarden.rocks import BLACK, fmt_rocks, value_of
from engine.rockgarden.sets import DECK_SIZE, classify
from engine.rockgarden.state import (
    BIDDING, DRAWN_IN_PILES, DRAWN_ON_PASS, END_BLACK_IN_PILES, END_BLACK_ON_PASS,
    END_DECK_EMPTY, IN_BAG, ON_TRACKER, OVER, PASS, PASS_VALUE, PILES, SETUP,
    STARTING_ROCKS, TURN_INS, Bid, Card, Pile, RockGardenState,
)


def name(state: RockGardenState, seat: int) -> str:
    return state.players[seat].name


# -- setup -------------------------------------------------------------------------
def do_setup_draw(state: RockGardenState, seat: int, payload) -> None:
    if state.phase != SETUP:
        raise IllegalAction("The starting gardens are already drawn; use a garden correction")
    rocks = rules.parse_counter(payload.get("rocks"))
    if not rocks:
        raise IllegalAction("Name the rocks drawn, like R1 G3")
    player = state.players[seat]
    if player.rocks + sum(rocks.values()) > STARTING_ROCKS:
        raise IllegalAction(
            f"{player.name} draws {STARTING_ROCKS} rocks to start and already has "
            f"{player.rocks}")
    rules.take_from_bag(state.bag, rocks)
    player.garden.update(rocks)
    maybe_begin(state)


def do_start_player(state: RockGardenState, payload) -> None:
    if state.phase != SETUP:
        raise IllegalAction("The start player is chosen before the first round only")
    state.start_player = target_seat(state, payload.get("player"), "Choose the start player")
    maybe_begin(state)


def maybe_begin(state: RockGardenState) -> None:
    """Round 1 starts once every garden has its five rocks and a start player is chosen."""
    if state.start_player is None:
        return
    if all(p.rocks == STARTING_ROCKS for p in state.players):
        start_piles(state)


# -- 1. piles ---------------------------------------------------------------------
def start_piles(state: RockGardenState) -> None:
    state.phase = PILES
    state.piles = []
    state.turn = state.start_player
    state.passer = None
    state.passer_drew = None
    if bag_is_empty(state):
        start_bidding(state)


def bag_is_empty(state: RockGardenState) -> bool:
    return not state.black_in_bag and sum(state.bag.values()) == 0


def do_draw(state: RockGardenState, actor: int | None, payload) -> None:
    """Rocks the start player drew for the piles, one or more, in the order drawn."""
    if state.phase != PILES:
        raise IllegalAction(f"Piles are laid out at the start of a round, not while "
                            f"{rules.phase_words(state.phase)}")
    if actor is not None and actor != state.start_player:
        raise IllegalAction(f"{name(state, state.start_player)} lays out the piles this round")
    draws = rules.parse_draws(payload.get("rocks", payload.get("rock")))
    if not draws:
        raise IllegalAction("Name the rock drawn, like R1 or K for the black rock")
    for index, rock in enumerate(draws):
        if state.phase != PILES:
            extra = " ".join(t if t == BLACK else f"{t[0]}{t[1]}" for t in draws[index:])
            raise IllegalAction(f"The piles were complete before {extra}")
        if rock == BLACK:
            if not state.black_in_bag:
                where = ("on the round tracker" if state.black == ON_TRACKER
                         else "already drawn")
                raise IllegalAction(f"The black rock is not in the bag (it is {where})")
            state.black = DRAWN_IN_PILES
            state.ending.append(END_BLACK_IN_PILES)
            state.phase = OVER
            state.turn = None
            if index + 1 < len(draws):
                raise IllegalAction("The game ended with the black rock; nothing is drawn after it")
            return
        rules.take_from_bag(state.bag, Counter([rock]))
        if not state.piles or state.piles[-1].complete:
            state.piles.append(Pile())
        state.piles[-1].rocks.append(rock)
        if len(state.piles) == state.n_piles and state.piles[-1].complete:
            start_bidding(state)
        elif bag_is_empty(state):
            start_bidding(state)


# -- 2. bidding -------------------------------------------------------------------
def start_bidding(state: RockGardenState) -> None:
    """Decision: if the bag ran dry, short piles stand as drawn (empty ones are dropped)."""
    state.piles = [p for p in state.piles if p.rocks]
    state.phase = BIDDING
    state.turn = state.start_player


def check_turn(state: RockGardenState, actor: int | None, doing: str) -> int:
    if actor is None:
        raise IllegalAction(f"Say which player is {doing}")
    if actor != state.turn:
        raise IllegalAction(f"It is {name(state, state.turn)}'s turn, not {name(state, actor)}'s")
    return actor


def do_bid(state: RockGardenState, actor: int | None, payload) -> None:
    if state.phase != BIDDING:
        raise IllegalAction(f"No bidding now: the table is {rules.phase_words(state.phase)}")
    seat = check_turn(state, actor, "bidding")
    index = payload.get("pile")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(state.piles):
        raise IllegalAction(f"Choose a pile from 1 to {len(state.piles)}")
    rocks = rules.parse_counter(payload.get("rocks"))
    player = state.players[seat]
    rules.check_in_garden(player.garden, rocks)
    pile = state.piles[index]
    value, count = value_of(rocks), sum(rocks.values())
    if pile.bid is not None:
        old = pile.bid
        if old.value == 0:
            raise IllegalAction(f"{name(state, old.seat)} bid no rocks on pile {index + 1}: "
                                "a bid of no rocks cannot be undercut")
        if not rules.bid_beats(value, count, old.value, old.count):
            raise IllegalAction(rules.undercut_limit_text(old.value, old.count))
        state.players[old.seat].garden.update(old.rocks)
    player.garden = rules.garden_minus(player.garden, rocks)
    pile.bid = Bid(seat, rocks)
    state.turn = rules.next_bidder_after(state, seat)


def do_pass(state: RockGardenState, actor: int | None, payload) -> None:
    if state.phase != BIDDING:
        raise IllegalAction(f"No passing now: the table is {rules.phase_words(state.phase)}")
    seat = check_turn(state, actor, "passing")
    open_piles = [i + 1 for i, p in enumerate(state.piles) if p.bid is None]
    if open_piles:
        shown = ", ".join(str(i) for i in open_piles)
        word = "pile" if len(open_piles) == 1 else "piles"
        raise IllegalAction(f"You may not pass while {word} {shown} "
                            f"{'has' if len(open_piles) == 1 else 'have'} no bid")
    draws = rules.parse_draws(payload.get("rock", payload.get("rocks")))
    if len(draws) > 1:
        raise IllegalAction("The passing player draws one rock")
    if not draws and not bag_is_empty(state):
        raise IllegalAction("Name the rock drawn from the bag, like R1 or K for the black rock")
    passer = state.players[seat]
    state.passer = seat
    state.passer_drew = None
    if draws:
        rock = draws[0]
        if rock == BLACK:
            if not state.black_in_bag:
                raise IllegalAction("The black rock is not in the bag")
            state.black = DRAWN_ON_PASS
            state.ending.append(END_BLACK_ON_PASS)
        else:
            rules.take_from_bag(state.bag, Counter([rock]))
            passer.garden[rock] += 1
            state.passer_drew = rock
    take_card(state, seat, PASS)
    exchange(state)
    state.phase = TURN_INS
    state.turn = rules.next_turn_in_seat(state, 0)
    if state.turn is None:
        finish_round(state)


def exchange(state: RockGardenState) -> None:
    """Bid rocks go into the bag; each pile goes to its bidder's garden."""
    for pile in state.piles:
        bid = pile.bid
        state.bag.update(bid.rocks)
        state.players[bid.seat].garden.update(pile.rocks)
    state.piles = []


def take_card(state: RockGardenState, seat: int, deck: str) -> Card:
    """The top card of ``deck`` (or its cost on paper once the deck is empty)."""
    on_paper = state.taken[deck] >= DECK_SIZE
    value = rules.next_card_value(state, deck) if deck != PASS else PASS_VALUE
    state.taken[deck] += 1
    card = Card(deck, value, state.round, on_paper)
    state.players[seat].cards.append(card)
    if state.taken[deck] == DECK_SIZE:
        state.ending.append(f"{END_DECK_EMPTY}:{deck}")
    return card


# -- 4. turn-ins ------------------------------------------------------------------
def do_turn_in(state: RockGardenState, actor: int | None, payload) -> None:
    if state.phase != TURN_INS:
        raise IllegalAction("Forbidden sets are turned in after the pass, "
                            f"not while {rules.phase_words(state.phase)}")
    seat = check_turn(state, actor, "turning in")
    rocks = rules.parse_counter(payload.get("rocks"))
    kind = classify(rocks)
    player = state.players[seat]
    rules.check_in_garden(player.garden, rocks)
    player.garden = rules.garden_minus(player.garden, rocks)
    state.bag.update(rocks)
    take_card(state, seat, kind)
    advance_turn_ins(state)


def advance_turn_ins(state: RockGardenState) -> None:
    """Stay with the current player while a set remains, else the next with a set."""
    order = rules.turn_in_order(state)
    position = order.index(state.turn)
    state.turn = rules.next_turn_in_seat(state, position)
    if state.turn is None:
        finish_round(state)


# -- 5. end of round --------------------------------------------------------------
def finish_round(state: RockGardenState) -> None:
    """Advance the black rock and start the next round, or end the game."""
    state.turn = None
    if state.ending:
        state.phase = OVER
        return
    if state.black == ON_TRACKER:
        if state.black_space < state.options.tracker_spaces:
            state.black_space += 1
        else:
            state.black = IN_BAG
    state.start_player = state.passer
    state.round += 1
    start_piles(state)


# -- corrections ------------------------------------------------------------------
def do_correct_garden(state: RockGardenState, seat: int, payload) -> None:
    """Set a garden to what is really on the board; the difference goes to/from the bag."""
    if state.phase == OVER:
        raise IllegalAction("The game is over")
    rocks = rules.parse_counter(payload.get("rocks"))
    player = state.players[seat]
    if state.phase == SETUP and sum(rocks.values()) > STARTING_ROCKS:
        raise IllegalAction(f"A starting garden has {STARTING_ROCKS} rocks")
    bag = Counter(state.bag)
    bag.update(player.garden)
    rules.take_from_bag(bag, rocks)
    state.bag = Counter({k: n for k, n in bag.items() if n > 0})
    player.garden = Counter(rocks)
    if state.phase == SETUP:
        maybe_begin(state)
    elif state.phase == PILES and bag_is_empty(state):
        start_bidding(state)
    elif state.phase == TURN_INS:
        advance_turn_ins(state)


def target_seat(state: RockGardenState, raw, missing: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < state.n:
        raise IllegalAction(missing)
    return raw


def correction_summary(before: Counter, after: Counter) -> str:
    added = after - before
    removed = before - after
    parts = [f"+{r}" for r in fmt_rocks(added)] + [f"-{r}" for r in fmt_rocks(removed)]
    return " ".join(parts) if parts else "no change"

