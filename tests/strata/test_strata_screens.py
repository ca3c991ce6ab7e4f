"""Four Big Strata phone and table screens drawn from the real hub (no browser).

What a player reads and what a tap does: setup extras, the secret bid (and that no
other screen shows it before the reveal), the reveal, the pick order with a tie, taking
cards face up / face down (the front seen only by its owner), the production preview,
discards, the tribute in sentences and its shortfall, any-time actions, the final
placing and ranking. Taps go through the hub like a phone's; a state for a later phase
is arranged with the scenario helpers of ``test_strata_support`` and put on the table.
"""

from __future__ import annotations

import random

from companion.hub import HOST, WATCHER, Who
from engine.game import Action
from engine.plain import clone
from engine.strata import game as g
from engine.table import play
from tests.support import Screen, new_table
from tests.uitree import all_text, tap
from tests.uitree import taps as _taps

from .test_strata_support import give_cards, random_action, set_resources

NAMES = ["Ann", "Bo", "Cy", "Di"]


class Phone(Screen):
    """A screen that also notes the confirm dialogs it was shown (and says yes)."""

    def __init__(self, hub, who, local=None):
        super().__init__(hub, who, local)
        self.confirms: list[tuple[str, str]] = []

    def ui(self):
        ui = super().ui()

        def confirm(title, text, yes, label=""):
            self.confirms.append((title, label))
            yes()

        ui.confirm = confirm
        return ui


def taps(controls) -> dict:
    return _taps(controls, unique=True)


def text(hub, who, local=None) -> str:
    return all_text(Phone(hub, who, local).build())


def drive(hub, who, names, local=None) -> list:
    """Tap ``names`` one after another on a re-built screen; returns the moves the
    taps made, as ``(kind, payload, seat)`` (refusals would be toasts)."""
    phone = Phone(hub, who, {} if local is None else local)
    start = len(hub.match.log)
    for name in names:
        tap(phone.build(), name)
    assert not phone.toasts, phone.toasts
    return [(e.action.kind, dict(e.action.payload), e.action.seat) for e in hub.match.log[start:]]


def act(hub, who, kind, seat=None, **payload):
    hub.act(who, kind, payload, None, seat)


def arrange(hub, change) -> None:
    """A scenario: the table's state changed by ``change(state)`` (later phases)."""
    state = clone(hub.match.state)
    change(state)
    hub.match.state = state


def table4(**settings):
    hub, phones = new_table("strata", NAMES, settings or None)
    return hub, phones


def round1_bids():
    """The browser test's table: Cy +1 Money, Di +1 Grain and an exchange, bids 2/2/3/5."""
    hub, phones = table4(tribute_rate=1)
    ann, bo, cy, di = phones
    act(hub, cy, "setup_extra", money=1)
    act(hub, di, "setup_extra", grain=1)
    act(hub, di, "exchange", give="grain")
    for phone, amount in zip(phones, [2, 2, 3, 5]):
        act(hub, phone, "bid", amount=amount)
    return hub, phones


def revealed():
    hub, phones = round1_bids()
    act(hub, HOST, "reveal")
    return hub, phones


# -- setup -------------------------------------------------------------------------
def test_setup_extra_is_chosen_then_confirmed():
    hub, (ann, bo, cy, di) = table4()
    assert "take 1 extra resource of your choice" in text(hub, cy)
    assert "Waiting for Cy, Di to take their extra resources." in text(hub, ann)
    assert "Extra 1 Money 0 Grain" not in taps(Phone(hub, ann).build())
    sent = drive(hub, cy, ["Extra 1 Money 0 Grain", "Confirm extra"])
    assert sent == [("setup_extra", {"money": 1, "grain": 0}, 2)]
    assert hub.match.state["money"][2] == 5


