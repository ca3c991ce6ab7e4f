"""Pai Sho by Frank's rules: the score keeper. The board stays on the table.

The companion keeps each player's tiles by place (hand, board, Pot, returned), the
harmonies and their timers, the points, the blooming White Lotus and the end of the game.
Players record what they did; the app refuses what the tiles or the rules cannot allow.

Action vocabulary
=================

Tiles are named by kind: ``jasmine``, ``lily``, ``jade``, ``rose``, ``chrysanthemum``,
``rhododendron``, ``knotweed``, ``boat``, ``wheel``, ``rock``, ``dragon``, ``lotus``
(names like "White Jade" are accepted too). A player is named by seat number (or name).
Where ``owner`` may be left out, a 2-player game means "the opponent".

Turn actions -- sent by the player whose turn it is (``seat`` = that seat; the host may
send them with ``seat=None`` for the current player). Each one ends the turn.

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

Every turn action may also carry ``"broken": [harmony id, ...]`` (harmonies this turn
broke, anyone's) and ``"formed": [[kind, kind], ...]`` (harmonies of yours this turn made),
so a turn is entered in two or three taps. Order: the listed breaks, the tile change,
the automatic breaks (below), the new harmonies, then the turn ends and pays.

Actions that do not end a turn (any time, by the seats named):

- ``harmony_formed`` ``{"tiles": [kind, kind]}``: by the harmony's owner (host: add
  ``"owner"``). Two flowers neighbouring on the ring, or a blooming White Lotus with a
  flower, both on the owner's board. The engine assigns the harmony an ``id``.
- ``harmony_broken`` ``{"harmony": id}`` (or ``{"harmonies": [id, ...]}``): by anyone.
- ``knotweed_kill`` ``{"knotweed": seat, "killed": [{"owner": seat, "kind": kind}, ...]}``:
  the tiles next to that seat's knotweed die (go to the Pot; up to 8 at once; any owner,
  even the knotweed's). ``knotweed`` defaults to the sender. The knotweed stays.
- ``forfeit`` ``{}``: by any player still in the game, at any time (host: for the
  current player).

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
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.game import Action, Game, Setting, copied
from engine.paisho import queries as q
from engine.paisho.capture import CaptureContext, capture_allowed
from engine.paisho.harmony import pair_key, pair_refusal
from engine.paisho.tiles import (
    COPIES, FLOWERS, IMMOBILE, KINDS, PLACES, available_to_place, name, new_inventory, parse_kind,
)

TURN_KINDS = ("place", "move", "capture", "return", "pass")
FREE_KINDS = ("harmony_formed", "harmony_broken", "knotweed_kill", "forfeit")
MAX_PUSHED_BY_BOAT = 3
MAX_AROUND_WHEEL = 8
MAX_AROUND_KNOTWEED = 8
RECENT_EVENTS = 12
KEPT_EVENTS = 50
"""The state keeps only the latest events (cheap to copy); the full history is the log."""

END_TARGET = "target"
END_CAPTURED = "captured"
END_FORFEIT = "forfeit"


class PaiSho(Game):
    id = "paisho"
    title = "Pai Sho (Frank's rules)"
    min_players = 2
    max_players = 4
    settings = (
        Setting("target", "Harmony points to win", 30, kind="int", minimum=1, maximum=999,
                help="The first player to reach this score (checked at the end of their turn) wins."),
    )

    def check_players(self, players: list[str]) -> None:
        if len(players) not in (2, 4):
            raise IllegalAction(f"Pai Sho is for 2 players, or 4 (one per port), not {len(players)}")

    def setup(self, players: list[str], settings: dict) -> dict:
        self.check_players(list(players))
        target = dict(settings or {}).get("target", 30)
        n = len(players)
        return {
            "players": list(players),
            "target": int(target),
            "tiles": [new_inventory() for _ in range(n)],
            "captured": [0] * n,
            "scores": [0] * n,
            "turns": [0] * n,
            "turn": 0,
            "current": 0,
            "harmonies": [],
            "next_id": 1,
            "out": [None] * n,
            "over": False,
            "winner": None,
            "end_reason": None,
            "timeline": [],
            "events": [],
        }

    # -- rules ---------------------------------------------------------------
    def apply(self, state: dict, action: Action) -> dict:
        if state["over"]:
            raise IllegalAction("The game is over")
        seat = action.seat
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state["players"])):
            raise IllegalAction("There is no such seat at this table")
        kind = action.kind
        new = copied(state)
        line = self._text(state, action)
        if kind in TURN_KINDS:
            actor = self._turn_actor(state, seat)
            self._break_listed(new, action.payload.get("broken"))
            getattr(self, f"_do_{kind}")(new, actor, action.payload)
            self._reconcile(new)
            formed = [self._form(new, actor, pair)
                      for pair in _pair_list(action.payload.get("formed"))]
            if formed:
                line += " (harmony " + ", ".join(str(i) for i in formed) + ")"
            self._log(new, actor, line)
            self._end_turn(new, actor)
        elif kind == "harmony_formed":
            owner = self._owner_of_own_action(state, seat, action.payload)
            tiles = action.payload.get("tiles", action.payload.get("pair"))
            harmony_id = self._form(new, owner, _pair(tiles))
            self._log(new, owner, f"{line} (harmony {harmony_id})")
        elif kind == "harmony_broken":
            ids = action.payload.get("harmonies", action.payload.get("harmony"))
            if ids is None:
                raise IllegalAction("Say which harmony was broken")
            self._break_listed(new, ids)
            self._log(new, seat, line)
        elif kind == "knotweed_kill":
            self._do_knotweed_kill(new, seat, action.payload)
            self._reconcile(new)
            self._log(new, seat, line)
        elif kind == "forfeit":
            actor = state["current"] if seat is None else seat
            if state["out"][actor] is not None:
                raise IllegalAction("You are already out of the game")
            new["out"][actor] = END_FORFEIT
            self._log(new, actor, line)
        else:
            raise IllegalAction(f"Pai Sho has no action '{kind}'")
        self._check_end(new)
        self._reconcile(new)  # a forfeit or a player captured out can change who blooms
        return new

    def _turn_actor(self, state: dict, seat: int | None) -> int:
        current = state["current"]
        if seat is not None and seat != current:
            raise IllegalAction(f"It is {state['players'][current]}'s turn")
        return current

    def _owner_of_own_action(self, state: dict, seat: int | None, payload: dict) -> int:
        if seat is None:
            owner = _seat(state, payload.get("owner"), "Say whose harmony it is")
        else:
            owner = seat
            if payload.get("owner") not in (None, seat):
                raise IllegalAction("You can only record your own harmonies")
        if state["out"][owner] is not None:
            raise IllegalAction(f"{state['players'][owner]} is out of the game")
        return owner

    # -- turn actions ----------------------------------------------------------
    def _do_place(self, state: dict, actor: int, payload: dict) -> None:
        kind = parse_kind(payload.get("tile"))
        counts = state["tiles"][actor][kind]
        if available_to_place(counts) == 0:
            raise IllegalAction(
                f"you have no {name(kind)} left to place: all {COPIES[kind]} are on the board "
                f"({counts['board']}) or in the Pot ({counts['pot']})"
            )
        counts["hand" if counts["hand"] else "returned"] -= 1
        counts["board"] += 1

    def _do_move(self, state: dict, actor: int, payload: dict) -> None:
        kind = parse_kind(payload.get("tile"))
        if kind in IMMOBILE:
            raise IllegalAction(f"a {name(kind)} cannot move")
        if q.on_board(state, actor, kind) == 0:
            raise IllegalAction(f"you have no {name(kind)} on the board to move")

    def _do_pass(self, state: dict, actor: int, payload: dict) -> None:
        return None

    def _do_capture(self, state: dict, actor: int, payload: dict) -> None:
        capturer = parse_kind(payload.get("tile"))
        captured = parse_kind(payload.get("captured"))
        owner = _seat_or_opponent(state, actor, payload.get("owner"))
        context = CaptureContext(same_owner=owner == actor,
                                 capturer_on_board=q.on_board(state, actor, capturer) > 0)
        ruling = capture_allowed(capturer, captured, context)
        if not ruling.allowed:
            raise IllegalAction(ruling.reason)
        if q.on_board(state, owner, captured) == 0:
            raise IllegalAction(
                f"{state['players'][owner]} has no {name(captured)} on the board to capture")
        _to_pot(state, owner, captured)
        if ruling.capturer_removed:
            _to_pot(state, actor, capturer)
        state["captured"][actor] += 1

    def _do_return(self, state: dict, actor: int, payload: dict) -> None:
        tool = parse_kind(payload.get("tile"))
        if tool not in ("boat", "wheel"):
            raise IllegalAction("only a Boat or a Wheel returns tiles to their owners")
        if q.on_board(state, actor, tool) == 0:
            raise IllegalAction(f"you have no {name(tool)} on the board")
        victims = _tile_list(state, actor, payload.get("returned"), "returned")
        limit = MAX_PUSHED_BY_BOAT if tool == "boat" else MAX_AROUND_WHEEL
        if len(victims) > limit:
            what = "a Boat pushes at most 3 tiles" if tool == "boat" else \
                "a Wheel turns at most the 8 tiles around it"
            raise IllegalAction(what)
        for owner, kind in victims:
            if kind not in FLOWERS:
                raise IllegalAction(
                    f"only flowers are returned to their owners, not a {name(kind)}")
        _check_on_board(state, victims)
        for owner, kind in victims:
            counts = state["tiles"][owner][kind]
            counts["board"] -= 1
            counts["returned"] += 1

    # -- free actions ----------------------------------------------------------
    def _do_knotweed_kill(self, state: dict, seat: int | None, payload: dict) -> None:
        raw_owner = payload.get("knotweed")
        if raw_owner is None and seat is None:
            raise IllegalAction("Say whose Knotweed killed the tiles")
        killer = seat if raw_owner is None else _seat(state, raw_owner, "Say whose Knotweed it is")
        if q.on_board(state, killer, "knotweed") == 0:
            raise IllegalAction(f"{state['players'][killer]} has no Knotweed on the board")
        victims = _tile_list(state, killer, payload.get("killed"), "killed")
        if len(victims) > MAX_AROUND_KNOTWEED:
            raise IllegalAction("a Knotweed kills at most the 8 tiles around it")
        if sum(1 for owner, kind in victims if (owner, kind) == (killer, "knotweed")) >= \
                q.on_board(state, killer, "knotweed"):
            raise IllegalAction("a Knotweed does not kill itself")
        _check_on_board(state, victims)
        for owner, kind in victims:
            _to_pot(state, owner, kind)
            if owner != killer:
                state["captured"][killer] += 1

    # -- harmonies -------------------------------------------------------------
    def _form(self, state: dict, owner: int, pair: tuple[str, str]) -> int:
        a, b = pair
        refusal = pair_refusal(a, b, q.is_blooming(state, owner))
        if refusal:
            raise IllegalAction(refusal)
        for kind in (a, b):
            if q.on_board(state, owner, kind) == 0:
                raise IllegalAction(f"no harmony: {state['players'][owner]} has no {name(kind)} on the board")
        key = pair_key(a, b)
        same = [h for h in q.intact_harmonies(state, owner) if pair_key(*h["pair"]) == key]
        if len(same) >= q.harmony_bound(state, owner, a, b):
            raise IllegalAction(
                f"{len(same)} {name(a)} + {name(b)} harmonies are already intact; the "
                f"{q.on_board(state, owner, a)} {name(a)} and {q.on_board(state, owner, b)} "
                f"{name(b)} on the board cannot make another")
        harmony_id = state["next_id"]
        state["next_id"] += 1
        state["harmonies"].append({
            "id": harmony_id,
            "owner": owner,
            "pair": [a, b],
            "start": state["turns"][owner],
            "formed_turn": state["turn"] + 1,
            "points": 0,
            "intact": True,
            "broken_turn": None,
        })
        return harmony_id

    def _break_listed(self, state: dict, ids: Any) -> None:
        if ids is None:
            return
        if not isinstance(ids, list):
            ids = [ids]
        for raw in ids:
            harmony = _find_harmony(state, raw)
            if not harmony["intact"]:
                raise IllegalAction(f"harmony {harmony['id']} is already broken")
            _break(state, harmony)

    def _reconcile(self, state: dict) -> None:
        """Break harmonies the tiles left on the board can no longer hold (newest first)."""
        for harmony in sorted(q.intact_harmonies(state), key=lambda h: -h["id"]):
            owner, (a, b) = harmony["owner"], harmony["pair"]
            key = pair_key(a, b)
            same = [h for h in q.intact_harmonies(state, owner) if pair_key(*h["pair"]) == key]
            if len(same) > q.harmony_bound(state, owner, a, b):
                _break(state, harmony)
                state["events"].append({
                    "turn": state["turn"] + 1, "seat": owner,
                    "text": f"{_harmony_text(state, harmony)} broke: its tiles are no longer there",
                })

    # -- turns and the end -----------------------------------------------------
    def _end_turn(self, state: dict, actor: int) -> None:
        state["turns"][actor] += 1
        state["turn"] += 1
        for harmony in q.intact_harmonies(state, actor):
            elapsed = q.turns_intact(state, harmony)
            if elapsed > 0 and elapsed % q.POINT_EVERY == 0:
                harmony["points"] += 1
                state["scores"][actor] += 1
        state["timeline"].append({"turn": state["turn"], "seat": actor,
                                  "scores": list(state["scores"])})
        if state["scores"][actor] >= state["target"]:
            _finish(state, actor, END_TARGET)
            return
        self._advance(state, actor)

    def _advance(self, state: dict, after: int) -> None:
        n = len(state["players"])
        for step in range(1, n + 1):
            seat = (after + step) % n
            if state["out"][seat] is None:
                state["current"] = seat
                return

    def _check_end(self, state: dict) -> None:
        if state["over"]:
            return
        captured_out = False
        for seat in q.active_seats(state):
            if q.all_flowers_and_special_captured(state, seat):
                state["out"][seat] = END_CAPTURED
                captured_out = True
                for harmony in q.intact_harmonies(state, seat):
                    _break(state, harmony)
        active = q.active_seats(state)
        if len(active) <= 1:
            # this action took the last opponent out: by capture, or else by a forfeit
            reason = END_CAPTURED if captured_out else END_FORFEIT
            _finish(state, active[0] if active else None, reason)
            return
        if state["out"][state["current"]] is not None:
            self._advance(state, state["current"])

    def _log(self, state: dict, seat: int | None, text: str) -> None:
        state["events"].append({"turn": state["turn"] + 1, "seat": seat, "text": text})
        del state["events"][:-KEPT_EVENTS]

    # -- reading -------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        blooming = q.blooming_seat(state)
        players = []
        for s, player in enumerate(state["players"]):
            players.append({
                "seat": s,
                "name": player,
                "score": state["scores"][s],
                "captured": state["captured"][s],
                "turns": state["turns"][s],
                "out": state["out"][s],
                "blooming": blooming == s,
                "tiles": {k: dict(state["tiles"][s][k]) for k in KINDS},
                "totals": {p: sum(state["tiles"][s][k][p] for k in KINDS) for p in PLACES},
            })
        pot = [{"owner": s, "kind": k, "count": state["tiles"][s][k]["pot"]}
               for s in range(len(state["players"])) for k in KINDS if state["tiles"][s][k]["pot"]]
        harmonies = [self._harmony_view(state, h) for h in q.intact_harmonies(state)]
        current = q.current_seat(state)
        data = {
            "game": self.id,
            "target": state["target"],
            "turn": state["turn"] + (0 if state["over"] else 1),
            "current": current,
            "current_name": None if current is None else state["players"][current],
            "players": players,
            "pot": pot,
            "harmonies": harmonies,
            "blooming": blooming,
            "events": state["events"][-RECENT_EVENTS:],
            "over": state["over"],
            "winner": state["winner"],
            "end_reason": state["end_reason"],
            "you": seat,
        }
        if seat is not None and 0 <= seat < len(state["players"]):
            data["my"] = {
                "your_turn": current == seat,
                "tiles": players[seat]["tiles"],
                "harmonies": [h for h in harmonies if h["owner"] == seat],
                "blooming": blooming == seat,
                "can_place": q.placeable(state, seat),
                "can_move": q.movable(state, seat),
                "can_capture": q.capture_choices(state, seat),
                "can_form": q.harmony_choices(state, seat),
                "can_return_with": [k for k in ("boat", "wheel") if q.on_board(state, seat, k)],
                "returnable": q.returnable(state),
            }
        return data

    def _harmony_view(self, state: dict, harmony: dict) -> dict:
        return {
            "id": harmony["id"],
            "owner": harmony["owner"],
            "pair": list(harmony["pair"]),
            "points": harmony["points"],
            "turns_intact": max(q.turns_intact(state, harmony), 0),
            "turns_to_next_point": q.turns_to_next_point(state, harmony),
            "formed_turn": harmony["formed_turn"],
        }

    def is_over(self, state: dict) -> bool:
        return state["over"]

    def result(self, state: dict) -> dict | None:
        if not state["over"]:
            return None
        names = state["players"]
        winner = state["winner"]
        series = [[0] for _ in names]
        for row in state["timeline"]:
            for s, score in enumerate(row["scores"]):
                series[s].append(score)
        order = sorted(range(len(names)), key=lambda s: (s != winner, -state["scores"][s], s))
        return {
            "winner": winner,
            "winner_name": None if winner is None else names[winner],
            "reason": state["end_reason"],
            "scores": list(state["scores"]),
            "score_by_turn": {names[s]: series[s] for s in range(len(names))},
            "ranking": [{"seat": s, "name": names[s], "score": state["scores"][s],
                         "out": state["out"][s]} for s in order],
        }

    def describe(self, state: dict, action: Action, viewer: int | None) -> str:
        return self._text(state, action)

    def seats_to_act(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def undoable(self, action: Action) -> bool:
        return True  # the board is public: nothing is revealed

    # -- words ---------------------------------------------------------------
    def _text(self, state: dict, action: Action) -> str:
        try:
            return self._words(state, action)
        except (IllegalAction, KeyError, IndexError, TypeError, ValueError, AttributeError):
            return action.kind.replace("_", " ")

    def _words(self, state: dict, action: Action) -> str:
        names = state["players"]
        p = action.payload
        kind = action.kind
        actor = action.seat if action.seat is not None else state["current"]
        who = names[actor]
        if kind == "place":
            text = f"{who} placed a {name(parse_kind(p.get('tile')))}"
        elif kind == "move":
            text = f"{who} moved a {name(parse_kind(p.get('tile')))}"
        elif kind == "pass":
            text = f"{who} passed"
        elif kind == "capture":
            capturer, captured = parse_kind(p.get("tile")), parse_kind(p.get("captured"))
            owner = _seat_or_opponent(state, actor, p.get("owner"))
            ruling = capture_allowed(capturer, captured, CaptureContext())
            text = f"{who}'s {name(capturer)} captured {names[owner]}'s {name(captured)}"
            if ruling.capturer_removed:
                text += " (both went to the Pot)"
        elif kind == "return":
            tiles = _tile_list(state, actor, p.get("returned"), "returned")
            listed = ", ".join(f"{names[o]}'s {name(k)}" for o, k in tiles)
            text = f"{who}'s {name(parse_kind(p.get('tile')))} returned {listed}"
        elif kind == "harmony_formed":
            owner = actor if action.seat is not None else _seat(state, p.get("owner"), "")
            a, b = _pair(p.get("tiles", p.get("pair")))
            return f"{names[owner]} formed a harmony: {name(a)} + {name(b)}"
        elif kind == "harmony_broken":
            ids = p.get("harmonies", p.get("harmony"))
            ids = ids if isinstance(ids, list) else [ids]
            return "; ".join(f"{_harmony_text(state, _find_harmony(state, i))} was broken" for i in ids)
        elif kind == "knotweed_kill":
            killer = action.seat if p.get("knotweed") is None else _seat(state, p.get("knotweed"), "")
            tiles = _tile_list(state, killer, p.get("killed"), "killed")
            listed = ", ".join(f"{names[o]}'s {name(k)}" for o, k in tiles)
            return f"{names[killer]}'s Knotweed killed {listed}"
        elif kind == "forfeit":
            return f"{who} forfeited"
        else:
            return kind.replace("_", " ")
        extras = []
        broken = p.get("broken")
        if broken is not None:
            for raw in broken if isinstance(broken, list) else [broken]:
                extras.append(f"broke {_harmony_text(state, _find_harmony(state, raw))}")
        for a, b in _pair_list(p.get("formed")):
            extras.append(f"formed a harmony: {name(a)} + {name(b)}")
        return "; ".join([text] + extras)


# -- small helpers ---------------------------------------------------------------
def _seat(state: dict, raw: Any, missing: str) -> int:
    """A seat from a number, a numeric string or a player's name."""
    names = state["players"]
    if raw is None:
        raise IllegalAction(missing)
    if isinstance(raw, bool):
        raise IllegalAction("There is no such player")
    if isinstance(raw, int):
        if 0 <= raw < len(names):
            return raw
        raise IllegalAction("There is no such player")
    text = str(raw).strip()
    if text.isdigit() and int(text) < len(names):
        return int(text)
    for s, player in enumerate(names):
        if player.casefold() == text.casefold():
            return s
    raise IllegalAction(f"There is no player '{text}'")


