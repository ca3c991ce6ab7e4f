"""Rock Garden: the last round's summary the public view carries (issue 26, point 2).

From a round's pass until the next round's piles are laid out, ``public["last_round"]``
says what each player took (a pile, or the Pass card), paid (the bid rocks), drew (the
passer's rock) and turned in. It is the table's own record (no screen compares views),
public like everything it lists, and never a card's value.
"""

from __future__ import annotations

import json

from engine.game import Action
from engine.plain import encoded
from engine.rockgarden import GAME
from engine.spec import make_spec
from engine.table import Match
from tests.rockgarden.support import act, black_in_bag_state, started, with_gardens

GARDENS = ("R1 Y1 G1 B2 W3", "R2 Y2 B1 W1 W2", "G3 B3 R3 G2 W2")


def summary(state) -> dict | None:
    return GAME.public(state)["last_round"]


def line(state, seat) -> dict:
    return summary(state)["players"][seat]


def at_the_pass():
    """Ann laid out R3 G3 | Y3 Y3; Ann bid R1 on pile 1, Bo nothing on pile 2."""
    state = started(3, gardens=GARDENS)
    state = act(state, 0, "draw", rocks="R3 G3 Y3 Y3")
    state = act(state, 0, "bid", pile=0, rocks="R1")
    return act(state, 1, "bid", pile=1, rocks="")


def test_no_summary_before_the_first_pass():
    state = at_the_pass()
    assert summary(state) is None
    assert "last_round" not in state  # a state without it is the state as it always was


def test_the_pass_records_the_piles_the_bids_and_the_rock_drawn():
    state = act(at_the_pass(), 2, "pass", rock="W1")
    told = summary(state)
    assert told["round"] == 1 and told["passer"] == 2
    assert line(state, 0) == {"seat": 0, "name": "Ann", "pile": 1, "took": ["R3", "G3"], "paid": ["R1"],
                              "card": None, "drew": None, "turned_in": []}
    assert line(state, 1)["pile"] == 2 and line(state, 1)["took"] == ["Y3", "Y3"] and line(state, 1)["paid"] == []
    assert line(state, 2) == {"seat": 2, "name": "Cy", "pile": None, "took": [], "paid": [],
                              "card": "pass", "drew": "W1", "turned_in": []}


def test_turn_ins_are_added_and_the_summary_stays_until_the_next_piles_are_laid_out():
    state = started(3, gardens=GARDENS)
    state = with_gardens(state, None, None, "B1 B1 B1")
    state = act(state, 0, "draw", rocks="R3 G3 Y3 Y3")
    state = act(state, 0, "bid", pile=0, rocks="")
    state = act(state, 1, "bid", pile=1, rocks="")
    state = act(state, 2, "pass", rock="W1")
    assert state["phase"] == "turn_ins" and summary(state)["scored"] is False
    state = act(state, 2, "turn_in", rocks="B1 B1 B1")
    assert state["phase"] == "piles" and state["round"] == 2  # round 1 is scored
    told = summary(state)
    assert told["round"] == 1 and told["scored"] is True
    assert line(state, 2)["turned_in"] == [{"set": "trips", "title": "Trips", "rocks": ["B1", "B1", "B1"]}]
    assert "value" not in json.dumps(told)  # which deck, never what the card is worth
    state = act(state, 2, "draw", rocks="R1 R1 R1 R1")  # the first pile of round 2 (value 4)
    assert summary(state)["round"] == 1  # still shown while the piles are laid out
    state = act(state, 2, "draw", rocks="R2 W2 W3 W3")  # the last pile: bidding starts
    assert state["phase"] == "bidding" and summary(state) is None


def test_the_black_rock_drawn_on_a_pass_is_said():
    state = black_in_bag_state()
    state = act(state, 2, "draw", rocks="R3 Y3 G3 B1 B2")
    state = act(state, 2, "bid", pile=0, rocks="")
    state = act(state, 0, "bid", pile=1, rocks="")
    state = act(state, 1, "pass", rock="K")
    assert line(state, 1)["drew"] == "K" and line(state, 1)["card"] == "pass"


def test_undo_takes_the_summary_back_and_a_replay_gives_the_same_state():
    names = ["Ann", "Bo", "Cy"]
    match = Match(GAME, make_spec(GAME, names, {}))
    moves = [(0, "setup_draw", {"rocks": GARDENS[0]}), (1, "setup_draw", {"rocks": GARDENS[1]}),
             (2, "setup_draw", {"rocks": GARDENS[2]}), (None, "start_player", {"player": 0}),
             (0, "draw", {"rocks": "R3 G3 Y3 Y3"}), (0, "bid", {"pile": 0, "rocks": ""}),
             (1, "bid", {"pile": 1, "rocks": ""}), (2, "pass", {"rock": "W1"})]

    def host(seat, kind, payload=None):
        match.accept(match.propose(None, Action(seat, kind, payload or {}), match.revision))

    for seat, kind, payload in moves:
        host(seat, kind, payload)
    passed = encoded(match.state)
    assert GAME.public(match.state)["last_round"]["passer"] == 2
    host(None, "undo")
    assert GAME.public(match.state)["last_round"] is None
    host(None, "redo")
    assert encoded(match.state) == passed
    again = Match(GAME, make_spec(GAME, names, {}), list(match.log))  # the log replayed
    assert encoded(again.state) == passed
