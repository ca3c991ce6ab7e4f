"""``companion strata tribute`` and ``companion strata score``: Four Big Strata calculators.

Both are thin shells over the engine's pure functions
(:func:`engine.strata.tribute.tribute_transfers`, :func:`engine.strata.scoring.best_assignment`
and :func:`engine.strata.scoring.rank`), so the app and the command line agree.
Bad input raises :class:`companion.games.UsageError` (one line on stderr, exit status 2).
"""

from __future__ import annotations

import json
import re

from companion.games import calculator, calculators, option, usage
from engine.errors import IllegalAction
from engine.strata.cards import CLASSES, parse_class
from engine.strata.scoring import best_assignment, places, rank
from engine.strata.tribute import DEFAULT_RATE, tribute_transfers

MIN_PLAYERS, MAX_PLAYERS = 2, 7


def register(subparsers) -> None:
    commands = calculators(subparsers, "strata", "Four Big Strata calculators")

    calculator(
        commands, "tribute", run_tribute, "who takes how many resources from whom in the Tribute phase",
        option("--influence", required=True, metavar="NAME=N,...",
               help='Influence per player, seats clockwise: "Ann=12,Bo=3,Cy=7,Di=0"'),
        option("--start", required=True, metavar="NAME", help="the start player"),
        option("--per", type=int, default=DEFAULT_RATE, metavar="N",
               help=f"Influence per resource (default {DEFAULT_RATE})"))
    calculator(
        commands, "score", run_score, "best placing of Empress / any-class points and the final ranking",
        option("--player", action="append", required=True, metavar="SPEC",
               help='"Guo: scholars=7 peasants=8 merchants=7 artisans=10 flex=3,2"'),
        option("--missing-zero", action="store_true",
               help="a class not given counts 0 (without it, a missing class is an error)"))





# -- tribute -----------------------------------------------------------------------

def parse_influence(text: str) -> list[tuple[str, int]]:
    """``"Ann=12,Bo=3"`` -> ``[("Ann", 12), ("Bo", 3)]`` (seat order kept)."""
    pairs = []
    for part in text.split(","):
        if not part.strip():
            raise usage(f"--influence: empty entry in '{text}'; write NAME=N,NAME=N")
        name, sep, value = part.partition("=")
        name = name.strip()
        if not sep or not name:
            raise usage(f"--influence: '{part.strip()}' should look like NAME=N")
        value = value.strip()
        if not re.fullmatch(r"\d+", value):
            raise usage(f"--influence: {name}'s Influence '{value}' is not a whole number, 0 or more")
        pairs.append((name, int(value)))
    _check_names([n for n, _ in pairs], "--influence")
    return pairs


