"""Cheats a player could try with their own seat token over the JSON transport, each
refused in words with nothing changed; and the host's corrections that must count.

Issue 13: a Rock Garden player could correct their own garden in the middle of their
own turn-in and drop a forbidden set without taking its card; a correction that gave a
set to a player whose turn-in had passed was never scored; undoing the move that ended
the game hid again the demerits everyone had seen; a ``player`` key acted for another
seat; odd payloads answered 500.
"""

from __future__ import annotations

import json

import pytest

from tests.support import Api, readable

PLAYERS = ("Ann", "Bo", "Cy")


class Table:
    """A Rock Garden table over the JSON transport: a token per seat, and the host."""

    def __init__(self, settings=None):
        self.api = Api()
        self.code = self.api.create("rockgarden", PLAYERS, settings)
        self.tokens = [self.api.claim(self.code, seat) for seat in range(len(PLAYERS))]

    def act(self, seat, kind, payload=None, **options):
        """``seat``'s phone sends the move (``host=True``: the host's device, for
        ``for_seat``); ``for_seat`` names another seat than the token's."""
        token = None if options.get("host") else self.tokens[seat]
        target = options.get("for_seat", seat)
        return self.api.act(self.code, kind, payload, token=token, host=options.get("host", False),
                            seat=target, revision=options.get("revision"), raw=options.get("raw"))

    def ok(self, seat, kind, payload=None, **options):
        status, body = self.act(seat, kind, payload, **options)
        assert status == 200, body
        return body

    def view(self, seat=None, host=False) -> dict:
        return self.api.view(self.code, None if seat is None else self.tokens[seat], host)

    def views(self) -> str:
        """Everything every seat and the host can see now (to prove nothing changed)."""
        return json.dumps([self.view(s) for s in range(len(PLAYERS))] + [self.view(host=True)],
                          sort_keys=True)

    def refused(self, seat, kind, payload=None, fragment="", statuses=(400, 403, 409), **options):
        before = self.views()
        status, body = self.act(seat, kind, payload, **options)
        assert status in statuses, (status, body)
        assert set(body) == {"error"} and readable(body["error"]), body
        assert fragment in body["error"], body["error"]
        assert self.views() == before, "a refused move changed what someone sees"
        return body["error"]


def to_turn_ins(t: Table, ann="G1", bo="G3", cy="Y1 Y1 Y1 G2") -> None:
    """Starting gardens, Ann starts, two piles (R3 Y3 | W2 W2 B2), Ann and Bo bid nothing,
    the host sets the gardens for the scenario, Cy passes (draws W1): the turn-ins."""
    for seat, rocks in enumerate(("R1 R2 Y1 G2 B3", "Y2 Y3 G1 B1 W2", "G3 B2 W1 W3 R3")):
        t.ok(seat, "setup_draw", {"rocks": rocks})
    t.ok(0, "start_player", {"player": 0})
    t.ok(0, "draw", {"rocks": "R3 Y3 W2 W2 B2"})
    for seat, rocks in enumerate((ann, bo, cy)):
        t.ok(None, "correct_garden", {"rocks": rocks}, host=True, for_seat=seat)
    t.ok(0, "bid", {"pile": 0, "rocks": ""})
    t.ok(1, "bid", {"pile": 1, "rocks": ""})
    t.ok(2, "pass", {"rock": "W1"})


def test_a_player_cannot_correct_their_own_garden_in_the_middle_of_their_turn_in():
    t = Table()
    to_turn_ins(t, cy="Y1 Y1 Y1 R1 R2 R3 G2")                 # Cy: Trips and a Straight Flush
    t.ok(2, "turn_in", {"rocks": "Y1 Y1 Y1"})                 # one set turned in, one to go
    cy = t.view(2)
    assert cy["to_act"] == [2] and "correct_garden" not in cy["legal"]
    # drop the Straight Flush from the garden without taking its card
    error = t.refused(2, "correct_garden", {"rocks": "G2 W1"},
                      fragment="During the turn-ins only the host can correct a garden")
    assert error.startswith("During the turn-ins")
    # nor anybody else's own garden during the turn-ins
    t.refused(0, "correct_garden", {"rocks": "G1"}, fragment="only the host")
    t.ok(2, "turn_in", {"rocks": "R1 R2 R3"})                 # the card is taken after all
    assert t.view(2)["private"]["demerits"] == 1 + 1 + 1      # Pass, Trips 1, Straight 1


def test_the_host_corrects_during_the_turn_ins_and_a_set_given_after_a_turn_in_is_scored():
    t = Table()
    to_turn_ins(t, ann="R3 R3 G1")                             # Ann gets R3 Y3: Trips R3
    t.ok(2, "turn_in", {"rocks": "Y1 Y1 Y1"})                 # Cy's turn-in is done
    assert t.view(0)["to_act"] == [0]
    # the host sees that Cy's garden really holds three B2: a set after Cy's turn-in
    t.ok(None, "correct_garden", {"rocks": "G2 W1 B2 B2 B2"}, host=True, for_seat=2)
    cy = t.view(2)
    assert cy["private"]["advice"]["before"] == [0]           # after Ann's turn-in
    assert cy["private"]["advice"]["tops"]["trips"] == 3      # Ann takes Trips 2 first
    t.ok(0, "turn_in", {"rocks": "R3 R3 R3"})
    assert t.view(2)["to_act"] == [2]                         # the turn came back to Cy
    assert t.view(2)["public"]["phase"] == "turn_ins"
    t.refused(1, "turn_in", {"rocks": "G3 G3 G3"}, fragment="it is Cy's")
    t.ok(2, "turn_in", {"rocks": "B2 B2 B2"})
    cards = t.view(2)["private"]["cards"]
    assert [(c["deck"], c["value"]) for c in cards] == [("pass", 1), ("trips", 1), ("trips", 3)]
    assert t.view()["public"]["round"] == 2


