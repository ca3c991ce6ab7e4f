"""The end of a score pad: the host ends it, and the winner is said in words on every
screen, in every seat's news and in the history. Who wins is the highest total, or the
lowest (golf, Hearts), as the table was set; and a phone never waits for itself."""

from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.game import Action
from engine.registry import get_game
from engine.spec import make_spec
from engine.table import Match
from tests.support import companion, run_app

GAME = get_game("scorepad")
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def pad(names, rounds, secret=False, wins="highest") -> Match:
    """A match whose players entered ``rounds`` (each a list of points, one per seat)."""
    match = Match(GAME, make_spec(GAME, names, {"secret": secret, "wins": wins}))
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



@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["highest", "lowest"]),
       st.integers(1, 5).flatmap(lambda n: st.lists(st.lists(st.integers(-20, 40), min_size=n, max_size=n),
                                                    min_size=1, max_size=4)))
def test_the_winners_are_every_seat_with_the_best_total(wins, rounds):
    match = pad(NAMES[:len(rounds[0])], rounds, wins=wins)
    end(match)
    sums = [sum(column) for column in zip(*rounds)]
    best = min(sums) if wins == "lowest" else max(sums)
    ranking = match.view(None)["result"]["ranking"]
    winners = {row["seat"] for row in ranking if row["rank"] == 1}
    assert winners == {seat for seat, total in enumerate(sums) if total == best}  # ties all win
    assert [row["total"] for row in ranking] == sorted(sums, reverse=wins == "highest")
    standing = match.view(None)["result"]["standing"]
    assert standing.endswith(f"with {best}")
    assert all(NAMES[seat] in standing for seat in winners)


def test_a_golf_table_crowns_the_lowest_total():
    match = pad(["Ann", "Bo", "Cy"], [[5, 8, 10], [7, 3, 16]], wins="lowest")
    end(match)
    assert match.view(None)["result"]["standing"] == "Bo wins with 11"


def test_who_wins_takes_highest_or_lowest_only():
    wins = next(setting for setting in GAME.settings if setting.key == "wins")
    assert wins.default == "highest"
    try:
        wins.coerce("fewest")
    except IllegalAction as refusal:
        assert str(refusal) == "Who wins: choose one of highest, lowest"
    else:
        raise AssertionError("a third way to win was taken")


def test_the_command_line_makes_a_lowest_wins_table(tmp_path):
    made = companion("new", "scorepad", "--players", "Ann,Bo", "--set", "wins=lowest",
                     "--data", str(tmp_path), "--json")
    assert made.returncode == 0, made.stderr
    refused = companion("new", "scorepad", "--players", "Ann,Bo", "--set", "wins=most", "--data", str(tmp_path))
    assert refused.returncode == 2 and "Who wins: choose one of highest, lowest" in refused.stderr
    assert len(json.loads(companion("tables", "--data", str(tmp_path), "--json").stdout)["tables"]) == 1


def test_the_table_screen_names_the_lowest_total_the_winner_and_lists_it_first():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy"], {"wins": "lowest"})
        for seat, points in ((0, 12), (1, 30), (2, 4)):
            hub.act(_host(), "points", {"points": points}, None, seat=seat)
        screen = await app.host(hub, width=1280)
        text = screen.text()
        assert text.index("Cy total 4") < text.index("Ann total 12") < text.index("Bo total 30")
        hub.act(_host(), "finish", {}, None)
        await screen.settle()
        assert "Cy wins with 4" in screen.text()
    run_app(test)


def test_my_phone_says_waiting_for_you_never_my_own_name():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Di"])
        hub.act(_host(), "points", {"points": 3}, None, seat=1)
        ann = await app.seat(hub, 0)
        assert "Waiting for you and Di" in ann.text()
        assert "Waiting for Ann" not in ann.text()
        di = await app.seat(hub, 2)
        assert "Waiting for you and Ann" in di.text()
        host = await app.host(hub, width=1280)
        assert "Waiting for Ann and Di" in host.text()
    run_app(test)


def _host():
    from companion.table.hub import HOST
    return HOST
