"""Rock Garden engine: every step of a round as players at the table would notice it.

Moves go through the table model's one check (``engine.check.play``): a seat's own
phone (``act(state, seat, ...)``) or the host's device (``host(state, seat, ...)``).
"""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.plain import clone, encoded, is_plain
from engine.rockgarden import GAME, turn_in_order
from engine.rockgarden.rules import parse_rocks
from engine.rockgarden.state import (
    CODES, add, cards_of, check_supply, count, remove, supply, taken,
)
from engine.check import legal_moves, play
from engine.spec import make_spec
from engine.table import Match
from tests.rockgarden.support import (
    A_START, B_START, C_START, act, black_in_bag_state, host, play_quiet_round, started, with_gardens,
)

def refused(state, seat, kind, fragment, by_host=False, **payload):
    """The move is refused with ``fragment`` in its message and the state is unchanged."""
    before = encoded(state)
    with pytest.raises(IllegalAction) as err:
        (host if by_host else act)(state, seat, kind, **payload)
    assert fragment in err.value.message, err.value.message
    assert encoded(state) == before


def legal(state, seat, by_host=False):
    return legal_moves(GAME, state, seat, by_host, state["players"])


def garden(state, seat):
    return state["gardens"][seat]


def rocks(text):
    return parse_rocks(text)


def plus(*parts):
    out = {}
    for part in parts:
        add(out, part)
    return out


def minus(a, b):
    out = dict(a)
    remove(out, b)
    return out


def cards(state, seat):
    return [(c["deck"], c["value"]) for c in cards_of(state, seat)]


def set_taken(state, **decks):
    """Pretend that many cards of each deck were taken already (by nobody here)."""
    state = clone(state)
    table = state["cards_taken"]
    for deck, n in decks.items():
        table["deck"] += [deck] * n
        table["seat"] += [-1] * n
        table["round"] += [0] * n
    return state


# -- setup -----------------------------------------------------------------------
def test_setup_starts_with_full_bag_and_black_rock_on_space_one():
    state = GAME.setup(["Ann", "Bo", "Cy"], {})
    view = GAME.public(state)
    assert view["phase"] == "setup"
    assert view["bag"]["rocks"] == 75 and not view["bag"]["black_rock"]
    assert view["tracker"] == {"spaces": 6, "space": 1, "black_rock": "tracker"}
    assert supply(state) == 75
    assert is_plain(state)


def test_setup_records_drawn_rocks_one_at_a_time_or_whole_garden():
    state = GAME.setup(["Ann", "Bo"], {})
    state = act(state, 0, "setup_draw", rocks="R1")
    state = act(state, 0, "setup_draw", rocks=["g2", "Y3"])
    state = host(state, 1, "setup_draw", rocks="W1 W2 W3 B1 B2")   # the host for Bo
    assert garden(state, 0) == rocks("R1 G2 Y3")
    assert state["phase"] == "setup"
    assert GAME.to_act(state) == [0]
    refused(state, 0, "setup_draw", "draws 5 rocks to start and already has 3", rocks="R1 R1 R1")
    refused(state, 1, "setup_draw", "Bo's starting garden already has 5 rocks", rocks="R1")
    assert "setup_draw" not in legal(state, 1) and "setup_draw" in legal(state, 0)
    state = act(state, 0, "setup_draw", rocks="R1 R1")
    assert state["phase"] == "setup"  # no start player yet
    state = act(state, 1, "start_player", player=1)
    assert state["phase"] == "piles" and state["start_player"] == 1
    assert count(state["bag"]) == 65
    check_supply(state)


def test_setup_refuses_a_sixth_rock_of_a_kind():
    state = GAME.setup(["Ann", "Bo"], {})
    state = act(state, 0, "setup_draw", rocks="R1 R1 R1 R1 R1")
    refused(state, 1, "setup_draw", "6 x R1: only 5 exist", rocks="R1")
    refused(state, 1, "setup_draw", "7 x R1: only 5 exist", rocks="R1 R1")


def test_setup_refuses_bad_notation_and_other_seats():
    state = GAME.setup(["Ann", "Bo"], {})
    refused(state, 0, "setup_draw", "values are 1 to 3", rocks="R4")
    refused(state, 0, "setup_draw", "colours are", rocks="X1")
    refused(state, 0, "setup_draw", "does not take 'player'", player=1, rocks="R1")
    refused(state, 0, "setup_draw", "black rock never goes", rocks="K")
    refused(state, 0, "fly", "no move 'fly'")
    with pytest.raises(IllegalAction, match="You can only act for your own seat"):
        GAME_play_by(state, by=0, seat=1, kind="setup_draw", rocks="R1")


def GAME_play_by(state, by, seat, kind, **payload):
    from engine.check import apply

    return apply(GAME, state, Action(seat, kind, payload), by, state["players"])[0]


