"""What each Rock Garden move says (issue 38): its words are declared beside it and told
from what the move recorded (never by comparing public views); a demerit card's value
reaches only the player who took it."""

from __future__ import annotations

from engine.game import Action
from engine.rockgarden import GAME
from tests.rockgarden.support import A_START, B_START, C_START
from tests.support import every_kind_said, played

TABLE = None  # the table screen's viewer


def _round_played() -> list[tuple[dict, Action, dict]]:
    """Every move kind once: (before, action, after) each. Cy holds Trips; Bo undercuts
    Ann on pile 1; Ann passes; round 2 draws the black rock (in the bag after round 1)."""
    state = GAME.setup(["Ann", "Bo", "Cy"], {"tracker_spaces": 1})
    return played(GAME, state, (
        (0, "setup_draw", {"rocks": A_START}), (1, "setup_draw", {"rocks": B_START}),
        (2, "setup_draw", {"rocks": C_START}), (None, "start_player", {"player": 0}),
        (2, "correct_garden", {"rocks": "G3 G3 G3 B2 W1"}),
        (0, "draw", {"rocks": "R3 Y3 W2 W2 B2"}),
        (0, "bid", {"pile": 0, "rocks": "R1"}), (1, "bid", {"pile": 0, "rocks": ""}),
        (2, "bid", {"pile": 1, "rocks": ""}), (0, "pass", {"rock": "W1"}),
        (2, "turn_in", {"rocks": "G3 G3 G3"}), (0, "draw", {"rocks": "K"})))


def test_a_card_value_reaches_only_its_taker_and_onlookers_read_what_the_table_reads():
    steps = _round_played()
    every_kind_said(GAME, steps)
    for before, action, after in steps:
        table = GAME.say(before, action, after, TABLE)
        assert "card worth" not in table.text and table.to_you is None
        for viewer in (0, 1, 2):  # the author, the seat a move concerns, onlookers
            words = GAME.say(before, action, after, viewer)
            if viewer != action.seat:
                assert words.text == table.text, f"{action.kind} for {viewer}: {words.text!r}"
            assert "card worth" not in (words.to_you or "")
    turn_in = next(step for step in steps if step[1].kind == "turn_in")
    assert GAME.say(*turn_in, 2).text == ("Cy turned in Trips Green III, Green III, Green III "
                                          "and took a Trips card worth 1")
    assert GAME.say(*turn_in, 0).text == "Cy turned in Trips Green III, Green III, Green III and took a Trips card"


def test_the_undercut_bidder_and_everyone_at_the_end_hear_of_it_without_comparing_views(monkeypatch):
    def refused(state):
        raise AssertionError("Rock Garden's words worked out a public view")

    monkeypatch.setattr(GAME, "public", refused)
    steps = _round_played()
    undercut = steps[7]
    assert undercut[1] == Action(1, "bid", {"pile": 0, "rocks": ""})
    assert [GAME.say(*undercut, seat).to_you for seat in range(3)] == \
        ["Bo undercut your bid on pile 1", None, None]
    assert GAME.say(*undercut, TABLE).text == "Bo bid no rocks (worth 0) on pile 1, undercutting Ann"
    assert [GAME.say(*steps[-1], seat).to_you for seat in range(3)] == ["The game is over"] * 3
    quiet = [step for step in steps[:-1] if step[1] != undercut[1]]
    assert all(GAME.say(*step, seat).to_you is None for step in quiet for seat in range(3))