# -- the secret bid ------------------------------------------------------------------
def test_my_bid_is_picked_then_confirmed_and_shown_only_to_me():
    hub, (ann, bo, cy, di) = table4()
    act(hub, cy, "setup_extra", money=1)
    act(hub, di, "setup_extra", money=1)
    assert sorted(n for n in taps(Phone(hub, ann).build()) if n.startswith("Bid ")) == [
        f"Bid {n}" for n in range(5)]
    local: dict = {}
    assert drive(hub, ann, ["Bid 3"], local=local) == []
    assert "You will bid 3 Money" in text(hub, ann, local)
    assert drive(hub, ann, ["Confirm bid"], local=local) == [("bid", {"amount": 3}, 0)]
    assert "Your bid: 3 Money" in text(hub, ann)
    for who in (bo, cy, di, HOST, WATCHER):
        seen = text(hub, who)
        assert "Ann has bid" in seen
        assert "Your bid: 3" not in seen and "Ann bid 3" not in seen and "bid 3" not in seen.replace("Bid 3", "")


def test_reveal_asks_first_then_pick_order_with_the_tie():
    hub, phones = round1_bids()
    assert "Everyone has bid: reveal the bids." in text(hub, HOST)
    assert "Reveal bids" not in taps(Phone(hub, WATCHER).build())  # a watcher cannot reveal
    host = Phone(hub, HOST)
    tap(host.build(), "Reveal bids")
    assert host.confirms == [("Reveal every bid?", "Reveal")]
    assert hub.match.log[-1].action.kind == "reveal" and hub.match.log[-1].action.seat is None
    table = text(hub, HOST)
    for place, name in enumerate(["Di", "Cy", "Ann", "Bo"], start=1):
        assert f"Pick {place}: {name}" in table
    assert "Di bid 5" in table and "Ann bid 2" in table and "Bo bid 2" in table
    assert "Equal bids: the player nearest the start player" in table
    assert "Waiting for Di to take a card." in table


def test_a_phone_reveals_too():
    hub, (ann, bo, cy, di) = round1_bids()
    phone = Phone(hub, bo)
    tap(phone.build(), "Reveal bids")
    assert phone.confirms == [("Reveal every bid?", "Reveal")]
    assert hub.match.state["phase"] == g.PICK


# -- taking cards ---------------------------------------------------------------------
def test_face_up_card_as_taps():
    hub, (ann, bo, cy, di) = revealed()
    assert "Confirm card" not in taps(Phone(hub, cy).build())  # not Cy's turn yet
    sent = drive(hub, di, ["Scholar", "2 points", "Effect +1 Influence", "Confirm card"])
    assert sent == [("take_card", {"face": "up", "class": "scholars", "points": 2,
                                   "effect": "influence"}, 3)]
    assert "Cy card 1" not in text(hub, cy)
    assert "Di card 1: Scholar 2 points, +1 Influence" in text(hub, cy)


def test_face_down_card_front_and_all_down_gift():
    hub, (ann, bo, cy, di) = revealed()
    sent = drive(hub, di, ["Face down", "Into Merchants", "Artisan", "3 points", "Effect Trade 4 for 2",
                           "Gift 1 Money 0 Grain", "Confirm card"])
    payload = {"face": "down", "column": "merchants", "class": "artisans", "points": 3,
               "effect": "trade", "bonus": {"money": 1, "grain": 0}}
    assert sent == [("take_card", payload, 3)]
    assert "Di card 1: face down, saw Artisan 3 points, Trade 4 for 2" in text(hub, di)
    for who in (ann, bo, cy, HOST, WATCHER):
        seen = text(hub, who)
        assert "Di card 1: face down" in seen and "Artisan 3" not in seen and "saw" not in seen


def test_face_down_turned_face_up_costs_2_money():
    hub, (ann, bo, cy, di) = revealed()
    local = {"take:3:1:pick": {"face": "down"}}
    assert "Turn face up" not in taps(Phone(hub, di, local).build())  # 0 Money
    arrange(hub, lambda state: set_resources(state, 3, money=2))
    sent = drive(hub, di, ["Face down", "Turn face up", "Peasant", "4 points", "Confirm card"])
    assert sent == [("take_card", {"face": "down", "flip_up": True, "class": "peasants", "points": 4,
                                   "effect": "none"}, 3)]
    assert hub.match.state["money"][3] == 0