def test_players_and_settings():
    with pytest.raises(IllegalAction):
        GAME.setup(["Solo"], {})
    with pytest.raises(IllegalAction):
        GAME.setup(list("ABCDEFG"), {})
    two = started(2)
    assert GAME.public(two)["note"] == "2 players is unofficial: one pile"
    assert GAME.public(two)["piles_needed"] == 1
    assert GAME.public(started(3))["note"] is None
    with pytest.raises(IllegalAction):
        GAME.setup(["A", "B"], {"after_deck": "zero"})
    state = GAME.setup(["A", "B"], {"colour_R": "Crimson", "tracker_spaces": "4"})
    view = GAME.public(state)
    assert view["colour_names"]["R"] == "Crimson" and view["colour_names"]["W"] == "White"
    assert view["tracker"]["spaces"] == 4
    keys = {s.key: s.default for s in GAME.settings}
    assert keys["tracker_spaces"] == 6 and keys["after_deck"] == "continue"
    assert [keys[f"colour_{c}"] for c in "RYGBW"] == ["Red", "Yellow", "Green", "Blue", "White"]


def test_the_start_player_is_a_subject_anyone_names():
    state = GAME.setup(["Ann", "Bo", "Cy"], {})
    state = act(state, 2, "start_player", player=0)         # Cy names Ann
    assert state["start_player"] == 0
    refused(state, 1, "start_player", "Ann is the start player already", player=0)
    refused(state, 1, "start_player", "only 3 players", player=4)
    state = act(state, None, "start_player", player=1)      # the host changes it
    assert state["start_player"] == 1


# -- 1. piles --------------------------------------------------------------------
def test_pile_completes_exactly_at_six_then_the_next_starts():
    state = started(3)
    state = act(state, 0, "draw", rocks="R1 R2 Y2")
    assert [p["rocks"] for p in state["piles"]] == [["R1", "R2", "Y2"]]
    assert GAME.public(state)["piles"][0]["complete"] is False
    state = act(state, 0, "draw", rocks="Y1")
    assert GAME.public(state)["piles"][0]["value"] == 6
    assert GAME.public(state)["piles"][0]["complete"] is True
    state = act(state, None, "draw", rocks="G2 G2 G1 B3")  # the host, for Ann: 2+2+1=5, +3 = 8
    assert [p["value"] for p in GAME.public(state)["piles"]] == [6, 8]
    assert state["phase"] == "bidding" and state["turn"] == 0
    check_supply(state)


def test_only_the_start_player_lays_out_piles_and_not_beyond_the_last_pile():
    state = started(3, start=1)
    refused(state, 0, "draw", "It is not your turn: it is Bo's", rocks="R1")
    refused(state, 1, "draw", "The piles were complete before W1", rocks="R3 Y3 G3 B3 W1")
    refused(state, 1, "draw", "Name the rock drawn", rocks="")
    refused(state, 1, "bid", "Bidding is not possible during the laying out of the piles",
            pile=0, rocks="")
    state = act(state, 1, "draw", rocks="R3 Y3 G3 B3")
    assert state["phase"] == "bidding" and state["turn"] == 1


def test_drawing_a_rock_that_is_not_in_the_bag_is_a_sixth_rock():
    state = started(3)
    state = with_gardens(state, "R1 R1 R1 R1 R1", None, None)
    refused(state, 0, "draw", "6 x R1: only 5 exist", rocks="R1")


def test_black_rock_cannot_be_drawn_while_on_the_tracker():
    state = started(3)
    refused(state, 0, "draw", "black rock is not in the bag", rocks="K")


# -- 2. bidding ------------------------------------------------------------------
def bidding_state(n=3, start=0):
    state = started(n, start=start)
    piles = {2: "R3 Y3", 3: "R3 Y3 W2 W2 B2", 4: "R3 Y3 W2 W2 B2 G3 G3"}[n]
    return act(state, start, "draw", rocks=piles)


def test_pass_is_refused_while_a_pile_has_no_bid():
    state = bidding_state()
    refused(state, 0, "pass", "may not pass while piles 1, 2 have no bid", rock="G1")
    state = act(state, 0, "bid", pile=0, rocks="R1")
    refused(state, 1, "pass", "may not pass while pile 2 has no bid", rock="G1")
    assert "pass" not in legal(state, 1)


def test_bid_rocks_must_be_in_the_bidders_garden():
    state = bidding_state()
    refused(state, 0, "bid", "W1 is not in your garden", pile=0, rocks="W1")
    refused(state, 0, "bid", "Your garden has only 1 x R1, not 2", pile=0, rocks="R1 R1")
    refused(state, 0, "bid", "Choose a pile from 1 to 2", pile=2, rocks="R1")
    refused(state, 1, "bid", "It is not your turn: it is Ann's", pile=0, rocks="Y2")
    refused(state, 1, "bid", "It is Ann's turn", by_host=True, pile=0, rocks="Y2")
    refused(state, 0, "bid", "The pile is missing", rocks="R1")


