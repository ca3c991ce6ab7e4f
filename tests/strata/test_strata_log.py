"""The table's log: older logs replay as today's moves; the history in words."""

from __future__ import annotations

from engine.game import Action
from engine.plain import is_plain
from engine.strata import GAME
from engine.check import play
from engine.log import Entry
from engine.spec import make_spec
from engine.table import Match
from tests.support import upgraded_match


def test_an_older_log_replays_as_todays_moves():
    """The old engine took class aliases, numbers as text and ignored unknown keys."""
    spec = make_spec(GAME, ["Ann", "Bo", "Cy"])
    old = [
        (2, Action(2, "setup_extra", {"money": "1", "note": "hi"})),
        (0, Action(0, "bid", {"amount": "2"})),
        (1, Action(1, "bid", {"amount": 0})),
        (2, Action(2, "bid", {"amount": 1})),
        (1, Action(1, "reveal", {})),
        (0, Action(0, "take_card", {"face": "Up", "class": "Scholar", "points": "3", "effect": "trade"})),
        (2, Action(2, "take_card", {"face": "down", "column": "m", "class": "peasant", "points": 2,
                                    "bonus": {"money": "1", "grain": 0}})),
        (None, Action(1, "take_card", {"face": "up", "class": "artisan", "points": 1})),
    ]
    match = upgraded_match(GAME, spec, [Entry(rev, by, action) for rev, (by, action) in enumerate(old, start=1)])
    state = match.state
    assert is_plain(state) and state["round"] == 1 and state["phase"] == "production"
    assert state["cards"][0][0]["class"] == "scholars" and state["cards"][0][0]["points"] == 3
    assert state["cards"][2][0]["column"] == "merchants" and state["cards"][2][0]["front"]["class"] == "peasants"
    assert match.log[0].action.payload == {"money": 1}  # the unknown key is gone
    assert match.log[5].action.payload["class"] == "scholars"
    # one "effect" a card before issue 18: the upgrade writes it as the list today's move takes
    assert match.log[5].action.payload["effects"] == ["trade"] and "effect" not in match.log[5].action.payload
    assert state["cards"][0][0]["effects"] == ["trade"]
    assert state["cards"][1][0]["effects"] == []  # no effect given: none


def test_the_history_in_words_hides_what_the_reader_may_not_see():
    spec = make_spec(GAME, ["Ann", "Bo"])
    match = Match(GAME, spec)
    for by, action in [
        (0, Action(0, "bid", {"amount": 3})),
        (1, Action(1, "bid", {"amount": 1})),
        (None, Action(None, "reveal", {})),
        (0, Action(0, "take_card", {"face": "down", "column": "scholars", "class": "merchants",
                                    "points": 4, "bonus": {"money": 1}})),
        (1, Action(1, "take_card", {"face": "up", "class": "peasants", "points": 2,
                                    "effects": ["produce_grain"]})),
    ]:
        match.accept(match.propose(by, action, match.revision))
    ann = [text for _, text in match.history(0)]
    bo = [text for _, text in match.history(1)]
    table = [text for _, text in match.history(None)]
    assert ann[0] == "Ann bid 3 Money (secret until the reveal)"
    assert bo[0] == table[0] == "Ann placed a secret bid"
    assert bo[2] == "Bids revealed: Ann 3, Bo 1"
    assert "Merchant" in ann[3] and "Merchant" not in bo[3] and "Merchant" not in table[3]
    assert "the Scholars column" in bo[3]
    assert table[4] == ("Bo took a face-up Peasant (2 points; Production: gain 1 Grain). "
                        "Production: Ann gains nothing; Bo gains 1 Grain.")


def test_the_history_tells_production_feeding_the_cap_and_tribute_per_player():
    """Issue 18: the history says what each player gained, fed, discarded and paid."""
    spec = make_spec(GAME, ["Ann", "Bo"], {"tribute_rate": 1})
    match = Match(GAME, spec)

    def do(by, action):
        match.accept(match.propose(by, action, match.revision))

    do(0, Action(0, "bid", {"amount": 0}))
    do(1, Action(1, "bid", {"amount": 0}))
    do(None, Action(None, "reveal", {}))
    do(0, Action(0, "take_card", {"face": "up", "class": "scholars", "points": 2,
                                  "effects": ["influence", "feed_money"]}))
    do(1, Action(1, "take_card", {"face": "up", "class": "peasants", "points": 1,
                                  "effects": ["produce_grain"]}))
    do(0, Action(0, "exchange", {"give": "grain"}))  # Ann: 5 Money, 0 Grain: short of Grain
    state = match.state
    assert state["phase"] == "production"
    do(0, Action(0, "flip_down", {"card": 1, "grain": 2, "bonus": {"grain": 1}}))
    do(None, Action(None, "move_on", {}))
    lines = [text for _, text in match.history(None)]
    assert lines[-4] == ("Bo took a face-up Peasant (1 point; Production: gain 1 Grain). "
                         "Production: Ann gains nothing; Bo gains 1 Grain.")
    assert lines[-1] == (
        "The host moved everyone on who had nothing to choose. "
        "Ann gained nothing in production, fed 1 Grain. "
        "Bo gained 1 Grain in production, fed 1 Grain. "
        "Tribute (Influence Ann 0, Bo 0). Nobody had enough Influence to take tribute. "
        "Round 2 begins; Bo is the start player.")


