"""The players' colours: how a seat is drawn on every screen (its badge, its turn banner,
its line on a chart). Presentation only: the engine and the stored tables know none of
it (a table an older version stored with colours of its own is drawn in these)."""

from __future__ import annotations

PALETTE = ("purple", "orange", "teal", "pink", "brown", "grey", "navy", "lime")
"""Player colours, by seat: none of them a rock's or a stone's colour (red, yellow,
green, blue, white, black), so a player is never confused with a piece."""


def seat_colour(seat: int) -> str:
    return PALETTE[seat % len(PALETTE)]


def seat_colours(count: int) -> list[str]:
    """The colours of a table of ``count`` players, in seat order."""
    return [seat_colour(seat) for seat in range(count)]