def test_bid_moves_rocks_from_garden_to_rake_and_turn_goes_clockwise():
    state = bidding_state()
    state = act(state, 0, "bid", pile=1, rocks="R1 R2")
    assert garden(state, 0) == rocks("Y1 G2 B3")
    assert state["piles"][1]["bid"] == {"seat": 0, "rocks": rocks("R1 R2")}
    assert state["turn"] == 1
    view = GAME.public(state)
    assert view["piles"][1]["bid"] == {"seat": 0, "name": "Ann", "rocks": ["R1", "R2"],
                                       "value": 3, "count": 2}
    check_supply(state)


def test_the_host_bids_for_the_seat_to_act_on_its_table_screen():
    state = bidding_state()
    state = act(state, None, "bid", pile=0, rocks="R1")     # no seat: the one to act (Ann)
    assert state["piles"][0]["bid"]["seat"] == 0 and state["turn"] == 1


def test_undercut_with_lower_value_returns_rocks_and_displaced_bids_again_elsewhere():
    state = bidding_state()
    state = act(state, 0, "bid", pile=0, rocks="R1 R2")      # Ann: 3 with 2 rocks
    state = act(state, 1, "bid", pile=0, rocks="G1")         # Bo: 1 < 3
    assert garden(state, 0) == rocks(A_START)                 # Ann's rocks came back
    assert state["turn"] == 2                                 # Cy next, then Ann again
    state = act(state, 2, "bid", pile=1, rocks="W1")
    assert state["turn"] == 0
    state = act(state, 0, "bid", pile=1, rocks="")           # Ann bids on the other pile
    assert state["piles"][1]["bid"]["seat"] == 0
    assert garden(state, 2) == rocks(C_START)
    assert state["turn"] == 2 and "pass" in legal(state, 2)


def test_undercut_with_equal_value_and_fewer_rocks():
    state = bidding_state()
    state = act(state, 0, "bid", pile=0, rocks="R1 R2 G2")   # 5 with 3 rocks
    refused(state, 1, "bid", "Your bid must be worth less than 5, or 5 with fewer than 3 rocks",
            pile=0, rocks="G1 B1 Y3")                       # 5 with 3 rocks: not enough
    refused(state, 1, "bid", "Your bid must be worth less than 5, or 5 with fewer than 3 rocks",
            pile=0, rocks="Y2 Y3 G1")                       # 6: worth more
    state = act(state, 1, "bid", pile=0, rocks="Y2 Y3")      # 5 with 2 rocks
    assert state["piles"][0]["bid"]["seat"] == 1
    assert garden(state, 0) == rocks(A_START)


def test_single_rock_limit_message_and_view_hints():
    state = bidding_state()
    state = act(state, 0, "bid", pile=0, rocks="B3")
    refused(state, 1, "bid", "Your bid must be worth less than 3", pile=0, rocks="Y3")
    options = GAME.private(state, 1)["bid_options"]
    assert options[0]["beat_value"] == 3 and options[0]["beat_rocks"] == 1
    assert options[0]["can_bid"] and not options[0]["open"]
    assert options[1]["open"] and options[1]["can_bid"]
    assert GAME.private(state, 0)["bid_options"] == []  # not Ann's turn
    assert legal(state, 1) == ["bid", "correct_garden"]
    assert legal(state, 0) == ["correct_garden"]


def test_zero_bid_cannot_be_undercut():
    state = bidding_state()
    state = act(state, 0, "bid", pile=0, rocks=[])
    refused(state, 1, "bid", "a bid of no rocks cannot be undercut", pile=0, rocks="")
    refused(state, 1, "bid", "a bid of no rocks cannot be undercut", pile=0, rocks="G1")
    state = act(state, 1, "bid", pile=1, rocks="")
    assert GAME.private(state, 2)["bid_options"][0]["can_bid"] is False
    # Cy cannot undercut a zero bid: only pass remains
    assert legal(state, 2) == ["pass", "correct_garden"]
    refused(state, 2, "bid", "Every pile has a bid of no rocks", pile=1, rocks="")
    state = act(state, 2, "pass", rock="G1")
    assert state["phase"] in ("turn_ins", "piles")


def test_player_with_standing_bid_is_skipped():
    state = bidding_state(n=4)                                # 3 piles, Ann starts
    state = act(state, 0, "bid", pile=0, rocks="R1")
    state = act(state, 1, "bid", pile=1, rocks="G1")
    state = act(state, 2, "bid", pile=2, rocks="W1")
    assert state["turn"] == 3                                 # only Di has no bid
    state = act(state, 3, "bid", pile=1, rocks="")           # Di undercuts Bo
    assert state["turn"] == 1                                 # Ann's bid stands: skipped
    state = act(state, 1, "bid", pile=0, rocks="")           # Bo undercuts Ann
    assert state["turn"] == 0                                 # Cy's and Di's bids stand
    assert GAME.to_act(state) == [0]


def test_turn_in_order_known_once_the_passer_is():
    state = bidding_state(n=4, start=2)
    assert turn_in_order(state) == []
    state = act(state, 2, "bid", pile=0, rocks="")
    state = act(state, 3, "bid", pile=1, rocks="")
    state = act(state, 0, "bid", pile=2, rocks="")
    assert turn_in_order(state) == [1, 2, 3, 0]             # Bo is the only one who can pass


