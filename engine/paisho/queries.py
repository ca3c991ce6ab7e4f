"""Pure questions about a Pai Sho state, for the rules and for the phone screens.

Nothing here changes a state. The state is a plain dict (see :mod:`engine.paisho.game`).
"""

from __future__ import annotations

from engine.paisho import mirror
from engine.paisho.capture import CaptureContext, capture_allowed
from engine.paisho.harmony import pair_key, pair_refusal
from engine.paisho.tiles import COPIES, FLOWERS, IMMOBILE, KINDS, SPECIAL, available_to_place

POINT_EVERY = 3
"""A harmony pays 1 point at every 3rd of its owner's turns completed while intact."""

FLOWERS_AND_SPECIAL = FLOWERS + SPECIAL
HARMONY_KINDS = FLOWERS + ("lotus",)


def active_seats(state: dict) -> list[int]:
    """Seats still playing (not forfeited, not captured out), in clockwise order."""
    return [s for s, out in enumerate(state["out"]) if out is None]


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
    return state["tiles"][seat]["board"].get(kind, 0)


def placeable(state: dict, seat: int) -> list[str]:
    """Kinds this seat still has in hand or returned."""
    inventory = state["tiles"][seat]
    return [k for k in KINDS if available_to_place(inventory, k) > 0]


def movable(state: dict, seat: int) -> list[str]:
    """Kinds this seat has on the board that can move (not knotweed or rock)."""
    board = state["tiles"][seat]["board"]
    return [k for k in KINDS if k in board and k not in IMMOBILE]


RULINGS = {(a, b): capture_allowed(a, b, CaptureContext()) for a in KINDS for b in KINDS}
"""Every capturer and captured kind's ruling, worked out once (the rules are data)."""


def _on_board_kinds(state: dict, seat: int) -> list[str]:
    board = state["tiles"][seat]["board"]
    return [k for k in KINDS if k in board]


def capture_choices(state: dict, seat: int) -> list[dict]:
    """Every (capturer kind, victim owner, victim kind) the inventory and rules allow now."""
    choices = []
    mine = _on_board_kinds(state, seat)
    if not mine:
        return choices
    theirs = [(owner, _on_board_kinds(state, owner))
              for owner in range(len(state["players"])) if owner != seat]
    for capturer in mine:
        for owner, kinds in theirs:
            for captured in kinds:
                ruling = RULINGS[(capturer, captured)]
                if ruling.allowed:
                    choices.append({"tile": capturer, "owner": owner, "captured": captured,
                                    "both_removed": ruling.capturer_removed})
    return choices


def can_capture(state: dict, seat: int) -> bool:
    """Has this seat any capture the inventory and rules allow now?"""
    mine = [k for k in _on_board_kinds(state, seat) if k not in IMMOBILE]
    if not mine:
        return False
    theirs = {k for owner in range(len(state["players"])) if owner != seat
              for k in _on_board_kinds(state, owner)}
    return any(RULINGS[(a, b)].allowed for a in mine for b in theirs)


def kill_targets(state: dict, killer: int) -> list[dict]:
    """Tiles on the board a Knotweed of ``killer`` could kill (any owner; not the last
    Knotweed of its own)."""
    if on_board(state, killer, "knotweed") == 0:
        return []
    return [{"owner": owner, "kind": kind}
            for owner in range(len(state["players"])) for kind in KINDS
            if on_board(state, owner, kind) > (1 if (owner, kind) == (killer, "knotweed") else 0)]


def can_kill(state: dict) -> bool:
    """Is there a Knotweed on the board with another tile on the board to kill?"""
    boards = [inventory["board"] for inventory in state["tiles"]]
    return (any("knotweed" in board for board in boards)
            and sum(sum(board.values()) for board in boards) > 1)


def has_flower_on_board(state: dict) -> bool:
    return any(kind in FLOWERS for inventory in state["tiles"] for kind in inventory["board"])


def returnable(state: dict) -> list[dict]:
    """Flowers on the board (any owner) that a boat or wheel could return."""
    return [{"owner": owner, "kind": kind}
            for owner in range(len(state["players"])) for kind in FLOWERS
            if on_board(state, owner, kind) > 0]


