"""What a BluffStones move tells a seat it concerns (its phone says it and buzzes)."""

from __future__ import annotations

from engine.words import and_words


def told(game, before: dict, after: dict, seat: int) -> str | None:
    """My bid beaten by a two-stone bid, a tower scored for me, the end of the game."""
    said: list[str] = []
    was, now = game.public_of(before), game.public_of(after)
    bids = now.get("revealed_bids")
    if was["phase"] == "bidding" and bids and now["phase"] in ("resolving", "over"):
        mine = bids[seat]
        twos = [b["name"] for b in bids if b["count"] == 2 and b["seat"] != seat]
        if mine["count"] == 1 and twos:
            said.append(f"{and_words(twos)} bid two: your {mine['colour']} stone is thrown away")
    had = {t["circle"] for t in was["board"]["towers"] if t["scored_by"] == seat}
    for tower in now["board"]["towers"]:
        if tower["scored_by"] == seat and tower["circle"] not in had:
            said.append(f"You scored the {tower['colour']} tower on {tower['circle']}")
    if game.is_over(after) and not game.is_over(before):
        winners = game.result(after)["winner_names"]
        if winners == [after["players"][seat]]:
            said.append("The game is over: you win")
        elif len(winners) == 1:
            said.append(f"The game is over: {winners[0]} wins")
        else:
            said.append(f"The game is over: {and_words(winners)} share the win")
    return ". ".join(said) if said else None
