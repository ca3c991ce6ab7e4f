"""Production and feeding as an explicit step: gains at once, each seat's feeding paid
from its display as it is when it taps done, shortfalls paid by flipping cards, the cap
of 10 chosen with done, the host moving everyone on; cards with several effects."""

from __future__ import annotations

from engine.game import Action
from engine.strata import GAME, production_preview
from engine.strata import queries as g
from engine.strata.production import costs, yields
from engine.check import play

from .support import (act, bid_all, card, conserved, feed_all, illegal,
                                  legal, new_game, play_round, set_resources, take_all, view)


def two_player_round(state, take0, take1, bids=(0, 0), feed=True):
    return play_round(state, {0: take0, 1: take1}, bids=list(bids), feed=feed)


def up(cid, cls, effects, points=1):
    return {"id": cid, "column": cls, "face_up": True, "class": cls, "points": points,
            "effects": effects}


def merchant_taken(money: int, grain: int, produces_money: bool):
    """Round 2 of two players, production begun: P0 holds ``money``/``grain`` and its
    round-1 Scholar (1 Money a round) and round-2 Merchant (``produces_money``: 1 more)."""
    state = new_game(2)
    state = two_player_round(state, card("scholars", 1, "produce_money"), card("peasants"))
    state = set_resources(state, 0, money=money, grain=grain)
    state = bid_all(state, [0, 0])
    merchant = card("merchants", 1, "produce_money") if produces_money else card("merchants", 1)
    return take_all(state, {0: merchant, 1: card("peasants")})


def test_every_effect_and_feeding_cost():
    cards = [
        up(1, "scholars", ["produce_grain"]),
        up(2, "peasants", ["produce_money"]),
        up(3, "artisans", ["set_grain"]),
        up(4, "merchants", ["set_money"]),
        up(5, "scholars", ["feed_money"]),
        up(6, "empresses", ["feed_grain"], points=2),
        {"id": 7, "column": "merchants", "face_up": False, "front": {"class": "merchants", "points": 4, "effects": ["produce_money"]}, "secret": True},
        {"id": 8, "column": "peasants", "face_up": False, "front": None, "secret": True},
        up(9, "artisans", ["set_grain"]),
    ]
    # sets: scholars 2, peasants 2, artisans 2, merchants 2 (face-down cards count) -> 2
    assert yields(cards) == {"money": 1 + 2, "grain": 1 + 2 + 2}
    # 9 cards (face down and Empress included) + Empress's grain; Scholar's money
    assert costs(cards) == {"money": 1, "grain": 10}
    preview = {"gain": {"money": 3, "grain": 5}, "cost": {"money": 1, "grain": 10},
               "after": {"money": 6, "grain": 0}, "short": {"money": 0, "grain": 1}}
    from engine.strata.production import preview as pure_preview
    assert pure_preview(cards, 4, 4) == preview


def test_a_card_with_several_effects_counts_every_one():
    scholar = up(1, "scholars", ["influence", "feed_money"])
    empress = up(2, "empresses", ["feed_money", "feed_grain"], points=3)
    farm = up(3, "peasants", ["produce_grain", "produce_grain", "feed_money"])
    cards = [scholar, empress, farm]
    assert yields(cards) == {"money": 0, "grain": 2}
    assert costs(cards) == {"money": 3, "grain": 3 + 1}
    from engine.strata.tribute import influence
    assert influence(cards) == 1
    # face down: only the upper area (the card still eats its 1 Grain)
    down = [dict(c, face_up=False) for c in cards]
    assert yields(down) == {"money": 0, "grain": 0} and costs(down) == {"money": 0, "grain": 3}
    assert influence(down) == 0


def test_cards_entered_with_one_effect_by_older_versions_still_count():
    """Before issue 18 a card had one ``effect``: the log's upgrade (version 2, issue 38)
    writes it as the list ``effects``, and the cards produce and eat as they did."""
    from engine.log import Entry
    from engine.spec import make_spec
    from tests.support import upgraded_match

    old = [(0, Action(0, "bid", {"amount": 0})), (1, Action(1, "bid", {"amount": 0})),
           (None, Action(None, "reveal", {})),
           (0, Action(0, "take_card", {"face": "up", "class": "peasants", "points": 1,
                                       "effect": "produce_grain"})),
           (1, Action(1, "take_card", {"face": "up", "class": "scholars", "points": 1,
                                       "effect": "Feed_Money"}))]
    match = upgraded_match(GAME, make_spec(GAME, ["Ann", "Bo"]),
                           [Entry(rev, by, action) for rev, (by, action) in enumerate(old, start=1)])
    cards = [match.state["cards"][0][0], match.state["cards"][1][0]]
    assert yields(cards) == {"money": 0, "grain": 1} and costs(cards) == {"money": 1, "grain": 2}
    assert match.state["grain"] == [5, 4]  # Ann's Peasant produced


