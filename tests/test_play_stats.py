"""Every statistic of :mod:`engine.plays.stats` against a brute-force count over
generated plays: ties (every tied winner wins), draws (nobody wins), plays without
scores, lowest-wins plays, several player counts."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given, settings, strategies as st

from engine.plays.stats import Summary, h_index, statistics

PEOPLE = ["ann", "bo", "cy", "di", "ed", "flo"]
GAMES = ["scorepad", "strata", "paisho"]
START = datetime(2024, 1, 1, tzinfo=timezone.utc)


@st.composite
def a_play(draw, minute):
    people = draw(st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=5, unique=True))
    scored = draw(st.booleans())
    seats = [{"seat": seat, "person": who, "name": who.title(),
              "score": draw(st.integers(-20, 60)) if scored and draw(st.integers(0, 9)) else None,
              "winner": draw(st.booleans())}
             for seat, who in enumerate(people)]
    ended = START + timedelta(days=draw(st.integers(0, 400)), minutes=minute)
    return {"game": draw(st.sampled_from(GAMES)), "ended": ended.isoformat(),
            "minutes": draw(st.one_of(st.none(), st.integers(1, 240))),
            "lowest_wins": draw(st.booleans()), "people": seats}


@st.composite
def some_plays(draw):
    count = draw(st.integers(0, 25))
    return [draw(a_play(minute)) for minute in range(count)]


def seats_of(plays, who):
    """(play, seat) for every play ``who`` sat in, in the order the plays ended."""
    ordered = sorted(plays, key=lambda p: p["ended"])
    return [(p, s) for p in ordered for s in p["people"] if s["person"] == who]


def brute_person(plays, who):
    mine = seats_of(plays, who)
    wins = [s["winner"] for _, s in mine]
    games = {}
    for game in {p["game"] for p, _ in mine}:
        here = [(p, s) for p, s in mine if p["game"] == game]
        scores = [(p, s["score"]) for p, s in here if s["score"] is not None]
        good = [(sc if not p["lowest_wins"] else -sc, sc) for p, sc in scores]
        games[game] = {
            "plays": len(here), "wins": sum(s["winner"] for _, s in here),
            "win_rate": sum(s["winner"] for _, s in here) / len(here),
            "average": sum(sc for _, sc in scores) / len(scores) if scores else None,
            "best": max(good)[1] if good else None,  # a tie of goodness: same score value
            "worst": min(good)[1] if good else None}
    return mine, wins, games


def counted_others(mine, who, keep):
    counts = {}
    for play, seat in mine:
        for other in play["people"]:
            if other["person"] != who and keep(seat, other):
                counts[other["person"]] = counts.get(other["person"], 0) + 1
    return counts


def top(counts):
    if not counts:
        return None
    best = max(counts.values())
    return sorted(k for k, v in counts.items() if v == best)[0]


def runs(flags, value):
    longest = current = 0
    for flag in flags:
        current = current + 1 if flag == value else 0
        longest = max(longest, current)
    return longest, current


@settings(max_examples=150, deadline=None)
@given(some_plays())
def test_every_person_statistic_matches_a_count_by_hand(plays):
    stats = statistics(plays)["people"]
    everyone = {s["person"] for p in plays for s in p["people"]}
    assert set(stats) == everyone
    for who in everyone:
        mine, wins, games = brute_person(plays, who)
        got = stats[who]
        assert (got["plays"], got["wins"]) == (len(mine), sum(wins))
        assert got["win_rate"] == sum(wins) / len(mine)
        assert got["games"] == games
        for n in {len(p["people"]) for p, _ in mine}:
            here = [s["winner"] for p, s in mine if len(p["people"]) == n]
            assert got["by_player_count"][n] == {"plays": len(here), "wins": sum(here),
                                                 "win_rate": sum(here) / len(here)}
        beaten = counted_others(mine, who, lambda me, o: me["winner"] and not o["winner"])
        lost_to = counted_others(mine, who, lambda me, o: not me["winner"] and o["winner"])
        with_whom = counted_others(mine, who, lambda me, o: True)
        assert (got["beaten"], got["lost_to"], got["played_with"]) == (beaten, lost_to, with_whom)
        assert (got["beats_most"], got["loses_to_most"], got["plays_with_most"]) == (
            top(beaten), top(lost_to), top(with_whom))
        longest_wins, current_wins = runs(wins, True)
        longest_losses, current_losses = runs(wins, False)
        assert got["streaks"] == {"longest_wins": longest_wins, "longest_losses": longest_losses,
                                  "current_wins": current_wins, "current_losses": current_losses}
        per_game = [sum(1 for p, _ in mine if p["game"] == g) for g in GAMES]
        assert got["h_index"] == max(h for h in range(len(mine) + 1)
                                     if sum(1 for c in per_game if c >= h) >= h)


@settings(max_examples=150, deadline=None)
@given(some_plays())
def test_every_game_statistic_matches_a_count_by_hand(plays):
    stats = statistics(plays)
    assert set(stats["games"]) == {p["game"] for p in plays}
    for game, got in stats["games"].items():
        here = [p for p in plays if p["game"] == game]
        winning = [s["score"] for p in here for s in p["people"] if s["winner"] and s["score"] is not None]
        minutes = [p["minutes"] for p in here if p["minutes"] is not None]
        seats = max(len(p["people"]) for p in here)
        assert got["plays"] == len(here)
        assert got["wins_by_seat"] == [sum(1 for p in here if seat < len(p["people"])
                                           and p["people"][seat]["winner"]) for seat in range(seats)]
        assert got["average_winning_score"] == (sum(winning) / len(winning) if winning else None)
        assert got["high_winning_score"] == (max(winning) if winning else None)
        assert got["low_winning_score"] == (min(winning) if winning else None)
        assert got["average_minutes"] == (sum(minutes) / len(minutes) if minutes else None)
        assert got["by_player_count"] == {n: sum(1 for p in here if len(p["people"]) == n)
                                          for n in sorted({len(p["people"]) for p in here})}
    counts = [sum(1 for p in plays if p["game"] == g) for g in GAMES]
    assert stats["h_index"] == max(h for h in range(len(plays) + 1) if sum(c >= h for c in counts) >= h)
    months = {}
    for p in plays:
        months[p["ended"][:7]] = months.get(p["ended"][:7], 0) + 1
    assert stats["per_month"] == months


def test_a_tie_is_a_win_for_every_tied_winner_and_a_draw_for_nobody():
    tie = {"game": "scorepad", "ended": "2024-05-01T20:00:00+00:00", "minutes": 30, "lowest_wins": False,
           "people": [{"seat": 0, "person": "ann", "score": 10, "winner": True},
                      {"seat": 1, "person": "bo", "score": 10, "winner": True},
                      {"seat": 2, "person": "cy", "score": 4, "winner": False}]}
    draw = {"game": "paisho", "ended": "2024-05-02T20:00:00+00:00", "minutes": 50, "lowest_wins": False,
            "people": [{"seat": 0, "person": "ann", "score": None, "winner": False},
                       {"seat": 1, "person": "bo", "score": None, "winner": False}]}
    stats = statistics([tie, draw])
    assert [stats["people"][p]["wins"] for p in ("ann", "bo", "cy")] == [1, 1, 0]
    assert stats["people"]["ann"]["win_rate"] == 0.5
    assert stats["games"]["scorepad"]["wins_by_seat"] == [1, 1, 0]
    assert stats["games"]["paisho"]["wins_by_seat"] == [0, 0]
    assert stats["people"]["ann"]["games"]["paisho"]["average"] is None


def test_a_lowest_wins_play_ranks_its_lowest_score_best():
    plays = [{"game": "rockgarden", "ended": f"2024-05-0{day}T20:00:00+00:00", "minutes": 20,
              "lowest_wins": True, "people": [{"seat": 0, "person": "ann", "score": score, "winner": True}]}
             for day, score in ((1, 7), (2, 3), (3, 12))]
    assert statistics(plays)["people"]["ann"]["games"]["rockgarden"] == {
        "plays": 3, "wins": 3, "win_rate": 1.0, "average": 22 / 3, "best": 3, "worst": 12}


def test_h_index_counts_games_played_at_least_that_often():
    assert h_index([]) == 0
    assert h_index([1]) == 1
    assert h_index([5, 5, 5, 1]) == 3
    assert h_index([19] * 19 + [3] * 100) == 19


@settings(max_examples=100, deadline=None)
@given(some_plays(), st.data())
def test_a_summary_kept_play_by_play_counts_what_a_count_from_scratch_does(plays, data):
    """Plays added, some taken away again (a play replaced or deleted): the running
    summary says what counting the plays left from scratch says, and nothing of the
    plays taken away stays in it (no person or game counted zero times)."""
    summary = Summary()
    for order, play in enumerate(plays):
        summary.add(play, order)
    gone = data.draw(st.sets(st.sampled_from(range(len(plays))) if plays else st.nothing()))
    for order in sorted(gone, reverse=True):
        summary.remove(plays[order], order)
    left = [play for order, play in enumerate(plays) if order not in gone]
    assert summary.statistics() == statistics(left)
