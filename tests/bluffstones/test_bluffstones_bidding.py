"""Secret bids: what is legal, changing a bid, the reveal, and who may see what."""

import pytest

from engine.bluffstones import GAME
from engine.bluffstones.upgrades import words
from engine.bluffstones.stones import legal_bids, with_words
from engine.game import Action

from .support import NAMES2, act, as_json, bid_all, finish_round, host_act, public, refused, started, view


def test_legal_bids_zero_one_or_two_of_one_colour():
    state = started()
    state = act(state, 0, "bid", colour="blue", count=2)
    assert state["bids"][0] == {"colour": "blue", "count": 2}
    state = act(state, 1, "bid", colour="Red", count=1)
    assert state["bids"][1] == {"colour": "red", "count": 1}
    state = act(state, 2, "bid", count=0)
    assert state["bids"][2] == {"colour": None, "count": 0}
    assert act(state, 2, "bid", colour="G", count="1")["bids"][2] == {"colour": "green", "count": 1}
    assert act(state, 2, "bid", colour="blue", count=0)["bids"][2] == {"colour": None, "count": 0}
    # the host bids for a seat by sending the bid with that seat (pass-and-play)
    assert host_act(state, 1, "bid", count=0)["bids"][1] == {"colour": None, "count": 0}
    # piles are untouched until the reveal (they are public)
    assert [sum(p.values()) for p in state["piles"]] == [18, 18, 18]


def test_old_bids_from_a_log_read_as_today_s_bids():
    """Older logs kept bids as stones picked up, with ``color``, and any extra keys."""
    upgraded = words(Action(0, "bid", {"stones": ["b", "b"], "note": "x"}))
    assert upgraded == Action(0, "bid", {"count": 2, "colour": "blue"})
    assert words(Action(0, "bid", {"color": "red", "count": "1"})).payload == \
        {"colour": "red", "count": "1"}
    assert words(Action(0, "bid", {"stones": []})).payload == {"count": 0}
    assert words(Action(None, "tower_colour", {"colors": {"D4": "blue"}})).payload == \
        {"colours": {"D4": "blue"}}
    state = act(started(), 0, "bid", **words(Action(0, "bid", {"stones": ["red"]})).payload)
    assert state["bids"][0] == {"colour": "red", "count": 1}


