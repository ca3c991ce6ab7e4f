"""The table's log: older logs replay as today's moves; the history in words."""

from __future__ import annotations

from engine.game import Action
from engine.plain import is_plain
from engine.strata import GAME
from engine.table import Entry, Match, make_spec


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
    match = Match(GAME, spec, [Entry(rev, by, action) for rev, (by, action) in enumerate(old, start=1)])
    state = match.state
    assert is_plain(state) and state["round"] == 1 and state["phase"] == "production"
    assert state["cards"][0][0]["class"] == "scholars" and state["cards"][0][0]["points"] == 3
    assert state["cards"][2][0]["column"] == "merchants" and state["cards"][2][0]["front"]["class"] == "peasants"
    assert match.log[0].action.payload == {"money": 1}  # the unknown key is gone
    assert match.log[5].action.payload["class"] == "scholars"
    # one "effect" a card before issue 18: entered as the list "effects"
    assert match.log[5].action.payload["effects"] == ["trade"]
    assert "effect" not in match.log[5].action.payload
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
                                    "effect": "produce_grain"})),
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
    assert table[4] == "Bo took a face-up Peasant (2 points; Production: gain 1 Grain)"
