"""Game end and winner, and the game played through the shared table model (undo)."""

import pytest

from engine.bluffstones import GAME, board
from engine.errors import IllegalAction
from engine.game import Action
from engine.log import Entry
from engine.spec import make_spec
from engine.table import Match

from tests.support import upgraded_match

from .support import NAMES2, act, bid_all, finish_round, place_one, public, refused, started, view


def _score_d4_for(state, seat):
    """Three blue stones next to D4 (blue); ``seat`` places the third."""
    others = [s for s in range(len(state["players"])) if s != seat]
    state = place_one(state, others[0], "blue", "C3")
    state = place_one(state, others[0], "blue", "C4")
    state = place_one(state, seat, "blue", "E4")
    assert state["scored"]["D4"] == seat
    return state


def test_all_zero_ends_the_game_at_once():
    state = started()
    state = bid_all(state, {})
    assert GAME.is_over(state)
    assert state["end"] == "all_zero"
    assert state["round"] == 1 and state["turn"] == 0
    refused(state, Action(0, "bid", {"count": 0}), "The game is over")
    result = GAME.result(state)
    assert result["reason"] == "Everyone bid zero in the same round"
    assert result["winners"] == [0, 1, 2]  # nothing scored, equal piles: shared
    assert all(r["rank"] == 1 for r in result["ranking"])
    assert view(state, 0)["legal"] == [] and GAME.to_act(state) == []


def test_no_result_before_the_end():
    state = started()
    assert GAME.result(state) is None and not GAME.is_over(state)
    assert view(state, None)["result"] is None


def test_most_towers_wins():
    state = _score_d4_for(started(), 1)
    state = bid_all(state, {})
    result = GAME.result(state)
    assert result["winners"] == [1] and result["winner_names"] == ["Bob"]
    first = result["ranking"][0]
    assert (first["seat"], first["towers"], first["tower_circles"]) == (1, 1, ["D4"])
    # Bob spent fewer stones than Ann, who is second on stones
    assert [r["seat"] for r in result["ranking"]] == [1, 2, 0]
    assert [r["rank"] for r in result["ranking"]] == [1, 2, 3]


def test_towers_before_stones():
    """Bob has far fewer stones but one tower: he still wins."""
    state = place_one(started(), 1, "blue", "A1")
    for _ in range(2):
        state = finish_round(bid_all(state, {1: ("yellow", 2)}))
    state = _score_d4_for(state, 1)
    state = bid_all(state, {})
    result = GAME.result(state)
    assert result["ranking"][0]["seat"] == 1
    assert result["ranking"][0]["stones_left"] < result["ranking"][1]["stones_left"]


def test_tie_on_towers_broken_by_most_stones_left():
    state = started(NAMES2)
    state = place_one(state, 0, "yellow", "A1")   # Ann 21 stones
    state = place_one(state, 1, "green", "A2")    # Bob 21
    state = finish_round(bid_all(state, {1: ("blue", 2)}))  # Bob 19
    state = bid_all(state, {})
    result = GAME.result(state)
    assert [r["stones_left"] for r in result["ranking"]] == [21, 19]
    assert result["winners"] == [0]
    assert [r["rank"] for r in result["ranking"]] == [1, 2]


def test_full_tie_is_shared():
    state = started(NAMES2)
    state = place_one(state, 0, "yellow", "A1")
    state = place_one(state, 1, "green", "A2")
    state = bid_all(state, {})
    assert GAME.result(state)["winners"] == [0, 1]


def _everyone_bids_two(state, colour):
    return finish_round(bid_all(state, {s: (colour, 2) for s in range(len(state["players"]))}))


def test_game_ends_when_no_stones_are_left():
    state = started(NAMES2)
    for colour in ("blue", "yellow", "green"):
        for _ in range(3):
            state = _everyone_bids_two(state, colour)
            assert not GAME.is_over(state)
    assert not GAME.is_over(state)
    for _ in range(2):
        state = _everyone_bids_two(state, "red")
    assert all(sum(p.values()) == 0 for p in state["piles"])
    assert GAME.is_over(state)
    assert GAME.result(state)["reason"] == "No player has a stone left"


def test_player_without_stones_is_ready_with_zero():
    state = started(NAMES2)
    for colour in ("blue", "yellow", "green"):
        for _ in range(3):
            state = finish_round(bid_all(state, {0: (colour, 2)}))
    for _ in range(2):
        state = finish_round(bid_all(state, {0: ("red", 2)}))
    assert sum(state["piles"][0].values()) == 0 and not GAME.is_over(state)
    assert state["bids"][0] == {"colour": None, "count": 0}
    assert GAME.to_act(state) == [1]
    assert view(state, 0)["private"]["bid_choices"] == [{"colour": None, "count": 0, "words": "nothing"}]
    assert "bid" not in view(state, 0)["legal"]
    refused(state, Action(0, "bid", {"count": 0}), "Ann has no stones left and is ready with a zero bid")
    state = act(state, 1, "bid", count=0)
    state = act(state, None, "reveal")
    assert GAME.is_over(state) and GAME.result(state)["winners"] == [1]


def _score_every_tower(settings=None):
    """All seven towers scored (3 matching stones around each; Ann and Bob take turns)."""
    colours = {"A1": "blue", "A4": "blue", "D1": "yellow", "D4": "yellow",
               "D7": "green", "G1": "green", "G4": "blue"}
    settings = {"tower_circles": " ".join(colours), **(settings or {})}
    state = started(NAMES2, colours=colours, settings=settings)
    placed = 0
    for tower, colour in colours.items():
        free = [c for c in board.neighbours(tower) if c not in state["board"]
                and c not in colours][:3]
        for circle in free:
            state = place_one(state, placed % 2, colour, circle)
            placed += 1
        assert tower in state["scored"], tower
    return state


