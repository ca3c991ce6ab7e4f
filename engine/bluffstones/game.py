"""BluffStones (a SiegeStones variant by Jeff Morrow) for 2 or 3 players.

The stones, towers and board stay on the real table; the app keeps the secret bids,
walks the table through each round's resolution and keeps the score.

Action vocabulary (``Action(seat, kind, payload)``; colours are ``"blue"``,
``"yellow"``, ``"green"``, ``"red"``, any case, or their first letter; the key
``"color"`` is accepted for ``"colour"``; circles are
labels like ``"D4"``, see :mod:`engine.bluffstones.board`):

Setup phase (``phase == "setup"``; any seat or the host, repeatable until ``start``;
``view()["setup"]["missing"]`` says what is still needed):

- ``towers`` ``{"circles": ["B2", "B4", ...]}``: the 7 tower circles (7 distinct
  circles; a list or text ``"B2 B4 D2 ..."``). Defaults to the table setting.
  Colours already recorded for circles that stay towers are kept.
- ``tower_colour`` ``{"circle": "D4", "colour": "blue"}`` or
  ``{"colours": {"D4": "blue", "B2": "green", ...}}``: the top stone drawn for a
  tower (blue, yellow or green; at most 3 of each over the 7 towers).
- ``start_player`` ``{"player": seat}``: who takes the turn tower.
- ``start`` ``{}``: begin round 1. Refused until all 7 colours and the start player
  are recorded.

Bidding (``phase == "bidding"``):

- ``bid`` ``{"colour": "blue", "count": 0 | 1 | 2}`` or ``{"stones": ["blue",
  "blue"]}``: from the seat whose bid it is (the host may send it for a seat by using
  that seat). Secret: other seats only learn that the player is "ready". A player may
  bid again to change their bid until the reveal. Zero needs no colour. Refused: more
  stones than the player has of that colour, two different colours, more than two.
  Seats with no stones left are ready with a zero bid automatically.
- ``reveal`` ``{}``: any seat (a phone sends its own seat) or the host (``None``), once
  every seat is ready. Shows every bid
  (so it cannot be undone) and resolves what needs no choice: all zero ends the game;
  a two-stone bid makes every bidder throw one bid stone away.

Resolving (``phase == "resolving"``; :func:`~engine.bluffstones.state.pending_step` /
``view()["pending"]`` says whose step, what and the legal circles):

- ``remove`` ``{"circle": "C3"}``: the seat holding a red stone removes the placed stone
  on that circle; both are thrown away. Red stones go first, in turn order.
- ``place`` ``{"circle": "E2"}``: the seat holding a blue/yellow/green stone puts it
  on an empty circle, in turn order after all red stones. A tower whose top colour
  now has three matching stones next to it is scored by this seat (two towers can score
  at once).
  For both, ``seat`` must be the pending seat (or ``None`` when the host taps for them).

When the last step is done the turn tower passes clockwise (to seat + 1) and the next
round's bidding opens; ``view()["round_events"]`` keeps what happened until the next
reveal.

``view(state, seat)`` keys: ``phase``, ``round``, ``turn_tower`` (seat), ``turn_order``,
``players`` (per seat: ``pile``, ``stones_left``, ``towers`` won, ``tower_count``,
``ready`` while bidding, ``holds_turn_tower``, ``in_hand`` while resolving), ``board``
(``circles`` with x/y geometry, ``stones`` circle -> colour, ``towers`` with ``colour``,
``standing``, ``scored_by``, ``matching`` stones so far, ``empty`` circles),
``discard``, ``waiting_for``, ``can_reveal``, ``pending`` (``seat``, ``name``, ``step``,
``colour``, ``choices``, ``prompt``), ``revealed_bids`` (after the reveal),
``previous_round``, ``last_events`` / ``round_events`` (each with ``kind`` and ``text``;
a ``score`` event announces a tower), ``settings``, ``house_rules``, ``result`` (when
over), ``setup`` (during setup); for a player's own seat also ``my_bid`` and
``bid_choices``. Nothing in another seat's view depends on an unrevealed bid.

Decisions where the rules are silent (documented for the rules screen):

- A scored tower leaves the board and its circle becomes an ordinary empty circle
  where later stones may be placed; the stones around it stay.
- A red stone may remove any placed stone, wherever it is (also next to a scored
  tower), never a tower's top stone. With no stone on the board it is thrown away.
- A stone that finds no empty circle is thrown away (the round can always finish).
- Stones thrown away leave the game (``discard`` counts them).
- Only matching stones count towards a tower; the placer of the third one scores it.
- The game ends when everyone bids zero in the same round; also at the end of a round
  in which no player has a stone left (everyone could only bid zero), and, with the
  setting ``end_when_towers_gone`` (default on), at the end of the round in which the
  last tower was scored (nothing is left to win, so every sensible player bids zero).
- Winner: most towers; tie: most stones left in the pile; still tied: shared.
"""

