"""Cheats a BluffStones player could try over the JSON transport with their own phone's
seat token (issue 13): each is refused with a sentence a player can read, and nothing
at the table changes."""

from __future__ import annotations

import json

import pytest

from tests.bluffstones.support import COLOURS
from tests.support import Api, readable

NAMES = ("Ann", "Bo", "Cy")


@pytest.fixture
def api():
    return Api()


def setup_table(api, started=True):
    """(code, tokens) with a phone in every seat; bidding round 1 with Ann to start."""
    code = api.create("bluffstones", NAMES)
    tokens = [api.claim(code, seat) for seat in range(len(NAMES))]
    if started:
        for kind, payload in (("tower_colour", {"colours": COLOURS}),
                              ("start_player", {"player": 0}), ("start", {})):
            assert api.act(code, kind, payload, host=True)[0] == 200
    return code, tokens


def refused(api, code, status, *fragments, **act):
    """The action answers ``status`` with a readable sentence, and the table is as it was."""
    before = api.view(code, host=True)
    got, body = api.act(code, **act)
    assert got == status, body
    assert set(body) == {"error"} and readable(body["error"]), body
    for fragment in fragments:
        assert fragment in body["error"], body["error"]
    assert api.view(code, host=True) == before
    return body["error"]


def test_towers_with_a_number_for_circles_is_a_sentence_not_a_500(api):
    code, (ann, _, _) = setup_table(api, started=False)
    message = refused(api, code, 400, "The tower circles must be 7 circles of the board",
                      kind="towers", payload={"circles": 5}, token=ann)
    assert "a list, or a text like" in message
    refused(api, code, 400, "The tower circles must be 7 circles", kind="towers",
            payload={"circles": 5}, host=True)
    refused(api, code, 400, "Choose exactly 7 tower circles, not 2", kind="towers",
            payload={"circles": ["A1", "A2"]}, token=ann)
    refused(api, code, 400, "'Q9' is not a circle on the board", kind="towers",
            payload={"circles": "A1 A2 A3 A4 B1 B2 Q9"}, token=ann)
    refused(api, code, 400, "The tower circles must be 7 circles", kind="towers",
            payload={"circles": [{"a": 1}] * 7}, token=ann)
    refused(api, code, 400, "The top-stone colour must be one of blue, yellow, green",
            kind="tower_colour", payload={"circle": "D4", "colour": 5}, token=ann)
    refused(api, code, 400, "The player who takes the turn tower must be a whole number",
            kind="start_player", payload={"player": "Ann"}, token=ann)
    assert api.act(code, "towers", {"circles": "A1 A4 D1 D4 D7 G1 G4"}, token=ann)[0] == 200


def test_another_seat_s_bid_is_never_in_my_view(api):
    code, (ann, bo, cy) = setup_table(api)
    bo_before = api.view(code, bo)
    assert api.act(code, "bid", {"colour": "red", "count": 2}, token=ann)[0] == 200
    mine = api.view(code, ann)
    assert mine["private"]["my_bid"]["words"] == "two red stones"
    seen = []
    for token, host in ((bo, False), (cy, False), (None, True), (None, False)):
        view = api.view(code, token, host)
        own = dict(view, private=dict(view["private"] or {}, bid_choices=None))  # my own options
        text = json.dumps(own)
        assert "two red" not in text and '"my_bid": {' not in text
        assert view["public"]["players"][0]["ready"] is True
        seen.append(view)
    assert bo_before["public"]["players"][0]["ready"] is False
    # Ann changes her bid: nothing any other seat can read changes
    assert api.act(code, "bid", {"colour": "blue", "count": 1}, token=ann)[0] == 200
    again = [api.view(code, token, host)
             for token, host in ((bo, False), (cy, False), (None, True), (None, False))]
    for before, after in zip(seen, again):  # the table's counters move on, as for any move
        for counter in ("revision", "moves"):
            before.pop(counter), after.pop(counter)
        assert before == after


