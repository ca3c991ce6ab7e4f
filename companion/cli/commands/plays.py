"""``companion plays`` and ``companion stats``: the plays kept in the data folder and
their statistics, from a shell. Both read the book of plays only (never a table's log)
and start without the web app."""

from __future__ import annotations

import csv
import json
import sys

from engine.registry import game_ids
from companion.cli.commands.common import add_data_arg, data_dir

CSV_COLUMNS = ("table", "game", "ended", "minutes", "seat", "name", "score", "winner")


def register(subparsers) -> None:
    plays = subparsers.add_parser("plays", help="list the plays, newest first")
    _add_filters(plays)
    shape = plays.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print JSON")
    shape.add_argument("--csv", action="store_true", help="print CSV, one row per person per play")
    plays.set_defaults(run=run_plays)

    stats = subparsers.add_parser("stats", help="statistics of the people and the games")
    _add_filters(stats)
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(run=run_stats)


def _add_filters(parser) -> None:
    add_data_arg(parser)
    parser.add_argument("--game", metavar="ID", default=None, help=f"one game: {', '.join(game_ids())}")
    parser.add_argument("--person", metavar="NAME", default=None, help="the plays of one person")


def chosen_plays(args) -> tuple[list[dict], str | None]:
    """(the plays the filters choose, newest first; the person asked for, None: anyone);
    UsageError for a folder that is no data folder, an unknown game or person."""
    from storage import StorageError
    from storage.plays import PlayBook, plays_of

    from companion.cli import UsageError

    folder = data_dir(args.data)
    if not any((folder / part).is_dir() for part in ("tables", "plays")):
        raise UsageError(f"--data {folder}: not a data folder (it holds no tables)")
    if args.game is not None and args.game not in game_ids():
        raise UsageError(f"--game {args.game}: no such game (the games: {', '.join(game_ids())})")
    try:
        book = PlayBook(folder)
    except StorageError as exc:
        raise UsageError(f"--data {folder}: {exc}") from None
    try:
        person = None
        if args.person is not None:
            person = book.find(args.person)
            if person is None:
                raise UsageError(f"--person {args.person}: nobody of that name has played here")
        return plays_of(book.plays(), args.game, person), person
    finally:
        book.close()


def listed(play: dict) -> dict:
    return {"table": play["table"], "game": play["game"], "ended": play["ended"],
            "minutes": play["minutes"],
            "people": [{"seat": s["seat"], "name": s["name"], "score": s["score"],
                        "winner": bool(s["winner"])} for s in play["people"]]}


def run_plays(args) -> int:
    plays = [listed(play) for play in chosen_plays(args)[0]]
    if args.json:
        print(json.dumps({"plays": plays}))
    elif args.csv:
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(CSV_COLUMNS)
        for play in plays:
            for seat in play["people"]:
                out.writerow([play["table"], play["game"], play["ended"], play["minutes"], seat["seat"],
                              seat["name"], "" if seat["score"] is None else seat["score"],
                              "true" if seat["winner"] else "false"])
    else:
        _print_plays(plays)
    return 0


def _print_plays(plays: list[dict]) -> None:
    from companion.cli.commands.tables import shown

    if not plays:
        print("No plays yet.")
    for play in plays:
        people = ", ".join(f"{shown(s['name'])}{'' if s['score'] is None else ' ' + str(s['score'])}"
                           f"{' (won)' if s['winner'] else ''}" for s in play["people"])
        print(f"{play['ended'][:16]}  {play['table']}  {play['game']}  {play['minutes']} min  {people}")


def stats_of(plays: list[dict], person: str | None) -> dict:
    """The statistics in the command's JSON shape (``person``: only that person listed)."""
    from engine.plays.stats import statistics

    counted = statistics(plays)
    names = {s["person"]: s["name"] for play in plays for s in play["people"]}
    people = [{"name": names[key], "plays": one["plays"], "wins": one["wins"], "win_rate": one["win_rate"],
               "games": {game: {k: g[k] for k in ("plays", "wins", "average", "best", "worst")}
                         for game, g in one["games"].items()}}
              for key, one in counted["people"].items() if person is None or key == person]
    people.sort(key=lambda p: (-p["wins"], -p["plays"], p["name"].casefold()))
    games = [{"game": game, "plays": g["plays"], "wins_by_seat": g["wins_by_seat"],
              "average_winning_score": g["average_winning_score"]} for game, g in counted["games"].items()]
    games.sort(key=lambda g: (-g["plays"], g["game"]))
    return {"people": people, "games": games}


def run_stats(args) -> int:
    out = stats_of(*chosen_plays(args))
    if args.json:
        print(json.dumps(out))
        return 0
    if not out["people"]:
        print("No plays yet.")
    for one in out["people"]:
        print(f"{one['name']}: {one['plays']} plays, {one['wins']} wins ({one['win_rate']:.0%})")
    for game in out["games"]:
        print(f"{game['game']}: {game['plays']} plays, wins by seat {game['wins_by_seat']}")
    return 0