# -- 3. the pass and the exchange ------------------------------------------------
def test_pass_takes_a_pass_card_draws_a_rock_and_exchanges():
    state = bidding_state()                                   # piles: R3 Y3 | W2 W2 B2
    pile0 = rocks(" ".join(state["piles"][0]["rocks"]))
    pile1 = rocks(" ".join(state["piles"][1]["rocks"]))
    state = act(state, 0, "bid", pile=0, rocks="R1 R2")
    state = act(state, 1, "bid", pile=1, rocks="G1")
    bag_before = dict(state["bag"])
    refused(state, 2, "pass", "Name the rock drawn", rock=None)
    refused(state, 2, "pass", "one rock", rock="G1 G1")
    state = act(state, 2, "pass", rock="Y1")
    assert state["passer"] == 2 and cards(state, 2) == [("pass", 1)]
    assert garden(state, 2) == plus(rocks(C_START), rocks("Y1"))
    assert garden(state, 0) == plus(rocks("Y1 G2 B3"), pile0)
    assert garden(state, 1) == plus(rocks("Y2 Y3 B1 W2"), pile1)
    assert state["bag"] == plus(minus(bag_before, rocks("Y1")), rocks("R1 R2 G1"))
    assert state["piles"] == []
    assert taken(state, "pass") == 1
    check_supply(state)


def test_round_without_sets_advances_tracker_and_passer_starts_next_round():
    state = started(3, gardens=("R1 Y1 G1 B2 W3", "R2 Y2 B1 W1 W2", "G3 B3 R3 G2 W2"))
    state = act(state, 0, "draw", rocks="R3 G3")
    assert state["phase"] == "piles"
    state = act(state, 0, "draw", rocks="Y3 Y3")
    assert state["phase"] == "bidding"
    state = act(state, 0, "bid", pile=0, rocks="")
    state = act(state, 1, "bid", pile=1, rocks="")
    state = act(state, 2, "pass", rock="R1")
    assert state["round"] == 2 and state["phase"] == "piles"
    assert state["start_player"] == 2 and state["passer"] is None
    assert GAME.public(state)["tracker"]["space"] == 2
    assert GAME.to_act(state) == [2]


# -- 4. turn-ins -----------------------------------------------------------------
def turn_in_state(ann=None, bo=None, cy=None, settings=None, taken=None, bid_rocks=("", "")):
    """Bidding done and Cy about to pass; gardens set by correction (after the exchange
    the piles R3 Y3 / W2 W2 B2 go to Ann and Bo)."""
    state = started(3, settings=settings)
    state = with_gardens(state, ann, bo, cy)
    if taken:
        state = set_taken(state, **taken)
    state = act(state, 0, "draw", rocks="R3 Y3 W2 W2 B2")
    state = act(state, 0, "bid", pile=0, rocks=bid_rocks[0])
    state = act(state, 1, "bid", pile=1, rocks=bid_rocks[1])
    return state


def test_the_rule_book_example_must_continue_while_a_set_remains():
    # Cy: 1 2222 333 -> Foursome then Trips (two cards), or the Straight Flush alone.
    state = turn_in_state(ann="G1", bo="G3", cy="B1 R2 Y2 G2 B2 B3 B3 B3")
    state = act(state, 2, "pass", rock="W1")
    assert state["phase"] == "turn_ins" and state["turn"] == 2   # the passer first
    sets = {s["set"] for s in GAME.public(state)["players"][2]["forbidden_sets"]}
    assert sets == {"foursome", "trips", "straight"}

    foursome = act(state, 2, "turn_in", rocks="R2 Y2 G2 B2")
    assert foursome["turn"] == 2 and foursome["phase"] == "turn_ins"  # B1 B3 B3 B3 W1: Trips left
    assert "turn_in" in legal(foursome, 2)
    refused(foursome, 2, "turn_in", "B3 B3 is not a forbidden set", rocks="B3 B3")
    trips = act(foursome, 2, "turn_in", rocks="B3 B3 B3")
    assert cards(trips, 2) == [("pass", 1), ("foursome", 1), ("trips", 1)]
    assert garden(trips, 2) == rocks("B1 W1")
    assert trips["phase"] == "piles" and trips["round"] == 2        # nobody else had a set
    check_supply(trips)

    straight = act(state, 2, "turn_in", rocks="B1 B2 B3")
    assert garden(straight, 2) == rocks("R2 Y2 G2 B3 B3 W1")
    assert straight["phase"] == "piles"
    assert cards(straight, 2) == [("pass", 1), ("straight", 1)]


