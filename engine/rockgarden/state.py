"""The Rock Garden table as plain JSON data: gardens, bag, piles, bids, decks, cards.

One state style for every game (``engine/plain.py``): dicts, lists, text and whole
numbers only, so the table model copies, compares and replays it like any other game.
Rocks are written ``"R1"`` .. ``"W3"`` (colour letter + value); a set of rocks where the
order does not matter (a garden, the bag, a bid) is a dict of counts, ``{"R1": 2}``,
holding only kinds present; a pile keeps its rocks as a list in the order drawn.

    {
      "players": ["Ann", "Bo", ...],            # names, in seat order (clockwise)
      "gardens": [{"R1": 1, ...}, ...],         # per seat
      "bag": {"R1": 4, ...},                    # the coloured rocks in the bag
      "cards_taken": {"deck": ["pass", "trips"], "seat": [2, 2], "round": [1, 1]},
      "options": {"tracker_spaces", "after_deck", "colour_names": {"R": "Red", ...}},
      "phase": "setup" | "piles" | "bidding" | "turn_ins" | "over",
      "round": 1, "start_player": seat | None, "turn": seat | None, "passer": seat | None,
      "piles": [{"rocks": ["R1", "G2"], "bid": None | {"seat": s, "rocks": {"R1": 1}}}],
      "black": "tracker" | "bag" | "piles" | "passer", "black_space": 1,
      "ending": ["deck_empty:trips", ...],      # why the game ends (more than one can)
      "shown": None | [[card, ...], ...],       # demerit cards an undone end showed
      "last_round": {...},                      # only from a pass to the next bidding
    }

``last_round`` (present only from a round's pass until the next round's piles are laid
out, so a state without it is the same state as before it existed): what the round did,
for the table screen's summary: ``{"round", "passer", "drew": "R2" | "K" | None, "piles":
[{"rocks", "seat", "bid"}], "turn_ins": [{"seat", "set", "rocks"}]}``.

The demerit cards taken are one table, in the order they were taken, kept as three
columns: the ``i``-th card taken came from deck ``cards_taken["deck"][i]``, went to seat
``cards_taken["seat"][i]`` in round ``cards_taken["round"][i]``. A set deck's n-th card
is worth n (past the 10th, on paper: n, or 10 with the setting "ten"); a Pass card is
worth 1. :func:`cards_of` gives one seat's cards (hidden from the others until the end).

Where every rock is, at every moment (the supply invariant, see :func:`supply`):
bag + gardens + piles + bids = 75, 5 of each kind, plus the black rock when it is in
the bag. The black rock is tracked apart from the coloured rocks by ``black``.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from engine.rockgarden.rocks import COLOURS, COPIES, VALUES
from engine.rockgarden.sets import DECK_SIZE, FOURSOME, STRAIGHT, TRIPS, card_value

PASS = "pass"
DECKS = (PASS, TRIPS, FOURSOME, STRAIGHT)
SET_DECKS = (TRIPS, FOURSOME, STRAIGHT)
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

LAST_ROUND = "last_round"

CODES = tuple(f"{c}{v}" for c in COLOURS for v in VALUES)
"""Every kind of coloured rock, in the order lists show them: colour R Y G B W, value."""
ORDER = {code: i for i, code in enumerate(CODES)}


def new_state(players: list[str], tracker_spaces: int, after_deck: str,
              colour_names: Mapping[str, str]) -> dict:
    n = len(players)
    return {
        "players": list(players),
        "gardens": [{} for _ in range(n)],
        "bag": {code: COPIES for code in CODES},
        "options": {"tracker_spaces": tracker_spaces, "after_deck": after_deck,
                    "colour_names": dict(colour_names)},
        "phase": SETUP,
        "round": 1,
        "start_player": None,
        "turn": None,
        "passer": None,
        "piles": [],
        "cards_taken": {"deck": [], "seat": [], "round": []},
        "black": ON_TRACKER,
        "black_space": 1,
        "ending": [],
        "shown": None,
    }


# -- rock counts ({"R1": 2}) --------------------------------------------------------
def count(rocks: Mapping[str, int]) -> int:
    return sum(rocks.values())


def value(rocks: Mapping[str, int]) -> int:
    """What rocks are worth: I = 1, II = 2, III = 3."""
    return sum(int(code[1]) * n for code, n in rocks.items())


def add(rocks: dict, more: Mapping[str, int]) -> None:
    """Put ``more`` into ``rocks`` (in place)."""
    for code, n in more.items():
        if n:
            rocks[code] = rocks.get(code, 0) + n


def remove(rocks: dict, less: Mapping[str, int]) -> None:
    """Take ``less`` out of ``rocks`` (in place); the caller checked they are there."""
    for code, n in less.items():
        left = rocks.get(code, 0) - n
        if left > 0:
            rocks[code] = left
        else:
            rocks.pop(code, None)


def listed(rocks: Mapping[str, int] | Iterable[str]) -> list[str]:
    """Rocks one string each, in a stable order (colour R Y G B W, then value)."""
    if isinstance(rocks, Mapping):
        return [code for code in sorted(rocks, key=ORDER.__getitem__) for _ in range(rocks[code])]
    return sorted(rocks, key=ORDER.__getitem__)


def counts_of(codes: Iterable[str]) -> dict:
    out: dict = {}
    for code in codes:
        out[code] = out.get(code, 0) + 1
    return out


def sorted_counts(rocks: Mapping[str, int]) -> dict:
    """The same counts, keys in colour-then-value order, zeros left out."""
    return {code: rocks[code] for code in sorted(rocks, key=ORDER.__getitem__) if rocks[code] > 0}


# -- questions about the table -------------------------------------------------------
def n_piles(state: dict) -> int:
    return len(state["players"]) - 1


def black_in_bag(state: dict) -> bool:
    return state["black"] == IN_BAG


def pile_value(pile: dict) -> int:
    return sum(int(code[1]) for code in pile["rocks"])


def pile_complete(pile: dict) -> bool:
    return pile_value(pile) >= PILE_TARGET


def taken(state: dict, deck: str) -> int:
    """How many cards of ``deck`` were taken (past 10: on paper)."""
    return state["cards_taken"]["deck"].count(deck)


def record_card(state: dict, seat: int, deck: str) -> None:
    """``seat`` takes the next card of ``deck`` this round."""
    table = state["cards_taken"]
    table["deck"].append(deck)
    table["seat"].append(seat)
    table["round"].append(state["round"])


def card_worth(state: dict, deck: str, number: int) -> int:
    """What the ``number``-th card of ``deck`` (from 1) is worth."""
    if deck == PASS:
        return PASS_VALUE
    return card_value(1, number - 1, state["options"]["after_deck"])


def cards_of(state: dict, seat: int) -> list[dict]:
    """One seat's demerit cards in the order taken: deck, value, round, on paper."""
    table = state["cards_taken"]
    numbers = dict.fromkeys(DECKS, 0)
    cards = []
    for deck, taker, round_ in zip(table["deck"], table["seat"], table["round"]):
        numbers[deck] += 1
        if taker == seat:
            cards.append({"deck": deck, "value": card_worth(state, deck, numbers[deck]),
                          "round": round_, "on_paper": numbers[deck] > DECK_SIZE})
    return cards


