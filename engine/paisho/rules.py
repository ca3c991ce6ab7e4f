"""The rules every Pai Sho move shares: whose tile, harmonies formed and broken, the end
of a turn and its points, who is out, and the board on the phone finding what happened.

Each move (:mod:`engine.paisho.moves`) is made of these; each outcome its words need is
noted in the move's aftermath (:mod:`engine.paisho.aftermath`) where it happens.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.paisho import aftermath
from engine.paisho import mirror
from engine.paisho import queries as q
from engine.paisho.board import Point, on_board
from engine.paisho.harmony import harmonies, pair_key, pair_refusal
from engine.paisho.tiles import name, shift

PLAYING = "playing"
OVER = "over"
MAX_HARMONY_ID = 1_000_000
KEPT_BROKEN = 6
"""Broken harmonies are forgotten but for the latest few (the table screen lists them)."""

END_TARGET = "target"
END_CAPTURED = "captured"
END_FORFEIT = "forfeit"

BOARD_FINDS = ("This table keeps the board: the app finds harmonies, captures, returns and "
               "Knotweed deaths itself")


# -- whose tiles ---------------------------------------------------------------------------

def refuse(text: str) -> IllegalAction:
    """A refusal as a sentence (the rule helpers write their reasons in lower case)."""
    return IllegalAction(text[:1].upper() + text[1:])


def seat_of(state: dict, raw: Any, missing: str) -> int:
    """A seat from a number or a player's name (the schema has checked the shape)."""
    names = state["players"]
    if raw is None:
        raise IllegalAction(missing)
    if isinstance(raw, int) and not isinstance(raw, bool):
        if 0 <= raw < len(names):
            return raw
        raise IllegalAction("There is no such player at this table")
    text = str(raw).strip()
    for s, player in enumerate(names):
        if player.casefold() == text.casefold():
            return s
    raise IllegalAction("There is no player by that name at this table")


def seat_or_opponent(state: dict, actor: int | None, raw: Any) -> int:
    """The named seat; with 2 players, leaving it out means the opponent."""
    if raw is None and actor is not None and len(state["players"]) == 2:
        return 1 - actor
    return seat_of(state, raw, "Say whose tile it was")


def tile_list(state: dict, default_from: int | None, items: list) -> list[tuple[int, str]]:
    return [(seat_or_opponent(state, default_from, item.get("owner")), item["kind"])
            for item in items]


def tiles_said(state: dict, tiles: list[tuple[int, str]]) -> str:
    """"Ann's Rose, Bo's Lily"."""
    return ", ".join(f"{state['players'][owner]}'s {name(kind)}" for owner, kind in tiles)


def check_on_board(state: dict, tiles: list[tuple[int, str]]) -> None:
    needed: dict[tuple[int, str], int] = {}
    for tile in tiles:
        needed[tile] = needed.get(tile, 0) + 1
    for (owner, kind), count in needed.items():
        there = q.on_board(state, owner, kind)
        if count > there:
            raise IllegalAction(
                f"{state['players'][owner]} has only {there} {name(kind)} on the board, not {count}")


def to_pot(state: dict, owner: int, kind: str) -> None:
    shift(state["tiles"][owner], kind, "board", "pot")
    aftermath.note(state, "pot", [owner, kind])


def count_capture(state: dict, seat: int) -> None:
    state["captured"][seat] += 1
    aftermath.note(state, "takers", seat)


# -- harmonies -----------------------------------------------------------------------------

def find_harmony(state: dict, harmony_id: int) -> dict:
    """An intact harmony by its id, or why there is none."""
    for harmony in state["harmonies"]:
        if harmony["id"] == harmony_id:
            return harmony
    if 1 <= harmony_id < state["next_id"]:
        raise IllegalAction(f"Harmony {harmony_id} is already broken")
    raise IllegalAction(f"There is no harmony {harmony_id}")


def break_harmony(state: dict, harmony: dict, by_itself: bool = False) -> None:
    """It stops counting: it leaves the intact harmonies for the latest broken ones."""
    state["harmonies"].remove(harmony)
    state["broken"].append({key: harmony[key] for key in ("id", "owner", "a", "b", "formed_turn")}
                           | {"broken_turn": state["turn"] + 1, "by_itself": by_itself})
    del state["broken"][:-KEPT_BROKEN]
    aftermath.note(state, "broken", aftermath.harmony_said(harmony))


def break_listed(state: dict, ids: list[int]) -> None:
    for harmony_id in ids:
        break_harmony(state, find_harmony(state, harmony_id))


