"""Four Big Strata: the game (the rules of four-big-strata.txt).

Flow. Setup (4 Money and 4 Grain each; the 3rd..7th player in turn order from the first
start player, the ``start_player`` setting, default the first seat, choose 1/1/2/2/2
more), then 15 rounds of Auction (secret bids, reveal, picks) -> Production and feeding
(one step: gains at once, then each seat feeds, discards down to 10 and taps done) ->
the cap to 10 for every player as the step ends (what each holds then: a flip made
after Done counts) -> Tribute (Influence taken as it begins) -> cap to 10, the start
player passing to the next seat clockwise ("left").
After round 15, each player places their flexible points (Empresses and "any one
class" bonuses) and the game is scored.

Phases (``state["phase"]``): ``setup``, ``auction``, ``pick``, ``production``,
``production_cap``, ``tribute``, ``tribute_cap``, ``scoring``, ``over``.
Steps where nobody has a choice are done by the engine at once (production gains, a
tribute or a discard after the tribute with only one possible split, a tribute a player
with only face-down cards cannot pay). The production step waits for every seat's
``done`` (players move the real tokens meanwhile); the host's ``move_on`` ends it for
everyone with nothing to choose.

Its rooms: :mod:`~engine.strata.moves` (every move: its declaration, handler, when it
is open and its words), :mod:`~engine.strata.flow` (the steps nobody chooses, and their
words), :mod:`~engine.strata.queries` (where a game stands: the questions the moves, the
views and the upgrades ask of a state), :mod:`~engine.strata.views` (what each seat
sees: the view contract), and the rules' arithmetic (``cards``, ``resources``,
``production``, ``tribute``, ``scoring``).

Decisions where the texts are silent (see also the module docstrings):
- Seats are clockwise; the first start player is a table setting (default seat 1).
- The bank is unlimited unless the table limits it (``bank_tokens``, 0: unlimited);
  a limited bank that runs out pays what it has (see :mod:`engine.strata.resources`).
- Production gains are paid when the step starts (a limited bank paying in seat order
  from the start player); feeding follows the display as it is when it is paid: a card
  turned face down to pay no longer charges. Tribute follows the Influence
  taken as the phase begins (CLARIFICATIONS): a flip to pay changes no debt
  of the phase; the next round's Influence counts the card as face down.
- The cap of 10 after production applies to every player as the step ends:
  Done already discards down to 10, and a player above 10 then (a flip after Done)
  discards again in ``production_cap``.
- A player who cannot pay must turn cards face down or exchange until they can; a
  player short with only face-down cards pays what they have of that resource and the
  rest is dropped (they are not made to exchange).
- The "4 for 2" trade card can be used any number of times, like the bank exchange.
- A face-down card counts for its column's class: complete sets and ``face_down_points``
  points (table setting, default 1); it has no effect.
- The all-face-down gift is due whenever an action leaves a non-empty display with no
  face-up card, by flipping the last face-up card or by taking a card face down (the
  history names it, in the line of that move).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.game import Game, Setting
from engine.strata.flow import settle
from engine.strata.moves import MOVES
from engine.strata.queries import (AUCTION, EXTRA_BY_TURN, OVER, PICK, PRODUCTION, PRODUCTION_CAP,
                                   SCORING, SETUP, START_GRAIN, START_MONEY, TRIBUTE, TRIBUTE_CAP,
                                   to_act)
from engine.strata.resources import BOX_TOKENS, GRAIN, MAX_BANK, MONEY
from engine.strata.tribute import DEFAULT_RATES, seat_order
from engine.strata.views import private_view, public_view, result_view


class Strata(Game):
    id = "strata"
    title = "Four Big Strata"
    min_players = 2
    max_players = 7
    moves = MOVES
    settings = (
        Setting("tribute_rate", "Tribute: Influence per resource", 4, minimum=1, maximum=20,
                help="For every this much more Influence than another player, a player takes "
                     "one resource from them (4 in the rules' 4-player example)."),
        Setting("face_down_points", "Points of a face-down card", 1, minimum=0, maximum=4,
                help="What a face-down card scores for the class of its column."),
        Setting("start_player", "First start player (seat number)", 1, minimum=1, maximum=7,
                help="Who holds the Start Player marker in round 1: 1 is the first seat, "
                     "2 the next clockwise, and so on. It passes left every round."),
        Setting("bank_tokens", "Bank: Money and Grain of each (0 = unlimited)", 0, minimum=0,
                maximum=MAX_BANK,
                help=f"0 (the default): the bank never runs out. {BOX_TOKENS} (the box's "
                     f"tokens) to {MAX_BANK}: a limited bank, which pays what it has left; "
                     "when it runs out, every screen says so."),
    )
    phase_labels = {
        SETUP: "the setup", AUCTION: "the secret bids", PICK: "the taking of cards",
        PRODUCTION: "production and feeding", PRODUCTION_CAP: "the discard after production",
        TRIBUTE: "the tribute", TRIBUTE_CAP: "the discard after the tribute",
        SCORING: "the final scoring", OVER: "the end of the game",
    }
    rules_summary = (
        "15 rounds. Setup: the start player is chosen (a table setting); 4 Money and "
        "4 Grain each; the 3rd to 7th players from the start player take 1/1/2/2/2 more "
        "of their choice.",
        "Auction: everyone bids Money in secret (0 is allowed); the bids are revealed at "
        "once and paid to the bank. Highest bid picks first; ties go to the player "
        "nearest the start player clockwise.",
        "The display has 7 cards, one face up per player (5 with 6 or 7 players); from "
        "round 7 one of them is an Empress. A face-down card may be placed in any class "
        "column, or turned face up for 2 Money.",
        "Production and feeding: cards produce (a card may have several effects; a "
        "face-down card has none); every card eats 1 Grain, plus its extra feeding. A "
        "player short must exchange or turn cards face down; with only face-down cards "
        "the rest is not paid. Each player taps Done once the real tokens are moved; when "
        "everyone is done, nobody keeps more than 10.",
        "Tribute: Influence is counted as the phase begins (turning a card face down to "
        "pay changes no debt). Taker by taker from the start player clockwise, each "
        "player takes one resource of their choice for every X more Influence (a table "
        "setting, 4 by default) from every player with less, those clockwise from the "
        "taker. What you received earlier can pay what you owe later. Then nobody keeps "
        "more than 10, and the start player passes left.",
        "At any time: exchange 4 of one resource for 1 of the other with the bank "
        "(4 for 2 with a trade card); turn a face-up card face down for 2 resources of "
        "your choice (never back). A player whose cards are all face down gets resources "
        "equal to the round.",
        "The bank never runs out, unless the table limits it (a setting); a limited bank "
        "that runs out pays what it has, and every screen says so.",
        "The end: Empresses and \"any one class\" points go to classes of each player's "
        "choice (the app proposes the best). Score = your lowest class; ties compare the "
        "second lowest, and so on.",
    )

    def check_settings(self, settings: Mapping[str, Any] | None, n_players: int) -> dict:
        checked = super().check_settings(settings, n_players)
        if checked["start_player"] > n_players:
            raise IllegalAction(f"First start player: a seat from 1 to {n_players}")
        if 0 < checked["bank_tokens"] < BOX_TOKENS:
            raise IllegalAction(f"Bank: 0 for an unlimited bank, or {BOX_TOKENS} to {MAX_BANK} "
                                "Money and Grain of each")
        return checked

    def default_settings(self, n_players: int) -> dict:
        merged = super().default_settings(n_players)
        merged["tribute_rate"] = DEFAULT_RATES.get(n_players, merged["tribute_rate"])
        return merged

    # -- setup -----------------------------------------------------------------------
    def setup(self, players: list[str], settings: Mapping[str, Any]) -> dict:
        self.check_players(list(players))
        n = len(players)
        checked = self.check_settings(settings, n)
        bank = checked["bank_tokens"]  # 0: unlimited (the bank is None)
        state = {
            "players": list(players),
            "settings": checked,
            "round": 0,
            "start": checked["start_player"] - 1,
            "phase": SETUP,
            MONEY: [START_MONEY] * n,
            GRAIN: [START_GRAIN] * n,
            "bank": {MONEY: bank - START_MONEY * n, GRAIN: bank - START_GRAIN * n} if bank else None,
            "extra_due": [0] * n,
            "cards": [[] for _ in range(n)],
            "next_id": 1,
            "market": {"up": 0, "down": 0, "empress": False},
            "bids": [None] * n,
            "revealed_bids": None,
            "pick_order": [],
            "picked": [False] * n,
            "production": None,
            "unpaid": [None] * n,
            "tribute": None,
            "final": None,
            "outcome": [],
        }
        for turn, seat in enumerate(seat_order(n, state["start"])):
            state["extra_due"][seat] = EXTRA_BY_TURN[turn]
        settle(state)  # no extras owed (two players): round 1 begins at once
        state["outcome"] = []
        return state

    # -- where the game stands -------------------------------------------------------
    def to_act(self, state: dict) -> list[int]:
        return to_act(state)

    # -- views -----------------------------------------------------------------------
    def public(self, state: dict) -> dict:
        return public_view(state)

    def private(self, state: dict, seat: int) -> dict | None:
        return private_view(state, seat)

    def result(self, state: dict) -> dict | None:
        return result_view(state)


GAME = Strata()
