"""Small helpers shared by the Pai Sho tests: play actions, expect refusals."""

from __future__ import annotations

import copy
import json

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.paisho import GAME


def new_game(players=("Ann", "Bo"), **settings):
    return GAME.setup(list(players), GAME.check_settings(settings, len(players)))


def play(state, *moves):
    """Apply ``(seat, kind, payload)`` moves in order and return the final state."""
    for move in moves:
        seat, kind = move[0], move[1]
        payload = move[2] if len(move) > 2 else {}
        state = GAME.apply(state, Action(seat, kind, payload))
    return state


def refused(state, seat, kind, payload, fragment):
    """The action is refused with ``fragment`` in the message and the state is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, Action(seat, kind, payload))
    assert fragment.lower() in err.value.message.lower(), err.value.message
    assert state == before
    return err.value.message


def tiles(state, seat, kind):
    return state["tiles"][seat][kind]


def as_json(data) -> str:
    return json.dumps(data, sort_keys=True)
