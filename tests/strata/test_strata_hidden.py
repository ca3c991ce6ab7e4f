"""Hidden information: a secret bid and the front of a card taken face down."""

from __future__ import annotations

from engine.game import Action
from engine.strata import GAME

from .support import act, bid_all, dumps, new_game, said, view


def test_a_bid_is_hidden_from_the_others_until_the_reveal():
    state = new_game(3, extras={2: {"grain": 1}})
    state = act(state, 1, "bid", amount=3)
    assert view(state, 1)["private"]["bid"] == 3
    other = act(new_game(3, extras={2: {"grain": 1}}), 1, "bid", amount=1)
    assert GAME.public(state) == GAME.public(other)  # nothing public depends on the amount
    for seat in (0, 2, None):
        assert view(state, seat) == view(other, seat)
        text = dumps(view(state, seat))
        assert '"bid": 3' not in text
        assert view(state, seat)["public"]["players"][1]["has_bid"] is True
        assert "3" not in said(state, Action(1, "bid", {"amount": 3}), seat).text
    assert "bid 3" in said(state, Action(1, "bid", {"amount": 3}), 1).text
    # the bidder's Money is not reduced before the reveal (it would leak the bid)
    assert GAME.public(state)["players"][1]["money"] == 4
    state = act(state, 0, "bid", amount=1)
    state = act(state, 2, "bid", amount=0)
    assert "P1 3" in said(state, Action(None, "reveal", {}), 0).text
    state = act(state, None, "reveal")
    assert GAME.public(state)["players"][1]["bid"] == 3


def test_the_front_of_a_face_down_card_is_only_for_its_owner():
    state = bid_all(new_game(2), [1, 0])
    front = {"class": "merchants", "points": 4, "effects": ["set_influence"]}
    payload = {"face": "down", "column": "artisans", "bonus": {"grain": 1}, **front}
    action = Action(0, "take_card", payload)
    assert "set_influence" not in repr(said(state, action, 1))  # its line and its news
    assert "Merchant" not in said(state, action, 1).text
    assert "Merchant" not in said(state, action, None).text
    assert "Merchant" in said(state, action, 0).text
    state = act(state, 0, "take_card", **payload)
    assert view(state, 0)["private"]["fronts"] == [{"id": 1, **front}]
    assert "set_influence" not in dumps(GAME.public(state)["players"])  # (the catalogue names every effect)
    for seat in (1, None):
        theirs = dumps({**view(state, seat), "public": GAME.public(state)["players"]})
        assert "set_influence" not in theirs and '"merchants", "points": 4' not in theirs
        assert view(state, seat)["public"]["players"][0]["cards"] == [
            {"id": 1, "column": "artisans", "face_up": False}]
