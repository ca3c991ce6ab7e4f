"""Pai Sho by Frank's rules: the score keeper. The board stays on the table.

The companion keeps each player's tiles by place (hand, board, Pot, returned), the
harmonies and their timers, the points, the blooming White Lotus and the end of the game.
Players record what they did; the app refuses what the tiles or the rules cannot allow.

Moves (declared once in :attr:`PaiSho.moves`)
=============================================

Tiles are named by kind: ``jasmine``, ``lily``, ``jade``, ``rose``, ``chrysanthemum``,
``rhododendron``, ``knotweed``, ``boat``, ``wheel``, ``rock``, ``dragon``, ``lotus``. A
payload names another player (whose tile, whose Knotweed) by seat number (0 to 3) or by
name; where the owner may be left out, a 2-player game means "the opponent". The player
who makes a move is the action's seat: the host enters for a player by sending the move
with that seat (the table's rule for every game), never with a payload key.

Turn moves -- the player whose turn it is (the host for them; the host's move with no
seat is for the player to act). Each one ends the turn.

- ``place`` ``{"tile": kind}``: put a tile from hand (or one returned earlier) on the board.
- ``move`` ``{"tile": kind}``: move one of your tiles, or use its ability without a
  capture or return (a wheel turning, a boat pushing). Knotweed and rock cannot move.
- ``capture`` ``{"tile": capturer kind, "captured": kind, "owner": seat}``: your tile on the
  board landed on that player's tile. Checked by
  :func:`engine.paisho.capture.capture_allowed`: flowers take only their opposite;
  a capture involving an elemental tile removes both tiles; special tiles (dragon,
  lotus) capture or are captured by anything and only the captured tile goes.
- ``return`` ``{"tile": "boat" | "wheel", "returned": [{"owner": seat, "kind": flower}, ...]}``:
  your boat pushed (up to 3 tiles) or your wheel turned (up to the 8 around it) flowers
  into their opposite colour; those flowers go back to their owners as *returned* tiles,
  which may be placed again.
- ``pass`` ``{}``: nothing happens; your harmonies still count the turn.

Every turn move may also carry ``"broken": [harmony id, ...]`` (harmonies this turn
broke, anyone's) and ``"formed": [[kind, kind], ...]`` (harmonies of yours this turn made),
so a turn is entered in two or three taps. Order: the listed breaks, the tile change,
the automatic breaks (below), the new harmonies, then the turn ends and pays.

Moves that do not end a turn (any time while the game is on):

- ``harmony_formed`` ``{"tiles": [kind, kind]}``: by the harmony's owner (the host for
  them). Two flowers neighbouring on the ring, or a blooming White Lotus with a flower,
  both on the owner's board. The engine gives the harmony an ``id``.
- ``harmony_broken`` ``{"harmony": id}`` (or ``{"harmonies": [id, ...]}``): by anyone.
- ``knotweed_kill`` ``{"knotweed": seat, "killed": [{"owner": seat, "kind": kind}, ...]}``:
  by anyone: the tiles next to that player's Knotweed die (go to the Pot; up to 8 at
  once; any owner, even the Knotweed's own). The Knotweed stays.
- ``forfeit`` ``{}``: by a player still in the game, for themselves (the host for them).

Points and timers
=================

A harmony pays 1 point each time its owner completes a 3rd, 6th, 9th... turn since it
was formed, while it is intact. A harmony formed during its owner's turn counts that
turn's end as the first. Broken and remade is a new harmony with a new count. A harmony
whose tiles are no longer on the board (captured, returned) breaks by itself, newest
first when the tiles left cannot hold them all; so do lotus harmonies when the lotus
stops blooming.

The end
=======

- A player whose score reaches the target (setting ``target``, default 30; checked when
  their turn ends) wins.
- A player all of whose flower and special tiles (White Dragon, White Lotus: the rules'
  "Special Tiles") are in the Pot is out; so is a player who forfeits. When one player
  is left they win. With 2 players that ends the game at once; with 4 (one per port) the
  others play on. (Decision: the rules only say "any player can forfeit the game".)
- Turns go clockwise (seat order), seat 0 first, skipping players who are out.

The history is the table's log in words (:meth:`PaiSho.describe`); the state keeps only
game facts: tiles by place, the intact harmonies and the latest broken ones with the
turns they were formed and broken, the turn each point was scored in (for the final
chart of the score by turn).
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.game import Action, Game, Setting
from engine.paisho.news import told
from engine.moves import ANYONE, SEAT, TURN, Move, move_table
from engine.plain import clone
from engine.schema import Field, Int, ListOf, OneOf, Record, Text, fields
from engine.spec import MAX_NAME
from engine.paisho import queries as q
from engine.paisho import views
from engine.paisho.capture import CaptureContext, capture_allowed
from engine.paisho import mirror
from engine.paisho.board import Point, on_board
from engine.paisho.harmony import NEXT, REACHES, harmonies, pair_key, pair_refusal
from engine.paisho.tiles import (
    COPIES, FLOWERS, IMMOBILE, KINDS, available_to_place, counts, name, new_inventory, shift,
)

PLAYING = "playing"
OVER = "over"
TURN_KINDS = ("place", "move", "capture", "return", "pass")
HARMONY_KINDS = FLOWERS + ("lotus",)
RETURNERS = ("boat", "wheel")
MAX_SEATS = 4
MAX_PUSHED_BY_BOAT = 3
MAX_AROUND_WHEEL = 8
MAX_AROUND_KNOTWEED = 8
MAX_FORMED = 16
"""Harmonies recorded with one turn (a tile placed among its neighbours makes a few)."""
MAX_BROKEN = 32
"""Harmonies named broken at once (a wheel turning eight tiles breaks many)."""
MAX_HARMONY_ID = 1_000_000
KEPT_BROKEN = 6
"""Broken harmonies are forgotten but for the latest few (the table screen lists them)."""

END_TARGET = "target"
END_CAPTURED = "captured"
END_FORFEIT = "forfeit"


# -- payload schemas ---------------------------------------------------------------------

KIND = Text(20, choices=KINDS)
SEAT_NAMED = OneOf((Int(0, MAX_SEATS - 1, text=True), Text(MAX_NAME, blank=False)))
"""Another player: a seat number (0 to 3; a boolean is not one) or a player's name."""
HARMONY_ID = Int(1, MAX_HARMONY_ID, text=True)
POINT = ListOf(Int(-8, 8), 2, min_len=2)
"""A board point as ``[x, y]`` (CLARIFICATIONS: x and y from -8 to 8, x² + y² <= 80)."""


