"""Four Big Strata phone and table screens built from real engine states (no browser).

What a player reads and what a tap sends: setup extras, the secret bid (and that no
other screen shows it before the reveal), the reveal, the pick order with a tie, taking
cards face up / face down (the front seen only by its owner), the production preview,
discards, the tribute in sentences and its shortfall, any-time actions, the final
placing and ranking.
"""

from __future__ import annotations

import random


from companion.games import strata
from companion.ui.gameui import GameUI
from engine.errors import IllegalAction
from engine.game import Action
from engine.strata import GAME
from engine.strata import game as g
from tests.uitree import taps as _taps, tap, all_text

from .test_strata_support import act, bid_all, give_cards, new_game, random_action, set_resources

NAMES = ["Ann", "Bo", "Cy", "Di"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange", "teal"]


def make_ui(state, seat, host=False, sent=None, local=None, acting_seat=None):
    view = {"game": GAME.view(state, seat if seat is not None else acting_seat), "seat": seat,
            "host": host, "players": state["players"], "colours": COLOURS[: len(state["players"])],
            "over": GAME.is_over(state), "result": GAME.result(state)}
    sent = sent if sent is not None else []
    return GameUI(view=view,
                  act=lambda kind, payload=None, seat=None: sent.append((kind, payload, seat)),
                  confirm=lambda title, text, yes, label="": (sent.append(("confirm", title, label)), yes()),
                  toast=lambda t: None, rerender=lambda: None,
                  local=local if local is not None else {}, acting_seat=acting_seat)


def screen(state, seat, **kwargs):
    return strata.build(make_ui(state, seat, **kwargs))


def text(state, seat, **kwargs) -> str:
    return all_text(screen(state, seat, **kwargs))




def taps(controls) -> dict:
    return _taps(controls, unique=True)


def drive(state, seat, names, local=None, **kwargs):
    """Tap ``names`` one after another on a re-built screen; returns what was sent."""
    sent: list = []
    local = local if local is not None else {}
    for name in names:
        tap(screen(state, seat, sent=sent, local=local, **kwargs), name)
    return sent


def table4(**settings):
    state = GAME.setup(NAMES, settings)
    return state


def round1_bids():
    """The browser test's table: Cy +1 Money, Di +1 Grain and an exchange, bids 2/2/3/5."""
    state = table4(tribute_rate=1)
    state = act(state, 2, "setup_extra", money=1)
    state = act(state, 3, "setup_extra", grain=1)
    state = act(state, 3, "exchange", give="grain")
    for seat, amount in enumerate([2, 2, 3, 5]):
        state = act(state, seat, "bid", amount=amount)
    return state


# -- setup -------------------------------------------------------------------------
def test_setup_extra_is_chosen_then_confirmed():
    state = table4()
    cy = text(state, 2)
    assert "take 1 extra resource of your choice" in cy
    assert "Waiting for Cy, Di to take their extra resources." in text(state, 0)
    assert "Extra 1 Money 0 Grain" not in taps(screen(state, 0))
    sent = drive(state, 2, ["Extra 1 Money 0 Grain", "Confirm extra"])
    assert sent == [("setup_extra", {"money": 1, "grain": 0}, 2)]


# -- the secret bid ------------------------------------------------------------------
def test_my_bid_is_picked_then_confirmed_and_shown_only_to_me():
    state = act(table4(), 2, "setup_extra", money=1)
    state = act(state, 3, "setup_extra", money=1)
    assert sorted(n for n in taps(screen(state, 0)) if n.startswith("Bid ")) == [f"Bid {n}" for n in range(5)]
    local: dict = {}
    sent = drive(state, 0, ["Bid 3"], local=local)
    assert sent == [] and "You will bid 3 Money" in all_text(screen(state, 0, local=local))
    sent = drive(state, 0, ["Confirm bid"], local=local)
    assert sent == [("bid", {"amount": 3}, 0)]
    state = act(state, 0, "bid", amount=3)
    assert "Your bid: 3 Money" in text(state, 0)
    for seat in (1, 2, 3, None):
        seen = text(state, seat)
        assert "Ann has bid" in seen
        assert "Your bid: 3" not in seen and "Ann bid 3" not in seen and "bid 3" not in seen.replace("Bid 3", "")


def test_reveal_asks_first_then_pick_order_with_the_tie():
    state = round1_bids()
    assert "Everyone has bid: reveal the bids." in text(state, None)
    sent = drive(state, None, ["Reveal bids"], host=True)
    assert sent == [("confirm", "Reveal every bid?", "Reveal"), ("reveal", {}, None)]
    assert "Reveal bids" not in taps(screen(state, None))  # a watcher cannot reveal
    state = act(state, None, "reveal")
    table = text(state, None)
    for place, name in enumerate(["Di", "Cy", "Ann", "Bo"], start=1):
        assert f"Pick {place}: {name}" in table
    assert "Di bid 5" in table and "Ann bid 2" in table and "Bo bid 2" in table
    assert "Equal bids: the player nearest the start player" in table
    assert "Waiting for Di to take a card." in table


# -- taking cards ---------------------------------------------------------------------
def test_face_up_card_as_taps():
    state = act(round1_bids(), None, "reveal")
    assert "Confirm card" not in taps(screen(state, 2))  # not Cy's turn yet
    sent = drive(state, 3, ["Scholar", "2 points", "Effect +1 Influence", "Confirm card"])
    assert sent == [("take_card", {"face": "up", "class": "scholars", "points": 2,
                                   "effect": "influence"}, 3)]
    state = act(state, 3, "take_card", **sent[0][1])
    assert "Cy card 1" not in text(state, 2)
    assert "Di card 1: Scholar 2 points, +1 Influence" in text(state, 2)


def test_face_down_card_front_and_all_down_gift():
    state = act(round1_bids(), None, "reveal")
    sent = drive(state, 3, ["Face down", "Into Merchants", "Artisan", "3 points", "Effect Trade 4 for 2",
                            "Gift 1 Money 0 Grain", "Confirm card"])
    payload = {"face": "down", "column": "merchants", "class": "artisans", "points": 3,
               "effect": "trade", "bonus": {"money": 1, "grain": 0}}
    assert sent == [("take_card", payload, 3)]
    state = act(state, 3, "take_card", **payload)
    assert "Di card 1: face down, saw Artisan 3 points, Trade 4 for 2" in text(state, 3)
    for seat in (0, 1, 2, None):
        seen = text(state, seat)
        assert "Di card 1: face down" in seen and "Artisan 3" not in seen and "saw" not in seen


def test_face_down_turned_face_up_costs_2_money():
    state = act(round1_bids(), None, "reveal")
    assert "Turn face up" not in taps(screen(state, 3, local={"take:3:1:pick": {"face": "down"}}))  # 0 Money
    set_resources(state, 3, money=2)
    sent = drive(state, 3, ["Face down", "Turn face up", "Peasant", "4 points", "Confirm card"])
    assert sent == [("take_card", {"face": "down", "flip_up": True, "class": "peasants", "points": 4,
                                   "effect": "none"}, 3)]


def test_card_entry_says_what_is_missing():
    state = act(round1_bids(), None, "reveal")
    local: dict = {}
    drive(state, 3, ["Peasant"], local=local)
    shown = screen(state, 3, local=local)
    assert "Still to choose: the points." in all_text(shown) and "Confirm card" not in taps(shown)


# -- resources, production preview, discards ------------------------------------------
def test_production_preview_and_the_cap():
    state = act(round1_bids(), None, "reveal")
    state = act(state, 3, "take_card", face="up", **{"class": "peasants", "points": 1, "effect": "produce_grain"})
    set_resources(state, 3, money=9, grain=3)
    seen = text(state, 3)
    assert "Di Money 9" in seen and "Di total 12 of 10" in seen
    assert "Production gives 1 Grain; feeding takes 1 Grain." in seen
    assert "Then you would have 9 Money and 3 Grain (2 over the 10 cap: you will discard)." in seen


def test_discard_down_to_10():
    state = new_game(2)
    give_cards(state, 0, ("peasants", 1, "produce_money"))
    set_resources(state, 0, money=8, grain=5)
    state = bid_all(state, [0, 0])
    state = act(state, 0, "take_card", face="up", **{"class": "peasants", "points": 1})
    state = act(state, 1, "take_card", face="up", **{"class": "peasants", "points": 1})
    assert state["phase"] == g.PRODUCTION_CAP
    seen = text(state, 0)
    excess = g.cap_excess(state, 0)
    assert f"discard {excess} down to 10" in seen
    sent = drive(state, 0, [f"Discard {excess} Money 0 Grain", "Confirm discard"])
    assert sent == [("discard", {"money": excess, "grain": 0}, 0)]
    assert "Waiting for P0 to discard down to 10." in text(state, None)


# -- tribute -------------------------------------------------------------------------
def tribute_state():
    """The browser test's round 1 up to the tribute (Cy, Influence 1, rate 1)."""
    state = act(round1_bids(), None, "reveal")
    state = act(state, 3, "take_card", face="up", **{"class": "merchants", "points": 1})
    state = act(state, 2, "take_card", face="up", **{"class": "scholars", "points": 2, "effect": "influence"})
    state = act(state, 0, "take_card", face="up", **{"class": "peasants", "points": 2, "effect": "produce_grain"})
    state = act(state, 1, "take_card", face="down", column="merchants", bonus={"money": 1, "grain": 0})
    assert state["phase"] == g.TRIBUTE
    return state


def test_tribute_in_sentences_and_the_taker_chooses():
    state = tribute_state()
    table = text(state, None)
    assert "Cy takes 1 from Ann: Cy chooses Money or Grain" in table
    assert "Cy takes 1 from Bo" in table and "Cy takes 1 from Di" in table
    assert "Influence: Ann 0, Bo 0, Cy 1, Di 0" in table
    assert "Tribute: take 1 from Ann (who has 2 Money, 4 Grain)." in text(state, 2)
    sent = drive(state, 2, ["Take 1 Money 0 Grain", "Confirm tribute"])
    assert sent == [("take_tribute", {"money": 1, "grain": 0}, 2)]
    assert "Confirm tribute" not in taps(screen(state, 0))
    state = act(state, 2, "take_tribute", money=1)
    state = act(state, 2, "take_tribute", grain=1)
    assert "Cy took 1 Money from Ann" in text(state, None)
    assert "Cy took 1 Grain from Bo" in text(state, None)


def test_tribute_shortfall_payer_turns_a_card_down():
    state = tribute_state()
    state = act(state, 2, "take_tribute", money=1)
    state = act(state, 2, "take_tribute", grain=1)
    assert g.current_tribute(state)["waiting_for"] == "payer"
    assert "Cy takes 1 from Di: Di has only 0, so Di must turn cards face down first" in text(state, None)
    assert "You owe Cy 1 but have only 0" in text(state, 3)
    local: dict = {}
    sent = drive(state, 3, ["Turn down card 1", "Get 0 Money 2 Grain"], local=local)
    shown = screen(state, 3, local=local)
    assert "It is your last face-up card" in all_text(shown)
    assert "Confirm turn down" not in taps(shown)  # the gift is still to choose
    sent = drive(state, 3, ["Gift 0 Money 1 Grain", "Confirm turn down"], local=local)
    payload = {"card": 1, "money": 0, "grain": 2, "bonus": {"money": 0, "grain": 1}}
    assert sent == [("flip_down", payload, 3)]
    state = act(state, 3, "flip_down", **payload)
    assert state["phase"] == g.AUCTION and state["round"] == 2  # only Grain left: taken at once
    table = text(state, None)
    assert "Last round's tribute" in table and "Cy took 1 Grain from Di" in table


# -- any time ------------------------------------------------------------------------
def test_exchange_and_trade_buttons():
    state = new_game(2)
    shown = taps(screen(state, 0))
    assert "Give 4 Money for 1 Grain" in shown and "Trade 4 Money for 2 Grain" not in shown
    sent = drive(state, 0, ["Give 4 Grain for 1 Money"])
    assert sent == [("exchange", {"give": "grain", "times": 1}, 0)]
    give_cards(state, 0, ("merchants", 1, "trade"))
    sent = drive(state, 0, ["Trade 4 Money for 2 Grain"])
    assert sent == [("trade", {"give": "money", "times": 1}, 0)]


def test_face_down_empress_chooses_a_column():
    state = new_game(2)
    give_cards(state, 0, ("empresses", 3, "none"), ("scholars", 1, "none"))
    sent = drive(state, 0, ["Turn down card 1", "Get 2 Money 0 Grain", "Put in Artisans", "Confirm turn down"])
    assert sent == [("flip_down", {"card": 1, "money": 2, "grain": 0, "column": "artisans"}, 0)]
    act(state, 0, "flip_down", **sent[0][1])  # the engine takes it


def test_host_enters_for_a_player_and_the_table_hides_actions():
    state = act(round1_bids(), None, "reveal")
    assert "Confirm card" not in taps(screen(state, None, host=True))
    sent = drive(state, None, ["Merchant", "1 point", "Confirm card"], host=True, acting_seat=3)
    assert sent[-1][0] == "take_card" and sent[-1][1]["class"] == "merchants"


# -- the end -------------------------------------------------------------------------
def final_state():
    state = new_game(2)
    state["round"] = g.ROUNDS
    give_cards(state, 0, ("scholars", 4, "none"), ("peasants", 1, "none"), ("artisans", 3, "none"),
               ("merchants", 3, "none"), ("empresses", 3, "none"))
    give_cards(state, 1, ("scholars", 2, "none"), ("peasants", 2, "none"), ("artisans", 2, "none"),
               ("merchants", 2, "bonus_any_class"))
    set_resources(state, 0, grain=9)
    set_resources(state, 1, grain=9)
    state = bid_all(state, [0, 0])
    state = act(state, 0, "take_card", face="up", **{"class": "scholars", "points": 1})
    state = act(state, 1, "take_card", face="up", **{"class": "scholars", "points": 1})
    while state["phase"] not in (g.SCORING, g.OVER):
        seat, kind, payload = random_action(random.Random(0), state)
        state = GAME.apply(state, Action(seat, kind, payload))
    assert state["phase"] == g.SCORING
    return state


def test_final_proposal_accept_or_choose_otherwise():
    state = final_state()
    mine = text(state, 0)
    assert "Proposed (the best for your lowest class): 3 to Peasants; score 3." in mine
    assert "P0 proposed Peasants 4" in mine
    assert drive(state, 0, ["Accept proposal"]) == [("final_assignment", {}, 0)]
    local: dict = {}
    drive(state, 0, ["Bonus 1 to Artisans"], local=local)
    assert "P0 my choice Artisans 6" in all_text(screen(state, 0, local=local))
    sent = drive(state, 0, ["Confirm my placing (score 1)"], local=local)
    assert sent == [("final_assignment", {"assignment": ["artisans"]}, 0)]
    table = text(state, None)
    assert "(proposed; still placing)" in table and "P1 Scholars" in table


def test_ranking_and_class_bars_at_the_end():
    state = final_state()
    state = act(state, 0, "final_assignment")
    state = act(state, 1, "final_assignment")
    assert state["phase"] == g.OVER
    for seat in (None, 0, 1):
        seen = text(state, seat)
        assert "P0 wins" in seen or "P1 wins" in seen or "share the win" in seen
        assert "P0 final score" in seen and "P1 final score" in seen
        assert "P0 Peasants 4" in seen
    assert not [n for n in taps(screen(state, 0)) if n != "Turn down card 1"]


# -- every phase renders for every seat ---------------------------------------------------
def test_random_tables_render_for_every_seat():
    """Whole random games; at each phase change (and every few moves) every seat's screen
    and the table screen are built, with the names of tappable controls unique on each.
    (Random tables starve before any tribute or final placing: those have their own
    scenario tests above.)"""
    rng = random.Random(7)
    seen_phases = set()
    for n in (3, 5):
        state = GAME.setup([f"P{i}" for i in range(n)], {"tribute_rate": 1})
        last = None
        for step in range(5000):
            if state["phase"] != last or step % 7 == 0:
                last = state["phase"]
                seen_phases.add(last)
                for seat in [None] + list(range(n)):
                    taps(screen(state, seat, host=seat is None))
            if GAME.is_over(state):
                break
            move = random_action(rng, state)
            try:
                state = GAME.apply(state, Action(*move))
            except IllegalAction:
                pass
        assert GAME.is_over(state)
    assert seen_phases >= {g.SETUP, g.AUCTION, g.PICK, g.FEEDING, g.OVER}, seen_phases
