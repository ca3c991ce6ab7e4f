"""Statistics over plays: pure counting, no I/O.

A play here is the JSON a play is kept as (:mod:`storage.plays`)::

    {"game": ID, "ended": ISO-8601, "minutes": N, "lowest_wins": BOOL,
     "people": [{"seat": N, "person": KEY, "score": NUMBER|None, "winner": BOOL}, ...]}

``person`` is whoever the caller counts as one person (the book's id once merges are
resolved). The rules, the same everywhere:

- a play counts once for each person in it; a tie has several winners and each wins;
  a play nobody won (a draw) is a play for everyone and a win for no one;
- ``win_rate`` = wins / plays;
- scores: a play without scores has None and is left out of every score figure (an
  average of no scores is None); a person's *best* score in a game is the one their
  play's own rule ranks best (the highest, the lowest on a lowest-wins play), *worst*
  the one it ranks worst;
- a person *beats* everyone who did not win a play they won, and *loses to* every
  winner of a play they did not win; they *play with* everyone else at the table;
- streaks run in the order the plays ended;
- the h-index of games played: the largest h such that h games were each played at
  least h times.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter, defaultdict
from typing import Any, Iterable, Mapping

Play = Mapping[str, Any]


def person_of(seat: Mapping[str, Any]) -> str:
    return seat.get("person") or seat["name"]


def rate(wins: int, plays: int) -> float:
    return wins / plays if plays else 0.0


def h_index(counts: Iterable[int]) -> int:
    ordered = sorted(counts, reverse=True)
    return sum(1 for rank, count in enumerate(ordered, 1) if count >= rank)


def most(counter: Mapping[str, int]) -> str | None:
    """The key counted most (ties: the first in sorted order); None when empty."""
    if not counter:
        return None
    return min(counter, key=lambda key: (-counter[key], key))


def goodness(play: Play, score: float) -> float:
    """A score as its play ranks it: higher is better."""
    return -score if play.get("lowest_wins") else score


def streaks(results: list[bool]) -> dict:
    """Longest and current runs of wins and of plays without a win (oldest first)."""
    longest = {True: 0, False: 0}
    run, last = 0, None
    for won in results:
        run = run + 1 if won == last else 1
        last = won
        longest[won] = max(longest[won], run)
    current_wins = run if last else 0
    return {"longest_wins": longest[True], "longest_losses": longest[False],
            "current_wins": current_wins, "current_losses": run if last is False else 0}


def take(counter: Counter, key: Any) -> None:
    """``counter[key]`` lowered by one, the key gone at zero (so a count that was taken
    away leaves no trace)."""
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


def count(counter: Counter, keys: Iterable, sign: int) -> None:
    """Each of ``keys`` counted once more (``sign`` 1) or once less (-1)."""
    if sign > 0:
        for key in keys:
            counter[key] += 1
    else:
        for key in keys:
            take(counter, key)


def counted_mean(values: Counter) -> float | None:
    """The mean of a multiset (value -> how many times)."""
    total = sum(values.values())
    return sum(value * times for value, times in values.items()) / total if total else None


class ScoreTally:
    """A person's plays of one game: counts and the multiset of their scores, each as
    (its goodness, the score), so the best is the largest and the worst the smallest."""

    def __init__(self) -> None:
        self.plays = 0
        self.wins = 0
        self.scores: Counter = Counter()

    def change(self, won: bool, ranked_score: tuple | None, sign: int) -> None:
        self.plays += sign
        self.wins += sign * won
        if ranked_score is not None:
            count(self.scores, [ranked_score], sign)

    def summary(self) -> dict:
        scored = sum(self.scores.values())
        return {"plays": self.plays, "wins": self.wins, "win_rate": rate(self.wins, self.plays),
                "average": sum(score * times for (_, score), times in self.scores.items()) / scored
                if scored else None,
                "best": max(self.scores)[1] if self.scores else None,
                "worst": min(self.scores)[1] if self.scores else None}


class PersonTally:
    """One person's running counts: a play can be added and taken away again."""

    def __init__(self) -> None:
        self.order: list[tuple] = []  # (ended, order) of each play, oldest first
        self.won: dict[tuple, bool] = {}
        self.by_game: dict[str, ScoreTally] = defaultdict(ScoreTally)
        self.count_plays: Counter = Counter()
        self.count_wins: Counter = Counter()
        self.beaten: Counter = Counter()
        self.lost_to: Counter = Counter()
        self.with_whom: Counter = Counter()

    def change(self, when: tuple, play: Play, seat: Mapping[str, Any], others: list[tuple[str, bool]],
               sign: int) -> None:
        """Add (``sign`` 1) or take away (-1) ``seat``'s play; ``others``: everyone else
        at the table once, with whether they won."""
        won = bool(seat.get("winner"))
        if sign > 0:
            insort(self.order, when)
            self.won[when] = won
        else:
            del self.order[bisect_left(self.order, when)]
            del self.won[when]
        score = seat.get("score")
        self.by_game[play["game"]].change(won, None if score is None else (goodness(play, score), score), sign)
        if not self.by_game[play["game"]].plays:
            del self.by_game[play["game"]]
        size = len(play["people"])
        count(self.count_plays, (size,), sign)
        count(self.with_whom, [other for other, _ in others], sign)
        if won:
            count(self.count_wins, (size,), sign)
            count(self.beaten, [other for other, other_won in others if not other_won], sign)
        else:
            count(self.lost_to, [other for other, other_won in others if other_won], sign)

    def summary(self) -> dict:
        results = [self.won[when] for when in self.order]
        wins = sum(results)
        by_count = {n: {"plays": plays, "wins": self.count_wins[n], "win_rate": rate(self.count_wins[n], plays)}
                    for n, plays in sorted(self.count_plays.items())}
        return {"plays": len(results), "wins": wins, "win_rate": rate(wins, len(results)),
                "games": {game: tally.summary() for game, tally in sorted(self.by_game.items())},
                "by_player_count": by_count, "streaks": streaks(results),
                "beats_most": most(self.beaten), "loses_to_most": most(self.lost_to),
                "plays_with_most": most(self.with_whom), "beaten": dict(self.beaten),
                "lost_to": dict(self.lost_to), "played_with": dict(self.with_whom),
                "h_index": h_index(tally.plays for tally in self.by_game.values())}


