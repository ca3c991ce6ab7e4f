"""The tiles of Frank's Pai Sho: kinds, how many of each, their families and names.

Each player owns a full set: 6 of each flower, 3 of each other kind (CLARIFICATIONS).
Every tile of a player is in exactly one *place* (an inventory counts them by place
and kind, see :func:`new_inventory`):

- ``hand``: never placed yet, ready to place;
- ``board``: on the board;
- ``pot``: captured or killed (the Pot; it never comes back);
- ``returned``: a flower pushed (boat) or turned (wheel) into its opposite colour and
  given back to its owner "to use again" -- it may be placed again, like a tile in hand.
  It is kept apart from ``hand`` so the table can see what the boats and wheels did.

Families follow the rules text: *flowers* (three white, three red), *elemental* tiles
("Non-flower (Elemental) Tiles": knotweed, boat, wheel, rock) and *special* tiles
("Special Tiles": white dragon, white lotus).
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction

WHITE_FLOWERS = ("jasmine", "lily", "jade")
RED_FLOWERS = ("rose", "chrysanthemum", "rhododendron")
FLOWERS = WHITE_FLOWERS + RED_FLOWERS
ELEMENTAL = ("knotweed", "boat", "wheel", "rock")
SPECIAL = ("dragon", "lotus")
KINDS = FLOWERS + ELEMENTAL + SPECIAL

FLOWER_COPIES = 6
OTHER_COPIES = 3
COPIES = {kind: (FLOWER_COPIES if kind in FLOWERS else OTHER_COPIES) for kind in KINDS}

PLACES = ("hand", "board", "pot", "returned")

IMMOBILE = ("knotweed", "rock")
"""Tiles that never move once placed, so they can never land on (capture) a tile."""

NAMES = {
    "jasmine": "Jasmine",
    "lily": "Lily",
    "jade": "White Jade",
    "rose": "Rose",
    "chrysanthemum": "Chrysanthemum",
    "rhododendron": "Rhododendron",
    "knotweed": "Knotweed",
    "boat": "Boat",
    "wheel": "Wheel",
    "rock": "Rock",
    "dragon": "White Dragon",
    "lotus": "White Lotus",
}

_ALIASES = {
    "whitejade": "jade",
    "whitedragon": "dragon",
    "whitelotus": "lotus",
    "chrysanthemums": "chrysanthemum",
}


LOOKS = {"red": RED_FLOWERS, "white": WHITE_FLOWERS, "wood": ELEMENTAL, "gold": SPECIAL}
"""How each tile looks on the real board (red and white flowers, wooden elemental tiles,
golden special tiles): the screens colour a tile by its look."""


def look(kind: str) -> str:
    for shade, kinds in LOOKS.items():
        if kind in kinds:
            return shade
    return "gold"


def family(kind: str) -> str:
    """``"flower"``, ``"elemental"`` or ``"special"``."""
    if kind in FLOWERS:
        return "flower"
    if kind in ELEMENTAL:
        return "elemental"
    return "special"


def name(kind: str) -> str:
    return NAMES.get(kind, str(kind))


def parse_kind(raw: Any) -> str:
    """A tile kind from user input: ``"Jasmine"``, ``"white jade"``, ``"white_lotus"``..."""
    if not isinstance(raw, str) or not raw.strip():
        raise IllegalAction("Say which tile (for example Jasmine, Rose or Boat)")
    key = "".join(ch for ch in raw.strip().lower() if ch.isalpha())
    key = _ALIASES.get(key, key)
    if key not in KINDS:
        names = ", ".join(NAMES[k] for k in KINDS)
        raise IllegalAction(f"'{raw.strip()}' is not a Pai Sho tile; the tiles are {names}")
    return key


def normal_kind(raw: Any) -> Any:
    """A tile kind from an older log's spelling ("White Jade" -> "jade"); anything else
    as it came (the payload check then refuses it in words)."""
    try:
        return parse_kind(raw)
    except IllegalAction:
        return raw


AWAY = ("board", "pot", "returned")
"""The places a tile reaches once it leaves the hand."""


def new_inventory() -> dict[str, dict[str, int]]:
    """One player's full set, all in hand. An inventory counts, for each place a tile
    goes once it leaves the hand (board, Pot, returned), the tiles of each kind there
    (kinds with none are left out); the hand holds the rest of the set."""
    return {place: {} for place in AWAY}


def count(inventory: dict[str, dict[str, int]], kind: str, place: str) -> int:
    if place == "hand":
        return COPIES[kind] - sum(inventory[p].get(kind, 0) for p in AWAY)
    return inventory[place].get(kind, 0)


def counts(inventory: dict[str, dict[str, int]], kind: str) -> dict[str, int]:
    """One kind's tiles by place: ``{"hand": 5, "board": 1, "pot": 0, "returned": 0}``."""
    return {place: count(inventory, kind, place) for place in PLACES}


def row(inventory: dict[str, dict[str, int]], place: str) -> list[int]:
    """A place's count of each kind, in :data:`KINDS` order."""
    return [count(inventory, kind, place) for kind in KINDS]


def shift(inventory: dict[str, dict[str, int]], kind: str, source: str, target: str) -> None:
    """One tile of ``kind`` goes from one place to another."""
    if source != "hand":
        left = inventory[source][kind] - 1
        if left:
            inventory[source][kind] = left
        else:
            del inventory[source][kind]
    if target != "hand":
        inventory[target][kind] = inventory[target].get(kind, 0) + 1


def available_to_place(inventory: dict[str, dict[str, int]], kind: str) -> int:
    """Tiles of one kind that may be placed: never placed, or returned by a boat/wheel."""
    return COPIES[kind] - inventory["board"].get(kind, 0) - inventory["pot"].get(kind, 0)
