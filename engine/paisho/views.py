"""What the Pai Sho screens show, built from the state: the public part (everything on a
real Pai Sho table is in plain sight), each seat's helpers (what it may place, move,
capture, return, kill, record) and the final result.

The screens only draw: tile names and looks, capture and return labels, the words for
how the game ended, the latest harmonies formed and broken all come from here.
"""

from __future__ import annotations

from engine.paisho import queries as q
from engine.paisho.tiles import AWAY, FLOWERS, KINDS, count, look, name

HARMONY_KINDS = FLOWERS + ("lotus",)
RECENT = 6
"""How many of the latest harmony changes the table screen lists."""

END_WORDS = {
    "target": "reached the target",
    "captured": "captured every flower and special tile of the opponent",
    "forfeit": "the other players forfeited",
}
NAMES = {k: name(k) for k in KINDS}
LOOKS = {k: look(k) for k in KINDS}
OUT_WORDS = {"forfeit": "forfeited", "captured": "out"}


def harmony_text(state: dict, harmony: dict) -> str:
    a, b = harmony["a"], harmony["b"]
    return f"harmony {harmony['id']} ({state['players'][harmony['owner']]}'s {name(a)} + {name(b)})"


def pair_text(pair: list[str]) -> str:
    return f"{name(pair[0])} + {name(pair[1])}"


def _harmony(state: dict, harmony: dict) -> dict:
    return {
        "id": harmony["id"],
        "owner": harmony["owner"],
        "pair": [harmony["a"], harmony["b"]],
        "points": harmony["points"],
        "turns_intact": max(q.turns_intact(state, harmony), 0),
        "turns_to_next_point": q.turns_to_next_point(state, harmony),
    }


def _recent(state: dict) -> list[str]:
    """The latest harmonies formed and broken, newest first (from the harmonies' own
    turns, not from a log)."""
    changes = []
    for h in state["harmonies"] + state["broken"]:
        owner = state["players"][h["owner"]]
        text = f"{owner}'s {pair_text([h['a'], h['b']])} (#{h['id']})"
        changes.append((h["formed_turn"], h["id"], 0, f"Turn {h['formed_turn']}: {text} formed"))
        if "broken_turn" in h:
            how = "broke by itself: its tiles are no longer there" if h.get("by_itself") else "broken"
            changes.append((h["broken_turn"], h["id"], 1, f"Turn {h['broken_turn']}: {text} {how}"))
    changes.sort(reverse=True)
    return [c[3] for c in changes[:RECENT]]


def public(state: dict) -> dict:
    """Everything on the table. A player's ``board`` and ``pot``: the kinds of theirs on
    the board and in the Pot, and how many; ``point_turns``: the turn of the table each of
    their points came in (the race chart). ``turn``: the turn being played (the last one
    when the game is over); ``turns_played``: the turns completed. ``names`` and ``looks``: each tile kind's name and look, in order."""
    blooming = q.blooming_seat(state)
    players = []
    for s, player in enumerate(state["players"]):
        out = state["out"][s]
        players.append({
            "seat": s,
            "name": player,
            "score": state["scores"][s],
            "captured": state["captured"][s],
            "out": out,
            "out_words": OUT_WORDS.get(out),
            "blooming": blooming == s,
            "board": dict(state["tiles"][s]["board"]),
            "pot": dict(state["tiles"][s]["pot"]),
            "point_turns": list(state["point_turns"][s]),
        })
    current = None if state["over"] else state["current"]
    return {
        "target": state["target"],
        "turn": state["turn"] + (0 if state["over"] else 1),
        "turns_played": state["turn"],
        "current": current,
        "players": players,
        "harmonies": [_harmony(state, h) for h in state["harmonies"]],
        "blooming": blooming,
        "recent": _recent(state),
        "over": state["over"],
        "names": dict(NAMES),
        "looks": dict(LOOKS),
        "harmony_tiles": list(HARMONY_KINDS),
        **(_board(state) if state.get("board") is not None else {}),
    }


def _board(state: dict) -> dict:
    """The board on the phone: every tile by point, the harmonies' points, the last move
    (what it captured, returned and killed), the harmony reach."""
    tiles = [{"at": [int(n) for n in at.split(",")], "owner": owner, "kind": kind}
             for at, (owner, kind) in state["board"].items()]
    return {"board": tiles, "reach": state["reach"], "last": state["last"],
            "lines": [{"owner": h["owner"], "at": h["at"], "id": h["id"]} for h in state["harmonies"]]}


def _tiles(inventory: dict) -> dict:
    """A player's tiles by place: for each place, the kinds there and how many (kinds
    with none are left out)."""
    hand = {k: n for k in KINDS if (n := count(inventory, k, "hand"))}
    return {"hand": hand, **{place: dict(inventory[place]) for place in AWAY}}


def private(state: dict, seat: int) -> dict:
    """This seat's helpers: nothing here is hidden from the others, it is what this
    seat holds and may record now. The choices of a turn (``can_place``, ``can_move``,
    ``can_capture``, ``can_return_with`` and the ``returnable`` flowers) are there on the
    seat's turn only; harmonies to record and Knotweed kills at any time."""
    mine = {
        "tiles": _tiles(state["tiles"][seat]),
        "turn": None,
        "can_form": q.harmony_choices(state, seat),
        "can_kill": q.kill_targets(state, seat),
    }
    if not state["over"] and state["current"] == seat:
        mine["turn"] = _turn_choices(state, seat)
        if state.get("board") is not None:
            mine["turn"] |= {"starts": q.board_starts(state, seat), "targets": q.board_targets(state, seat),
                             "wheel_turns": q.wheel_turns(state, seat)}
    return mine


def _turn_choices(state: dict, seat: int) -> dict:
    names = state["players"]
    captures = []
    for choice in q.capture_choices(state, seat):
        label = (f"{name(choice['tile'])} takes {names[choice['owner']]}'s "
                 f"{name(choice['captured'])}")
        if choice.pop("both_removed"):
            label += " (both to the Pot)"
        captures.append({**choice, "label": label})
    returners = [k for k in ("boat", "wheel") if q.on_board(state, seat, k)]
    return {
        "can_place": q.placeable(state, seat),
        "can_move": q.movable(state, seat),
        "can_capture": captures,
        "can_return_with": returners,
        "returnable": q.returnable(state) if returners else [],
    }


def _score_by_turn(point_turns: list[int], turns: int) -> list[int]:
    """A seat's score at the start and after each turn of the table, from the turn of
    each of its points."""
    gained = [0] * (turns + 1)
    for turn in point_turns:
        gained[turn] += 1
    series, score = [], 0
    for extra in gained:
        score += extra
        series.append(score)
    return series


def result(state: dict) -> dict:
    names = state["players"]
    winner = state["winner"]
    series = [_score_by_turn(turns, state["turn"]) for turns in state["point_turns"]]
    order = sorted(range(len(names)), key=lambda s: (s != winner, -state["scores"][s], s))
    reason = state["end_reason"]
    words = END_WORDS.get(reason or "", "")
    if reason == "target":
        target = state["target"]
        words = f"{words} of {target} harmony point{'s' if target != 1 else ''}"
    return {
        "winner": winner,
        "winner_name": None if winner is None else names[winner],
        "reason": reason,
        "reason_words": words,
        "scores": list(state["scores"]),
        "score_by_turn": {names[s]: series[s] for s in range(len(names))},
        "ranking": [{"seat": s, "name": names[s], "score": state["scores"][s],
                     "out": state["out"][s], "out_words": OUT_WORDS.get(state["out"][s])}
                    for s in order],
    }
