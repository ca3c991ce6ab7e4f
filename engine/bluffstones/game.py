"""BluffStones (a SiegeStones variant by Jeff Morrow) for 2 or 3 players.

The stones, towers and board stay on the real table; the app keeps the secret bids,
walks the table through each round's resolution and keeps the score.

The moves (declared once in :attr:`BluffStones.moves`; colours are ``"blue"``,
``"yellow"``, ``"green"``, ``"red"``, any case, or their first letter; circles are labels
like ``"D4"``, see :mod:`engine.bluffstones.board`; the shapes are in
:mod:`engine.bluffstones.schemas`):

Setup (``phase == "setup"``; any seat or the host, repeatable until ``start``;
``public["setup"]["missing"]`` says what is still needed):

- ``towers`` ``{"circles": ["B2", "B4", ...]}``: the 7 tower circles (7 distinct
  circles; a list or a text ``"B2 B4 D2 ..."``). Defaults to the table setting.
  Colours already recorded for circles that stay towers are kept.
- ``tower_colour`` ``{"circle": "D4", "colour": "blue"}`` or
  ``{"colours": {"D4": "blue", "B2": "green", ...}}``: the top stone drawn for a
  tower (blue, yellow or green; at most 3 of each over the 7 towers).
- ``start_player`` ``{"player": seat}``: who takes the turn tower (the subject, not
  the sender).
- ``start`` ``{}``: begin round 1; open once all 7 colours and the start player are
  recorded.

Bidding (``phase == "bidding"``):

- ``bid`` ``{"count": 0 | 1 | 2, "colour": "blue"}``: a seat's own sealed bid (the host
  bids for a seat by sending it with that seat). Secret and simultaneous: other seats
  only learn that the player is "ready", and no other seat's view depends on it. A
  player may bid again to change their bid until the reveal. Zero needs no colour.
  Refused: more stones than the player has of that colour. Seats with no stones left
  are ready with a zero bid automatically.
- ``reveal`` ``{}``: any seat or the host, once every seat is ready. Shows every bid
  (so it is never undone) and resolves what needs no choice: all zero ends the game;
  a two-stone bid makes every bidder throw one bid stone away.

Resolving (``phase == "resolving"``; ``public["pending"]`` says whose step, what, the
legal circles and, for a placement, what each circle would give the others):

- ``remove`` ``{"circle": "C3"}``: the seat holding a red stone removes the placed stone
  on that circle; both are thrown away. Red stones go first, in turn order.
- ``place`` ``{"circle": "E2"}``: the seat holding a blue/yellow/green stone puts it
  on an empty circle, in turn order after all red stones. A tower whose top colour
  now has three matching stones next to it is scored by this seat (two towers can score
  at once).
  Both are the pending seat's turn (the host may send them with no seat: for that seat).

When the last step is done the turn tower passes clockwise (to seat + 1) and the next
round's bidding opens; ``public["last_round"]`` says in words what the round last
revealed did (from the facts the state keeps), until the next reveal.

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

from typing import Any, Mapping

from engine.bluffstones import board, rounds, setup as setup_phase, views
from engine.bluffstones.schemas import Circle, Circles, Colour, TowerColours
from engine.bluffstones.state import (
    BIDDING, OVER, RESOLVING, SETUP, name, new_state, to_act, towers_scored_by,
)
from engine.bluffstones.stones import COLOURS, TOWER_COLOURS, bid_words, check_bid, pile_total
from engine.errors import IllegalAction
from engine.game import Action, Game, Setting
from engine.bluffstones.news import told
from engine.moves import ANYONE, SEAT, TURN, Move, move_table
from engine.schema import Field, Int, fields

DEFAULT_TOWERS_TEXT = " ".join(board.DEFAULT_TOWERS)

SETUP_PHASES = (SETUP,)

MOVES = move_table(
    Move("towers", setup_phase.set_towers, who=ANYONE, phases=SETUP_PHASES,
         label="Moving the towers", payload=fields(
             circles=Field(Circles(), "The tower circles", required=True))),
    Move("tower_colour", setup_phase.set_tower_colours, who=ANYONE, phases=SETUP_PHASES,
         label="Recording a top colour", payload=fields(
             circle=Field(Circle(), "The tower's circle"),
             colour=Field(Colour(TOWER_COLOURS), "The top-stone colour"),
             colours=Field(TowerColours(), "The top-stone colours"))),
    Move("start_player", setup_phase.set_start_player, who=ANYONE, phases=SETUP_PHASES,
         label="Choosing the start player", payload=fields(
             player=Field(Int(0, 2), "The player who takes the turn tower", required=True))),
    Move("start", setup_phase.start, who=ANYONE, phases=SETUP_PHASES,
         label="Starting the game", when=setup_phase.start_refusal),
    Move("bid", rounds.bid, who=SEAT, phases=(BIDDING,), secret=True,
         label="Bidding", when=rounds.bid_refusal, payload=fields(
             count=Field(Int(0, 2, text=True), "The number of stones bid", required=True),
             colour=Field(Colour(COLOURS), "The colour of the stones bid"))),
    Move("reveal", rounds.reveal, who=ANYONE, phases=(BIDDING,), reveals=True,
         label="Revealing the bids", when=rounds.reveal_refusal),
    Move("remove", rounds.remove, who=TURN, phases=(RESOLVING,),
         label="Removing a stone", when=rounds.step_refusal("remove"), payload=fields(
             circle=Field(Circle(), "The circle", required=True))),
    Move("place", rounds.place, who=TURN, phases=(RESOLVING,),
         label="Placing a stone", when=rounds.step_refusal("place"), payload=fields(
             circle=Field(Circle(), "The circle", required=True))),
)

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
    moves = MOVES
    phase_labels = {
        SETUP: "the setup",
        BIDDING: "the secret bids",
        RESOLVING: "the resolution of the revealed bids",
        OVER: "the end of the game",
    }
    rules_summary = (
        "Setup: 7 towers on the board, each with a top stone drawn blind (blue, yellow or "
        "green); one player takes the turn tower.",
        "Each round every player bids in secret zero, one or two stones of one colour; "
        "when all are ready the bids are revealed at once.",
        "All zero: the game ends. Any two-stone bid: every bidder throws one bid stone away.",
        "Then, in turn order from the turn tower, each red stone removes a placed stone "
        "(both are thrown away), and each other stone is placed on an empty circle.",
        "A tower is worth 1: whoever places the third stone of its top colour next to it "
        "takes it.",
        "The turn tower passes clockwise each round. Winner: most towers, then most stones "
        "left.",
    )

    # -- setup -----------------------------------------------------------------
    def check_settings(self, settings: Mapping[str, Any] | None, n_players: int) -> dict:
        checked = super().check_settings(settings, n_players)
        setup_phase.check_tower_circles(checked["tower_circles"])
        return checked

    def setup(self, players: list[str], settings: Any) -> dict:
        self.check_players(list(players))
        checked = self.check_settings(settings, len(players))
        circles = setup_phase.check_tower_circles(checked["tower_circles"])
        return new_state(list(players), circles, checked["end_when_towers_gone"])

    # -- where the game stands ---------------------------------------------------
    def phase(self, state: dict) -> str:
        return state["phase"]

    def to_act(self, state: dict) -> list[int]:
        return to_act(state)

    # -- views ---------------------------------------------------------------------
    def public(self, state: dict) -> dict:
        return views.public(state)

    def private(self, state: dict, seat: int) -> dict:
        return views.private(state, seat)

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
                "reason": rounds.END_WORDS.get(state["end"]),
                "round": state["round"]}

    # -- the history ---------------------------------------------------------------
    def tells(self, before: dict, action: Action, after: dict, seat: int) -> str | None:
        return told(self, before, after, seat)

    def history_line(self, state: dict, action: Action, viewer: int | None, after: dict | None = None) -> str:
        """The action in words from the state before it, as ``viewer`` may read it: a
        bid's content only for its own seat. Computed, never applied; never raises."""
        try:
            text = _describe(state, action, viewer)
        except (IllegalAction, KeyError, IndexError, TypeError, ValueError, AttributeError):
            text = None
        return text or super().history_line(state, action, viewer)


