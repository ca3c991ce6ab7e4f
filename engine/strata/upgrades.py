"""Four Big Strata logs kept by older versions, in today's moves (see :mod:`engine.upgrade`:
applied once when a stored table is opened, never on replay).

Words: the old engine took class aliases ("Scholar", "s"), numbers as text ("3") and
ignored keys it did not know; today's moves take exactly their declared fields. (A card
entered with one ``effect``, before issue 18, needs nothing: today's ``take_card``
still takes it, as the list ``effects`` of that one effect.)

Production (before issue 18): the old engine fed every seat by itself as soon as it
could pay (or had no face-up card left), in a phase ``feeding``; once every seat was
fed it made every discard down to 10 with only one way to make it, in a phase
``production_cap``, where a seat with a choice sent ``discard``. Today each seat taps
``done`` (its feeding, then its discard down to 10 in the payload). So:

- a seat is done, by the host, where the old engine fed it by itself and it has no
  discard to choose (:func:`settle`);
- an old ``discard`` during production is that seat's ``done`` with the same split;
- a move the old log made after production that today's rules refuse while a seat is
  not done yet moves the rest on first (a seat over 10 with a choice discards the
  phone's first choice: the most Money).

What cannot be the same: the feeding is today's, from the display as it is when the
seat is done, so a seat that turned a card with extra feeding face down to feed pays
that card's extra feeding no more (the old engine counted the feeding when production
began); and a seat with a discard to choose feeds when it discards (the old engine fed
it first), which differs only if it moved in between.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction
from engine.game import Action
from engine.upgrade import declared
from engine.strata.cards import parse_column
from engine.strata.game import (GAME, PRODUCTION, feeding_after, feeding_shortfall,
                                production_needs)
from engine.strata.resources import GRAIN, MONEY, split_options

VERSION = 1

_ANY_TIME = ("exchange", "trade", "flip_down")
"""Moves open during production too: their refusal there has another reason."""


def words(action: Action) -> Action:
    """An older action in today's words (names, numbers, declared keys only)."""
    keys = declared(GAME, action)
    if keys is None:
        return action
    return Action(action.seat, action.kind,
                  {key: _value(key, value) for key, value in action.payload.items() if key in keys})


def instead(state: dict, by: int | None, action: Action,
            refusal: IllegalAction) -> list[tuple[int | None, Action]] | None:
    """An old move refused during today's production: an old discard is the seat's
    ``done``; a later move moves every seat on first."""
    if state["phase"] != PRODUCTION or action.kind in _ANY_TIME:
        return None
    seat = action.seat if action.seat is not None else by
    done = state["production"]["done"]
    if action.kind == "discard" and isinstance(seat, int) and 0 <= seat < len(done) and not done[seat]:
        return [(by, Action(seat, "done", dict(action.payload)))]
    return [(None, Action(s, "done", _first_discard(state, s)))
            for s, finished in enumerate(done) if not finished] + [(by, action)]


def settle(state: dict) -> list[tuple[int | None, Action]]:
    """The seats done where the old engine moved them on by itself. It fed a seat at
    once when it could pay (or had no face-up card left to turn down): such a seat that
    keeps 10 or fewer is done then. Once every seat was fed, it made each discard down to
    10 with only one way to make it: every seat with nothing to choose is done then (a
    seat with a discard to choose waits for its old ``discard``)."""
    if state["phase"] != PRODUCTION:
        return []
    waiting = [s for s, finished in enumerate(state["production"]["done"]) if not finished]
    needs = {s: production_needs(state, s) for s in waiting}
    if all(need != "flip" for need in needs.values()):
        ready = [s for s in waiting if needs[s] is None]
    else:
        ready = [s for s in waiting if needs[s] is None and not feeding_after(state, s)[2]]
    return [(None, Action(s, "done", {})) for s in ready]


def _short(state: dict, seat: int) -> bool:
    """Whether ``seat`` cannot pay its whole feeding (it has no face-up card left)."""
    short = feeding_shortfall(state, seat)
    return bool(short[MONEY] or short[GRAIN])


def _first_discard(state: dict, seat: int) -> dict:
    if production_needs(state, seat) != "discard":
        return {}
    money, grain, excess = feeding_after(state, seat)
    m, g = split_options(excess, money, grain)[0]
    return {MONEY: m, GRAIN: g}


def _value(key: str, value: Any) -> Any:
    if key in ("class", "column") and isinstance(value, str):
        try:
            return parse_column(value)
        except IllegalAction:
            return value
    if key == "assignment" and isinstance(value, list):
        return [_value("column", v) for v in value]
    if key == "bonus" and isinstance(value, Mapping):
        return {k: _value(k, v) for k, v in value.items()}
    if isinstance(value, str) and key in ("amount", "points", "money", "grain", "times", "card"):
        text = value.strip()
        if text.isdigit() and len(text) <= 6:
            return int(text)
    return value
