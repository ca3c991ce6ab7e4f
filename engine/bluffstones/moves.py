"""BluffStones' moves, each declared with its handler (:mod:`engine.bluffstones.setup`,
:mod:`engine.bluffstones.rounds`), when it is open and its words side by side.

What a move says (:data:`engine.moves.Words`, read from what the move recorded in the
state, never by running a handler): its line in the history for every viewer, and what it
tells a seat it concerns: a one-stone bid beaten by a two-stone bid at the reveal, a
tower it scored, and the end of the game with its winner. A sealed bid is said only to
its own seat until the reveal (everyone else reads that the player is ready).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.bluffstones import rounds, setup as setup_phase, views
from engine.bluffstones.schemas import Circle, Circles, Colour, TowerColours
from engine.bluffstones.state import BIDDING, OVER, RESOLVING, SETUP, name, turn_order
from engine.bluffstones.stones import COLOURS, TOWER_COLOURS, bid_words
from engine.game import Action
from engine.moves import ANYONE, SEAT, TURN, Move, Said, move_table
from engine.schema import Field, Int, fields
from engine.words import and_words

SETUP_PHASES = (SETUP,)


# -- what every move's words share ------------------------------------------------------
def _the_end(before: dict, after: dict, viewer: int) -> list[str]:
    """"The game is over: you win" (or who wins) when the move ended the game."""
    if before["phase"] == OVER or after["phase"] != OVER:
        return []
    winners = views.result(after)["winner_names"]
    if winners == [name(after, viewer)]:
        return ["The game is over: you win"]
    if len(winners) == 1:
        return [f"The game is over: {winners[0]} wins"]
    return [f"The game is over: {and_words(winners)} share the win"]


def _told(line: str, before: dict, after: dict, viewer: int | None, *news: str) -> Said:
    """``line`` for everyone, with ``news`` (and the end of the game) for a seat."""
    if viewer is None:
        return Said(line)
    parts = [*news, *_the_end(before, after, viewer)]
    return Said(line, ". ".join(parts) if parts else None)


def _payload(action: Action) -> Mapping[str, Any]:
    return action.payload if isinstance(action.payload, Mapping) else {}


# -- setup: towers, their top colours, the start player, the start ---------------------
def _towers_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    circles = Circles().check(_payload(action).get("circles"), "The tower circles")
    return f"Towers stand on {', '.join(circles)}"


TOWERS = Move("towers", setup_phase.set_towers, who=ANYONE, phases=SETUP_PHASES,
              label="Moving the towers", words=_towers_words, payload=fields(
                  circles=Field(Circles(), "The tower circles", required=True)))


def _tower_colour_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    payload = _payload(action)
    if "colours" in payload:
        pairs = TowerColours().check(payload["colours"], "The colours").items()
    else:
        pairs = [(Circle().check(payload.get("circle"), "The circle"),
                  Colour(TOWER_COLOURS).check(payload.get("colour"), "The colour"))]
    return "; ".join(f"The tower on {c} has a {col} top stone" for c, col in pairs)


TOWER_COLOUR = Move("tower_colour", setup_phase.set_tower_colours, who=ANYONE,
                    phases=SETUP_PHASES, label="Recording a top colour",
                    words=_tower_colour_words, payload=fields(
                        circle=Field(Circle(), "The tower's circle"),
                        colour=Field(Colour(TOWER_COLOURS), "The top-stone colour"),
                        colours=Field(TowerColours(), "The top-stone colours")))


def _start_player_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    chosen = _payload(action).get("player")
    if isinstance(chosen, int) and not isinstance(chosen, bool) and 0 <= chosen < len(before["players"]):
        return f"{name(before, chosen)} takes the turn tower"
    return "The turn tower was given"


START_PLAYER = Move("start_player", setup_phase.set_start_player, who=ANYONE,
                    phases=SETUP_PHASES, label="Choosing the start player",
                    words=_start_player_words, payload=fields(
                        player=Field(Int(0, 2), "The player who takes the turn tower",
                                     required=True)))

START = Move("start", setup_phase.start, who=ANYONE, phases=SETUP_PHASES,
             label="Starting the game", when=setup_phase.start_refusal,
             words=lambda before, *_: setup_phase.start_words(before))


# -- bid: a seat's sealed bid (its content told only to that seat) ----------------------
def _bid_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    seat = action.seat
    valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(before["players"])
    who = name(before, seat) if valid else "The host"
    if viewer is None or viewer != seat:
        return f"{who} is ready"
    recorded = after["bids"][seat]
    return f"{who} bid {bid_words(recorded)} (secret)" if recorded else f"{who} bid"


BID = Move("bid", rounds.bid, who=SEAT, phases=(BIDDING,), secret=True,
           label="Bidding", when=rounds.bid_refusal, words=_bid_words, payload=fields(
               count=Field(Int(0, 2, text=True), "The number of stones bid", required=True),
               colour=Field(Colour(COLOURS), "The colour of the stones bid")))


# -- reveal: every bid shown at once ----------------------------------------------------
def _thrown_away(bids: list[dict], seat: int, names: list[str]) -> list[str]:
    """A one-stone bid beaten by someone else's two-stone bid loses its stone."""
    twos = [names[s] for s, b in enumerate(bids) if b["count"] == 2 and s != seat]
    mine = bids[seat]
    if mine["count"] == 1 and twos:
        return [f"{and_words(twos)} bid two: your {mine['colour']} stone is thrown away"]
    return []


def _reveal_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    bids = after["reveal"]["bids"]
    line = views.revealed_words(before, turn_order(before), bids)
    if all(not b["count"] for b in bids):
        line += "; everyone bid zero: the game ends"
    lost = _thrown_away(bids, viewer, before["players"]) if viewer is not None else []
    return _told(line, before, after, viewer, *lost)


REVEAL = Move("reveal", rounds.reveal, who=ANYONE, phases=(BIDDING,), reveals=True,
              label="Revealing the bids", when=rounds.reveal_refusal, words=_reveal_words)


# -- remove: a red stone takes a placed stone -------------------------------------------
def _remove_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    removed = after["reveal"]["removed"][-1]
    line = (f"{name(before, removed['seat'])}'s red stone removes the {removed['colour']} "
            f"stone on {removed['circle']} (both thrown away)")
    return _told(line, before, after, viewer)


REMOVE = Move("remove", rounds.remove, who=TURN, phases=(RESOLVING,),
              label="Removing a stone", when=rounds.step_refusal("remove"),
              words=_remove_words, payload=fields(
                  circle=Field(Circle(), "The circle", required=True)))


# -- place: a stone on an empty circle, which may score towers --------------------------
def _place_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    placed = after["reveal"]["placed"][-1]
    who, colour = name(before, placed["seat"]), placed["colour"]
    line = f"{who} places a {colour} stone on {placed['circle']}"
    for tower in placed["scored"]:
        line += f"; {who} scores the {colour} tower on {tower}"
    scored = [f"You scored the {colour} tower on {tower}" for tower in placed["scored"]
              if viewer == placed["seat"]]
    return _told(line, before, after, viewer, *scored)


PLACE = Move("place", rounds.place, who=TURN, phases=(RESOLVING,),
             label="Placing a stone", when=rounds.step_refusal("place"),
             words=_place_words, payload=fields(
                 circle=Field(Circle(), "The circle", required=True)))


MOVES = move_table(TOWERS, TOWER_COLOUR, START_PLAYER, START, BID, REVEAL, REMOVE, PLACE)