def end_the_game(t: Table) -> None:
    """Tracker of one space: after round 1 the black rock is in the bag; Cy (the passer)
    draws it at once in round 2."""
    to_turn_ins(t, ann="R3 R3 G1")
    t.ok(2, "turn_in", {"rocks": "Y1 Y1 Y1"})
    t.ok(0, "turn_in", {"rocks": "R3 R3 R3"})                 # Trips 2 for Ann
    assert t.view()["public"]["phase"] == "piles"
    t.ok(2, "draw", {"rocks": "K"})
    assert t.view()["result"] is not None


def test_a_player_cannot_undo_the_end_the_host_can_and_the_demerits_stay_shown():
    t = Table({"tracker_spaces": 1})
    end_the_game(t)
    for seat in range(3):
        assert "undo" not in t.view(seat)["legal"]
    # Cy made the last move, and still may not take the end back
    t.refused(2, "undo", None, fragment="Only the host can undo the end of the game")
    t.refused(0, "undo", None, fragment="Only the host can undo the end of the game")
    assert "undo" in t.view(host=True)["legal"]
    t.ok(None, "undo", None, host=True)
    view = t.view(1)
    assert view["result"] is None and view["public"]["phase"] == "piles"
    # what the end showed everyone stays shown to every seat and the table
    for viewer in [t.view(s) for s in range(3)] + [t.view(host=True), t.view()]:
        players = viewer["public"]["players"]
        assert players[0]["shown"]["demerits"] == 2
        assert [(c["deck"], c["value"]) for c in players[0]["shown"]["cards"]] == [("trips", 2)]
        assert players[2]["shown"]["demerits"] == 2           # Pass 1 + Trips 1
        assert players[1]["shown"] is None                    # Bo held no card
    shown = [p["shown"] for p in t.view()["public"]["players"]]
    # a redo ends it again; undoing that end once more keeps the same (idempotent)
    t.ok(None, "redo", None, host=True)
    assert t.view(1)["result"] is not None
    t.ok(None, "undo", None, host=True)
    assert [p["shown"] for p in t.view(1)["public"]["players"]] == shown
    # the game goes on; what is taken from now on is hidden again until the end
    t.ok(2, "draw", {"rocks": "R1 R2 R3 Y1 G3 B3"})
    t.ok(2, "bid", {"pile": 0, "rocks": ""})
    t.ok(0, "bid", {"pile": 1, "rocks": ""})
    t.ok(1, "pass", {"rock": "G3"})                            # Bo's first card: a Pass
    assert t.view(1)["private"]["demerits"] == 1
    public = t.view(0)["public"]
    assert public["players"][1]["demerit_cards"] == 1 and public["players"][1]["shown"] is None
    assert [p["shown"] for p in public["players"]] == shown


def test_a_player_key_cannot_act_for_another_seat():
    t = Table()
    t.refused(0, "setup_draw", {"rocks": "R1", "player": 1}, fragment="does not take 'player'")
    t.refused(0, "correct_garden", {"rocks": "R1", "player": 2}, fragment="does not take 'player'")
    # nor naming the other seat as the action's seat with one's own token
    t.refused(0, "setup_draw", {"rocks": "R1"}, for_seat=1,
              fragment="You can only act for your own seat")
    for seat, rocks in enumerate(("R1 R2 Y1 G2 B3", "Y2 Y3 G1 B1 W2", "G3 B2 W1 W3 R3")):
        t.ok(seat, "setup_draw", {"rocks": rocks})
    t.ok(1, "start_player", {"player": 0})                     # the start player is a subject
    t.refused(1, "draw", {"rocks": "R3"}, fragment="It is not your turn: it is Ann's")
    t.refused(0, "draw", {"rocks": "R3", "player": 1}, fragment="does not take 'player'")


@pytest.mark.parametrize("raw", [
    b'{"kind": "draw", "payload": {"rocks": NaN}}',
    b'{"kind": "draw", "payload": {"rocks": Infinity}}',
    b'{"kind": "bid", "payload": {"pile": 1e999}}',
    b'{"kind": "bid", "payload": {"pile": 100000000000000000000000000000}}',
    b'{"kind": "bid", "payload": {"pile": 0, "rocks": "R1", "zz": 1}}',
    b'{"kind": "bid", "payload": {"pile": -1}}',
    b'{"kind": "bid", "payload": {"pile": true}}',
    b'{"kind": "turn_in", "payload": {"rocks": [[["R1"]]]}}',
    b'{"kind": "turn_in", "payload": {"rocks": 5}}',
    b'{"kind": "setup_draw", "payload": {"rocks": "' + b"R1 " * 200 + b'"}}',
    b'{"kind": "start_player", "payload": {"player": 99}}',
    b'{"kind": "pass", "payload": {"rock": {"a": 1}}}',
])
def test_odd_payloads_are_refused_in_words(raw):
    t = Table()
    t.refused(0, "", raw=raw)


def test_a_huge_payload_is_refused_in_words():
    t = Table()
    t.refused(0, "setup_draw", {"rocks": "R1 " * 1000})
    t.refused(0, "setup_draw", {"rocks": ["R1"] * 600})
    t.refused(0, "setup_draw", {"rocks": "R1", "x" * 3000: 1})