def test_game_ends_when_every_tower_is_scored():
    state = _score_every_tower()
    assert GAME.is_over(state) and GAME.result(state)["reason"] == "Every tower has been scored"
    assert sum(r["towers"] for r in GAME.result(state)["ranking"]) == 7
    last = public(state)["last_round"]
    assert last["round"] == state["round"] == GAME.result(state)["round"]
    assert last["lines"][-1]["text"] == "Every tower has been scored: the game ends"


def test_setting_off_plays_on_after_the_last_tower():
    state = _score_every_tower({"end_when_towers_gone": False})
    assert not GAME.is_over(state) and state["phase"] == "bidding"
    state = bid_all(state, {})
    assert GAME.is_over(state)


def test_played_through_the_table_with_undo():
    spec = make_spec(GAME, ["Ann", "Bob", "Cat"])
    match = Match(GAME, spec)

    def do(by, seat, kind, **payload):
        return match.accept(match.propose(by, Action(seat, kind, payload), match.revision))

    do(None, None, "tower_colour", colours={"B2": "blue", "B4": "yellow", "D2": "green",
                                              "D4": "blue", "D6": "yellow", "F2": "green",
                                              "F4": "blue"})
    do(None, None, "start_player", player=0)
    do(None, None, "start")
    do(0, 0, "bid", colour="blue", count=1)
    assert match.can_undo(0)
    do(1, 1, "bid", count=0)
    do(2, 2, "bid", colour="blue", count=1)
    do(1, 1, "reveal")  # a phone acts with its own seat
    with pytest.raises(IllegalAction) as info:
        match.propose(None, Action(None, "undo", {}), match.revision)
    assert "revealed hidden information" in info.value.message
    with pytest.raises(IllegalAction) as info:
        match.propose(1, Action(1, "undo", {}), match.revision)
    assert "revealed hidden information" in info.value.message
    do(0, 0, "place", circle="C3")
    do(None, None, "undo")
    assert match.state["pending"]["seat"] == 0 and match.state["board"] == {}
    do(0, 0, "place", circle="C4")
    do(2, 2, "place", circle="E4")
    assert match.state["board"] == {"C4": "blue", "E4": "blue"}
    # history for Bob: the bids he could not see stay hidden until the reveal line
    lines = [text for _, text in match.history(1)]
    assert lines[:3] == ["The tower on B2 has a blue top stone; The tower on B4 has a yellow top "
                         "stone; The tower on D2 has a green top stone; The tower on D4 has a blue "
                         "top stone; The tower on D6 has a yellow top stone; The tower on F2 has a "
                         "green top stone; The tower on F4 has a blue top stone",
                         "Ann takes the turn tower",
                         "The game begins: round 1, Ann holds the turn tower"]
    assert lines[3] == "Ann is ready" and lines[5] == "Cat is ready"
    assert lines[4] == "Bob bid nothing (secret)"
    assert lines[6] == "Bids revealed: Ann one blue stone; Bob nothing; Cat one blue stone"
    assert lines[-2:] == ["Ann places a blue stone on C4", "Cat places a blue stone on E4"]
    assert [text for _, text in match.history(0)][3] == "Ann bid one blue stone (secret)"
    assert [text for _, text in match.history(None)][3] == "Ann is ready"
    # replay from the log gives the same state
    again = Match(GAME, spec, [Entry.from_json(e.to_json()) for e in match.log])
    assert again.state == match.state


def test_an_older_log_replays_as_today_s_moves():
    """A table kept on disk before the move table: ``color``/``colors`` keys, bids as the
    stones picked up, a count typed as text, a key no move takes, the host tapping for the
    pending seat with no seat."""
    spec = make_spec(GAME, ["Ann", "Bob"])
    old = [
        {"rev": 1, "by": 1, "seat": 1, "kind": "towers",
         "payload": {"circles": "['B2', 'B4', 'D2', 'D4', 'D6', 'F2', 'F4']"}},
        {"rev": 2, "by": None, "seat": None, "kind": "tower_colour",
         "payload": {"colors": {"B2": "Blue", "B4": "y", "D2": "green", "D4": "blue",
                                "D6": "yellow", "F2": "green", "F4": "blue"}}},
        {"rev": 3, "by": 0, "seat": 0, "kind": "start_player", "payload": {"player": 0}},
        {"rev": 4, "by": None, "seat": None, "kind": "start", "payload": {"note": "go"}},
        {"rev": 5, "by": 0, "seat": 0, "kind": "bid", "payload": {"stones": ["b", "b"]}},
        {"rev": 6, "by": 1, "seat": 1, "kind": "bid", "payload": {"color": "G", "count": "1"}},
        {"rev": 7, "by": 1, "seat": 1, "kind": "reveal", "payload": {}},
        {"rev": 8, "by": None, "seat": None, "kind": "place", "payload": {"circle": "c3"}},
    ]
    match = upgraded_match(GAME, spec, old)
    state = match.state
    assert state["tower_colours"]["B4"] == "yellow" and state["round"] == 2
    assert state["board"] == {"C3": "blue"} and state["reveal"]["bids"] == [
        {"colour": "blue", "count": 2}, {"colour": "green", "count": 1}]
    assert [e.action.payload for e in match.log][3:6] == [
        {}, {"count": 2, "colour": "blue"}, {"colour": "green", "count": 1}]  # kept as today's
    assert [text for _, text in match.history(None)][-1] == "Ann places a blue stone on C3"