def _tiles_field(kinds: tuple[str, ...], label: str, owner_label: str, most: int,
                 kind_label: str) -> Field:
    item = Record({
        "owner": Field(SEAT_NAMED, owner_label),
        "kind": Field(Text(20, choices=kinds), kind_label, required=True),
    })
    return Field(ListOf(item, most, min_len=1), label, required=True)


TURN_EXTRAS = {
    "broken": Field(ListOf(HARMONY_ID, MAX_BROKEN), "The harmonies broken"),
    "formed": Field(ListOf(ListOf(Text(20, choices=HARMONY_KINDS), 2, min_len=2), MAX_FORMED),
                    "The harmonies formed"),
}


def _turn_payload(**specs: Field) -> Record:
    return fields(**specs, **TURN_EXTRAS)


# -- small helpers -----------------------------------------------------------------------

def _refuse(text: str) -> IllegalAction:
    """A refusal as a sentence (the rule helpers write their reasons in lower case)."""
    return IllegalAction(text[:1].upper() + text[1:])


def _seat(state: dict, raw: Any, missing: str) -> int:
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


def _seat_or_opponent(state: dict, actor: int | None, raw: Any) -> int:
    """The named seat; with 2 players, leaving it out means the opponent."""
    if raw is None and actor is not None and len(state["players"]) == 2:
        return 1 - actor
    return _seat(state, raw, "Say whose tile it was")


def _tile_list(state: dict, default_from: int | None, items: list) -> list[tuple[int, str]]:
    return [(_seat_or_opponent(state, default_from, item.get("owner")), item["kind"])
            for item in items]


def _check_on_board(state: dict, tiles: list[tuple[int, str]]) -> None:
    needed: dict[tuple[int, str], int] = {}
    for tile in tiles:
        needed[tile] = needed.get(tile, 0) + 1
    for (owner, kind), count in needed.items():
        there = q.on_board(state, owner, kind)
        if count > there:
            raise IllegalAction(
                f"{state['players'][owner]} has only {there} {name(kind)} on the board, not {count}")


def _to_pot(state: dict, owner: int, kind: str) -> None:
    shift(state["tiles"][owner], kind, "board", "pot")


def _find_harmony(state: dict, harmony_id: int) -> dict:
    """An intact harmony by its id, or why there is none."""
    for harmony in state["harmonies"]:
        if harmony["id"] == harmony_id:
            return harmony
    if 1 <= harmony_id < state["next_id"]:
        raise IllegalAction(f"Harmony {harmony_id} is already broken")
    raise IllegalAction(f"There is no harmony {harmony_id}")


def _break(state: dict, harmony: dict, by_itself: bool = False) -> None:
    """It stops counting: it leaves the intact harmonies for the latest broken ones."""
    state["harmonies"].remove(harmony)
    state["broken"].append({key: harmony[key] for key in ("id", "owner", "a", "b", "formed_turn")}
                           | {"broken_turn": state["turn"] + 1, "by_itself": by_itself})
    del state["broken"][:-KEPT_BROKEN]


