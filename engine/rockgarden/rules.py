"""Pure questions about a Rock Garden state that the engine, the screens and the advisor ask.

Nothing here changes a state: whose turn, what a bid must beat, may this seat pass,
in which order players turn in sets, what the next card of a deck costs.
"""

from __future__ import annotations

from collections import Counter

from engine.errors import IllegalAction
from engine.rockgarden.rocks import BLACK, COPIES, fmt, parse_rock
from engine.rockgarden.sets import DECK_SIZE, card_value, sets_in
from engine.rockgarden.state import (
    BIDDING, DECKS, PASS, PASS_VALUE, PILES, SETUP, STARTING_ROCKS, TURN_INS,
    RockGardenState,
)


# -- turn order -----------------------------------------------------------------
def clockwise_from(state: RockGardenState, seat: int) -> list[int]:
    """Every seat once, starting with ``seat`` and going clockwise (seat order)."""
    return [(seat + i) % state.n for i in range(state.n)]


def bidders_with_standing_bid(state: RockGardenState) -> set[int]:
    return {p.bid.seat for p in state.piles if p.bid is not None}


def next_bidder_after(state: RockGardenState, seat: int) -> int:
    """The next seat clockwise after ``seat`` with no standing bid.

    Decision (the text is silent): a player whose bid still stands is skipped, as each
    player has one rake. There are fewer piles than players, so someone always has no
    bid; once every pile has a bid exactly one player is left, who undercuts or passes.
    """
    standing = bidders_with_standing_bid(state)
    for step in range(1, state.n + 1):
        candidate = (seat + step) % state.n
        if candidate not in standing:
            return candidate
    raise AssertionError("every player has a standing bid")  # pragma: no cover


def turn_in_order(state: RockGardenState) -> list[int]:
    """The seats in turn-in order for the current round: the passer first, clockwise.

    Before anyone passed, the order is known only once every pile has a bid (the
    player to act then is the only one who can pass); otherwise it is empty.
    """
    if state.passer is not None:
        return clockwise_from(state, state.passer)
    if state.phase == BIDDING and state.turn is not None and every_pile_has_bid(state):
        return clockwise_from(state, state.turn)
    return []


def seats_to_act(state: RockGardenState) -> list[int]:
    if state.phase == SETUP:
        return [s for s, p in enumerate(state.players) if p.rocks < STARTING_ROCKS]
    if state.phase == PILES:
        return [state.start_player] if state.start_player is not None else []
    if state.phase in (BIDDING, TURN_INS) and state.turn is not None:
        return [state.turn]
    return []


# -- bidding --------------------------------------------------------------------
def every_pile_has_bid(state: RockGardenState) -> bool:
    return all(p.bid is not None for p in state.piles)


def can_pass(state: RockGardenState, seat: int | None) -> bool:
    return (state.phase == BIDDING and seat is not None and seat == state.turn
            and every_pile_has_bid(state))


def bid_beats(value: int, count: int, old_value: int, old_count: int) -> bool:
    """A new bid replaces a standing one: lower value, or equal value with fewer rocks."""
    return value < old_value or (value == old_value and count < old_count)


def undercut_limit_text(old_value: int, old_count: int) -> str:
    """What a bid must be worth to replace a standing one, in words."""
    if old_value == 0:
        return "a bid of no rocks cannot be undercut"
    if old_count == 1:
        return f"your bid must be worth less than {old_value}"
    return (f"your bid must be worth less than {old_value}, "
            f"or {old_value} with fewer than {old_count} rocks")


def bid_options(state: RockGardenState, seat: int | None) -> list[dict]:
    """For the seat to bid now: every pile, whether it can be bid on and what to beat."""
    if state.phase != BIDDING or seat is None or seat != state.turn:
        return []
    options = []
    for index, pile in enumerate(state.piles):
        if pile.bid is None:
            options.append({"pile": index, "open": True, "can_bid": True,
                            "beat_value": None, "beat_rocks": None, "limit": "any bid"})
        else:
            old_value, old_count = pile.bid.value, pile.bid.count
            options.append({
                "pile": index, "open": False, "can_bid": old_value > 0,
                "beat_value": old_value, "beat_rocks": old_count,
                "limit": undercut_limit_text(old_value, old_count),
            })
    return options


