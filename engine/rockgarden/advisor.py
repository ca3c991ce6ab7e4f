"""Which forbidden sets to turn in: every distinct outcome, best first, with a plan each.

The rules let a player choose which forbidden set to turn in whenever several are
present, and make them go on until none is left. This advisor lists what those choices
can lead to for one player this round, given the deck tops they will face
(CLARIFICATIONS, "Advice objective").

Why the order of turn-ins does not matter
    Whatever order a player follows, the rocks they hand in split into disjoint
    forbidden sets and what stays has no forbidden set. Conversely, any such split can
    be handed in in any order: the sets are disjoint and all present from the start, and
    the player never has to stop early because the sets not yet handed in are still
    there. The demerits depend only on how many cards come from each deck (the j-th card
    from a deck whose top is ``t`` costs ``card_value(t, j, after_deck)``). So the
    question is which card counts ``(trips, foursomes, straights)`` a split can reach.

How the splits are searched (exact, no heuristics)
    * A trip uses 3 of one kind, so at most one per kind (5 copies exist).
    * Straights are per colour: ``s[c]`` of them take one of each value of colour ``c``.
    * Foursomes are per value: colour participations ``f[c]`` (one value) form ``k``
      foursomes of 4 different colours exactly when ``sum(f) == 4k`` and
      ``max(f) <= k`` (with 5 colours each foursome leaves out exactly one colour).
    * What stays (``r`` per kind) is terminal when every kind has at most 2 rocks, no
      value shows 4 colours, and no colour shows all three values.
    The search enumerates the straights per colour (colours with the same three counts
    are interchangeable, so only non-increasing choices among them), then, for each value
    separately, every reachable (trips, foursomes, colours still present) with a small
    dynamic programme over the five colours (cached: it depends only on the five counts
    of that value). Presence sets are only kept when minimal (a smaller set of present
    colours is never worse), and the three values are joined under "no colour present at
    all three values". The brute force in :mod:`engine.rockgarden.brute` (every turn-in
    order, one by one) checks this in the tests.

Conventions
    * Rocks in plans are listed with :func:`engine.rockgarden.rocks.fmt_rocks`: colour
      order R Y G B W, then value. Turn-ins are listed Trips first, then Foursomes, then
      Straight Flushes (each by colour, then value); any order would be legal.
    * Outcome = (demerits, cards taken, rocks kept). Plans are ranked by fewest demerits,
      then fewer cards, then more rocks kept. When several card counts give the same
      outcome, the plan shown is the one with the fewest Trips, then fewest Foursomes.
    * Deck tops above 10 mean the deck is empty; further sets cost "on paper" as
      ``card_value`` says (setting ``after_deck``: "continue" = 11, 12, ...; "ten").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from engine.errors import IllegalAction
from engine.rockgarden.rocks import COLOURS, VALUES, check_copies, fmt_rocks, parse_rock
from engine.rockgarden.sets import (
    AFTER_DECK,
    FOURSOME,
    SET_NAMES,
    SET_TITLES,
    STRAIGHT,
    TRIPS,
    card_value,
    classify,
    has_forbidden_set,
)

DEFAULT_TOPS = {TRIPS: 1, FOURSOME: 1, STRAIGHT: 1}
NCOL = len(COLOURS)


# --------------------------------------------------------------------------- plans


@dataclass(slots=True)
class TurnIn:
    """One forbidden set handed in, and the demerit card it costs.

    ``step["set"]`` etc. give the JSON form (rocks as strings), like :meth:`to_json`.
    """

    set: str  # "trips" | "foursome" | "straight"
    rocks: tuple  # of (colour, value)
    card: int

    def to_json(self) -> dict:
        return {"set": self.set, "rocks": fmt_rocks(list(self.rocks)), "card": self.card}

    def __getitem__(self, key: str):
        return self.to_json()[key]


@dataclass(frozen=True)
class Plan:
    """A concrete legal way to reach one outcome: the turn-ins in order, what stays.

    ``plan["demerits"]`` etc. give the JSON form, like :meth:`to_json`.
    """

    demerits: int
    cards: int
    turn_ins: tuple  # of TurnIn, in the order to hand them in
    rocks_left: tuple  # of (colour, value), in fmt_rocks order

    @property
    def kept(self) -> int:
        return len(self.rocks_left)

    @property
    def outcome(self) -> tuple[int, int, int]:
        return (self.demerits, self.cards, self.kept)

    def cards_by_deck(self) -> dict[str, int]:
        counts = {name: 0 for name in SET_NAMES}
        for step in self.turn_ins:
            counts[step.set] += 1
        return counts

    def to_json(self) -> dict:
        return {
            "demerits": self.demerits,
            "cards": self.cards,
            "turn_ins": [step.to_json() for step in self.turn_ins],
            "rocks_left": fmt_rocks(list(self.rocks_left)),
        }

    def __getitem__(self, key: str):
        return self.to_json()[key]


# --------------------------------------------------------------------------- input checks


def normalise_garden(garden: Mapping) -> tuple[int, ...]:
    """A garden Counter -> 15 counts (colour-major, value-minor); refuses bad gardens.

    Keys are ``(colour, value)`` (or rock strings like ``"R1"``); zero counts are ignored.
    """
    counts = [0] * (NCOL * 3)
    for key, n in garden.items():
        if isinstance(key, str):
            key = parse_rock(key)  # "R1" is accepted as well as ("R", 1)
        if not (isinstance(key, tuple) and len(key) == 2 and key[0] in COLOURS and key[1] in VALUES):
            raise IllegalAction(f"{key!r} is not a rock: a rock is a colour R Y G B W and a value 1 to 3")
        if not isinstance(n, int) or isinstance(n, bool):
            raise IllegalAction(f"{key[0]}{key[1]}: a count must be a whole number")
        counts[COLOURS.index(key[0]) * 3 + key[1] - 1] += n
    check_copies(Counter({(c, v): counts[i * 3 + v - 1] for i, c in enumerate(COLOURS) for v in VALUES}))
    return tuple(counts)


def normalise_tops(tops: Mapping | None) -> dict[str, int]:
    """Deck tops with the missing decks at 1; refuses unknown decks and values below 1."""
    result = dict(DEFAULT_TOPS)
    for name, value in (tops or {}).items():
        if name not in DEFAULT_TOPS:
            raise IllegalAction(f"'{name}': the decks are {', '.join(SET_NAMES)}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise IllegalAction(f"{name}={value}: a deck top is a whole number, 1 or more (above 10: the deck is empty)")
        result[name] = value
    return result


def check_after_deck(after_deck: str) -> str:
    if after_deck not in AFTER_DECK:
        raise IllegalAction(f"after the deck: choose one of {', '.join(AFTER_DECK)}")
    return after_deck


# --------------------------------------------------------------------------- the search


_POPCOUNT = tuple(bin(mask).count("1") for mask in range(1 << NCOL))

# Per-value results, keyed by the five counts sorted (largest first): at most 252 keys,
# so the table stays small and is shared by every garden; and keyed by the actual
# counts (at most 6**5 keys) with the masks moved back to the real colours.
_SORTED_CACHE: dict[tuple[int, ...], dict] = {}
_VALUE_CACHE: dict[tuple[int, ...], tuple] = {}


def clear_caches() -> None:
    """Forget the per-value tables (for honest cold-start timings)."""
    _SORTED_CACHE.clear()
    _VALUE_CACHE.clear()


def value_choices(counts: tuple[int, ...]) -> tuple:
    """One value, its five colour counts after straights -> reachable choices.

    Returns ``(order, entries)``: each entry is ``(trips, foursomes, masks)`` with masks
    a tuple of ``(presence mask, choices)``; the presence mask has bit ``c`` when colour
    ``c`` keeps a rock of this value, and ``choices[i]`` = (trip 0/1, rocks kept) for
    colour ``order[i]``. Only masks with at most 3 colours (else a Foursome stays) and,
    per (trips, foursomes), only the minimal masks are kept.
    """
    cached = _VALUE_CACHE.get(counts)
    if cached is not None:
        return cached
    order = tuple(sorted(range(NCOL), key=lambda c: (-counts[c], c)))
    canonical = tuple(counts[c] for c in order)
    table = _SORTED_CACHE.get(canonical)
    if table is None:
        table = _SORTED_CACHE[canonical] = _sorted_value_choices(canonical)
    remap = [0] * (1 << NCOL)
    for mask in range(1, 1 << NCOL):
        low = mask & -mask
        remap[mask] = remap[mask ^ low] | (1 << order[low.bit_length() - 1])
    entries = tuple(
        (trips, k, tuple((remap[mask], choice) for mask, choice in masks.items()))
        for (trips, k), masks in table.items()
    )
    result = _VALUE_CACHE[counts] = (order, entries)
    return result


def _colour_options(n: int, colour: int) -> list[tuple]:
    """What one colour can do with its ``n`` rocks of one value (after straights).

    Each option: (foursome participation, trip 0/1, presence bit, (trip, rocks kept)).
    """
    options = []
    for trip in (0, 1) if n >= 3 else (0,):
        for kept in (0, 1, 2):
            part = n - 3 * trip - kept
            if part >= 0:
                options.append((part, trip, (1 << colour) if kept else 0, (trip, kept)))
    return options


# _OPTIONS[n][k][colour]: the options with participation <= k, plus their least and most
_OPTIONS = [
    [
        [
            (
                allowed,
                min((o[0] for o in allowed), default=0),
                max((o[0] for o in allowed), default=0),
            )
            for allowed in ([o for o in _colour_options(n, colour) if o[0] <= k] for colour in range(NCOL))
        ]
        for k in range(7)
    ]
    for n in range(6)
]


def _sorted_value_choices(counts: tuple[int, ...]) -> dict:
    """:func:`value_choices` for counts in canonical order.

    For each number of foursomes ``k``, a DP over the 5 colours on (sum of foursome
    participations, trips, presence mask), where every colour takes part in at most
    ``k`` foursomes and the participations must add up to exactly ``4k`` (partial sums
    that can no longer reach it are dropped): that is exactly "``k`` foursomes of 4
    different colours".
    """
    found: dict[tuple, dict] = {}
    for k in range(min(sum(counts) // 4, 6) + 1):  # 6 foursomes use 24 of the 25 rocks
        target = 4 * k
        columns = [_OPTIONS[n][k][colour] for colour, n in enumerate(counts)]
        if not all(column[0] for column in columns):
            continue
        least = [0] * (NCOL + 1)  # least / most participation still to come
        most = [0] * (NCOL + 1)
        for colour in range(NCOL - 1, -1, -1):
            least[colour] = least[colour + 1] + columns[colour][1]
            most[colour] = most[colour + 1] + columns[colour][2]
        if not least[0] <= target <= most[0]:
            continue
        states: dict[tuple, tuple] = {(0, 0, 0): ()}
        for colour, (options, _, _) in enumerate(columns):
            low, high = target - most[colour + 1], target - least[colour + 1]
            grown: dict[tuple, tuple] = {}
            for key, choice in states.items():
                total, trips, mask = key
                full = _POPCOUNT[mask] >= 3
                for part, trip, present, pick in options:
                    if present and full:
                        continue  # a 4th colour kept at this value: a Foursome would stay
                    reached = total + part
                    if reached < low or reached > high:
                        continue
                    new_key = (reached, trips + trip, mask | present)
                    if new_key not in grown:
                        grown[new_key] = choice + (pick,)
            states = grown
            if not states:
                break
        for (_, trips, mask), choice in states.items():
            found.setdefault((trips, k), {}).setdefault(mask, choice)
    return {key: _minimal(masks) for key, masks in found.items()}


def _minimal(masks: dict) -> dict:
    """Keep only the masks with no proper subset among them (first witness kept)."""
    ordered = sorted(masks, key=_POPCOUNT.__getitem__)
    kept: dict = {}
    for mask in ordered:
        if not any((other & mask) == other for other in kept):
            kept[mask] = masks[mask]
    return kept


def straight_choices(counts: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    """Straights per colour, one representative per rearrangement of identical colours."""
    limits = [min(counts[c * 3: c * 3 + 3]) for c in range(NCOL)]
    profiles = [counts[c * 3: c * 3 + 3] for c in range(NCOL)]
    chosen = [0] * NCOL

    def walk(colour: int):
        if colour == NCOL:
            yield tuple(chosen)
            return
        upper = limits[colour]
        # colours with the same counts are interchangeable: non-increasing among them
        for earlier in range(colour - 1, -1, -1):
            if profiles[earlier] == profiles[colour]:
                upper = min(upper, chosen[earlier])
                break
        for s in range(upper, -1, -1):
            chosen[colour] = s
            yield from walk(colour + 1)

    yield from walk(0)


def card_counts(garden: Mapping | tuple) -> dict[tuple[int, int, int], tuple]:
    """Every reachable (trips, foursomes, straights) card count -> a witness split.

    ``garden``: a Counter, or the 15 counts of :func:`normalise_garden`.
    The witness is ``(straights per colour, per value: per colour (trip, kept))``; use
    :func:`witness_sets` to turn it into forbidden sets. Independent of the deck tops.
    """
    counts = garden if isinstance(garden, tuple) else normalise_garden(garden)
    results: dict[tuple[int, int, int], tuple] = {}
    for straights in straight_choices(counts):
        (order1, first), (order2, second), (order3, third) = (
            value_choices(tuple(counts[c * 3 + v] - straights[c] for c in range(NCOL))) for v in range(3)
        )
        n_straights = sum(straights)
        # join the first two values on the colours present at both ...
        pairs: dict[tuple, dict] = {}
        for t1, k1, masks1 in first:
            for t2, k2, masks2 in second:
                slot = pairs.get((t1 + t2, k1 + k2))
                if slot is None:
                    slot = pairs[(t1 + t2, k1 + k2)] = {}
                for m1, w1 in masks1:
                    for m2, w2 in masks2:
                        both = m1 & m2
                        if both not in slot:
                            slot[both] = (w1, w2)
        # ... then the third: no colour may keep rocks of all three values
        for (t12, k12), slot in pairs.items():
            shared = tuple(slot.items())
            for t3, k3, masks3 in third:
                key = (t12 + t3, k12 + k3, n_straights)
                if key in results:
                    continue
                for both, (w1, w2) in shared:
                    found = next((w3 for m3, w3 in masks3 if not both & m3), None)
                    if found is not None:
                        per_value = (_decode(order1, w1), _decode(order2, w2), _decode(order3, found))
                        results[key] = (straights, per_value)
                        break
    return results


def _decode(order: tuple, choices: tuple) -> tuple:
    """Choices listed in ``order`` -> choices by colour."""
    by_colour = [None] * NCOL
    for position, colour in enumerate(order):
        by_colour[colour] = choices[position]
    return tuple(by_colour)


# --------------------------------------------------------------------------- witnesses -> plans


# The sets a witness can name, built once: (set name, rocks) pairs.
_TRIPS_SET = [[(TRIPS, ((colour, value),) * 3) for value in VALUES] for colour in COLOURS]
_STRAIGHT_SET = [(STRAIGHT, tuple((colour, value) for value in VALUES)) for colour in COLOURS]
# _FOURSOME_SET[v][out]: the foursome of value v without colour ``out``
_FOURSOME_SET = [
    [(FOURSOME, tuple((colour, value) for colour in COLOURS if colour != COLOURS[out])) for out in range(NCOL)]
    for value in VALUES
]


def witness_sets(garden: Mapping | tuple, witness: tuple) -> tuple[list[tuple[str, tuple]], list[tuple]]:
    """A witness split -> (forbidden sets in turn-in order, rocks left in fmt order).

    ``garden`` is a Counter or the 15 counts of :func:`normalise_garden`. Foursomes are
    rebuilt from the participations: with 5 colours each foursome leaves out exactly one
    colour, and colour ``c`` is left out ``k - parts[c]`` times (these add up to ``k``).
    """
    counts = garden if isinstance(garden, tuple) else normalise_garden(garden)
    straights, per_value = witness
    trips_sets, four_sets, straight_sets, left = [], [], [], []
    for c, colour in enumerate(COLOURS):
        for v, value in enumerate(VALUES):
            trip, kept = per_value[v][c]
            if trip:
                trips_sets.append(_TRIPS_SET[c][v])
            if kept:
                left.extend([(colour, value)] * kept)
        if straights[c]:
            straight_sets.extend([_STRAIGHT_SET[c]] * straights[c])
    for v in range(3):
        choices = per_value[v]
        parts = [counts[c * 3 + v] - straights[c] - choices[c][0] * 3 - choices[c][1] for c in range(NCOL)]
        k = sum(parts) // 4
        if k:
            for out in range(NCOL - 1, -1, -1):  # stable order: (R Y G B) first
                if k - parts[out]:
                    four_sets.extend([_FOURSOME_SET[v][out]] * (k - parts[out]))
    return trips_sets + four_sets + straight_sets, left


def _deck_costs(top: int, count: int, after_deck: str) -> list[int]:
    """costs[j] = demerits of the first j cards from a deck whose next card is ``top``."""
    costs = [0]
    for j in range(count):
        costs.append(costs[-1] + card_value(top, j, after_deck))
    return costs


def advise(garden: Mapping, tops: Mapping | None = None, after_deck: str = "continue") -> list[Plan]:
    """Every distinct outcome for this garden, best first, each with a legal plan.

    ``tops``: the value of the next card of each deck the player will face (missing
    decks: 1). A garden without a forbidden set gives one plan with no turn-ins.
    """
    tops = normalise_tops(tops)
    check_after_deck(after_deck)
    counts = normalise_garden(garden)
    options = card_counts(counts)
    total = sum(counts)
    most = [max(triple[i] for triple in options) for i in range(3)]
    trips_cost, four_cost, straight_cost = (
        _deck_costs(tops[name], most[i], after_deck) for i, name in enumerate(SET_NAMES)
    )
    best_by_outcome: dict[tuple, tuple] = {}
    for triple in sorted(options):  # fewest trips, then fewest foursomes, kept per outcome
        kt, kf, ks = triple
        demerits = trips_cost[kt] + four_cost[kf] + straight_cost[ks]
        outcome = (demerits, kt + kf + ks, total - 3 * kt - 4 * kf - 3 * ks)
        if outcome not in best_by_outcome:
            best_by_outcome[outcome] = triple
    plans = []
    for outcome in sorted(best_by_outcome, key=lambda o: (o[0], o[1], -o[2])):
        sets, left = witness_sets(counts, options[best_by_outcome[outcome]])
        plans.append(_plan(sets, left, tops, after_deck, outcome))
    return plans


def _plan(sets, left: list, tops, after_deck: str, outcome) -> Plan:
    drawn = {name: 0 for name in SET_NAMES}
    steps = []
    for name, rocks in sets:
        steps.append(TurnIn(name, rocks, card_value(tops[name], drawn[name], after_deck)))
        drawn[name] += 1
    demerits = sum(step.card for step in steps)
    if (demerits, len(steps), len(left)) != outcome:  # pragma: no cover - a bug in the search
        raise AssertionError(f"plan {(demerits, len(steps), len(left))} does not reach outcome {outcome}")
    return Plan(demerits=demerits, cards=len(steps), turn_ins=tuple(steps), rocks_left=tuple(left))


def best_plan(garden: Mapping, tops: Mapping | None = None, after_deck: str = "continue") -> Plan:
    """The first (best) plan of :func:`advise`."""
    return advise(garden, tops, after_deck)[0]


def tops_after(tops: Mapping | None, plan: Plan) -> dict[str, int]:
    """The deck tops once ``plan`` has been followed (a top above 10: deck empty)."""
    tops = normalise_tops(tops)
    taken = plan.cards_by_deck()
    return {name: tops[name] + taken[name] for name in SET_NAMES}


def tops_for_turn_order(
    gardens: Sequence[Mapping | None], tops: Mapping | None = None, after_deck: str = "continue"
) -> list[dict[str, int] | None]:
    """The deck tops each player will face this scoring round.

    ``gardens`` are in turn-in order (the passer first, then clockwise). Each player is
    assumed to follow their best plan (the first of :func:`advise`). A garden of ``None``
    (not entered yet) still faces known tops, but what that player will take is unknown,
    so every later player's tops are ``None`` (unknown) rather than a guess.
    """
    current: dict[str, int] | None = normalise_tops(tops)
    check_after_deck(after_deck)
    faced: list[dict[str, int] | None] = []
    for garden in gardens:
        faced.append(dict(current) if current is not None else None)
        if current is None:
            continue
        if garden is None:
            current = None
            continue
        current = tops_after(current, best_plan(garden, current, after_deck))
    return faced


# --------------------------------------------------------------------------- alternatives

ALTERNATIVES_STATES = 3000
"""The most gardens :func:`alternatives` visits on the way (every garden a sequence of
turn-ins can reach); a garden with more gets its plans' own witnesses only (never a
guess). Gardens of 20 rocks visit a few hundred."""


class _TooMany(Exception):
    pass
ALTERNATIVES_SHOWN = 6
"""The most different leftovers listed per outcome."""

_SET_ORDER = {TRIPS: 0, FOURSOME: 1, STRAIGHT: 2}


def _sets_of(h: tuple) -> list[tuple[str, tuple]]:
    """The forbidden sets in 15 counts, as (set name, kind indexes)."""
    found = []
    for i, n in enumerate(h):
        if n >= 3:
            found.append((TRIPS, (i, i, i)))
    for v in range(3):
        present = [c * 3 + v for c in range(NCOL) if h[c * 3 + v]]
        if len(present) >= 4:
            for out in range(len(present)):
                found.append((FOURSOME, tuple(p for j, p in enumerate(present) if j != out)
                              if len(present) == 5 else tuple(present)))
                if len(present) == 4:
                    break
    for c in range(NCOL):
        if h[c * 3] and h[c * 3 + 1] and h[c * 3 + 2]:
            found.append((STRAIGHT, (c * 3, c * 3 + 1, c * 3 + 2)))
    return found


def _leftovers(h: tuple, memo: dict) -> dict:
    """Every (trips, foursomes, straights) -> {counts left: the sets handed in}."""
    known = memo.get(h)
    if known is not None:
        return known
    if len(memo) >= ALTERNATIVES_STATES:
        raise _TooMany
    found = _sets_of(h)
    if not found:
        result = {(0, 0, 0): {h: ()}}
    else:
        result: dict = {}
        for name, kinds in found:
            after = list(h)
            for i in kinds:
                after[i] -= 1
            step = _SET_ORDER[name]
            for triple, lefts in _leftovers(tuple(after), memo).items():
                grown = list(triple)
                grown[step] += 1
                slot = result.setdefault(tuple(grown), {})
                for left, sets in lefts.items():
                    if left not in slot:
                        slot[left] = tuple(sorted(((name, kinds),) + sets,
                                                  key=lambda s: (_SET_ORDER[s[0]], s[1])))
    memo[h] = result
    return result


def alternatives(garden: Mapping, tops: Mapping | None = None, after_deck: str = "continue",
                 shown: int = ALTERNATIVES_SHOWN) -> dict[tuple[int, int, int], list[Plan]] | None:
    """For each outcome (demerits, cards, rocks kept): the plans leaving different rocks.

    Several splits of a garden can reach the same outcome with different rocks kept
    ("keeps R2 G2 B2, or Y2 G2 B2"); each is listed once (at most ``shown``), with a plan
    to follow, in the order of the rocks kept. None when the garden is too large to list
    them all (more than :data:`ALTERNATIVES_STATES` sub-gardens).
    """
    tops = normalise_tops(tops)
    check_after_deck(after_deck)
    counts = normalise_garden(garden)
    try:
        reachable = _leftovers(counts, {})
    except _TooMany:
        return None
    total = sum(counts)
    by_outcome: dict[tuple, dict] = {}
    for triple, lefts in reachable.items():
        kt, kf, ks = triple
        demerits = (sum(card_value(tops[TRIPS], j, after_deck) for j in range(kt))
                    + sum(card_value(tops[FOURSOME], j, after_deck) for j in range(kf))
                    + sum(card_value(tops[STRAIGHT], j, after_deck) for j in range(ks)))
        outcome = (demerits, kt + kf + ks, total - 3 * kt - 4 * kf - 3 * ks)
        slot = by_outcome.setdefault(outcome, {})
        for left, sets in lefts.items():
            slot.setdefault(left, sets)
    out: dict[tuple, list[Plan]] = {}
    kinds = [(c, v) for c in COLOURS for v in VALUES]
    for outcome, lefts in by_outcome.items():
        plans = []
        for left in sorted(lefts, key=lambda h: tuple(i for i in range(len(h)) for _ in range(h[i])))[:shown]:
            sets = [(name, tuple(kinds[i] for i in idx)) for name, idx in lefts[left]]
            rocks_left = [kinds[i] for i in range(len(left)) for _ in range(left[i])]
            plans.append(_plan(sets, rocks_left, tops, after_deck, outcome))
        out[outcome] = plans
    return out


def outcomes(garden: Mapping, tops: Mapping | None = None,
             after_deck: str = "continue") -> list[tuple[Plan, list[Plan]]]:
    """Every distinct outcome, best first (:func:`advise`), each with every plan that
    reaches it leaving different rocks: the outcome's own plan first, then those of
    :func:`alternatives` that keep other rocks ("keeps W1, or B1, or Y1"). The phone's
    advice and ``companion advise`` both list these."""
    others = alternatives(garden, tops, after_deck) or {}
    out = []
    for plan in advise(garden, tops, after_deck):
        ways = [plan]
        kept = {tuple(sorted(plan.rocks_left))}
        for other in others.get(plan.outcome, ()):
            rocks = tuple(sorted(other.rocks_left))
            if rocks not in kept:
                kept.add(rocks)
                ways.append(other)
        out.append((plan, ways))
    return out


def replay(garden: Mapping, plan: Plan) -> Counter:
    """Hand in ``plan`` step by step under the rules; the rocks left, or IllegalAction."""
    counts = normalise_garden(garden)
    left = +Counter({(c, v): counts[i * 3 + v - 1] for i, c in enumerate(COLOURS) for v in VALUES})
    for step in plan.turn_ins:
        need = Counter(step.rocks)
        if any(left[rock] < n for rock, n in need.items()):
            raise IllegalAction(f"{' '.join(fmt_rocks(need))}: those rocks are not all in the garden")
        if classify(need) != step.set:
            raise IllegalAction(f"{' '.join(fmt_rocks(need))} is not a {SET_TITLES[step.set]}")
        left -= need
    if has_forbidden_set(left):
        raise IllegalAction("a forbidden set is still in the garden: keep turning in")
    return left


__all__ = [
    "DEFAULT_TOPS",
    "Plan",
    "TurnIn",
    "advise",
    "alternatives",
    "outcomes",
    "best_plan",
    "card_counts",
    "clear_caches",
    "normalise_garden",
    "normalise_tops",
    "replay",
    "tops_after",
    "tops_for_turn_order",
    "witness_sets",
]