def winning_scores(play: Play) -> list:
    return [s["score"] for s in play["people"] if s.get("winner") and s.get("score") is not None]


class GameTally:
    """One game's running counts: a play can be added and taken away again."""

    def __init__(self) -> None:
        self.plays = 0
        self.winning: Counter = Counter()
        self.minutes: Counter = Counter()
        self.by_count: Counter = Counter()
        self.seat_wins: Counter = Counter()

    def change(self, play: Play, sign: int) -> None:
        self.plays += sign
        changes = ((self.winning, winning_scores(play)),
                   (self.minutes, [] if play.get("minutes") is None else [play["minutes"]]),
                   (self.by_count, [len(play["people"])]),
                   (self.seat_wins, [s["seat"] for s in play["people"] if s.get("winner")]))
        for counter, keys in changes:
            count(counter, keys, sign)

    def summary(self) -> dict:
        seats = max(self.by_count, default=0)
        return {"plays": self.plays,
                "wins_by_seat": [self.seat_wins[seat] for seat in range(seats)],
                "average_winning_score": counted_mean(self.winning),
                "high_winning_score": max(self.winning, default=None),
                "low_winning_score": min(self.winning, default=None),
                "by_player_count": dict(sorted(self.by_count.items())),
                "average_minutes": counted_mean(self.minutes)}


class Summary:
    """The statistics of a changing set of plays, kept up to date play by play: adding
    or taking away a play costs what its seats cost, and :meth:`statistics` costs
    O(people + games + each person's plays), never a count of every play again.

    A play is known by its ``order`` (any number the caller gives it, unique); plays
    that ended at the same moment count in that order (for streaks)."""

    def __init__(self) -> None:
        self.people: dict[str, PersonTally] = defaultdict(PersonTally)
        self.games: dict[str, GameTally] = defaultdict(GameTally)
        self.months: Counter = Counter()

    def add(self, play: Play, order: int) -> None:
        self._change(play, order, 1)

    def remove(self, play: Play, order: int) -> None:
        """Take away a play added with ``order`` (the same play, the same order)."""
        self._change(play, order, -1)

    def _change(self, play: Play, order: int, sign: int) -> None:
        when = (play.get("ended") or "", order)
        self.games[play["game"]].change(play, sign)
        count(self.months, [when[0][:7]], sign)
        seats = play["people"]
        keys = [person_of(seat) for seat in seats]
        at_table = list(dict(zip(keys, (bool(seat.get("winner")) for seat in seats))).items())
        for me, seat in zip(keys, seats):
            others = [(other, other_won) for other, other_won in at_table if other != me]
            self.people[me].change(when, play, seat, others, sign)
            if not self.people[me].order:
                del self.people[me]
        if not self.games[play["game"]].plays:
            del self.games[play["game"]]

    def statistics(self) -> dict:
        """Per person and per game: see the module's rules. ``people`` and ``games`` are
        keyed by person and game id; ``h_index`` is over every game; ``per_month``:
        plays per "YYYY-MM" of their end."""
        return {"people": {key: tally.summary() for key, tally in self.people.items()},
                "games": {key: tally.summary() for key, tally in self.games.items()},
                "h_index": h_index(tally.plays for tally in self.games.values()),
                "per_month": dict(sorted(self.months.items()))}


def statistics(plays: Iterable[Play]) -> dict:
    """:meth:`Summary.statistics` of ``plays`` (any order; equal ends count in the
    order given)."""
    summary = Summary()
    for order, play in enumerate(plays):
        summary.add(play, order)
    return summary.statistics()