def test_the_history_tells_each_tribute_transfer_and_a_discard_with_done():
    from .support import bid_all, give_cards, set_resources, take_all

    state = GAME.setup(["Ann", "Bo", "Cy"], {"tribute_rate": 2})
    state = play_extra(state)
    give_cards(state, 0, *[("scholars", 1, "influence")] * 4)
    set_resources(state, 0, money=5, grain=5)
    set_resources(state, 1, money=0, grain=3)
    set_resources(state, 2, money=12, grain=0)
    state = bid_all(state, [0, 0, 0])
    state = take_all(state, {0: {"face": "up", "class": "merchants", "points": 1, "effects": ["produce_money"]},
                             1: {"face": "up", "class": "peasants", "points": 1},
                             2: {"face": "up", "class": "artisans", "points": 1, "effects": ["produce_grain"]}})
    from .support import said

    words = said(state, Action(0, "done", {}), None).text
    assert words == "Ann gained 1 Money in production, fed 5 Grain"
    state = play(GAME, state, Action(0, "done", {}))
    words = said(state, Action(1, "done", {}), None).text
    assert words == "Bo gained nothing in production, fed 1 Grain"
    state = play(GAME, state, Action(1, "done", {}))
    told = said(state, Action(2, "done", {}), 2)
    assert told.to_you == "You paid 2 Money tribute to Ann; Round 2: Bo is the start player"  # Cy's news
    words = said(state, Action(2, "done", {}), 2).text
    # Cy is last: the tribute runs at once (Ann 4 Influence above both: 2 from each)
    assert words == ("Cy gained 1 Grain in production, fed 1 Grain, discarded 2 Money down "
                     "to 10. Tribute (Influence "
                     "Ann 4, Bo 0, Cy 0). Ann took 2 Grain in tribute from Bo. "
                     "Ann took 2 Money in tribute from Cy. Round 2 begins; Bo is the start player.")


def play_extra(state):
    from .support import act

    return act(state, 2, "setup_extra", money=1)


def test_the_history_names_the_all_face_down_gift_when_it_is_given():
    """Issue 26: the gift of a display left with no face-up card (a card taken face
    down, or the last face-up card turned down) is said in the line of the move that
    gave it, with what it gave."""
    spec = make_spec(GAME, ["Ann", "Bo"], {"bank_tokens": 40})
    match = Match(GAME, spec)

    def do(by, action):
        match.accept(match.propose(by, action, match.revision))

    for by, action in [
        (0, Action(0, "bid", {"amount": 0})), (1, Action(1, "bid", {"amount": 0})),
        (None, Action(None, "reveal", {})),
        (0, Action(0, "take_card", {"face": "down", "column": "scholars", "bonus": {"grain": 1}})),
        (1, Action(1, "take_card", {"face": "up", "class": "peasants", "points": 2})),
        (1, Action(1, "flip_down", {"card": 2, "money": 1, "grain": 1, "bonus": {"money": 1}})),
    ]:
        do(by, action)
    lines = [text for _, text in match.history(None)]
    assert lines[3] == ("Ann took a face-down card and placed it in the Scholars column. "
                        "All of Ann's cards are face down: the all-face-down gift of round 1 "
                        "gives Ann 1 Grain.")
    assert "gift" not in lines[4]
    assert lines[5] == ("Bo turned their Peasant (2 points) face down for 1 Money and 1 Grain. "
                        "All of Bo's cards are face down: the all-face-down gift of round 1 "
                        "gives Bo 1 Money.")
    # a limited bank that has run out pays what it has (nothing), and the line says so
    from .support import said

    state = match.state
    peasant = {"id": 2, "column": "peasants", "face_up": True, "class": "peasants", "points": 2,
               "effects": []}
    before = {**state, "round": 3, "bank": {"money": 2, "grain": 0},
              "cards": [state["cards"][0], [peasant]]}
    assert said(before, Action(1, "flip_down", {"card": 2, "money": 2}), None).text.endswith(
        "All of Bo's cards are face down: the all-face-down gift of round 3 gives Bo nothing "
        "(the bank could not pay 3).")


def test_a_table_stored_with_a_limited_bank_replays_the_same():
    """Issue 26 made the bank unlimited by default. A table stored before keeps the bank
    it was created with: its settings were stored whole (``bank_tokens``: 40, then the
    default), so it replays to the very state the engine of then made of it, the dry
    bank and the payments it cut short included."""
    import json
    from pathlib import Path

    from engine.spec import TableSpec

    kept = json.loads((Path(__file__).parent / "limited_bank_table.json").read_text())
    spec = TableSpec.from_json(kept["spec"])
    assert spec.settings["bank_tokens"] == 40
    match = Match(GAME, spec, [Entry.from_json(e) for e in kept["log"]])
    # (today's state also keeps what moves did, for the history: what its last move set
    # off and what each seat fed; issue 38)
    state = {k: v for k, v in match.state.items() if k != "outcome"}
    state["production"] = {k: v for k, v in state["production"].items() if k != "fed"}
    assert state == kept["state"]
    public = match.view(None)["public"]
    assert public["bank_limited"] and public["bank"] == kept["state"]["bank"]
    assert public["bank_note"] == "The bank has no Money left"
    # the history says which payments the dry bank cut short
    lines = [text for _, text in match.history(None)]
    assert any("(the bank could not pay" in line for line in lines)
    # the same players and moves on a table made today: an unlimited bank, no count kept
    today = make_spec(GAME, spec.players)
    assert today.settings["bank_tokens"] == 0 and Match(GAME, today).state["bank"] is None
