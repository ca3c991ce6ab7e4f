"""Small helpers shared by the Pai Sho tests: play moves through the table's one check,
expect refusals."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.paisho import GAME
from engine.paisho.tiles import counts
from engine.plain import encoded
from engine.paisho.board import PORTS, STEPS, on_board
from engine.paisho.harmony import LINE, NEXT
from engine.check import apply, play as table_play


def new_game(players=("Ann", "Bo"), **settings):
    """A score keeper's table (the board stays on the table), as tables made before the
    board on the phone are; ``board=True`` for one that keeps the board."""
    settings.setdefault("board", False)
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


def said(state, action, viewer=None):
    """What ``action`` says to ``viewer`` once played on ``state`` (sent by its own seat's
    phone, or the host's device for no seat): its history line, and its news."""
    after, logged = apply(GAME, state, action, action.seat, state["players"])
    return GAME.say(state, logged, after, viewer)


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


def board_game(players=("Ann", "Bo"), **settings):
    """A table that keeps the board on the phone."""
    return new_game(players, board=True, **settings)


def put(state, *items):
    """Set a position up by hand: ``(x, y, seat, kind)`` tiles from their owners' hands
    onto the board (a test's shortcut to the point it is about)."""
    from engine.paisho.tiles import shift

    for x, y, seat, kind in items:
        assert f"{x},{y}" not in state["board"]
        shift(state["tiles"][seat], kind, "hand", "board")
        state["board"][f"{x},{y}"] = [seat, kind]
    return state


def at(state, x, y):
    """The tile on a point as ``(seat, kind)``, or None."""
    tile = state["board"].get(f"{x},{y}")
    return None if tile is None else tuple(tile)


def brute_force(tiles: dict, reach: str, blooming: frozenset) -> set:
    """Walk from each tile along each line; the lotus by distance: not the finder's code."""
    ring = ["rose", "chrysanthemum", "rhododendron", "jasmine", "lily", "jade"]
    found = set()

    def ring_neighbours(k1, k2):
        return k1 in ring and k2 in ring and (ring.index(k1) - ring.index(k2)) % 6 in (1, 5)

    for (x, y), tile in tiles.items():
        if (x, y) in PORTS:
            continue
        for (u, v), other in tiles.items():
            if (u, v) in PORTS or other.owner != tile.owner or (u, v) <= (x, y):
                continue
            kinds = {tile.kind, other.kind}
            if "lotus" in kinds:
                flower = (kinds - {"lotus"} or {"lotus"}).pop()
                if (tile.owner in blooming and flower in ring
                        and abs(u - x) + abs(v - y) <= 3):
                    found.add(((x, y), (u, v)))
    for (x, y), tile in tiles.items():
        if (x, y) in PORTS or tile.kind not in ring:
            continue
        for dx, dy in STEPS:
            rock_on_line = any(other.kind == "rock" and (v == y if dy == 0 else u == x)
                               for (u, v), other in tiles.items())
            step, walked = 1, []
            while on_board((x + dx * step, y + dy * step)):
                point = (x + dx * step, y + dy * step)
                other = tiles.get(point)
                if other is not None and other.owner == tile.owner and ring_neighbours(tile.kind, other.kind) \
                        and point not in PORTS:
                    if reach == LINE and not walked and not rock_on_line:
                        found.add(tuple(sorted(((x, y), point))))
                    if reach == NEXT and all(w is not None and w.kind == "lotus" and w.owner not in blooming
                                             for w in walked):
                        found.add(tuple(sorted(((x, y), point))))
                if reach == NEXT:
                    walked.append(other)
                elif other is not None or point in PORTS:  # a tile, or an empty port: the line ends
                    walked.append(other or "port")
                step += 1
    return found
