"""Rock Garden's test helpers, shared by its engine, screen and table-screen tests:
moves made as a seat's phone or the host's device would (``act``, ``host``), the usual
starting positions, and a table on the real hub (:class:`Table`) with the browser test's
gardens and piles."""

from __future__ import annotations

from companion.table.hub import HOST
from engine.game import Action
from engine.rockgarden import GAME
from engine.rockgarden.rules import parse_rocks
from engine.check import play

# Starting gardens without any forbidden set.
A_START = "R1 R2 Y1 G2 B3"
B_START = "Y2 Y3 G1 B1 W2"
C_START = "G3 B2 W1 W3 R3"
D_START = "R1 Y1 B1 B2 W3"


def act(state, seat, kind, **payload):
    """``seat``'s own phone sends the move (None: the host's device, for the table)."""
    return play(GAME, state, Action(seat, kind, payload), host=seat is None)


def host(state, seat, kind, **payload):
    """The host's device sends the move for ``seat`` (pass-and-play)."""
    return play(GAME, state, Action(seat, kind, payload), host=True)


def started(n=3, start=0, settings=None, gardens=(A_START, B_START, C_START, D_START)):
    state = GAME.setup(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:n], settings or {})
    for seat in range(n):
        state = act(state, seat, "setup_draw", rocks=gardens[seat] if seat < len(gardens)
                    else ["W1", "W2", "G1", "Y3", "B3"])
    state = act(state, None, "start_player", player=start)
    return state


def with_gardens(state, *gardens):
    """The host corrects gardens to given rocks (a legal move) to set up a scenario."""
    for seat, given in enumerate(gardens):
        if given is not None and parse_rocks(given) != state["gardens"][seat]:
            state = host(state, seat, "correct_garden", rocks=given)
    return state


def play_quiet_round(state, passer_rock="W1"):
    """Start player lays 2 piles, bids nothing, the next bids nothing, the third passes."""
    start = state["start_player"]
    state = act(state, start, "draw", rocks="R3 Y3 G3 B3")
    state = act(state, state["turn"], "bid", pile=0, rocks="")
    state = act(state, state["turn"], "bid", pile=1, rocks="")
    return act(state, state["turn"], "pass", rock=passer_rock)


def black_in_bag_state():
    state = started(3, settings={"tracker_spaces": 1})
    state = with_gardens(state, "G1", "Y2", "B3")
    state = play_quiet_round(state)
    assert state["black"] == "bag" and state["phase"] == "piles"
    return state


PLAYERS = ["Ann", "Bo", "Cy", "Di"]
GARDENS = ["R1 R2 R3 R3 Y2", "Y1 Y1 Y1 W1 W2", "G1 B1 W3 R2 Y3", "B1 B2 W3 W3 G2"]


def rocks(codes: str) -> list[str]:
    names = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Blue", "W": "White"}
    roman = {"1": "I", "2": "II", "3": "III"}
    return [f"{names[c[0]]} {roman[c[1]]}" for c in codes.split()]


class Table:
    """One table on the real hub; moves made for a seat as its phone would."""

    def __init__(self, app, players=PLAYERS, **settings):
        self.app = app
        self.players = list(players)
        self.hub = app.create("rockgarden", self.players, settings)

    @property
    def state(self) -> dict:
        return self.hub.match.state

    def apply(self, seat, kind, **payload):
        self.hub.act(HOST, kind, payload, None, seat)

    @property
    def sent(self) -> list[tuple]:
        """Every move the table accepted: (kind, payload, seat)."""
        return [(e.action.kind, dict(e.action.payload), e.action.seat) for e in self.hub.match.log]

    async def phones(self, *seats):
        return [await self.app.seat(self.hub, s) for s in seats]


async def tap(tab, *labels):
    for label in labels:
        await tab.tap(label)


def gardens_drawn(t: Table) -> None:
    """Every starting garden of the browser test drawn; no start player yet."""
    for seat, garden in enumerate(GARDENS):
        t.apply(seat, "setup_draw", rocks=garden)


def setup_round_one(t: Table) -> None:
    """Gardens and piles of the browser test: Bo starts and lays out G2 B2 R3 | Y3 G3 | B3 R3."""
    gardens_drawn(t)
    t.apply(0, "start_player", player=1)
    t.apply(1, "draw", rocks="G2 B2 R3 Y3 G3 B3 R3")


def three_bids(t: Table) -> None:
    """Round one laid out, then Bo, Cy and Di bid on the three piles: Ann must undercut
    or pass."""
    setup_round_one(t)
    for seat, pile, rocks in ((1, 0, "W1 W2"), (2, 1, "G1"), (3, 2, "B1")):
        t.apply(seat, "bid", pile=pile, rocks=rocks)


def to_turn_ins(t: Table) -> None:
    three_bids(t)
    t.apply(0, "bid", pile=0, rocks="")
    t.apply(1, "pass", rock="W3")


def score_round_one(t: Table) -> None:
    """Bo turns in Trips then the Straight Flush; Ann her Straight Flush: round 2."""
    t.apply(1, "turn_in", rocks="Y1 Y1 Y1")
    t.apply(1, "turn_in", rocks="W1 W2 W3")
    t.apply(0, "turn_in", rocks="R1 R2 R3")
