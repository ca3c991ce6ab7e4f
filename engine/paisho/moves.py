"""Pai Sho's moves, each declared with its handler, its check and its words side by side.

Tiles are named by kind: ``jasmine``, ``lily``, ``jade``, ``rose``, ``chrysanthemum``,
``rhododendron``, ``knotweed``, ``boat``, ``wheel``, ``rock``, ``dragon``, ``lotus``. A
payload names another player (whose tile, whose Knotweed) by seat number (0 to 3) or by
name; where the owner may be left out, a 2-player game means "the opponent". The player
who makes a move is the action's seat: the host enters for a player by sending the move
with that seat (the table's rule for every game), never with a payload key.

Turn moves -- the player whose turn it is (the host for them; the host's move with no
seat is for the player to act). Each one ends the turn. With the board on the phone
(setting ``board``) a move names its points and the app finds what it captured, returned
and killed and the harmonies it formed and broke; without it, players record them:

- ``place`` ``{"tile": kind, "at": [x, y]}``: put a tile from hand (or one returned
  earlier) on the board.
- ``move`` ``{"from": [x, y], "to": [x, y]}`` (a capture is a move onto a tile); without
  the board ``{"tile": kind}``: move one of your tiles, or use its ability without a
  capture or return. Knotweed and rock cannot move.
- ``boat`` ``{"from", "to"}`` (with its push) and ``wheel_turn`` ``{"at", "steps"}``: the
  board's only.
- ``capture`` ``{"tile": capturer kind, "captured": kind, "owner": seat}``: without the
  board, your tile landed on that player's tile. Checked by
  :func:`engine.paisho.capture.capture_allowed`: flowers take only their opposite;
  a capture involving an elemental tile removes both tiles; special tiles (dragon,
  lotus) capture or are captured by anything and only the captured tile goes.
- ``return`` ``{"tile": "boat" | "wheel", "returned": [{"owner": seat, "kind": flower}, ...]}``:
  without the board, your boat pushed (up to 3 tiles) or your wheel turned (up to the 8
  around it) flowers into their opposite colour; those flowers go back to their owners as
  *returned* tiles, which may be placed again.
- ``pass`` ``{}``: nothing happens; your harmonies still count the turn.

Without the board every turn move may also carry ``"broken": [harmony id, ...]``
(harmonies this turn broke, anyone's) and ``"formed": [[kind, kind], ...]`` (harmonies of
yours this turn made), so a turn is entered in two or three taps. Order: the listed
breaks, the tile change, the automatic breaks, the new harmonies, then the turn ends and
pays (:func:`engine.paisho.rules.turn`).

Moves that do not end a turn (any time while the game is on; the first three without
the board only):

- ``harmony_formed`` ``{"tiles": [kind, kind]}``: by the harmony's owner (the host for
  them). Two flowers neighbouring on the ring, or a blooming White Lotus with a flower,
  both on the owner's board. The engine gives the harmony an ``id``.
- ``harmony_broken`` ``{"harmony": id}`` (or ``{"harmonies": [id, ...]}``): by anyone.
- ``knotweed_kill`` ``{"knotweed": seat, "killed": [{"owner": seat, "kind": kind}, ...]}``:
  by anyone: the tiles next to that player's Knotweed die (go to the Pot; up to 8 at
  once; any owner, even the Knotweed's own). The Knotweed stays.
- ``forfeit`` ``{}``: by a player still in the game, for themselves (the host for them).

Words: everything at a Pai Sho table is in plain sight, so a move says the same line to
every viewer: what it did (its own words below), then what came of it (captures, returns,
deaths, harmonies, who is out, who won: :mod:`engine.paisho.aftermath`). A seat the move
concerns also hears its news: a tile of theirs captured, an opponent's point, a harmony of
theirs broken in another player's turn, their White Lotus blooming.
"""

from __future__ import annotations

from typing import Callable