def test_card_entry_says_what_is_missing():
    hub, (ann, bo, cy, di) = revealed()
    local: dict = {}
    drive(hub, di, ["Peasant"], local=local)
    shown = Phone(hub, di, local).build()
    assert "Still to choose: the points." in all_text(shown) and "Confirm card" not in taps(shown)


def test_the_display_offers_the_empress_from_round_7():
    hub, (ann, bo, cy, di) = revealed()
    assert "Empress" not in taps(Phone(hub, di).build())
    arrange(hub, lambda state: state["market"].update(empress=True))
    drive(hub, di, ["Empress", "3 points", "Confirm card"])
    assert hub.match.state["cards"][3][0]["column"] == "empresses"


# -- resources, production preview, discards ------------------------------------------
def test_production_preview_and_the_cap():
    hub, (ann, bo, cy, di) = revealed()
    act(hub, di, "take_card", face="up", **{"class": "peasants", "points": 1, "effect": "produce_grain"})
    arrange(hub, lambda state: set_resources(state, 3, money=9, grain=3))
    seen = text(hub, di)
    assert "Di Money 9" in seen and "Di total 12 of 10" in seen
    assert "Production gives 1 Grain; feeding takes 1 Grain." in seen
    assert "Then you would have 9 Money and 3 Grain (2 over the 10 cap: you will discard)." in seen


def test_discard_down_to_10():
    hub, (ann, bo) = new_table("strata", ["P0", "P1"])

    def rich(state):
        give_cards(state, 0, ("peasants", 1, "produce_money"))
        set_resources(state, 0, money=8, grain=5)

    arrange(hub, rich)
    for phone in (ann, bo):
        act(hub, phone, "bid", amount=0)
    act(hub, HOST, "reveal")
    act(hub, ann, "take_card", face="up", **{"class": "peasants", "points": 1})
    act(hub, bo, "take_card", face="up", **{"class": "peasants", "points": 1})
    # the production step (issue 18): the discard is chosen with Done
    assert hub.match.state["phase"] == g.PRODUCTION
    excess = hub.match.view(0)["private"]["production"]["must_discard"]
    assert excess == 2
    assert f"Then discard {excess} down to 10." in text(hub, ann)
    assert "Waiting for P0, P1 to feed and tap Done." in text(hub, HOST)
    sent = drive(hub, ann, [f"Discard {excess} Money 0 Grain", "Done"])
    assert sent == [("done", {"money": excess, "grain": 0}, 0)]
    act(hub, bo, "done")
    assert hub.match.state["phase"] == g.AUCTION


# -- tribute -------------------------------------------------------------------------
def tribute_table():
    """The browser test's round 1 up to the tribute (Cy, Influence 1, rate 1)."""
    hub, phones = revealed()
    ann, bo, cy, di = phones
    act(hub, di, "take_card", face="up", **{"class": "merchants", "points": 1})
    act(hub, cy, "take_card", face="up", **{"class": "scholars", "points": 2, "effect": "influence"})
    act(hub, ann, "take_card", face="up", **{"class": "peasants", "points": 2, "effect": "produce_grain"})
    act(hub, bo, "take_card", face="down", column="merchants", bonus={"money": 1, "grain": 0})
    assert "Move everyone on" in taps(Phone(hub, HOST).build())
    act(hub, HOST, "move_on")  # the production step (issue 18)
    assert hub.match.state["phase"] == g.TRIBUTE
    return hub, phones


def test_tribute_in_sentences_and_the_taker_chooses():
    hub, (ann, bo, cy, di) = tribute_table()
    # issue 18: Cy's payers clockwise from Cy: Di (short: turns a card down) first
    act(hub, di, "flip_down", card=1, money=0, grain=2, bonus={"money": 0, "grain": 1})
    table = text(hub, HOST)
    assert "Cy takes 1 from Ann: Cy chooses Money or Grain" in table
    assert "Cy takes 1 from Bo" in table and "Cy took 1 Grain from Di" in table
    assert "Influence: Ann 0, Bo 0, Cy 1, Di 0" in table
    assert "Tribute: take 1 from Ann (who has 2 Money, 4 Grain)." in text(hub, cy)
    assert "Confirm tribute" not in taps(Phone(hub, ann).build())
    sent = drive(hub, cy, ["Take 1 Money 0 Grain", "Confirm tribute"])
    assert sent == [("take_tribute", {"money": 1, "grain": 0}, 2)]
    act(hub, cy, "take_tribute", grain=1)
    assert "Last round's tribute" in text(hub, HOST)
    assert "Cy took 1 Money from Ann" in text(hub, HOST)
    assert "Cy took 1 Grain from Bo" in text(hub, HOST)


