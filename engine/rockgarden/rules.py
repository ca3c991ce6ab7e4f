"""Pure questions about a Rock Garden state that the moves and the views ask.

Nothing here changes a state: whose turn, what a bid must beat, in which order players
turn in sets, what the next card of a deck costs; and reading rocks from payloads.
"""

from __future__ import annotations

from itertools import combinations
from typing import Mapping

from engine.errors import IllegalAction
from engine.rockgarden.rocks import BLACK, COLOURS, COPIES, VALUES
from engine.rockgarden.sets import DECK_SIZE, FOURSOME, STRAIGHT, TRIPS
from engine.rockgarden.state import (
    BIDDING, CODES, PASS, PASS_VALUE, PILES, SET_DECKS, SETUP, STARTING_ROCKS, TURN_INS,
    card_worth, count, listed, taken, value,
)

MAX_SHOWN_TOKEN = 10


# -- turn order -----------------------------------------------------------------
def clockwise_from(state: dict, seat: int) -> list[int]:
    """Every seat once, starting with ``seat`` and going clockwise (seat order)."""
    n = len(state["players"])
    return [(seat + i) % n for i in range(n)]


def bidders_with_standing_bid(state: dict) -> set[int]:
    return {p["bid"]["seat"] for p in state["piles"] if p["bid"] is not None}


def next_bidder_after(state: dict, seat: int) -> int:
    """The next seat clockwise after ``seat`` with no standing bid.

    Decision (the text is silent): a player whose bid still stands is skipped, as each
    player has one rake. There are fewer piles than players, so someone always has no
    bid; once every pile has a bid exactly one player is left, who undercuts or passes.
    """
    standing = bidders_with_standing_bid(state)
    n = len(state["players"])
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if candidate not in standing:
            return candidate
    raise AssertionError("every player has a standing bid")  # pragma: no cover


def turn_in_order(state: dict) -> list[int]:
    """The seats in turn-in order for the current round: the passer first, clockwise.

    Before anyone passed, the order is known only once every pile has a bid (the
    player to act then is the only one who can pass); otherwise it is empty.
    """
    if state["passer"] is not None:
        return clockwise_from(state, state["passer"])
    if state["phase"] == BIDDING and state["turn"] is not None and every_pile_has_bid(state):
        return clockwise_from(state, state["turn"])
    return []


def turn_in_queue(state: dict) -> list[int]:
    """During the turn-ins: every seat in the order the turn-in step will look at them
    from now on, the player turning in first.

    The turn goes round the turn-in order from the player turning in now and wraps
    around: a garden the host corrected into a forbidden set after its owner's turn-in
    is turned in before the round ends.
    """
    order = turn_in_order(state)
    if state["phase"] != TURN_INS or state["turn"] not in order:
        return order
    start = order.index(state["turn"])
    return order[start:] + order[:start]


def to_act(state: dict) -> list[int]:
    phase = state["phase"]
    if phase == SETUP:
        return [s for s, garden in enumerate(state["gardens"]) if count(garden) < STARTING_ROCKS]
    if phase == PILES:
        return [state["start_player"]] if state["start_player"] is not None else []
    if phase in (BIDDING, TURN_INS) and state["turn"] is not None:
        return [state["turn"]]
    return []


# -- bidding --------------------------------------------------------------------
def every_pile_has_bid(state: dict) -> bool:
    return all(p["bid"] is not None for p in state["piles"])


def open_piles(state: dict) -> list[int]:
    """Pile numbers (from 1) with no bid yet."""
    return [i + 1 for i, p in enumerate(state["piles"]) if p["bid"] is None]


def bid_beats(new_value: int, new_count: int, old_value: int, old_count: int) -> bool:
    """A new bid replaces a standing one: lower value, or equal value with fewer rocks."""
    return new_value < old_value or (new_value == old_value and new_count < old_count)


def undercut_limit_text(old_value: int, old_count: int) -> str:
    """What a bid must be worth to replace a standing one, in words."""
    if old_value == 0:
        return "a bid of no rocks cannot be undercut"
    if old_count == 1:
        return f"your bid must be worth less than {old_value}"
    return (f"your bid must be worth less than {old_value}, "
            f"or {old_value} with fewer than {old_count} rocks")