from engine.errors import IllegalAction
from engine.game import Action
from engine.moves import ANYONE, SEAT, TURN, Move, Said, Words, move_table
from engine.paisho import aftermath, mirror
from engine.paisho import queries as q
from engine.paisho.capture import CaptureContext, capture_allowed
from engine.paisho.harmony import pair_refusal
from engine.paisho.rules import (
    PLAYING, after_board_move, break_listed, check_on_board, count_capture, find_harmony,
    form, mirrored, own_tile, point, refuse, score_keeper, score_keeping, seat_of,
    seat_or_opponent, settle, tile_list, tiles_said, to_pot, turn,
)
from engine.paisho.tiles import COPIES, FLOWERS, IMMOBILE, KINDS, available_to_place, counts, name, shift
from engine.paisho.views import harmony_text, pair_text
from engine.schema import Field, Int, ListOf, OneOf, Record, Text, fields
from engine.spec import MAX_NAME

TURN_KINDS = ("place", "move", "boat", "wheel_turn", "capture", "return", "pass")
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


# -- payload shapes ------------------------------------------------------------------------

KIND = Text(20, choices=KINDS)
SEAT_NAMED = OneOf((Int(0, MAX_SEATS - 1, text=True), Text(MAX_NAME, blank=False)))
"""Another player: a seat number (0 to 3; a boolean is not one) or a player's name."""
HARMONY_ID = Int(1, 1_000_000, text=True)
POINT = ListOf(Int(-8, 8), 2, min_len=2)
"""A board point as ``[x, y]`` (CLARIFICATIONS: x and y from -8 to 8, x² + y² <= 80)."""
PAIR = ListOf(Text(20, choices=HARMONY_KINDS), 2, min_len=2)


def _tiles_field(kinds: tuple[str, ...], label: str, owner_label: str, most: int,
                 kind_label: str) -> Field:
    item = Record({
        "owner": Field(SEAT_NAMED, owner_label),
        "kind": Field(Text(20, choices=kinds), kind_label, required=True),
    })
    return Field(ListOf(item, most, min_len=1), label, required=True)


def _turn_payload(**specs: Field) -> Record:
    return fields(**specs,
                  broken=Field(ListOf(HARMONY_ID, MAX_BROKEN), "The harmonies broken"),
                  formed=Field(ListOf(PAIR, MAX_FORMED), "The harmonies formed"))


# -- what the moves share: their words, a turn move's check --------------------------------

Line = Callable[[dict, Action, dict], str]
"""``line(before, action, after)``: what the move itself did, in words."""


def _said(line: Line) -> Words:
    """A move's words: its own ``line``, then what came of it; to a seat it concerns,
    its news too."""
    def words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
        p = action.payload
        named = {*p.get("broken", []), *p.get("harmonies", []), p.get("harmony")}
        board = mirrored(before)
        said = [line(before, action, after)]
        if action.kind in TURN_KINDS:
            said += [f"broke {harmony_text(before, find_harmony(before, i))}" for i in p.get("broken", [])]
            said += [f"formed a harmony: {pair_text(pair)}" for pair in p.get("formed", [])]
            said += _board_notes(after) if board else []
        said += aftermath.notes(after, named, board)
        return Said("; ".join(said), None if viewer is None else aftermath.news(after, viewer))
    return words


def _who(before: dict, action: Action) -> str:
    """The mover's name (a turn move the host sent with no seat is the player to act's)."""
    names = before["players"]
    seat = _actor(before, action)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The host"


def _actor(before: dict, action: Action) -> int | None:
    return before["current"] if action.kind in TURN_KINDS and action.seat is None else action.seat


