"""Pai Sho logs kept before the game contract, in today's moves (see :mod:`engine.upgrade`:
applied once when a stored table is opened, never on replay).

Words only: tile names ("White Jade") as kinds, single items as lists, harmony ids like
"#3" as numbers, seats written as text as numbers, and the actor keys gone (the host's
``owner`` of a harmony becomes the action's seat; a Knotweed kill names its Knotweed's
owner, which used to default to the sender). Anything else comes as it was: the move's
own check then says what is wrong.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.game import Action
from engine.paisho.tiles import normal_kind

VERSION = 1
TURN_KINDS = ("place", "move", "capture", "return", "pass")
"""The turn moves of the logs this upgrades (the Boat and Wheel moves came later)."""


def words(action: Action) -> Action:
    """An older action in today's words."""
    try:
        return _words(action)
    except Exception:  # an older log's oddity: the move's own check will say what
        return action


def _words(action: Action) -> Action:
    payload = dict(action.payload)
    seat = action.seat
    for key in ("tile", "captured"):
        if key in payload:
            payload[key] = normal_kind(payload[key])
    if action.kind in TURN_KINDS:
        _turn(payload)
    rewrite = _BY_KIND.get(action.kind)
    if rewrite is not None:
        seat = rewrite(payload, seat)
    return Action(seat, action.kind, payload)


def _turn(payload: dict) -> None:
    """A turn's harmonies: ids broken as a list of numbers, pairs formed as a list of
    pairs of kinds; none of either left out."""
    broken = _as_list(payload.get("broken"))
    if isinstance(broken, list):
        payload["broken"] = [_as_id(i) for i in broken]
    formed = payload.get("formed")
    if isinstance(formed, list) and len(formed) == 2 and all(isinstance(x, str) for x in formed):
        formed = [formed]  # one pair, given as the pair itself
    if isinstance(formed, list):
        payload["formed"] = [[normal_kind(k) for k in pair] if isinstance(pair, list) else pair
                             for pair in formed]
    for key in ("broken", "formed"):
        if key in payload and payload[key] is None:
            del payload[key]


def _capture(payload: dict, seat: Any) -> Any:
    if "owner" in payload:
        payload["owner"] = _as_seat(payload["owner"])
    return seat


def _return(payload: dict, seat: Any) -> Any:
    if "returned" in payload:
        payload["returned"] = _tile_items(payload["returned"])
    return seat


def _harmony_formed(payload: dict, seat: Any) -> Any:
    """The host named the harmony's owner; today the action is for that seat."""
    if "pair" in payload and "tiles" not in payload:
        payload["tiles"] = payload.pop("pair")
    if isinstance(payload.get("tiles"), list):
        payload["tiles"] = [normal_kind(k) for k in payload["tiles"]]
    owner = _as_seat(payload.pop("owner", None))
    if seat is None and isinstance(owner, int) and not isinstance(owner, bool):
        return owner
    return seat


def _harmony_broken(payload: dict, seat: Any) -> Any:
    if "harmony" in payload:
        payload["harmony"] = _as_id(payload["harmony"])
    many = _as_list(payload.get("harmonies"))
    if isinstance(many, list):
        payload["harmonies"] = [_as_id(i) for i in many]
    return seat


def _knotweed_kill(payload: dict, seat: Any) -> Any:
    """The Knotweed's owner was the sender when not named."""
    payload["knotweed"] = _as_seat(seat if payload.get("knotweed") is None else payload["knotweed"])
    if "killed" in payload:
        payload["killed"] = _tile_items(payload["killed"])
    return seat


_BY_KIND: dict[str, Callable[[dict, Any], Any]] = {
    "capture": _capture,
    "return": _return,
    "harmony_formed": _harmony_formed,
    "harmony_broken": _harmony_broken,
    "knotweed_kill": _knotweed_kill,
}
"""Per move kind: its payload rewritten in place, and the seat the action is for."""


def _as_list(raw: Any) -> Any:
    return raw if isinstance(raw, list) or raw is None else [raw]


def _as_id(raw: Any) -> Any:
    if isinstance(raw, str):
        text = raw.strip().lstrip("#hH")
        if text.isdigit():
            return int(text)
    return raw


def _as_seat(raw: Any) -> Any:
    if isinstance(raw, str) and raw.strip().isdigit():
        return int(raw.strip())
    return raw


def _tile_items(raw: Any) -> Any:
    """Tiles named as kinds, or as ``{"kind", "owner"}`` with the owner a number."""
    items = _as_list(raw)
    if not isinstance(items, list):
        return raw
    out = []
    for item in items:
        if isinstance(item, str):
            item = {"kind": item}
        if isinstance(item, dict):
            item = dict(item)
            if "kind" in item:
                item["kind"] = normal_kind(item["kind"])
            if "owner" in item:
                item["owner"] = _as_seat(item["owner"])
        out.append(item)
    return out
