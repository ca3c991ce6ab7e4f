"""The harmony ring and which pairs of tiles may form a harmony.

The ring, clockwise from the top (rules text and CLARIFICATIONS): Rose, Chrysanthemum,
Rhododendron, Jasmine, Lily, White Jade. Of the 15 pairs of different flowers:

- the 6 neighbours on the ring are *harmonious*;
- the 3 pairs facing each other across the ring (Jasmine/Rose, Lily/Chrysanthemum,
  White Jade/Rhododendron) are *opposite* -- they clash and capture each other;
- the other 6 (two steps apart) are *neither*: no harmony, no capture.

A blooming White Lotus is in harmony with every flower. A lotus that is not blooming is
neutral (no harmony). Elemental tiles and the White Dragon never form harmonies; two tiles
of the same kind do not either (a flower is not its own ring neighbour).
"""

from __future__ import annotations

from engine.paisho.tiles import FLOWERS, family, name

RING = ("rose", "chrysanthemum", "rhododendron", "jasmine", "lily", "jade")

HARMONIOUS = "harmonious"
OPPOSITE = "opposite"
NEITHER = "neither"
SAME = "same"


def ring_relation(a: str, b: str) -> str:
    """How two flowers stand on the ring: harmonious, opposite, neither, or the same kind."""
    if a == b:
        return SAME
    steps = abs(RING.index(a) - RING.index(b)) % len(RING)
    steps = min(steps, len(RING) - steps)
    if steps == 1:
        return HARMONIOUS
    if steps == 3:
        return OPPOSITE
    return NEITHER


def opposite(flower: str) -> str:
    """The flower across the ring (the one it captures and is captured by)."""
    return RING[(RING.index(flower) + 3) % len(RING)]


def ring_text() -> str:
    return ", ".join(name(k) for k in RING)


def pair_refusal(a: str, b: str, lotus_blooming: bool) -> str | None:
    """Why ``a`` and ``b`` (tiles of one owner) cannot form a harmony, or None if they can.

    ``lotus_blooming`` is whether the owner's White Lotus blooms right now.
    """
    if "lotus" in (a, b):
        other = b if a == "lotus" else a
        if other == "lotus":
            return "two White Lotus tiles do not harmonise: a blooming lotus harmonises with flowers"
        if other not in FLOWERS:
            return f"a White Lotus harmonises only with flower tiles, not a {name(other)}"
        if not lotus_blooming:
            return ("your White Lotus is not blooming (you must have captured fewer tiles "
                    "than every opponent), so it is neutral and forms no harmony")
        return None
    for kind in (a, b):
        if family(kind) != "flower":
            return f"a {name(kind)} does not form harmonies: only flowers (and a blooming White Lotus) do"
    relation = ring_relation(a, b)
    if relation == SAME:
        return f"two {name(a)} tiles do not harmonise: harmonies need neighbours on the harmony ring"
    if relation == OPPOSITE:
        return (f"{name(a)} and {name(b)} are opposites on the harmony ring: "
                "they clash (and capture each other), they do not harmonise")
    if relation == NEITHER:
        return (f"{name(a)} and {name(b)} are not neighbours on the harmony ring "
                f"({ring_text()}), so they do not harmonise")
    return None


def pair_key(a: str, b: str) -> tuple[str, str]:
    """The pair in a fixed order, so (Rose, Jasmine) and (Jasmine, Rose) are one pair."""
    return tuple(sorted((a, b)))  # type: ignore[return-value]