def _board_notes(after: dict) -> list[str]:
    """What a move on the board did besides moving (its ``last``): captures, returns, deaths."""
    last = after.get("last")
    if not last:
        return []

    def listed(key: str) -> str:
        return tiles_said(after, [(t["owner"], t["kind"]) for t in last.get(key, [])])
    notes = []
    if last.get("captured"):
        notes.append(f"captured {listed('captured')}" + (" (both went to the Pot)" if last.get("lost") else ""))
    if last.get("returned"):
        notes.append(f"{listed('returned')} went back to the hand")
    if last.get("killed"):
        notes.append(f"the Knotweed killed {listed('killed')}")
    return notes


def _at(point_: list) -> str:
    return f"{point_[0]},{point_[1]}"


def _first_missing(seat: int | None, needs: tuple) -> str | None:
    """Why ``seat`` cannot make a turn move now: the words of the first of its ``needs``
    (``(check, why not)``, checked in order, each only if the ones before it hold). The
    host's device with no seat may always try: the move's own check answers then."""
    if seat is None:
        return None
    return next((why for holds, why in needs if not holds()), None)


# -- place ---------------------------------------------------------------------------------

def _place(state: dict, actor: int, payload: dict) -> None:
    kind = payload["tile"]
    inventory = state["tiles"][actor]
    if available_to_place(inventory, kind) == 0:
        where = counts(inventory, kind)
        raise IllegalAction(
            f"You have no {name(kind)} left to place: all {COPIES[kind]} are on the board "
            f"({where['board']}) or in the Pot ({where['pot']})")
    shift(inventory, kind, "hand" if counts(inventory, kind)["hand"] else "returned", "board")


def _board_place(state: dict, actor: int, payload: dict) -> None:
    kind, at = payload["tile"], point(payload.get("at"), "where the tile goes")
    board = mirror.board_of(state["board"])
    refusal = mirror.place_refusal(board, actor, len(state["players"]), kind, at)
    if refusal:
        raise IllegalAction(refusal)
    _place(state, actor, payload)
    after, outcome = mirror.place(board, actor, kind, at)
    after_board_move(state, actor, after, outcome, {"kind": "place", "tile": kind, "to": list(at)})


def _can_place(state: dict, seat: int | None, host: bool) -> str | None:
    return _first_missing(seat, (
        (lambda: any(available_to_place(state["tiles"][seat], k) for k in KINDS),
         "You have no tile left to place"),
        (lambda: not mirrored(state) or q.can_place_on_board(state, seat),
         "None of your tiles has an empty point to start on")))


def _placed(before: dict, action: Action, after: dict) -> str:
    p = action.payload
    return f"{_who(before, action)} placed a {name(p['tile'])}" + (f" on {_at(p['at'])}" if "at" in p else "")


PLACE = Move("place", turn(_place, _board_place), who=TURN, phases=(PLAYING,), when=_can_place,
             label="Place a tile", words=_said(_placed), payload=_turn_payload(
                 tile=Field(KIND, "The tile", required=True),
                 at=Field(POINT, "Where it goes")))


# -- move (and the Boat, the Wheel) --------------------------------------------------------

def _move(state: dict, actor: int, payload: dict) -> None:
    kind = payload.get("tile")
    if kind is None:
        raise IllegalAction("Say which tile moved")
    if kind in IMMOBILE:
        raise IllegalAction(f"A {name(kind)} cannot move")
    if q.on_board(state, actor, kind) == 0:
        raise IllegalAction(f"You have no {name(kind)} on the board to move")


def _board_move(state: dict, actor: int, payload: dict) -> None:
    at = point(payload.get("from"), "which tile moves (from)")
    to = point(payload.get("to"), "where it goes (to)")
    tile = own_tile(state, actor, at)
    board = mirror.board_of(state["board"])
    refusal = mirror.move_refusal(board, at, to)
    if refusal:
        raise IllegalAction(refusal)
    after, outcome = mirror.move(board, at, to)
    after_board_move(state, actor, after, outcome,
                     {"kind": "move", "tile": tile.kind, "from": list(at), "to": list(to)})


