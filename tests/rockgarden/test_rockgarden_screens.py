"""Rock Garden phone screens drawn from the real hub's views (no browser).

Each phone's screen is built from ``hub.view(who)`` as a phone's session builds it
(``tests.support.Screen``); whatever a tap sends goes through the hub and the table's
one check (a refusal becomes the toast the phone would show).
"""

from __future__ import annotations

import re

import pytest

from companion.hub import HOST, WATCHER, Who
from tests.support import Screen, new_table
from tests.uitree import all_text, buttons, tap

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


class Table:
    """One table on the real hub, many screens: each keeps its own scratch (``local``)."""

    def __init__(self, players=PLAYERS, **settings):
        self.players = list(players)
        self.hub, self.phones = new_table("rockgarden", self.players, settings)
        self.screens: dict = {}

    @property
    def state(self) -> dict:
        return self.hub.match.state

    def who(self, seat, host=False, acting=None) -> Who:
        if host:
            return Who(seat=acting, host=True)
        return WATCHER if seat is None else self.phones[seat]

    def apply(self, seat, kind, **payload):
        """A move from ``seat``'s phone (None: the host's device)."""
        who = HOST if seat is None else self.phones[seat]
        self.hub.act(who, kind, payload, None, seat)

    def ui_screen(self, seat, host=False, acting=None) -> Screen:
        key = (seat, host, acting)
        if key not in self.screens:
            self.screens[key] = Screen(self.hub, self.who(seat, host, acting))
        return self.screens[key]

    @property
    def toasts(self) -> list[str]:
        return [t for s in self.screens.values() for t in s.toasts]

    def last_toast(self, seat, host=False, acting=None) -> str:
        return self.ui_screen(seat, host, acting).toasts[-1]

    @property
    def sent(self) -> list[tuple]:
        """Every move the table accepted: (kind, payload, seat)."""
        return [(e.action.kind, dict(e.action.payload), e.action.seat) for e in self.hub.match.log]

    def screen(self, seat, host=False, acting=None):
        return self.ui_screen(seat, host, acting).build()

    def text(self, seat, host=False, acting=None) -> str:
        return all_text(self.screen(seat, host, acting))

    def tap(self, seat, *labels, host=False, acting=None):
        """Tap buttons in order, rebuilding the screen between taps (as a phone does)."""
        for label in labels:
            tap(self.screen(seat, host, acting), label)


def rocks(codes: str) -> list[str]:
    names = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Blue", "W": "White"}
    roman = {"1": "I", "2": "II", "3": "III"}
    return [f"{names[c[0]]} {roman[c[1]]}" for c in codes.split()]


def setup_round_one(t: Table) -> None:
    """Gardens and piles of the browser test: Bo starts and lays out G2 B2 R3 | Y3 G3 | B3 R3."""
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 Y1 W1 W2", "G1 B1 W3 R2 Y3",
                                   "B1 B2 W3 W3 G2"]):
        t.apply(seat, "setup_draw", rocks=garden)
    t.apply(0, "start_player", player=1)
    t.apply(1, "draw", rocks="G2 B2 R3 Y3 G3 B3 R3")


def to_turn_ins(t: Table) -> None:
    setup_round_one(t)
    t.apply(1, "bid", pile=0, rocks="W1 W2")
    t.apply(2, "bid", pile=1, rocks="G1")
    t.apply(3, "bid", pile=2, rocks="B1")
    t.apply(0, "bid", pile=0, rocks="")
    t.apply(1, "pass", rock="W3")


def score_round_one(t: Table) -> None:
    """Bo turns in Trips then the Straight Flush; Ann her Straight Flush: round 2."""
    t.apply(1, "turn_in", rocks="Y1 Y1 Y1")
    t.apply(1, "turn_in", rocks="W1 W2 W3")
    t.apply(0, "turn_in", rocks="R1 R2 R3")


# -- setup -------------------------------------------------------------------------
def test_setup_picks_five_rocks_and_records_them():
    t = Table()
    assert "Setting up" in t.text(0)
    t.tap(0, *rocks("R1 R3 R3 Y2"))
    text = t.text(0)
    assert "Red III picked 2" in text and "(4 of 5)" in text
    t.tap(0, "− Red III", rocks("G1")[0])
    controls = t.screen(0)
    assert buttons(controls)["Red I"].disabled is False
    t.tap(0, rocks("B1")[0])  # the fifth rock: every button is full now
    assert buttons(t.screen(0))["White III"].disabled is True
    t.tap(0, "Record starting rocks")
    assert t.sent[-1] == ("setup_draw", {"rocks": "R1 R3 Y2 G1 B1"}, 0)
    assert "Your 5 starting rocks are in your garden" in t.text(0)
    assert "Still drawing: Bo, Cy, Di" in t.text(0)