def form(state: dict, owner: int, pair: list[str]) -> int:
    """A harmony its owner records (the score keeper's tables)."""
    a, b = pair
    refusal = pair_refusal(a, b, q.is_blooming(state, owner))
    if refusal:
        raise refuse(refusal)
    for kind in (a, b):
        if q.on_board(state, owner, kind) == 0:
            raise IllegalAction(f"No harmony: {state['players'][owner]} has no {name(kind)} on the board")
    key = pair_key(a, b)
    same = [h for h in q.intact_harmonies(state, owner) if q.harmony_key(h) == key]
    if len(same) >= q.harmony_bound(state, owner, a, b):
        raise IllegalAction(
            f"{len(same)} {name(a)} + {name(b)} harmonies are already intact; the "
            f"{q.on_board(state, owner, a)} {name(a)} and {q.on_board(state, owner, b)} "
            f"{name(b)} on the board cannot make another")
    return new_harmony(state, owner, a, b)


def new_harmony(state: dict, owner: int, a: str, b: str, at: list | None = None) -> int:
    if state["next_id"] > MAX_HARMONY_ID:
        raise IllegalAction("This table has recorded as many harmonies as it can")
    harmony_id = state["next_id"]
    state["next_id"] += 1
    harmony = {"id": harmony_id, "owner": owner, "a": a, "b": b, "start": state["turns"][owner],
               "formed_turn": state["turn"] + 1, "points": 0}
    if at is not None:
        harmony["at"] = at
    state["harmonies"].append(harmony)
    aftermath.note(state, "formed", aftermath.harmony_said(harmony))
    return harmony_id


def reconcile(state: dict) -> None:
    """Break harmonies the tiles left on the board can no longer hold: of each owner's
    harmonies of one pair, the oldest the tiles can hold stay, the newest break."""
    if not state["harmonies"]:
        return
    groups: dict[tuple, list[dict]] = {}
    for harmony in state["harmonies"]:
        groups.setdefault((harmony["owner"], q.harmony_key(harmony)), []).append(harmony)
    gone = []
    for (owner, (a, b)), same in groups.items():
        bound = q.harmony_bound(state, owner, a, b)
        if len(same) > bound:
            gone += sorted(same, key=lambda h: h["id"])[bound:]
    for harmony in sorted(gone, key=lambda h: -h["id"]):
        break_harmony(state, harmony, by_itself=True)


# -- the turn and the end ------------------------------------------------------------------

def finish(state: dict, winner: int | None, reason: str) -> None:
    state["over"] = True
    state["winner"] = winner
    state["end_reason"] = reason


def advance(state: dict, after: int) -> None:
    n = len(state["players"])
    for step in range(1, n + 1):
        seat = (after + step) % n
        if state["out"][seat] is None:
            state["current"] = seat
            return


def end_turn(state: dict, actor: int) -> None:
    state["turns"][actor] += 1
    state["turn"] += 1
    aftermath.note_turn(state, actor)
    for harmony in q.intact_harmonies(state, actor):
        elapsed = q.turns_intact(state, harmony)
        if elapsed > 0 and elapsed % q.POINT_EVERY == 0:
            harmony["points"] += 1
            state["scores"][actor] += 1
            state["point_turns"][actor].append(state["turn"])
            aftermath.note(state, "scored", [actor, 1])
    if state["scores"][actor] >= state["target"]:
        finish(state, actor, END_TARGET)
        return
    advance(state, actor)


def _check_end(state: dict) -> None:
    if state["over"]:
        return
    captured_out = False
    for seat in q.active_seats(state):
        if q.all_flowers_and_special_captured(state, seat):
            state["out"][seat] = END_CAPTURED
            aftermath.note(state, "out", seat)
            captured_out = True
    _break_harmonies_of_the_out(state)
    active = q.active_seats(state)
    if len(active) <= 1:
        # this move took the last opponent out: by capture, or else by a forfeit
        reason = END_CAPTURED if captured_out else END_FORFEIT
        finish(state, active[0] if active else None, reason)
        return
    if state["out"][state["current"]] is not None:
        advance(state, state["current"])


def _break_harmonies_of_the_out(state: dict) -> None:
    """A player out of the game, captured out or by a forfeit, keeps no harmony."""
    for harmony in list(state["harmonies"]):
        if state["out"][harmony["owner"]] is not None:
            break_harmony(state, harmony, by_itself=True)


def settle(state: dict) -> None:
    """After every move: who is out, whether the game ended, who blooms now."""
    _check_end(state)
    if mirrored(state):
        sync_harmonies(state, set())
    else:
        reconcile(state)  # a forfeit or a player captured out can change who blooms


