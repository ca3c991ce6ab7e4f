"""The Rock Garden table as data: gardens, bag, piles, bids, decks, black rock, cards.

A small dataclass tree (Counters keyed by ``(colour, value)``, as in :mod:`rocks`) that
is cheap to deepcopy. ``apply`` copies it and changes only the copy.

Where every rock is, at every moment (the supply invariant, see :func:`supply`):
bag + gardens + piles + bids = 75 of each kind x 5, plus the black rock when it is in
the bag. The black rock is tracked apart from the coloured rocks by ``black``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.rockgarden.rocks import COPIES, KINDS, full_bag, value_of
from engine.rockgarden.sets import DECK_SIZE, FOURSOME, STRAIGHT, TRIPS

PASS = "pass"
DECKS = (PASS, TRIPS, FOURSOME, STRAIGHT)
DECK_TITLES = {PASS: "Pass", TRIPS: "Trips", FOURSOME: "Foursome", STRAIGHT: "Straight Flush"}
PASS_VALUE = 1
PILE_TARGET = 6
STARTING_ROCKS = 5

# phases, in the order a round goes through them
SETUP, PILES, BIDDING, TURN_INS, OVER = "setup", "piles", "bidding", "turn_ins", "over"

# where the black rock is
ON_TRACKER, IN_BAG, DRAWN_IN_PILES, DRAWN_ON_PASS = "tracker", "bag", "piles", "passer"

# why the game ends (a list: more than one can happen in the same round)
END_BLACK_IN_PILES = "black_in_piles"
END_BLACK_ON_PASS = "black_on_pass"
END_DECK_EMPTY = "deck_empty"


@dataclass(frozen=True)
class Card:
    """One demerit card a player holds. ``on_paper``: taken after its deck ran out."""

    deck: str
    value: int
    round: int
    on_paper: bool = False

    def to_json(self) -> dict:
        return {"deck": self.deck, "value": self.value, "round": self.round,
                "on_paper": self.on_paper}


@dataclass
class Player:
    name: str
    garden: Counter = field(default_factory=Counter)
    cards: list[Card] = field(default_factory=list)

    @property
    def demerits(self) -> int:
        return sum(c.value for c in self.cards)

    @property
    def rocks(self) -> int:
        return sum(self.garden.values())


@dataclass
class Bid:
    """Rocks from ``seat``'s garden on its rake next to a pile (may be none: value 0)."""

    seat: int
    rocks: Counter = field(default_factory=Counter)

    @property
    def value(self) -> int:
        return value_of(self.rocks)

    @property
    def count(self) -> int:
        return sum(self.rocks.values())


@dataclass
class Pile:
    """Rocks on one wedge of the bidding board, in the order they were drawn."""

    rocks: list = field(default_factory=list)
    bid: Bid | None = None

    @property
    def value(self) -> int:
        return sum(v for _, v in self.rocks)

    @property
    def complete(self) -> bool:
        return self.value >= PILE_TARGET

    def counter(self) -> Counter:
        return Counter(self.rocks)


@dataclass(frozen=True)
class Options:
    tracker_spaces: int = 6
    after_deck: str = "continue"
    colour_names: tuple = ("Red", "Yellow", "Green", "Blue", "White")


@dataclass
class RockGardenState:
    players: list[Player]
    options: Options
    bag: Counter = field(default_factory=full_bag)
    phase: str = SETUP
    round: int = 1
    start_player: int | None = None
    turn: int | None = None  # the bidder (bidding) or the player turning in (turn_ins)
    passer: int | None = None
    piles: list[Pile] = field(default_factory=list)
    taken: dict = field(default_factory=lambda: {d: 0 for d in DECKS})
    black: str = ON_TRACKER
    black_space: int = 1
    passer_drew: tuple | None = None  # the rock the passer drew this round (None: none / black)
    ending: list = field(default_factory=list)  # END_* reasons, e.g. "deck_empty:trips"

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def n_piles(self) -> int:
        return self.n - 1

    @property
    def black_in_bag(self) -> bool:
        return self.black == IN_BAG

    def __deepcopy__(self, memo) -> "RockGardenState":
        """A fast exact copy (``apply`` copies on every action; replays do many)."""
        return RockGardenState(
            players=[Player(p.name, Counter(p.garden), list(p.cards)) for p in self.players],
            options=self.options,  # never changed after setup
            bag=Counter(self.bag),
            phase=self.phase,
            round=self.round,
            start_player=self.start_player,
            turn=self.turn,
            passer=self.passer,
            piles=[Pile(list(p.rocks), None if p.bid is None else Bid(p.bid.seat, Counter(p.bid.rocks)))
                   for p in self.piles],
            taken=dict(self.taken),
            black=self.black,
            black_space=self.black_space,
            passer_drew=self.passer_drew,
            ending=list(self.ending),
        )


def deck_cards_left(state: RockGardenState, deck: str) -> int:
    return max(0, DECK_SIZE - state.taken[deck])


def rocks_on_table(state: RockGardenState) -> Counter:
    """Every coloured rock outside the bag: gardens, piles and bids."""
    out = Counter()
    for p in state.players:
        out.update(p.garden)
    for pile in state.piles:
        out.update(pile.rocks)
        if pile.bid is not None:
            out.update(pile.bid.rocks)
    return out


def supply(state: RockGardenState) -> int:
    """bag + gardens + piles + bids (+1 for the black rock in the bag): 75 or 76."""
    return (sum(state.bag.values()) + sum(rocks_on_table(state).values())
            + (1 if state.black_in_bag else 0))


def check_supply(state: RockGardenState) -> None:
    """Assert the supply invariant kind by kind (for tests and debugging)."""
    total = rocks_on_table(state) + state.bag
    for kind in KINDS:
        assert total[kind] == COPIES, f"{kind}: {total[kind]} rocks instead of {COPIES}"
    assert all(n >= 0 for n in state.bag.values())
