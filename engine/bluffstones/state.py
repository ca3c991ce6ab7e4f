"""The BluffStones state (plain JSON data) and the queries the rules and views share.

Keys of the state (facts only: what happened is the table's log, said by each move's
words in :mod:`engine.bluffstones.moves`):

- ``players``: names in seat order (clockwise).
- ``phase``: ``"setup"`` -> ``"bidding"`` <-> ``"resolving"`` -> ``"over"``.
- ``tower_circles``: the 7 tower circles; ``tower_colours``: circle -> top-stone colour
  (recorded at setup); ``scored``: circle -> seat that scored that tower.
- ``start_player``: seat chosen at setup; ``turn``: seat holding the turn tower.
- ``round``: 1, 2, ... (0 during setup).
- ``piles``: per seat ``{colour: count}`` (public). Bid stones stay counted in the pile
  until the reveal, so the public pile never hints at a secret bid.
- ``bids``: per seat the secret bid or ``None`` (not yet bid). Never shown to other seats
  before the reveal.
- ``hands``: per seat the stone still held during resolution (after the two-stone
  discard everyone holds at most one) or ``None``.
- ``pending``: ``{"seat", "step": "remove" | "place", "colour"}`` while resolution waits
  for a player's choice, else ``None``.
- ``board``: circle -> colour of the stone placed there. ``discard``: colour -> count of
  stones thrown away (out of the game).
- ``won``: per seat the tower circles scored, in order.
- ``reveal``: the facts of the round last revealed, kept until the next reveal so the
  table can read what that round did: ``{"round", "bids"`` (as revealed),
  ``"removed"`` (``[{"seat", "circle", "colour"}]``, the stones the red stones took, in
  turn order), ``"placed"`` (``[{"seat", "circle", "colour", "scored": [towers]}]``, the
  stones placed and the towers each scored, in turn order)``}``; ``None`` before the
  first reveal. Every other consequence (that round's turn order, two-stone discards, a
  red stone with nothing to remove, a stone with no room) follows from these facts and
  the rules.
- ``end``: why the game ended (``"all_zero"``, ``"towers_gone"``, ``"no_stones"``) or
  ``None``.
- ``end_when_towers_gone``: the table setting.
"""

from __future__ import annotations

from engine.bluffstones import board
from engine.bluffstones.stones import COLOURS, empty_pile, pile_total, start_pile

SETUP, BIDDING, RESOLVING, OVER = "setup", "bidding", "resolving", "over"
REMOVE, PLACE = "remove", "place"
TOWER_NEEDS = 3
"""Matching stones next to a tower that score it."""


def new_state(players: list[str], tower_circles: list[str], end_when_towers_gone: bool) -> dict:
    n = len(players)
    return {
        "players": list(players),
        "phase": SETUP,
        "tower_circles": list(tower_circles),
        "tower_colours": {},
        "scored": {},
        "start_player": None,
        "turn": None,
        "round": 0,
        "piles": [start_pile(n) for _ in range(n)],
        "bids": [None] * n,
        "hands": [None] * n,
        "pending": None,
        "board": {},
        "discard": empty_pile(),
        "won": [[] for _ in range(n)],
        "reveal": None,
        "end": None,
        "end_when_towers_gone": bool(end_when_towers_gone),
    }


# -- seats -------------------------------------------------------------------
def name(state: dict, seat: int) -> str:
    return state["players"][seat]


def turn_order(state: dict) -> list[int]:
    """Seats in resolution order: the turn tower holder first, then clockwise."""
    n = len(state["players"])
    first = state["turn"] if state["turn"] is not None else (state["start_player"] or 0)
    return [(first + i) % n for i in range(n)]


def order_of_round(state: dict, rnd: int) -> list[int]:
    """The turn order of round ``rnd``: the turn tower moves one seat clockwise a round."""
    n = len(state["players"])
    first = ((state["start_player"] or 0) + rnd - 1) % n
    return [(first + i) % n for i in range(n)]


def stones_left(state: dict, seat: int) -> int:
    return pile_total(state["piles"][seat])


def waiting_for(state: dict) -> list[int]:
    """Seats that have not bid yet this round (public: only "ready" or not)."""
    if state["phase"] != BIDDING:
        return []
    return [s for s in turn_order(state) if state["bids"][s] is None]


def to_act(state: dict) -> list[int]:
    """Who the table waits for: the seats still to bid, or the seat whose step it is."""
    if state["phase"] == BIDDING:
        return waiting_for(state)
    if state["phase"] == RESOLVING and state["pending"]:
        return [state["pending"]["seat"]]
    return []


# -- board ---------------------------------------------------------------------
def standing_towers(state: dict) -> list[str]:
    """Tower circles whose tower is still on the board (not yet scored)."""
    return [c for c in state["tower_circles"] if c not in state["scored"]]


def is_standing_tower(state: dict, circle: str) -> bool:
    return circle in state["tower_circles"] and circle not in state["scored"]


def is_empty(state: dict, circle: str) -> bool:
    return circle not in state["board"] and not is_standing_tower(state, circle)


def empty_circles(state: dict) -> list[str]:
    """Circles a stone may be placed on: no stone and no standing tower.

    A scored tower leaves the board and its circle becomes an ordinary empty circle.
    """
    return [c for c in board.CIRCLES if is_empty(state, c)]


def removable_circles(state: dict) -> list[str]:
    """Circles holding a placed stone (any of them; towers' top stones are never removed)."""
    return [c for c in board.CIRCLES if c in state["board"]]


def matching_neighbours(state: dict, tower: str) -> int:
    """Stones next to ``tower`` of its top-stone colour (it scores on the third)."""
    colour = state["tower_colours"].get(tower)
    if colour is None:
        return 0
    return sum(1 for c in board.neighbours(tower) if state["board"].get(c) == colour)


def towers_scored_by(state: dict, circle: str, colour: str) -> list[str]:
    """The standing towers a ``colour`` stone placed on the empty ``circle`` would score."""
    return [t for t in board.neighbours(circle)
            if is_standing_tower(state, t) and state["tower_colours"].get(t) == colour
            and matching_neighbours(state, t) + 1 >= TOWER_NEEDS]


# -- resolution ----------------------------------------------------------------
def kept_after_discard(bids: list[dict]) -> list[str | None]:
    """The stone each seat holds once the bids are revealed: with a two-stone bid on the
    table every bidder throws one away, so everyone keeps at most one."""
    two = any(b["count"] == 2 for b in bids)
    kept = []
    for b in bids:
        left = b["count"] - (1 if two and b["count"] else 0)
        kept.append(b["colour"] if left else None)
    return kept


# -- bookkeeping -------------------------------------------------------------------
def stone_census(state: dict) -> dict[str, int]:
    """Stones of each colour in piles + hands + board + discard (constant all game)."""
    census = {c: 0 for c in COLOURS}
    for pile in state["piles"]:
        for c in COLOURS:
            census[c] += pile[c]
    for held in state["hands"]:
        if held is not None:
            census[held] += 1
    for colour in state["board"].values():
        census[colour] += 1
    for c in COLOURS:
        census[c] += state["discard"][c]
    return census
