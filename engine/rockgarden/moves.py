"""Rock Garden's moves, each declared with its handler (:mod:`engine.rockgarden.play`),
when it is open and its words side by side.

What a move says (:data:`engine.moves.Words`, read from the states around it, never by
running a handler): its line in the history for every viewer, and what it tells a seat it
concerns: "Bo undercut your bid on pile 2" to the undercut bidder, and "The game is over"
to every seat when the move ended the game. A demerit card's value is said only to the
player who took it (the cards are hidden until the end).
"""

from __future__ import annotations

from typing import Any

from engine.game import Action
from engine.moves import ANYONE, SEAT, TURN, Move, Said, Words, move_table, said
from engine.rockgarden import play, rules
from engine.rockgarden.rocks import BLACK
from engine.rockgarden.sets import SET_TITLES
from engine.rockgarden.state import (
    BIDDING, OVER, PILES, SETUP, STARTING_ROCKS, TURN_INS, cards_of, count, listed, value,
)
from engine.schema import Field, Int, ListOf, OneOf, Text, fields

MAX_PLAYERS = 6

ROCKS = OneOf((ListOf(Text(max_len=10), max_len=75), Text(max_len=300)))
"""Rocks in a payload: a list ``["R1", "G2"]`` or one text ``"R1 G2"``."""


# -- what every move's words share ------------------------------------------------------
def _seat_name(state: dict, seat: Any) -> str | None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"]):
        return state["players"][seat]
    return None


def _author(state: dict, action: Action) -> str:
    return _seat_name(state, action.seat) or "The table"


def _payload(action: Action) -> dict:
    return action.payload if isinstance(action.payload, dict) else {}


ROMAN = {"1": "I", "2": "II", "3": "III"}


def _named(state: dict, codes) -> str:
    """Rocks as every screen names them: the table's colour name and the value as the
    piece shows it ("Red I, Green III"); the codes ("R1 G3") are what one types."""
    names = state["options"]["colour_names"]
    return ", ".join("the black rock" if code == BLACK else f"{names.get(code[0], code[0])} {ROMAN[code[1]]}"
                     for code in codes) or "no rocks"


def _rocks_text(state: dict, raw) -> str:
    try:
        draws = rules.parse_draws(raw)
    except Exception:  # noqa: BLE001 - words never fail
        return "rocks"
    return _named(state, draws)