def test_production_is_a_step_each_seat_taps_done():
    state = new_game(2)
    state = bid_all(state, [0, 0])
    state = act(state, 0, "take_card", **card("peasants", 1, "produce_grain"))
    assert production_preview(state, 0) == {
        "gain": {"money": 0, "grain": 1}, "cost": {"money": 0, "grain": 1},
        "after": {"money": 4, "grain": 4}, "short": {"money": 0, "grain": 0}}
    state = act(state, 1, "take_card", **card("scholars", 2, ["influence", "feed_money"]))
    # gains are paid at once; nobody has fed yet
    assert state["phase"] == g.PRODUCTION and state["round"] == 1
    assert state["grain"] == [5, 4] and state["money"] == [4, 4]
    assert GAME.to_act(state) == [0, 1]
    public = view(state, None)["public"]
    assert public["phase_label"] == "Production and feeding"
    seats = public["production"]["seats"]
    assert seats[0]["gain"] == {"money": 0, "grain": 1} and seats[0]["feed"] == {"money": 0, "grain": 1}
    assert seats[0]["after"] == {"money": 4, "grain": 4} and seats[0]["needs"] is None
    assert seats[0]["words"] == "gains 1 Grain; feeds 1 Grain"
    assert seats[1]["words"] == "gains nothing; feeds 1 Money and 1 Grain"
    assert public["production"]["waiting"] == [0, 1] and public["production"]["done"] == []
    mine = view(state, 1)["private"]["production"]
    assert mine["feed"] == {"money": 1, "grain": 1} and mine["discard_options"] == []
    illegal(state, 0, "done", "nothing to discard", money=1)
    illegal(state, 0, "bid", "not possible during production and feeding", amount=0)
    state = act(state, 0, "done")
    assert state["grain"][0] == 4 and state["production"]["done"] == [True, False]
    assert view(state, None)["public"]["production"]["done"] == [0]
    illegal(state, 0, "done", "already done")
    assert GAME.to_act(state) == [1]
    state = act(state, 1, "done")
    assert state["money"] == [4, 3] and state["grain"] == [4, 3]
    assert state["phase"] == g.AUCTION and state["round"] == 2
    conserved(state)


def test_the_host_moves_everyone_on_who_has_nothing_to_choose():
    state = new_game(3)
    state = play_round(state, {0: card("scholars"), 1: card("peasants"), 2: card("merchants")},
                       feed=False)
    set_resources(state, 2, money=8, grain=6)  # 8 + 6 - 1 = 13: three to discard, a choice
    assert "move_on" in legal(state, None, host=True) and "move_on" not in legal(state, 0)
    state = act(state, None, "move_on")
    assert state["production"]["done"] == [True, True, False]
    assert g.production_needs(state, 2) == "discard"
    illegal(state, None, "move_on", "Nobody can be moved on: P2 must choose what to discard")
    illegal(state, 2, "done", "choose the money and grain for your discard down to 10")
    illegal(state, 2, "done", "your discard down to 10: 3 resources in all, not 6", money=0, grain=6)
    state = act(state, 2, "done", money=2, grain=1)
    assert (state["money"][2], state["grain"][2]) == (6, 4)
    assert state["phase"] == g.AUCTION


def test_the_host_may_tap_done_for_a_seat():
    state = new_game(2)
    state = two_player_round(state, card("scholars"), card("peasants"), feed=False)
    state = play(GAME, state, Action(1, "done", {}), host=True)
    assert state["production"]["done"] == [False, True]


