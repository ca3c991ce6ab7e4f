"""The small interface every game plugs into.

A game is a plain object of pure functions over a state of plain JSON data (dicts,
lists, text, whole numbers, booleans, None: one state style for every game, so any state
can be copied, compared and kept as a snapshot the same way). It declares:

- ``moves``: its move table (:mod:`engine.moves`), each move with its handler and flags;
- ``setup(players, settings)``: the first state;
- ``phase(state)``, ``to_act(state)``, ``is_over(state)``: what the table model needs
  to check who may move now;
- ``public(state)``: what everyone may see; ``private(state, seat)``: what only that seat
  may see; ``result(state)``: the final ranking once over;
- each move's words (:attr:`engine.moves.Move.words`), beside its declaration: what it
  says in the history and tells the seats it concerns; :meth:`Game.say` is the one
  dispatch the table asks. It is total: it never raises, whatever the action.

The table model (:mod:`engine.table`) does everything else once for every game: the
seat and host rules, phases, payload schemas, the copy, undo, the view envelope.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.moves import Move, Said, said
from engine.schema import bad_characters

SETTING_TEXT_MAX = 60


@dataclass(frozen=True)
class Action:
    """One thing that happened at the table, for ``seat`` (None: the table itself).

    ``payload`` is JSON-safe data ("drew R2"): the dice and the bag are on the real
    table, so actions carry outcomes, never requests for randomness.
    """

    seat: int | None
    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.payload.get(key, default)


@dataclass(frozen=True)
class Setting:
    """A per-table option, shown on the create-table form and the rules screen."""

    key: str
    label: str
    default: Any
    kind: str = "int"  # "int" | "choice" | "text" | "bool"
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    def coerce(self, value: Any) -> Any:
        """Turn user input (often text) into this setting's value, or refuse in words."""
        coerce = {"int": self._whole_number, "choice": self._choice, "bool": self._yes_no}
        return coerce.get(self.kind, self._text)(value)

    def _whole_number(self, value: Any) -> int:
        text = str(value).strip()
        if isinstance(value, (bool, float)) or len(text) > 12:
            raise IllegalAction(f"{self.label}: a whole number, please")
        try:
            number = int(text)
        except ValueError:
            raise IllegalAction(f"{self.label}: '{_shown(value)}' is not a whole number") from None
        if self.minimum is not None and number < self.minimum:
            raise IllegalAction(f"{self.label}: at least {self.minimum}")
        if self.maximum is not None and number > self.maximum:
            raise IllegalAction(f"{self.label}: at most {self.maximum}")
        return number

    def _choice(self, value: Any) -> Any:
        if value not in self.choices:
            options = ", ".join(str(c) for c in self.choices)
            raise IllegalAction(f"{self.label}: choose one of {options}")
        return value

    YES = ("1", "true", "yes", "on")
    NO = ("0", "false", "no", "off", "")

    def _yes_no(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        word = value.strip().lower() if isinstance(value, str) else None
        if word in self.YES or word in self.NO:
            return word in self.YES
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        raise IllegalAction(f"{self.label}: yes or no")

    def _text(self, value: Any) -> str:
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise IllegalAction(f"{self.label}: text, please")
        text = str(value)
        if len(text) > SETTING_TEXT_MAX:
            raise IllegalAction(f"{self.label}: at most {SETTING_TEXT_MAX} characters")
        if bad_characters(text):
            raise IllegalAction(f"{self.label}: has characters that cannot be shown")
        return text


def _shown(value: Any) -> str:
    """A value a person typed, safe to quote in a message: short, and no control or
    invisible character (an ANSI escape is ASCII too) reaches a terminal or a screen."""
    text = str(value)[:20]
    return "".join("?" if bad_characters(ch) else ch for ch in text)


class Game:
    """Base class for a game's rules. Subclasses override what they need."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 6
    settings: tuple[Setting, ...] = ()
    moves: Mapping[str, Move] = {}
    phase_labels: Mapping[str, str] = {}
    """Words for each phase, used in refusals ("... not during Final scoring")."""
    rules_summary: tuple[str, ...] = ()
    """The rules in short for the Rules tab: phases, what each set or bid is worth."""

    # -- setup ---------------------------------------------------------------
    def default_settings(self, n_players: int) -> dict:
        return {s.key: s.default for s in self.settings}

    def check_settings(self, settings: Mapping[str, Any] | None, n_players: int) -> dict:
        """Fill defaults, coerce types, refuse unknown keys and bad values."""
        merged = self.default_settings(n_players)
        known = {s.key: s for s in self.settings}
        if settings is not None and not isinstance(settings, Mapping):
            raise IllegalAction(f"{self.title}: settings must be named values")
        for key, value in (settings or {}).items():
            if key not in known:
                raise IllegalAction(f"{self.title} has no setting '{_shown(key)}'")
            merged[key] = known[key].coerce(value)
        return merged

    def check_players(self, players: list[str]) -> None:
        if not (self.min_players <= len(players) <= self.max_players):
            raise IllegalAction(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {len(players)}"
            )

    def setup(self, players: list[str], settings: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def renamed(self, state: Any, players: list[str]) -> Any:
        """``state`` with the players called ``players`` (a seat the host gave a new
        name): a snapshot kept before the rename is read with today's names. Every game
        keeps its players' names in ``state["players"]``, as ``setup`` was given them; a
        game that keeps them elsewhere overrides this."""
        kept = state.get("players") if isinstance(state, dict) else None
        if isinstance(kept, list) and len(kept) == len(players) and all(isinstance(p, str) for p in kept):
            return {**state, "players": list(players)}
        return state

    # -- where the game stands -------------------------------------------------
    def phase(self, state: Any) -> str:
        return state["phase"]

    def phase_label(self, phase: str) -> str:
        return self.phase_labels.get(phase, phase.replace("_", " "))

    def to_act(self, state: Any) -> list[int]:
        """Seats whose move it is (for :data:`~engine.moves.TURN` moves and banners)."""
        return []

    def is_over(self, state: Any) -> bool:
        """Over once the game's phase is "over" (games whose state says it otherwise override)."""
        return self.phase(state) == "over"

    # -- what each seat may see ------------------------------------------------
    views: Any = None
    """A module with the game's ``public(state)``, ``private(state, seat)`` and
    ``result(state)``, when it keeps them in one (the methods below then ask it)."""

    def public(self, state: Any) -> dict:
        if self.views is None:
            raise NotImplementedError
        return self.views.public(state)

    def private(self, state: Any, seat: int) -> dict | None:
        return self.views.private(state, seat) if self.views is not None else None

    def result(self, state: Any) -> dict | None:
        """Final ranking etc. once the game is over (public: everything revealed)."""
        return self.views.result(state) if self.views is not None else None

    def say(self, before: Any, action: Action, after: Any, viewer: int | None) -> Said:
        """What ``action`` (``before`` -> ``after``) said to ``viewer``: the one dispatch to
        its move's words (:attr:`Move.words`). Total: it never raises, whatever the action."""
        move = self.moves.get(action.kind) if isinstance(action.kind, str) else None
        if move is None:
            return Said("A move this game does not know")
        if move.words is None:
            return Said(move.title)
        try:
            return said(move.words(before, action, after, viewer))
        except Exception:  # total: a plain line rather than no history
            return Said(move.title)

    # -- the end of a game that is undone ----------------------------------------
    def shown_at_end(self, state: Any) -> Any:
        """What an ended game showed everyone that was hidden before (JSON), kept shown
        if the host undoes the move that ended it; None when nothing was hidden."""
        return None

    def keep_shown(self, state: Any, shown: Any) -> Any:
        """``state`` with ``shown`` (from :meth:`shown_at_end`) public from now on.
        Changes a private copy; must be idempotent."""
        return state
