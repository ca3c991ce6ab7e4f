"""Pai Sho by Frank's rules: the board on the phone, or the score keeper of a real board.

The companion keeps each player's tiles by place (hand, board, Pot, returned), the
harmonies and their timers, the points, the blooming White Lotus and the end of the game.
With the board on the phone (setting ``board``, on for new tables) it keeps the tiles by
point and finds captures, returns, deaths and harmonies itself; without it, players record
what they did. Either way the app refuses what the tiles or the rules cannot allow.

Moves
=====

Declared once, each with its handler, its check and its words, in
:mod:`engine.paisho.moves`: place, move, the Boat and the Wheel, capture and return,
pass, the harmonies recorded outside the turn, a Knotweed's kill, forfeit. The rules
they share (harmonies, the end of a turn, the board finding what happened) are in
:mod:`engine.paisho.rules`.

Points and timers
=================

A harmony pays 1 point each time its owner completes a 3rd, 6th, 9th... turn since it
was formed, while it is intact. A harmony formed during its owner's turn counts that
turn's end as the first. Broken and remade is a new harmony with a new count. A harmony
whose tiles are no longer on the board (captured, returned) breaks by itself, newest
first when the tiles left cannot hold them all; so do lotus harmonies when the lotus
stops blooming.

The end
=======

- A player whose score reaches the target (setting ``target``, default 30; checked when
  their turn ends) wins.
- A player all of whose flower and special tiles (White Dragon, White Lotus: the rules'
  "Special Tiles") are in the Pot is out; so is a player who forfeits. When one player
  is left they win. With 2 players that ends the game at once; with 4 (one per port) the
  others play on. (Decision: the rules only say "any player can forfeit the game".)
- Turns go clockwise (seat order), seat 0 first, skipping players who are out.

The history is the table's log in words (each move's own words); the state keeps only
game facts: tiles by place, the intact harmonies and the latest broken ones with the
turns they were formed and broken, the turn each point was scored in (for the final
chart of the score by turn), and what the latest move did besides its tile change
(:mod:`engine.paisho.aftermath`), for its words.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.game import Game, Setting
from engine.paisho import views
from engine.paisho.harmony import NEXT, REACHES
from engine.paisho.moves import MOVES
from engine.paisho.rules import OVER, PLAYING
from engine.paisho.tiles import new_inventory


class PaiSho(Game):
    id = "paisho"
    title = "Pai Sho (Frank's rules)"
    min_players = 2
    max_players = 4
    settings = (
        Setting("target", "Harmony points to win", 30, kind="int", minimum=1, maximum=999,
                help="The first player to reach this score (checked at the end of their turn) wins."),
        Setting("board", "Board on the phone", True, kind="bool",
                help="The app keeps the board: tap a tile, then a point; it finds harmonies, "
                     "captures, returns and Knotweed deaths itself. Off: players record them."),
        Setting("harmony_reach", "Harmony reach", NEXT, kind="choice", choices=REACHES,
                help="next: two flowers next to each other (only non-blooming White Lotuses "
                     "may stand between); line: anywhere on one line with only empty points "
                     "between (Skud Pai Sho)."),
    )
    moves = MOVES
    phase_labels = {PLAYING: "the game", OVER: "the end of the game"}
    rules_summary = (
        "The board stays on the table: on your turn, record what you did (place, move, "
        "capture, return with a Boat or Wheel, or pass) and any harmony formed or broken.",
        "Captures: a flower takes only its opposite (Jasmine/Rose, Lily/Chrysanthemum, "
        "White Jade/Rhododendron); a capture with an elemental tile (Knotweed, Boat, Wheel, "
        "Rock) sends both tiles to the Pot; the White Dragon and White Lotus capture and are "
        "captured by anything, and only the captured tile goes.",
        "Harmonies: two flowers next to each other on the harmony ring (Rose, Chrysanthemum, "
        "Rhododendron, Jasmine, Lily, White Jade), or a blooming White Lotus with a flower.",
        "A harmony pays 1 point for every 3 of its owner's turns it stays intact; broken and "
        "remade, it counts again from the start.",
        "The White Lotus blooms for the player who has captured fewer tiles than every opponent.",
        "Anyone records a harmony broken or a Knotweed's kill at any time; a player may forfeit "
        "at any time.",
        "The game ends when a player reaches the target score, or when the last opponent is out "
        "(every flower and special tile in the Pot, or a forfeit).",
    )

    def check_players(self, players: list[str]) -> None:
        if len(players) not in (2, 4):
            raise IllegalAction(f"Pai Sho is for 2 players, or 4 (one per port), not {len(players)}")

    def setup(self, players: list[str], settings: dict) -> dict:
        self.check_players(list(players))
        settings = dict(settings or {})
        target = settings.get("target", 30)
        n = len(players)
        mirrored = {"board": {}, "reach": settings.get("harmony_reach", NEXT), "last": None} \
            if settings.get("board") else {}
        return {
            **mirrored,
            "players": list(players),
            "target": int(target),
            "tiles": [new_inventory() for _ in range(n)],
            "captured": [0] * n,
            "scores": [0] * n,
            "turns": [0] * n,
            "turn": 0,
            "current": 0,
            "harmonies": [],
            "broken": [],
            "next_id": 1,
            "out": [None] * n,
            "over": False,
            "winner": None,
            "end_reason": None,
            "point_turns": [[] for _ in range(n)],  # per seat: the turn of each point scored
        }

    # -- where the game stands ------------------------------------------------------
    def phase(self, state: dict) -> str:
        return OVER if state["over"] else PLAYING

    def to_act(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def is_over(self, state: dict) -> bool:
        return state["over"]

    # -- views ------------------------------------------------------------------------
    def public(self, state: dict) -> dict:
        return views.public(state)

    def private(self, state: dict, seat: int) -> dict | None:
        if not (isinstance(seat, int) and 0 <= seat < len(state["players"])):
            return None
        return views.private(state, seat)

    def result(self, state: dict) -> dict | None:
        return views.result(state) if state["over"] else None


GAME = PaiSho()