def _can_move(state: dict, seat: int | None, host: bool) -> str | None:
    return _first_missing(seat, (
        (lambda: q.movable(state, seat), "You have no tile on the board that can move"),
        (lambda: not mirrored(state) or q.can_move_on_board(state, seat),
         "None of your tiles on the board can move")))


def _moved(before: dict, action: Action, after: dict) -> str:
    p = action.payload
    if "from" not in p:
        return f"{_who(before, action)} moved a {name(p['tile'])}"
    tile = before["board"][mirror.key(tuple(p["from"]))][1]
    return f"{_who(before, action)} moved a {name(tile)} from {_at(p['from'])} to {_at(p['to'])}"


MOVE = Move("move", turn(_move, _board_move), who=TURN, phases=(PLAYING,), when=_can_move,
            label="Move a tile", words=_said(_moved), payload=_turn_payload(
                tile=Field(KIND, "The tile"),
                **{"from": Field(POINT, "Where the tile is"), "to": Field(POINT, "Where it goes")}))


def _boat(state: dict, actor: int, payload: dict) -> None:
    at = point(payload.get("from"), "which Boat moves (from)")
    if own_tile(state, actor, at).kind != "boat":
        raise IllegalAction(f"There is no Boat of yours on {at[0]},{at[1]}")
    _board_move(state, actor, payload)


def _can_boat(state: dict, seat: int | None, host: bool) -> str | None:
    if not mirrored(state):
        return "This table records moves without the board"
    if seat is not None and not q.can_move_on_board(state, seat, ("boat",)):
        return "You have no Boat on the board that can move"
    return None


BOAT = Move("boat", turn(_move, _boat), who=TURN, phases=(PLAYING,), when=_can_boat,
            label="Move a Boat", words=_said(_moved), payload=fields(
                **{"from": Field(POINT, "Where the Boat is", required=True),
                   "to": Field(POINT, "Where it goes", required=True)}))


def _wheel_turn(state: dict, actor: int, payload: dict) -> None:
    at = point(payload.get("at"), "which Wheel turns")
    own_tile(state, actor, at)
    board = mirror.board_of(state["board"])
    refusal = mirror.turn_refusal(board, at, payload["steps"])
    if refusal:
        raise IllegalAction(refusal)
    after, outcome = mirror.turn(board, at, payload["steps"])
    after_board_move(state, actor, after, outcome,
                     {"kind": "wheel_turn", "tile": "wheel", "to": list(at), "steps": payload["steps"]})


def _can_turn(state: dict, seat: int | None, host: bool) -> str | None:
    if not mirrored(state):
        return "This table records moves without the board"
    if seat is not None and not q.wheel_turns(state, seat):
        return "You have no Wheel on the board that can turn"
    return None


def _turned(before: dict, action: Action, after: dict) -> str:
    steps = action.payload["steps"]
    return (f"{_who(before, action)} turned the Wheel on {_at(action.payload['at'])} "
            f"{steps} place{'s' if steps != 1 else ''} clockwise")


WHEEL_TURN = Move("wheel_turn", turn(_move, _wheel_turn), who=TURN, phases=(PLAYING,), when=_can_turn,
                  label="Turn a Wheel", words=_said(_turned), payload=fields(
                      at=Field(POINT, "Where the Wheel is", required=True),
                      steps=Field(Int(1, 7, text=True), "Places clockwise", required=True)))


# -- capture and return (the score keeper's) -----------------------------------------------

def _capture(state: dict, actor: int, payload: dict) -> None:
    capturer, captured = payload["tile"], payload["captured"]
    owner = seat_or_opponent(state, actor, payload.get("owner"))
    context = CaptureContext(same_owner=owner == actor,
                             capturer_on_board=q.on_board(state, actor, capturer) > 0)
    ruling = capture_allowed(capturer, captured, context)
    if not ruling.allowed:
        raise refuse(ruling.reason)
    if q.on_board(state, owner, captured) == 0:
        raise IllegalAction(
            f"{state['players'][owner]} has no {name(captured)} on the board to capture")
    to_pot(state, owner, captured)
    if ruling.capturer_removed:
        to_pot(state, actor, capturer)
    count_capture(state, actor)