def _who(state: dict, seat: Any) -> str:
    players = state["players"]
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]
    return "The host"


def _describe(state: dict, action: Action, viewer: int | None) -> str | None:
    kind, payload, seat = action.kind, action.payload, action.seat
    if not isinstance(payload, Mapping):
        return None
    if kind == "towers":
        circles = Circles().check(payload.get("circles"), "The tower circles")
        return f"Towers stand on {', '.join(circles)}"
    if kind == "tower_colour":
        if "colours" in payload:
            pairs = TowerColours().check(payload["colours"], "The colours").items()
        else:
            pairs = [(Circle().check(payload.get("circle"), "The circle"),
                      Colour(TOWER_COLOURS).check(payload.get("colour"), "The colour"))]
        return "; ".join(f"The tower on {c} has a {col} top stone" for c, col in pairs)
    if kind == "start_player":
        chosen = payload.get("player")
        if isinstance(chosen, int) and not isinstance(chosen, bool) \
                and 0 <= chosen < len(state["players"]):
            return f"{name(state, chosen)} takes the turn tower"
        return None
    if kind == "start":
        return setup_phase.start_words(state)
    if kind == "bid":
        who = _who(state, seat)
        if viewer is not None and viewer == seat:
            count = Int(0, 2, text=True).check(payload.get("count"), "The count")
            colour = payload.get("colour")
            colour = Colour(COLOURS).check(colour, "The colour") if colour is not None else None
            try:
                shown = check_bid(count, colour, state["piles"][seat])
            except IllegalAction:
                return f"{who} bid"
            return f"{who} bid {bid_words(shown)} (secret)"
        return f"{who} is ready"
    if kind == "reveal":
        bids = state["bids"]
        order = [s for s in range(len(bids))]
        if state["turn"] is not None:
            n = len(bids)
            order = [(state["turn"] + i) % n for i in range(n)]
        words = "Bids revealed: " + "; ".join(f"{name(state, s)} {bid_words(bids[s])}"
                                              for s in order)
        if all(b and not b.get("count") for b in bids):
            words += "; everyone bid zero: the game ends"
        return words
    if kind in ("remove", "place"):
        pending = state["pending"]
        circle = Circle().check(payload.get("circle"), "The circle")
        who = name(state, pending["seat"])
        if kind == "remove":
            colour = state["board"][circle]
            return (f"{who}'s red stone removes the {colour} stone on {circle} "
                    "(both thrown away)")
        colour = pending["colour"]
        words = f"{who} places a {colour} stone on {circle}"
        for tower in towers_scored_by(state, circle, colour):
            words += f"; {who} scores the {colour} tower on {tower}"
        return words
    return None


GAME = BluffStones()