# -- turn-ins -------------------------------------------------------------------
def next_card_value(state: RockGardenState, deck: str) -> int:
    """What the next card of ``deck`` costs (on paper once the deck is empty)."""
    if deck == PASS:
        return PASS_VALUE
    return card_value(1, state.taken[deck], state.options.after_deck)


def deck_top(state: RockGardenState, deck: str) -> int | None:
    """The value printed on the top card, or None when the deck is empty."""
    if state.taken[deck] >= DECK_SIZE:
        return None
    return PASS_VALUE if deck == PASS else state.taken[deck] + 1


def deck_tops(state: RockGardenState) -> dict:
    """Next cost per set deck, as the advisor wants it (on paper past the end)."""
    return {d: next_card_value(state, d) for d in DECKS if d != PASS}


def has_set(state: RockGardenState, seat: int) -> bool:
    return bool(sets_in(state.players[seat].garden))


def next_turn_in_seat(state: RockGardenState, from_index: int) -> int | None:
    """The first seat, from position ``from_index`` of the turn-in order, with a set."""
    order = turn_in_order(state)
    for seat in order[from_index:]:
        if has_set(state, seat):
            return seat
    return None


# -- reading rocks from payloads ------------------------------------------------
def parse_tokens(raw) -> list[str]:
    if raw is None:
        return []
    if isinstance(raw, str):
        return raw.replace(",", " ").split()
    if isinstance(raw, (list, tuple)):
        if not all(isinstance(t, str) for t in raw):
            raise IllegalAction("Rocks are written like R1 or G3")
        return [t for t in raw if t.strip()]
    raise IllegalAction("Rocks are written like R1 or G3")


def is_black_token(token: str) -> bool:
    return token.strip().upper() in (BLACK, "BLACK")


def parse_draws(raw) -> list:
    """Rocks drawn from the bag, in order; the black rock is ``K`` (or ``black``)."""
    return [BLACK if is_black_token(t) else parse_rock(t) for t in parse_tokens(raw)]


def parse_counter(raw) -> Counter:
    """Rocks named in a payload (no black rock), refusing a 6th of a kind."""
    tokens = parse_tokens(raw)
    if any(is_black_token(t) for t in tokens):
        raise IllegalAction("The black rock never goes into a garden or a bid")
    rocks = Counter(parse_rock(t) for t in tokens)
    check_at_most_five(rocks)
    return rocks


def check_at_most_five(rocks: Counter, elsewhere: Counter | None = None) -> None:
    """Refuse recording a 6th rock of a kind anywhere at once."""
    for kind in sorted(rocks):
        total = rocks[kind] + (elsewhere[kind] if elsewhere else 0)
        if total > COPIES:
            raise IllegalAction(f"{total} x {fmt(kind)}: only {COPIES} exist")


def take_from_bag(bag: Counter, rocks: Counter) -> None:
    """Remove ``rocks`` from ``bag`` or refuse: a rock not in the bag would be a 6th."""
    for kind in sorted(rocks):
        if rocks[kind] > bag[kind]:
            total = COPIES - bag[kind] + rocks[kind]
            raise IllegalAction(f"{total} x {fmt(kind)}: only {COPIES} exist "
                                f"({COPIES - bag[kind]} already out of the bag)")
    bag.subtract(rocks)
    for kind in [k for k, n in bag.items() if n == 0]:
        del bag[kind]


def check_in_garden(garden: Counter, rocks: Counter, whose: str = "your") -> None:
    for kind in sorted(rocks):
        if rocks[kind] > garden[kind]:
            have = garden[kind]
            if have == 0:
                raise IllegalAction(f"{fmt(kind)} is not in {whose} garden")
            raise IllegalAction(f"{whose.capitalize()} garden has only {have} x {fmt(kind)}, "
                                f"not {rocks[kind]}")


def garden_minus(garden: Counter, rocks: Counter) -> Counter:
    out = Counter(garden)
    out.subtract(rocks)
    return Counter({k: n for k, n in out.items() if n > 0})


def phase_words(phase: str) -> str:
    return {SETUP: "setting up", PILES: "laying out the piles", BIDDING: "bidding",
            TURN_INS: "turning in forbidden sets", "over": "over"}.get(phase, phase)
