"""What a Pai Sho move did besides what its payload says: recorded in the state when
the move is applied, said afterwards.

A capture, a tile killed or returned, a harmony formed or broken (named in the move, by
the board, or because its tiles went), a point scored, a player out, a White Lotus that
starts to bloom: the rules record each in ``state["aftermath"]`` as they happen (each
move starts it afresh, :func:`recorded`), so a move's words read them from the state
after it and never run a handler again, nor compare views.
"""

from __future__ import annotations

from typing import Callable

from engine.paisho import queries as q
from engine.paisho.tiles import KINDS, name
from engine.paisho.views import harmony_text
from engine.words import or_words, plural

KEY = "aftermath"


# -- recorded when a move is applied -------------------------------------------------------

def recorded(handler: Callable) -> Callable:
    """``handler`` with its aftermath recorded afresh: who starts to bloom is noted at the end."""
    def apply(state: dict, seat: int | None, payload: dict) -> None:
        blooming = q.blooming_seat(state)
        state[KEY] = {"pot": [], "takers": [], "broken": [], "formed": [], "scored": [],
                      "out": [], "turn_of": None, "bloomed": None}
        handler(state, seat, payload)
        now = q.blooming_seat(state)
        state[KEY]["bloomed"] = now if now != blooming else None
    apply.__name__ = handler.__name__
    return apply


def note(state: dict, what: str, item) -> None:
    """Add ``item`` to this move's ``what`` (a state made outside a move keeps no record)."""
    record = state.get(KEY)
    if record is not None:
        record[what].append(item)


def note_turn(state: dict, seat: int) -> None:
    record = state.get(KEY)
    if record is not None:
        record["turn_of"] = seat


def harmony_said(harmony: dict) -> dict:
    """What the words need of a harmony formed or broken (it may be gone from the state)."""
    return {key: harmony[key] for key in ("id", "owner", "a", "b")}


# -- said afterwards -------------------------------------------------------------------------

def of(after: dict) -> dict:
    """The aftermath the move left in ``after`` (an empty one for a state made otherwise)."""
    record = after.get(KEY) or {}
    return {"pot": [], "takers": [], "broken": [], "formed": [], "scored": [], "out": [],
            "turn_of": None, "bloomed": None, **record}


def broken(after: dict) -> list[dict]:
    """The harmonies the move broke that were intact before it, oldest first."""
    record = of(after)
    formed = {h["id"] for h in record["formed"]}
    return sorted((h for h in record["broken"] if h["id"] not in formed), key=lambda h: h["id"])


def formed(after: dict) -> list[dict]:
    """The harmonies the move formed that are still intact after it."""
    record = of(after)
    gone = {h["id"] for h in record["broken"]}
    return [h for h in record["formed"] if h["id"] not in gone]


def notes(after: dict, named: set, board: bool) -> list[str]:
    """What the move did by itself, for everyone: the harmonies that broke (but those
    ``named`` by the move) or formed on the board, who went out, who won."""
    players = after["players"]
    how = "was broken" if board else "broke by itself"
    said = [f"{harmony_text(after, h)} {how}" for h in broken(after) if h["id"] not in named]
    if board:
        said += [f"{harmony_text(after, h)} formed" for h in formed(after)]
    said += [f"{players[s]} is out: every flower and special tile is in the Pot" for s in of(after)["out"]]
    if after["over"]:
        winner = after["winner"]
        said.append("the game is over" if winner is None else f"{players[winner]} wins")
    return said


def news(after: dict, me: int) -> str | None:
    """What the move tells ``me`` when it concerns my seat: a tile of mine captured, an
    opponent's harmony point, a harmony of mine broken in someone else's turn, my White
    Lotus blooming."""
    record = of(after)
    said = [_captured(after, record, me), *_scored(after, record, me), _broke(after, record, me)]
    if record["bloomed"] == me:
        said.append("your White Lotus blooms")
    said = [line for line in said if line]
    if not said:
        return None
    text = "; ".join(said)
    return text[:1].upper() + text[1:]


def _captured(after: dict, record: dict, me: int) -> str | None:
    lost = [kind for owner, kind in record["pot"] if owner == me]
    takers = sorted(seat for seat in set(record["takers"]) if seat != me)
    if not lost or not takers:
        return None
    tiles = [name(k) if lost.count(k) == 1 else f"{lost.count(k)} {name(k)}" for k in KINDS if k in lost]
    return f"{after['players'][takers[0]]} captured your {or_words(tiles)}"


def _scored(after: dict, record: dict, me: int) -> list[str]:
    gained: dict[int, int] = {}
    for seat, points in record["scored"]:
        gained[seat] = gained.get(seat, 0) + points
    return [f"{after['players'][seat]} scored {plural(points, 'harmony point')}: "
            f"{after['scores'][seat]} of {after['target']}"
            for seat, points in sorted(gained.items()) if seat != me and points > 0]


def _broke(after: dict, record: dict, me: int) -> str | None:
    mover = record["turn_of"]
    if mover is None or mover == me:
        return None
    mine = [h for h in broken(after) if h["owner"] == me]
    if not mine:
        return None
    pairs = or_words([f"{name(h['a'])} + {name(h['b'])}" for h in mine])
    return f"{after['players'][mover]}'s turn broke your {pairs}"