def test_a_short_player_must_flip_cards_and_chooses_which():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 2, "influence"), card("peasants", 1))
    state = set_resources(state, 0, money=0, grain=0)
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1, "produce_money"), 1: card("peasants", 1)})
    # seat 0 owes 2 Grain, has 1 Money (produced) and no Grain: must flip
    assert state["phase"] == g.PRODUCTION
    assert g.feeding_shortfall(state, 0) == {"money": 0, "grain": 2}
    assert g.production_needs(state, 0) == "flip"
    mine = view(state, 0)["private"]
    assert mine["feeding_short"] == {"money": 0, "grain": 2}
    assert mine["production"]["short"] == {"money": 0, "grain": 2}
    assert mine["production"]["needs"] == "flip"
    assert [c["card"] for c in mine["production"]["flip_choices"]] == [1, 4]  # round 2: P1 starts and picks first
    assert view(state, None)["public"]["production"]["seats"][0]["short"] == {"money": 0, "grain": 2}
    illegal(state, 0, "done", "You lack 2 Grain to feed your cards")
    illegal(state, 0, "flip_down", "choose one of your cards", card=99, grain=2)
    illegal(state, 0, "flip_down", "grain must be a whole number from 0 to 2", card=1, grain=3)
    illegal(state, 0, "flip_down", "turning a card face down: 2 resources in all, not 1", card=1, grain=1, money=0)
    illegal(state, 0, "flip_down", "stays in the scholars column", card=1, grain=2, column="artisans")
    state = act(state, 0, "flip_down", card=1, grain=2)
    assert state["cards"][0][0]["face_up"] is False and state["cards"][0][0]["column"] == "scholars"
    assert state["phase"] == g.PRODUCTION and g.production_needs(state, 0) is None
    state = feed_all(state)
    assert state["grain"][0] == 0 and state["money"][0] == 1
    assert state["phase"] == g.AUCTION and state["unpaid"] == [None, None]
    conserved(state)


def test_a_card_flipped_to_pay_no_longer_charges():
    """Feeding follows the display when it is paid: the Scholar turned face down no
    longer costs its Money (issue 18)."""
    state = new_game(2)
    state = two_player_round(state, card("scholars", 2, ["influence", "feed_money"]),
                             card("peasants", 1))
    state = set_resources(state, 0, money=0, grain=0)
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1, "produce_grain"), 1: card("peasants", 1)})
    # owes 2 Grain and 1 Money; has 1 Grain
    assert view(state, 0)["private"]["production"]["feed"] == {"money": 1, "grain": 2}
    choices = {c["card"]: c for c in view(state, 0)["private"]["production"]["flip_choices"]}
    assert choices[1]["feed_after"] == {"money": 0, "grain": 2}
    assert choices[1]["short_after"] == {"money": 0, "grain": 0}  # +2 Grain covers it
    assert choices[1]["label"] == ("Turn Scholar (2 points; Tribute: provides 1 Influence; "
                                   "Feeding: discard 1 Money) face down")
    state = act(state, 0, "flip_down", card=1, grain=2)
    assert view(state, 0)["private"]["production"]["feed"] == {"money": 0, "grain": 2}
    state = act(state, 0, "done")
    assert (state["money"][0], state["grain"][0]) == (0, 1)
    assert state["unpaid"][0] is None


def test_exchanging_also_covers_a_shortfall():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 2), card("peasants", 1))
    state = set_resources(state, 0, money=8, grain=0)
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1), 1: card("peasants", 1)})
    assert g.feeding_shortfall(state, 0) == {"money": 0, "grain": 2}
    state = act(state, 0, "exchange", give="money", times=2)
    assert g.production_needs(state, 0) is None
    state = feed_all(state)
    assert state["money"][0] == 0 and state["grain"][0] == 0
    assert state["phase"] == g.AUCTION


def test_with_only_face_down_cards_the_rest_is_not_paid():
    state = new_game(2)
    state = bid_all(state, [0, 0])
    state = act(state, 0, "take_card", face="down", column="scholars", bonus={"grain": 1})
    state = act(state, 1, "take_card", **card("peasants"))
    state = feed_all(state)
    state = set_resources(state, 0, money=3, grain=0)
    state = bid_all(state, [0, 0])
    state = act(state, 1, "take_card", **card("peasants"))
    state = act(state, 0, "take_card", face="down", column="merchants", bonus={"money": 2})
    seat0 = view(state, None)["public"]["production"]["seats"][0]
    assert seat0["will_drop"] == {"money": 0, "grain": 2} and seat0["needs"] is None
    state = act(state, None, "move_on")
    # seat 0 owed 2 Grain, had none, only face-down cards: unpaid, Money untouched
    assert state["grain"][0] == 0 and state["money"][0] == 5
    assert state["phase"] == g.AUCTION
    conserved(state)