def _finish(state: dict, winner: int | None, reason: str) -> None:
    state["over"] = True
    state["winner"] = winner
    state["end_reason"] = reason


# -- the rules -------------------------------------------------------------------------

def _break_listed(state: dict, ids: list[int]) -> None:
    for harmony_id in ids:
        _break(state, _find_harmony(state, harmony_id))


def _form(state: dict, owner: int, pair: list[str]) -> int:
    a, b = pair
    refusal = pair_refusal(a, b, q.is_blooming(state, owner))
    if refusal:
        raise _refuse(refusal)
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
    return _new_harmony(state, owner, a, b)


def _new_harmony(state: dict, owner: int, a: str, b: str, at: list | None = None) -> int:
    if state["next_id"] > MAX_HARMONY_ID:
        raise IllegalAction("This table has recorded as many harmonies as it can")
    harmony_id = state["next_id"]
    state["next_id"] += 1
    harmony = {"id": harmony_id, "owner": owner, "a": a, "b": b, "start": state["turns"][owner],
               "formed_turn": state["turn"] + 1, "points": 0}
    if at is not None:
        harmony["at"] = at
    state["harmonies"].append(harmony)
    return harmony_id


def _reconcile(state: dict) -> None:
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
        _break(state, harmony, by_itself=True)


def _advance(state: dict, after: int) -> None:
    n = len(state["players"])
    for step in range(1, n + 1):
        seat = (after + step) % n
        if state["out"][seat] is None:
            state["current"] = seat
            return


def _end_turn(state: dict, actor: int) -> None:
    state["turns"][actor] += 1
    state["turn"] += 1
    for harmony in q.intact_harmonies(state, actor):
        elapsed = q.turns_intact(state, harmony)
        if elapsed > 0 and elapsed % q.POINT_EVERY == 0:
            harmony["points"] += 1
            state["scores"][actor] += 1
            state["point_turns"][actor].append(state["turn"])
    if state["scores"][actor] >= state["target"]:
        _finish(state, actor, END_TARGET)
        return
    _advance(state, actor)


def _check_end(state: dict) -> None:
    if state["over"]:
        return
    captured_out = False
    for seat in q.active_seats(state):
        if q.all_flowers_and_special_captured(state, seat):
            state["out"][seat] = END_CAPTURED
            captured_out = True
            for harmony in q.intact_harmonies(state, seat):
                _break(state, harmony, by_itself=True)
    active = q.active_seats(state)
    if len(active) <= 1:
        # this move took the last opponent out: by capture, or else by a forfeit
        reason = END_CAPTURED if captured_out else END_FORFEIT
        _finish(state, active[0] if active else None, reason)
        return
    if state["out"][state["current"]] is not None:
        _advance(state, state["current"])


def _settle(state: dict) -> None:
    """After every move: who is out, whether the game ended, who blooms now."""
    _check_end(state)
    if _mirrored(state):
        _sync_harmonies(state, set())
    else:
        _reconcile(state)  # a forfeit or a player captured out can change who blooms


# -- turn moves ------------------------------------------------------------------------

def _place(state: dict, actor: int, payload: dict) -> None:
    kind = payload["tile"]
    inventory = state["tiles"][actor]
    if available_to_place(inventory, kind) == 0:
        where = counts(inventory, kind)
        raise IllegalAction(
            f"You have no {name(kind)} left to place: all {COPIES[kind]} are on the board "
            f"({where['board']}) or in the Pot ({where['pot']})")
    shift(inventory, kind, "hand" if counts(inventory, kind)["hand"] else "returned", "board")


def _move(state: dict, actor: int, payload: dict) -> None:
    kind = payload.get("tile")
    if kind is None:
        raise IllegalAction("Say which tile moved")
    if kind in IMMOBILE:
        raise IllegalAction(f"A {name(kind)} cannot move")
    if q.on_board(state, actor, kind) == 0:
        raise IllegalAction(f"You have no {name(kind)} on the board to move")


def _pass(state: dict, actor: int, payload: dict) -> None:
    return None


def _capture(state: dict, actor: int, payload: dict) -> None:
    capturer, captured = payload["tile"], payload["captured"]
    owner = _seat_or_opponent(state, actor, payload.get("owner"))
    context = CaptureContext(same_owner=owner == actor,
                             capturer_on_board=q.on_board(state, actor, capturer) > 0)
    ruling = capture_allowed(capturer, captured, context)
    if not ruling.allowed:
        raise _refuse(ruling.reason)
    if q.on_board(state, owner, captured) == 0:
        raise IllegalAction(
            f"{state['players'][owner]} has no {name(captured)} on the board to capture")
    _to_pot(state, owner, captured)
    if ruling.capturer_removed:
        _to_pot(state, actor, capturer)
    state["captured"][actor] += 1