from __future__ import annotations

from typing import Any

from engine.bluffstones import board, rounds, setup as setup_phase
from engine.bluffstones.state import (
    BIDDING, OVER, RESOLVING, SETUP, empty_circles, matching_neighbours, name, new_state, pending_step,
    seats_to_act, stones_left, turn_order, waiting_for,
)
from engine.bluffstones.stones import bid_words, legal_bids, parse_bid, pile_total
from engine.errors import IllegalAction
from engine.game import Action, Game, Setting, copied

DEFAULT_TOWERS_TEXT = " ".join(board.DEFAULT_TOWERS)

HOUSE_RULES = (
    "Bids stay secret until someone presses Reveal once everyone is ready; a bid can be "
    "changed until then. The reveal cannot be undone.",
    "A red stone removes any placed stone (never a tower's top stone); with none on the "
    "board it is thrown away.",
    "Only stones of a tower's top colour count; whoever places the third one next to it "
    "scores it.",
    "A scored tower leaves the board; its circle becomes an empty circle for later stones.",
    "A stone that finds no empty circle is thrown away.",
    "Players with no stones left are ready with a zero bid; the game ends when everyone "
    "bids zero or nobody has a stone left.",
    "Winner: most towers, then most stones left; still tied: shared.",
)
"""The decisions the rules text leaves open, for the rules/help screen."""

SETUP_KINDS = ("towers", "tower_colour", "start_player", "start")
PLAY_KINDS = ("bid", "reveal", "remove", "place")