def test_unpaid_feeding_is_shown():
    state = new_game(2)
    state = two_player_round(state, card("scholars", 1, "feed_money"), card("peasants"))
    illegal(state, 0, "flip_down", "all-face-down gift (2)", card=1, money=2)
    state = act(state, 0, "flip_down", card=1, money=2, bonus={"money": 1, "grain": 1})
    state = set_resources(state, 0, money=0, grain=0)
    state = bid_all(state, [0, 0])
    state = act(state, 1, "take_card", **card("peasants"))
    state = set_resources(state, 0, grain=1)
    state = act(state, 0, "take_card", face="down", column="peasants", bonus={"money": 2})
    state = feed_all(state)
    # seat 0 had 1 Grain for 2 cards and only face-down cards: 1 Grain unpaid
    assert state["phase"] == g.AUCTION
    assert state["grain"][0] == 0 and state["money"][0] == 2
    assert view(state, None)["public"]["players"][0]["unpaid"] == {"what": "feeding", "money": 0, "grain": 1}


def test_cap_after_production_the_player_chooses_what_to_discard_with_done():
    state = merchant_taken(money=6, grain=6, produces_money=True)
    # 6+2 Money, 6-2 Grain = 12 -> discard 2
    assert state["phase"] == g.PRODUCTION
    assert g.production_needs(state, 0) == "discard"
    mine = view(state, 0)["private"]
    assert mine["production"]["must_discard"] == 2
    assert mine["production"]["discard_options"] == [[2, 0], [1, 1], [0, 2]]
    assert mine["splits"]["discard"] == [[2, 0], [1, 1], [0, 2]]
    illegal(state, 1, "done", "nothing to discard", money=1)
    illegal(state, 0, "done", "2 resources in all", money=1, grain=0)
    illegal(state, 0, "done", "2 resources in all", money=3)
    illegal(state, 0, "done", "money must be a whole number from 0 to", grain=3, money=-1)
    illegal(state, 0, "done", "choose the money and grain")
    state = act(state, 0, "done", money=1, grain=1)
    assert (state["money"][0], state["grain"][0]) == (7, 3)
    state = feed_all(state)
    assert state["phase"] == g.AUCTION
    conserved(state)


def test_a_forced_discard_needs_no_choice():
    state = merchant_taken(money=12, grain=2, produces_money=True)
    # 14 Money, 0 Grain after feeding 2 Grain: 4 Money to discard, the only way
    assert g.production_needs(state, 0) is None
    assert view(state, 0)["private"]["production"]["discard_options"] == [[4, 0]]
    state = act(state, 0, "done")
    assert (state["money"][0], state["grain"][0]) == (10, 0)


def test_bank_running_dry_pays_what_it_has():
    state = new_game(2, settings={"bank_tokens": 40})  # a limited bank (a table setting)
    state = two_player_round(state, card("scholars", 1, "produce_grain"), card("peasants", 1, "produce_grain"))
    state = set_resources(state, 0, grain=10)
    state = set_resources(state, 1, grain=10)
    spare = state["bank"]["grain"]
    state["bank"]["grain"] = 0
    state = bid_all(state, [0, 0])
    state = take_all(state, {0: card("merchants", 1), 1: card("peasants")})
    assert view(state, None)["public"]["production"]["seats"][0]["gain"] == {"money": 0, "grain": 0}
    public = view(state, None)["public"]
    assert public["bank_limited"] and public["bank"] == {"money": state["bank"]["money"], "grain": 0}
    assert public["bank_note"] == "The bank has no Grain left"  # every screen says it
    seat = public["production"]["seats"][0]
    assert seat["bank_short"] == {"money": 0, "grain": 1}
    assert seat["words"] == "gains nothing; feeds 2 Grain; the bank could not pay 1 Grain"
    assert view(state, 1)["private"]["production"]["bank_short"] == {"money": 0, "grain": 1}
    state = feed_all(state)
    # no Grain produced (bank dry); each paid 2 feeding
    assert state["grain"] == [8, 8]
    assert state["bank"]["grain"] == 4
    assert view(state, None)["public"]["bank_note"] is None
    state["bank"]["grain"] += spare
    conserved(state)


