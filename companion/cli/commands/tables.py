"""``companion new`` and ``companion tables``: prepare and list tables from a shell."""

from __future__ import annotations

import json

from engine.registry import game_ids
from companion.cli.commands.common import add_data_arg, open_tables
from companion.ui.words import move_words


def register(subparsers) -> None:
    new = subparsers.add_parser("new", help="create a table")
    new.add_argument("game", metavar="GAME", help=f"game id: {', '.join(game_ids())}")
    new.add_argument("--players", required=True, help='names in seat order, e.g. "Ann,Bo,Cy"')
    new.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                     help="a game setting (repeatable), e.g. --set secret=true")
    add_data_arg(new)
    new.add_argument("--json", action="store_true", help="print JSON")
    new.set_defaults(run=run_new)

    tables = subparsers.add_parser("tables", help="list the tables")
    add_data_arg(tables)
    tables.add_argument("--json", action="store_true", help="print JSON")
    tables.set_defaults(run=run_tables)


def parse_settings(pairs: list[str]) -> dict:
    from companion.cli import UsageError

    settings = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set {pair}: write KEY=VALUE")
        settings[key.strip()] = value.strip()
    return settings


def run_new(args) -> int:
    players = [p for p in args.players.split(",")]
    hub = open_tables(args.data).create(args.game, players, parse_settings(args.set))
    if args.json:
        print(json.dumps({"code": hub.code, "game": hub.game.id, "players": list(hub.spec.players)}))
    else:
        print(f"{hub.game.title} table {hub.code} for {', '.join(hub.spec.players)}")
    return 0


def shown(text) -> str:
    """Text from a table file, safe for a terminal: control and invisible characters
    (ANSI escapes, zero-width ...) are written as escapes, never printed raw."""
    from engine.schema import bad_characters

    text = str(text)
    if not bad_characters(text):
        return text
    return "".join(ch if not bad_characters(ch) else ascii(ch)[1:-1] for ch in text)


def run_tables(args) -> int:
    records = open_tables(args.data).list()
    if args.json:  # JSON escapes every control character itself
        out = []
        for r in records:
            spec = r.spec or {}
            out.append({"code": r.code, "game": spec.get("game"), "players": spec.get("players", []),
                        "revision": r.revision, "moves": r.moves, "status": r.status,
                        "created": r.created, "updated": r.updated, "error": r.error})
        print(json.dumps({"tables": out}))
        return 0
    if not records:
        print("No tables yet.")
    for r in records:
        if r.error:
            print(f"{r.code}  cannot be read: {shown(r.error)}")
            continue
        spec = r.spec or {}
        players = ", ".join(shown(p) for p in spec.get("players", []))
        print(f"{r.code}  {shown(spec.get('game'))}  {players}  {move_words(r.moves)}  {r.status}")
    return 0
