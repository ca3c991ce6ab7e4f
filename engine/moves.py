"""A game's moves, declared once: who may make each, when, with what, and its flags.

In the style of boardgame.io's move objects: each :class:`Move` names its handler and
carries its own flags (who may make it, its phases, its payload schema, whether and by
whom it can be undone, whether it is a secret simultaneous move, whether it is
independent of the same move by other seats, whether it reveals hidden information).
The table model's move check (:mod:`engine.check`) checks every action against its move
before the handler runs, and lists a seat's legal moves from the same check (one code
path here; python-chess, by contrast, generates its legal moves apart from checking
one), so a phone's buttons, the JSON transport and a script all meet the same rules.

Who may make a move (``who``):

- :data:`TURN`: the seat whose turn it is (``Game.to_act``), for itself;
- :data:`SEAT`: any seat, for itself;
- :data:`ANYONE`: any seat or the host, on behalf of the whole table;
- :data:`HOST`: the host only, on behalf of the whole table;
- :data:`HOST_FOR_SEAT`: the host only, for one seat.

The host (the table's own device, ``by=None``) may also make any :data:`TURN` or
:data:`SEAT` move for a seat: that is pass-and-play, one rule here instead of a
``player`` key in every game's payloads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine.schema import NO_PAYLOAD, Record

TURN = "turn"
SEAT = "seat"
ANYONE = "anyone"
HOST = "host"
HOST_FOR_SEAT = "host_for_seat"
WHO = (TURN, SEAT, ANYONE, HOST, HOST_FOR_SEAT)

AUTHOR = "author"  # undone by whoever made it, or the host
HOST_ONLY = "host"  # undone by the host only
NEVER = "never"  # never undone
UNDO_POLICIES = (AUTHOR, HOST_ONLY, NEVER)

Handler = Callable[[Any, "int | None", dict], Any]
"""``handler(state, seat, payload)`` changes ``state`` (a private copy) in place, or
returns the next state; raises IllegalAction (the copy is then thrown away)."""

Words = Callable[[Any, Any, Any, "int | None"], "str | Said"]
"""``words(before, action, after, viewer)``: what the move said, for ``viewer`` (a seat; None:
the table screen and watchers): its line in the history, and (a :class:`Said` with
``to_you``) what it tells the viewer's seat when it concerns it. ``before``/``after`` are the
states around the move: an outcome the words need (a tribute paid, a harmony broken) is read
from what the move recorded there, never by running a handler. Hidden values appear only for
a viewer who may see them."""

Condition = Callable[[Any, "int | None", bool], "str | None"]
"""``when(state, seat, host)``: None when the move is open now to ``seat`` (``host``: sent
from the host's device), else why not, in words."""


@dataclass(frozen=True)
class Said:
    """A move in words for one viewer: ``text`` is its history line; ``to_you``, when the
    move concerns this viewer's seat, what their phone says (and cues) when it hears of it."""

    text: str
    to_you: str | None = None


def said(words: "str | Said") -> Said:
    """Words as a :class:`Said` (a move's words may be a plain line)."""
    return words if isinstance(words, Said) else Said(str(words))


@dataclass(frozen=True)
class Move:
    kind: str
    handler: Handler = field(compare=False)
    who: str = TURN
    phases: tuple[str, ...] = ()
    """The phases the move belongs to; empty: every phase."""
    payload: Record = NO_PAYLOAD
    undo: str = AUTHOR
    secret: bool = False
    """A secret simultaneous move (a sealed bid): exempt from the stale-revision check,
    and no other seat's view may depend on its payload."""
    reveals: bool = False
    """It shows hidden information (a bid reveal): never undone."""
    independent: bool = False
    """Each seat makes it for itself and another seat's move of the same kind does not
    change what it means (each player's own Done, a points entry for oneself): such a
    move made by others since a phone last looked never makes this one stale."""
    when: Condition | None = field(default=None, compare=False)
    label: str = ""
    words: Words | None = field(default=None, compare=False)
    """What the move says (:data:`Words`); None: its title."""

    def __post_init__(self) -> None:
        if self.who not in WHO:
            raise ValueError(f"move {self.kind}: who must be one of {WHO}")
        if self.undo not in UNDO_POLICIES:
            raise ValueError(f"move {self.kind}: undo must be one of {UNDO_POLICIES}")
        if self.independent and self.who != SEAT:
            raise ValueError(f"move {self.kind}: only a seat's move for itself is independent")

    @property
    def undoable(self) -> bool:
        return self.undo != NEVER and not self.reveals

    @property
    def title(self) -> str:
        return self.label or self.kind.replace("_", " ").capitalize()


def move_table(*moves: Move) -> Mapping[str, Move]:
    """Kind -> move, refusing a kind declared twice (the table is the one declaration)."""
    table: dict[str, Move] = {}
    for move in moves:
        if move.kind in table:
            raise ValueError(f"move {move.kind} is declared twice")
        table[move.kind] = move
    return table