def test_start_player_is_chosen_on_any_phone_and_round_one_begins():
    t = Table()
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 Y1 W1 W2", "G1 B1 W3 R2 Y3",
                                   "B1 B2 W3 W3 G2"]):
        t.apply(seat, "setup_draw", rocks=garden)
    t.tap(3, "Bo starts")
    assert t.sent[-1] == ("start_player", {"player": 1}, 3)
    assert "You lay out the piles" in t.text(1)
    assert "Bo is laying out the piles" in t.text(0)


# -- piles -------------------------------------------------------------------------
def test_start_player_taps_each_rock_and_piles_complete_at_six():
    t = Table()
    setup = ["R1 R2 R3 R3 Y2", "Y1 Y1 Y1 W1 W2", "G1 B1 W3 R2 Y3", "B1 B2 W3 W3 G2"]
    for seat, garden in enumerate(setup):
        t.apply(seat, "setup_draw", rocks=garden)
    t.apply(0, "start_player", player=1)
    t.tap(1, *rocks("G2 B2"))
    assert "Pile 1 of 3: value 4" in t.text(1)
    t.tap(1, rocks("R3")[0])  # 7: complete, the next pile starts
    assert t.sent[-1] == ("draw", {"rocks": "R3"}, 1)
    assert "Pile 2 of 3: value 0" in t.text(1)
    assert "Pile 1 is complete (worth 7): now pile 2." in t.text(1)
    assert "Pile 1 worth 7" in t.text(0)
    # other phones have no picker
    assert "Red I" not in buttons(t.screen(0))


def test_a_rock_beyond_the_supply_is_refused():
    t = Table()
    for seat, garden in enumerate(["W1 W1 W1 W1 W1", "Y1", "G1", "B1"]):
        t.apply(seat, "setup_draw", rocks=garden)
    t.apply(0, "start_player", player=0)
    t.tap(1, *rocks("Y2 Y2 Y2 Y2"))
    t.tap(1, "Record starting rocks")
    t.tap(2, *rocks("G2 G2 G2 G2"))
    t.tap(2, "Record starting rocks")
    t.tap(3, *rocks("B2 B2 B2 B2"))
    t.tap(3, "Record starting rocks")
    assert t.state["phase"] == "piles"
    t.tap(0, rocks("W1")[0])
    assert re.search(r"6 x W1: only 5 exist", t.last_toast(0)), t.toasts
    assert t.state["piles"] == []


def test_host_table_screen_records_the_piles_for_the_start_player():
    t = Table()
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 Y1 W1 W2", "G1 B1 W3 R2 Y3",
                                   "B1 B2 W3 W3 G2"]):
        t.apply(seat, "setup_draw", rocks=garden)
    t.apply(None, "start_player", player=2)
    t.tap(None, rocks("Y3")[0], host=True)
    assert t.sent[-1] == ("draw", {"rocks": "Y3"}, 2)  # for Cy, the one to draw
    assert t.state["piles"][0]["rocks"] == ["Y3"]
    # a watcher (not host) on the table screen cannot draw
    assert "Red I" not in buttons(t.screen(None))


def test_black_rock_drawn_for_the_piles_ends_the_game_at_once():
    t = Table(tracker_spaces=1)
    to_turn_ins(t)
    score_round_one(t)
    assert t.state["phase"] == "piles" and "The black rock is in the bag" in t.text(2)
    t.tap(1, "Black rock")  # confirmed
    assert t.sent[-1] == ("draw", {"rocks": "K"}, 1)
    text = t.text(2)
    assert "Game over" in text
    assert "The black rock came out while the piles were drawn: the game ended at once." in text


# -- bidding -------------------------------------------------------------------------
def test_bid_picker_offers_only_my_garden_and_places_the_bid():
    t = Table()
    setup_round_one(t)
    controls = t.screen(1)
    names = buttons(controls)
    assert "Yellow I" in names and "White II" in names and "Red I" not in names
    assert "Pass" not in names  # no pile has a bid yet
    assert "You may pass once every pile has a bid" in all_text(controls)
    t.tap(1, "White I", "White II")
    assert "Your bid: White I, White II — worth 3, 2 rocks" in t.text(1)
    t.tap(1, "Place bid")
    assert t.sent[-1] == ("bid", {"pile": 0, "rocks": "W1 W2"}, 1)
    assert "Cy is bidding" in t.text(1)
    # Cy's default pile is the first without a bid
    t.tap(2, "Green I", "Place bid")
    assert t.sent[-1] == ("bid", {"pile": 1, "rocks": "G1"}, 2)


