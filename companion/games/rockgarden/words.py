"""What Rock Garden's screens say and read: the banner's ``turn_words``, pass-and-play's
``decision``, and the small slices of the view every part of the screen words the
table with (the players' names and colours, the rocks' names, whose turn to bid)."""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.ui import kit
from companion.ui.live import use_view


# -- what the banner says ------------------------------------------------------------------

def _every_pile_has_a_bid(public: dict) -> bool:
    return bool(public["piles"]) and all(p["bid"] is not None for p in public["piles"])


def turn_words(screen: dict) -> str | None:
    """The moves open to this seat now, in words (only the legal ones)."""
    legal = screen["legal"]
    public = screen["public"]
    phase = public["phase"]
    if phase == "setup":
        return f"draw your {screen['public']['starting_rocks']} starting rocks" if "setup_draw" in legal else None
    if phase == "piles":
        return "lay out the piles" if "draw" in legal else None
    if phase == "bidding":
        bid, pass_ = "bid" in legal, "pass" in legal
        if bid and pass_:
            return "undercut or pass"
        if bid:
            return "undercut a bid" if _every_pile_has_a_bid(public) else "bid on a pile"
        return "pass" if pass_ else None
    if phase == "turn_ins" and "turn_in" in legal:
        return "turn in your forbidden sets"
    return None


def decision(screen: dict, seat: int) -> str | None:
    """What ``seat`` decides now, from the public view only (pass-and-play's hand-over)."""
    public = screen["public"]
    phase = public["phase"]
    if phase == "setup":
        have = public["players"][seat]["rocks"]
        return f"draw their {public['starting_rocks']} starting rocks" if have < public["starting_rocks"] else None
    if phase == "piles" and public["start_player"] == seat:
        return "lay out the piles"
    if phase == "bidding" and public["turn"] == seat:
        return "undercut a bid or pass" if _every_pile_has_a_bid(public) else "bid on a pile"
    if phase == "turn_ins" and public["turn"] == seat:
        return "turn in their forbidden sets"
    return None


# -- small slices ---------------------------------------------------------------------------

def rock_names(s: dict) -> dict:
    return s["public"]["colour_names"]


def player_names(s: dict) -> tuple:
    return tuple(s["table"]["players"])


def seat_and_names(s: dict) -> tuple:
    """Who this screen is (its seat, whether it is the host's) and the names it words the
    table with (the players', the rocks' colours)."""
    return s["table"]["seat"], s["table"]["host"], player_names(s), rock_names(s)


def player_colours(s: dict) -> tuple:
    """The players' colours on this game's screens: never a rock's colour. A table may
    name its rocks after a player colour ("Pink"); that player is drawn in a colour no
    rock and no other player uses."""
    names = s["public"]["colour_names"]
    rocks = {rk.rock_fill(names, letter) for letter in rk.COLOURS} | {kit.swatch("black")}
    colours = list(s["table"]["colours"])
    spare = [c for c in kit.SWATCHES if kit.swatch(c) not in rocks and c not in colours
             and c not in rk.DEFAULT_SWATCH.values() and c != "black"]
    return tuple(c if kit.swatch(c) not in rocks else (spare.pop(0) if spare else c) for c in colours)


def still_drawing(public: dict) -> list[str]:
    """The players whose starting garden is not drawn yet."""
    return [p["name"] for p in public["players"] if p["rocks"] < public["starting_rocks"]]


def name_of(players, seat) -> str:
    return "nobody" if seat is None else players[seat]


def allowed(*kinds):
    return lambda s: tuple(k in s["legal"] for k in kinds)


# -- whose turn to bid -------------------------------------------------------------------

def bidding_now(s: dict):
    """This seat may bid or pass now (and has its private view to do it with)."""
    private = s["private"]
    legal = s["legal"]
    return private is not None and bool(private.get("bid_options")) and ("bid" in legal or "pass" in legal)


def my_turn(s: dict):
    """The move this seat's turn to bid is at (None when it is not its turn): what a bid
    being composed belongs to, so that each turn starts afresh (no pile, no rocks)."""
    return s["revision"] if bidding_now(s) else None


def my_garden(s: dict) -> dict:
    seat = s["table"]["seat"]
    return s["public"]["players"][seat]["garden"] if seat is not None else {}


_UNREAD = object()


def use_while_mine(select):
    """A slice of my view while it is my turn to bid (and at first), kept as it last was
    while it is not: the part showing it is hidden then, and is not drawn again for
    nothing (my next turn draws what changed since)."""
    kept = ft.use_ref(_UNREAD)

    def while_mine(s: dict):
        if kept.current is _UNREAD or bidding_now(s):
            kept.current = select(s)
        return kept.current

    return use_view(while_mine)
