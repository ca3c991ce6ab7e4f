"""Small builders shared by the BluffStones tests: every move goes through the table
model's one check (``engine.check.play``), as a phone or the host would send it."""

from __future__ import annotations

import json

import pytest

from engine.bluffstones import GAME
from engine.errors import IllegalAction
from engine.game import Action
from engine.plain import encoded, is_plain
from engine.check import legal_moves, play
from companion.table.hub import HOST

NAMES3 = ["Ann", "Bob", "Cat"]
NAMES2 = ["Ann", "Bob"]

# Default circles B2 B4 D2 D4 D6 F2 F4: 3 blue, 2 yellow, 2 green.
COLOURS = {"B2": "blue", "B4": "yellow", "D2": "green", "D4": "blue",
           "D6": "yellow", "F2": "green", "F4": "blue"}


def act(state, seat, kind, **payload):
    """``kind`` sent by ``seat``'s own phone (``seat`` None: by the host's device)."""
    after = play(GAME, state, Action(seat, kind, payload), host=seat is None)
    assert is_plain(after)
    return after


def host_act(state, seat, kind, **payload):
    """The host's device sends ``kind`` for ``seat`` (pass-and-play)."""
    return play(GAME, state, Action(seat, kind, payload), host=True)


def fresh(names=NAMES3, **settings):
    return GAME.setup(list(names), GAME.check_settings(settings, len(names)))


def started(names=NAMES3, start=0, colours=None, settings=None):
    """A game past setup, bidding round 1, ``start`` holding the turn tower."""
    state = GAME.setup(list(names), GAME.check_settings(settings, len(names)))
    state = act(state, None, "tower_colour", colours=dict(colours or COLOURS))
    state = act(state, None, "start_player", player=start)
    return act(state, None, "start")


def bid_all(state, bids):
    """Each seat's bid as ``(colour, count)`` (missing seats bid zero), then reveal."""
    for seat in range(len(state["players"])):
        if state["bids"][seat] is not None and sum(state["piles"][seat].values()) == 0:
            continue  # no stones: already ready with a zero bid
        colour, count = bids.get(seat, (None, 0))
        payload = {"count": count} if not count else {"colour": colour, "count": count}
        state = act(state, seat, "bid", **payload)
    return act(state, None, "reveal")


def place_one(state, seat, colour, circle):
    """A round where only ``seat`` bids one stone and places it on ``circle``."""
    state = bid_all(state, {seat: (colour, 1)})
    assert state["pending"] == {"seat": seat, "step": "place", "colour": colour}
    return act(state, seat, "place", circle=circle)


def refused(state, action, *fragments, host=None):
    """The action is refused with a message holding every fragment; state untouched.
    Sent by its seat's phone, or by the host when its seat is None (or ``host``)."""
    before = encoded(state)
    with pytest.raises(IllegalAction) as info:
        play(GAME, state, action, host=action.seat is None if host is None else host)
    for fragment in fragments:
        assert fragment in info.value.message, info.value.message
    assert encoded(state) == before
    return info.value.message


def public(state):
    return GAME.public(state)


def view(state, seat=None, host=False):
    """The envelope's game parts for a viewer (what a screen gets, less the revision)."""
    over = GAME.is_over(state)
    return {
        "public": GAME.public(state),
        "private": GAME.private(state, seat) if seat is not None else None,
        "legal": legal_moves(GAME, state, seat, host, state["players"]),
        "to_act": [] if over else GAME.to_act(state),
        "result": GAME.result(state) if over else None,
    }


def as_json(value):
    return json.dumps(value, sort_keys=True)


def finish_round(state):
    """Resolve every pending step with its first legal circle."""
    while state["phase"] == "resolving":
        step = GAME.public(state)["pending"]
        state = act(state, step["seat"], step["step"], circle=step["choices"][0])
    return state


# -- a table on the real hub (the screens' tests) ------------------------------------------

def hub_setup_done(hub, start=0):
    """A hub table past its setup (towers coloured, a start player), by the host."""
    hub.act(HOST, "tower_colour", {"colours": dict(COLOURS)})
    hub.act(HOST, "start_player", {"player": start})


def hub_started(app, names=("Ann", "Bo", "Cy"), start=0):
    """A new table on ``app``'s hub, set up and started."""
    hub = app.create("bluffstones", list(names))
    hub_setup_done(hub, start)
    hub.act(HOST, "start", {})
    return hub


def hub_bid(hub, seat, colour=None, count=0):
    hub.act(HOST, "bid", {"count": count, **({"colour": colour} if count else {})}, None, seat=seat)


def hub_bid_all(hub, bids):
    """Each seat's bid as ``(colour, count)`` (missing seats bid zero), then reveal."""
    for seat in range(len(hub.spec.players)):
        if seat not in hub.view(HOST)["public"]["waiting_for"]:
            continue
        colour, count = bids.get(seat, (None, 0))
        hub_bid(hub, seat, colour, count)
    hub.act(HOST, "reveal", {})


def hub_place(hub, seat, circle):
    hub.act(HOST, "place", {"circle": circle}, None, seat=seat)
