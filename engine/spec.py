"""What a table is: its game, its players in seat order and its settings, checked once
when the table is made (:func:`make_spec`) and again when it is read back from storage
(:meth:`TableSpec.from_json`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from engine.errors import IllegalAction
from engine.game import Game
from engine.schema import bad_characters

MAX_NAME = 24


@dataclass(frozen=True)
class TableSpec:
    """What a table is: the game, the players in seat order (clockwise) and settings.
    How a player is drawn (their colour) is no part of it: that is the companion's."""

    game_id: str
    players: tuple[str, ...]
    settings: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "game": self.game_id,
            "players": list(self.players),
            "settings": dict(self.settings),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "TableSpec":
        """A spec read back from storage, checked: a bad file is refused in words. The
        player colours an older version kept in it are not read."""
        if not isinstance(data, Mapping):
            raise IllegalAction("its table description is not a group of values")
        game_id = data.get("game")
        if not isinstance(game_id, str) or not game_id:
            raise IllegalAction("it names no game")
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not all(isinstance(p, str) for p in raw_players):
            raise IllegalAction("its players are not a list of names")
        players = clean_players(raw_players)
        settings = data.get("settings") or {}
        if not isinstance(settings, Mapping):
            raise IllegalAction("its settings are not a group of values")
        return TableSpec(game_id, players, dict(settings))


def clean_players(names: Iterable[str]) -> tuple[str, ...]:
    """Trimmed, non-empty, distinct, printable player names, or a readable refusal."""
    players = tuple(str(n).strip() for n in names)
    if any(not n for n in players):
        raise IllegalAction("Every player needs a name")
    if any(len(n) > MAX_NAME for n in players):
        raise IllegalAction(f"Names are at most {MAX_NAME} letters")
    if any(bad_characters(n) for n in players):
        raise IllegalAction("A name has characters that cannot be shown (control or invisible characters)")
    if len({n.casefold() for n in players}) != len(players):
        raise IllegalAction("Two players have the same name")
    return players


def renamed_spec(spec: TableSpec, seat: int, name: Any) -> TableSpec:
    """``spec`` with ``seat`` called ``name`` (the host gives a seat to another player, or
    that player puts their own name), checked as names are at a table's creation; a
    readable refusal otherwise."""
    if not isinstance(seat, int) or not 0 <= seat < len(spec.players):
        raise IllegalAction("There is no such seat at this table")
    if not isinstance(name, str) or not name.strip():
        raise IllegalAction("Type the new name")
    wanted = name.strip()
    if wanted == spec.players[seat]:
        raise IllegalAction(f"That seat is already called {wanted}")
    for other, taken in enumerate(spec.players):
        if other != seat and taken.casefold() == wanted.casefold():
            raise IllegalAction(f"{taken} is already at this table: pick another name")
    players = list(spec.players)
    players[seat] = wanted
    return named_spec(spec, players)


def named_spec(spec: TableSpec, players: Any) -> TableSpec:
    """``spec`` with its players' names as a table keeps them after a rename (a list of
    names, one a seat); None (never renamed) keeps ``spec``'s."""
    if players is None:
        return spec
    if not isinstance(players, list) or len(players) != len(spec.players) \
            or not all(isinstance(p, str) for p in players):
        raise IllegalAction("its players' new names are not one name a seat")
    return TableSpec(spec.game_id, clean_players(players), spec.settings)


def make_spec(game: Game, players: Iterable[str], settings: Mapping[str, Any] | None = None) -> TableSpec:
    """A new table's spec: its players and settings checked by the game's rules."""
    names = clean_players(players)
    game.check_players(list(names))
    return TableSpec(game.id, names, game.check_settings(settings, len(names)))
