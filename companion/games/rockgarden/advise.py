"""``companion advise``: the Rock Garden turn-in advisor on the command line.

    companion advise --garden "R1 R2 G2 Y2 B2 R3 R3 R3" \\
        [--tops trips=1,foursome=1,straight=1] [--after-deck continue|ten] [--json]

Prints every distinct outcome (demerits, cards, rocks kept), best first, each with a
legal turn-in plan, then every other plan that reaches the same outcome keeping other
rocks ("or: ..."), as the phone lists them (:func:`engine.rockgarden.advisor.outcomes`;
``--json``: each outcome's ``alternatives``, its own plan first). Rocks are listed in the order the garden was typed: what stays is the
garden as given with the turned-in rocks taken out, and each set lists its rocks in the
order they first appear in the garden (so "R1 R2 G2 Y2 B2 R3 R3 R3" keeps
G2 Y2 B2 R3 R3 after the Straight Flush R1 R2 R3). Bad input
(a bad rock, a 6th copy, a bad deck top or setting) is one line on stderr, exit 2.
Imports no Flet: it must start fast and work without a display.
"""

from __future__ import annotations

import json

from companion.games import UsageError
from engine.rockgarden.advisor import DEFAULT_TOPS, Plan, outcomes
from engine.rockgarden.rocks import fmt, parse_rock, parse_rocks
from engine.rockgarden.sets import AFTER_DECK, SET_NAMES, SET_TITLES

TOPS_HELP = "deck tops: the value of the next card of each deck, e.g. trips=1,foursome=3,straight=2 (missing decks: 1; above 10: the deck is empty)"


COMMANDS = {
    "advise": ("Rock Garden: which forbidden sets to turn in (every outcome, best first)",
               "Rock Garden turn-in advisor: every distinct outcome, best first, each with a legal "
               "plan and every other plan reaching it that keeps other rocks.",
               'the rocks in the garden, e.g. "R1 R2 G2 Y2 B2 R3 R3 R3"'),
    "advise-bid": ("Rock Garden: which pile to bid on, with which rocks, or whether to pass",
                   "Rock Garden bid advice: for each pile the bids worth making (fewest demerits "
                   "if the bid stands, lowest value, most rocks kept), best first, and what "
                   "passing costs.",
                   'your rocks, e.g. "R1 R2 G3 B3"'),
}
"""Rock Garden's advice commands: their help, description and the garden's help."""


def register(subparsers) -> None:
    parser = advice_parser(subparsers, "advise")
    parser.add_argument("--tops", default="", help=TOPS_HELP)
    add_after_deck(parser)
    parser.add_argument("--json", action="store_true", help="print the plans as JSON")
    parser.set_defaults(run=run)


def advice_parser(subparsers, name: str):
    """A Rock Garden advice command's parser (:data:`COMMANDS`): its words and the garden
    it advises on (``advise`` and ``advise-bid`` both start so)."""
    help, description, garden = COMMANDS[name]
    parser = subparsers.add_parser(name, help=help, description=description)
    parser.add_argument("--garden", required=True, help=garden)
    return parser


def add_after_deck(parser) -> None:
    """The ``--after-deck`` option: what a set costs once its deck is empty."""
    parser.add_argument(
        "--after-deck", default="continue",
        help="what a set costs once its deck is empty: continue (11, 12, ...) or ten (10 each); default continue",
    )


def parse_tops(text: str) -> dict[str, int]:
    """``"trips=1,straight=9"`` -> all three deck tops (missing ones at 1)."""
    tops = dict(DEFAULT_TOPS)
    seen: set[str] = set()
    for item in text.replace(" ", "").split(","):
        if not item:
            continue
        name, sep, value = item.partition("=")
        name = name.lower()
        if not sep:
            raise UsageError(f"--tops: '{item}' is not deck=value (decks: {', '.join(SET_NAMES)})")
        if name not in tops:
            raise UsageError(f"--tops: '{name}' is not a deck; the decks are {', '.join(SET_NAMES)}")
        if name in seen:
            raise UsageError(f"--tops: {name} is given twice")
        if not value.isdigit() or int(value) < 1:
            raise UsageError(f"--tops: {name}={value}: a deck top is a whole number, 1 or more")
        seen.add(name)
        tops[name] = int(value)
    return tops


class GardenOrder:
    """Lists rocks the way the player typed their garden (upper case)."""

    def __init__(self, text: str):
        self.tokens = [fmt(parse_rock(t)) for t in text.replace(",", " ").split()]
        self.first = {}
        for index, token in enumerate(self.tokens):
            self.first.setdefault(token, index)

    def set_rocks(self, rocks: list[str]) -> list[str]:
        return sorted(rocks, key=lambda r: self.first.get(r, len(self.tokens)))

    def left(self, rocks: list[str]) -> list[str]:
        """The garden as typed, keeping the earliest copies of each rock that stays."""
        wanted: dict[str, int] = {}
        for rock in rocks:
            wanted[rock] = wanted.get(rock, 0) + 1
        kept = []
        for token in self.tokens:
            if wanted.get(token, 0) > 0:
                kept.append(token)
                wanted[token] -= 1
        return kept

    def plan_json(self, plan: Plan) -> dict:
        data = plan.to_json()
        for step in data["turn_ins"]:
            if step["set"] != "straight":  # a Straight Flush always reads I, II, III
                step["rocks"] = self.set_rocks(step["rocks"])
        data["rocks_left"] = self.left(data["rocks_left"])
        return data


def describe_plan(rank: int, plan: dict) -> str:
    """The lines a player can read: outcome, the turn-ins in order, what stays; then
    each other plan of the same outcome ("   or: ...")."""
    demerits = f"{plan['demerits']} demerit{'' if plan['demerits'] == 1 else 's'}"
    cards = "no cards" if plan["cards"] == 0 else f"{plan['cards']} card{'' if plan['cards'] == 1 else 's'}"
    lines = [f"{rank}. {demerits}, {cards}: {_way_words(plan)}"]
    for way in plan.get("alternatives", [])[1:]:
        lines.append(f"   or: {_way_words(way)}")
    return "\n".join(lines)


def _way_words(way: dict) -> str:
    """``Straight Flush R1 R2 R3 (card 1); keep 5 rocks: G2 Y2 B2 R3 R3``."""
    if way["turn_ins"]:
        steps = ", ".join(
            f"{SET_TITLES[step['set']]} {' '.join(step['rocks'])} (card {step['card']})" for step in way["turn_ins"]
        )
    else:
        steps = "nothing to turn in"
    rocks = way["rocks_left"]
    if rocks:
        keep = f"keep {len(rocks)} rock{'' if len(rocks) == 1 else 's'}: {' '.join(rocks)}"
    else:
        keep = "keep no rocks"
    return f"{steps}; {keep}"


def run(args) -> int:
    garden = parse_rocks(args.garden)
    tops = parse_tops(args.tops)
    if args.after_deck not in AFTER_DECK:
        raise UsageError(f"--after-deck: '{args.after_deck}' is not a choice; choose {' or '.join(AFTER_DECK)}")
    order = GardenOrder(args.garden)
    plans = []
    for plan, ways in outcomes(garden, tops, args.after_deck):
        data = order.plan_json(plan)
        data["alternatives"] = [{k: w[k] for k in ("turn_ins", "rocks_left")}
                                for w in map(order.plan_json, ways)]
        plans.append(data)
    if args.json:
        print(json.dumps({"plans": plans}))
    else:
        for rank, plan in enumerate(plans, start=1):
            print(describe_plan(rank, plan))
    return 0
