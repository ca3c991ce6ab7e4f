"""What a Pai Sho move tells a seat it concerns (its phone says it and buzzes)."""

from __future__ import annotations

from engine.words import or_words, plural


def told(game, before: dict, after: dict, me: int) -> str | None:
    """A tile of mine captured, an opponent's harmony point, a harmony of mine broken in
    someone else's turn, my White Lotus blooming."""
    b, a = game.public_of(before), game.public_of(after)
    if len(b["players"]) != len(a["players"]):
        return None
    names = a["names"]

    def name(kind: str) -> str:
        return names.get(kind, kind)

    said: list[str] = []
    was, now = b["players"][me]["pot"], a["players"][me]["pot"]
    lost = [(k, now[k] - was.get(k, 0)) for k in names if now.get(k, 0) > was.get(k, 0)]
    takers = [p["name"] for p in a["players"]
              if p["seat"] != me and p["captured"] > b["players"][p["seat"]]["captured"]]
    if lost and takers:
        tiles = or_words([name(k) if n == 1 else f"{n} {name(k)}" for k, n in lost])
        said.append(f"{takers[0]} captured your {tiles}")
    for player in a["players"]:
        gained = player["score"] - b["players"][player["seat"]]["score"]
        if player["seat"] != me and gained > 0:
            said.append(f"{player['name']} scored {plural(gained, 'harmony point')}: "
                        f"{player['score']} of {a['target']}")
    mover = b["current"]
    if mover is not None and mover != me and a["turn"] > b["turn"]:
        still = {h["id"] for h in a["harmonies"]}
        gone = [h for h in b["harmonies"] if h["owner"] == me and h["id"] not in still]
        if gone:
            pairs = or_words([f"{name(h['pair'][0])} + {name(h['pair'][1])}" for h in gone])
            said.append(f"{b['players'][mover]['name']}'s turn broke your {pairs}")
    if a["blooming"] == me and b["blooming"] != me:
        said.append("your White Lotus blooms")
    if not said:
        return None
    text = "; ".join(said)
    return text[:1].upper() + text[1:]
