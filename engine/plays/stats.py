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

from collections import Counter, defaultdict
from typing import Any, Iterable, Mapping

Play = Mapping[str, Any]


def person_of(seat: Mapping[str, Any]) -> str:
    return seat.get("person") or seat["name"]


def rate(wins: int, plays: int) -> float:
    return wins / plays if plays else 0.0


def mean(values: list) -> float | None:
    return sum(values) / len(values) if values else None


def h_index(counts: Iterable[int]) -> int:
    ordered = sorted(counts, reverse=True)
    return sum(1 for rank, count in enumerate(ordered, 1) if count >= rank)


def most(counter: Mapping[str, int]) -> str | None:
    """The key counted most (ties: the first in sorted order); None when empty."""
    if not counter:
        return None
    return min(counter, key=lambda key: (-counter[key], key))


def in_order(plays: Iterable[Play]) -> list[Play]:
    """Oldest first, by the end's date (equal dates keep their order)."""
    return sorted(plays, key=lambda play: play.get("ended") or "")


def goodness(play: Play, score: float) -> float:
    """A score as its play ranks it: higher is better."""
    return -score if play.get("lowest_wins") else score


def game_scores(entries: list[tuple[Play, Any]]) -> dict:
    """average/best/worst of (play, score) pairs, scores None left out."""
    scored = [(play, score) for play, score in entries if score is not None]
    if not scored:
        return {"average": None, "best": None, "worst": None}
    ranked = sorted(scored, key=lambda pair: (goodness(*pair), pair[1]))
    return {"average": mean([score for _, score in scored]),
            "best": ranked[-1][1], "worst": ranked[0][1]}


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


class PersonTally:
    """One person's counts, added to play by play."""

    def __init__(self) -> None:
        self.results: list[bool] = []
        self.by_game: dict[str, list] = defaultdict(list)  # game -> [(play, score, won)]
        self.by_count: dict[int, list[bool]] = defaultdict(list)
        self.beaten: Counter = Counter()
        self.lost_to: Counter = Counter()
        self.with_whom: Counter = Counter()

    def add(self, play: Play, seat: Mapping[str, Any], keys: list[str], won_by: list[bool]) -> None:
        """Count ``seat``'s play (``keys``: the play's people in seat order, ``won_by``:
        whether each won; worked out once per play)."""
        me = person_of(seat)
        won = bool(seat.get("winner"))
        self.results.append(won)
        self.by_game[play["game"]].append((play, seat.get("score"), won))
        self.by_count[len(keys)].append(won)
        met = set()
        for other, other_won in zip(keys, won_by):
            if other == me or other in met:
                continue
            met.add(other)
            self.with_whom[other] += 1
            if won and not other_won:
                self.beaten[other] += 1
            elif not won and other_won:
                self.lost_to[other] += 1

    def summary(self) -> dict:
        wins = sum(self.results)
        games = {}
        for game, entries in sorted(self.by_game.items()):
            game_wins = sum(won for _, _, won in entries)
            games[game] = {"plays": len(entries), "wins": game_wins,
                           "win_rate": rate(game_wins, len(entries)),
                           **game_scores([(play, score) for play, score, _ in entries])}
        by_count = {n: {"plays": len(r), "wins": sum(r), "win_rate": rate(sum(r), len(r))}
                    for n, r in sorted(self.by_count.items())}
        return {"plays": len(self.results), "wins": wins, "win_rate": rate(wins, len(self.results)),
                "games": games, "by_player_count": by_count, "streaks": streaks(self.results),
                "beats_most": most(self.beaten), "loses_to_most": most(self.lost_to),
                "plays_with_most": most(self.with_whom), "beaten": dict(self.beaten),
                "lost_to": dict(self.lost_to), "played_with": dict(self.with_whom),
                "h_index": h_index(len(e) for e in self.by_game.values())}


def winning_scores(play: Play) -> list:
    return [s["score"] for s in play["people"] if s.get("winner") and s.get("score") is not None]


class GameTally:
    """One game's counts, added to play by play."""

    def __init__(self) -> None:
        self.plays = 0
        self.winning: list = []
        self.minutes: list = []
        self.by_count: Counter = Counter()
        self.seat_wins: Counter = Counter()
        self.seats = 0

    def add(self, play: Play) -> None:
        self.plays += 1
        self.winning.extend(winning_scores(play))
        if play.get("minutes") is not None:
            self.minutes.append(play["minutes"])
        self.by_count[len(play["people"])] += 1
        self.seats = max(self.seats, len(play["people"]))
        self.seat_wins.update(s["seat"] for s in play["people"] if s.get("winner"))

    def summary(self) -> dict:
        return {"plays": self.plays,
                "wins_by_seat": [self.seat_wins[seat] for seat in range(self.seats)],
                "average_winning_score": mean(self.winning),
                "high_winning_score": max(self.winning, default=None),
                "low_winning_score": min(self.winning, default=None),
                "by_player_count": dict(sorted(self.by_count.items())),
                "average_minutes": mean(self.minutes)}


def statistics(plays: Iterable[Play]) -> dict:
    """Per person and per game, over ``plays`` (any order): see the module's rules.
    ``people`` and ``games`` are keyed by person and game id; ``h_index`` is over every
    game; ``per_month``: plays per "YYYY-MM" of their end."""
    people: dict[str, PersonTally] = defaultdict(PersonTally)
    games: dict[str, GameTally] = defaultdict(GameTally)
    months: Counter = Counter()
    for play in in_order(plays):
        games[play["game"]].add(play)
        months[(play.get("ended") or "")[:7]] += 1
        seats = play["people"]
        keys = [person_of(seat) for seat in seats]
        won_by = [bool(seat.get("winner")) for seat in seats]
        for key, seat in zip(keys, seats):
            people[key].add(play, seat, keys, won_by)
    return {"people": {key: tally.summary() for key, tally in people.items()},
            "games": {key: tally.summary() for key, tally in games.items()},
            "h_index": h_index(tally.plays for tally in games.values()),
            "per_month": dict(sorted(months.items()))}