def test_illegal_turn_ins_are_refused():
    state = turn_in_state(ann="G1", bo="G3", cy="R1 R1 R1 Y2")
    state = act(state, 2, "pass", rock="W1")
    refused(state, 2, "turn_in", "R1 R1 Y2 is not a forbidden set", rocks="R1 R1 Y2")
    refused(state, 2, "turn_in", "Your garden has only 1 x Y2, not 3", rocks="Y2 Y2 Y2")
    refused(state, 2, "turn_in", "Y1 is not in your garden", rocks="Y1 Y1 Y1")
    refused(state, 0, "turn_in", "it is Cy's", rocks="R3 R3 R3")
    refused(state, 2, "bid", "Bidding is not possible during the turn-ins", pile=0, rocks="")
    refused(state, 2, "draw", "not possible during the turn-ins", rocks="R1")


def test_deck_value_advances_for_the_next_player_and_players_without_sets_are_skipped():
    # after the exchange: Ann gets R3 Y3 (-> R3 R3 R3 trips), Bo gets W2 W2 B2 (no set)
    state = turn_in_state(ann="R3 R3 G1", bo="G3", cy="Y1 Y1 Y1 G2")
    state = act(state, 2, "pass", rock="W1")
    assert turn_in_order(state) == [2, 0, 1]
    assert state["turn"] == 2
    state = act(state, 2, "turn_in", rocks="Y1 Y1 Y1")
    assert state["turn"] == 0                                 # Ann next, faces Trips worth 2
    assert GAME.public(state)["decks"]["trips"]["next_cost"] == 2
    assert GAME.public(state)["decks"]["trips"]["top"] == 2
    state = act(state, 0, "turn_in", rocks="R3 R3 R3")
    assert cards(state, 0) == [("trips", 2)]
    assert state["phase"] == "piles" and state["start_player"] == 2  # Bo had no set: skipped
    assert GAME.public(state)["decks"]["trips"] == {
        "top": 3, "cards_left": 8, "next_cost": 3, "on_paper": False}


@pytest.mark.parametrize("after_deck, second_cost", [("continue", 11), ("ten", 10)])
def test_deck_runs_out_game_ends_after_the_round_with_paper_costs(after_deck, second_cost):
    state = turn_in_state(ann="R3 R3 G1", bo="G3", cy="Y1 Y1 Y1 G2",
                          settings={"after_deck": after_deck}, taken={"trips": 9})
    state = act(state, 2, "pass", rock="W1")
    state = act(state, 2, "turn_in", rocks="Y1 Y1 Y1")       # the last Trips card: 10
    assert cards_of(state, 2)[-1]["value"] == 10
    assert state["phase"] == "turn_ins"                       # finish the scoring round
    view = GAME.public(state)
    assert view["decks"]["trips"]["cards_left"] == 0 and view["decks"]["trips"]["top"] is None
    assert view["decks"]["trips"]["next_cost"] == second_cost
    assert GAME.private(state, 0)["advice"]["plans"][0]["demerits"] == second_cost
    state = act(state, 0, "turn_in", rocks="R3 R3 R3")
    card = cards_of(state, 0)[-1]
    assert (card["value"], card["on_paper"]) == (second_cost, True)
    assert GAME.is_over(state)
    assert any(e.startswith("deck_empty") for e in state["ending"])
    result = GAME.result(state)
    by_seat = {r["seat"]: r for r in result["ranking"]}
    assert by_seat[0]["demerits"] == second_cost and by_seat[2]["demerits"] == 11


def test_last_pass_card_ends_the_game_after_scoring():
    state = turn_in_state(ann="G1", bo="G3", cy="Y1 Y1 Y1", taken={"pass": 9})
    state = act(state, 2, "pass", rock="W1")
    assert taken(state, "pass") == 10 and not GAME.is_over(state)
    state = act(state, 2, "turn_in", rocks="Y1 Y1 Y1")
    assert GAME.is_over(state) and state["ending"] == ["deck_empty:pass"]
    assert GAME.to_act(state) == []
    refused(state, 0, "correct_garden", "The game is over", rocks="")
    refused(state, 0, "correct_garden", "The game is over", by_host=True, rocks="")


# -- black rock ------------------------------------------------------------------
def test_black_rock_advances_then_goes_into_the_bag():
    state = started(3, settings={"tracker_spaces": 2},
                    gardens=("G1 Y1 B2 W3 R2", "Y2 G3 W1 B1 R1", "B3 W2 G2 Y3 R1"))
    assert GAME.public(state)["tracker"]["space"] == 1
    state = play_quiet_round(state, passer_rock="W1")
    assert GAME.public(state)["tracker"] == {"spaces": 2, "space": 2, "black_rock": "tracker"}
    assert GAME.public(state)["black_rock_chance"] == 0
    state = with_gardens(state, "G1", "Y2", "B3")            # keep it quiet: no sets
    state = play_quiet_round(state, passer_rock="W2")
    view = GAME.public(state)
    assert view["tracker"]["black_rock"] == "bag" and view["tracker"]["space"] is None
    assert view["bag"]["black_rock"] is True
    assert view["bag"]["total"] == view["bag"]["rocks"] + 1
    assert supply(state) == 76
    assert 0 < view["black_rock_chance"] < 1