def _return(state: dict, actor: int, payload: dict) -> None:
    tool = payload["tile"]
    if q.on_board(state, actor, tool) == 0:
        raise IllegalAction(f"You have no {name(tool)} on the board")
    victims = _tile_list(state, actor, payload["returned"])
    if tool == "boat" and len(victims) > MAX_PUSHED_BY_BOAT:
        raise IllegalAction(f"A Boat pushes at most {MAX_PUSHED_BY_BOAT} tiles")
    _check_on_board(state, victims)
    for owner, kind in victims:
        shift(state["tiles"][owner], kind, "board", "returned")


def _turn(do, on_board_too=None):
    """A turn move: the listed breaks, the tile change, the automatic breaks, the new
    harmonies, then the turn ends and pays. With the board on the phone, ``on_board_too``
    makes the move on the board and the harmonies are found, never listed."""
    def handler(state: dict, actor: int, payload: dict) -> None:
        if _mirrored(state):
            if payload.get("broken") or payload.get("formed"):
                raise IllegalAction(BOARD_FINDS)
            if on_board_too is None:
                raise IllegalAction(BOARD_FINDS)
            state["last"] = None
            on_board_too(state, actor, payload)
        else:
            _break_listed(state, payload.get("broken", []))
            do(state, actor, payload)
            _reconcile(state)
            for pair in payload.get("formed", []):
                _form(state, actor, pair)
        _end_turn(state, actor)
        _settle(state)
    handler.__name__ = do.__name__
    return handler


# -- the board on the phone (setting "board") ---------------------------------------------

BOARD_FINDS = ("This table keeps the board: the app finds harmonies, captures, returns and "
               "Knotweed deaths itself")


def _mirrored(state: dict) -> bool:
    return state.get("board") is not None


def _point(raw: Any, what: str) -> Point:
    if raw is None:
        raise IllegalAction(f"Say {what} (a point of the board, [x, y])")
    point = (raw[0], raw[1])
    if not on_board(point):
        raise IllegalAction(f"The point {point[0]},{point[1]} is off the board")
    return point


def _board_place(state: dict, actor: int, payload: dict) -> None:
    kind, at = payload["tile"], _point(payload.get("at"), "where the tile goes")
    board = mirror.board_of(state["board"])
    refusal = mirror.place_refusal(board, actor, len(state["players"]), kind, at)
    if refusal:
        raise IllegalAction(refusal)
    _place(state, actor, payload)
    after, outcome = mirror.place(board, actor, kind, at)
    _after_board_move(state, actor, after, outcome, {"kind": "place", "tile": kind, "to": list(at)})


def _own_tile(state: dict, actor: int, at: Point) -> mirror.Tile:
    tile = mirror.board_of(state["board"]).get(at)
    if tile is None:
        raise IllegalAction(f"There is no tile on {at[0]},{at[1]}")
    if tile.owner != actor:
        raise IllegalAction(f"The {name(tile.kind)} on {at[0]},{at[1]} is "
                            f"{state['players'][tile.owner]}'s, not yours")
    return tile


def _board_move(state: dict, actor: int, payload: dict) -> None:
    at = _point(payload.get("from"), "which tile moves (from)")
    to = _point(payload.get("to"), "where it goes (to)")
    tile = _own_tile(state, actor, at)
    board = mirror.board_of(state["board"])
    refusal = mirror.move_refusal(board, at, to)
    if refusal:
        raise IllegalAction(refusal)
    after, outcome = mirror.move(board, at, to)
    _after_board_move(state, actor, after, outcome,
                      {"kind": "move", "tile": tile.kind, "from": list(at), "to": list(to)})


def _boat(state: dict, actor: int, payload: dict) -> None:
    at = _point(payload.get("from"), "which Boat moves (from)")
    if _own_tile(state, actor, at).kind != "boat":
        raise IllegalAction(f"There is no Boat of yours on {at[0]},{at[1]}")
    _board_move(state, actor, payload)


def _wheel_turn(state: dict, actor: int, payload: dict) -> None:
    at = _point(payload.get("at"), "which Wheel turns")
    _own_tile(state, actor, at)
    board = mirror.board_of(state["board"])
    refusal = mirror.turn_refusal(board, at, payload["steps"])
    if refusal:
        raise IllegalAction(refusal)
    after, outcome = mirror.turn(board, at, payload["steps"])
    _after_board_move(state, actor, after, outcome,
                      {"kind": "wheel_turn", "tile": "wheel", "to": list(at), "steps": payload["steps"]})


def _board_pass(state: dict, actor: int, payload: dict) -> None:
    state["last"] = {"kind": "pass", "seat": actor}