def turn(do, on_board_too=None):
    """A turn move: the listed breaks, the tile change, the automatic breaks, the new
    harmonies, then the turn ends and pays. With the board on the phone, ``on_board_too``
    makes the move on the board and the harmonies are found, never listed."""
    def handler(state: dict, actor: int, payload: dict) -> None:
        if mirrored(state):
            if payload.get("broken") or payload.get("formed") or on_board_too is None:
                raise IllegalAction(BOARD_FINDS)
            state["last"] = None
            on_board_too(state, actor, payload)
        else:
            break_listed(state, payload.get("broken", []))
            do(state, actor, payload)
            reconcile(state)
            for pair in payload.get("formed", []):
                form(state, actor, pair)
        end_turn(state, actor)
        settle(state)
    handler.__name__ = do.__name__
    return aftermath.recorded(handler)


def score_keeper(handler):
    """The handler of a score keeper's move, refused on a table that keeps the board."""
    def checked(state: dict, seat: int | None, payload: dict) -> None:
        if mirrored(state):
            raise IllegalAction(BOARD_FINDS)
        handler(state, seat, payload)
    checked.__name__ = handler.__name__
    return aftermath.recorded(checked)


def score_keeping(when):
    """A move of the score keeper only: with the board on the phone the app finds it."""
    def check(state: dict, seat: int | None, host: bool) -> str | None:
        return BOARD_FINDS if mirrored(state) else when(state, seat, host)
    return check


# -- the board on the phone (setting "board") ---------------------------------------------

def mirrored(state: dict) -> bool:
    return state.get("board") is not None


def point(raw: Any, what: str) -> Point:
    if raw is None:
        raise IllegalAction(f"Say {what} (a point of the board, [x, y])")
    at = (raw[0], raw[1])
    if not on_board(at):
        raise IllegalAction(f"The point {at[0]},{at[1]} is off the board")
    return at


def own_tile(state: dict, actor: int, at: Point) -> mirror.Tile:
    tile = mirror.board_of(state["board"]).get(at)
    if tile is None:
        raise IllegalAction(f"There is no tile on {at[0]},{at[1]}")
    if tile.owner != actor:
        raise IllegalAction(f"The {name(tile.kind)} on {at[0]},{at[1]} is "
                            f"{state['players'][tile.owner]}'s, not yours")
    return tile


def after_board_move(state: dict, actor: int, after: dict, outcome: mirror.Outcome,
                     last: dict) -> None:
    """The tiles' places follow the board; captures count; the harmonies are found again.
    ``last`` (the move, with what it captured, lost, returned and killed) is shown."""
    for _at, tile in outcome.captured:
        to_pot(state, tile.owner, tile.kind)
        count_capture(state, actor)
    for _at, tile in outcome.lost + outcome.killed:
        to_pot(state, tile.owner, tile.kind)
    for _at, tile in outcome.returned:
        shift(state["tiles"][tile.owner], tile.kind, "board", "returned")
    state["board"] = mirror.stored(after)
    state["last"] = {**last, "seat": actor, "captured": _listed(outcome.captured),
                     "lost": _listed(outcome.lost), "returned": _listed(outcome.returned),
                     "killed": _listed(outcome.killed)}
    touched = {p for move in outcome.moved for p in move} | {p for p, _ in outcome.captured}
    touched |= {p for p, _ in outcome.lost + outcome.killed + outcome.returned}
    sync_harmonies(state, touched)


def _listed(tiles: list) -> list[dict]:
    return [{"at": list(at), "owner": tile.owner, "kind": tile.kind} for at, tile in tiles]


def sync_harmonies(state: dict, touched: set) -> None:
    """The harmonies on the board now: one whose tiles moved or that is no longer found
    breaks; one found anew forms (a harmony is its two tiles, CLARIFICATIONS)."""
    blooming = q.blooming_seat(state)
    board = mirror.board_of(state["board"])
    found = {h.points: h for h in harmonies(board, state["reach"],
                                            frozenset(() if blooming is None else (blooming,)))}
    for harmony in list(state["harmonies"]):
        points = tuple(tuple(p) for p in harmony["at"])
        same = found.get(points)
        if same is not None and same.owner == harmony["owner"] and not touched & set(points):
            del found[points]
        else:
            break_harmony(state, harmony)
    for points, harmony in sorted(found.items()):
        if state["out"][harmony.owner] is None:
            new_harmony(state, harmony.owner, *harmony.tiles, at=[list(p) for p in points])
