"""End-of-game scoring: class totals, the best use of flexible points, the ranking.

A player's score is their lowest class; ties compare the second lowest class, then the
third, then the fourth. So a player's standing is the *ascending sorted* vector of their
four class totals, compared lexicographically, and higher is better.

Flexible chunks (each face-up Empress card's points, each "2 points to any one class")
go whole to one class each. :func:`best_assignment` proposes the assignment whose sorted
vector is the best; the player may choose otherwise (the rules let them).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from engine.errors import IllegalAction
from engine.strata.cards import (ANY_CLASS_POINTS, CLASSES, EMPRESSES, FIXED_BONUS,
                                 FIXED_BONUS_POINTS, has_effect, parse_class)


def standing(classes: Mapping[str, int]) -> tuple[int, ...]:
    """The comparison key: class totals sorted from lowest to highest."""
    return tuple(sorted(classes[c] for c in CLASSES))


def best_assignment(classes: Mapping[str, int], flex: Sequence[int]) -> dict:
    """The best way to add each flexible chunk, whole, to one class.

    Returns ``{"classes": totals with the chunks, "score": lowest class,
    "assignment": [{"points": p, "class": c}, ...]}`` (assignment in the order the chunks
    were given).

    Exact for any number of chunks: a memoised search over (chunks left, sorted class
    totals). The objective only depends on the *sorted* totals, so classes with equal
    totals are interchangeable and the state space stays small (chunk values repeat, and
    the largest chunks are placed first).

    Ties between assignments reaching the same best sorted vector are broken
    deterministically: chunk by chunk in the order given, each goes to the first class in
    the order scholars, peasants, artisans, merchants that still allows the best result.
    """
    base = {c: _non_negative(classes.get(c, 0), c) for c in CLASSES}
    chunks = [_positive_chunk(p) for p in flex]
    target = _optimum(tuple(sorted(chunks, reverse=True)), tuple(sorted(base.values())))
    totals = dict(base)
    assignment = []
    failed: set = set()  # (chunks left, sorted totals) that cannot reach the target
    for k, points in enumerate(chunks):
        rest = tuple(sorted(chunks[k + 1:], reverse=True))
        for cls in CLASSES:
            trial = dict(totals)
            trial[cls] += points
            if _reaches(rest, tuple(sorted(trial.values())), target, failed):
                totals = trial
                assignment.append({"points": points, "class": cls})
                break
        else:  # pragma: no cover - the search guarantees a class fits
            raise AssertionError("no class reaches the best result")
    return {"classes": totals, "score": min(totals.values()), "assignment": assignment}


def _water_fill(totals: tuple[int, ...], amount: int) -> tuple[Fraction, ...]:
    """The best sorted totals if chunks could be split at will: an upper bound (in the
    lexicographic order) on every whole-chunk result. ``totals`` is sorted."""
    levels = [Fraction(t) for t in totals]
    left = Fraction(amount)
    k = 1
    while left > 0:
        while k < len(levels) and levels[k] == levels[0]:
            k += 1
        room = (levels[k] - levels[0]) * k if k < len(levels) else None
        if room is None or room >= left:
            rise = left / k
            for i in range(k):
                levels[i] += rise
            left = Fraction(0)
        else:
            for i in range(k):
                levels[i] = levels[k]
            left -= room
    return tuple(levels)


def _children(totals: tuple[int, ...], points: int):
    """Sorted totals after adding ``points`` to each distinct total, lowest first (equal
    totals are interchangeable, so each is tried once)."""
    seen = set()
    for i, value in enumerate(totals):
        if value in seen:
            continue
        seen.add(value)
        yield tuple(sorted(totals[:i] + (value + points,) + totals[i + 1:]))


def _optimum(chunks: tuple[int, ...], totals: tuple[int, ...]) -> tuple[int, ...]:
    """Branch and bound for the best sorted totals (chunks sorted largest first)."""
    suffix = [sum(chunks[k:]) for k in range(len(chunks) + 1)]
    best = totals
    for points in chunks:  # greedy start: each chunk to the lowest class
        best = tuple(sorted((best[0] + points,) + best[1:]))
    visited: set = set()

    def search(k: int, current: tuple[int, ...]) -> None:
        nonlocal best
        if k == len(chunks):
            if current > best:
                best = current
            return
        if (k, current) in visited or _water_fill(current, suffix[k]) <= best:
            return
        visited.add((k, current))
        for child in _children(current, chunks[k]):
            search(k + 1, child)

    search(0, totals)
    return best


def _reaches(chunks: tuple[int, ...], totals: tuple[int, ...], target: tuple[int, ...],
             failed: set) -> bool:
    """Whether placing ``chunks`` on sorted ``totals`` can end exactly at ``target``
    (the optimum, so nothing reaches beyond it). ``failed`` remembers dead ends."""
    suffix = [sum(chunks[k:]) for k in range(len(chunks) + 1)]

    def search(k: int, current: tuple[int, ...]) -> bool:
        if k == len(chunks):
            return current == target
        key = (chunks[k:], current)
        if key in failed or _water_fill(current, suffix[k]) < target:
            return False
        if any(search(k + 1, child) for child in _children(current, chunks[k])):
            return True
        failed.add(key)
        return False

    return search(0, totals)


def apply_assignment(classes: Mapping[str, int], flex: Sequence[int],
                     choice: Sequence[Any]) -> dict:
    """The player's own choice: ``choice[k]`` is the class chunk ``k`` goes to."""
    if len(choice) != len(flex):
        raise IllegalAction(f"Give a class for each of your {len(flex)} flexible bonuses")
    totals = {c: classes.get(c, 0) for c in CLASSES}
    assignment = []
    for points, cls in zip(flex, choice):
        key = parse_class(cls)
        totals[key] += points
        assignment.append({"points": points, "class": key})
    return {"classes": totals, "score": min(totals.values()), "assignment": assignment}