def harmony_key(harmony: dict) -> tuple[str, str]:
    """Its two kinds in a fixed order (Rose + Jasmine and Jasmine + Rose are one pair)."""
    return pair_key(harmony["a"], harmony["b"])


def intact_harmonies(state: dict, owner: int | None = None) -> list[dict]:
    return [h for h in state["harmonies"] if owner is None or h["owner"] == owner]


def harmony_bound(state: dict, owner: int, a: str, b: str) -> int:
    """How many distinct harmonies of this pair the owner's tiles on the board can hold.

    Each harmony is a distinct pair of tiles, so at most (a on board) x (b on board);
    none for a lotus that does not bloom.
    """
    if "lotus" in (a, b) and not is_blooming(state, owner):
        return 0
    return on_board(state, owner, a) * on_board(state, owner, b)


HARMONIOUS_PAIRS = {(a, b) for i, a in enumerate(HARMONY_KINDS) for b in HARMONY_KINDS[i + 1:]
                    if pair_refusal(a, b, lotus_blooming=False) is None}
"""The pairs of flowers that harmonise, in the order of :data:`HARMONY_KINDS`."""


def harmony_choices(state: dict, seat: int, first: bool = False) -> list[list[str]]:
    """Pairs this seat could record as a new harmony right now (``first``: stop at one)."""
    board = state["tiles"][seat]["board"]
    kinds = [k for k in HARMONY_KINDS if k in board]
    if len(kinds) < 2:
        return []
    blooming = "lotus" in board and is_blooming(state, seat)
    held: dict[tuple[str, str], int] = {}
    for h in state["harmonies"]:
        if h["owner"] == seat:
            key = harmony_key(h)
            held[key] = held.get(key, 0) + 1
    pairs = []
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            if (a, b) not in HARMONIOUS_PAIRS and not (blooming and "lotus" in (a, b)):
                continue
            bound = board[a] * board[b]
            if held.get(pair_key(a, b), 0) < bound:
                pairs.append([a, b])
                if first:
                    return pairs
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
    pot = state["tiles"][seat]["pot"]
    return all(pot.get(k, 0) == COPIES[k] for k in FLOWERS_AND_SPECIAL)


# -- the board on the phone ---------------------------------------------------------------

def board_starts(state: dict, seat: int) -> dict[str, list[list[int]]]:
    """Each kind this seat may place now, and the points it may start on."""
    board = mirror.board_of(state["board"])
    seats = len(state["players"])
    starts = {kind: [list(p) for p in mirror.starts(board, seat, seats, kind)]
              for kind in placeable(state, seat)}
    return {kind: points for kind, points in starts.items() if points}


def board_targets(state: dict, seat: int) -> dict[str, list[list[int]]]:
    """Each of this seat's tiles on the board (by point, "x,y") that can move, and where."""
    board = mirror.board_of(state["board"])
    targets = {mirror.key(at): [list(p) for p in mirror.reachable(board, at)]
               for at, tile in board.items() if tile.owner == seat}
    return {at: points for at, points in targets.items() if points}


def wheel_turns(state: dict, seat: int) -> dict[str, list[int]]:
    """Each of this seat's Wheels that can turn, and by how many places."""
    board = mirror.board_of(state["board"])
    turns = {mirror.key(at): mirror.turns(board, at)
             for at, tile in board.items() if tile.owner == seat and tile.kind == "wheel"}
    return {at: steps for at, steps in turns.items() if steps}


def can_place_on_board(state: dict, seat: int) -> bool:
    """Has this seat a tile to place and an empty point it may start on? (stops at the first)"""
    board = mirror.board_of(state["board"])
    seats = len(state["players"])
    return any(mirror.starts(board, seat, seats, kind) for kind in placeable(state, seat))


def can_move_on_board(state: dict, seat: int, kinds: tuple[str, ...] | None = None) -> bool:
    """Can one of this seat's tiles (of ``kinds``) move now? (stops at the first)"""
    board = mirror.board_of(state["board"])
    return any(mirror.reachable(board, at) for at, tile in board.items()
               if tile.owner == seat and (kinds is None or tile.kind in kinds))