def _seat_or_opponent(state: dict, actor: int, raw: Any) -> int:
    """The named seat; with 2 players, leaving it out means the opponent."""
    if raw is None and len(state["players"]) == 2:
        return 1 - actor
    return _seat(state, raw, "Say whose tile it was")


def _tile_list(state: dict, default_from: int, raw: Any, what: str) -> list[tuple[int, str]]:
    """``[{"owner": seat, "kind": kind}, ...]`` -> [(owner, kind)], refusing an empty list."""
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list) or not raw:
        raise IllegalAction(f"Say which tiles were {what}")
    tiles = []
    for item in raw:
        if isinstance(item, str):
            item = {"kind": item}
        if not isinstance(item, dict):
            raise IllegalAction(f"Say which tiles were {what}")
        owner = _seat_or_opponent(state, default_from, item.get("owner"))
        tiles.append((owner, parse_kind(item.get("kind"))))
    return tiles


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
    counts = state["tiles"][owner][kind]
    counts["board"] -= 1
    counts["pot"] += 1


def _pair(raw: Any) -> tuple[str, str]:
    if not isinstance(raw, (list, tuple)) or len(raw) != 2:
        raise IllegalAction("A harmony is two tiles: say which two")
    return parse_kind(raw[0]), parse_kind(raw[1])