def test_black_rock_drawn_in_piles_ends_the_game_at_once():
    state = black_in_bag_state()
    start = state["start_player"]
    state = act(state, start, "draw", rocks="R1 R2")
    refused(state, start, "draw", "nothing is drawn after it", rocks="K R1")
    state = act(state, start, "draw", rocks="k")
    assert GAME.is_over(state) and state["ending"] == ["black_in_piles"]
    assert state["phase"] == "over" and state["black"] == "piles"
    assert supply(state) == 75
    assert GAME.result(state) is not None
    refused(state, start, "draw", "The game is over", rocks="R1")


def test_black_rock_drawn_on_pass_no_replacement_game_ends_after_scoring():
    state = black_in_bag_state()
    state = with_gardens(state, None, None, "B3 B3 B3")
    rocks_before = count(garden(state, 2))
    passer_rocks = count(garden(state, 1))
    start = state["start_player"]                             # the previous passer: Cy
    assert start == 2
    state = act(state, 2, "draw", rocks="R3 Y3 G3 B1 B2")
    state = act(state, 2, "bid", pile=0, rocks="")
    state = act(state, 0, "bid", pile=1, rocks="")
    state = act(state, 1, "pass", rock="K")
    assert state["black"] == "passer"
    assert count(garden(state, 1)) == passer_rocks and cards_of(state, 1)[-1]["deck"] == "pass"
    assert not GAME.is_over(state) and state["turn"] == 2     # Cy still turns in
    assert count(garden(state, 2)) == rocks_before + 2         # Cy took pile 1: R3 Y3
    state = act(state, 2, "turn_in", rocks="B3 B3 B3")
    assert GAME.is_over(state) and state["ending"] == ["black_on_pass"]


def test_black_rock_refused_on_pass_while_on_tracker():
    state = turn_in_state(ann="G1", bo="G3", cy="Y1")
    refused(state, 2, "pass", "black rock is not in the bag", rock="K")


# -- ending and ranking ----------------------------------------------------------
def test_ranking_fewest_demerits_then_fewest_rocks():
    state = black_in_bag_state()                              # Cy passed: 1 demerit
    state = with_gardens(state, "G1 G2", "Y2", "B3 Y1 Y2")
    state = act(state, state["start_player"], "draw", rocks="K")
    result = GAME.result(state)
    ranking = [(r["name"], r["demerits"], r["rocks"], r["place"]) for r in result["ranking"]]
    assert ranking == [("Bo", 0, 1, 1), ("Ann", 0, 2, 2), ("Cy", 1, 3, 3)]
    assert result["winners"] == [1]
    assert result["ranking"][2]["demerits_by_round"] == [1, 0]
    assert result["ranking"][2]["cards"] == [{"deck": "pass", "value": 1, "round": 1,
                                              "on_paper": False}]


def test_full_tie_shares_the_place():
    state = black_in_bag_state()
    state = with_gardens(state, "G1", "Y2", None)
    state = act(state, state["start_player"], "draw", rocks="K")
    ranking = GAME.result(state)["ranking"]
    assert [(r["name"], r["place"]) for r in ranking[:2]] == [("Ann", 1), ("Bo", 1)]
    assert GAME.result(state)["winners"] == [0, 1]


# -- corrections -----------------------------------------------------------------
def test_correction_moves_the_difference_to_and_from_the_bag():
    state = started(3)
    bag = dict(state["bag"])
    state = act(state, 0, "correct_garden", rocks="R1 R2 Y1 G2 G2 W3")  # was R1 R2 Y1 G2 B3
    assert garden(state, 0) == rocks("R1 R2 Y1 G2 G2 W3")
    assert state["bag"] == minus(plus(bag, rocks("B3")), rocks("G2 W3"))
    check_supply(state)
    refused(state, 0, "correct_garden", "only 5 exist", rocks="W3 W3 W3 W3 W3")  # C has W3 too
    refused(state, 0, "correct_garden", "Nothing to correct", rocks="W3 G2 R1 R2 Y1 G2")
    refused(state, 1, "correct_garden", "does not take 'player'", player=0, rocks="")
    refused(state, None, "correct_garden", "Say which player this is for", rocks="")


def test_a_player_cannot_correct_their_own_garden_during_the_turn_ins():
    state = turn_in_state(ann="G1", bo="G3", cy="Y1 Y1 Y1")
    state = act(state, 2, "pass", rock="W1")
    for seat in range(3):
        refused(state, seat, "correct_garden", "During the turn-ins only the host can correct",
                rocks="Y1 Y1 W1")
        assert "correct_garden" not in legal(state, seat)
        assert "correct_garden" in legal(state, seat, by_host=True)


def test_the_host_correcting_during_turn_ins_removing_the_set_moves_on():
    state = turn_in_state(ann="G1", bo="G3", cy="Y1 Y1 Y1")
    state = act(state, 2, "pass", rock="W1")
    assert state["turn"] == 2
    state = host(state, 2, "correct_garden", rocks="Y1 Y1 W1")
    assert state["phase"] == "piles" and state["round"] == 2


