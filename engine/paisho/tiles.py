"""The tiles of Frank's Pai Sho: kinds, how many of each, their families and names.

Each player owns a full set: 6 of each flower, 3 of each other kind (CLARIFICATIONS).
Every tile of a player is in exactly one *place*:

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


def new_inventory() -> dict[str, dict[str, int]]:
    """One player's full set, all in hand."""
    return {kind: {"hand": COPIES[kind], "board": 0, "pot": 0, "returned": 0} for kind in KINDS}


def available_to_place(counts: dict[str, int]) -> int:
    """Tiles of one kind that may be placed: never placed, or returned by a boat/wheel."""
    return counts["hand"] + counts["returned"]
