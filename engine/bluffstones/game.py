"""BluffStones (a SiegeStones variant by Jeff Morrow) for 2 or 3 players.

The stones, towers and board stay on the real table; the app keeps the secret bids,
walks the table through each round's resolution and keeps the score.

The moves (declared once, with their words, in :mod:`engine.bluffstones.moves`; colours are ``"blue"``,
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

from engine.bluffstones import board, setup as setup_phase, views
from engine.bluffstones.moves import MOVES
from engine.bluffstones.state import BIDDING, OVER, RESOLVING, SETUP, new_state, to_act
from engine.game import Game, Setting

DEFAULT_TOWERS_TEXT = " ".join(board.DEFAULT_TOWERS)


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
    views = views
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



GAME = BluffStones()
