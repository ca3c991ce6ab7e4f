"""What a Rock Garden move tells a seat it concerns (its phone says it and buzzes)."""

from __future__ import annotations


def told(game, before: dict, after: dict, seat: int) -> str | None:
    """"Bo undercut your bid on pile 2" when this seat's standing bid was undercut; the end."""
    old, new = game.public_of(before), game.public_of(after)
    if old["round"] == new["round"] and old["phase"] == new["phase"] == "bidding":
        for was, now in zip(old["piles"], new["piles"]):
            if (was["bid"] is not None and was["bid"]["seat"] == seat and now["bid"] is not None
                    and now["bid"]["seat"] != seat):
                return f"{now['bid']['name']} undercut your bid on pile {now['number']}"
    if game.is_over(after) and not game.is_over(before):
        return "The game is over"
    return None
