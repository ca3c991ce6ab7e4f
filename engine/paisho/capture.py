"""Which tile may capture which, as data plus one pure check.

From the rules text:

- Flowers capture only their *opposite* flower ("your tile must land on its opposite").
- *Elemental* tiles (knotweed, boat, wheel, rock): "Any tile can capture an elemental
  tile and vice-versa, but both of those tiles must be removed" -- the capturer goes to
  the Pot too.
- *Special* tiles (white dragon, white lotus): "Any tile can capture the special tiles and
  vice-versa, but only the captured tile is taken out, even with elemental tiles." This
  rule wins over the elemental one: a boat landing on a dragon, or a dragon on a boat,
  removes only the captured tile.
- "In order to capture a tile, the capturer must already be on the board."

Decisions where the text is silent (a player at a real table would expect these):

- Knotweed and Rock never move, so they can never land on a tile: they cannot capture.
  The knotweed's own power ("kills all tiles surrounding it within one space") is
  recorded separately as a knotweed kill (see :mod:`engine.paisho.moves`); it removes the
  killed tiles only, the knotweed stays.
- Nobody captures their own tile (the opposites rule is about the enemy's tiles).
- A capture credits the capturer with one captured tile (the enemy's); the capturer's
  own tile lost in an elemental capture is not anybody's capture.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.paisho.harmony import OPPOSITE, opposite, ring_relation
from engine.paisho.tiles import IMMOBILE, family, name

OPPOSITES_ONLY = "opposites only"
BOTH_REMOVED = "both removed"
CAPTURED_ONLY = "captured only"

CAPTURE_TABLE: dict[tuple[str, str], str] = {
    ("flower", "flower"): OPPOSITES_ONLY,
    ("flower", "elemental"): BOTH_REMOVED,
    ("elemental", "flower"): BOTH_REMOVED,
    ("elemental", "elemental"): BOTH_REMOVED,
    ("flower", "special"): CAPTURED_ONLY,
    ("elemental", "special"): CAPTURED_ONLY,
    ("special", "flower"): CAPTURED_ONLY,
    ("special", "elemental"): CAPTURED_ONLY,
    ("special", "special"): CAPTURED_ONLY,
}
"""(capturer family, captured family) -> how the capture works. The special-tile rule
takes precedence over the elemental one ("even with elemental tiles")."""


@dataclass(frozen=True)
class CaptureContext:
    """Facts about the tiles beyond their kinds."""

    same_owner: bool = False
    capturer_on_board: bool = True


@dataclass(frozen=True)
class CaptureRuling:
    """The answer: allowed or not, why, and whether the capturer goes to the Pot too."""

    allowed: bool
    reason: str
    capturer_removed: bool = False


def capture_allowed(capturer: str, captured: str,
                    context: CaptureContext | None = None) -> CaptureRuling:
    """May a ``capturer`` tile land on and capture a ``captured`` tile?"""
    context = context or CaptureContext()
    if capturer in IMMOBILE:
        extra = " (record the tiles a Knotweed kills as a knotweed kill)" if capturer == "knotweed" else ""
        return CaptureRuling(False, f"a {name(capturer)} cannot move, so it cannot capture{extra}")
    if context.same_owner:
        return CaptureRuling(False, "you cannot capture your own tile")
    if not context.capturer_on_board:
        return CaptureRuling(False, f"the capturing {name(capturer)} must already be on the board")
    rule = CAPTURE_TABLE[(family(capturer), family(captured))]
    if rule == OPPOSITES_ONLY:
        if ring_relation(capturer, captured) == OPPOSITE:
            return CaptureRuling(True, f"{name(capturer)} and {name(captured)} are opposites")
        return CaptureRuling(
            False,
            f"a {name(capturer)} can only capture its opposite, a {name(opposite(capturer))}, "
            f"not a {name(captured)}",
        )
    if rule == BOTH_REMOVED:
        return CaptureRuling(
            True,
            "a capture with an elemental tile removes both tiles",
            capturer_removed=True,
        )
    return CaptureRuling(True, "a capture with a special tile removes only the captured tile")
