"""Rock Garden (Karesansui): the rules engine the phones and the table screen drive.

The bag is on the real table: every move records what happened ("drew R2"); the app
never draws. Rocks are written as colour letter + value (``R1`` .. ``W3``), the black
rock as ``K``; rocks in a payload are one text "R1 G2 G2" or a list ``["R1", "G2"]``.
Piles are numbered from 0 in payloads (pile 1 on screen is ``"pile": 0``).

Moves (kind: payload -- who -- phase)
-------------------------------------
Declared with their words in :mod:`engine.rockgarden.moves`. The table model (:mod:`engine.table`) decides who acts: a phone acts for its own seat;
the host acts for any seat by sending the move with that seat (pass-and-play), and a
turn move the host sends with no seat is for the one seat to act.

``setup_draw``: ``{"rocks": "R1 G2 .."}`` -- a seat for its own garden, the host for any
    -- setup: rocks a player drew for their starting garden; one at a time or all five
    at once (at most 5 in total).
``start_player``: ``{"player": seat}`` -- anyone -- setup: who starts round 1 (can be
    changed until round 1 begins). Round 1 begins by itself once every garden has its
    five rocks and a start player is chosen.
``draw``: ``{"rocks": "R2 B3 .."}`` -- the start player (or the host) -- piles: rocks
    drawn for the piles in order; a pile is complete exactly when its value reaches 6+,
    then the next starts; bidding begins by itself when the last pile is complete.
    ``K`` (the black rock) ends the game at once.
``bid``: ``{"pile": index, "rocks": "R1 G1"}`` (no rocks: a bid of nothing) -- the seat
    whose turn it is -- bidding. Rocks come from the bidder's garden. On a pile with a
    bid, the new bid must be worth less, or the same with fewer rocks; a bid of no rocks
    cannot be undercut. The undercut bidder's rocks go back to their garden.
``pass``: ``{"rock": "R2"}`` (the rock drawn from the bag; ``"K"`` for the black rock;
    omitted only if the bag is empty) -- the seat whose turn it is -- bidding, only when
    every pile has a bid. The passer takes a Pass card (1 demerit); then the exchange
    happens by itself (bid rocks to the bag, each pile to its bidder).
``turn_in``: ``{"rocks": "R1 R1 R1"}`` -- the seat whose turn it is -- turn_ins: one
    forbidden set from that garden; the player takes the top card of that deck and goes
    on while any set remains. Players without a set are skipped; when nobody has one the
    black rock advances and the next round starts (the passer lays out the piles), or
    the game ends if an ending was triggered.
``correct_garden``: ``{"rocks": ".."}`` -- a seat for its own garden, the host for any
    -- any time before the game is over, but during the turn-ins only the host: sets a
    garden to what is really on the board (a miscount); the difference goes to or from
    the bag. A forbidden set it leaves is turned in this round, even by a player whose
    turn-in has passed (the turn comes back to them before the round ends).

Turn order decisions (the texts are silent)
-------------------------------------------
Bidding starts with the start player and goes clockwise; a player whose bid still
stands is skipped (one rake each), so the turn goes to the next player clockwise with
no standing bid. Once every pile has a bid exactly one player is left to act, and must
undercut or pass. Turn-ins start with the passer and go clockwise. If the bag runs dry
while piles are drawn, the piles stand as drawn. Every move can be undone by its author
or the host (no move reveals a hidden value before the game is over); the move that
ended the game only by the host, and the demerit cards the end showed stay shown.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.game import Game, Setting
from engine.rockgarden import rules, view as views
from engine.rockgarden.moves import MAX_PLAYERS, MOVES
from engine.rockgarden.rocks import COLOURS, DEFAULT_COLOUR_NAMES
from engine.rockgarden.sets import AFTER_DECK
from engine.rockgarden.state import BIDDING, OVER, PILES, SETUP, TURN_INS, cards_of, new_state

COLOUR_SETTING_KEYS = tuple(f"colour_{c}" for c in COLOURS)


class RockGarden(Game):
    id = "rockgarden"
    title = "Rock Garden"
    min_players = 2
    max_players = MAX_PLAYERS
    settings = (
        Setting("tracker_spaces", "Round tracker spaces", 6, kind="int", minimum=1, maximum=20,
                help="The black rock starts on space 1, advances after each round's "
                     "scoring, and goes into the bag after the last space."),
        Setting("after_deck", "A set after its deck runs out costs", "continue",
                kind="choice", choices=AFTER_DECK,
                help="continue: 11, 12, ... on paper; ten: 10 each."),
    ) + tuple(
        Setting(key, f"Name of colour {letter}", DEFAULT_COLOUR_NAMES[i], kind="text",
                help=f"What the rocks written {letter}1..{letter}3 are called at this table.")
        for i, (key, letter) in enumerate(zip(COLOUR_SETTING_KEYS, COLOURS))
    )
    phase_labels = {
        SETUP: "the setup",
        PILES: "the laying out of the piles",
        BIDDING: "the bidding",
        TURN_INS: "the turn-ins",
        OVER: "the end of the game",
    }
    rules_summary = (
        "Setup: each player draws 5 rocks for their garden; a start player is chosen.",
        "1. Piles: the start player draws rocks into one fewer pile than players; a pile "
        "is complete at a value of 6 or more (I = 1, II = 2, III = 3).",
        "2. Bidding, clockwise from the start player: bid rocks from your garden on a pile, "
        "or pass. A bid replaces a standing one only if it is worth less, or the same with "
        "fewer rocks; a bid of no rocks cannot be undercut. Nobody passes while a pile has "
        "no bid.",
        "3. The passer takes a Pass card (1 demerit) and draws a rock; the others give their "
        "bid rocks to the bag and take their pile.",
        "4. Turn-ins, from the passer clockwise: Trips (3 identical rocks), Foursome (4 "
        "colours of one value) and Straight Flush (I, II, III of one colour) must be turned "
        "in, each for the top card of its deck: the cards of a deck are worth 1, 2, ... 10.",
        "5. The black rock advances on the round tracker; after its last space it goes into "
        "the bag. The passer starts the next round.",
        "The end: the black rock drawn for the piles ends the game at once; drawn by the "
        "passer, or the last card of a deck taken, after that round's scoring.",
        "Fewest demerits wins; a tie goes to fewer rocks in the garden. Demerit cards are "
        "hidden until the end: each player sees their own.",
    )
    moves = MOVES
    views = views

    # -- setup -------------------------------------------------------------------
    def setup(self, players: list[str], settings: Mapping[str, Any]) -> dict:
        self.check_players(list(players))
        checked = self.check_settings(settings, len(players))
        return new_state(
            list(players),
            tracker_spaces=checked["tracker_spaces"],
            after_deck=checked["after_deck"],
            colour_names={c: checked[k].strip() or DEFAULT_COLOUR_NAMES[i]
                          for i, (c, k) in enumerate(zip(COLOURS, COLOUR_SETTING_KEYS))},
        )

    # -- where the game stands ------------------------------------------------------
    def phase(self, state: dict) -> str:
        return state["phase"]

    def to_act(self, state: dict) -> list[int]:
        return rules.to_act(state)


    # -- an ended game's demerits stay shown if the end is undone --------------------
    def shown_at_end(self, state: dict) -> Any:
        """The demerit cards the end showed everyone, per seat."""
        cards = [cards_of(state, seat) for seat in range(len(state["players"]))]
        return {"cards": cards} if any(cards) else None

    def keep_shown(self, state: dict, shown: Any) -> dict:
        """Those cards stay public (``players[i]["shown"]``); idempotent. Of two undone
        ends, each seat keeps the longer list it showed."""
        cards = shown.get("cards") if isinstance(shown, dict) else None
        n = len(state["players"])
        if not isinstance(cards, list) or len(cards) != n:
            return state
        kept = state["shown"] if state["shown"] is not None else [[] for _ in range(n)]
        merged = []
        for old, new in zip(kept, cards):
            good = isinstance(new, list) and all(_is_card(c) for c in new)
            merged.append([dict(c) for c in new] if good and len(new) > len(old) else old)
        state["shown"] = merged
        return state


def _is_card(card: Any) -> bool:
    return (isinstance(card, dict) and isinstance(card.get("deck"), str)
            and isinstance(card.get("value"), int) and isinstance(card.get("round"), int)
            and isinstance(card.get("on_paper"), bool))


GAME = RockGarden()