def card_count(state: dict, seat: int) -> int:
    return state["cards_taken"]["seat"].count(seat)



def deck_cards_left(state: dict, deck: str) -> int:
    return max(0, DECK_SIZE - taken(state, deck))


def rocks_on_table(state: dict) -> dict:
    """Every coloured rock outside the bag: gardens, piles and bids."""
    out: dict = {}
    for garden in state["gardens"]:
        add(out, garden)
    for pile in state["piles"]:
        add(out, counts_of(pile["rocks"]))
        if pile["bid"] is not None:
            add(out, pile["bid"]["rocks"])
    return out


def supply(state: dict) -> int:
    """bag + gardens + piles + bids (+1 for the black rock in the bag): 75 or 76."""
    return (count(state["bag"]) + count(rocks_on_table(state))
            + (1 if black_in_bag(state) else 0))


def check_supply(state: dict) -> None:
    """Assert the supply invariant kind by kind (for tests and debugging)."""
    total = rocks_on_table(state)
    add(total, state["bag"])
    for code in CODES:
        assert total.get(code, 0) == COPIES, f"{code}: {total.get(code, 0)} rocks instead of {COPIES}"
    assert set(total) <= set(CODES), f"unknown rocks {sorted(set(total) - set(CODES))}"
    for where in [state["bag"], *state["gardens"],
                  *(p["bid"]["rocks"] for p in state["piles"] if p["bid"] is not None)]:
        assert all(isinstance(n, int) and n > 0 for n in where.values()), where
