"""Rock Garden (Karesansui): the rules engine the phones and the table screen drive.

The bag is on the real table: every action records what happened ("drew R2"); the app
never draws. Rocks are written as colour letter + value (``R1`` .. ``W3``), the black
rock as ``K``; a list of rocks is a list of such strings or one string "R1 G2 G2".
Piles are numbered from 0 in payloads (pile 1 on screen is ``"pile": 0``).

Who may send what
-----------------
``seat`` is the seat the action is for. The table's authority layer lets the host send
an action for any seat (with ``seat`` set to that seat), which is how pass-and-play
works. A host action with ``seat=None`` may instead name the seat as ``"player"``; a
player's own device may not act for someone else (``player`` must then equal ``seat``).

Action vocabulary (kind: payload -- who -- when)
------------------------------------------------
``setup_draw``: ``{"rocks": "R1 G2 ..", "player"?}`` -- that seat or the host -- setup:
    rocks a player drew for their starting garden; one at a time or all five at once
    (at most 5 in total).
``start_player``: ``{"player": seat}`` -- anyone -- setup: who starts round 1 (can be
    changed until round 1 begins). Round 1 begins by itself once every garden has its
    five rocks and a start player is chosen.
``draw``: ``{"rocks": "R2 B3 .."}`` (or ``"rock"``) -- the start player or the host
    (``seat=None``) -- phase ``piles``: rocks drawn for the piles in order; a pile is
    complete exactly when its value reaches 6+, then the next starts; bidding begins by
    itself when the last pile is complete. ``K`` (the black rock) ends the game at once.
``bid``: ``{"pile": index, "rocks": "R1 G1"}`` (rocks may be empty: a bid of nothing)
    -- the seat whose turn it is -- phase ``bidding``. Rocks come from the bidder's
    garden. On a pile with a bid, the new bid must be worth less, or the same with fewer
    rocks; a bid of no rocks cannot be undercut. The undercut bidder's rocks go back to
    their garden.
``pass``: ``{"rock": "R2"}`` (the rock drawn from the bag; ``"K"`` for the black rock;
    omitted only if the bag is empty) -- the seat whose turn it is -- phase ``bidding``,
    only when every pile has a bid. The passer takes a Pass card (1 demerit); then the
    exchange happens by itself (bid rocks to the bag, each pile to its bidder).
``turn_in``: ``{"rocks": "R1 R1 R1"}`` -- the seat whose turn it is -- phase
    ``turn_ins``: one forbidden set from that garden; the player takes the top card of
    that deck and goes on while any set remains. Players without a set are skipped;
    when nobody has one the black rock advances and the next round starts (the passer
    lays out the piles), or the game ends if an ending was triggered.
``correct_garden``: ``{"rocks": "..", "player"?}`` -- that seat or the host -- any time
    before the game is over: sets a garden to what is really on the board (a miscount);
    the difference goes to or from the bag.

Turn order decisions (the texts are silent)
-------------------------------------------
Bidding starts with the start player and goes clockwise; a player whose bid still
stands is skipped (one rake each), so the turn goes to the next player clockwise with
no standing bid. Once every pile has a bid exactly one player is left to act, and must
undercut or pass. Turn-ins start with the passer and go clockwise. A garden corrected
during the turn-ins is checked again only for the current player and those after.
If the bag runs dry while piles are drawn, the piles stand as drawn.
Every action can be undone (none reveals a hidden value before the game is over).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.game import Action, Game, Setting, copied
from engine.rockgarden import play, rules, view as views
from engine.rockgarden.rocks import COLOURS, DEFAULT_COLOUR_NAMES
from engine.rockgarden.sets import AFTER_DECK
from engine.rockgarden.state import OVER, Options, Player, RockGardenState

COLOUR_SETTING_KEYS = tuple(f"colour_{c}" for c in COLOURS)

KINDS = ("setup_draw", "start_player", "draw", "bid", "pass", "turn_in", "correct_garden")


def acting_seat(state: RockGardenState, action: Action) -> int | None:
    """The seat an action is for: ``seat``, or the host's ``player`` when seat is None."""
    player = action.get("player")
    if action.seat is not None:
        if not isinstance(action.seat, int) or not 0 <= action.seat < state.n:
            raise IllegalAction("There is no such seat at this table")
        if player is not None and player != action.seat:
            raise IllegalAction("You can only act for your own seat")
        return action.seat
    if player is None:
        return None
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.n:
        raise IllegalAction("There is no such player at this table")
    return player


class RockGarden(Game):
    id = "rockgarden"
    title = "Rock Garden"
    min_players = 2
    max_players = 6
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

    # -- setup -------------------------------------------------------------------
    def setup(self, players: list[str], settings: Mapping[str, Any]) -> RockGardenState:
        self.check_players(list(players))
        checked = self.check_settings(settings, len(players))
        options = Options(
            tracker_spaces=checked["tracker_spaces"],
            after_deck=checked["after_deck"],
            colour_names=tuple(checked[k].strip() or DEFAULT_COLOUR_NAMES[i]
                               for i, k in enumerate(COLOUR_SETTING_KEYS)),
        )
        return RockGardenState(players=[Player(name) for name in players], options=options)

    # -- play --------------------------------------------------------------------
    def apply(self, state: RockGardenState, action: Action) -> RockGardenState:
        if state.phase == OVER:
            raise IllegalAction("The game is over")
        if action.kind not in KINDS:
            raise IllegalAction(f"Rock Garden has no action '{action.kind}'")
        if not isinstance(action.payload, Mapping):
            raise IllegalAction("That action is missing its details")
        new = copied(state)
        payload = action.payload
        kind = action.kind
        if kind == "start_player":  # here "player" names the start player, not the actor
            acting_seat(new, Action(action.seat, kind, {}))
            play.do_start_player(new, payload)
            return new
        actor = acting_seat(new, action)
        if kind == "setup_draw":
            play.do_setup_draw(new, self._needs_seat(actor, "whose garden"), payload)
        elif kind == "draw":
            play.do_draw(new, actor, payload)
        elif kind == "bid":
            play.do_bid(new, actor, payload)
        elif kind == "pass":
            play.do_pass(new, actor, payload)
        elif kind == "turn_in":
            play.do_turn_in(new, actor, payload)
        elif kind == "correct_garden":
            play.do_correct_garden(new, self._needs_seat(actor, "whose garden"), payload)
        return new

    @staticmethod
    def _needs_seat(actor: int | None, what: str) -> int:
        if actor is None:
            raise IllegalAction(f"Say {what} it is")
        return actor

    # -- reading -----------------------------------------------------------------
    def view(self, state: RockGardenState, seat: int | None) -> dict:
        return views.view(state, seat)

    def is_over(self, state: RockGardenState) -> bool:
        return state.phase == OVER

    def result(self, state: RockGardenState) -> dict | None:
        return views.result(state)

    def describe(self, state: RockGardenState, action: Action, viewer: int | None) -> str:
        return views.describe(state, action, viewer)

    def undoable(self, action: Action) -> bool:
        return True

    def seats_to_act(self, state: RockGardenState) -> list[int]:
        return rules.seats_to_act(state)


GAME = RockGarden()