def test_a_set_the_host_gives_after_a_players_turn_in_is_turned_in_this_round():
    # Cy passes and turns in first; then Ann (who has a set). While Ann turns in, the
    # host corrects Cy's garden into a Trips: the turn comes back to Cy before the end.
    state = turn_in_state(ann="R3 R3 G1", bo="G3", cy="Y1 Y1 Y1 G2")
    state = act(state, 2, "pass", rock="W1")
    state = act(state, 2, "turn_in", rocks="Y1 Y1 Y1")
    assert state["turn"] == 0
    state = host(state, 2, "correct_garden", rocks="G2 W1 B2 B2 B2")
    assert state["turn"] == 0                                 # Ann still turns in first
    assert GAME.private(state, 2)["advice"]["before"] == [0]  # Cy faces the tops after Ann
    state = act(state, 0, "turn_in", rocks="R3 R3 R3")
    assert state["phase"] == "turn_ins" and state["turn"] == 2  # back to Cy (Bo has no set)
    refused(state, 0, "turn_in", "it is Cy's", rocks="G1 G1 G1")
    state = act(state, 2, "turn_in", rocks="B2 B2 B2")
    assert cards(state, 2) == [("pass", 1), ("trips", 1), ("trips", 3)]
    assert state["phase"] == "piles" and state["round"] == 2
    check_supply(state)


def test_setup_correction_limited_to_five():
    state = GAME.setup(["A", "B"], {})
    refused(state, 0, "correct_garden", "A starting garden has 5 rocks", rocks="R1 R1 R1 R2 R2 R2")
    state = act(state, 0, "correct_garden", rocks="R1 R1 R1 R2 R2")
    state = act(state, 1, "setup_draw", rocks="Y1 Y1 Y1 Y2 Y2")
    state = act(state, 0, "start_player", player=0)
    assert state["phase"] == "piles"


# -- hidden information ----------------------------------------------------------
def secret_state():
    """Ann holds a Trips card worth 7; the black rock goes into the bag after round 1."""
    state = turn_in_state(ann="R3 R3 G1", bo="G3", cy="Y1", taken={"trips": 6},
                          settings={"tracker_spaces": 1})
    state = act(state, 2, "pass", rock="W1")
    return act(state, 0, "turn_in", rocks="R3 R3 R3")


def test_demerit_values_are_hidden_from_other_seats_and_the_table():
    state = secret_state()
    assert cards(state, 0) == [("trips", 7)]
    own = GAME.private(state, 0)
    assert own["demerits"] == 7 and own["demerits_by_round"] == [7, 0]
    public = GAME.public(state)
    text = json.dumps(public)
    ann = public["players"][0]
    assert ann["demerit_cards"] == 1 and ann["shown"] is None
    assert "demerits" not in ann and "cards" not in ann
    assert '"value": 7' not in text and '"deck": "trips"' not in text
    for viewer in (1, 2):
        assert "7" not in json.dumps(GAME.private(state, viewer)["cards"])


def test_history_line_hides_the_card_value_from_others():
    state = turn_in_state(ann="R3 R3 G1", bo="G3", cy="Y1", taken={"trips": 6})
    state = act(state, 2, "pass", rock="W1")
    action = Action(0, "turn_in", {"rocks": "R3 R3 R3"})
    after = act(state, 0, "turn_in", rocks="R3 R3 R3")
    mine = GAME.say(state, action, after, 0).text
    assert "worth 7" in mine
    for viewer in (1, 2, None):
        line = GAME.say(state, action, after, viewer).text
        assert "7" not in line and "Trips" in line and "Ann" in line


def test_everything_revealed_when_the_game_is_over():
    state = secret_state()
    state = act(state, state["start_player"], "draw", rocks="K")
    assert GAME.result(state)["ranking"][-1]["demerits"] == 7


# -- the table model: undo, history, old logs -------------------------------------
def test_a_table_plays_through_match_with_undo_and_history():
    spec = make_spec(GAME, ["Ann", "Bo", "Cy"])
    match = Match(GAME, spec)
    for seat, garden_ in enumerate((A_START, B_START, C_START)):
        match.accept(match.propose(None, Action(seat, "setup_draw", {"rocks": garden_}), None))
    match.accept(match.propose(None, Action(None, "start_player", {"player": 0}), None))
    match.accept(match.propose(0, Action(0, "draw", {"rocks": "R3 Y3 W2 W2 B2"}), None))
    with pytest.raises(IllegalAction):
        match.propose(1, Action(0, "bid", {"pile": 0, "rocks": ""}), None)
    match.accept(match.propose(0, Action(0, "bid", {"pile": 0, "rocks": "R1"}), None))
    match.accept(match.propose(None, Action(1, "bid", {"pile": 1, "rocks": ""}), None))
    assert match.can_undo(None)
    match.accept(match.propose(None, Action(None, "undo", {}), None))
    assert match.state["turn"] == 1 and match.state["piles"][1]["bid"] is None
    lines = [text for _, text in match.history(2)]
    assert lines[-1] == "Ann bid Red I (worth 1) on pile 1"  # as every screen names a rock
    assert "Ann laid out Red III, Yellow III, White II, White II, Blue II" in lines
    replayed = Match(GAME, spec, match.log)
    assert encoded(replayed.state) == encoded(match.state)