def _and_the_end(words: Words) -> Words:
    """A move's words, telling every seat "The game is over" when the move ended it
    (and told it nothing else)."""
    def with_the_end(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
        told = said(words(before, action, after, viewer))
        ended = before["phase"] != OVER and after["phase"] == OVER
        if viewer is None or told.to_you is not None or not ended:
            return told
        return Said(told.text, "The game is over")
    return with_the_end


# -- setup_draw: rocks a player drew for their starting garden -------------------------
def _garden_not_full(state: dict, seat: int | None, host: bool) -> str | None:
    if seat is not None and count(state["gardens"][seat]) >= STARTING_ROCKS:
        return f"{state['players'][seat]}'s starting garden already has {STARTING_ROCKS} rocks"
    return None


def _setup_draw_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    rocks = _rocks_text(before, _payload(action).get("rocks"))
    return f"{_author(before, action)} drew {rocks} for the starting garden"


SETUP_DRAW = Move("setup_draw", play.setup_draw, who=SEAT, phases=(SETUP,), independent=True,
                  payload=fields(rocks=Field(ROCKS, "The rocks drawn", required=True)),
                  when=_garden_not_full, label="Drawing a starting garden",
                  words=_setup_draw_words)


# -- start_player: who starts round 1 --------------------------------------------------
def _start_player_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    target = _seat_name(before, _payload(action).get("player"))
    return f"{target} is the start player" if target else "The start player was chosen"


START_PLAYER = Move("start_player", play.start_player, who=ANYONE, phases=(SETUP,),
                    payload=fields(player=Field(Int(0, MAX_PLAYERS - 1), "The start player",
                                                required=True)),
                    label="Choosing the start player", words=_start_player_words)


# -- draw: rocks drawn for the piles (the black rock ends the game) --------------------
def _draw_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    drawer = _seat_name(before, before["start_player"]) or _author(before, action)
    rocks = _rocks_text(before, _payload(action).get("rocks"))
    if "black" in rocks:
        return f"{drawer} drew {rocks} while laying out the piles: the game is over"
    return f"{drawer} laid out {rocks}"


DRAW = Move("draw", play.draw, who=TURN, phases=(PILES,),
            payload=fields(rocks=Field(ROCKS, "The rocks drawn", required=True)),
            label="Drawing for the piles", words=_and_the_end(_draw_words))


# -- bid: rocks from a garden on a pile, undercutting its standing bid -----------------
def _a_pile_to_bid_on(state: dict, seat: int | None, host: bool) -> str | None:
    return rules.no_pile_to_bid_on([rules.biddable(p) for p in state["piles"]])


def _undercut_seat(state: dict, index: Any) -> int | None:
    """The seat whose standing bid on pile ``index`` a new bid there undercuts."""
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(state["piles"]):
        return None
    old = state["piles"][index]["bid"]
    return old["seat"] if old is not None and _seat_name(state, old["seat"]) else None


def _bid_words(before: dict, action: Action, after: dict, viewer: int | None) -> Said:
    """Everyone reads the bid (bids are public); the undercut bidder hears of it."""
    payload = _payload(action)
    who, index = _author(before, action), payload.get("pile")
    rocks = rules.parse_rocks(payload.get("rocks"))
    number = index + 1 if isinstance(index, int) and not isinstance(index, bool) else "?"
    line = f"{who} bid {_named(before, listed(rocks))} (worth {value(rocks)}) on pile {number}"
    undercut = _undercut_seat(before, index)
    if undercut is None:
        return Said(line)
    line += f", undercutting {before['players'][undercut]}"
    news = f"{who} undercut your bid on pile {number}"
    return Said(line, news if viewer == undercut != action.seat else None)


BID = Move("bid", play.bid, who=TURN, phases=(BIDDING,),
           payload=fields(pile=Field(Int(0, MAX_PLAYERS - 2), "The pile", required=True),
                          rocks=Field(ROCKS, "The rocks bid")),
           when=_a_pile_to_bid_on, label="Bidding", words=_bid_words)


# -- pass: a Pass card and a rock from the bag; the exchange follows by itself ----------
def _every_pile_has_a_bid(state: dict, seat: int | None, host: bool) -> str | None:
    waiting = rules.open_piles(state)
    if not waiting:
        return None
    if len(waiting) == 1:
        return f"You may not pass while pile {waiting[0]} has no bid"
    return f"You may not pass while piles {', '.join(map(str, waiting))} have no bid"


def _pass_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    who, rock = _author(before, action), _rocks_text(before, _payload(action).get("rock"))
    if "black" in rock:
        return (f"{who} passed, took a Pass card and drew the black rock: "
                "the game ends after this round's scoring")
    if rock == "no rocks":
        return f"{who} passed and took a Pass card (the bag was empty)"
    return f"{who} passed, took a Pass card and drew {rock}"


PASS = Move("pass", play.pass_, who=TURN, phases=(BIDDING,),
            payload=fields(rock=Field(Text(max_len=10), "The rock drawn")),
            when=_every_pile_has_a_bid, label="Passing", words=_and_the_end(_pass_words))


# -- turn_in: a forbidden set for the top card of its deck -----------------------------
def _turn_in_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    """Everyone reads the set; the card's value only its taker (read from the card the
    move recorded)."""
    who, raw = _author(before, action), _payload(action).get("rocks")
    try:
        rocks = rules.parse_rocks(raw)
        title = SET_TITLES[rules.classify(rocks)]
    except Exception:  # noqa: BLE001 - words never fail
        return f"{who} turned in {_rocks_text(before, raw)}"
    line = f"{who} turned in {title} {_named(before, listed(rocks))} and took a {title} card"
    if viewer is not None and viewer == action.seat:
        line += f" worth {cards_of(after, action.seat)[-1]['value']}"
    return line


TURN_IN = Move("turn_in", play.turn_in, who=TURN, phases=(TURN_INS,),
               payload=fields(rocks=Field(ROCKS, "The forbidden set", required=True)),
               label="Turning in a forbidden set", words=_and_the_end(_turn_in_words))


# -- correct_garden: a garden set to what is really on the board -----------------------
def _correction_open(state: dict, seat: int | None, host: bool) -> str | None:
    if state["phase"] == TURN_INS and not host:
        return ("During the turn-ins only the host can correct a garden: "
                "ask the host if yours is wrong")
    return None


def _correct_garden_words(before: dict, action: Action, after: dict, viewer: int | None) -> str:
    target = _seat_name(before, action.seat)
    if target is None:
        return "A garden was corrected"
    try:
        rocks = rules.parse_rocks(_payload(action).get("rocks"))
    except Exception:  # noqa: BLE001 - words never fail
        return f"{target}'s garden was corrected"
    change = play.correction_summary(before["gardens"][action.seat], rocks)
    return f"{target}'s garden was corrected ({change})"


CORRECT_GARDEN = Move("correct_garden", play.correct_garden, who=SEAT,
                      phases=(SETUP, PILES, BIDDING, TURN_INS),
                      payload=fields(rocks=Field(ROCKS, "The garden's rocks", required=True)),
                      when=_correction_open, label="Correcting a garden",
                      words=_and_the_end(_correct_garden_words))


MOVES = move_table(SETUP_DRAW, START_PLAYER, DRAW, BID, PASS, TURN_IN, CORRECT_GARDEN)
