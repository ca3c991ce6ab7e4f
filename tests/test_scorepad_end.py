"""The end of a score pad (issue 37): the host ends it, and the winner is said in words
on every screen, in every seat's news and in the history."""

from __future__ import annotations

from engine.game import Action
from engine.registry import get_game
from engine.spec import make_spec
from engine.table import Match

GAME = get_game("scorepad")


def pad(names, rounds, secret=False) -> Match:
    """A match whose players entered ``rounds`` (each a list of points, one per seat)."""
    match = Match(GAME, make_spec(GAME, names, {"secret": secret}))
    for number, points in enumerate(rounds):
        if number:
            match.accept(match.propose(None, Action(None, "new_round", {}), None))
        for seat, value in enumerate(points):
            match.accept(match.propose(seat, Action(seat, "points", {"points": value}), None))
    return match


def end(match: Match) -> None:
    match.accept(match.propose(None, Action(None, "finish", {}), None))


def test_the_end_says_who_won_on_every_screen_and_in_the_history():
    match = pad(["Ann", "Bo", "Cy"], [[5, 8, 10], [7, 3, 16]])
    seen = match.revision
    end(match)
    assert match.view(None, host=True)["result"]["standing"] == "Cy wins with 26"
    for seat in range(3):
        news = match.view(seat, since=seen)["news"]
        assert news == [{"rev": match.revision, "text": "The game ended: Cy wins with 26", "concerns": True, "sealed": False}]
    assert [line for _, line in match.history(None)][-1] == "The game ended: Cy wins with 26"
    assert match.legal(None, True) == ["undo"]  # no more rounds, no more points


def test_a_tie_for_first_is_said_as_a_tie():
    match = pad(["Ann", "Bo", "Cy"], [[12, 9, 12]])
    end(match)
    assert match.view(1)["result"]["standing"] == "Ann and Cy tie for first with 12"
    alone = pad(["Ann"], [[4]])
    end(alone)
    assert alone.view(0)["result"]["standing"] == "Ann ends with 4"


def test_ending_a_secret_pad_shows_the_standing_to_everyone():
    match = pad(["Ann", "Bo"], [[3, 9]], secret=True)
    assert match.view(0)["public"]["players"][1]["total"] is None
    end(match)
    assert match.view(0)["result"]["standing"] == "Bo wins with 9"
    assert match.view(0)["public"]["players"][1]["total"] == 9
