"""The bidding card: who bids, every pile with its standing bid and, on the phone whose
turn it is, the advice (:mod:`.bid_advice`), the composer (:mod:`.composer`) and the pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.bid_advice import BidAdvice
from companion.games.rockgarden.composer import BidRocks, ComposerLines, PilePicker
from companion.games.rockgarden.words import (bidding_now, my_garden, my_turn, name_of, rock_names, turn_words,
                                              use_while_mine)
from companion.ui import kit
from companion.ui.live import part, use_fixed, use_table, use_view
from companion.ui.step import use_step
from engine.rockgarden.bid_check import bid_check
from engine.words import plural


@part
def Bidding():
    """The bidding card: who bids, every pile with its bid and, shown only on the phone
    whose turn it is, the advice, the composer and the pass (:func:`MyBid`).

    Every phone draws the same parts whatever the turn, so a bid draws again only what
    it changed (who bids, the pile it took): the composer is kept, hidden, on the phones
    not bidding, never built again when the turn comes round."""
    return kit.card([BidHead(), BidBoard(), MyBid()])


def _head_slice(s: dict) -> tuple:
    """My turn: what I may do ("Undercut or pass"), big; another's: who bids."""
    if bidding_now(s):
        return (turn_words(s) or "bid").capitalize(), 28
    return f"{name_of(s['table']['players'], s['public']['turn'])} is bidding", kit.LARGE


def _standing_slice(s: dict):
    seat = s["table"]["seat"]
    if seat is None or bidding_now(s):
        return None
    return next((p["number"] for p in s["public"]["piles"] if p["bid"] and p["bid"]["seat"] == seat), None)


@part
def BidHead():
    """Who bids (on my turn, what I may do), whether my bid stands, and on the host's
    table screen how to bid for a player: three parts, a bid changes the first."""
    host = use_fixed(lambda s: s["table"]["host"] and s["table"]["seat"] is None)
    rows: list[ft.Control] = [BidTitle(), MyStandingBid()]
    if host:
        rows.append(HostBidHint())
    return ft.Column(rows, spacing=8)


@part
def BidTitle():
    text, size = use_view(_head_slice)
    return kit.title(text, size=size)


@part
def MyStandingBid():
    standing = use_view(_standing_slice)
    return kit.body(f"Your bid on pile {standing} stands." if standing else "", visible=standing is not None)


@part
def HostBidHint():
    who = use_view(lambda s: name_of(s["table"]["players"], s["public"]["turn"]))
    return kit.muted(f"Choose 'Enter for {who}' above to bid for them.")


@part
def BidBoard():
    """Every pile with its rocks and its standing bid. A bid draws again only the bid
    line of the pile it was placed on."""
    count = use_view(lambda s: len(s["public"]["piles"]))
    names = use_fixed(rock_names)  # the bidding comes after the first move: the settings stay
    rows: list[ft.Control] = [PileRow(i, names, key=f"pile{i}") for i in range(count)]
    if not rows:
        rows.append(kit.muted("No piles yet."))
    return ft.Container(ft.Column(rows, spacing=8), padding=10, border=kit.outline(1, ft.Colors.OUTLINE_VARIANT))


def _pile_of(s: dict, index: int):
    piles = s["public"]["piles"]
    if index >= len(piles):
        return None  # a pile gone (the round moved on): its part is about to leave
    p = piles[index]
    return p["number"], p["value"], tuple(p["rocks"])


@part
def PileRow(index: int, names: dict):
    """A pile: its number, worth and rocks (set while it is bid on), and its bid."""
    pile = use_view(lambda s: _pile_of(s, index))
    if pile is None:
        return ft.Container(visible=False)
    number, value, rocks = pile
    return ft.Column([kit.own(ft.Text(f"Pile {number} · worth {value}", size=18, weight=ft.FontWeight.BOLD,
                                      semantics_label=f"Pile {number} worth {value}")),
                      rk.rock_row(names, rocks, size=20), PileBid(index, names)], spacing=4)


def _bid_slice(s: dict, index: int):
    piles = s["public"]["piles"]
    if index >= len(piles):
        return None
    bid = piles[index]["bid"]
    return ("none",) if bid is None else (bid["name"], tuple(bid["rocks"]), bid["value"], bid["count"])


@part
def PileBid(index: int, names: dict):
    number = index + 1
    bid = use_view(lambda s: _bid_slice(s, index))
    if bid is None:
        return ft.Container(visible=False)
    if bid == ("none",):
        return kit.muted("No bid yet")
    who, bid_rocks, bid_value, count = bid
    return kit.own(ft.Text(
        f"{who} bid {rk.rocks_label(names, bid_rocks)} (worth {bid_value}, {plural(count, 'rock')})",
        size=16, semantics_label=f"Pile {number} bid {who} worth {bid_value}"))


@dataclass(frozen=True)
class Composing:
    """What the bidding tools do with a tap (the same functions on every draw of
    :func:`MyBid`, so the parts they are handed to are not drawn again for them)."""

    choose: Callable[[int], None]
    pick: Callable[[str, int], None]
    clear: Callable[[], None]
    load: Callable[[int, tuple], None]
    open_pass: Callable[[], None]
    close_pass: Callable[[], None]
    bid: Callable[[], tuple]
    """(pile, rocks) as composed by the latest tap, for "Place bid" (see kit.use_field)."""