def _after_board_move(state: dict, actor: int, after: dict, outcome: mirror.Outcome,
                      last: dict) -> None:
    """The tiles' places follow the board; captures count; the harmonies are found again."""
    for _point_at, tile in outcome.captured:
        _to_pot(state, tile.owner, tile.kind)
        state["captured"][actor] += 1
    for _point_at, tile in outcome.lost + outcome.killed:
        _to_pot(state, tile.owner, tile.kind)
    for _point_at, tile in outcome.returned:
        shift(state["tiles"][tile.owner], tile.kind, "board", "returned")
    state["board"] = mirror.stored(after)
    state["last"] = {**last, "seat": actor, "captured": _tiles_said(outcome.captured),
                     "lost": _tiles_said(outcome.lost), "returned": _tiles_said(outcome.returned),
                     "killed": _tiles_said(outcome.killed)}
    touched = {p for move in outcome.moved for p in move} | {p for p, _ in outcome.captured}
    touched |= {p for p, _ in outcome.lost + outcome.killed + outcome.returned}
    _sync_harmonies(state, touched)


def _tiles_said(tiles: list) -> list[dict]:
    return [{"at": list(point), "owner": tile.owner, "kind": tile.kind} for point, tile in tiles]


def _sync_harmonies(state: dict, touched: set) -> None:
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
            _break(state, harmony)
    for points, harmony in sorted(found.items()):
        if state["out"][harmony.owner] is None:
            _new_harmony(state, harmony.owner, *harmony.tiles, at=[list(p) for p in points])