def _can_capture(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is not None and not q.can_capture(state, seat):
        return "You have no capture to make: none of your tiles on the board can take a tile there"
    return None


def _captured(before: dict, action: Action, after: dict) -> str:
    p = action.payload
    capturer, captured = p["tile"], p["captured"]
    owner = seat_or_opponent(before, _actor(before, action), p.get("owner"))
    text = f"{_who(before, action)}'s {name(capturer)} captured {before['players'][owner]}'s {name(captured)}"
    both = capture_allowed(capturer, captured, CaptureContext()).capturer_removed
    return text + (" (both went to the Pot)" if both else "")


CAPTURE = Move("capture", turn(_capture), who=TURN, phases=(PLAYING,), when=score_keeping(_can_capture),
               label="Capture", words=_said(_captured), payload=_turn_payload(
                   tile=Field(KIND, "The capturing tile", required=True),
                   captured=Field(KIND, "The captured tile", required=True),
                   owner=Field(SEAT_NAMED, "The captured tile's owner")))


def _return(state: dict, actor: int, payload: dict) -> None:
    tool = payload["tile"]
    if q.on_board(state, actor, tool) == 0:
        raise IllegalAction(f"You have no {name(tool)} on the board")
    victims = tile_list(state, actor, payload["returned"])
    if tool == "boat" and len(victims) > MAX_PUSHED_BY_BOAT:
        raise IllegalAction(f"A Boat pushes at most {MAX_PUSHED_BY_BOAT} tiles")
    check_on_board(state, victims)
    for owner, kind in victims:
        shift(state["tiles"][owner], kind, "board", "returned")


def _can_return(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is None:
        return None
    if not any(q.on_board(state, seat, tool) for tool in RETURNERS):
        return "You have no Boat or Wheel on the board"
    if not q.has_flower_on_board(state):
        return "There is no flower on the board to return"
    return None


def _returned(before: dict, action: Action, after: dict) -> str:
    tiles = tile_list(before, _actor(before, action), action.payload["returned"])
    return f"{_who(before, action)}'s {name(action.payload['tile'])} returned {tiles_said(before, tiles)}"


RETURN = Move("return", turn(_return), who=TURN, phases=(PLAYING,), when=score_keeping(_can_return),
              label="Return flowers", words=_said(_returned), payload=_turn_payload(
                  tile=Field(Text(20, choices=RETURNERS), "The returning tile", required=True),
                  returned=_tiles_field(FLOWERS, "The returned flowers", "A returned flower's owner",
                                        MAX_AROUND_WHEEL, "A returned flower")))


# -- pass ----------------------------------------------------------------------------------

def _pass(state: dict, actor: int, payload: dict) -> None:
    return None


def _board_pass(state: dict, actor: int, payload: dict) -> None:
    state["last"] = {"kind": "pass", "seat": actor}


def _passed(before: dict, action: Action, after: dict) -> str:
    return f"{_who(before, action)} passed"


PASS = Move("pass", turn(_pass, _board_pass), who=TURN, phases=(PLAYING,), label="Pass",
            words=_said(_passed), payload=_turn_payload())


# -- harmonies recorded outside the turn (the score keeper's) ------------------------------

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
    form(state, owner, payload["tiles"])
    settle(state)


def _formed(before: dict, action: Action, after: dict) -> str:
    return f"{_who(before, action)} formed a harmony: {pair_text(action.payload['tiles'])}"


HARMONY_FORMED = Move("harmony_formed", score_keeper(_harmony_formed), who=SEAT, phases=(PLAYING,),
                      when=score_keeping(_can_form), label="Record a harmony", words=_said(_formed),
                      payload=fields(tiles=Field(PAIR, "The harmony's two tiles", required=True)))


def _named(payload: dict) -> list[int]:
    ids = list(payload.get("harmonies", []))
    if "harmony" in payload:
        ids.insert(0, payload["harmony"])
    return ids


def _can_break(state: dict, seat: int | None, host: bool) -> str | None:
    if not state["harmonies"]:
        return "No harmony is intact"
    return None


def _harmony_broken(state: dict, seat: int | None, payload: dict) -> None:
    ids = _named(payload)
    if not ids:
        raise IllegalAction("Say which harmony was broken")
    break_listed(state, ids)
    settle(state)


def _broken(before: dict, action: Action, after: dict) -> str:
    ids = _named(action.payload)
    if not ids:
        raise KeyError("harmony")
    text = "; ".join(f"{harmony_text(before, find_harmony(before, i))} was broken" for i in ids)
    return text[:1].upper() + text[1:]


HARMONY_BROKEN = Move("harmony_broken", score_keeper(_harmony_broken), who=ANYONE, phases=(PLAYING,),
                      when=score_keeping(_can_break), label="Record a broken harmony",
                      words=_said(_broken), payload=fields(
                          harmony=Field(HARMONY_ID, "The harmony"),
                          harmonies=Field(ListOf(HARMONY_ID, MAX_BROKEN, min_len=1), "The harmonies")))


# -- a Knotweed's kill (the score keeper's) ------------------------------------------------

def _can_kill(state: dict, seat: int | None, host: bool) -> str | None:
    if not q.can_kill(state):
        return "No Knotweed on the board has a tile to kill"
    return None


def _knotweed_kill(state: dict, seat: int | None, payload: dict) -> None:
    killer = seat_of(state, payload["knotweed"], "Say whose Knotweed it is")
    if q.on_board(state, killer, "knotweed") == 0:
        raise IllegalAction(f"{state['players'][killer]} has no Knotweed on the board")
    victims = tile_list(state, killer, payload["killed"])
    if sum(1 for tile in victims if tile == (killer, "knotweed")) >= \
            q.on_board(state, killer, "knotweed"):
        raise IllegalAction("A Knotweed does not kill itself")
    check_on_board(state, victims)
    for owner, kind in victims:
        to_pot(state, owner, kind)
        if owner != killer:
            count_capture(state, killer)
    settle(state)


def _killed(before: dict, action: Action, after: dict) -> str:
    killer = seat_of(before, action.payload["knotweed"], "")
    tiles = tile_list(before, killer, action.payload["killed"])
    return f"{before['players'][killer]}'s Knotweed killed {tiles_said(before, tiles)}"


KNOTWEED_KILL = Move("knotweed_kill", score_keeper(_knotweed_kill), who=ANYONE, phases=(PLAYING,),
                     when=score_keeping(_can_kill), label="Record a Knotweed kill",
                     words=_said(_killed), payload=fields(
                         knotweed=Field(SEAT_NAMED, "The Knotweed's owner", required=True),
                         killed=_tiles_field(KINDS, "The killed tiles", "A killed tile's owner",
                                             MAX_AROUND_KNOTWEED, "A killed tile")))


# -- forfeit -------------------------------------------------------------------------------

def _can_forfeit(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is not None and state["out"][seat] is not None:
        return f"{state['players'][seat]} is already out of the game"
    return None


def _forfeit(state: dict, seat: int, payload: dict) -> None:
    state["out"][seat] = "forfeit"
    settle(state)


def _forfeited(before: dict, action: Action, after: dict) -> str:
    return f"{_who(before, action)} forfeited"


FORFEIT = Move("forfeit", aftermath.recorded(_forfeit), who=SEAT, phases=(PLAYING,), when=_can_forfeit,
               label="Forfeit", words=_said(_forfeited))


MOVES = move_table(PLACE, MOVE, BOAT, WHEEL_TURN, CAPTURE, RETURN, PASS,
                   HARMONY_FORMED, HARMONY_BROKEN, KNOTWEED_KILL, FORFEIT)
