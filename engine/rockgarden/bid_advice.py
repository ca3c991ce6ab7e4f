"""What to bid in Rock Garden, and what passing costs: exact advice for one player.

Pure functions on plain inputs (no game state, no Flet, no I/O), so that any view of the
game can call them whatever the state looks like:

* ``garden``: the player's rocks, a list of rock strings (``["R1", "G3"]``; that order is
  kept in the answers) or a mapping ``{"R1": 2}`` / ``{("R", 1): 2}`` (then answers list
  rocks in colour order R Y G B W, then value);
* ``piles``: one entry per pile on the bidding board, in board order, each a mapping
  ``{"rocks": [...], "bid": [...] or None}`` or a pair ``(rocks, bid)``; ``bid`` is the
  standing bid's rocks (``[]``: a standing bid of no rocks), ``None`` when it has none;
* ``tops``: the value of the next card of each demerit deck this player faces now
  (missing decks: 1; above 10: the deck is empty, see ``after_deck``);
* ``bag``: the bag's rocks (a list or mapping like the garden; ``"K"`` is the black rock);
* ``can_pass``: whether this player may pass now (illegal while a pile has no bid);
* ``after_deck``: what a set costs once its deck is empty ("continue" or "ten").

:func:`advise_bid` gives the whole answer as plain JSON data (the ``companion advise-bid
--json`` shape); :func:`pile_bids` and :func:`pass_outcome` are its two halves, with
exact numbers.

How this reads the issue and the rules (decisions where the texts are silent)
    * Legal bids on a pile: every sub-multiset of the garden that undercuts the standing
      bid (lower value, or equal value with fewer rocks); any bid, the bid of no rocks
      included, on a pile with none. A bid of no rocks is a legal bid of value 0 and
      cannot be undercut (CLARIFICATIONS), so a pile whose standing bid is worth 0 has no
      legal bid. A standing bid worth more than 0 can always be undercut by no rocks.
    * "Demerits if it stands": the player takes the pile and hands the bid in, so the
      garden becomes garden - bid + pile; then the fewest demerits of the best turn-in of
      that garden at the deck tops faced now (the exact turn-in advisor's count,
      :func:`engine.rockgarden.advisor.card_counts`). Other players' turn-ins before
      this one (which would move the tops) are not known until someone passes.
    * "Rocks kept": the garden after the trade, before any turn-in: the garden less the
      bid (the earliest copies of each rock stay), then the pile's rocks.
    * Which bids are shown: Pareto dominance over (fewer demerits if it stands, lower
      value: harder to undercut, more rocks kept). For one pile the rocks kept are the
      garden's count less the bid's count plus the pile's, so "more kept" is "fewer rocks
      in the bid". A bid is dropped when another legal bid on the same pile is at least
      as good on all three and better on one. Bids equal on all three (different rocks)
      are all kept. Order: fewest demerits, then lowest value, then most rocks kept, then
      the bid's rocks in colour order (R Y G B W, then value) compared rock by rock.
    * Passing: the Pass card (1 demerit) plus the expected demerits of the best turn-in
      after drawing one rock, each rock of the bag equally likely (each kind weighted by
      its count). The black rock, when in the bag, gives no rock and the game ends after
      this scoring, so that draw scores the garden as it is. ``black_rock_chance`` is its
      share of the bag. An empty bag draws nothing: 1 + the garden's own turn-in.
      The passer keeps the whole garden (a passer has no standing bid: a player whose
      bid stands is skipped in the bidding).
    * When passing is not legal, the answer keeps its shape with ``null`` numbers:
      ``{"legal": false, "expected_demerits": null, "black_rock_chance": null}``.
    * JSON numbers: ``expected_demerits`` and ``black_rock_chance`` rounded to 4 decimals
      (the exact fractions are in :class:`PassOutcome`).

How it stays fast (exact, no heuristic)
    The bids are grouped once by (value, rock count): a class. Legality depends only on
    the class. Classes are visited in order of value, then count, so every class that
    could dominate one is visited before it; ``T`` is the fewest demerits found in the
    classes below-left of it. A bid matters only if its demerits are below ``T`` (else a
    bid of a smaller class dominates it) and no more than the best of its own class so
    far. A garden after the trade with no forbidden set costs 0; one with forbidden sets
    costs at least the first card of one of the set types present, and is only handed to
    the turn-in search when that lower bound can still beat the threshold. A whole class
    is skipped when ``T`` is already no more than the pile's lower bound (0 when the pile
    itself has no forbidden set). The turn-in search itself is the advisor's (its cached
    per-value tables, :func:`engine.rockgarden.advisor.value_choices`), asked only for
    the fewest demerits and cut off as soon as it cannot matter (:meth:`_Costs.fewest`).
    :mod:`engine.rockgarden.bid_brute` is the independent brute force the tests and
    ``bench/bid_advice.py`` compare this with.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from operator import sub
from typing import Any, Iterable, Mapping, Sequence

from engine.errors import IllegalAction
from engine.rockgarden.advisor import straight_choices, value_choices, check_after_deck, normalise_tops
from engine.rockgarden.rocks import BLACK, COLOURS, COPIES, KINDS, VALUES, fmt, parse_rock
from engine.rockgarden.sets import SET_NAMES, card_value

PASS_CARD = 1  # a Pass card is always worth 1 (CLARIFICATIONS)
ROUND_TO = 4  # decimals of the JSON numbers
NKINDS = len(KINDS)  # 15; index colour * 3 + value - 1, as the advisor's counts
_INDEX = {fmt(kind): i for i, kind in enumerate(KINDS)}
_NAMES = tuple(fmt(kind) for kind in KINDS)
_VALUE = tuple(v for _, v in KINDS)
# the most cards a garden of 75 rocks can take from one deck: trips, foursomes, straights
_MOST = (NKINDS, 18, 25)


# --------------------------------------------------------------------------- inputs


class Rocks:
    """Rocks as 15 counts, plus the order to list them in (as given, or colour order)."""

    __slots__ = ("counts", "order", "black")

    def __init__(self, counts: tuple[int, ...], order: list[str], black: int = 0):
        self.counts = counts
        self.order = order  # rock strings, one per rock
        self.black = black

    @classmethod
    def parse(cls, rocks: Any, where: str, black_allowed: bool = False) -> "Rocks":
        if isinstance(rocks, Rocks):
            return rocks
        if rocks is None:
            rocks = []
        if isinstance(rocks, str):
            rocks = rocks.replace(",", " ").split()
        tokens: list[str] = []
        black = 0
        if isinstance(rocks, Mapping):
            items = list(rocks.items())
        else:
            items = [(token, 1) for token in rocks]
        for key, n in items:
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise IllegalAction(f"{where}: a count must be a whole number, 0 or more")
            if _is_black(key):
                if not black_allowed:
                    raise IllegalAction(f"{where}: the black rock is never in a garden, a pile or a bid")
                black += n
                continue
            name = _rock_name(key, where)
            tokens.extend([name] * n)
        if black > 1:
            raise IllegalAction(f"{where}: there is only one black rock")
        counts = [0] * NKINDS
        for name in tokens:
            counts[_INDEX[name]] += 1
        for i, n in enumerate(counts):
            if n > COPIES:
                raise IllegalAction(f"{where}: {n} x {_NAMES[i]}, but only {COPIES} exist")
        if isinstance(rocks, Mapping):
            tokens = [_NAMES[i] for i in range(NKINDS) for _ in range(counts[i])]
        return cls(tuple(counts), tokens, black)

    def __len__(self) -> int:
        return sum(self.counts)


def _is_black(key: Any) -> bool:
    return isinstance(key, str) and key.strip().upper() == BLACK


def _rock_name(key: Any, where: str) -> str:
    try:
        if isinstance(key, str):
            return fmt(parse_rock(key))
        if isinstance(key, tuple) and len(key) == 2 and key[0] in COLOURS and key[1] in VALUES:
            return fmt(key)
    except IllegalAction as exc:
        raise IllegalAction(f"{where}: {exc}") from None
    raise IllegalAction(f"{where}: {key!r} is not a rock (a colour R Y G B W and a value 1 to 3)")


@dataclass(frozen=True)
class Pile:
    rocks: Rocks
    bid: Rocks | None  # the standing bid; None: no bid yet


def parse_pile(pile: Any, number: int) -> Pile:
    """``{"rocks": [...], "bid": [...] | None}`` or ``(rocks, bid)`` -> :class:`Pile`."""
    if isinstance(pile, Pile):
        return pile
    if isinstance(pile, Mapping):
        unknown = set(pile) - {"rocks", "bid"}
        if unknown:
            raise IllegalAction(f"pile {number}: unknown field {sorted(map(str, unknown))[0]!r}")
        rocks, bid = pile.get("rocks"), pile.get("bid")
    elif isinstance(pile, (tuple, list)) and len(pile) == 2:
        rocks, bid = pile
    else:
        raise IllegalAction(f"pile {number}: give the pile's rocks and its standing bid (or none)")
    parsed = Rocks.parse(rocks, f"pile {number}")
    if not len(parsed):
        raise IllegalAction(f"pile {number}: a pile has at least one rock")
    return Pile(parsed, None if bid is None else Rocks.parse(bid, f"pile {number}'s bid"))


def check_supply(parts: Iterable[tuple[str, Rocks]]) -> None:
    """No kind more than 5 times over the garden, piles, bids and bag together."""
    total = [0] * NKINDS
    for _, rocks in parts:
        for i, n in enumerate(rocks.counts):
            total[i] += n
    for i, n in enumerate(total):
        if n > COPIES:
            places = [where for where, rocks in parts if rocks.counts[i]]
            raise IllegalAction(
                f"{n} x {_NAMES[i]} in {', '.join(places)}: only {COPIES} of each rock exist"
            )


def rest_of_bag(garden: Any, piles: Sequence[Any], black: bool = False) -> Counter:
    """Every rock of the 75 not in the garden, the piles or their bids (+ the black rock).

    For when the other gardens are not known (the command line's ``--bag-rest``).
    """
    mine = Rocks.parse(garden, "the garden")
    parsed = [parse_pile(p, i) for i, p in enumerate(piles, start=1)]
    parts = [("the garden", mine)] + _pile_parts(parsed)
    check_supply(parts)
    bag = Counter()
    for i in range(NKINDS):
        left = COPIES - sum(rocks.counts[i] for _, rocks in parts)
        if left:
            bag[_NAMES[i]] = left
    if black:
        bag[BLACK] = 1
    return bag


def _pile_parts(piles: Sequence[Pile]) -> list[tuple[str, Rocks]]:
    parts = []
    for number, pile in enumerate(piles, start=1):
        parts.append((f"pile {number}", pile.rocks))
        if pile.bid is not None:
            parts.append((f"pile {number}'s bid", pile.bid))
    return parts


# --------------------------------------------------------------------------- demerits of a garden


def _present_costs(h: Sequence[int], first: tuple[int, int, int]) -> int:
    """0 when ``h`` has no forbidden set; else the cheapest first card among the set
    types present (a lower bound on its demerits: at least one set must be handed in)."""
    best = 0
    if max(h) >= 3:
        best = first[0]
    for v in range(3):
        if (h[v] > 0) + (h[3 + v] > 0) + (h[6 + v] > 0) + (h[9 + v] > 0) + (h[12 + v] > 0) >= 4:
            best = first[1] if not best else min(best, first[1])
            break
    for c in range(0, NKINDS, 3):
        if h[c] and h[c + 1] and h[c + 2]:
            best = first[2] if not best else min(best, first[2])
            break
    return best


class _Costs:
    """Cumulative demerits per deck at given tops: ``decks[d][j]`` = the first j cards."""

    __slots__ = ("decks", "first")

    def __init__(self, tops: Mapping, after_deck: str):
        tops = normalise_tops(tops)
        check_after_deck(after_deck)
        self.decks = []
        for name, most in zip(SET_NAMES, _MOST):
            costs = [0]
            for j in range(most):
                costs.append(costs[-1] + card_value(tops[name], j, after_deck))
            self.decks.append(costs)
        self.first = tuple(deck[1] for deck in self.decks)

    def fewest(self, h: Sequence[int], cutoff: float = float("inf")) -> float:
        """The fewest demerits of the best turn-in of garden ``h`` (15 counts), exact
        when below ``cutoff``; otherwise some number >= ``cutoff``.

        The turn-in advisor's search (:func:`engine.rockgarden.advisor.card_counts`)
        with the costs folded in: for each choice of Straight Flushes per colour, the
        per-value tables of reachable (trips, foursomes, colours left) are joined under
        "no colour keeps all three values", skipping every join that cannot come below
        the best so far (a card always costs 1 or more, so costs only grow).
        """
        if not _present_costs(h, self.first):
            return 0
        trips, fours, straights = self.decks
        best = cutoff
        h = tuple(h)
        for chosen in straight_choices(h):
            base = straights[sum(chosen)]
            if base >= best:
                continue
            if any(chosen):
                first, second, third = (value_choices(tuple(map(sub, h[v::3], chosen)))[1] for v in range(3))
            else:
                first, second, third = (value_choices(h[v::3])[1] for v in range(3))
            least3_t = min(t for t, _, _ in third)
            least3_k = min(k for _, k, _ in third)
            for t1, k1, masks1 in first:
                for t2, k2, masks2 in second:
                    t12, k12 = t1 + t2, k1 + k2
                    if base + trips[t12 + least3_t] + fours[k12 + least3_k] >= best:
                        continue
                    both = None
                    for t3, k3, masks3 in third:
                        cost = base + trips[t12 + t3] + fours[k12 + k3]
                        if cost >= best:
                            continue
                        if both is None:
                            both = {m1 & m2 for m1, _ in masks1 for m2, _ in masks2}
                        if any(not (m12 & m3) for m12 in both for m3, _ in masks3):
                            best = cost
        return best


# --------------------------------------------------------------------------- bids


@dataclass(frozen=True)
class Bid:
    """One bid worth showing on one pile (rocks as 15 counts)."""

    counts: tuple[int, ...]
    value: int
    size: int
    demerits: int  # the fewest demerits this round if the bid stands

    def sort_key(self) -> tuple:
        rocks = tuple(i for i in range(NKINDS) for _ in range(self.counts[i]))
        return (self.demerits, self.value, self.size, rocks)


def _bid_classes(garden: tuple[int, ...]) -> tuple[tuple[int, ...], dict]:
    """Every sub-multiset of the garden, grouped by (value, rock count).

    Returns ``(kinds, classes)``: the kinds the garden holds, and for each class the
    bids as counts of those kinds, one number per kind.
    """
    kinds = tuple(i for i in range(NKINDS) if garden[i])
    classes: dict[tuple[int, int], list[tuple[int, ...]]] = {(0, 0): [()]}
    for i in kinds:
        v = _VALUE[i]
        grown: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for (value, size), choices in classes.items():
            for n in range(garden[i] + 1):
                key = (value + n * v, size + n)
                extended = [choice + (n,) for choice in choices]
                slot = grown.get(key)
                if slot is None:
                    grown[key] = extended
                else:
                    slot.extend(extended)
        classes = grown
    return kinds, classes


def _full(kinds: tuple[int, ...], choice: tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * NKINDS
    for i, n in zip(kinds, choice):
        counts[i] = n
    return tuple(counts)


def _beats(standing: Rocks | None):
    """Which (value, rock count) classes undercut the standing bid."""
    if standing is None:
        return lambda value, size: True
    old_value = sum(n * _VALUE[i] for i, n in enumerate(standing.counts))
    old_size = len(standing)
    return lambda value, size: value < old_value or (value == old_value and size < old_size)


def _best_bids(garden: tuple[int, ...], grouped: tuple, pile: Pile, costs: _Costs) -> list[Bid]:
    """The bids no other legal bid on this pile dominates, best first (see the docstring)."""
    kinds, classes = grouped
    with_pile = tuple(g + p for g, p in zip(garden, pile.rocks.counts))
    first = costs.first
    # a lower bound for every garden after a trade on this pile: they all hold the pile,
    # and a set type absent from garden + pile is absent from all of them
    floor = _present_costs(pile.rocks.counts, first) and _present_costs(with_pile, first)
    legal = _beats(pile.bid)
    top_value = max(v for v, _ in classes) + 1
    top_size = max(n for _, n in classes) + 1
    inf = float("inf")
    # below[v + 1][n + 1]: the fewest demerits among the classes of value <= v, count <= n
    below = [[inf] * (top_size + 1) for _ in range(top_value + 1)]
    shown: list[Bid] = []
    for value in range(top_value):
        row, prev = below[value + 1], below[value]
        for size in range(top_size):
            threshold = min(prev[size + 1], row[size])  # the classes strictly below-left
            best_here = inf
            bids = classes.get((value, size))
            if bids and threshold > floor and legal(value, size):
                best_here, kept = _best_in_class(kinds, bids, with_pile, threshold, costs)
                shown.extend(Bid(_full(kinds, choice), value, size, best_here) for choice in kept)
            row[size + 1] = min(threshold, best_here)
    shown.sort(key=Bid.sort_key)
    return shown


def _best_in_class(kinds, bids, with_pile, threshold, costs: _Costs) -> tuple[float, list]:
    """(the fewest demerits in one class if below ``threshold``, else inf; its bids)."""
    first = costs.first
    best = threshold  # a bid must come below this, then tie the best found
    kept: list[tuple[int, ...]] = []
    pending = []
    for choice in bids:
        h = list(with_pile)
        for i, n in zip(kinds, choice):
            h[i] -= n
        bound = _present_costs(h, first)
        if not bound:
            if best > 0:
                best, kept = 0, []
            kept.append(choice)
        elif bound < best:
            pending.append((bound, choice, h))
    if best == 0:
        return 0, kept
    pending.sort(key=lambda item: item[0])
    for bound, choice, h in pending:
        if bound >= best and (bound > best or best == threshold):
            break  # neither below the threshold nor a tie with the best
        d = costs.fewest(h, best + 1 if best < threshold else threshold)
        if d < best:
            best, kept = d, [choice]
        elif d == best and d < threshold:
            kept.append(choice)
    if best >= threshold:
        return float("inf"), []
    return best, kept


def pile_bids(
    garden: Any, pile: Any, tops: Mapping | None = None, after_deck: str = "continue"
) -> list[Bid]:
    """The bids worth making on one pile (none dominated), best first."""
    mine = Rocks.parse(garden, "the garden")
    parsed = parse_pile(pile, 1)
    check_supply([("the garden", mine)] + _pile_parts([parsed]))
    costs = _Costs(tops or {}, after_deck)
    return _best_bids(mine.counts, _bid_classes(mine.counts), parsed, costs)


# --------------------------------------------------------------------------- passing


@dataclass(frozen=True)
class PassOutcome:
    """Passing, exactly: expected demerits (Pass card included) and the black-rock chance."""

    legal: bool
    expected_demerits: Fraction | None = None
    black_rock_chance: Fraction | None = None

    def to_json(self) -> dict:
        if not self.legal:
            return {"legal": False, "expected_demerits": None, "black_rock_chance": None}
        return {
            "legal": True,
            "expected_demerits": round(float(self.expected_demerits), ROUND_TO),
            "black_rock_chance": round(float(self.black_rock_chance), ROUND_TO),
        }


def _pass_value(garden: tuple[int, ...], bag: Rocks, costs: _Costs) -> tuple[Fraction, Fraction]:
    total = len(bag) + bag.black
    if not total:
        return Fraction(PASS_CARD + costs.fewest(garden)), Fraction(0)
    weighted = bag.black * costs.fewest(garden)
    for i, n in enumerate(bag.counts):
        if n:
            drawn = list(garden)
            drawn[i] += 1
            weighted += n * costs.fewest(tuple(drawn))
    return PASS_CARD + Fraction(weighted, total), Fraction(bag.black, total)


def pass_outcome(
    garden: Any, bag: Any, tops: Mapping | None = None, after_deck: str = "continue"
) -> PassOutcome:
    """What passing is expected to cost now (the caller knows passing is legal)."""
    mine = Rocks.parse(garden, "the garden")
    parsed = Rocks.parse(bag, "the bag", black_allowed=True)
    check_supply([("the garden", mine), ("the bag", parsed)])
    expected, chance = _pass_value(mine.counts, parsed, _Costs(tops or {}, after_deck))
    return PassOutcome(True, expected, chance)


# --------------------------------------------------------------------------- the whole answer


def _parted(garden: Rocks, bid: tuple[int, ...]) -> tuple[list[str], list[str]]:
    """The garden as listed, parted into the bid's rocks (the last copies of each) and
    the rocks it keeps, each in the garden's order."""
    want = list(bid)
    bid_rev: list[str] = []
    kept_rev: list[str] = []
    for name in reversed(garden.order):
        i = _INDEX[name]
        if want[i]:
            want[i] -= 1
            bid_rev.append(name)
        else:
            kept_rev.append(name)
    return bid_rev[::-1], kept_rev[::-1]


def _bid_answer(garden: Rocks, bid: Bid, pile: Pile) -> dict:
    """One bid of the answer: its rocks, value, demerits if it stands and what the garden
    keeps (less the bid, plus the pile: the garden's order, then the pile's)."""
    rocks, kept = _parted(garden, bid.counts)
    return {"rocks": rocks, "value": bid.value, "demerits_if_it_stands": bid.demerits,
            "rocks_kept": kept + list(pile.rocks.order)}


def advise_bid(
    garden: Any,
    piles: Sequence[Any],
    tops: Mapping | None = None,
    bag: Any = None,
    can_pass: bool = False,
    after_deck: str = "continue",
) -> dict:
    """Every pile's bids worth making and what passing costs, as plain JSON data.

    ``{"piles": [{"pile": 1, "bids": [{"rocks", "value", "demerits_if_it_stands",
    "rocks_kept"}, ...]}, ...], "pass": {"legal", "expected_demerits",
    "black_rock_chance"}}``. ``bag`` is needed only when ``can_pass``.
    """
    mine = Rocks.parse(garden, "the garden")
    parsed = [parse_pile(p, i) for i, p in enumerate(piles, start=1)]
    parts = [("the garden", mine)] + _pile_parts(parsed)
    if can_pass:
        if bag is None:
            raise IllegalAction("to weigh a pass, give the bag's rocks")
        open_piles = [i for i, p in enumerate(parsed, start=1) if p.bid is None]
        if open_piles:
            raise IllegalAction(f"passing is not legal while pile {open_piles[0]} has no bid")
    if bag is not None:
        bag_rocks = Rocks.parse(bag, "the bag", black_allowed=True)
        parts.append(("the bag", bag_rocks))
    check_supply(parts)
    costs = _Costs(tops or {}, after_deck)
    classes = _bid_classes(mine.counts)
    answer_piles = []
    for number, pile in enumerate(parsed, start=1):
        bids = _best_bids(mine.counts, classes, pile, costs)
        answer_piles.append({"pile": number, "bids": [_bid_answer(mine, b, pile) for b in bids]})
    if can_pass:
        expected, chance = _pass_value(mine.counts, bag_rocks, costs)
        passing = PassOutcome(True, expected, chance)
    else:
        passing = PassOutcome(False)
    return {"piles": answer_piles, "pass": passing.to_json()}


__all__ = [
    "Bid",
    "PassOutcome",
    "Pile",
    "Rocks",
    "advise_bid",
    "pass_outcome",
    "pile_bids",
    "rest_of_bag",
]
