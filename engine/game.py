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
- ``describe(state, action, viewer)``: an action in words for the history, as that
  viewer may read it. It is total: it never raises, whatever the action.

The table model (:mod:`engine.table`) does everything else once for every game: the
seat and host rules, phases, payload schemas, the copy, undo, the view envelope.
"""

from __future__ import annotations

import threading
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


PUBLIC_KEPT = 64
"""States whose public view a game remembers (:meth:`Game.public_of`), for every table of
that game: a move's news reads the view of the state before it, made by the table's
previous move, and with ten tables playing (each move remembering two states) 16 had
forgotten it by then (issue 25: 2.3 public views worked out per move instead of 1)."""
_PUBLIC_LOCK = threading.Lock()  # tables act in worker threads of their own


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
    def public(self, state: Any) -> dict:
        raise NotImplementedError

    def public_of(self, state: Any) -> dict:
        """:meth:`public`, remembered for the latest few states (by identity, each kept
        while remembered): a move's news is told to every seat at the table, each from the
        public views of the states before and after the move, and those two are the same
        for every seat. Shared: read it, never change it. A state is never changed once
        made (a move changes a private copy), so its public view stays true."""
        with _PUBLIC_LOCK:
            memo = self.__dict__.setdefault("_public_memo", {})
            hit = memo.get(id(state))
            if hit is not None and hit[0] is state:
                return hit[1]
        view = self.public(state)
        with _PUBLIC_LOCK:
            memo[id(state)] = (state, view)
            while len(memo) > PUBLIC_KEPT:
                memo.pop(next(iter(memo)))
        return view

    def private(self, state: Any, seat: int) -> dict | None:
        return None

    def result(self, state: Any) -> dict | None:
        """Final ranking etc. once the game is over (public: everything revealed)."""
        return None

    def say(self, before: Any, action: Action, after: Any, viewer: int | None) -> Said:
        """What ``action`` (``before`` -> ``after``) said to ``viewer``: the one dispatch to
        its move's words (:attr:`Move.words`). Total: it never raises, whatever the action."""
        move = self.moves.get(action.kind) if isinstance(action.kind, str) else None
        if move is None:
            return Said("A move this game does not know")
        if move.words is None:  # a game whose moves do not carry their words yet
            return said(self.describe(before, action, viewer, after))
        try:
            return said(move.words(before, action, after, viewer))
        except Exception:  # total: a plain line rather than no history
            return Said(move.title)

    def describe(self, state: Any, action: Action, viewer: int | None, after: Any = None) -> "str | Said":
        """The action in words for the history, as ``viewer`` may read it
        (:meth:`history_line`), with what it tells the viewer's seat when it concerns
        it (:meth:`tells`), then a :class:`Said`. ``state`` is the state *before* the
        action; ``after`` the state it led to when the table has it (the history and the
        news do), so a move's outcome is said from the state the move recorded, never by
        running its handler again. Total: it never raises."""
        return self.telling(self.history_line(state, action, viewer, after), state, action, after, viewer)

    def history_line(self, state: Any, action: Action, viewer: int | None, after: Any = None) -> str:
        """The action's line in the history, as ``viewer`` may read it: hidden values
        never appear for a viewer who may not see them. Total: it never raises."""
        move = self.moves.get(action.kind) if isinstance(action.kind, str) else None
        return move.title if move else "A move this game does not know"

    def telling(self, text: str, before: Any, action: Action, after: Any,
                viewer: int | None) -> "str | Said":
        """``text`` (an action's history line), with what the action tells ``viewer``'s
        seat when it concerns it (:meth:`tells`)."""
        if after is None or viewer is None:
            return text
        try:
            told = self.tells(before, action, after, viewer)
        except Exception:  # total, like describe: no news rather than no history
            told = None
        return Said(text, told) if told else text

    def tells(self, before: Any, action: Action, after: Any, seat: int) -> str | None:
        """What ``action`` (``before`` -> ``after``) tells ``seat`` when it concerns it."""
        return None

    # -- the end of a game that is undone ----------------------------------------
    def shown_at_end(self, state: Any) -> Any:
        """What an ended game showed everyone that was hidden before (JSON), kept shown
        if the host undoes the move that ended it; None when nothing was hidden."""
        return None

    def keep_shown(self, state: Any, shown: Any) -> Any:
        """``state`` with ``shown`` (from :meth:`shown_at_end`) public from now on.
        Changes a private copy; must be idempotent."""
        return state