def test_tribute_shortfall_payer_turns_a_card_down():
    hub, (ann, bo, cy, di) = tribute_table()
    assert g.current_tribute(hub.match.state)["waiting_for"] == "payer"
    assert "Cy takes 1 from Di: Di has only 0, so Di must turn cards face down first" in text(hub, HOST)
    assert "You owe Cy 1 but have only 0" in text(hub, di)
    local: dict = {}
    assert drive(hub, di, ["Turn down card 1", "Get 0 Money 2 Grain"], local=local) == []
    shown = Phone(hub, di, local).build()
    assert "It is your last face-up card" in all_text(shown)
    assert "Confirm turn down" not in taps(shown)  # the gift is still to choose
    sent = drive(hub, di, ["Gift 0 Money 1 Grain", "Confirm turn down"], local=local)
    assert sent == [("flip_down", {"card": 1, "money": 0, "grain": 2, "bonus": {"money": 0, "grain": 1}}, 3)]
    state = hub.match.state
    assert g.current_tribute(state)["from"] == 0  # only Grain left: taken at once; Ann next
    table = text(hub, HOST)
    assert "Cy took 1 Grain from Di" in table


# -- any time ------------------------------------------------------------------------
def test_exchange_and_trade_buttons():
    hub, (ann, bo) = new_table("strata", ["P0", "P1"])
    shown = taps(Phone(hub, ann).build())
    assert "Give 4 Money for 1 Grain" in shown and "Trade 4 Money for 2 Grain" not in shown
    assert drive(hub, ann, ["Give 4 Grain for 1 Money"]) == [("exchange", {"give": "grain", "times": 1}, 0)]
    assert "Give 4 Grain for 1 Money" not in taps(Phone(hub, ann).build())  # 0 Grain left
    arrange(hub, lambda state: give_cards(state, 0, ("merchants", 1, "trade")))
    assert drive(hub, ann, ["Trade 4 Money for 2 Grain"]) == [("trade", {"give": "money", "times": 1}, 0)]


def test_a_bid_keeps_its_money_on_the_buttons_too():
    hub, (ann, bo) = new_table("strata", ["P0", "P1"])
    act(hub, ann, "bid", amount=2)
    assert "Give 4 Money for 1 Grain" not in taps(Phone(hub, ann).build())
    assert "Give 4 Money for 1 Grain" in taps(Phone(hub, bo).build())


def test_face_down_empress_chooses_a_column():
    hub, (ann, bo) = new_table("strata", ["P0", "P1"])
    arrange(hub, lambda state: give_cards(state, 0, ("empresses", 3, "none"), ("scholars", 1, "none")))
    sent = drive(hub, ann, ["Turn down card 1", "Get 2 Money 0 Grain", "Put in Artisans", "Confirm turn down"])
    assert sent == [("flip_down", {"card": 1, "money": 2, "grain": 0, "column": "artisans"}, 0)]
    assert hub.match.state["cards"][0][0]["column"] == "artisans"


def test_host_enters_for_a_player_and_the_table_hides_actions():
    hub, phones = revealed()
    assert "Confirm card" not in taps(Phone(hub, HOST).build())
    sent = drive(hub, Who(seat=3, host=True), ["Merchant", "1 point", "Confirm card"])
    assert sent == [("take_card", {"face": "up", "class": "merchants", "points": 1, "effect": "none"}, 3)]
    assert hub.match.log[-1].by is None  # the host's device


