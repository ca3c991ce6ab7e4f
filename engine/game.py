"""The small interface every game plugs into.

A game is a plain object of pure functions in the style of boardgame.io: ``setup``
builds the first state, ``apply`` returns the next state for an action (never mutating
its input), ``view`` builds what one seat may see. The table model (:mod:`engine.table`),
storage and the phones know nothing else about a game.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.errors import IllegalAction

HOST = None
"""``seat`` / ``by`` value meaning the host (the table's own device), not a player."""


@dataclass(frozen=True)
class Action:
    """One thing that happened at the table, on behalf of ``seat``.

    ``seat`` is the seat the action is for (``None``: the host / the table itself).
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
        if self.kind == "int":
            try:
                number = int(str(value).strip())
            except ValueError:
                raise IllegalAction(f"{self.label}: '{value}' is not a whole number") from None
            if self.minimum is not None and number < self.minimum:
                raise IllegalAction(f"{self.label}: at least {self.minimum}")
            if self.maximum is not None and number > self.maximum:
                raise IllegalAction(f"{self.label}: at most {self.maximum}")
            return number
        if self.kind == "choice":
            if value not in self.choices:
                options = ", ".join(str(c) for c in self.choices)
                raise IllegalAction(f"{self.label}: choose one of {options}")
            return value
        if self.kind == "bool":
            if isinstance(value, str):
                return value.strip().lower() in ("1", "true", "yes", "on")
            return bool(value)
        return str(value)


class Game:
    """Base class for a game's rules. Subclasses override what they need.

    Contract:
    - ``apply(state, action)`` returns a NEW state and never mutates ``state``; on an
      illegal action it raises :class:`IllegalAction` with a readable message.
    - ``view(state, seat)`` returns JSON-safe data holding only what ``seat`` may see
      (``seat=None`` is the shared table screen: public information only).
    - Everything is deterministic: the same setup and actions give the same state.
    """

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 6
    settings: tuple[Setting, ...] = ()

    # -- setup ---------------------------------------------------------------
    def default_settings(self, n_players: int) -> dict:
        return {s.key: s.default for s in self.settings}

    def check_settings(self, settings: Mapping[str, Any] | None, n_players: int) -> dict:
        """Fill defaults, coerce types, refuse unknown keys and bad values."""
        merged = self.default_settings(n_players)
        known = {s.key: s for s in self.settings}
        for key, value in (settings or {}).items():
            if key not in known:
                raise IllegalAction(f"{self.title} has no setting '{key}'")
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

    # -- play ----------------------------------------------------------------
    def apply(self, state: Any, action: Action) -> Any:
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        return False

    def result(self, state: Any) -> dict | None:
        """Final ranking etc. once the game is over (public: everything revealed)."""
        return None

    # -- table services --------------------------------------------------------
    def describe(self, state: Any, action: Action, viewer: int | None) -> str:
        """The action in words for the history screen, as ``viewer`` may read it.

        ``state`` is the state *before* the action. Hidden values must not appear for a
        viewer who may not see them.
        """
        return action.kind.replace("_", " ")

    def undoable(self, action: Action) -> bool:
        """Actions that revealed hidden information (a secret-bid reveal) are final."""
        return True

    def needs_fresh_view(self, action: Action) -> bool:
        """Must the phone have seen the latest revision to send this action?

        Normally yes: an action based on an older revision is refused and the phone
        resyncs. A secret simultaneous bid is the exception a game can declare: it says
        nothing about what others did, the engine checks it against the current state
        anyway, and players bidding at the same moment must not refuse each other.
        """
        return True

    def seats_to_act(self, state: Any) -> list[int]:
        """Seats whose move it is (for 'your turn' banners); empty when none."""
        return []


def copied(state: Any) -> Any:
    """A deep copy for engines that mutate a private copy inside ``apply``."""
    return copy.deepcopy(state)