def test_an_illegal_bid_is_refused_in_words_and_an_undercut_takes_the_pile():
    t = Table()
    setup_round_one(t)
    t.apply(1, "bid", pile=0, rocks="W1 W2")
    t.apply(2, "bid", pile=1, rocks="G1")
    t.apply(3, "bid", pile=2, rocks="B1")
    text = t.text(0)
    assert "Undercut or pass" in text
    assert "To undercut: your bid must be worth less than 3, or 3 with fewer than 2 rocks." in text
    t.tap(0, "Red III", "Red III", "Place bid")
    assert t.last_toast(0) == "Your bid must be worth less than 3, or 3 with fewer than 2 rocks"
    assert "Red III picked 2" in t.text(0)  # the selection stays after a refusal
    t.tap(0, "Clear", "Place bid")
    assert t.sent[-1] == ("bid", {"pile": 0, "rocks": ""}, 0)
    assert "Pile 1 bid Ann worth 0" in t.text(2)
    assert "Undercut or pass" in t.text(1)  # Bo's bid went back: Bo is the one left


def test_pass_offered_only_when_every_pile_has_a_bid_then_exchange():
    t = Table()
    setup_round_one(t)
    t.apply(1, "bid", pile=0, rocks="W1 W2")
    t.apply(2, "bid", pile=1, rocks="G1")
    t.apply(3, "bid", pile=2, rocks="B1")
    t.apply(0, "bid", pile=0, rocks="")
    t.tap(1, "Pass")
    text = t.text(1)
    assert "then draw one rock from the bag and tap it" in text
    assert "I drew the black rock" not in buttons(t.screen(1))  # it is on the tracker
    t.tap(1, "White III")
    assert t.sent[-1] == ("pass", {"rock": "W3"}, 1)
    # the exchange happened by itself: bids to the bag, piles to gardens
    assert "My garden 8 rocks" in t.text(0)
    assert "Bo demerit cards 1" in t.text(2)


# -- turn-ins ------------------------------------------------------------------------
def test_turn_in_advice_for_the_tops_each_player_will_face():
    t = Table()
    to_turn_ins(t)
    bo = t.text(1)
    assert "Turn in your forbidden sets" in bo and "Deck tops you face: Trips 1, Foursome 1, Straight Flush 1" in bo
    ann = t.text(0)
    assert ("Deck tops you will face after Bo (if they follow their best plan): "
            "Trips 2, Foursome 1, Straight Flush 2") in ann
    assert "Plan 1: 2 demerits, 1 card, keep 5 rocks" in ann
    assert "Follow plan 1" not in buttons(t.screen(0))  # not Ann's turn yet
    # Bo follows plan 1: one tap per set
    t.tap(1, "Follow plan 1")
    assert t.sent[-1] == ("turn_in", {"rocks": "Y1 Y1 Y1"}, 1)
    assert "Your plan: next W1 W2 W3" in t.text(1)
    t.tap(1, "Turn in the next set")
    assert t.sent[-1] == ("turn_in", {"rocks": "W1 W2 W3"}, 1)
    assert "Bo demerits 3" in t.text(1)
    # Ann: the first set she sees is the Trips; the best plan is the Straight Flush
    controls = t.screen(0)
    set_buttons = [b for b in buttons(controls) if b.startswith("Turn in ") and b != "Turn in the next set"]
    assert set_buttons[0] == "Turn in Trips R3 R3 R3"
    assert "Deck tops you face: Trips 2, Foursome 1, Straight Flush 2" in all_text(controls)
    t.tap(0, "Follow plan 1")
    assert t.sent[-1] == ("turn_in", {"rocks": "R1 R2 R3"}, 0)
    # the round is over: the black rock moved, the passer starts
    assert t.state["round"] == 2 and "You lay out the piles" in t.text(1)


def test_own_order_and_undo_keep_the_plan_in_step():
    t = Table()
    to_turn_ins(t)
    t.tap(1, "Follow plan 1")
    assert "Your plan: next W1 W2 W3" in t.text(1)
    # an undo puts the trips back: the plan's next step is the trips again
    t.hub.act(t.phones[1], "undo", {}, None)
    assert "Your plan: next Y1 Y1 Y1" in t.text(1)
    t.tap(1, "Choose another way")
    t.tap(1, "Turn in Straight Flush W1 W2 W3")
    assert t.sent[-1] == ("turn_in", {"rocks": "W1 W2 W3"}, 1)