def test_the_bank_is_unlimited_by_default_and_never_cuts_a_payment_short():
    """Issue 26: with the box's 40 tokens a 7-player table ran the bank dry and "+2 Grain"
    cards paid nothing. By default the bank has no count and pays every card in full."""
    state = new_game(7)
    assert state["settings"]["bank_tokens"] == 0 and state["bank"] is None
    public = view(state, None)["public"]
    assert public["bank"] is None and not public["bank_limited"] and public["bank_note"] is None
    for seat in range(7):  # rich players with big Grain cards: 7 x 40 tokens and more
        set_resources(state, seat, money=40, grain=40)
    farm = card("peasants", 1, ["produce_grain", "produce_grain"])
    state = bid_all(state, [0] * 7)
    down = {"face": "down", "column": "peasants", "bonus": {"grain": 1}}  # 5 face up with 7 players
    state = take_all(state, {s: farm if s < 5 else down for s in range(7)})
    step = view(state, None)["public"]["production"]
    assert [e["gain"]["grain"] for e in step["seats"]] == [2, 2, 2, 2, 2, 0, 0]
    assert all(e["bank_short"] == {"money": 0, "grain": 0} for e in step["seats"])
    state = act(state, 0, "flip_down", card=state["cards"][0][0]["id"], grain=2, bonus={"money": 1})
    assert (state["money"][0], state["grain"][0]) == (41, 44)  # its 2 and the gift, always
    conserved(state)


def test_a_limited_bank_is_a_setting_of_40_to_500():
    assert GAME.setup(["A", "B"], {"bank_tokens": 40})["bank"] == {"money": 32, "grain": 32}
    assert GAME.setup(["A", "B"], {"bank_tokens": "0"})["bank"] is None
    for bad, words in ((39, "0 for an unlimited bank, or 40 to 500"), (1, "0 for an unlimited bank"),
                       (501, "at most 500"), (-1, "at least 0")):
        try:
            GAME.setup(["A", "B"], {"bank_tokens": bad})
        except Exception as err:  # IllegalAction, in words
            assert words in str(err), str(err)
        else:
            raise AssertionError(f"bank_tokens {bad} accepted")


def test_the_cap_applies_to_every_player_when_production_ends():
    """Issue 26: the cap at the end of production was applied only when each player
    tapped Done, so a flip after Done carried 12 resources into the Tribute. Now every
    player above 10 as the step ends discards (the player chooses what)."""
    state = merchant_taken(money=6, grain=6, produces_money=False)
    state = act(state, 0, "done", money=1, grain=0)  # 7 Money, 4 Grain after feeding: 11 -> 10
    assert (state["money"][0], state["grain"][0]) == (6, 4)
    state = act(state, 0, "flip_down", card=state["cards"][0][0]["id"], money=1, grain=1)
    assert state["money"][0] + state["grain"][0] == 12 and state["phase"] == g.PRODUCTION
    spec_before = state
    state = act(state, 1, "done")
    assert state["phase"] == g.PRODUCTION_CAP and GAME.to_act(state) == [0]
    public = view(state, None)["public"]
    assert public["phase_label"] == "Production: discard down to 10"
    assert public["players"][0]["must_discard"] == 2 and "must_discard" in public["players"][1]
    assert view(state, 0)["private"]["splits"]["discard"] == [[2, 0], [1, 1], [0, 2]]
    assert legal(state, 0)[0] == "discard" and "discard" not in legal(state, 1)
    illegal(state, 1, "discard", "nothing to discard", money=1)
    line = GAME.say(spec_before, Action(1, "done", {}), state, None).text
    assert line.endswith("Everyone is done: P0 must discard down to 10.")
    state = act(state, 0, "discard", money=0, grain=2)
    assert (state["money"][0], state["grain"][0]) == (7, 3)
    assert state["phase"] in (g.AUCTION, g.TRIBUTE, g.TRIBUTE_CAP)
    conserved(state)


def test_one_way_to_discard_as_production_ends_needs_no_choice():
    state = merchant_taken(money=10, grain=2, produces_money=False)
    state = act(state, 0, "done")  # 11 Money, 0 Grain: 1 Money, the only way
    state = act(state, 0, "flip_down", card=state["cards"][0][0]["id"], money=2)
    assert (state["money"][0], state["grain"][0]) == (12, 0)
    state = act(state, 1, "done")
    assert state["phase"] == g.AUCTION and (state["money"][0], state["grain"][0]) == (10, 0)