def _pair_list(raw: Any) -> list[tuple[str, str]]:
    if raw is None:
        return []
    if isinstance(raw, (list, tuple)) and len(raw) == 2 and all(isinstance(x, str) for x in raw):
        return [_pair(raw)]
    if not isinstance(raw, (list, tuple)):
        raise IllegalAction("A harmony is two tiles: say which two")
    return [_pair(item) for item in raw]


def _find_harmony(state: dict, raw: Any) -> dict:
    try:
        harmony_id = int(str(raw).strip().lstrip("#hH"))
    except ValueError:
        raise IllegalAction(f"There is no harmony '{raw}'") from None
    for harmony in state["harmonies"]:
        if harmony["id"] == harmony_id:
            return harmony
    raise IllegalAction(f"There is no harmony {harmony_id}")


def _break(state: dict, harmony: dict) -> None:
    harmony["intact"] = False
    harmony["broken_turn"] = state["turn"] + 1


def _harmony_text(state: dict, harmony: dict) -> str:
    a, b = harmony["pair"]
    return f"harmony {harmony['id']} ({state['players'][harmony['owner']]}'s {name(a)} + {name(b)})"


def _finish(state: dict, winner: int | None, reason: str) -> None:
    state["over"] = True
    state["winner"] = winner
    state["end_reason"] = reason


GAME = PaiSho()