# -- hidden information ----------------------------------------------------------------
def test_demerits_are_only_on_their_owners_screen_until_the_end():
    t = Table()
    to_turn_ins(t)
    t.apply(1, "turn_in", rocks="Y1 Y1 Y1")
    t.apply(1, "turn_in", rocks="W1 W2 W3")
    assert "Bo demerits 3" in t.text(1)
    for seat in (0, 2, 3, None):
        text = t.text(seat)
        assert "Bo demerits" not in text and "Trips 1" not in text
        assert "Bo demerit cards 3" in text
    assert "Bo demerits" not in t.text(None, host=True)
    # pass-and-play: the host entering for Bo sees Bo's screen, and acts for Bo
    assert "Bo demerits 3" in t.text(None, host=True, acting=1)


def test_host_enters_for_a_player():
    t = Table()
    setup_round_one(t)
    t.tap(None, "White I", "Place bid", host=True, acting=1)
    assert t.sent[-1] == ("bid", {"pile": 0, "rocks": "W1"}, 1)
    assert t.state["piles"][0]["bid"]["seat"] == 1
    assert "Bo is bidding" not in t.text(None, host=True, acting=2)


# -- corrections -----------------------------------------------------------------------
def test_a_garden_can_be_corrected_at_any_time():
    t = Table()
    setup_round_one(t)
    t.tap(2, "Correct my garden")
    text = t.text(2)
    assert "Correct your garden" in text and "Place bid" not in text
    t.tap(2, "− Yellow III", "Red III", "Save corrected garden")
    assert t.sent[-1] == ("correct_garden", {"rocks": "R2 R3 G1 B1 W3"}, 2)
    assert "Correct my garden" in buttons(t.screen(2))  # back to the game
    # the host's table screen corrects any garden: the move is for that seat
    t.tap(None, "Correct Di's garden", host=True)
    t.tap(None, "White III", "Save corrected garden", host=True)
    assert t.sent[-1] == ("correct_garden", {"rocks": "G2 B1 B2 W3 W3 W3"}, 3)
    assert t.state["gardens"][3]["W3"] == 3
    # the history line every phone reads
    assert t.hub.history(t.phones[0])[-1]["text"] == "Di's garden was corrected (+W3)"


# -- the end -----------------------------------------------------------------------------
def test_final_screen_reveals_demerits_ranks_by_rocks_and_charts_rounds():
    t = Table(tracker_spaces=1)
    to_turn_ins(t)
    score_round_one(t)
    t.apply(1, "draw", rocks="Y3 B3 G2 Y2 R1 R1 Y1 W2 R3")
    for seat, pile in ((1, 0), (2, 1), (3, 2)):
        t.apply(seat, "bid", pile=pile, rocks="")
    t.tap(0, "Pass", "I drew the black rock")
    assert t.sent[-1] == ("pass", {"rock": "K"}, 0)
    text = t.text(2)
    assert "Game over" in text
    assert "The passing player drew the black rock: the game ended after that round's scoring." in text
    for name, place, demerits in (("Di", 1, 0), ("Cy", 2, 0), ("Bo", 3, 3), ("Ann", 4, 3)):
        assert f"{name} place {place}" in text and f"{name} demerits {demerits}" in text
    assert "Bo round 1 demerits 3" in text and "Ann round 2 demerits 1" in text
    assert "Correct my garden" not in buttons(t.screen(2))


def test_a_deck_running_out_is_named_at_the_end():
    t = Table(["Ann", "Bo", "Cy"])
    taken = t.hub.match.state["cards_taken"]  # nine Trips cards already taken (by nobody here)
    taken["deck"] += ["trips"] * 9
    taken["seat"] += [-1] * 9
    taken["round"] += [0] * 9
    t.apply(0, "setup_draw", rocks="R1 R1 R1 G2 B3")
    t.apply(1, "setup_draw", rocks="Y1 Y2 G3 G1 W3")
    t.apply(2, "setup_draw", rocks="B2 B3 W1 R2 G2")
    t.apply(0, "start_player", player=0)
    t.apply(0, "draw", rocks="R3 R3 W2 W2 B1 B1")
    t.apply(0, "bid", pile=0, rocks="")
    t.apply(1, "bid", pile=1, rocks="")
    t.apply(2, "pass", rock="Y1")
    assert t.state["phase"] == "turn_ins"
    t.tap(0, "Follow plan 1")
    text = t.text(1)
    assert "The last Trips card was taken: the game ended after that round's scoring." in text