def test_a_reveal_cannot_be_undone_by_anyone(api):
    code, (ann, bo, cy) = setup_table(api)
    for token in (ann, bo, cy):
        assert api.act(code, "bid", {"count": 1, "colour": "blue"}, token=token)[0] == 200
    assert api.act(code, "reveal", {}, token=bo)[0] == 200
    for who in ({"token": bo}, {"token": ann}, {"host": True}):
        refused(api, code, 400, "That step revealed hidden information and cannot be undone",
                kind="undo", payload={}, **who)
    assert api.view(code, bo)["public"]["revealed_bids"][0]["words"] == "one blue stone"


def test_acting_for_another_seat_is_refused(api):
    code, (ann, bo, cy) = setup_table(api)
    refused(api, code, 400, "You can only act for your own seat", kind="bid",
            payload={"count": 0}, token=bo, seat=0)
    for token in (ann, bo, cy):
        assert api.act(code, "bid", {"count": 1, "colour": "blue"}, token=token)[0] == 200
    assert api.act(code, "reveal", {}, token=cy)[0] == 200
    # Ann places first: Bo can neither place for her nor out of turn
    refused(api, code, 400, "You can only act for your own seat", kind="place",
            payload={"circle": "E2"}, token=bo, seat=0)
    refused(api, code, 400, "It is not your turn: it is Ann's", kind="place",
            payload={"circle": "E2"}, token=bo)
    refused(api, code, 400, "This move does not take 'seat'", kind="place",
            payload={"circle": "E2", "seat": 1}, token=ann)
    # an old-style actor key in the payload is refused too
    refused(api, code, 400, "This move does not take 'player'", kind="place",
            payload={"circle": "E2", "player": 0}, token=ann)
    assert api.act(code, "place", {"circle": "E2"}, token=ann)[0] == 200


def test_a_stale_place_is_refused_but_a_sealed_bid_is_not(api):
    code, (ann, bo, cy) = setup_table(api)
    seen = api.view(code, ann)["revision"]
    assert api.act(code, "bid", {"count": 0}, token=ann, revision=seen)[0] == 200
    assert api.act(code, "bid", {"count": 0}, token=bo, revision=seen)[0] == 200  # simultaneous
    refused(api, code, 409, "The table moved on", kind="reveal", payload={}, token=cy,
            revision=seen)


@pytest.mark.parametrize("raw, fragment", [
    (b'{"kind": "bid", "payload": {"count": NaN}}', "no NaN or Infinity"),
    (b'{"kind": "bid", "payload": {"count": Infinity}}', "no NaN or Infinity"),
    (b'{"kind": "bid", "payload": {"count": 1e999}}', "too large"),
    (b'{"kind": "bid", "payload": {"count": 1e300}}', "The number of stones bid must be a whole number from 0 to 2"),
    (b'{"kind": "bid", "payload": {"count": 100000000000000000000000000000}}',
     "The number of stones bid must be a whole number from 0 to 2"),
    (b'{"kind": "bid", "payload": {"count": 1, "colour": "blue", "secret_note": 1}}',
     "This move does not take 'secret_note'"),
    (b'{"kind": "bid", "payload": {"count": 1, "colour": "' + b"x" * 3000 + b'"}}',
     "The colour of the stones bid must be one of"),
    (b'{"kind": "bid", "payload": [1, 2]}', "must be a group of named values"),
    (b'{"kind": "bid", "payload": {"count": 1, "colour": {"a": [1]}}}',
     "The colour of the stones bid must be one of"),
    (b'{"kind": "towers", "payload": {"circles": ' + b"[" * 5000 + b"]" * 5000 + b"}}", ""),
    (b'{"kind": "cheat", "payload": {}}', "BluffStones has no move 'cheat'"),
])
def test_odd_payloads_are_refused_in_words(api, raw, fragment):
    code, (ann, _, _) = setup_table(api)
    refused(api, code, 400, fragment, kind="", raw=raw, token=ann)