@pytest.mark.parametrize("payload, fragment", [
    ({"colour": "blue", "count": 3}, "The number of stones bid must be a whole number from 0 to 2"),
    ({"colour": "blue", "count": -1}, "The number of stones bid must be a whole number from 0 to 2"),
    ({"colour": "blue", "count": "lots"}, "The number of stones bid must be a whole number"),
    ({"colour": "blue", "count": 1.0}, "The number of stones bid must be a whole number"),
    ({"colour": "blue", "count": True}, "The number of stones bid must be a whole number"),
    ({"colour": "blue"}, "The number of stones bid is missing"),
    ({"stones": ["blue", "blue", "blue"]}, "This move does not take 'stones'"),
    ({"count": 1, "color": "blue"}, "This move does not take 'color'"),
    ({"count": 1, "player": 2}, "This move does not take 'player'"),
    ({"count": 1}, "Choose the colour of the stones you bid"),
    ({"colour": "purple", "count": 1}, "'purple' is not a colour here"),
    ({"colour": ["blue"], "count": 1}, "The colour of the stones bid must be one of blue, yellow, green, red"),
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
    assert GAME.to_act(state) == [0, 2]
    shown = public(state)
    assert [p["ready"] for p in shown["players"]] == [False, True, False]
    assert shown["waiting_for"] == [0, 2]
    for seat, host in ((1, False), (None, True)):
        assert "reveal" not in view(state, seat, host)["legal"]
    state = act(state, 0, "bid", count=0)
    state = act(state, 2, "bid", count=0)
    for seat, host in ((1, False), (0, False), (None, True), (2, True)):
        assert "reveal" in view(state, seat, host)["legal"]
    assert view(state, None)["legal"] == []  # a watcher never reveals


def test_reveal_is_final_other_moves_undoable():
    assert GAME.moves["reveal"].reveals and not GAME.moves["reveal"].undoable
    assert GAME.moves["bid"].secret
    for kind in ("bid", "place", "remove", "towers", "tower_colour", "start_player", "start"):
        assert GAME.moves[kind].undoable


def test_bid_not_allowed_while_resolving():
    state = bid_all(started(), {0: ("blue", 1)})
    refused(state, Action(1, "bid", {"count": 0}),
            "Bidding is not possible during the resolution of the revealed bids")
    refused(state, Action(None, "reveal", {}), "Revealing the bids is not possible during the resolution")


SECRET = {"colour": "yellow", "count": 2}


def _with_secret_bid():
    state = started(start=1)
    state = act(state, 0, "bid", **SECRET)
    return state


def test_hidden_bid_absent_from_other_views():
    state = _with_secret_bid()
    for viewer, host in ((None, True), (None, False), (1, False), (2, False), (2, True)):
        seen = view(state, viewer, host)
        if seen["private"]:
            seen["private"].pop("bid_choices")  # the viewer's own options, not Ann's bid
        text = as_json(seen)
        assert "two yellow" not in text and '"count": 2' not in text
        assert not seen["private"] or seen["private"]["my_bid"] is None
    assert "two yellow" in as_json(view(state, 0))  # the search works
    mine = view(state, 0)
    assert mine["private"]["my_bid"] == {**SECRET, "words": "two yellow stones"}
    assert mine["public"]["players"][0]["ready"] is True
    # other seats see only "ready", and the public pile is unchanged
    other = view(state, 1)["public"]
    assert other["players"][0]["ready"] is True
    assert other["players"][0]["pile"] == {"blue": 5, "yellow": 5, "green": 5, "red": 3}


def test_views_identical_whatever_the_secret_bid():
    """Another seat's view cannot depend on the bid's value at all."""
    base = started()
    seen = set()
    for bid in ({"count": 0}, {"colour": "blue", "count": 1}, {"colour": "red", "count": 2}):
        state = act(base, 0, "bid", **bid)
        seen.add((as_json(view(state, 1)), as_json(view(state, None, True)),
                  as_json(view(state, 2, True))))
    assert len(seen) == 1


def test_describe_hides_the_bid_from_others():
    state = started()
    action = Action(0, "bid", SECRET)
    after = act(state, 0, "bid", **SECRET)
    for viewer in (None, 1, 2):
        line = GAME.say(state, action, after, viewer).text
        assert line == "Ann is ready"
        assert "yellow" not in line and "two" not in line
    assert GAME.say(state, action, after, 0).text == "Ann bid two yellow stones (secret)"


def test_reveal_shows_every_bid_to_everyone():
    state = started()
    state = act(state, 0, "bid", **SECRET)
    state = act(state, 1, "bid", colour="blue", count=1)
    state = act(state, 2, "bid", count=0)
    after = act(state, None, "reveal")
    line = GAME.say(state, Action(None, "reveal", {}), after, 2).text
    assert "Ann two yellow stones" in line and "Bob one blue stone" in line and "Cat nothing" in line
    revealed = public(after)["revealed_bids"]
    assert [(b["colour"], b["count"]) for b in revealed] == [("yellow", 2), ("blue", 1), (None, 0)]
    assert [b["words"] for b in revealed] == ["two yellow stones", "one blue stone", "nothing"]
    assert public(after)["last_round"]["lines"][0]["text"] == \
        "Bids revealed: Ann two yellow stones; Bob one blue stone; Cat nothing"


def test_bid_choices_for_my_seat_only():
    state = started()
    mine = view(state, 0)["private"]["bid_choices"]
    assert mine == [with_words(b) for b in legal_bids(state["piles"][0])]
    assert view(state, None, True)["private"] is None
    assert {"colour": None, "count": 0, "words": "nothing"} in mine
    assert len(mine) == 1 + 4 + 4
    assert "bid_choices" not in public(state)
