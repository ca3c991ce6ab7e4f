"""Cheats over the JSON transport, as a player with their own seat token would try them.

Each is refused with a sentence a player can read (400/403/409 and ``{"error": ...}``)
and changes nothing: the table's revision and every view stay as they were.
"""

from __future__ import annotations

import pytest

from tests.support import Api, readable

NAMES = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture
def api():
    return Api()


def seated(api: Api, settings=None):
    code = api.create("strata", NAMES, settings)
    return code, [api.claim(code, seat) for seat in range(len(NAMES))]


def ok(api, code, kind, payload=None, token=None, host=False, seat=None):
    status, body = api.act(code, kind, payload, token=token, host=host, seat=seat)
    assert status == 200, body
    return body



def past_setup(api, code, tokens):
    ok(api, code, "setup_extra", {"money": 1}, tokens[2])
    ok(api, code, "setup_extra", {"grain": 1}, tokens[3])


def bids_in(api, code, tokens, amount=0):
    """Past setup, every seat has bid ``amount``."""
    past_setup(api, code, tokens)
    for token in tokens:
        ok(api, code, "bid", {"amount": amount}, token)


def test_an_empty_or_garbage_exchange_is_refused_in_words(api):
    code, tokens = seated(api)
    ann = tokens[0]
    error = api.refused(code, "exchange", {}, ann)
    assert error == "What you give (money or grain) is missing"
    assert "None" not in error and "resource" not in error
    assert "must be one of: money, grain" in api.refused(code, "exchange", {"give": "gold"}, ann)
    assert "is missing" in api.refused(code, "exchange", {"give": None}, ann)
    assert "must be one of: money, grain" in api.refused(code, "exchange", {"give": True}, ann)
    api.refused(code, "exchange", {"give": ["money"]}, ann)
    api.refused(code, "exchange", {"give": {"money": 4}}, ann)
    assert "How many times" in api.refused(code, "exchange", {"give": "money", "times": "many"}, ann)
    assert "How many times" in api.refused(code, "exchange", {"give": "money", "times": 0}, ann)
    api.refused(code, "exchange", "money", ann)
    api.refused(code, "exchange", raw=b'{"kind": "exchange", "payload": [1, 2]}', token=ann)
    ok(api, code, "exchange", {"give": "money"}, ann)  # the real one is taken


def test_my_bid_is_not_in_anyone_elses_view(api):
    """Two tables alike but for Ann's amount: every other seat's view is the same."""
    views = []
    for amount in (0, 4):
        code, tokens = seated(api)
        past_setup(api, code, tokens)
        ok(api, code, "bid", {"amount": amount}, tokens[0])
        mine = api.view(code, tokens[0])
        assert mine["private"]["bid"] == amount
        views.append({who: api.view(code, tokens[who] if who is not None else None)
                      for who in (None, 1, 2, 3)})
        views[-1]["host"] = api.view(code, host=True)
    assert views[0] == views[1]
    assert views[0][1]["public"]["players"][0]["has_bid"] is True


def test_a_bid_is_exempt_from_the_stale_revision_check(api):
    code, tokens = seated(api)
    past_setup(api, code, tokens)
    seen = api.view(code, tokens[0])["revision"]
    ok(api, code, "bid", {"amount": 1}, tokens[1])  # the table moves on meanwhile
    status, body = api.act(code, "bid", {"amount": 2}, token=tokens[0], revision=seen)
    assert status == 200, body
    status, body = api.act(code, "exchange", {"give": "money"}, token=tokens[0], revision=seen)
    assert status == 409 and readable(body["error"])


def test_a_reveal_is_never_undone(api):
    code, tokens = seated(api)
    bids_in(api, code, tokens, 1)
    ok(api, code, "reveal", {}, tokens[1])
    error = api.refused(code, "undo", {}, tokens[1])
    assert "cannot be undone" in error
    assert "cannot be undone" in api.refused(code, "undo", {}, host=True)
    assert api.view(code)["public"]["players"][3]["bid"] == 1


def test_a_seat_cannot_act_for_another_seat(api):
    code, tokens = seated(api)
    past_setup(api, code, tokens)
    bo = tokens[1]
    assert api.refused(code, "bid", {"amount": 1}, bo, seat=0) == "You can only act for your own seat"
    api.refused(code, "exchange", {"give": "money"}, bo, seat=3)
    assert "does not take 'player'" in api.refused(code, "bid", {"amount": 1, "player": 0}, bo)
    assert "does not take 'seat'" in api.refused(code, "bid", {"amount": 1, "seat": 0}, bo)
    for token in tokens:
        ok(api, code, "bid", {"amount": 0}, token)
    ok(api, code, "reveal", {}, bo)
    # Ann picks first (equal bids, start player); Bo names Ann's seat
    api.refused(code, "take_card", {"face": "up", "class": "scholars", "points": 1}, bo, seat=0)
    status, body = api.act(code, "bid", {"amount": 1}, token="not-a-token")
    assert status == 403 and readable(body["error"])


