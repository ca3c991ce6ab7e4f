"""Four Big Strata logs kept by older versions, in today's moves (see :mod:`engine.upgrade`:
applied once when a stored table is opened, never on replay).

Words: the old engine took class aliases ("Scholar", "s"), numbers as text ("3") and
ignored keys it did not know; today's moves take exactly their declared fields. A card
entered with one ``effect`` (version 1) has the list ``effects`` of that one
effect (version 2: today's ``take_card`` takes the list only).

Version 2 also keeps in the state what each move did beside what its author
chose (``state["outcome"]``, what the history says): a table kept at version 1 is
opened once through the upgrade, and its snapshots are made again by today's engine.

Production (version 1): the old engine fed every seat by itself as soon as it
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

What cannot be the same, because the rules changed (CLARIFICATIONS):

- the feeding is today's, from the display as it is when the seat is done: a seat that
  turned a card with extra feeding face down to feed pays that card's extra feeding no
  more (the old engine counted the feeding when production began); a seat the old
  engine fed at once but that was over 10 with a choice feeds when it discards, from
  what it holds then (the old engine fed it first: an exchange in between paid nothing
  of its feeding there);
- the tribute is taken taker by taker (the old engine went payer by payer), so a payer
  short of resources pays another taker first, and each taker's choice is made on the
  transfer today's order brings.

From there the old log's moves meet a state the old engine never had: a move today's
rules refuse becomes the nearest move they take (:func:`nearest`: the same move with
its amounts as close to the recorded ones as today's holdings allow, or left out), and
the upgrade says in words, entry by entry, what differs.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from engine.errors import IllegalAction
from engine.game import Action
from engine.upgrade import declared
from engine.strata.cards import parse_column
from engine.strata.game import GAME
from engine.strata.queries import PRODUCTION, feeding_after, feeding_shortfall, production_needs
from engine.strata.resources import GRAIN, MONEY, split_options, words as resource_words

VERSION = 2

_ANY_TIME = ("exchange", "trade", "flip_down")
"""Moves open during production too: their refusal there has another reason."""


def words(action: Action) -> Action:
    """An older action in today's words (names, numbers, declared keys only)."""
    action = _effects_listed(action)
    keys = declared(GAME, action)
    if keys is None:
        return action
    return Action(action.seat, action.kind,
                  {key: _value(key, value) for key, value in action.payload.items() if key in keys})


def _effects_listed(action: Action) -> Action:
    """A card taken with one ``effect`` (version 1) as one with the list ``effects``
    of that effect (none: an empty list), as the old engine read it."""
    payload = action.payload
    if action.kind != "take_card" or not isinstance(payload, Mapping) or "effect" not in payload:
        return action
    payload = dict(payload)
    effect = payload.pop("effect")
    if payload.get("effects") is None:
        effect = effect.strip().lower() if isinstance(effect, str) else effect
        payload["effects"] = [] if effect == "none" else [effect]
    return Action(action.seat, action.kind, payload)


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


Candidate = tuple[list[tuple[int | None, Action]], str]

MOST_SPLIT = 30
"""The most resources a changed split is looked for up to (a discard, a tribute, a gift)."""


def nearest(state: dict, by: int | None, action: Action,
            refusal: IllegalAction) -> Iterator[Candidate]:
    """What an old move today's rules refuse becomes, the nearest first: the same move
    with its amounts as close to the recorded ones as today's state allows, else left
    out (a move that is not well formed is none of these: the upgrade stops there);
    during production an old discard is the seat's ``done`` and any other move
    moves every seat on first, as in :func:`instead`."""
    seat = action.seat if action.seat is not None else by
    who = _who(state, seat)
    move = GAME.moves.get(action.kind) if isinstance(action.kind, str) else None
    label = move.label.lower() if move is not None else str(action.kind)
    first: list[tuple[int | None, Action]] = []
    kind = action.kind
    if state["phase"] == PRODUCTION and kind not in _ANY_TIME and isinstance(seat, int) \
            and 0 <= seat < len(state["players"]):
        if kind == "discard" and not state["production"]["done"][seat]:
            kind = "done"
        else:
            first = [(None, Action(s, "done", _first_discard(state, s)))
                     for s, finished in enumerate(state["production"]["done"]) if not finished]
    if move is None or not _well_formed(move, action.payload):
        return  # not a move of the game: a damaged log, not a changed rule
    payload = dict(action.payload)
    for changed, said in _near_payloads(kind, payload):
        yield (first + [(by, Action(action.seat, kind, changed))],
               f"{who}'s {label}: {said} today ({refusal.message})")
    yield [], f"{who}'s {label} is left out ({refusal.message})"


def _well_formed(move: Any, payload: Any) -> bool:
    """Whether ``payload`` is one today's move takes in some state (its declared fields,
    values of the right kinds)."""
    try:
        move.payload.check(payload, "This move")
    except IllegalAction:
        return False
    return True


def _who(state: dict, seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"]):
        return state["players"][seat]
    return "The host"


def _near_payloads(kind: str, payload: dict) -> Iterator[tuple[dict, str]]:
    """The payload with its amounts changed, the nearest first, and what changed."""
    if MONEY in payload or GRAIN in payload or kind in ("discard", "done", "take_tribute"):
        m, g = _split_of(payload)
        for m2, g2 in _splits(m, g):
            yield ({**payload, MONEY: m2, GRAIN: g2},
                   f"{resource_words(m, g)} in the old log, {resource_words(m2, g2)}")
    if "bonus" in payload or kind in ("take_card", "flip_down"):
        bonus = payload.get("bonus")
        m, g = _split_of(bonus if isinstance(bonus, Mapping) else {})
        if bonus is not None:
            rest = {k: v for k, v in payload.items() if k != "bonus"}
            yield rest, "no all-face-down gift"
        for m2, g2 in _splits(m, g):
            yield ({**payload, "bonus": {MONEY: m2, GRAIN: g2}},
                   f"the all-face-down gift of {resource_words(m, g)} in the old log, "
                   f"{resource_words(m2, g2)}")
    for key, low in (("amount", 0), ("times", 1)):
        value = payload.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            for less in range(value - 1, low - 1, -1):
                yield {**payload, key: less}, f"{key} {value} in the old log, {less}"


def _split_of(payload: Mapping[str, Any]) -> tuple[int, int]:
    def amount(value: Any) -> int:
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0
    return amount(payload.get(MONEY)), amount(payload.get(GRAIN))


def _splits(money: int, grain: int) -> Iterator[tuple[int, int]]:
    """Every other (Money, Grain) split, the nearest to ``money``/``grain`` first: the
    same total first, then totals further and further away."""
    total = money + grain
    for distance in range(0, MOST_SPLIT + 1):
        for t in sorted({total - distance, total + distance}):
            if not 0 <= t <= MOST_SPLIT:
                continue
            for m in sorted(range(t + 1), key=lambda m: (abs(m - money), m)):
                if (m, t - m) != (money, grain):
                    yield m, t - m


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