# -- players and colours -------------------------------------------------------------------
def test_two_players_are_marked_unofficial_and_six_players_have_five_piles():
    two = Table(["Ann", "Bo"])
    assert "Unofficial: 2 players is unofficial: one pile." in two.text(0)
    six = Table(["A", "B", "C", "D", "E", "F"])
    for seat in range(6):
        six.apply(seat, "setup_draw", rocks=["R1 R2 R3 Y1 Y2", "Y3 G1 G2 G3 B1", "B2 B3 W1 W2 W3",
                                             "R1 R2 R3 Y1 Y2", "Y3 G1 G2 G3 B1", "B2 B3 W1 W2 W3"][seat])
    six.apply(0, "start_player", player=5)
    assert "Piles (0 of 5)" in six.text(None)


def test_the_tables_colour_names_label_the_rocks():
    t = Table(colour_R="Pink", colour_G="Jade")
    names = buttons(t.screen(0))
    assert "Pink I" in names and "Jade III" in names and "Red I" not in names
    from companion.games.rockgarden_kit import rock_fill
    game = t.ui_screen(0).ui().public
    assert rock_fill(game, "R") == "#d81b60"  # a known colour name: that swatch
    assert rock_fill(game, "G") == "#388e3c"  # an unknown name: the default green


@pytest.mark.parametrize("seat,host", [(0, False), (1, False), (2, False), (3, False),
                                       (None, False), (None, True)])
def test_every_phase_builds_for_every_screen(seat, host):
    t = Table(tracker_spaces=1)
    seen = {t.state["phase"]: t.text(seat, host)}
    setup_round_one(t)
    seen[t.state["phase"]] = t.text(seat, host)
    t.apply(1, "bid", pile=0, rocks="W1 W2")
    t.apply(2, "bid", pile=1, rocks="G1")
    t.apply(3, "bid", pile=2, rocks="B1")
    t.apply(0, "bid", pile=0, rocks="")
    t.apply(1, "pass", rock="W3")
    seen[t.state["phase"]] = t.text(seat, host)
    t.apply(1, "turn_in", rocks="Y1 Y1 Y1")
    t.apply(1, "turn_in", rocks="W1 W2 W3")
    t.apply(0, "turn_in", rocks="R1 R2 R3")
    seen["piles 2"] = t.text(seat, host)
    t.apply(1, "draw", rocks="K")
    seen[t.state["phase"]] = t.text(seat, host)
    assert set(seen) == {"setup", "bidding", "turn_ins", "piles 2", "over"}
    assert "Round 1, turning in forbidden sets" in seen["turn_ins"]
    assert "Round 2, laying out the piles" in seen["piles 2"]
    for phase, text in seen.items():
        if phase != "over":  # nothing hidden leaks to another screen before the end
            for other, name in enumerate(PLAYERS):
                if other != seat:
                    assert f"{name} demerits" not in text, (phase, name)


# -- corrections during the turn-ins, the end undone ---------------------------------------
def test_during_the_turn_ins_only_the_host_offers_corrections():
    t = Table()
    to_turn_ins(t)
    for seat in range(4):
        controls = t.screen(seat)
        assert "Correct my garden" not in buttons(controls)
        assert "During the turn-ins only the host can correct a garden." in all_text(controls)
    table = buttons(t.screen(None, host=True))
    assert {f"Correct {name}'s garden" for name in PLAYERS} <= set(table)
    assert "Correct my garden" in buttons(t.screen(None, host=True, acting=1))
    # the host gives Bo a set once Bo's turn-in is over: the turn comes back to Bo
    t.apply(1, "turn_in", rocks="Y1 Y1 Y1")
    t.apply(1, "turn_in", rocks="W1 W2 W3")
    t.tap(None, "Correct Bo's garden", host=True)
    t.tap(None, "Green II", "Green II", "Green II", "Save corrected garden", host=True)
    assert "Deck tops you will face after Ann (if they follow their best plan)" in t.text(1)
    t.apply(0, "turn_in", rocks="R1 R2 R3")
    assert "Turn in your forbidden sets" in t.text(1)
    t.tap(1, "Follow plan 1")
    assert t.sent[-1] == ("turn_in", {"rocks": "G2 G2 G2"}, 1)
    assert t.state["round"] == 2


def test_the_end_undone_by_the_host_keeps_the_demerits_shown_on_every_screen():
    t = Table(tracker_spaces=1)
    to_turn_ins(t)
    score_round_one(t)
    t.apply(1, "draw", rocks="K")
    assert "Game over" in t.text(2)
    assert "undo" not in t.hub.view(t.phones[1])["legal"]
    t.hub.act(HOST, "undo", {}, None)
    for seat, host in ((0, False), (2, False), (None, False), (None, True)):
        text = t.text(seat, host)
        assert "Bo demerits shown at the end 3" in text and "Ann demerits shown at the end 2" in text
        assert "Game over" not in text