def rank(players: Iterable[Mapping[str, Any]]) -> list[dict]:
    """Players (dicts with ``classes``) best first: lowest class, then the second
    lowest, and so on. Equal players keep their input order (the sort is stable)."""
    items = [dict(p) for p in players]
    for item in items:
        item.setdefault("score", min(item["classes"][c] for c in CLASSES))
    return sorted(items, key=lambda p: standing(p["classes"]), reverse=True)


def places(ranked: Sequence[Mapping[str, Any]]) -> list[int]:
    """1-based places for a ranking; players with equal standing share a place."""
    out: list[int] = []
    for i, player in enumerate(ranked):
        if i and standing(player["classes"]) == standing(ranked[i - 1]["classes"]):
            out.append(out[-1])
        else:
            out.append(i + 1)
    return out


# -- from a Personal Display ---------------------------------------------------------

def fixed_totals(cards: list[dict], face_down_points: int) -> dict[str, int]:
    """Class totals before the flexible chunks: card points in their columns plus the
    fixed end-of-game bonuses of face-up cards (every effect of a card counts)."""
    totals = {c: 0 for c in CLASSES}
    for card in cards:
        if card["face_up"]:
            if card["column"] in totals:
                totals[card["column"]] += card["points"]
            for c in CLASSES:
                totals[c] += has_effect(card, "bonus_each_class")
            for effect, cls in FIXED_BONUS.items():
                totals[cls] += FIXED_BONUS_POINTS * has_effect(card, effect)
        elif card["column"] in totals:
            totals[card["column"]] += face_down_points
    return totals


def flexible_chunks(cards: list[dict]) -> list[dict]:
    """The chunks a player places at the end, in display order: each face-up Empress
    card's points, and 2 points for each "any one class" effect of a face-up card."""
    chunks = []
    for card in cards:
        if not card["face_up"]:
            continue
        if card["column"] == EMPRESSES:
            chunks.append({"points": card["points"], "source": "empress", "card": card["id"]})
        for _ in range(has_effect(card, "bonus_any_class")):
            chunks.append({"points": ANY_CLASS_POINTS, "source": "any_class", "card": card["id"]})
    return chunks


def _non_negative(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise IllegalAction(f"{name}: a class total is a whole number, 0 or more")
    return value


def _positive_chunk(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise IllegalAction(f"'{value}': a flexible bonus is a whole number of points, 1 or more")
    return value


ORDINALS = ("lowest", "second lowest", "third lowest", "highest")


def tie_break_words(a: Mapping[str, Any], b: Mapping[str, Any]) -> str | None:
    """How ``a`` (ranked just above ``b``) compares with it, when their lowest classes
    tie: ``"Ann and Bo tied on 7; second lowest 8 against 7: Ann ahead"``; None when
    the lowest classes differ."""
    sa, sb = standing(a["classes"]), standing(b["classes"])
    if sa[0] != sb[0]:
        return None
    text = f"{a['name']} and {b['name']} tied on {sa[0]}"
    for k in range(1, len(sa)):
        if sa[k] != sb[k]:
            return text + f"; {ORDINALS[k]} {sa[k]} against {sb[k]}: {a['name']} ahead"
        text += f"; {ORDINALS[k]} {sa[k]} each"
    return text + ": they share the place"


def walkthrough(ranked: Sequence[Mapping[str, Any]]) -> list[str]:
    """The ranking in words, one line per player after the first: each compared with the
    player just above (the tie-break walk-through when their lowest classes tie)."""
    lines = []
    if ranked:
        top = ranked[0]
        lines.append(f"{top['name']}: lowest class {standing(top['classes'])[0]}")
    for above, below in zip(ranked, ranked[1:]):
        words = tie_break_words(above, below)
        if words is None:
            low_a, low_b = standing(above["classes"])[0], standing(below["classes"])[0]
            words = f"{above['name']} {low_a} against {below['name']} {low_b}: lowest class"
        lines.append(words)
    return lines