def test_old_logs_with_the_player_key_replay_as_todays_moves():
    from tests.support import upgraded_match

    old = [
        {"rev": 1, "by": None, "seat": None, "kind": "setup_draw", "payload": {"player": 0, "rocks": A_START}},
        {"rev": 2, "by": 1, "seat": 1, "kind": "setup_draw", "payload": {"player": 1, "rocks": B_START}},
        {"rev": 3, "by": None, "seat": None, "kind": "setup_draw", "payload": {"player": 2, "rocks": C_START}},
        {"rev": 4, "by": None, "seat": None, "kind": "start_player", "payload": {"player": 1}},
        {"rev": 5, "by": None, "seat": None, "kind": "draw", "payload": {"rock": "R3"}},
        {"rev": 6, "by": 1, "seat": 1, "kind": "draw", "payload": {"rocks": ["Y3", "W2", "W2", "B2"]}},
        {"rev": 7, "by": None, "seat": None, "kind": "correct_garden",
         "payload": {"player": 0, "rocks": "R1 R2 Y1 G2 B3 B3"}},
        {"rev": 8, "by": 1, "seat": 1, "kind": "bid", "payload": {"pile": 0, "rocks": ""}},
        {"rev": 9, "by": 2, "seat": 2, "kind": "bid", "payload": {"pile": 1, "rocks": ""}},
        {"rev": 10, "by": 0, "seat": 0, "kind": "pass", "payload": {"rocks": ["G1"]}},
    ]
    match = upgraded_match(GAME, make_spec(GAME, ["Ann", "Bo", "Cy"]), old)
    state = match.state
    assert state["passer"] == 0 and state["phase"] == "turn_ins"
    assert state["turn"] == 2                                # Cy took W2 W2: W1 W2 W3
    assert garden(state, 0) == rocks("R1 R2 Y1 G2 B3 B3 G1")
    assert [e.action.seat for e in match.log[:3]] == [0, 1, 2]
    assert all("player" not in e.action.payload for e in match.log if e.action.kind != "start_player")
    assert match.log[3].action.payload == {"player": 1}
    check_supply(state)


def test_apply_never_mutates_its_input_and_views_are_json():
    state = bidding_state()
    before = encoded(state)
    after = act(state, 0, "bid", pile=0, rocks="R1")
    assert encoded(state) == before and encoded(after) != before
    assert is_plain(after) and is_plain(GAME.public(after))
    for seat in (0, 1, 2):
        assert is_plain(GAME.private(after, seat))


def test_the_state_is_plain_data_through_a_whole_round():
    state = secret_state()
    state = act(state, state["start_player"], "draw", rocks="R1 R2")
    assert is_plain(state)
    assert set(state["bag"]) <= set(CODES)
    twin = clone(state)
    twin["gardens"][0]["R1"] = twin["gardens"][0].get("R1", 0) + 1
    twin["piles"][0]["rocks"].append("Y1")
    twin["cards_taken"]["seat"][0] = 2
    assert encoded(twin) != encoded(state)
    check_supply(state)


def everything_but(given: str) -> list[str]:
    """Every coloured rock except ``given`` (to empty the bag by corrections)."""
    left = {code: 5 for code in CODES}
    remove(left, parse_rocks(given))
    return [code for code in CODES for _ in range(left.get(code, 0))]


def test_bag_running_dry_leaves_short_piles_as_drawn():
    state = started(3)
    rest = everything_but("R1 R1")
    state = with_gardens(state, None, "", "")
    state = with_gardens(state, " ".join(rest[:40]), " ".join(rest[40:]), None)
    assert count(state["bag"]) == 2
    state = act(state, 0, "draw", rocks="R1 R1")
    assert state["phase"] == "bidding" and len(state["piles"]) == 1
    assert GAME.public(state)["piles"][0]["value"] == 2
    assert GAME.public(state)["piles"][0]["complete"] is False
    state = act(state, 0, "bid", pile=0, rocks="")
    state = act(state, 1, "pass")                              # nothing left to draw
    assert state["passer"] == 1 and cards(state, 1) == [("pass", 1)]
    check_supply(state)


def test_empty_bag_at_the_start_of_a_round_means_no_piles():
    state = started(2)
    rest = everything_but("")
    state = with_gardens(state, None, "")
    state = with_gardens(state, " ".join(rest[:40]), None)
    assert state["phase"] == "piles"
    refused(state, 1, "correct_garden", f"6 x {rest[39]}: only 5 exist", by_host=True,
            rocks=" ".join(rest[39:]))
    state = with_gardens(state, None, " ".join(rest[40:]))
    assert state["phase"] == "bidding" and state["piles"] == []
    assert legal(state, 0) == ["pass", "correct_garden"]
    state = act(state, 0, "pass")
    assert state["phase"] == "turn_ins" and state["turn"] == 0
    check_supply(state)
