"""``companion advise-bid``: Rock Garden bid advice on the command line.

    companion advise-bid --garden "R1 R2 G3 B3" --pile "Y1 Y2 W3" --pile "B1 B2 G2 / R1" \\
        [--pile ...] [--tops trips=1,foursome=1,straight=1] [--bag "..." | --bag-rest] \\
        [--can-pass] [--after-deck continue|ten] [--json]

For each pile (in the order given, numbered from 1): the bids from the garden worth
making (no other legal bid has fewer demerits if it stands, a lower value and more rocks
kept, one of them strictly), best first; and what passing is expected to cost when it is
legal (``--can-pass``). A thin shell over :func:`engine.rockgarden.bid_advice.advise_bid`.

Input
    ``--pile "ROCKS / BID"``: the pile's rocks, then after ``/`` the rocks of its standing
    bid; no ``/``: no bid yet; ``/`` with nothing after it: a standing bid of no rocks.
    ``--bag``: the bag's rocks, ``K`` for the black rock. ``--bag-rest`` (the default): every
    rock of the 75 not in the garden, the piles or the bids given (the other gardens are
    not known here, so their rocks count as in the bag), without the black rock: it goes
    into the bag only after the last space of the round tracker; to count it, list the bag
    with ``--bag ... K``. ``--can-pass`` is refused while a pile has no bid (the rules).

Output
    Rocks are listed in the order the garden and the piles were typed (upper case).
    ``--json``: ``{"piles": [{"pile": 1, "bids": [{"rocks", "value",
    "demerits_if_it_stands", "rocks_kept"}, ...]}, ...], "pass": {"legal",
    "expected_demerits", "black_rock_chance"}}`` with the two numbers rounded to 4
    decimals, and ``null`` when passing is not legal. Bad input: one line on stderr, exit
    status 2. Imports no Flet.
"""

from __future__ import annotations

import json

from companion.games import UsageError


from companion.games.rockgarden.advise import TOPS_HELP, add_after_deck, advice_parser, parse_tops
from engine.words import plural
from engine.rockgarden import bid_advice
from engine.rockgarden.sets import AFTER_DECK

NOW = "deck tops as they are now: the players before you in the turn-in order may move them"


def register(subparsers) -> None:
    parser = advice_parser(subparsers, "advise-bid")
    parser.add_argument(
        "--pile", action="append", required=True, metavar="ROCKS[/BID]",
        help='a pile, in board order: its rocks, then after "/" its standing bid, e.g. "B1 B2 G2 / R1" '
        '("/" alone: a standing bid of no rocks); repeat for each pile',
    )
    parser.add_argument("--tops", default="", help=TOPS_HELP + "; the tops you face now")
    bag = parser.add_mutually_exclusive_group()
    bag.add_argument("--bag", default=None, help='the rocks in the bag ("K": the black rock)')
    bag.add_argument(
        "--bag-rest", action="store_true",
        help="the bag is every rock not in the garden, the piles or the bids given, "
        "without the black rock (the default)",
    )
    parser.add_argument("--can-pass", action="store_true",
                        help="passing is legal now (every pile has a bid): weigh it")
    add_after_deck(parser)
    parser.add_argument("--json", action="store_true", help="print the advice as JSON")
    parser.set_defaults(run=run)


def parse_pile(text: str, number: int) -> dict:
    """``"B1 B2 G2 / R1"`` -> ``{"rocks": ["B1", "B2", "G2"], "bid": ["R1"]}``."""
    rocks, slash, bid = text.partition("/")
    if "/" in bid:
        raise UsageError(f"--pile {number}: one '/' at most, between the pile's rocks and its standing bid")
    pile = rocks.replace(",", " ").split()
    if not pile:
        raise UsageError(f"--pile {number}: a pile has at least one rock, e.g. \"Y1 Y2 W3\"")
    return {"rocks": pile, "bid": bid.replace(",", " ").split() if slash else None}



def _describe_pile(pile: dict, given: dict) -> list[str]:
    rocks = " ".join(given["rocks"]).upper()
    if given["bid"] is None:
        standing = "no bid yet"
    elif not given["bid"]:
        standing = "a standing bid of no rocks"
    else:
        standing = f"standing bid {' '.join(given['bid']).upper()}"
    lines = [f"Pile {pile['pile']}: {rocks} ({standing})"]
    if not pile["bids"]:
        lines.append("  no legal bid: a bid of no rocks cannot be undercut")
    for rank, bid in enumerate(pile["bids"], start=1):
        offer = " ".join(bid["rocks"]) if bid["rocks"] else "no rocks"
        d = bid["demerits_if_it_stands"]
        outcome = "no demerit" if d == 0 else plural(d, "demerit")
        kept = bid["rocks_kept"]
        lines.append(
            f"  {rank}. bid {offer} ({bid['value']}): {outcome} if it stands; "
            f"keep {plural(len(kept), 'rock')}: {' '.join(kept) if kept else 'none'}"
        )
    return lines


def _describe_pass(passing: dict) -> str:
    if not passing["legal"]:
        return "Pass: not legal now"
    return (
        f"Pass: {passing['expected_demerits']:.2f} demerits expected (the Pass card and the best "
        f"turn-in after drawing a rock); black rock {100 * passing['black_rock_chance']:.1f}%"
    )


def run(args) -> int:
    piles = [parse_pile(text, number) for number, text in enumerate(args.pile, start=1)]
    tops = parse_tops(args.tops)
    if args.after_deck not in AFTER_DECK:
        raise UsageError(f"--after-deck: '{args.after_deck}' is not a choice; choose {' or '.join(AFTER_DECK)}")
    garden = args.garden.replace(",", " ").split()
    if args.bag is not None:
        bag = args.bag.replace(",", " ").split()
    else:
        bag = bid_advice.rest_of_bag(garden, piles, black=False)
    advice = bid_advice.advise_bid(garden, piles, tops, bag, args.can_pass, args.after_deck)
    if args.json:
        print(json.dumps(advice))
        return 0
    print(f"Trips {tops['trips']}, Foursome {tops['foursome']}, Straight Flush {tops['straight']}: {NOW}")
    for pile, given in zip(advice["piles"], piles):
        print("\n".join(_describe_pile(pile, given)))
    print(_describe_pass(advice["pass"]))
    return 0
