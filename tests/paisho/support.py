"""Small helpers shared by the Pai Sho tests: play moves through the table's one check,
expect refusals."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.paisho import GAME
from engine.paisho.tiles import counts
from engine.plain import encoded
from engine.table import play as table_play


def new_game(players=("Ann", "Bo"), **settings):
    return GAME.setup(list(players), GAME.check_settings(settings, len(players)))


def move(state, seat, kind, payload=None):
    """One move as its seat's phone sends it; ``seat`` None: the host's device."""
    return table_play(GAME, state, Action(seat, kind, payload or {}), host=seat is None)


def play(state, *moves):
    """Apply ``(seat, kind, payload)`` moves in order and return the final state."""
    for step in moves:
        seat, kind = step[0], step[1]
        state = move(state, seat, kind, step[2] if len(step) > 2 else {})
    return state


def refused(state, seat, kind, payload, fragment, host=False):
    """The move is refused with ``fragment`` in the message and the state is unchanged."""
    before = encoded(state)
    with pytest.raises(IllegalAction) as err:
        table_play(GAME, state, Action(seat, kind, payload), host=host or seat is None)
    assert fragment.lower() in err.value.message.lower(), err.value.message
    assert encoded(state) == before
    return err.value.message


def tiles(state, seat, kind):
    """One kind's tiles of a seat by place."""
    return counts(state["tiles"][seat], kind)
