"""The BluffStones state (a plain JSON-friendly dict) and the queries a screen needs.

Keys of the state:

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
- ``revealed``: the bids of the round being resolved (``None`` while bidding).
- ``hands``: per seat the stone still held during resolution (after the two-stone
  discard everyone holds at most one) or ``None``.
- ``pending``: ``{"seat", "step": "remove" | "place", "colour"}`` while resolution waits
  for a player's choice, else ``None`` (see :func:`pending_step` for the full prompt).
- ``board``: circle -> colour of the stone placed there. ``discard``: colour -> count of
  stones thrown away (out of the game).
- ``won``: per seat the tower circles scored, in order.
- ``last_events``: what the last action did; ``round_events``: everything since the last
  reveal (kept until the next reveal so the table can read what happened).
- ``previous_round``: ``{"round", "bids"}`` of the last finished round.
- ``end_reason``: why the game ended (``None`` until it does).
"""

from __future__ import annotations

from typing import Any

from engine.bluffstones import board
from engine.bluffstones.stones import COLOURS, RED, empty_pile, pile_total, start_pile

SETUP, BIDDING, RESOLVING, OVER = "setup", "bidding", "resolving", "over"
REMOVE, PLACE = "remove", "place"


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
        "revealed": None,
        "hands": [None] * n,
        "pending": None,
        "board": {},
        "discard": empty_pile(),
        "won": [[] for _ in range(n)],
        "last_events": [],
        "round_events": [],
        "previous_round": None,
        "end_reason": None,
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


def stones_left(state: dict, seat: int) -> int:
    return pile_total(state["piles"][seat])


def waiting_for(state: dict) -> list[int]:
    """Seats that have not bid yet this round (public: only "ready" or not)."""
    if state["phase"] != BIDDING:
        return []
    return [s for s in turn_order(state) if state["bids"][s] is None]


# -- board ---------------------------------------------------------------------
def standing_towers(state: dict) -> list[str]:
    """Tower circles whose tower is still on the board (not yet scored)."""
    return [c for c in state["tower_circles"] if c not in state["scored"]]


def is_standing_tower(state: dict, circle: str) -> bool:
    return circle in state["tower_circles"] and circle not in state["scored"]


def empty_circles(state: dict) -> list[str]:
    """Circles a stone may be placed on: no stone and no standing tower.

    A scored tower leaves the board and its circle becomes an ordinary empty circle.
    """
    return [c for c in board.CIRCLES
            if c not in state["board"] and not is_standing_tower(state, c)]


def removable_circles(state: dict) -> list[str]:
    """Circles holding a placed stone (any of them; towers' top stones are never removed)."""
    return [c for c in board.CIRCLES if c in state["board"]]


def matching_neighbours(state: dict, tower: str) -> int:
    """Stones next to ``tower`` of its top-stone colour (it scores on the third)."""
    colour = state["tower_colours"].get(tower)
    return sum(1 for c in board.neighbours(tower) if state["board"].get(c) == colour)


# -- resolution ----------------------------------------------------------------
def pending_step(state: dict) -> dict[str, Any] | None:
    """What resolution waits for: whose step, what they must do and the legal circles."""
    pending = state.get("pending")
    if state["phase"] != RESOLVING or not pending:
        return None
    seat, step = pending["seat"], pending["step"]
    if step == REMOVE:
        choices = removable_circles(state)
        prompt = f"{name(state, seat)}: remove a stone from the board with your red stone"
    else:
        choices = empty_circles(state)
        prompt = f"{name(state, seat)}: place your {pending['colour']} stone on an empty circle"
    return {"seat": seat, "name": name(state, seat), "step": step,
            "colour": pending["colour"], "choices": choices, "prompt": prompt}


def seats_to_act(state: dict) -> list[int]:
    if state["phase"] == BIDDING:
        return waiting_for(state)
    step = pending_step(state)
    return [step["seat"]] if step else []


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


def towers_won(state: dict, seat: int) -> int:
    return len(state["won"][seat])


def holds_red(state: dict, seat: int) -> bool:
    return state["hands"][seat] == RED