class BluffStones(Game):
    id = "bluffstones"
    title = "BluffStones"
    min_players = 2
    max_players = 3
    settings = (
        Setting("tower_circles", "Tower circles", DEFAULT_TOWERS_TEXT, kind="text",
                help="The 7 circles the towers stand on (the rules' diagram is lost). "
                     "Default: the centre and six circles two steps out on the axes. "
                     "They can also be tapped during setup."),
        Setting("end_when_towers_gone", "End when every tower is scored", True, kind="bool",
                help="End the game at the end of the round in which the last tower was "
                     "scored (nothing is left to win); off: play on until all bid zero."),
    )

    # -- setup -----------------------------------------------------------------
    def setup(self, players: list[str], settings: Any) -> dict:
        self.check_players(list(players))
        checked = self.check_settings(settings, len(players))
        circles = setup_phase.check_tower_circles(checked["tower_circles"])
        return new_state(list(players), circles, checked["end_when_towers_gone"])

    # -- rules -------------------------------------------------------------------
    def apply(self, state: dict, action: Action) -> dict:
        kind = action.kind
        if kind not in SETUP_KINDS and kind not in PLAY_KINDS:
            raise IllegalAction(f"BluffStones has no action '{kind}'")
        if state["phase"] == OVER:
            raise IllegalAction("The game is over")
        if action.seat is not None and not (isinstance(action.seat, int)
                                            and 0 <= action.seat < len(state["players"])):
            raise IllegalAction("There is no such seat at this table")
        payload = action.payload or {}
        new = copied(state)
        if kind == "towers":
            return setup_phase.set_towers(new, payload)
        if kind == "tower_colour":
            return setup_phase.set_tower_colours(new, payload)
        if kind == "start_player":
            return setup_phase.set_start_player(new, payload)
        if kind == "start":
            return setup_phase.start(new)
        if kind == "bid":
            return rounds.bid(new, action.seat, payload)
        if kind == "reveal":
            return rounds.reveal(new)
        if kind == "remove":
            return rounds.remove(new, action.seat, payload)
        return rounds.place(new, action.seat, payload)

    # -- reading -------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        phase = state["phase"]
        holding = state["turn"] if state["turn"] is not None else state["start_player"]
        players = []
        for s, player in enumerate(state["players"]):
            players.append({
                "seat": s,
                "name": player,
                "pile": dict(state["piles"][s]),
                "stones_left": stones_left(state, s),
                "towers": list(state["won"][s]),
                "tower_count": len(state["won"][s]),
                "ready": state["bids"][s] is not None if phase == BIDDING else None,
                "holds_turn_tower": s == holding,
                "in_hand": state["hands"][s] if phase == RESOLVING else None,
            })
        towers = []
        for circle in state["tower_circles"]:
            scored_by = state["scored"].get(circle)
            towers.append({
                "circle": circle,
                "colour": state["tower_colours"].get(circle),
                "standing": scored_by is None,
                "scored_by": scored_by,
                "matching": matching_neighbours(state, circle)
                if state["tower_colours"].get(circle) else 0,
            })
        view: dict[str, Any] = {
            "game": self.id,
            "seat": seat,
            "phase": phase,
            "round": state["round"],
            "turn_tower": holding,
            "turn_order": turn_order(state),
            "players": players,
            "board": {
                "circles": board.geometry(),
                "stones": dict(state["board"]),
                "towers": towers,
                "empty": empty_circles(state),
            },
            "discard": dict(state["discard"]),
            "waiting_for": waiting_for(state),
            "can_reveal": phase == BIDDING and not waiting_for(state),
            "pending": pending_step(state),
            "revealed_bids": _public_bids(state),
            "previous_round": copied(state["previous_round"]),
            "last_events": _public_events(state["last_events"]),
            "round_events": _public_events(state["round_events"]),
            "settings": {"tower_circles": list(state["tower_circles"]),
                         "end_when_towers_gone": state["end_when_towers_gone"]},
            "house_rules": list(HOUSE_RULES) + (
                ["The game also ends after the round in which the last tower is scored "
                 "(table setting)."] if state["end_when_towers_gone"] else []),
            "result": self.result(state),
        }
        if phase == SETUP:
            view["setup"] = {
                "tower_circles": list(state["tower_circles"]),
                "tower_colours": dict(state["tower_colours"]),
                "start_player": state["start_player"],
                "missing": setup_phase.missing_setup(state),
                "default_towers": list(board.DEFAULT_TOWERS),
            }
        if isinstance(seat, int) and 0 <= seat < len(state["players"]):
            mine = state["bids"][seat] if phase == BIDDING else None
            view["my_bid"] = dict(mine) if mine else None
            view["bid_choices"] = legal_bids(state["piles"][seat]) if phase == BIDDING else []
        return view

    def is_over(self, state: dict) -> bool:
        return state["phase"] == OVER

    def result(self, state: dict) -> dict | None:
        """Ranking by towers, then stones left; equal on both share the rank."""
        if state["phase"] != OVER:
            return None
        n = len(state["players"])
        key = {s: (len(state["won"][s]), pile_total(state["piles"][s])) for s in range(n)}
        order = sorted(range(n), key=lambda s: (-key[s][0], -key[s][1], s))
        ranking = []
        for s in order:
            rank = 1 + sum(1 for o in range(n) if key[o] > key[s])
            ranking.append({"seat": s, "name": name(state, s), "rank": rank,
                            "towers": key[s][0], "stones_left": key[s][1],
                            "tower_circles": list(state["won"][s])})
        winners = [r["seat"] for r in ranking if r["rank"] == 1]
        return {"ranking": ranking, "winners": winners,
                "winner_names": [name(state, s) for s in winners],
                "reason": state["end_reason"]}

    # -- table services ------------------------------------------------------------------
    def describe(self, state: dict, action: Action, viewer: int | None) -> str:
        players = state["players"]
        if action.kind == "bid":
            seat = action.seat
            who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
            if viewer is not None and viewer == seat:
                try:
                    shown = parse_bid(action.payload or {}, state["piles"][seat])
                except (IllegalAction, KeyError, IndexError, TypeError):
                    return f"{who} bid"
                return f"{who} bid {bid_words(shown)} (secret)"
            return f"{who} is ready"
        try:
            after = self.apply(state, action)
        except IllegalAction:
            return super().describe(state, action, viewer)
        texts = [e["text"] for e in after["last_events"]]
        return "; ".join(texts) if texts else super().describe(state, action, viewer)

    def undoable(self, action: Action) -> bool:
        """The reveal shows every bid, so it is final; everything else can be undone."""
        return action.kind != "reveal"

    def needs_fresh_view(self, action: Action) -> bool:
        """Secret bids are simultaneous: one player's bid never waits for another's."""
        return action.kind != "bid"

    def seats_to_act(self, state: dict) -> list[int]:
        return seats_to_act(state)


def _public_bids(state: dict) -> list[dict] | None:
    """Bids as revealed this round (None before the reveal)."""
    if state["revealed"] is None:
        return None
    return [{"seat": s, "name": name(state, s), **bid} for s, bid in enumerate(state["revealed"])]


def _public_events(events: list[dict]) -> list[dict]:
    """Events are public by construction: only reveal-time or later facts are recorded."""
    return copied(events)


# -- helper queries for screens -------------------------------------------------------
def bid_choices(state: dict, seat: int) -> list[dict]:
    """The bids ``seat`` may make now (empty when not bidding)."""
    if state["phase"] != BIDDING:
        return []
    return legal_bids(state["piles"][seat])


GAME = BluffStones()