def pile_refusal(index: int, piles: int) -> str | None:
    """Why ``index`` (from 0) names no pile on the board, in words; None if it does."""
    if 0 <= index < piles:
        return None
    return f"Choose a pile from 1 to {piles}" if piles > 1 else "There is only pile 1"


def undercut_refusal(standing_name: str, number: int, old_value: int, old_count: int,
                     new_value: int, new_count: int) -> str | None:
    """Why a bid worth ``new_value`` in ``new_count`` rocks cannot replace the bid standing
    on pile ``number`` (from 1), in the words the table refuses it with; None if it can."""
    if old_value == 0:
        return f"{standing_name} bid no rocks on pile {number}: a bid of no rocks cannot be undercut"
    if not bid_beats(new_value, new_count, old_value, old_count):
        limit = undercut_limit_text(old_value, old_count)
        return limit[0].upper() + limit[1:]
    return None


def biddable(pile: dict) -> bool:
    return pile["bid"] is None or value(pile["bid"]["rocks"]) > 0


def no_pile_to_bid_on(biddable_piles: list[bool]) -> str | None:
    """Why no bid can be made at all (one flag per pile: may it take a bid?); None if one can."""
    if not biddable_piles:
        return "There is no pile to bid on: pass"
    if not any(biddable_piles):
        return "Every pile has a bid of no rocks: nobody can undercut them"
    return None


def bid_options(state: dict) -> list[dict]:
    """Every pile, whether it can be bid on and what to beat (for the seat to bid)."""
    options = []
    for index, pile in enumerate(state["piles"]):
        if pile["bid"] is None:
            options.append({"pile": index, "open": True, "can_bid": True,
                            "beat_value": None, "beat_rocks": None, "limit": "any bid"})
        else:
            old_value, old_count = value(pile["bid"]["rocks"]), count(pile["bid"]["rocks"])
            options.append({
                "pile": index, "open": False, "can_bid": old_value > 0,
                "beat_value": old_value, "beat_rocks": old_count,
                "limit": undercut_limit_text(old_value, old_count),
            })
    return options


# -- cards and sets ---------------------------------------------------------------
def next_card_value(state: dict, deck: str) -> int:
    """What the next card of ``deck`` costs (on paper once the deck is empty)."""
    return card_worth(state, deck, taken(state, deck) + 1)


def deck_top(state: dict, deck: str) -> int | None:
    """The value printed on the top card, or None when the deck is empty."""
    if taken(state, deck) >= DECK_SIZE:
        return None
    return PASS_VALUE if deck == PASS else taken(state, deck) + 1


def advisor_tops(state: dict) -> dict:
    """The next card of each set deck as the advisor counts them (above 10: empty)."""
    return {deck: taken(state, deck) + 1 for deck in SET_DECKS}


_OF_VALUE = tuple(tuple(f"{c}{v}" for c in COLOURS) for v in VALUES)
_OF_COLOUR = tuple(tuple(f"{c}{v}" for v in VALUES) for c in COLOURS)


def garden_sets(garden: Mapping[str, int]) -> list[tuple[str, list[str]]]:
    """Every forbidden set in a garden: (set name, its rocks), distinct only; in the
    order of :func:`engine.rockgarden.sets.sets_in` (Trips, Foursomes, Straight Flushes)."""
    found: list[tuple[str, list[str]]] = []
    for code in CODES:
        if garden.get(code, 0) >= 3:
            found.append((TRIPS, [code] * 3))
    for kinds in _OF_VALUE:
        present = [code for code in kinds if garden.get(code)]
        for four in combinations(present, 4):
            found.append((FOURSOME, list(four)))
    for kinds in _OF_COLOUR:
        if all(garden.get(code) for code in kinds):
            found.append((STRAIGHT, list(kinds)))
    return found


def garden_has_set(garden: Mapping[str, int]) -> bool:
    if any(n >= 3 for n in garden.values()):
        return True
    for kinds in _OF_VALUE:
        if sum(1 for code in kinds if garden.get(code)) >= 4:
            return True
    return any(all(garden.get(code) for code in kinds) for kinds in _OF_COLOUR)


def has_set(state: dict, seat: int) -> bool:
    return garden_has_set(state["gardens"][seat])


