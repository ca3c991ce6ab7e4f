"""What each BluffStones move says (issue 38): its words are declared beside it and told
from what the move recorded (never by comparing public views); a sealed bid reaches no
other seat, and no screen of the table, before the reveal."""

from __future__ import annotations

from engine.bluffstones import GAME, board
from engine.bluffstones.stones import bid_words
from engine.game import Action
from tests.support import every_kind_said, played

from .support import COLOURS, NAMES3

TABLE = None  # the table screen's viewer


def _bids(*bids) -> list[tuple]:
    """Ann's, Bob's and Cat's bids as moves ((colour, count) each; None: zero), then the reveal."""
    moves = [(seat, "bid", {"count": 0} if bid is None else {"colour": bid[0], "count": bid[1]})
             for seat, bid in enumerate(bids)]
    return [*moves, (None, "reveal", {})]


def _game_played() -> list[tuple[dict, Action, dict]]:
    """Every move kind, to the end: (before, action, after) each. Round 1: Bob's two yellow
    stones cost Ann her blue one, Bob places on A1; round 2: Ann's red stone removes it, Bob
    brings the blue tower on D4 to one; round 3: Ann to two; round 4: Cat scores it; round
    5: all zero. No two seats bid alike in a round (a bid's words name only its own)."""
    script = [(None, "towers", {"circles": list(board.DEFAULT_TOWERS)}),
              (None, "tower_colour", {"colours": dict(COLOURS)}),
              (None, "start_player", {"player": 0}), (None, "start", {}),
              *_bids(("blue", 1), ("yellow", 2), None), (1, "place", {"circle": "A1"}),
              *_bids(("red", 1), ("blue", 1), ("green", 1)), (0, "remove", {"circle": "A1"}),
              (1, "place", {"circle": "C3"}), (2, "place", {"circle": "A4"}),
              *_bids(("blue", 1), None, None), (0, "place", {"circle": "C4"}),
              *_bids(None, None, ("blue", 1)), (2, "place", {"circle": "E4"}),
              *_bids(None, None, None)]
    steps = played(GAME, GAME.setup(NAMES3, GAME.check_settings({}, 3)), script)
    assert GAME.is_over(steps[-1][2])
    return steps


def test_a_sealed_bid_reaches_no_other_seat_before_the_reveal():
    steps = _game_played()
    every_kind_said(GAME, steps)
    for before, action, after in steps:
        sealed = {s: bid_words(b) for s, b in enumerate(after["bids"])
                  if after["phase"] == "bidding" and b and b["count"]}
        table = GAME.say(before, action, after, TABLE)
        for viewer in (TABLE, 0, 1, 2):  # the table, the author, the seats it concerns, onlookers
            words = GAME.say(before, action, after, viewer)
            said = f"{words.text} | {words.to_you}"
            for owner, bid in sealed.items():
                if viewer != owner:
                    assert bid not in said, f"{action.kind} told {viewer} of {owner}'s bid: {said!r}"
            if action.kind == "bid" and viewer != action.seat:
                assert words.text == table.text == f"{NAMES3[action.seat]} is ready"
                assert words.to_you is None
    first_bid = steps[4]
    assert GAME.say(*first_bid, 0).text == "Ann bid one blue stone (secret)"


def test_the_seats_a_move_concerns_hear_of_it_without_comparing_views(monkeypatch):
    def refused(state):
        raise AssertionError("BluffStones' words worked out a public view")

    monkeypatch.setattr(GAME, "public", refused)
    news = [(action.kind, seat, GAME.say(before, action, after, seat).to_you)
            for before, action, after in _game_played() for seat in range(3)]
    assert [item for item in news if item[2]] == [
        ("reveal", 0, "Bob bid two: your blue stone is thrown away"),
        ("place", 2, "You scored the blue tower on D4"),
        ("reveal", 0, "The game is over: Cat wins"),
        ("reveal", 1, "The game is over: Cat wins"),
        ("reveal", 2, "The game is over: you win"),
    ]