def _check_names(names: list[str], option: str, least: int = MIN_PLAYERS) -> None:
    seen = set()
    for name in names:
        if name.casefold() in seen:
            raise usage(f"{option}: the name '{name}' appears twice")
        seen.add(name.casefold())
    if not least <= len(names) <= MAX_PLAYERS:
        raise usage(f"Four Big Strata is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                     f"not {len(names)}")


def run_tribute(args) -> int:
    """Transfers in processing order, taker by taker: the takers in seat order
    (clockwise) from the start player; each taker takes floor(difference / N) from every
    player with less Influence, those payers in seat order (clockwise) from the taker.
    Counts of 0 are left out. At the table the transfers are made in this order, so what
    a player received earlier can pay what they owe later."""
    pairs = parse_influence(args.influence)
    names = [n for n, _ in pairs]
    start = args.start.strip()
    exact = [i for i, n in enumerate(names) if n == start]
    folded = [i for i, n in enumerate(names) if n.casefold() == start.casefold()]
    index = (exact or folded or [None])[0]
    if index is None:
        raise usage(f"--start: '{start}' is not one of {', '.join(names)}")
    if args.per < 1:
        raise usage(f"--per: the rate is a whole number, 1 or more, not {args.per}")
    transfers = tribute_transfers([v for _, v in pairs], index, args.per)
    rows = [{"from": names[t["from"]], "to": names[t["to"]], "count": t["count"]}
            for t in transfers]
    if args.json:
        print(json.dumps({"transfers": rows}))
        return 0
    if not rows:
        print(f"No tribute: no player has {args.per} or more Influence than another.")
        return 0
    print(f"Tribute at {args.per} Influence per resource, takers from {names[index]} clockwise:")
    for row in rows:
        plural = "s" if row["count"] != 1 else ""
        print(f"{row['to']} takes {row['count']} resource{plural} from {row['from']}")
    return 0


# -- score -------------------------------------------------------------------------

def parse_player(text: str, missing_zero: bool = False) -> dict:
    """``"Guo: scholars=7 peasants=8 merchants=7 artisans=10 flex=3,2"`` ->
    ``{"name", "classes", "flex"}``. All four classes are required (``missing_zero``: a
    class not given counts 0); flex is optional."""
    name, sep, rest = text.partition(":")
    name = name.strip()
    if not sep or not name:
        raise usage(f"--player: '{text}' should start with a name and a colon, like "
                     "\"Guo: scholars=7 peasants=8 artisans=10 merchants=7 flex=3,2\"")
    classes: dict[str, int] = {}
    flex: list[int] | None = None
    for token in rest.split():
        key, eq, value = token.partition("=")
        if not eq:
            raise usage(f"--player {name}: '{token}' should look like class=N or flex=N,N")
        key = key.strip().lower()
        if key == "flex":
            if flex is not None:
                raise usage(f"--player {name}: flex is given twice")
            flex = _flex(name, value)
        else:
            cls, points = _class_points(name, key, value, classes)
            classes[cls] = points
    missing = [cls for cls in CLASSES if cls not in classes]
    if missing and not missing_zero:
        raise usage(f"--player {name}: {', '.join(missing)} not given; give all four classes "
                     "(or --missing-zero to count a missing class as 0)")
    for cls in missing:
        classes[cls] = 0  # a class not given has no cards: 0 points
    return {"name": name, "classes": {c: classes[c] for c in CLASSES}, "flex": flex or []}


def _flex(name: str, value: str) -> list[int]:
    """``3,2`` -> [3, 2]: the flexible points, each 1 or more."""
    parts = value.split(",")
    if not all(re.fullmatch(r"\d+", p.strip()) and int(p) >= 1 for p in parts):
        raise usage(f"--player {name}: flex '{value}' should be points of 1 or more, "
                     "separated by commas, like flex=3,2")
    return [int(p) for p in parts]


def _class_points(name: str, key: str, value: str, given: dict) -> tuple[str, int]:
    """``scholars``, ``7`` -> ("scholars", 7), a class not ``given`` yet."""
    try:
        cls = parse_class(key)
    except IllegalAction:
        raise usage(f"--player {name}: '{key}' is not a class; use scholars, peasants, "
                     "artisans, merchants and flex") from None
    if cls in given:
        raise usage(f"--player {name}: {cls} is given twice")
    if not re.fullmatch(r"\d+", value.strip()):
        raise usage(f"--player {name}: {cls} '{value}' is not a whole number, 0 or more")
    return cls, int(value)


def score_players(specs: list[dict]) -> list[dict]:
    """Best assignment per player, then the ranking (best first, ties keep input order)."""
    scored = []
    for spec in specs:
        best = best_assignment(spec["classes"], spec["flex"])
        scored.append({
            "name": spec["name"],
            "classes": {c: best["classes"][c] for c in CLASSES},
            "score": best["score"],
            "assignment": best["assignment"],
        })
    return rank(scored)


def run_score(args) -> int:
    """One --player per player (1 to 7: one player's display is scored alone), each with
    all four classes and optionally flex points (Empresses, "2 points to any one
    class")."""
    specs = [parse_player(p, args.missing_zero) for p in args.player]
    _check_names([s["name"] for s in specs], "--player", least=1)  # one display scores too
    ranking = score_players(specs)
    if args.json:
        print(json.dumps({"ranking": ranking}))
        return 0
    for player in ranking:
        classes = ", ".join(f"{c} {player['classes'][c]}" for c in CLASSES)
        print(f"{player['name']}: {classes}; score {player['score']}")
        if player["assignment"]:
            placed = ", ".join(f"{a['points']} -> {a['class']}" for a in player["assignment"])
            print(f"  best placing: {placed}")
    print("Ranking:")
    for place, player in zip(places(ranking), ranking):
        vector = ", ".join(str(v) for v in sorted(player["classes"].values()))
        print(f"{place}. {player['name']}: {player['score']} (classes lowest first: {vector})")
    return 0
