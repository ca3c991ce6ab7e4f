"""``companion``: the home of the server and the calculators.

Startup stays light: each sub-command lives in its own module under
``companion.cli.commands`` and imports heavy things (Flet) only when it runs.
Bad input: one clear line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys

from engine.errors import IllegalAction
from engine.registry import game_ids
from companion.games import UsageError, screens_of

# the table's own commands under companion.cli.commands (each has register(subparsers)); each
# game's screen package declares its own (companion/games/<game>/__init__.py)
TABLE_COMMANDS = ("serve", "tables", "backup", "plays")


class _Parser(argparse.ArgumentParser):
    """``argparse`` that says a usage error in one line (status 2)."""

    def error(self, message: str) -> None:  # one line, status 2
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion", description="Table Companion: a phone companion for board games.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in TABLE_COMMANDS:
        importlib.import_module(f"companion.cli.commands.{name}").register(subparsers)
    for game_id in game_ids():
        for module in screens_of(game_id).command_modules():
            module.register(subparsers)
    return parser


NEGATIVE_VALUE = re.compile(r"^-\.?\d")
"""A word that begins with a minus and a digit: a value (a Pai Sho point at a negative x),
never one of our options."""


def values_joined(argv: list[str]) -> list[str]:
    """``--option -4,...`` written ``--option=-4,...``: stock ``argparse`` (before Python
    3.14) takes a value that begins with a minus for an unknown option, so one Pai Sho tile
    at a negative x could only be given with ``=``. No option of ours is a minus and a
    digit, so such a word after an option is always that option's value."""
    joined: list[str] = []
    for word in argv:
        if (joined and NEGATIVE_VALUE.match(word) and joined[-1].startswith("--")
                and "=" not in joined[-1]):
            joined[-1] = f"{joined[-1]}={word}"
        else:
            joined.append(word)
    return joined


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(values_joined(sys.argv[1:] if argv is None else list(argv)))
        if not getattr(args, "run", None):
            parser.print_help()
            return 0
        return int(args.run(args) or 0)
    except (UsageError, IllegalAction) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
