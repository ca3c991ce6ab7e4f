"""A finished game's outcome as a play records it, read from the game's own ``result``.

Every game says who won in its own words: a ``winners`` list (Rock Garden, BluffStones),
one ``winner`` (Pai Sho; None is a draw: nobody wins), or a ``ranking`` whose first
``rank``/``place`` are the winners (the score pad, Strata). Ties are whatever the game
says: every seat it ranks first wins. The winners are never recomputed from the scores,
so a score pad set so the lowest total wins comes out as the game decided.

A seat's score is the number the game ranks by: ``score`` (Strata, Pai Sho), ``total``
(the score pad), Rock Garden's ``demerits`` (fewest win), BluffStones' ``towers``. A play
is *lowest-wins* when its game says so (Rock Garden always; a score pad whose public
view says ``lowest_wins``): its best score is its lowest.

What each game counts at its end (``counts``) is taken from the views everyone saw at
the end (the result's ranking rows and the public view's players): whole numbers and
groups of whole numbers only (Rock Garden's demerits and rocks, Strata's scoring parts,
Pai Sho's harmony points, captures and harmonies standing), never a private part.
"""

from __future__ import annotations

from numbers import Real
from typing import Any, Mapping

SCORE_KEYS = {"rockgarden": "demerits", "bluffstones": "towers"}
"""Games whose ranking rows name their score other than ``score`` or ``total``."""
LOWEST_WINS_GAMES = frozenset({"rockgarden"})
SEAT_KEYS = frozenset({"seat", "rank", "place"})


def is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def winners_of(result: Mapping[str, Any]) -> list[int]:
    """The seats the game's result names as winners (several on a tie; none on a draw)."""
    if isinstance(result.get("winners"), list):
        return sorted(int(s) for s in result["winners"])
    if "winner" in result:
        return [] if result["winner"] is None else [int(result["winner"])]
    rows = [row for row in result.get("ranking") or [] if isinstance(row, Mapping)]
    return sorted(int(row["seat"]) for row in rows if (row.get("rank") or row.get("place")) == 1)


def score_of(game_id: str, row: Mapping[str, Any] | None) -> float | int | None:
    """A seat's score in its ranking row (None: the game keeps none)."""
    if row is None:
        return None
    for key in (SCORE_KEYS.get(game_id), "score", "total"):
        if key is not None and is_number(row.get(key)):
            return row[key]
    return None


def counted(row: Mapping[str, Any] | None) -> dict:
    """The whole numbers (and groups of them) a view's row shows for a seat."""
    counts: dict[str, Any] = {}
    for key, value in (row or {}).items():
        if key in SEAT_KEYS:
            continue
        if is_number(value):
            counts[key] = value
        elif isinstance(value, Mapping) and value and all(is_number(v) for v in value.values()):
            counts[key] = dict(value)
    return counts


def rows_by_seat(rows: Any) -> dict[int, Mapping]:
    if not isinstance(rows, list):
        return {}
    return {int(row["seat"]): row for row in rows
            if isinstance(row, Mapping) and is_number(row.get("seat"))}


def standing_harmonies(public: Mapping[str, Any], seat: int) -> dict:
    """Pai Sho's harmonies standing at the end, a seat's own (its public view lists them)."""
    harmonies = public.get("harmonies")
    if not isinstance(harmonies, list):
        return {}
    return {"harmonies": sum(1 for h in harmonies if isinstance(h, Mapping) and h.get("owner") == seat)}


def lowest_wins(game_id: str, result: Mapping[str, Any], public: Mapping[str, Any]) -> bool:
    return (game_id in LOWEST_WINS_GAMES or bool(result.get("lowest_wins"))
            or bool(public.get("lowest_wins")))


def outcome(game_id: str, players: list[str], result: Mapping[str, Any],
            public: Mapping[str, Any]) -> dict:
    """The play's people by seat (name, score, winner, counts) and whether its lowest
    score wins, from the game's final ``result`` and ``public`` view."""
    ranking = rows_by_seat(result.get("ranking"))
    shown = rows_by_seat(public.get("players"))
    winners = set(winners_of(result))
    people = []
    for seat, name in enumerate(players):
        counts = {**counted(shown.get(seat)), **counted(ranking.get(seat)),
                  **standing_harmonies(public, seat)}
        people.append({"seat": seat, "name": name, "score": score_of(game_id, ranking.get(seat)),
                       "winner": seat in winners, "counts": counts})
    return {"lowest_wins": lowest_wins(game_id, result, public), "people": people}