@part
def MyBid():
    """The advice, the pile picker, the composer and the pass (:func:`BidTools`): shown
    on my turn only, kept (hidden) when it is not.

    What they show that a move can change (my turn, my garden, the table's check of the
    bid) is read here, once, and handed down, so a move draws them once; each is read
    only while it is my turn to bid (:func:`use_while_mine`), so the move that ends my
    turn draws this part's visibility and none of the tools (they are one part of their
    own, drawn only from here: a part that hid them while they read the view themselves
    would draw them twice when a turn comes). A turn starts with no pile chosen and no
    rocks: "Place bid" waits for a pile, and takes only a bid the table would
    take (``engine.rockgarden.bid_check``, which also says what the bid keeps if it stands)."""
    seat = use_fixed(lambda s: s["table"]["seat"])
    names = use_fixed(rock_names)  # the bidding comes after the first move: the settings stay
    shown = use_view(bidding_now)
    turn = use_while_mine(my_turn)
    garden = use_while_mine(my_garden)
    may = use_while_mine(lambda s: (bidding_now(s) and "bid" not in s["legal"], "pass" in s["legal"]))
    choice, composed, set_choice = kit.use_field((None, None, ()))  # (turn, pile, rocks chosen)
    passing_in, set_passing_in = ft.use_state(None)  # the turn whose Pass panel is open
    loaded, set_loaded = ft.use_state(0)  # lines of advice tapped (each fills in the bid)
    latest = ft.use_ref(None)
    latest.current = turn

    def now(old: tuple) -> tuple:
        """The composition of this turn (an older turn's is forgotten)."""
        return old if old[0] == latest.current else (latest.current, None, ())

    # set with a function of the latest choice, so that they need not change when it does
    tools = ft.use_memo(lambda: Composing(
        choose=lambda index: set_choice(lambda old: (latest.current, index, now(old)[2])),
        pick=lambda code, step: set_choice(
            lambda old: (latest.current, now(old)[1], rk.picked(now(old)[2], code, step))),
        clear=lambda: set_choice(lambda old: (latest.current, now(old)[1], ())),
        load=lambda index, rocks: (set_choice((latest.current, index, rk.selection(rocks))),
                                   set_loaded(lambda n: n + 1)),
        open_pass=lambda: set_passing_in(latest.current),
        close_pass=lambda: set_passing_in(None),
        bid=lambda: (now(composed.current)[1], rk.counter_text(now(composed.current)[2]))), [])
    _, pile, chosen = now(choice) if turn is not None else (None, None, ())
    text = rk.counter_text(chosen)
    check = use_while_mine(lambda s: bid_check(s, seat, pile, text))  # the table's rules, from my view
    blocked, may_pass = may
    passing = turn is not None and passing_in == turn and may_pass
    return ft.Container(BidTools(names, pile, chosen, garden, check, blocked, passing, tools, loaded),
                        visible=shown)


@part
def BidTools(names: dict, pile, chosen: tuple, garden: dict, check: dict, blocked: bool, passing: bool,
             tools: Composing, loaded: int = 0):
    """The advice, the pile picker, the composer and the pass, or the Pass panel."""
    if passing:
        content: list[ft.Control] = [Passing(tools.close_pass)]
    elif blocked:
        content = [BidAdvice(tools.load), kit.body("Every pile has a bid of no rocks: nobody can undercut them."),
                   PassArea(tools.open_pass)]
    else:
        content = [BidAdvice(tools.load), PilePicker(pile, tools.choose),
                   ComposerLines(pile, chosen, check, tools.clear, tools.bid, loaded),
                   kit.muted("Rocks for your bid, from your garden (or none):"),
                   BidRocks(names, chosen, garden, tools.pick), PassArea(tools.open_pass)]
    return ft.Column(content, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _pass_slice(s: dict):
    if not bidding_now(s):
        return None
    if "pass" in s["legal"]:
        return ("pass",)
    return ("open", ", ".join(str(p["number"]) for p in s["public"]["piles"] if not p["bid"]))


@part
def PassArea(open_pass):
    state = use_while_mine(_pass_slice)
    if state is None:
        return ft.Container(visible=False)
    if state[0] == "pass":
        return ft.Column([kit.muted("Or pass: take a Pass card (1 demerit) and draw one rock."),
                          kit.secondary("Pass", lambda e: open_pass())],
                         spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return kit.muted(f"You may pass once every pile has a bid (no bid yet on pile {state[1]}).")


PASS_STEP = "draw one rock from the bag and tap it"


@part
def Passing(back):
    context = use_table()
    names = use_view(rock_names)
    empty = use_view(lambda s: s["public"]["bag"]["total"] == 0)
    black = use_view(lambda s: s["public"]["bag"]["black_rock"])

    async def send(payload):
        if await context.move("pass", payload):
            back()

    key = use_step("pass", PASS_STEP)
    rows: list[ft.Control] = [
        kit.title("Pass", size=24),
        kit.body("Take a Pass card (1 demerit), then draw one rock from the bag and tap it. "
                 "The bids go to the bag and each pile to its bidder."),
    ]
    if empty:
        rows.append(kit.primary("Pass (the bag is empty)", lambda e: context.phone.run(send({}))))
    else:
        def black_rock():
            context.confirm("You drew the black rock?",
                            "You pass without a rock; the game ends after this round's scoring.",
                            lambda: context.phone.run(send({"rock": "K"})), "Black rock: last round")

        rows.append(rk.tap_picker(names, lambda code: context.phone.run(send({"rock": code})),
                                  black=black_rock if black else None, black_label="I drew the black rock"))
    rows.append(kit.secondary("Back to bidding", lambda e: back()))
    return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, key=key)