def test_take_card_out_of_turn_is_refused(api):
    code, tokens = seated(api)
    bids_in(api, code, tokens)
    card = {"face": "up", "class": "scholars", "points": 1}
    assert api.refused(code, "take_card", card, tokens[0]) == \
        "Take a card is not possible during the secret bids"
    ok(api, code, "reveal", {}, tokens[2])
    assert api.refused(code, "take_card", card, tokens[1]) == "It is not your turn: it is Ann's"
    ok(api, code, "take_card", card, tokens[0])
    assert api.refused(code, "take_card", card, tokens[0]) == "It is not your turn: it is Bo's"


@pytest.mark.parametrize("raw", [
    b'{"kind": "bid", "payload": {"amount": NaN}}',
    b'{"kind": "bid", "payload": {"amount": Infinity}}',
    b'{"kind": "bid", "payload": {"amount": 1e999}}',
    b'{"kind": "bid", "payload": {"amount": 1.5}}',
    b'{"kind": "bid", "payload": {"amount": 100000000000000000000000000000}}',
    b'{"kind": "bid", "payload": {"amount": -1}}',
    b'{"kind": "bid", "payload": {"amount": true}}',
    b'{"kind": "bid", "payload": {"amount": 1, "note": "hi"}}',
    b'{"kind": "bid", "payload": {"amount": 1, "' + b"x" * 3000 + b'": 1}}',
    b'{"kind": "bid", "payload": {"amount": [[[[[[[[1]]]]]]]]}}',
    b'{"kind": "take_card", "payload": {"face": "up", "class": "scholars", "points": 1, "effect": "' + b"x" * 3000 + b'"}}',
    b'{"kind": "flip_down", "payload": {"card": 1, "money": 2, "bonus": {"money": 1e999}}}',
    b'{"kind": "final_assignment", "payload": {"assignment": ["scholars", 5]}}',
    b'{"kind": "setup_extra", "payload": {"money": 99999999999}}',
])
def test_nan_huge_and_unknown_payloads_are_refused(api, raw):
    code, tokens = seated(api)
    past_setup(api, code, tokens)
    api.refused(code, None, token=tokens[0], raw=raw)


def test_nothing_but_the_declared_fields_is_logged(api):
    code, tokens = seated(api)
    past_setup(api, code, tokens)
    ok(api, code, "bid", {"amount": 3}, tokens[0])
    hub = api.tables.open(code)
    assert hub.match.log[-1].action.payload == {"amount": 3}
    for token in tokens[1:]:
        ok(api, code, "bid", {"amount": 0}, token)
    ok(api, code, "reveal", {}, host=True)
    ok(api, code, "take_card", {"face": "UP", "class": "Scholars", "points": 2}, host=True)
    entry = hub.match.log[-1]
    assert (entry.by, entry.action.seat) == (None, 0)  # the host, for the one seat to act
    assert entry.action.payload == {"face": "up", "class": "scholars", "points": 2}


def in_production(api):
    """Four seated phones at round 1's production step (cards that cost nothing to feed)."""
    code, tokens = seated(api)
    bids_in(api, code, tokens)
    ok(api, code, "reveal", {}, tokens[0])
    for _ in tokens:
        ok(api, code, "take_card", {"face": "up", "class": "peasants", "points": 1}, host=True)
    assert api.view(code, host=True)["public"]["phase"] == "production"
    return code, tokens


def test_everyone_tapping_done_from_the_same_screen_is_never_refused(api):
    """Issue 37: each player's own Done does not depend on the others', so Dones made
    by other seats since a phone's screen was drawn never make it stale; another kind of
    move since (the host's) still does, said without move numbers."""
    code, tokens = in_production(api)
    seen = api.view(code, tokens[0])["revision"]
    for token in tokens[:3]:
        status, body = api.act(code, "done", {}, token=token, revision=seen)
        assert status == 200, body
    ok(api, code, "exchange", {"give": "grain"}, host=True, seat=3)  # pass-and-play
    status, body = api.act(code, "done", {}, token=tokens[3], revision=seen)
    assert status == 409 and readable(body["error"]), body
    assert "moved on" in body["error"] and not any(ch.isdigit() for ch in body["error"])