def _can_place(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is not None and not any(available_to_place(state["tiles"][seat], k) for k in KINDS):
        return "You have no tile left to place"
    if seat is not None and _mirrored(state) and not q.can_place_on_board(state, seat):
        return "None of your tiles has an empty point to start on"
    return None


def _can_move(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is not None and not q.movable(state, seat):
        return "You have no tile on the board that can move"
    if seat is not None and _mirrored(state) and not q.can_move_on_board(state, seat):
        return "None of your tiles on the board can move"
    return None


def _can_boat(state: dict, seat: int | None, host: bool) -> str | None:
    if not _mirrored(state):
        return "This table records moves without the board"
    if seat is not None and not q.can_move_on_board(state, seat, ("boat",)):
        return "You have no Boat on the board that can move"
    return None


def _can_turn(state: dict, seat: int | None, host: bool) -> str | None:
    if not _mirrored(state):
        return "This table records moves without the board"
    if seat is not None and not q.wheel_turns(state, seat):
        return "You have no Wheel on the board that can turn"
    return None


def _score_keeper(handler):
    """The handler of a score keeper's move, refused on a table that keeps the board."""
    def checked(state: dict, seat: int | None, payload: dict) -> None:
        if _mirrored(state):
            raise IllegalAction(BOARD_FINDS)
        handler(state, seat, payload)
    checked.__name__ = handler.__name__
    return checked


def _score_keeping(when):
    """A move of the score keeper only: with the board on the phone the app finds it."""
    def check(state: dict, seat: int | None, host: bool) -> str | None:
        return BOARD_FINDS if _mirrored(state) else when(state, seat, host)
    return check


def _can_capture(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is not None and not q.can_capture(state, seat):
        return "You have no capture to make: none of your tiles on the board can take a tile there"
    return None


def _can_return(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is None:
        return None
    if not any(q.on_board(state, seat, tool) for tool in RETURNERS):
        return "You have no Boat or Wheel on the board"
    if not q.has_flower_on_board(state):
        return "There is no flower on the board to return"
    return None


# -- moves outside the turn ------------------------------------------------------------

def _in_game(state: dict, seat: int | None) -> str | None:
    if seat is not None and state["out"][seat] is not None:
        return f"{state['players'][seat]} is out of the game"
    return None


def _can_form(state: dict, seat: int | None, host: bool) -> str | None:
    reason = _in_game(state, seat)
    if reason or seat is None:
        return reason
    if not q.harmony_choices(state, seat, first=True):
        return _no_new_harmony(state, seat)
    return None


def _no_new_harmony(state: dict, seat: int) -> str:
    """Why ``seat`` has no harmony to record: a White Lotus that would harmonise with a
    flower on the board if it bloomed says so (the rule's own sentence, the one a
    lotus harmony gets when another pair keeps the move open)."""
    board = state["tiles"][seat]["board"]
    flower = next((k for k in FLOWERS if board.get(k)), None)
    if board.get("lotus") and flower is not None and not q.is_blooming(state, seat):
        text = pair_refusal("lotus", flower, lotus_blooming=False)
        return text[:1].upper() + text[1:]
    return (f"{state['players'][seat]} has no two tiles on the board that could "
            "form a new harmony")


def _harmony_formed(state: dict, owner: int, payload: dict) -> None:
    _form(state, owner, payload["tiles"])
    _settle(state)


def _can_break(state: dict, seat: int | None, host: bool) -> str | None:
    if not state["harmonies"]:
        return "No harmony is intact"
    return None


def _harmony_broken(state: dict, seat: int | None, payload: dict) -> None:
    ids = list(payload.get("harmonies", []))
    if "harmony" in payload:
        ids.insert(0, payload["harmony"])
    if not ids:
        raise IllegalAction("Say which harmony was broken")
    _break_listed(state, ids)
    _settle(state)


def _can_kill(state: dict, seat: int | None, host: bool) -> str | None:
    if not q.can_kill(state):
        return "No Knotweed on the board has a tile to kill"
    return None


def _knotweed_kill(state: dict, seat: int | None, payload: dict) -> None:
    killer = _seat(state, payload["knotweed"], "Say whose Knotweed it is")
    if q.on_board(state, killer, "knotweed") == 0:
        raise IllegalAction(f"{state['players'][killer]} has no Knotweed on the board")
    victims = _tile_list(state, killer, payload["killed"])
    if sum(1 for tile in victims if tile == (killer, "knotweed")) >= \
            q.on_board(state, killer, "knotweed"):
        raise IllegalAction("A Knotweed does not kill itself")
    _check_on_board(state, victims)
    for owner, kind in victims:
        _to_pot(state, owner, kind)
        if owner != killer:
            state["captured"][killer] += 1
    _reconcile(state)
    _settle(state)


def _can_forfeit(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is not None and state["out"][seat] is not None:
        return f"{state['players'][seat]} is already out of the game"
    return None


def _forfeit(state: dict, seat: int, payload: dict) -> None:
    state["out"][seat] = END_FORFEIT
    _settle(state)


class PaiSho(Game):
    id = "paisho"
    title = "Pai Sho (Frank's rules)"
    min_players = 2
    max_players = 4
    settings = (
        Setting("target", "Harmony points to win", 30, kind="int", minimum=1, maximum=999,
                help="The first player to reach this score (checked at the end of their turn) wins."),
        Setting("board", "Board on the phone", True, kind="bool",
                help="The app keeps the board: tap a tile, then a point; it finds harmonies, "
                     "captures, returns and Knotweed deaths itself. Off: players record them."),
        Setting("harmony_reach", "Harmony reach", NEXT, kind="choice", choices=REACHES,
                help="next: two flowers next to each other (only non-blooming White Lotuses "
                     "may stand between); line: anywhere on one line with only empty points "
                     "between (Skud Pai Sho)."),
    )
    phase_labels = {PLAYING: "the game", OVER: "the end of the game"}
    _said: tuple | None = None
    rules_summary = (
        "The board stays on the table: on your turn, record what you did (place, move, "
        "capture, return with a Boat or Wheel, or pass) and any harmony formed or broken.",
        "Captures: a flower takes only its opposite (Jasmine/Rose, Lily/Chrysanthemum, "
        "White Jade/Rhododendron); a capture with an elemental tile (Knotweed, Boat, Wheel, "
        "Rock) sends both tiles to the Pot; the White Dragon and White Lotus capture and are "
        "captured by anything, and only the captured tile goes.",
        "Harmonies: two flowers next to each other on the harmony ring (Rose, Chrysanthemum, "
        "Rhododendron, Jasmine, Lily, White Jade), or a blooming White Lotus with a flower.",
        "A harmony pays 1 point for every 3 of its owner's turns it stays intact; broken and "
        "remade, it counts again from the start.",
        "The White Lotus blooms for the player who has captured fewer tiles than every opponent.",
        "Anyone records a harmony broken or a Knotweed's kill at any time; a player may forfeit "
        "at any time.",
        "The game ends when a player reaches the target score, or when the last opponent is out "
        "(every flower and special tile in the Pot, or a forfeit).",
    )
    moves = move_table(
        Move("place", _turn(_place, _board_place), who=TURN, phases=(PLAYING,), when=_can_place,
             label="Place a tile", payload=_turn_payload(
                 tile=Field(KIND, "The tile", required=True),
                 at=Field(POINT, "Where it goes"))),
        Move("move", _turn(_move, _board_move), who=TURN, phases=(PLAYING,), when=_can_move,
             label="Move a tile", payload=_turn_payload(
                 tile=Field(KIND, "The tile"),
                 **{"from": Field(POINT, "Where the tile is"), "to": Field(POINT, "Where it goes")})),
        Move("boat", _turn(_move, _boat), who=TURN, phases=(PLAYING,), when=_can_boat,
             label="Move a Boat", payload=fields(
                 **{"from": Field(POINT, "Where the Boat is", required=True),
                    "to": Field(POINT, "Where it goes", required=True)})),
        Move("wheel_turn", _turn(_move, _wheel_turn), who=TURN, phases=(PLAYING,), when=_can_turn,
             label="Turn a Wheel", payload=fields(
                 at=Field(POINT, "Where the Wheel is", required=True),
                 steps=Field(Int(1, 7, text=True), "Places clockwise", required=True))),
        Move("capture", _turn(_capture), who=TURN, phases=(PLAYING,), when=_score_keeping(_can_capture),
             label="Capture", payload=_turn_payload(
                 tile=Field(KIND, "The capturing tile", required=True),
                 captured=Field(KIND, "The captured tile", required=True),
                 owner=Field(SEAT_NAMED, "The captured tile's owner"))),
        Move("return", _turn(_return), who=TURN, phases=(PLAYING,), when=_score_keeping(_can_return),
             label="Return flowers", payload=_turn_payload(
                 tile=Field(Text(20, choices=RETURNERS), "The returning tile", required=True),
                 returned=_tiles_field(FLOWERS, "The returned flowers", "A returned flower's owner",
                                       MAX_AROUND_WHEEL, "A returned flower"))),
        Move("pass", _turn(_pass, _board_pass), who=TURN, phases=(PLAYING,), label="Pass",
             payload=_turn_payload()),
        Move("harmony_formed", _score_keeper(_harmony_formed), who=SEAT, phases=(PLAYING,),
             when=_score_keeping(_can_form), label="Record a harmony", payload=fields(
                 tiles=Field(ListOf(Text(20, choices=HARMONY_KINDS), 2, min_len=2),
                             "The harmony's two tiles", required=True))),
        Move("harmony_broken", _score_keeper(_harmony_broken), who=ANYONE, phases=(PLAYING,),
             when=_score_keeping(_can_break), label="Record a broken harmony", payload=fields(
                 harmony=Field(HARMONY_ID, "The harmony"),
                 harmonies=Field(ListOf(HARMONY_ID, MAX_BROKEN, min_len=1), "The harmonies"))),
        Move("knotweed_kill", _score_keeper(_knotweed_kill), who=ANYONE, phases=(PLAYING,),
             when=_score_keeping(_can_kill), label="Record a Knotweed kill", payload=fields(
                 knotweed=Field(SEAT_NAMED, "The Knotweed's owner", required=True),
                 killed=_tiles_field(KINDS, "The killed tiles", "A killed tile's owner",
                                     MAX_AROUND_KNOTWEED, "A killed tile"))),
        Move("forfeit", _forfeit, who=SEAT, phases=(PLAYING,), when=_can_forfeit,
             label="Forfeit"),
    )

    def check_players(self, players: list[str]) -> None:
        if len(players) not in (2, 4):
            raise IllegalAction(f"Pai Sho is for 2 players, or 4 (one per port), not {len(players)}")

    def setup(self, players: list[str], settings: dict) -> dict:
        self.check_players(list(players))
        settings = dict(settings or {})
        target = settings.get("target", 30)
        n = len(players)
        mirrored = {"board": {}, "reach": settings.get("harmony_reach", NEXT), "last": None} \
            if settings.get("board") else {}
        return {
            **mirrored,
            "players": list(players),
            "target": int(target),
            "tiles": [new_inventory() for _ in range(n)],
            "captured": [0] * n,
            "scores": [0] * n,
            "turns": [0] * n,
            "turn": 0,
            "current": 0,
            "harmonies": [],
            "broken": [],
            "next_id": 1,
            "out": [None] * n,
            "over": False,
            "winner": None,
            "end_reason": None,
            "point_turns": [[] for _ in range(n)],  # per seat: the turn of each point scored
        }

    # -- where the game stands ------------------------------------------------------
    def phase(self, state: dict) -> str:
        return OVER if state["over"] else PLAYING

    def to_act(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def is_over(self, state: dict) -> bool:
        return state["over"]

    # -- views ------------------------------------------------------------------------
    def public(self, state: dict) -> dict:
        return views.public(state)

    def private(self, state: dict, seat: int) -> dict | None:
        if not (isinstance(seat, int) and 0 <= seat < len(state["players"])):
            return None
        return views.private(state, seat)

    def result(self, state: dict) -> dict | None:
        return views.result(state) if state["over"] else None

    def tells(self, before: dict, action: Action, after: dict, seat: int) -> str | None:
        return told(self, before, after, seat)

    def history_line(self, state: dict, action: Action, viewer: int | None, after: dict | None = None) -> str:
        """Everything is public: the same words for every viewer, so the last answer is
        kept for the next viewer of the same state and action (the hub and the history
        ask once per viewer)."""
        said = self._said
        if said is not None and said[0] is state and said[1] == action:
            return said[2]
        try:
            text = self._words(state, action)
        except Exception:
            return super().history_line(state, action, viewer)
        try:
            text += self._aftermath(state, action)
        except Exception:
            pass
        self._said = (state, action, text)
        return text

    # -- words ------------------------------------------------------------------------
    def _words(self, state: dict, action: Action) -> str:
        names = state["players"]
        p = action.payload
        kind = action.kind
        seat = action.seat
        if kind in TURN_KINDS and seat is None:
            seat = state["current"]
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The host"
        if kind == "place":
            text = f"{who} placed a {name(p['tile'])}" + (f" on {_said_point(p['at'])}" if "at" in p else "")
        elif kind in ("move", "boat") and "from" in p:
            tile = state["board"][mirror.key(tuple(p["from"]))][1]
            text = f"{who} moved a {name(tile)} from {_said_point(p['from'])} to {_said_point(p['to'])}"
        elif kind == "wheel_turn":
            steps = p["steps"]
            text = f"{who} turned the Wheel on {_said_point(p['at'])} {steps} place{'s' if steps != 1 else ''} clockwise"
        elif kind == "move":
            text = f"{who} moved a {name(p['tile'])}"
        elif kind == "pass":
            text = f"{who} passed"
        elif kind == "capture":
            capturer, captured = p["tile"], p["captured"]
            owner = _seat_or_opponent(state, seat, p.get("owner"))
            ruling = capture_allowed(capturer, captured, CaptureContext())
            text = f"{who}'s {name(capturer)} captured {names[owner]}'s {name(captured)}"
            if ruling.capturer_removed:
                text += " (both went to the Pot)"
        elif kind == "return":
            tiles = _tile_list(state, seat, p["returned"])
            listed = ", ".join(f"{names[o]}'s {name(k)}" for o, k in tiles)
            text = f"{who}'s {name(p['tile'])} returned {listed}"
        elif kind == "harmony_formed":
            a, b = p["tiles"]
            return f"{who} formed a harmony: {name(a)} + {name(b)}"
        elif kind == "harmony_broken":
            ids = list(p.get("harmonies", []))
            if "harmony" in p:
                ids.insert(0, p["harmony"])
            if not ids:
                raise KeyError("harmony")
            text = "; ".join(f"{views.harmony_text(state, _find_harmony(state, i))} was broken"
                             for i in ids)
            return text[:1].upper() + text[1:]
        elif kind == "knotweed_kill":
            killer = _seat(state, p["knotweed"], "")
            tiles = _tile_list(state, killer, p["killed"])
            listed = ", ".join(f"{names[o]}'s {name(k)}" for o, k in tiles)
            return f"{names[killer]}'s Knotweed killed {listed}"
        elif kind == "forfeit":
            return f"{who} forfeited"
        else:
            raise KeyError(kind)
        extras = [f"broke {views.harmony_text(state, _find_harmony(state, i))}"
                  for i in p.get("broken", [])]
        extras += [f"formed a harmony: {name(a)} + {name(b)}" for a, b in p.get("formed", [])]
        return "; ".join([text] + extras)

    def _aftermath(self, state: dict, action: Action) -> str:
        """What the move did by itself, from the state before it (never changed): the
        harmonies that broke because their tiles went, who went out, who won."""
        move = self.moves[action.kind]
        seat = action.seat
        if action.kind in TURN_KINDS and seat is None:
            seat = state["current"]
        after = clone(state)
        move.handler(after, seat, move.payload.check(action.payload))
        names = state["players"]
        notes = []
        p = action.payload
        named = {*p.get("broken", []), *p.get("harmonies", []), p.get("harmony")}
        still = {h["id"] for h in after["harmonies"]}
        notes += _board_notes(names, after.get("last"))
        how = "was broken" if _mirrored(state) else "broke by itself"
        for harmony in state["harmonies"]:
            if harmony["id"] not in still and harmony["id"] not in named:
                notes.append(f"{views.harmony_text(state, harmony)} {how}")
        if _mirrored(state):
            known = {h["id"] for h in state["harmonies"]}
            notes += [f"{views.harmony_text(after, h)} formed" for h in after["harmonies"]
                      if h["id"] not in known]
        for s, out in enumerate(after["out"]):
            if out == END_CAPTURED and state["out"][s] is None:
                notes.append(f"{names[s]} is out: every flower and special tile is in the Pot")
        if after["over"]:
            winner = after["winner"]
            notes.append("the game is over" if winner is None else f"{names[winner]} wins")
        return "".join(f"; {note}" for note in notes)


def _said_point(point: list) -> str:
    return f"{point[0]},{point[1]}"


def _board_notes(names: list[str], last: dict | None) -> list[str]:
    """What a move on the board did besides moving: captures, returns, deaths."""
    if not last:
        return []
    def listed(key: str) -> str:
        return ", ".join(f"{names[t['owner']]}'s {name(t['kind'])}" for t in last.get(key, []))
    notes = []
    if last.get("captured"):
        notes.append(f"captured {listed('captured')}" + (" (both went to the Pot)" if last.get("lost") else ""))
    if last.get("returned"):
        notes.append(f"{listed('returned')} went back to the hand")
    if last.get("killed"):
        notes.append(f"the Knotweed killed {listed('killed')}")
    return notes


GAME = PaiSho()
