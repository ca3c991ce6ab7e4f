"""Small builders shared by the BluffStones tests: everything goes through ``apply``."""

from __future__ import annotations

import copy
import json

import pytest

from engine.bluffstones import GAME
from engine.errors import IllegalAction
from engine.game import Action

NAMES3 = ["Ann", "Bob", "Cat"]
NAMES2 = ["Ann", "Bob"]

# Default circles B2 B4 D2 D4 D6 F2 F4: 3 blue, 2 yellow, 2 green.
COLOURS = {"B2": "blue", "B4": "yellow", "D2": "green", "D4": "blue",
           "D6": "yellow", "F2": "green", "F4": "blue"}


def act(state, seat, kind, **payload):
    return GAME.apply(state, Action(seat, kind, payload))


def started(names=NAMES3, start=0, colours=None, settings=None):
    """A game past setup, bidding round 1, ``start`` holding the turn tower."""
    state = GAME.setup(list(names), GAME.check_settings(settings, len(names)))
    state = act(state, None, "tower_colour", colours=dict(colours or COLOURS))
    state = act(state, None, "start_player", player=start)
    return act(state, None, "start")


def bid_all(state, bids):
    """Each seat's bid as ``(colour, count)`` (missing seats bid zero), then reveal."""
    for seat in range(len(state["players"])):
        colour, count = bids.get(seat, (None, 0))
        payload = {"count": count} if not count else {"colour": colour, "count": count}
        state = GAME.apply(state, Action(seat, "bid", payload))
    return act(state, None, "reveal")


def place_one(state, seat, colour, circle):
    """A round where only ``seat`` bids one stone and places it on ``circle``."""
    state = bid_all(state, {seat: (colour, 1)})
    assert state["pending"] == {"seat": seat, "step": "place", "colour": colour}
    return act(state, seat, "place", circle=circle)


def refused(state, action, *fragments):
    """The action is refused with a message holding every fragment; state untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    for fragment in fragments:
        assert fragment in info.value.message, info.value.message
    assert state == before
    return info.value.message


def as_json(value):
    return json.dumps(value, sort_keys=True)


def finish_round(state):
    """Resolve every pending step with its first legal circle."""
    while state["phase"] == "resolving":
        step = GAME.view(state, None)["pending"]
        state = act(state, step["seat"], step["step"], circle=step["choices"][0])
    return state
