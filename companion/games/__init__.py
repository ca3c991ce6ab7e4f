"""Each game's screens: a package ``companion/games/<game>/`` whose ``__init__`` declares
its parts in one :class:`GameScreens` object, ``SCREENS`` (as an engine package declares
``GAME``). The registry line names the package; the frame and the CLI read the parts
from :func:`screens_of`, never by file name.

Parts are named ``"module:attribute"`` inside the package and imported on first use, so
the command line reads a game's ``commands`` without loading Flet.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class GameScreens:
    """What a game shows and adds above its rules.

    ``phone``: the component a seat's phone (or the host entering for a seat) draws;
    ``table``: the host's shared table screen on a wide display (None: the phone screen);
    ``turn_words``: ``turn_words(screen) -> str | None``, what the turn banner says;
    ``decision``: ``decision(screen, seat) -> str | None``, what ``seat`` decides now, in
    words read from the public view only ("bid on a pile or pass"): pass-and-play says it on
    the shared screen while the device is handed over;
    ``commands``: modules each with ``register(subparsers)`` (the game's CLI sub-commands).
    """

    package: str
    phone: str
    table: str | None = None
    turn_words: str | None = None
    decision: str | None = None
    commands: tuple[str, ...] = ()

    def load(self, ref: str) -> Any:
        module, _, name = ref.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), name)

    def phone_screen(self) -> Callable:
        return self.load(self.phone)

    def table_screen(self) -> Callable | None:
        return None if self.table is None else self.load(self.table)

    def turn_words_of(self) -> Callable[[dict], str | None] | None:
        return None if self.turn_words is None else self.load(self.turn_words)

    def decision_of(self) -> Callable[[dict, int], str | None] | None:
        return None if self.decision is None else self.load(self.decision)

    def command_modules(self) -> list[Any]:
        return [importlib.import_module(f"{self.package}.{name}") for name in self.commands]


SCREEN_PACKAGES: dict[str, str] = {game_id: f"{__name__}.{game_id}" for game_id in
                                   ("scorepad", "rockgarden", "strata", "bluffstones", "paisho")}
"""Each registered game's screen package, by game id (the engine's registry lists the
rules; a new game adds its line here too)."""


def screens_of(game_id: str) -> GameScreens:
    """The declared screens of a registered game (an unknown id: ``IllegalAction``)."""
    from engine.registry import entry_of

    return importlib.import_module(SCREEN_PACKAGES[entry_of(game_id).id]).SCREENS


# -- a game's command-line calculators ---------------------------------------------------

class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2. Declared here,
    below the command line, so that a game's calculators raise it without importing the
    command line that loads them."""


def calculators(subparsers, command: str, help: str):
    """A game's command (given no calculator: its help) and where its calculators go."""
    parser = subparsers.add_parser(command, help=help)
    parser.set_defaults(run=lambda args: show_help(parser))
    return parser.add_subparsers(dest=f"{command}_command", metavar="CALCULATOR")


def calculator(commands, name: str, run: Callable, help: str, *options: tuple):
    """One calculator of a game's command: its options (each made by :func:`option`), then
    ``--json``; ``run(args)`` answers it, and its docstring is the calculator's description
    in ``--help``."""
    parser = commands.add_parser(name, help=help, description=inspect.getdoc(run))
    for flags, settings in options:
        parser.add_argument(*flags, **settings)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)
    return parser


def option(*flags: str, **settings) -> tuple:
    """A calculator's option, as ``argparse``'s ``add_argument`` takes it."""
    return flags, settings


def show_help(parser) -> int:
    """A game's command given no calculator: its help, status 0."""
    parser.print_help()
    return 0


def usage(message: str) -> Exception:
    """Bad input to a game's calculator: one line on stderr, exit status 2."""
    return UsageError(message)
