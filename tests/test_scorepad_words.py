"""What each score pad move says (issue 38): its words are declared beside it, told from
what the move recorded (never from comparing public views), and with secret scores a
player's points reach no one else before they are revealed."""

from __future__ import annotations

from engine.game import Action
from engine.registry import get_game
from tests.support import every_kind_said, played

GAME = get_game("scorepad")
NAMES = ["Ann", "Bo", "Cy"]
POINTS = {0: 4711, 1: 5823, 2: 6934}  # numbers no line would say by chance


def _secret_pad() -> list[tuple[dict, Action, dict]]:
    """A secret pad played through every move kind: (before, action, after) each."""
    return played(GAME, GAME.setup(NAMES, {"secret": True}), (
        (0, "points", {"points": POINTS[0]}), (1, "points", {"points": POINTS[1]}),
        (None, "new_round", {}), (2, "points", {"points": POINTS[2], "round": 0}),
        (None, "reveal", {}), (None, "finish", {})))


def _may_see(after: dict, viewer: int | None, owner: int) -> bool:
    """After the move, ``viewer`` may read ``owner``'s points (what the views show)."""
    return not after["secret"] or after["revealed"] or viewer == owner


def test_no_move_tells_a_secret_score_to_a_player_who_may_not_see_it():
    steps = _secret_pad()
    every_kind_said(GAME, steps)
    for before, action, after in steps:
        for viewer in (None, 0, 1, 2):  # the table, the author (or a concerned seat), onlookers
            words = GAME.say(before, action, after, viewer)
            said = f"{words.text} | {words.to_you}"
            for owner, points in POINTS.items():
                if not _may_see(after, viewer, owner):
                    assert str(points) not in said, f"{action.kind} told {viewer} {said!r}"
    first = steps[0]
    assert GAME.say(*first[:3], 0).text == "Ann scored 4711 in round 1"
    assert GAME.say(*first[:3], 1).text == "Ann entered a secret score for round 1"
    assert GAME.say(*first[:3], None).text == "Ann entered a secret score for round 1"


def test_a_new_round_and_the_end_are_news_for_every_seat_without_comparing_views(monkeypatch):
    def refused(state):
        raise AssertionError("the score pad's words worked out a public view")

    monkeypatch.setattr(GAME, "public", refused)
    steps = {action.kind: (before, action, after) for before, action, after in _secret_pad()}
    for seat in range(3):
        assert GAME.say(*steps["new_round"], seat).to_you == "Round 2 started"
        assert GAME.say(*steps["finish"], seat).to_you == "The game ended: Cy wins with 6934"
        assert GAME.say(*steps["points"], seat).to_you is None  # entering points tells nobody
    assert GAME.say(*steps["finish"], None).to_you is None  # the table screen only reads it

