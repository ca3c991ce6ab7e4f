"""The setup phase: where the towers stand, their top colours as drawn, the start player.

The 9 tower stones are drawn blind at the real table, so the app only records what came
out: at most 3 of each of blue, yellow and green (3 + 3 + 3 were shuffled). Every setup
action may be sent by any seat or the host and may be repeated to correct a mistake until
``start``.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.bluffstones import board
from engine.bluffstones.state import BIDDING, SETUP, name
from engine.bluffstones.stones import TOWER_COLOURS, TOWER_STONES_PER_COLOUR, parse_colour
from engine.errors import IllegalAction

TOWER_COUNT = 7


def check_tower_circles(value: Any) -> list[str]:
    """Exactly 7 distinct circles, or a refusal in words."""
    if value is None:
        raise IllegalAction(f"Choose the {TOWER_COUNT} tower circles")
    circles = board.parse_circles(value)
    if len(set(circles)) != len(circles):
        twice = sorted({c for c in circles if circles.count(c) > 1})
        raise IllegalAction(f"Each tower needs its own circle ({', '.join(twice)} chosen twice)")
    if len(circles) != TOWER_COUNT:
        raise IllegalAction(f"Choose exactly {TOWER_COUNT} tower circles, not {len(circles)}")
    return circles


def _require_setup(state: dict) -> None:
    if state["phase"] != SETUP:
        raise IllegalAction("The game has started: the setup can no longer change")


def _check_colour_limits(colours: Mapping[str, str]) -> None:
    for colour in TOWER_COLOURS:
        n = sum(1 for c in colours.values() if c == colour)
        if n > TOWER_STONES_PER_COLOUR:
            raise IllegalAction(
                f"Only {TOWER_STONES_PER_COLOUR} {colour} stones were shuffled for the towers, "
                f"not {n}"
            )


def set_towers(state: dict, payload: Mapping[str, Any]) -> dict:
    """``towers`` {"circles": [...7 labels]}: move the towers (keeps colours of kept circles)."""
    _require_setup(state)
    circles = check_tower_circles(payload.get("circles"))
    state["tower_circles"] = circles
    state["tower_colours"] = {c: col for c, col in state["tower_colours"].items() if c in circles}
    state["last_events"] = [{"kind": "towers", "circles": circles,
                             "text": f"Towers stand on {', '.join(circles)}"}]
    return state


def _tower_circle(state: dict, raw: Any) -> str:
    circle = board.parse_circle(raw)
    if circle not in state["tower_circles"]:
        raise IllegalAction(f"There is no tower on {circle}")
    return circle


def set_tower_colours(state: dict, payload: Mapping[str, Any]) -> dict:
    """``tower_colour`` {"circle", "colour"} or {"colours": {circle: colour, ...}}."""
    _require_setup(state)
    if "colours" in payload or "colors" in payload:
        given = payload.get("colours", payload.get("colors"))
        if not isinstance(given, Mapping):
            raise IllegalAction("Give each tower circle its top-stone colour")
        pairs = list(given.items())
    else:
        pairs = [(payload.get("circle"), payload.get("colour", payload.get("color")))]
    colours = dict(state["tower_colours"])
    events = []
    for raw_circle, raw_colour in pairs:
        circle = _tower_circle(state, raw_circle)
        colour = parse_colour(raw_colour, TOWER_COLOURS)
        colours[circle] = colour
        events.append({"kind": "tower_colour", "circle": circle, "colour": colour,
                       "text": f"The tower on {circle} has a {colour} top stone"})
    _check_colour_limits(colours)
    state["tower_colours"] = {c: colours[c] for c in state["tower_circles"] if c in colours}
    state["last_events"] = events
    return state


def set_start_player(state: dict, payload: Mapping[str, Any]) -> dict:
    """``start_player`` {"player": seat}: who takes the turn tower (drawn at the table)."""
    _require_setup(state)
    seat = payload.get("player")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        raise IllegalAction("Choose the player who takes the turn tower")
    state["start_player"] = seat
    state["last_events"] = [{"kind": "start_player", "seat": seat,
                             "text": f"{name(state, seat)} takes the turn tower"}]
    return state


def missing_setup(state: dict) -> list[str]:
    """What must still be recorded before the game can start (empty: ready)."""
    missing = []
    uncoloured = [c for c in state["tower_circles"] if c not in state["tower_colours"]]
    if uncoloured:
        missing.append(f"the top-stone colour of the tower{'s' if len(uncoloured) > 1 else ''} "
                       f"on {', '.join(uncoloured)}")
    if state["start_player"] is None:
        missing.append("who takes the turn tower")
    return missing


def start(state: dict) -> dict:
    """``start`` {}: setup complete, round 1 bidding begins."""
    _require_setup(state)
    missing = missing_setup(state)
    if missing:
        raise IllegalAction("Before starting, record " + " and ".join(missing))
    state["phase"] = BIDDING
    state["turn"] = state["start_player"]
    state["round"] = 1
    state["last_events"] = [{"kind": "start", "text": (
        f"The game begins: round 1, {name(state, state['turn'])} holds the turn tower")}]
    return state