# -- the end -------------------------------------------------------------------------
def final_table():
    hub, phones = new_table("strata", ["P0", "P1"])

    def last_round(state):
        state["round"] = g.ROUNDS
        give_cards(state, 0, ("scholars", 4, "none"), ("peasants", 1, "none"), ("artisans", 3, "none"),
                   ("merchants", 3, "none"), ("empresses", 3, "none"))
        give_cards(state, 1, ("scholars", 2, "none"), ("peasants", 2, "none"), ("artisans", 2, "none"),
                   ("merchants", 2, "bonus_any_class"))
        set_resources(state, 0, grain=9)
        set_resources(state, 1, grain=9)
        for seat in (0, 1):
            state = play(g.GAME, state, Action(seat, "bid", {"amount": 0}))
        state = play(g.GAME, state, Action(None, "reveal", {}))
        for seat in (0, 1):
            state = play(g.GAME, state, Action(seat, "take_card",
                                               {"face": "up", "class": "scholars", "points": 1}))
        rng = random.Random(0)
        while state["phase"] not in (g.SCORING, g.OVER):
            seat, kind, payload = random_action(rng, state)
            state = play(g.GAME, state, Action(seat, kind, payload))
        return state

    hub.match.state = last_round(clone(hub.match.state))
    assert hub.match.state["phase"] == g.SCORING
    return hub, phones


def test_final_proposal_accept_or_choose_otherwise():
    hub, (p0, p1) = final_table()
    before = hub.match.state
    mine = text(hub, p0)
    assert "Proposed (the best for your lowest class): 3 to Peasants; score 3." in mine
    assert "P0 proposed Peasants 4" in mine
    local: dict = {}
    drive(hub, p0, ["Bonus 1 to Artisans"], local=local)
    assert "P0 my choice Artisans 6" in text(hub, p0, local)
    assert "(proposed; still placing)" in text(hub, HOST) and "P1 Scholars" in text(hub, HOST)
    sent = drive(hub, p0, ["Confirm my placing (score 1)"], local=local)
    assert sent == [("final_assignment", {"assignment": ["artisans"]}, 0)]
    hub.match.state = before  # (a scenario: the log does not hold the arranged state)
    assert drive(hub, p0, ["Accept proposal"]) == [("final_assignment", {}, 0)]


def test_ranking_and_class_bars_at_the_end():
    hub, (p0, p1) = final_table()
    act(hub, p0, "final_assignment")
    act(hub, p1, "final_assignment")
    assert hub.match.state["phase"] == g.OVER
    for who in (HOST, WATCHER, p0, p1):
        seen = text(hub, who)
        assert "P0 wins" in seen or "P1 wins" in seen or "share the win" in seen
        assert "P0 final score" in seen and "P1 final score" in seen
        assert "P0 Peasants 4" in seen
    assert not [n for n in taps(Phone(hub, p0).build()) if n != "Turn down card 1"]


# -- every phase renders for every seat ---------------------------------------------------
def test_random_tables_render_for_every_seat():
    """Whole random games; at each phase change (and every few moves) every seat's screen,
    the host entering for a seat and the table screen are drawn from the hub, with the
    names of tappable controls unique on each."""
    rng = random.Random(7)
    seen_phases = set()
    for players in (["P0", "P1", "P2"], ["P0", "P1", "P2", "P3", "P4"]):
        hub, phones = new_table("strata", players, {"tribute_rate": 1})
        last = None
        for step in range(5000):
            state = hub.match.state
            if state["phase"] != last or step % 25 == 0:
                last = state["phase"]
                seen_phases.add(last)
                for who in [HOST, WATCHER, Who(seat=1, host=True), *phones]:
                    taps(Phone(hub, who).build())
            if hub.is_over():
                break
            seat, kind, payload = random_action(rng, state)
            if kind in ("bid", "take_card") and rng.random() < 0.5:
                hub.act(phones[seat], kind, payload, None)  # the phone itself
            else:
                hub.act(HOST, kind, payload, None, seat)
        assert hub.is_over()
    assert seen_phases >= {g.SETUP, g.AUCTION, g.PICK, g.PRODUCTION, g.OVER}, seen_phases
