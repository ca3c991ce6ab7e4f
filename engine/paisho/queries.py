"""Pure questions about a Pai Sho state, for the rules and for the phone screens.

Nothing here changes a state. The state is a plain dict (see :mod:`engine.paisho.game`).
"""

from __future__ import annotations

from engine.paisho.capture import CaptureContext, capture_allowed
from engine.paisho.harmony import pair_key, pair_refusal
from engine.paisho.tiles import FLOWERS, IMMOBILE, KINDS, SPECIAL, available_to_place

POINT_EVERY = 3
"""A harmony pays 1 point at every 3rd of its owner's turns completed while intact."""

FLOWERS_AND_SPECIAL = FLOWERS + SPECIAL


def active_seats(state: dict) -> list[int]:
    """Seats still playing (not forfeited, not captured out), in clockwise order."""
    return [s for s, out in enumerate(state["out"]) if out is None]


def opponents(state: dict, seat: int) -> list[int]:
    """The other seats still playing."""
    return [s for s in active_seats(state) if s != seat]


def current_seat(state: dict) -> int | None:
    """Whose turn it is (None once the game is over)."""
    return None if state["over"] else state["current"]


def blooming_seat(state: dict) -> int | None:
    """The player whose White Lotus blooms: strictly fewer captures than every opponent.

    Ties bloom nobody. Only players still in the game are compared.
    """
    active = active_seats(state)
    if len(active) < 2:
        return None
    captured = state["captured"]
    for seat in active:
        if all(captured[seat] < captured[other] for other in active if other != seat):
            return seat
    return None


def is_blooming(state: dict, seat: int) -> bool:
    return blooming_seat(state) == seat


def on_board(state: dict, seat: int, kind: str) -> int:
    return state["tiles"][seat][kind]["board"]


def placeable(state: dict, seat: int) -> list[str]:
    """Kinds this seat still has in hand or returned."""
    return [k for k in KINDS if available_to_place(state["tiles"][seat][k]) > 0]


def movable(state: dict, seat: int) -> list[str]:
    """Kinds this seat has on the board that can move (not knotweed or rock)."""
    return [k for k in KINDS if k not in IMMOBILE and on_board(state, seat, k) > 0]


def capture_choices(state: dict, seat: int) -> list[dict]:
    """Every (capturer kind, victim owner, victim kind) the inventory and rules allow now."""
    choices = []
    for capturer in KINDS:
        if on_board(state, seat, capturer) == 0:
            continue
        for owner in range(len(state["players"])):
            if owner == seat:
                continue
            for captured in KINDS:
                if on_board(state, owner, captured) == 0:
                    continue
                ruling = capture_allowed(capturer, captured, CaptureContext())
                if ruling.allowed:
                    choices.append({"tile": capturer, "owner": owner, "captured": captured,
                                    "both_removed": ruling.capturer_removed})
    return choices


def returnable(state: dict) -> list[dict]:
    """Flowers on the board (any owner) that a boat or wheel could return."""
    return [{"owner": owner, "kind": kind}
            for owner in range(len(state["players"])) for kind in FLOWERS
            if on_board(state, owner, kind) > 0]


def intact_harmonies(state: dict, owner: int | None = None) -> list[dict]:
    return [h for h in state["harmonies"]
            if h["intact"] and (owner is None or h["owner"] == owner)]


def harmony_bound(state: dict, owner: int, a: str, b: str) -> int:
    """How many distinct harmonies of this pair the owner's tiles on the board can hold.

    Each harmony is a distinct pair of tiles, so at most (a on board) x (b on board);
    none for a lotus that does not bloom.
    """
    if "lotus" in (a, b) and not is_blooming(state, owner):
        return 0
    return on_board(state, owner, a) * on_board(state, owner, b)


def harmony_choices(state: dict, seat: int) -> list[list[str]]:
    """Pairs this seat could record as a new harmony right now."""
    kinds = [k for k in FLOWERS + ("lotus",) if on_board(state, seat, k) > 0]
    blooming = is_blooming(state, seat)
    pairs = []
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            if pair_refusal(a, b, blooming) is not None:
                continue
            key = pair_key(a, b)
            count = sum(1 for h in intact_harmonies(state, seat) if pair_key(*h["pair"]) == key)
            if count < harmony_bound(state, seat, a, b):
                pairs.append([a, b])
    return pairs


def turns_intact(state: dict, harmony: dict) -> int:
    """Owner's turns completed since the harmony was formed (while it is intact)."""
    return state["turns"][harmony["owner"]] - harmony["start"]


def turns_to_next_point(state: dict, harmony: dict) -> int:
    """How many more of its owner's turns must end before this harmony pays (1..3).

    The owner's turn in progress counts as one if it is the owner's turn now.
    """
    return POINT_EVERY - turns_intact(state, harmony) % POINT_EVERY


def all_flowers_and_special_captured(state: dict, seat: int) -> bool:
    """True when every flower and special tile of ``seat`` is in the Pot."""
    tiles = state["tiles"][seat]
    return all(tiles[k]["pot"] == tiles[k]["pot"] + tiles[k]["hand"] + tiles[k]["board"]
               + tiles[k]["returned"] for k in FLOWERS_AND_SPECIAL)