def classify(rocks: Mapping[str, int]) -> str:
    """The forbidden set these rocks form, or a readable refusal."""
    items = listed(rocks)
    kinds = set(items)
    if len(items) == 3 and len(kinds) == 1:
        return "trips"
    if len(items) == 4 and len(kinds) == 4 and len({c[1] for c in items}) == 1:
        return "foursome"
    if (len(items) == 3 and len({c[0] for c in items}) == 1
            and {c[1] for c in items} == {"1", "2", "3"}):
        return "straight"
    shown = " ".join(items[:8]) + (" ..." if len(items) > 8 else "")
    raise IllegalAction(
        f"{shown or 'No rocks'} is not a forbidden set: Trips are 3 identical rocks, "
        "a Foursome is 4 colours of one value, a Straight Flush is I, II and III of one colour"
    )


# -- reading rocks from payloads --------------------------------------------------
def tokens_of(raw) -> list[str]:
    """A payload's rocks: one text "R1 G2" (or "R1,G2") or a list of texts."""
    if raw is None:
        return []
    if isinstance(raw, str):
        return raw.replace(",", " ").split()
    return [t.strip() for t in raw if t.strip()]


def _shown(token: str) -> str:
    text = token.strip().upper()
    if len(text) <= MAX_SHOWN_TOKEN and text.isalnum() and text.isascii():
        return f"'{text}'"
    return "That"


def parse_code(token: str) -> str:
    """``"r2"`` -> ``"R2"``; a readable refusal otherwise."""
    text = token.strip().upper()
    if len(text) != 2:
        raise IllegalAction(f"{_shown(token)} is not a rock: a rock is a colour letter and "
                            "a value, like R1 or G3")
    if text[0] not in COLOURS:
        raise IllegalAction(f"{_shown(token)} is not a rock: colours are {' '.join(COLOURS)}")
    if text[1] not in "123":
        raise IllegalAction(f"{_shown(token)} is not a rock: values are 1 to 3")
    return text


def is_black(token: str) -> bool:
    return token.strip().upper() in (BLACK, "BLACK")


def parse_draws(raw) -> list[str]:
    """Rocks drawn from the bag, in order; the black rock is ``K`` (or ``black``)."""
    return [BLACK if is_black(t) else parse_code(t) for t in tokens_of(raw)]


def parse_rocks(raw) -> dict:
    """Rocks named in a payload as counts (no black rock), refusing a 6th of a kind."""
    rocks: dict = {}
    for token in tokens_of(raw):
        if is_black(token):
            raise IllegalAction("The black rock never goes into a garden or a bid")
        code = parse_code(token)
        rocks[code] = rocks.get(code, 0) + 1
    for code in sorted(rocks):
        if rocks[code] > COPIES:
            raise IllegalAction(f"{rocks[code]} x {code}: only {COPIES} exist")
    return rocks


def take_from_bag(bag: dict, rocks: Mapping[str, int]) -> None:
    """Remove ``rocks`` from ``bag`` or refuse: a rock not in the bag would be a 6th."""
    for code in sorted(rocks):
        have = bag.get(code, 0)
        if rocks[code] > have:
            total = COPIES - have + rocks[code]
            raise IllegalAction(f"{total} x {code}: only {COPIES} exist "
                                f"({COPIES - have} already out of the bag)")
    for code, n in rocks.items():
        left = bag.get(code, 0) - n
        if left:
            bag[code] = left
        else:
            bag.pop(code, None)


def check_in_garden(garden: Mapping[str, int], rocks: Mapping[str, int], whose: str = "your") -> None:
    for code in sorted(rocks):
        have = garden.get(code, 0)
        if rocks[code] > have:
            if have == 0:
                raise IllegalAction(f"{code} is not in {whose} garden")
            raise IllegalAction(f"{whose.capitalize()} garden has only {have} x {code}, "
                                f"not {rocks[code]}")


PHASE_WORDS = {SETUP: "setting up", PILES: "laying out the piles", BIDDING: "bidding",
               TURN_INS: "turning in forbidden sets", "over": "over"}


def phase_words(phase: str) -> str:
    return PHASE_WORDS.get(phase, phase)
