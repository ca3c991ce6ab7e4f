"""Secret bids: what is legal, changing a bid, the reveal, and who may see what."""

import pytest

from engine.bluffstones import GAME
from engine.bluffstones.stones import legal_bids
from engine.game import Action

from .support import NAMES2, act, as_json, bid_all, finish_round, refused, started


def test_legal_bids_zero_one_or_two_of_one_colour():
    state = started()
    state = act(state, 0, "bid", colour="blue", count=2)
    assert state["bids"][0] == {"colour": "blue", "count": 2}
    state = act(state, 1, "bid", stones=["red"])
    assert state["bids"][1] == {"colour": "red", "count": 1}
    state = act(state, 2, "bid", count=0)
    assert state["bids"][2] == {"colour": None, "count": 0}
    assert act(state, 2, "bid", color="G", count="1")["bids"][2] == {"colour": "green", "count": 1}
    # piles are untouched until the reveal (they are public)
    assert [sum(p.values()) for p in state["piles"]] == [18, 18, 18]


def test_two_stones_must_be_the_same_colour():
    state = started()
    refused(state, Action(0, "bid", {"stones": ["blue", "green"]}),
            "Two stones in a bid must be the same colour")


@pytest.mark.parametrize("payload, fragment", [
    ({"colour": "blue", "count": 3}, "A bid is zero, one or two stones"),
    ({"colour": "blue", "count": -1}, "A bid is zero, one or two stones"),
    ({"colour": "blue", "count": "lots"}, "A bid is zero, one or two stones"),
    ({"stones": ["blue", "blue", "blue"]}, "zero, one or two stones, not more"),
    ({"count": 1}, "Choose the colour of the stones you bid"),
    ({"colour": "purple", "count": 1}, "'purple' is not a colour here"),
])
def test_malformed_bids_refused(payload, fragment):
    refused(started(), Action(1, "bid", payload), fragment)


def test_cannot_bid_more_than_you_have():
    state = started(NAMES2)  # 4 red each
    for _ in range(2):  # two rounds of two reds each: 2 discarded, 2 spent/thrown
        state = bid_all(state, {0: ("red", 2)})
    assert state["piles"][0]["red"] == 0
    refused(state, Action(0, "bid", {"colour": "red", "count": 1}),
            "You have no red stones left, so you cannot bid 1")
    for _ in range(3):  # each round: one blue discarded, one placed
        state = finish_round(bid_all(state, {0: ("blue", 2)}))
    assert state["piles"][0]["blue"] == 0
    refused(state, Action(0, "bid", {"colour": "blue", "count": 2}), "no blue stones left")


def test_only_one_left_message():
    state = started(NAMES2)
    state = bid_all(state, {0: ("red", 2)})   # one discarded, one wasted (empty board)
    state = act(state, 0, "bid", colour="red", count=1)
    state = act(state, 1, "bid", count=0)
    state = act(state, None, "reveal")        # red 1 left
    assert state["piles"][0]["red"] == 1
    refused(state, Action(0, "bid", {"colour": "red", "count": 2}),
            "You have only 1 red stone left, so you cannot bid 2")


def test_bid_can_be_changed_until_the_reveal():
    state = started()
    state = act(state, 0, "bid", colour="blue", count=2)
    state = act(state, 0, "bid", colour="green", count=1)
    assert state["bids"][0] == {"colour": "green", "count": 1}


def test_reveal_waits_for_everyone():
    state = started()
    state = act(state, 1, "bid", count=0)
    refused(state, Action(None, "reveal", {}), "Waiting for bids from Ann, Cat")
    assert GAME.seats_to_act(state) == [0, 2]
    view = GAME.view(state, None)
    assert [p["ready"] for p in view["players"]] == [False, True, False]
    assert view["can_reveal"] is False


def test_reveal_is_final_other_actions_undoable():
    assert GAME.undoable(Action(None, "reveal", {})) is False
    for kind in ("bid", "place", "remove", "towers", "tower_colour", "start_player", "start"):
        assert GAME.undoable(Action(0, kind, {})) is True


def test_bid_not_allowed_while_resolving():
    state = bid_all(started(), {0: ("blue", 1)})
    refused(state, Action(1, "bid", {"count": 0}), "bids are revealed", "Ann")
    refused(state, Action(None, "reveal", {}), "bids are revealed")


SECRET = {"colour": "yellow", "count": 2}


def _with_secret_bid():
    state = started(start=1)
    state = act(state, 0, "bid", **SECRET)
    return state


def test_hidden_bid_absent_from_other_views():
    state = _with_secret_bid()
    for viewer in (None, 1, 2):
        view = GAME.view(state, viewer)
        view.pop("bid_choices", None)  # the viewer's own options, not Ann's bid
        text = as_json(view)
        assert as_json(SECRET)[1:-1] not in text
        assert '"count": 2' not in text
        assert view.get("my_bid") is None
        assert as_json(SECRET)[1:-1] in as_json(GAME.view(state, 0))  # the search works
    mine = GAME.view(state, 0)
    assert mine["my_bid"] == SECRET
    assert mine["players"][0]["ready"] is True
    # other seats see only "ready", and the public pile is unchanged
    other = GAME.view(state, 1)
    assert other["players"][0]["ready"] is True
    assert other["players"][0]["pile"] == {"blue": 5, "yellow": 5, "green": 5, "red": 3}


def test_views_identical_whatever_the_secret_bid():
    """Another seat's view cannot depend on the bid's value at all."""
    base = started()
    views = set()
    for bid in ({"count": 0}, {"colour": "blue", "count": 1}, {"colour": "red", "count": 2}):
        state = act(base, 0, "bid", **bid)
        views.add((as_json(GAME.view(state, 1)), as_json(GAME.view(state, None))))
    assert len(views) == 1


def test_describe_hides_the_bid_from_others():
    state = started()
    action = Action(0, "bid", SECRET)
    for viewer in (None, 1, 2):
        line = GAME.describe(state, action, viewer)
        assert line == "Ann is ready"
        assert "yellow" not in line and "two" not in line
    assert GAME.describe(state, action, 0) == "Ann bid two yellow stones (secret)"


def test_reveal_shows_every_bid_to_everyone():
    state = started()
    state = act(state, 0, "bid", **SECRET)
    state = act(state, 1, "bid", colour="blue", count=1)
    state = act(state, 2, "bid", count=0)
    line = GAME.describe(state, Action(None, "reveal", {}), 2)
    assert "Ann two yellow stones" in line and "Bob one blue stone" in line and "Cat nothing" in line
    after = act(state, None, "reveal")
    for viewer in (None, 0, 1, 2):
        revealed = GAME.view(after, viewer)["revealed_bids"]
        assert [(b["colour"], b["count"]) for b in revealed] == [("yellow", 2), ("blue", 1), (None, 0)]


def test_bid_choices_for_my_seat_only():
    state = started()
    assert GAME.view(state, 0)["bid_choices"] == legal_bids(state["piles"][0])
    assert "bid_choices" not in GAME.view(state, None)
    assert {"colour": None, "count": 0} in GAME.view(state, 0)["bid_choices"]
    assert len(GAME.view(state, 0)["bid_choices"]) == 1 + 4 + 4
