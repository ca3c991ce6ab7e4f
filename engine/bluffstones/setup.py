"""The setup phase: where the towers stand, their top colours as drawn, the start player.

The 9 tower stones are drawn blind at the real table, so the app only records what came
out: at most 3 of each of blue, yellow and green (3 + 3 + 3 were shuffled). Every setup
move may be made by any seat or the host and repeated to correct a mistake until
``start`` (the move table says so; these handlers only apply the rules of each move).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.bluffstones.schemas import TOWER_COUNT, Circles
from engine.bluffstones.state import BIDDING, name
from engine.bluffstones.stones import TOWER_COLOURS, TOWER_STONES_PER_COLOUR
from engine.errors import IllegalAction


def check_tower_circles(value: Any) -> list[str]:
    """Exactly 7 distinct circles (a list or a text of labels), or a refusal in words."""
    if value is None:
        raise IllegalAction(f"Choose the {TOWER_COUNT} tower circles")
    return Circles().check(value, "The tower circles")


def _check_colour_limits(colours: Mapping[str, str]) -> None:
    for colour in TOWER_COLOURS:
        n = sum(1 for c in colours.values() if c == colour)
        if n > TOWER_STONES_PER_COLOUR:
            raise IllegalAction(
                f"Only {TOWER_STONES_PER_COLOUR} {colour} stones were shuffled for the towers, "
                f"not {n}"
            )


def set_towers(state: dict, seat: int | None, payload: Mapping[str, Any]) -> None:
    """``towers`` {"circles"}: move the towers (colours of kept circles stay)."""
    circles = payload["circles"]
    state["tower_circles"] = list(circles)
    state["tower_colours"] = {c: col for c, col in state["tower_colours"].items() if c in circles}


def set_tower_colours(state: dict, seat: int | None, payload: Mapping[str, Any]) -> None:
    """``tower_colour`` {"circle", "colour"} or {"colours": {circle: colour, ...}}."""
    one = "circle" in payload or "colour" in payload
    if "colours" in payload:
        if one:
            raise IllegalAction("Give one tower and its colour, or a group of them, not both")
        pairs = list(payload["colours"].items())
    elif "circle" in payload and "colour" in payload:
        pairs = [(payload["circle"], payload["colour"])]
    elif one:
        raise IllegalAction("Give the tower's circle and its top-stone colour")
    else:
        raise IllegalAction("Choose a tower and the colour of its top stone")
    colours = dict(state["tower_colours"])
    for circle, colour in pairs:
        if circle not in state["tower_circles"]:
            raise IllegalAction(f"There is no tower on {circle}")
        colours[circle] = colour
    _check_colour_limits(colours)
    state["tower_colours"] = {c: colours[c] for c in state["tower_circles"] if c in colours}


def set_start_player(state: dict, seat: int | None, payload: Mapping[str, Any]) -> None:
    """``start_player`` {"player": seat}: who takes the turn tower (drawn at the table).
    ``player`` names the subject (who starts), not who sends the move."""
    chosen = payload["player"]
    if not 0 <= chosen < len(state["players"]):
        raise IllegalAction("Choose the player who takes the turn tower")
    state["start_player"] = chosen


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


def start_refusal(state: dict, seat: int | None, host: bool) -> str | None:
    missing = missing_setup(state)
    return "Before starting, record " + " and ".join(missing) if missing else None


def start(state: dict, seat: int | None, payload: Mapping[str, Any]) -> None:
    """``start`` {}: setup complete, round 1 bidding begins."""
    state["phase"] = BIDDING
    state["turn"] = state["start_player"]
    state["round"] = 1


def start_words(state: dict) -> str:
    return f"The game begins: round 1, {name(state, state['start_player'])} holds the turn tower"
