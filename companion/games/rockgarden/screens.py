"""Rock Garden screens as components: the phone's ``Screen``, the host's ``TableView``,
the banner's ``turn_words``.

The phone: what this seat must do now (its ``legal`` moves say) is the card on top:
draw the starting garden, lay out the piles, bid or pass, turn in forbidden sets. While
bidding, the piles and their standing bids head that card, then the bid advice (one tap
loads a bid into the composer), then the composer, whose buttons never move when a
rock is picked. Below: my garden (5 x 3 counters, forbidden sets framed, my demerits --
hidden from the others), then the table (round tracker and black rock odds, piles and
bids outside the bidding, decks, every player's cards and rocks). The end: every
player's demerits, the ranking (ties broken by rocks) and a chart by round.

Everything shown comes with the view: the bid advice and the turn-in advice (with the
deck tops they assume, and the different rocks a plan can leave) are in this seat's
private view only; the screen draws and sends moves, the table checks every rule.

The host's table screen (seat None on a phone-sized screen) shows public information
only; it can record the piles for the start player, choose the start player and correct
any garden. ``TableView`` is the host's big shared screen: no controls at all; it fills
the screen with the round (the tracker, the black rock's odds, whose turn), the piles and
their bids, the last round's summary until the next piles are laid out, the decks and
the players, every number at 40 px or more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flet as ft

from companion.games.rockgarden import look as rk
from companion.ui import charts, kit
from companion.ui.live import part, use_fixed, use_table, use_view
from engine.rockgarden.bid_check import bid_check
from engine.words import plural

ENDINGS = {
    "black_in_piles": "The black rock came out while the piles were drawn: the game ended at once.",
    "black_on_pass": "The passing player drew the black rock: the game ended after that round's scoring.",
}
PLANS_SHOWN = 4
CHOSEN = ft.ButtonStyle(bgcolor=ft.Colors.PRIMARY, color=ft.Colors.ON_PRIMARY)  # the pile I bid on
ADVICE_BUTTON = ft.ButtonStyle(padding=ft.Padding(10, 8, 10, 8), shape=ft.RoundedRectangleBorder(radius=8))
BLACK_WHERE = {
    "bag": "The black rock is in the bag",
    "piles": "The black rock came out while the piles were drawn",
    "passer": "The passing player drew the black rock",
}


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

def _names(s: dict) -> dict:
    return s["public"]["colour_names"]


def _player_names(s: dict) -> tuple:
    return tuple(s["table"]["players"])


def _who(s: dict) -> tuple:
    """Who this screen is (its seat, whether it is the host's) and the names it words the
    table with (the players', the rocks' colours)."""
    return s["table"]["seat"], s["table"]["host"], _player_names(s), _names(s)


def _colours(s: dict) -> tuple:
    """The players' colours on this game's screens: never a rock's colour. A table may
    name its rocks after a player colour ("Pink"); that player is drawn in a colour no
    rock and no other player uses."""
    names = s["public"]["colour_names"]
    rocks = {rk.rock_fill(names, letter) for letter in rk.COLOURS} | {kit.swatch("black")}
    colours = list(s["table"]["colours"])
    spare = [c for c in kit.SWATCHES if kit.swatch(c) not in rocks and c not in colours
             and c not in rk.DEFAULT_SWATCH.values() and c != "black"]
    return tuple(c if kit.swatch(c) not in rocks else (spare.pop(0) if spare else c) for c in colours)


def _still_drawing(public: dict) -> list[str]:
    """The players whose starting garden is not drawn yet."""
    return [p["name"] for p in public["players"] if p["rocks"] < public["starting_rocks"]]


def _name(players, seat) -> str:
    return "nobody" if seat is None else players[seat]


def _may(*kinds):
    return lambda s: tuple(k in s["legal"] for k in kinds)


# -- the phone's screen ----------------------------------------------------------------------

@part
def Screen():
    over = use_view(lambda s: s["result"] is not None)
    phase = use_view(lambda s: s["public"]["phase"])
    seat = use_fixed(lambda s: s["table"]["seat"])
    correcting, set_correcting = ft.use_state(None)
    controls: list[ft.Control] = [Note()]
    if over:
        controls += [Final(), DemeritChart()]
        return _column(controls)
    if correcting is not None:
        controls.append(Correction(correcting, lambda: set_correcting(None), key=f"fix{correcting}"))
    elif phase == "setup":
        controls.append(Setup(key="setup"))
    elif phase == "piles":
        controls.append(LayPiles(key="piles"))
    elif phase == "bidding":
        controls.append(Bidding(key="bidding"))
    else:
        controls.append(TurnIns(key="turn_ins"))
    if seat is not None:
        controls.append(MyGarden())
    controls.append(Tracker())
    if phase != "bidding":  # while bidding, the piles head the bidding card
        controls.append(PilesView())
    controls += [Decks(), Players()]
    if correcting is None:
        controls.append(CorrectionButtons(set_correcting))
    return _column(controls)


def _column(controls) -> ft.Control:
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def Note():
    note = use_view(lambda s: s["public"]["note"])
    return kit.muted(f"Unofficial: {note}.") if note else ft.Container(visible=False)


# -- setup -------------------------------------------------------------------------------------

@part
def Setup():
    context = use_table()
    seat, host, players, names = use_view(_who)
    have = use_view(lambda s: s["public"]["players"][seat]["rocks"] if seat is not None else None)
    starting = use_view(lambda s: s["public"]["starting_rocks"])
    missing = use_view(lambda s: tuple(_still_drawing(s["public"])))
    start = use_view(lambda s: s["public"]["start_player"])
    may_draw, may_start = use_view(_may("setup_draw", "start_player"))
    chosen, latest, set_chosen = kit.use_field(())

    async def record(e):
        if await context.move("setup_draw", {"rocks": rk.counter_text(latest.current)}):
            set_chosen(())

    rows: list[ft.Control] = [kit.title("Setting up", size=28)]
    if seat is not None:
        if may_draw:
            rows.append(kit.body(f"Draw {starting} rocks from the bag and tap each one "
                                 f"({have + rk.count_of(chosen)} of {starting})."))
            rows.append(kit.primary("Record starting rocks", record if chosen else None))
            rows.append(rk.count_picker(names, chosen, set_chosen, total_limit=starting - have))
        else:
            rows.append(kit.body(f"Your {starting} starting rocks are in your garden."))
    if missing:
        hint = "" if seat is not None or not host else \
            ". Choose 'Enter for <player>' above to record their rocks."
        rows.append(kit.muted("Still drawing: " + ", ".join(missing) + hint))
    rows.append(kit.body(f"Start player: {_name(players, start)}", weight=ft.FontWeight.BOLD))
    if may_start:
        rows.append(kit.muted("Who starts? The start player lays out the first piles."))
        rows.append(ft.Row([
            (kit.primary if start == s else kit.secondary)(
                f"{name} starts", lambda e, s=s: context.act("start_player", {"player": s}))
            for s, name in enumerate(players)], wrap=True))
    return kit.card(rows)


# -- laying out the piles -------------------------------------------------------------------------

@part
def LayPiles():
    context = use_table()
    seat, _, players, names = use_view(_who)
    start = use_view(lambda s: s["public"]["start_player"])
    (may_draw,) = use_view(_may("draw"))
    black = use_view(lambda s: s["public"]["bag"]["black_rock"])
    progress = use_view(lambda s: (
        len(s["public"]["piles"]) if (not s["public"]["piles"] or s["public"]["piles"][-1]["complete"])
        else len(s["public"]["piles"]) - 1,
        s["public"]["piles_needed"], s["public"]["current_pile_value"], s["public"]["pile_target"]))
    last = use_view(lambda s: s["public"]["piles"][-1] if s["public"]["piles"] else None)
    current, needed, value, target = progress
    line = kit.own(ft.Text(f"Pile {current + 1} of {needed}: {value} of {target}", size=22,
                           weight=ft.FontWeight.BOLD,
                           semantics_label=f"Pile {current + 1} of {needed}: value {value}"))
    if not may_draw:
        return kit.card([kit.title(f"{_name(players, start)} is laying out the piles"), line])

    def black_rock():
        context.confirm("The black rock came out?", "The game ends at once: this round is not played.",
                        lambda: context.act("draw", {"rocks": "K"}), "Black rock: end the game")

    who = "You lay" if seat == start else f"{_name(players, start)} lays"
    rows = [kit.title(f"{who} out the piles", size=28),
            kit.body("Draw from the bag and tap each rock as it comes out. A pile is "
                     f"complete at {target} or more; then the next one starts."),
            line]
    if last is not None and not last["complete"]:
        rows.append(rk.rock_row(names, last["rocks"]))
    elif last is not None:
        rows.append(kit.body(f"Pile {last['number']} is complete (worth {last['value']}): "
                             f"now pile {last['number'] + 1}.", weight=ft.FontWeight.BOLD))
    rows.append(rk.tap_picker(names, lambda code: context.act("draw", {"rocks": code}),
                              black=black_rock if black else None))
    return kit.card(rows)


# -- bidding ---------------------------------------------------------------------------------------

def _bidding_slice(s: dict):
    """This seat may bid or pass now (and has its private view to do it with)."""
    private = s["private"]
    legal = s["legal"]
    return private is not None and bool(private.get("bid_options")) and ("bid" in legal or "pass" in legal)


def _my_turn(s: dict):
    """The move this seat's turn to bid is at (None when it is not its turn): what a bid
    being composed belongs to, so that each turn starts afresh (no pile, no rocks)."""
    return s["revision"] if _bidding_slice(s) else None


def _my_garden(s: dict) -> dict:
    seat = s["table"]["seat"]
    return s["public"]["players"][seat]["garden"] if seat is not None else {}


_UNREAD = object()


def use_while_mine(select):
    """A slice of my view while it is my turn to bid (and at first), kept as it last was
    while it is not: the part showing it is hidden then, and is not drawn again for
    nothing (my next turn draws what changed since)."""
    kept = ft.use_ref(_UNREAD)

    def while_mine(s: dict):
        if kept.current is _UNREAD or _bidding_slice(s):
            kept.current = select(s)
        return kept.current

    return use_view(while_mine)


@part
def Bidding():
    """The bidding card: who bids, every pile with its bid and, shown only on the phone
    whose turn it is, the advice, the composer and the pass (:func:`MyBid`).

    Every phone draws the same parts whatever the turn, so a bid draws again only what
    it changed (who bids, the pile it took): the composer is kept, hidden, on the phones
    not bidding, never built again when the turn comes round (issue 25)."""
    return kit.card([BidHead(), BidBoard(), MyBid()])


def _head_slice(s: dict) -> tuple:
    """My turn: what I may do ("Undercut or pass"), big; another's: who bids."""
    if _bidding_slice(s):
        return (turn_words(s) or "bid").capitalize(), 28
    return f"{_name(s['table']['players'], s['public']['turn'])} is bidding", kit.LARGE


def _standing_slice(s: dict):
    seat = s["table"]["seat"]
    if seat is None or _bidding_slice(s):
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
    who = use_view(lambda s: _name(s["table"]["players"], s["public"]["turn"]))
    return kit.muted(f"Choose 'Enter for {who}' above to bid for them.")


@part
def BidBoard():
    """Every pile with its rocks and its standing bid. A bid draws again only the bid
    line of the pile it was placed on."""
    count = use_view(lambda s: len(s["public"]["piles"]))
    names = use_fixed(_names)  # the bidding comes after the first move: the settings stay
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
    rocks (issue 26): "Place bid" waits for a pile, and takes only a bid the table would
    take (``engine.rockgarden.bid_check``, which also says what the bid keeps if it stands)."""
    seat = use_fixed(lambda s: s["table"]["seat"])
    names = use_fixed(_names)  # the bidding comes after the first move: the settings stay
    shown = use_view(_bidding_slice)
    turn = use_while_mine(_my_turn)
    garden = use_while_mine(_my_garden)
    may = use_while_mine(lambda s: (_bidding_slice(s) and "bid" not in s["legal"], "pass" in s["legal"]))
    choice, composed, set_choice = kit.use_field((None, None, ()))  # (turn, pile, rocks chosen)
    passing_in, set_passing_in = ft.use_state(None)  # the turn whose Pass panel is open
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
        load=lambda index, rocks: set_choice((latest.current, index, rk.selection(rocks))),
        open_pass=lambda: set_passing_in(latest.current),
        close_pass=lambda: set_passing_in(None),
        bid=lambda: (now(composed.current)[1], rk.counter_text(now(composed.current)[2]))), [])
    _, pile, chosen = now(choice) if turn is not None else (None, None, ())
    text = rk.counter_text(chosen)
    check = use_while_mine(lambda s: bid_check(s, seat, pile, text))  # the table's rules, from my view
    blocked, may_pass = may
    passing = turn is not None and passing_in == turn and may_pass
    return ft.Container(BidTools(names, pile, chosen, garden, check, blocked, passing, tools), visible=shown)


@part
def BidTools(names: dict, pile, chosen: tuple, garden: dict, check: dict, blocked: bool, passing: bool,
             tools: Composing):
    """The advice, the pile picker, the composer and the pass, or the Pass panel."""
    if passing:
        content: list[ft.Control] = [Passing(tools.close_pass)]
    elif blocked:
        content = [BidAdvice(tools.load), kit.body("Every pile has a bid of no rocks: nobody can undercut them."),
                   PassArea(tools.open_pass)]
    else:
        content = [BidAdvice(tools.load), PilePicker(pile, tools.choose),
                   ComposerLines(pile, chosen, check, tools.clear, tools.bid),
                   kit.muted("Rocks for your bid, from your garden (or none):"),
                   BidRocks(names, chosen, garden, tools.pick), PassArea(tools.open_pass)]
    return ft.Column(content, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _pass_slice(s: dict):
    if not _bidding_slice(s):
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


def advice_line(names, pile: int, bids: list) -> str:
    """The compact advice for one pile: its best bid, in words."""
    if not bids:
        return f"Pile {pile}: its bid of no rocks cannot be undercut"
    best = bids[0]
    return (f"Pile {pile}: bid {rk.rocks_label(names, best['rocks'])} ({best['value']}) and take "
            f"{rk.demerits_words(best['demerits_if_it_stands'])} if it stands")


def advice_entry(names, bid: dict) -> str:
    return (f"{rk.rocks_label(names, bid['rocks'])} · worth {bid['value']} · "
            f"{rk.demerits_words(bid['demerits_if_it_stands'])} if it stands · "
            f"keeps {plural(len(bid['rocks_kept']), 'rock')}")


def pass_line(passing: dict) -> str | None:
    if not passing or not passing["legal"]:
        return None
    return (f"Pass: expect {passing['expected_demerits']:.2f} demerits (the Pass card included); "
            f"black rock chance {rk.percent(passing['black_rock_chance'])}")


def tops_line(tops: dict) -> str:
    faced = ", ".join(f"{rk.DECK_NAMES[d]} {tops[d]}" for d in rk.SET_DECKS)
    return (f"For the deck tops you face now ({faced}): who turns in before you is not "
            "known until someone passes.")


@part
def BidAdvice(load):
    """The bid advice (issue 17): one line per pile, a tap loads its bid; the rest on demand."""
    names = use_fixed(_names)  # the bidding comes after the first move: the settings stay
    advice = use_while_mine(lambda s: (s["private"] or {}).get("bid_advice"))  # (shown on my turn only)
    may_bid = use_while_mine(lambda s: "bid" in s["legal"])
    full, set_full = ft.use_state(False)
    if not may_bid:
        load = None
    if not advice:
        return ft.Container(visible=False)
    rows: list[ft.Control] = [kit.title("Advice", size=20)]
    for entry in advice["piles"]:
        text = advice_line(names, entry["pile"], entry["bids"])
        if entry["bids"] and load is not None:
            best = entry["bids"][0]
            rows.append(ft.OutlinedButton(
                content=ft.Text(text, size=16),
                on_click=lambda e, i=entry["pile"] - 1, r=tuple(best["rocks"]): load(i, r),
                style=ADVICE_BUTTON))
        else:
            rows.append(kit.body(text, size=16))
    line = pass_line(advice["pass"])
    if line:
        rows.append(kit.body(line, size=16))
    rows.append(kit.muted(tops_line(advice["tops"])))
    total = sum(len(e["bids"]) for e in advice["piles"])
    rows.append(kit.secondary("Hide the advised bids" if full else f"All advised bids ({total})",
                              lambda e: set_full(not full)))
    if full:
        for entry in advice["piles"]:
            rows.append(kit.body(f"Pile {entry['pile']}", weight=ft.FontWeight.BOLD))
            if not entry["bids"]:
                rows.append(kit.muted("No bid can undercut its bid."))
            for bid in entry["bids"]:
                text = advice_entry(names, bid)
                if load is None:
                    rows.append(kit.body(text, size=15))
                else:
                    rows.append(ft.TextButton(
                        content=ft.Text(text, size=15),
                        on_click=lambda e, i=entry["pile"] - 1, r=tuple(bid["rocks"]): load(i, r)))
    return ft.Container(ft.Column(rows, spacing=6), padding=10,
                        border=kit.outline(2, rk.HIGHLIGHT))


def _open_to_bids(s: dict) -> tuple:
    """(number, may take a bid) for each pile, from the public view."""
    return tuple((p["number"], p["takes_bids"]) for p in s["public"]["piles"])


@part
def PilePicker(pile, choose):
    """Which pile I bid on: none at first (issue 26). A button a part: choosing a pile
    draws again the two buttons whose look changed."""
    piles = use_while_mine(_open_to_bids)  # hidden, on another's turn, it draws nothing
    return ft.Row([PileButton(number, can, pile == number - 1, choose, key=str(number)) for number, can in piles],
                  wrap=True, spacing=6, run_spacing=6)


@part
def PileButton(number: int, can: bool, chosen: bool, choose):
    return ft.OutlinedButton(f"Bid on pile {number}", on_click=lambda e: choose(number - 1),
                             disabled=not can, height=44, style=CHOSEN if chosen else None)


@part
def ComposerLines(pile, chosen: tuple, check: dict, clear, composed):
    context = use_table()
    names = use_fixed(_names)
    values = use_fixed(lambda s: s["public"]["rock_values"])
    text = rk.counter_text(chosen)
    worth, many = rk.value_of(chosen, values), rk.count_of(chosen)
    rocks = rk.rocks_label(names, text.split())
    if pile is None:
        beat = "Choose the pile you bid on: tap “Bid on pile …”."
        summary = (f"Your bid: {rocks} — worth {worth}, {plural(many, 'rock')}" if chosen
                   else "Your bid: no pile chosen yet")
    else:
        beat = (f"To undercut: {check['to_beat']}." if check["to_beat"]
                else f"Pile {pile + 1} has no bid yet: any bid takes it.")
        summary = (f"Your bid on pile {pile + 1}: {rocks} — worth {worth}, {plural(many, 'rock')}" if chosen
                   else f"Your bid on pile {pile + 1}: no rocks (worth 0; nobody can undercut it)")
    # what the bid keeps if it stands (the warning), or why the table would refuse it: one
    # line of the same controls whatever it says, so nothing below it moves
    if check["warning"]:
        said, colour = check["warning"], None
    elif check["ready"]:
        said, colour = "If this bid stands your garden keeps no forbidden set.", ft.Colors.ON_SURFACE_VARIANT
    elif pile is not None and check["problem"]:
        said, colour = check["problem"], ft.Colors.ERROR
    else:
        said, colour = "", None
    status = ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, size=20, color=rk.HIGHLIGHT, visible=bool(check["warning"])),
                     ft.Container(kit.body(said, size=kit.SMALL + 2, color=colour,
                                           weight=ft.FontWeight.BOLD if check["warning"] else None),
                                  expand=True)], spacing=6)

    async def place(e):
        latest_pile, latest_rocks = composed()  # a tap read in the same go counts
        await context.move("bid", {"pile": latest_pile, "rocks": latest_rocks})

    return ft.Column([
        ft.Container(kit.body(beat, size=16, weight=ft.FontWeight.BOLD), height=48),
        ft.Container(kit.own(ft.Text(summary, size=17, weight=ft.FontWeight.BOLD, max_lines=2,
                                     overflow=ft.TextOverflow.ELLIPSIS)), height=50),
        ft.Container(status, height=44),
        ft.Row([kit.primary("Place bid", place if check["ready"] else None),
                kit.secondary("Clear", (lambda e: clear()) if chosen else None)], spacing=8),
    ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def BidRocks(names: dict, chosen: tuple, garden: dict, pick):
    """My garden's rocks to bid with, a colour a part and each kind a part of its own: a
    pick (or a new turn's empty bid) draws again the kinds it changed, in their rows."""
    counts = dict(chosen)
    rows: list[ft.Control] = []
    for letter in rk.COLOURS:
        limits = tuple(garden.get(f"{letter}{v}", 0) for v in rk.VALUES)
        if any(limits):
            picked = tuple(counts.get(f"{letter}{v}", 0) for v in rk.VALUES)
            rows.append(BidRockRow(names, letter, picked, limits, pick, key=letter))
    return ft.Column(rows, spacing=4)


@part
def BidRockRow(names: dict, letter: str, picked: tuple, limits: tuple, pick):
    cells: list[ft.Control] = [
        PickCell(names, f"{letter}{v}", n, limit, pick, key=str(v)) if limit else ft.Container(expand=True)
        for v, n, limit in zip(rk.VALUES, picked, limits)]
    return ft.Row(cells, spacing=6, vertical_alignment=ft.CrossAxisAlignment.START)


@part
def PickCell(names: dict, code: str, n: int, limit: int, pick):
    return rk.count_cell(names, code, n, n >= limit, lambda e: pick(code, +1), lambda e: pick(code, -1))


@part
def Passing(back):
    context = use_table()
    names = use_view(_names)
    empty = use_view(lambda s: s["public"]["bag"]["total"] == 0)
    black = use_view(lambda s: s["public"]["bag"]["black_rock"])

    async def send(payload):
        if await context.move("pass", payload):
            back()

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
    return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# -- turn-ins --------------------------------------------------------------------------------------

def _keeps(rocks: list) -> str:
    return " ".join(rocks) if rocks else "nothing"


@part
def TurnIns():
    context = use_table()
    seat, host, players, names = use_view(_who)
    turn = use_view(lambda s: s["public"]["turn"])
    order = use_view(lambda s: tuple(s["public"]["turn_in_order"]))
    (my_turn,) = use_view(_may("turn_in"))
    sets = use_view(lambda s: s["public"]["players"][seat]["forbidden_sets"] if seat is not None else [])
    garden = use_view(lambda s: s["public"]["players"][seat]["garden"] if seat is not None else {})
    advice = use_view(lambda s: (s["private"] or {}).get("advice"))
    costs = use_view(lambda s: {d: s["public"]["decks"][d]["next_cost"] for d in rk.SET_DECKS})
    has_private = use_view(lambda s: s["private"] is not None)
    chosen, set_chosen = ft.use_state(None)
    all_plans, set_all_plans = ft.use_state(False)
    order_line = kit.muted("Turn-in order: " + ", ".join(_name(players, s) for s in order))
    if not has_private:
        rows = [kit.title(f"{_name(players, turn)} is turning in forbidden sets"), order_line]
        if host:
            rows.append(kit.muted(f"Choose 'Enter for {_name(players, turn)}' above to turn in for them."))
        return kit.card(rows)
    rows: list[ft.Control] = [
        kit.title("Turn in your forbidden sets" if my_turn else
                  f"{_name(players, turn)} is turning in forbidden sets", size=26), order_line]
    if not sets:
        rows.append(kit.body("You have no forbidden set this round."))
        return kit.card(rows)
    if advice is None:
        rows.append(kit.body("You have had your turn this round."))
        return kit.card(rows)

    def turn_in(rocks: str):
        context.act("turn_in", {"rocks": rocks})

    steps = rk.remaining_steps(chosen, garden) if chosen is not None else None
    if steps and my_turn:
        rows.append(kit.body(f"Your plan: next {steps[0]}", weight=ft.FontWeight.BOLD))
        rows.append(rk.rock_row(names, steps[0].split(), size=26))
        rows.append(kit.primary("Turn in the next set", lambda e: turn_in(steps[0])))
        rows.append(kit.secondary("Choose another way", lambda e: set_chosen(None)))
        return kit.card(rows)
    tops = advice["tops"]
    faced = ", ".join(f"{rk.DECK_NAMES[d]} {tops[d]}" for d in rk.SET_DECKS)
    if advice["before"]:
        rows.append(kit.body(f"Deck tops you will face after "
                             f"{', '.join(_name(players, s) for s in advice['before'])} "
                             f"(if they follow their best plan): {faced}"))
    else:
        rows.append(kit.body(f"Deck tops you face: {faced}"))
    plans = advice["plans"]
    shown = plans if all_plans else plans[:PLANS_SHOWN]
    rows.append(kit.title("Outcomes, best first", size=20))

    def follow(way: dict):
        def handler(e):
            set_chosen({"garden": dict(garden), "steps": list(way["steps"])})
            turn_in(way["steps"][0])
        return handler

    for number, plan in enumerate(shown, start=1):
        rows.append(_plan_card(names, plan, number, follow if my_turn else None))
    if len(plans) > len(shown):
        rows.append(kit.secondary(f"Show all {len(plans)} outcomes", lambda e: set_all_plans(True)))
    rows.append(kit.title("Or one set at a time, your own order", size=20))
    for entry in sets:
        text = " ".join(entry["rocks"])
        title = rk.DECK_NAMES[entry["set"]]
        line: list[ft.Control] = [rk.rock_row(names, entry["rocks"]),
                                  kit.body(f"{title}: card {costs[entry['set']]} now")]
        if my_turn:
            line.append(kit.secondary(f"Turn in {title} {text}", lambda e, t=text: turn_in(t)))
        rows.append(ft.Column(line, spacing=4))
    return kit.card(rows)


def _plan_card(names, plan: dict, number: int, follow) -> ft.Control:
    kept = plan["kept"]
    head = (f"Plan {number}: {plural(plan['demerits'], 'demerit')}, {plural(plan['cards'], 'card')}, "
            f"keep {plural(kept, 'rock')}")
    ways = plan.get("alternatives") or [plan]
    rows: list[ft.Control] = [kit.own(ft.Text(head, size=18, weight=ft.FontWeight.BOLD))]
    for step in plan["turn_ins"]:
        rows.append(ft.Row([rk.rock_row(names, step["rocks"], size=18),
                            kit.body(f"{rk.DECK_NAMES[step['set']]} card {step['card']}", size=16)],
                           wrap=True))
    if plan["turn_ins"]:
        rows.append(kit.body("Keeps " + ", or ".join(_keeps(w["rocks_left"]) for w in ways), size=16))
    if follow is not None and plan["turn_ins"]:
        rows.append(kit.primary(f"Follow plan {number}", follow(ways[0])))
        for way in ways[1:]:
            rows.append(kit.secondary(f"Follow plan {number} keeping {_keeps(way['rocks_left'])}",
                                      follow(way)))
    return ft.Container(ft.Column(rows, spacing=4), padding=10, border_radius=10,
                        border=kit.outline(3 if number == 1 else 1,
                                           rk.HIGHLIGHT if number == 1 else "#9e9e9e"))


# -- corrections -------------------------------------------------------------------------------

@part
def CorrectionButtons(start):
    seat, host, players, _ = use_view(_who)
    (may_correct,) = use_view(_may("correct_garden"))
    phase = use_view(lambda s: s["public"]["phase"])
    if seat is not None:
        seats = [seat] if may_correct else []
    else:  # the host's table screen corrects any garden (the host may act for any seat)
        seats = list(range(len(players))) if host else []
    if not seats:
        if seat is not None and phase == "turn_ins":
            return kit.card([kit.muted("During the turn-ins only the host can correct a garden.")])
        return ft.Container(visible=False)
    labels = {s: ("Correct my garden" if s == seat else f"Correct {players[s]}'s garden") for s in seats}
    return kit.card([kit.muted("Miscounted? Set a garden to what is really on the board "
                               "(the change is in the history).")] +
                    [ft.Row([kit.secondary(labels[s], lambda e, s=s: start(s)) for s in seats], wrap=True)])


@part
def Correction(target: int, done):
    context = use_table()
    seat, _, players, names = use_view(_who)
    garden = use_view(lambda s: s["public"]["players"][target]["garden"])
    chosen, latest, set_chosen = kit.use_field(lambda: rk.selection(garden))
    whose = "your" if target == seat else f"{players[target]}'s"

    async def save(e):
        if await context.move("correct_garden", {"rocks": rk.counter_text(latest.current)}, seat=target):
            done()

    return kit.card([
        kit.title(f"Correct {whose} garden", size=26),
        kit.body(f"Set the counts to what is on the board: {plural(rk.count_of(chosen), 'rock')}."),
        ft.Row([kit.primary("Save corrected garden", save),
                kit.secondary("Cancel correction", lambda e: done())], wrap=True),
        rk.count_picker(names, chosen, set_chosen),
    ])


# -- my garden -----------------------------------------------------------------------------------

@part
def MyGarden():
    """My garden: its count, the 5 x 3 grid, its forbidden sets, my demerits; each a part,
    so a bid that takes two rocks out draws again two cells and the count."""
    seat = use_fixed(lambda s: s["table"]["seat"])
    name = use_fixed(lambda s: s["table"]["players"][s["table"]["seat"]])
    return kit.card([GardenCount(), GardenGrid(), GardenSets(), MyDemerits(seat, name)])


@part
def GardenCount():
    rocks = use_view(lambda s: s["public"]["players"][s["table"]["seat"]]["rocks"])
    return ft.Row([kit.title("My garden"),
                   kit.own(ft.Text(plural(rocks, "rock"), size=20, weight=ft.FontWeight.BOLD,
                                   semantics_label=f"My garden {plural(rocks, 'rock')}"))],
                  alignment=ft.MainAxisAlignment.SPACE_BETWEEN)


@part
def GardenGrid():
    names = use_view(_names)  # read once for the five rows (the settings stay after the first move)
    return ft.Column([rk.garden_header()] + [GardenRow(letter, names, key=letter) for letter in rk.COLOURS],
                     spacing=4)


def _garden_row(s: dict, letter: str) -> tuple:
    me = s["public"]["players"][s["table"]["seat"]]
    codes = [f"{letter}{v}" for v in rk.VALUES]
    hot = {code for entry in me["forbidden_sets"] for code in entry["rocks"] if code[0] == letter}
    return tuple((me["garden"].get(code, 0), code in hot) for code in codes)


@part
def GardenRow(letter: str, names: dict):
    """One colour of my garden: a bid that takes a Red rock draws again the Red row."""
    cells = use_view(lambda s: _garden_row(s, letter))
    return ft.Row([rk.colour_cell(names, letter)] +
                  [GardenCell(names, f"{letter}{v}", n, hot, key=str(v)) for v, (n, hot) in zip(rk.VALUES, cells)],
                  spacing=6)


@part
def GardenCell(names: dict, code: str, n: int, hot: bool):
    return rk.garden_cell(names, code, n, hot, "My garden")


@part
def GardenSets():
    names = use_view(_names)
    sets = use_view(lambda s: tuple((e["set"], tuple(e["rocks"]))
                                    for e in s["public"]["players"][s["table"]["seat"]]["forbidden_sets"]))
    costs = use_view(lambda s: {d: s["public"]["decks"][d]["next_cost"] for d in rk.SET_DECKS} if sets else None)
    if not sets:
        return kit.muted("No forbidden set in your garden.")
    rows: list[ft.Control] = [kit.body("Forbidden sets (framed):", weight=ft.FontWeight.BOLD)]
    for kind, rocks in sets:
        rows.append(ft.Row([rk.rock_row(names, rocks, size=18),
                            kit.body(f"{rk.DECK_NAMES[kind]} · card {costs[kind]} now", size=16)], wrap=True))
    return ft.Column(rows, spacing=8)


@part
def MyDemerits(seat: int, name: str):
    demerits = use_view(lambda s: (s["private"] or {}).get("demerits"))
    cards = use_view(lambda s: tuple(tuple(sorted(c.items())) for c in (s["private"] or {}).get("cards") or ()))
    rows: list[ft.Control] = [ft.Row([
        ft.Column([kit.title("My demerits", size=20), kit.muted("Hidden from the other players")], spacing=0),
        kit.own(ft.Text(str(demerits), size=kit.BIG, weight=ft.FontWeight.BOLD,
                        semantics_label=f"{name} demerits {demerits}")),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)]
    if cards:
        rows.append(ft.Row([rk.card_chip(dict(c)) for c in cards], wrap=True, spacing=4, run_spacing=4))
    return ft.Column(rows, spacing=4)


# -- the table overview ----------------------------------------------------------------------------

def _tracker_slice(s: dict):
    p = s["public"]
    return (p["round"], p["phase_text"], p["tracker"]["spaces"], p["tracker"]["space"],
            p["tracker"]["black_rock"], p["black_rock_chance"],
            bool(p["ending"]) and p["phase"] != "over")


def _where(black: str, space, spaces) -> str:
    if black == "tracker":
        return f"Black rock on space {space} of {spaces}"
    return BLACK_WHERE.get(black, black)


def _tracker_spaces(spaces: int, space, size: int = 36) -> ft.Control:
    cells = []
    for n in range(1, spaces + 1):
        here = space == n
        cells.append(ft.Container(
            None if here else ft.Text(str(n), size=size * 0.4, weight=ft.FontWeight.BOLD),
            width=size, height=size, border_radius=size // 2, alignment=ft.Alignment.CENTER,
            bgcolor=kit.swatch("black") if here else None,
            border=kit.outline(3, rk.BLACK_EDGE) if here else kit.outline(1, "#9e9e9e")))
    return ft.Row(cells, wrap=True, spacing=4)


@part
def Tracker():
    rnd, phase_text, spaces, space, black, chance, ending = use_view(_tracker_slice)
    rows: list[ft.Control] = [
        kit.own(ft.Text(f"Round {rnd} · {phase_text}", size=22, weight=ft.FontWeight.BOLD,
                        semantics_label=f"Round {rnd}, {phase_text}")),
        _tracker_spaces(spaces, space),
        kit.body(_where(black, space, spaces)),
        kit.own(ft.Text(f"Black rock while the next piles are drawn: {rk.percent(chance)}", size=16,
                        semantics_label=f"Black rock chance {rk.percent(chance)}")),
    ]
    rows.append(TrackerTurn())
    if ending:
        rows.append(kit.body("The game ends after this round's scoring.", color=rk.HIGHLIGHT,
                             weight=ft.FontWeight.BOLD))
    return kit.card(rows)


@part
def TrackerTurn():
    """The start player (whose turn it is, the bidding and turn-in cards say: a line here
    too would be drawn again on every phone with every bid)."""
    players = use_fixed(_player_names)
    start = use_view(lambda s: s["public"]["start_player"])
    return kit.body(f"Start player: {players[start]}" if start is not None else "",
                    weight=ft.FontWeight.BOLD, visible=start is not None)


@part
def PilesView():
    needed = use_view(lambda s: s["public"]["piles_needed"])
    count = use_view(lambda s: len(s["public"]["piles"]))
    names = use_view(_names)
    piles = use_view(lambda s: tuple((p["number"], tuple(p["rocks"]), p["value"], p["complete"])
                                     for p in s["public"]["piles"]))
    rows: list[ft.Control] = [kit.title(f"Piles ({count} of {needed})")]
    if not piles:
        rows.append(kit.muted("No rocks drawn yet."))
    for number, rocks, value, complete in piles:
        rows.append(kit.own(ft.Text(f"Pile {number}: worth {value}{'' if complete else ' (being drawn)'}",
                                    size=18, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"Pile {number} worth {value}")))
        rows.append(rk.rock_row(names, rocks))
    return kit.card(rows)


def _decks_slice(s: dict):
    return tuple((d, s["public"]["decks"][d]["top"], s["public"]["decks"][d]["next_cost"],
                  s["public"]["decks"][d]["cards_left"], s["public"]["decks"][d]["on_paper"])
                 for d in rk.DECK_ORDER)


def _deck_cells(decks: tuple, sizes: tuple[int, int, int]) -> list[ft.Control]:
    """A column per deck: its name, its top card (or, once it is empty, what a set costs
    on paper, with a *) and the cards left."""
    cells = []
    for deck, top, cost, left, _ in decks:
        name = rk.DECK_NAMES[deck]
        big = str(top) if top is not None else f"{cost}*"
        cells.append(ft.Column([
            _big(name, sizes[0]),
            _big(big, sizes[1], f"{name} top {big}"),
            _big(f"{left} left", sizes[2], f"{name} cards left {left}"),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, expand=True))
    return cells


@part
def Decks():
    decks = use_view(_decks_slice)
    rows: list[ft.Control] = [kit.title("Decks: top card"),
                              ft.Row(_deck_cells(decks, (14, 30, 13)), spacing=4,
                                     vertical_alignment=ft.CrossAxisAlignment.END)]
    if any(paper for d, _, _, _, paper in decks if d != "pass"):
        rows.append(kit.muted("* deck empty: further sets cost this on paper."))
    return kit.card(rows)


def _players_slice(s: dict):
    p = s["public"]
    return tuple((q["name"], q["demerit_cards"], q["rocks"],
                  None if not q.get("shown") else q["shown"]["demerits"],
                  tuple(tuple(sorted(c.items())) for c in (q.get("shown") or {}).get("cards", ())))
                 for q in p["players"])


@part
def Players():
    colours = use_view(_colours)  # once for every row (a table's rock names can change before its first move)
    return kit.card([kit.title("Players")] + [PlayerRow(seat, colour, key=f"p{seat}")
                                              for seat, colour in enumerate(colours)]
                    + [kit.muted("Demerit totals stay hidden until the end; each player sees their own.")])


def _player_cards(s: dict, seat: int) -> tuple:
    """A player's demerit cards, what the end showed of them, and their marks (start
    player, passed: whose turn it is, the bidding and turn-in cards say)."""
    p = s["public"]
    q = p["players"][seat]
    shown = q.get("shown")
    marks = tuple(m for m, on in (("start", seat == p["start_player"]), ("passed", seat == p["passer"])) if on)
    return (q["demerit_cards"], None if not shown else shown["demerits"],
            tuple(tuple(sorted(c.items())) for c in (shown or {}).get("cards", ())), marks)


@part
def PlayerRow(seat: int, colour: str):
    """A player: a bid draws again the rock count only (:func:`PlayerRocks`); the cards
    and the marks (start player, passed) change a few times a round."""
    name = use_fixed(lambda s: s["table"]["players"][seat])
    cards, shown, shown_cards, marks = use_view(lambda s: _player_cards(s, seat))
    line = [kit.player_badge(name, colour, size=20),
            kit.own(ft.Text(", ".join(marks), size=kit.SMALL, italic=True), visible=bool(marks))]
    numbers = [
        kit.own(ft.Text(plural(cards, "card"), size=18, semantics_label=f"{name} demerit cards {cards}")),
        PlayerRocks(seat, name),
    ]
    rows: list[ft.Control] = [ft.Row([ft.Row(line, spacing=6, tight=True, wrap=True),
                                      ft.Row(numbers, spacing=12, tight=True)],
                                     alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True)]
    if shown is not None:  # an end of the game the host undid showed these to all
        rows.append(ft.Row([kit.own(ft.Text(f"Shown at the end: {shown} demerits", size=15,
                                            semantics_label=f"{name} demerits shown at the end {shown}"))]
                           + [rk.card_chip(dict(c)) for c in shown_cards], wrap=True, spacing=4))
    return ft.Column(rows, spacing=2)


@part
def PlayerRocks(seat: int, name: str):
    """A player's rock count: what a bid changes (the bid's rocks leave the garden)."""
    rocks = use_view(lambda s: s["public"]["players"][seat]["rocks"])
    return kit.own(ft.Text(plural(rocks, "rock"), size=18, semantics_label=f"{name} rocks {rocks}"))


# -- the end ---------------------------------------------------------------------------------------

def _reasons(s: dict) -> tuple:
    result = s["result"] or {}
    out = []
    for reason in result.get("ending", s["public"]["ending"]):
        if reason.startswith("deck_empty:"):
            deck = rk.DECK_NAMES.get(reason.split(":", 1)[1], reason)
            out.append(f"The last {deck} card was taken: the game ended after that round's scoring.")
        else:
            out.append(ENDINGS.get(reason, reason))
    return tuple(out)


def _ranking(s: dict) -> tuple:
    return tuple((r["seat"], r["name"], r["place"], r["demerits"], r["rocks"],
                  tuple(tuple(sorted(c.items())) for c in r["cards"]))
                 for r in (s["result"] or {}).get("ranking", ()))


@part
def Final():
    reasons = use_view(_reasons)
    rounds = use_view(lambda s: (s["result"] or {}).get("rounds", s["public"]["round"]))
    ranking = use_view(_ranking)
    colours = use_view(_colours)
    rows: list[ft.Control] = [kit.title("Game over", size=30)]
    rows += [kit.body(r) for r in reasons]
    rows.append(kit.muted(f"{plural(rounds, 'round')}. Fewest demerits wins; "
                          "a tie goes to fewer rocks in the garden."))
    for seat, name, place, demerits, rocks, cards in ranking:
        rows.append(ft.Row([
            ft.Row([kit.own(ft.Text(f"{place}.", size=28, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"{name} place {place}")),
                    kit.player_badge(name, colours[seat], size=22)], tight=True, spacing=8),
            ft.Row([kit.own(ft.Text(str(demerits), size=30, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"{name} demerits {demerits}")),
                    kit.own(ft.Text(plural(rocks, "rock"), size=16,
                                    semantics_label=f"{name} rocks {rocks}"))], tight=True, spacing=8),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
        if cards:
            rows.append(ft.Row([rk.card_chip(dict(c)) for c in cards], wrap=True, spacing=4))
    return kit.card(rows)


@part
def DemeritChart(height: int = 240):
    """Each player's demerits by round (flet-charts, with its words for screen readers)."""
    by_round = use_view(lambda s: tuple((r["seat"], r["name"], tuple(r["demerits_by_round"]))
                                        for r in sorted((s["result"] or {}).get("ranking", ()),
                                                        key=lambda r: r["seat"])))
    colours = use_view(_colours)
    if not by_round:
        return ft.Container(visible=False)
    rounds = max(len(r[2]) for r in by_round)
    values = [[row[2][i] if i < len(row[2]) else 0 for i in range(rounds)] for row in by_round]
    return kit.card([
        kit.title("Demerits by round"),
        charts.grouped_bars([f"R{i + 1}" for i in range(rounds)], [r[1] for r in by_round],
                            [colours[r[0]] for r in by_round], values, height=height),
    ])


# -- the host's table screen (a laptop, tablet or TV in the middle of the table) ----------------------
#
# Across the top the round, the phase, the round tracker and the black rock's odds; on the
# left what the round is doing: whose turn, the piles with their standing bids (the bid's
# rocks too) and, from a pass until the next piles are laid out, what each player took,
# paid, drew and turned in (the view's ``last_round``); on the right the deck tops with
# their cards left, and every player's demerit cards and rocks. Every number read across
# the table is drawn at 40 px or more; the type grows with the screen.

BIG = 40
"""Every number a player reads across the table is drawn at 40 px or more (issue 26)."""


def _big(text: str, size: int = BIG, label: str | None = None, colour=None) -> ft.Control:
    return kit.own(ft.Text(text, size=size, weight=ft.FontWeight.BOLD, semantics_label=label, color=colour))


def _scale() -> float:
    """How much larger than at 1280 x 800 the table screen draws (1 to 1.5)."""
    width, height = kit.use_width(), kit.use_height() + kit.TABLE_FRAME
    return max(1.0, min(1.5, width / 1280, height / 800))


def _n(size: float, k: float) -> int:
    return int(size * k)


@part
def TableView():
    over = use_view(lambda s: s["result"] is not None)
    if over:
        return ft.Row([ft.Container(BigFinal(), expand=5), ft.Container(DemeritChart(420), expand=6)],
                      vertical_alignment=ft.CrossAxisAlignment.START, spacing=32)
    k = _scale()
    return ft.Column([
        BigHeader(k),
        ft.Row([
            ft.Container(BigRoundNow(k), expand=3),
            ft.Container(ft.Column([BigDecks(k), BigPlayers(k)], spacing=_n(20, k)), expand=2),
        ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=_n(40, k)),
    ], spacing=_n(16, k))


_WHOSE_TURN = {"piles": ("start_player", "{} lays out the piles"), "bidding": ("turn", "{} bids"),
               "turn_ins": ("turn", "{} turns in")}
"""Per phase, whose move it is (the public view's key naming the seat) in words."""


def _whose_turn(s: dict):
    p = s["public"]
    if p["phase"] == "setup":
        missing = _still_drawing(p)
        return ("Drawing gardens: " + ", ".join(missing)) if missing else "Choose the start player"
    if p["phase"] not in _WHOSE_TURN:
        return ""
    key, words = _WHOSE_TURN[p["phase"]]
    return words.format(_name(s["table"]["players"], p[key]))


def _big_tracker(spaces: int, space, k: float) -> ft.Control:
    """The round tracker: its spaces numbered at 40 px or more, the black rock on its space
    (drawn with a light ring, so it shows on a dark screen as on a light one)."""
    size = _n(BIG, k)
    diameter = int(size * 1.6)
    cells = []
    for n in range(1, spaces + 1):
        if space == n:
            cells.append(kit.own(ft.Semantics(
                content=ft.Container(width=diameter, height=diameter, border_radius=diameter / 2,
                                     bgcolor=kit.swatch("black"), border=kit.outline(4, rk.BLACK_EDGE)),
                label=f"Black rock on space {n}")))
        else:
            cells.append(ft.Container(
                kit.own(ft.Text(str(n), size=size, weight=ft.FontWeight.BOLD, semantics_label=f"Tracker space {n}")),
                width=diameter, height=diameter, border_radius=diameter / 2, alignment=ft.Alignment.CENTER,
                border=kit.outline(2, "#9e9e9e")))
    return ft.Row(cells, wrap=True, spacing=6, run_spacing=6)


@part
def BigHeader(k: float):
    """The round, the tracker and the black rock's odds across the top (the phase is in
    the turn's words under it: "Cy bids")."""
    rnd, phase_text, spaces, space, black, chance, ending = use_view(_tracker_slice)
    where = [] if black == "tracker" else [_big(_where(black, space, spaces), _n(26, k))]
    return ft.Row([
        _big(f"Round {rnd}", _n(48, k), f"Round {rnd}"),
        ft.Column([_big_tracker(spaces, space, k)] + where, spacing=4, tight=True),
        _big(f"Black rock: {rk.percent(chance)}", _n(BIG, k), f"Black rock chance {rk.percent(chance)}"),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        wrap=True, spacing=_n(24, k), run_spacing=8)


@part
def BigRoundNow(k: float):
    """What the round is doing: whose turn, the piles and their bids, the last round."""
    phase = use_view(lambda s: s["public"]["phase"])
    whose = use_view(_whose_turn)
    colour = use_view(lambda s: _colours(s)[s["to_act"][0]] if len(s["to_act"]) == 1 else None)
    ending = use_view(lambda s: bool(s["public"]["ending"]) and s["public"]["phase"] != "over")
    has_summary = use_view(lambda s: s["public"].get("last_round") is not None)
    rows: list[ft.Control] = []
    if whose:
        if colour is not None:
            rows.append(ft.Container(kit.own(ft.Text(whose, size=_n(36, k), weight=ft.FontWeight.BOLD,
                                                     color=kit.text_on(colour), semantics_label=whose)),
                                     bgcolor=kit.swatch(colour), padding=ft.Padding(16, 4, 16, 4),
                                     border_radius=12))
        else:
            rows.append(_big(whose, _n(36, k), whose))
    if ending:
        rows.append(_big("Last round: the game ends after this scoring", _n(28, k), colour=rk.HIGHLIGHT))
    if phase in ("piles", "bidding"):
        rows.append(BigPiles(k, compact=has_summary))
    if has_summary:
        rows.append(BigLastRound(k))
    return ft.Column(rows, spacing=_n(8, k))


def _piles_slice(s: dict):
    return tuple((p["number"], tuple(p["rocks"]), p["value"], p["complete"],
                  None if p["bid"] is None else (p["bid"]["name"], p["bid"]["value"], p["bid"]["count"],
                                                 tuple(p["bid"]["rocks"])))
                 for p in s["public"]["piles"])


PILE = 126
"""A pile on two lines (its rocks and value, its bid) at 40 px type, with its frame."""
PILES_ABOVE = 215
"""What is above the piles at 40 px type: the header, the turn, the piles count, gaps."""


@part
def BigPiles(k: float, compact: bool = False):
    """The piles, each with its value and its standing bid (the bidder, what the bid is
    worth and its rocks). Two lines a pile while there is room, else one."""
    names = use_view(_names)
    bidding = use_view(lambda s: s["public"]["phase"] == "bidding")
    needed = use_view(lambda s: s["public"]["piles_needed"])
    piles = use_view(_piles_slice)
    colours = use_view(lambda s: dict(zip(s["table"]["players"], _colours(s))))
    room = kit.use_height() - _n(PILES_ABOVE, k)  # under the header, the turn and the piles count
    one_line = compact or needed * _n(PILE, k) > room
    rows: list[ft.Control] = [_big(f"Piles: {len(piles)} of {needed}", _n(BIG, k), f"Piles {len(piles)} of {needed}")]
    if not one_line:  # the piles and their bids take the height there is
        k = max(k, min(1.6 * k, room / needed / PILE))
    chip = _n(26 if one_line else 32, k)
    for number, rocks, value, complete, bid in piles:
        head = [_big(f"Pile {number}", _n(BIG, k)),
                _big(f"worth {value}", _n(BIG, k), f"Pile {number} worth {value}"),
                rk.rock_row(names, rocks, size=chip)]
        if bid is not None:
            who, bid_value, count, bid_rocks = bid
            said = [kit.player_badge(who, colours.get(who, "grey"), size=_n(30, k)),
                    _big(f"bid {bid_value}", _n(BIG, k), f"Pile {number} bid {who} worth {bid_value}"),
                    rk.rock_row(names, bid_rocks, size=_n(24, k)) if bid_rocks else _big("(no rocks)", _n(26, k))]
        elif bidding:
            said = [_big("No bid yet", _n(28, k))]
        else:
            said = [] if complete else [_big("being drawn", _n(26, k))]
        if one_line or not said:
            line: ft.Control = ft.Row(head + said, spacing=_n(14, k), wrap=True,
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        else:
            line = ft.Column([
                ft.Row(head, spacing=_n(16, k), vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=True),
                ft.Row(said, spacing=_n(14, k), vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=True)],
                spacing=2)
        rows.append(ft.Container(line, padding=ft.Padding(12, 2, 12, 4),
                                 border=kit.outline(1, ft.Colors.OUTLINE_VARIANT)))
    return ft.Column(rows, spacing=_n(6, k), horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def summary_words(names: dict, line: dict) -> str:
    """One player's part of the round in words (the row's accessible name)."""
    parts = []
    if line["pile"] is not None:
        paid = rk.rocks_label(names, line["paid"]) if line["paid"] else "no rocks"
        parts.append(f"took pile {line['pile']} ({rk.rocks_label(names, line['took'])}) for {paid}")
    if line["card"] == "pass":
        drew = line["drew"]
        drew_words = ("the black rock" if drew == "K" else "nothing (the bag was empty)" if drew is None
                      else rk.rock_label(names, drew))
        parts.append(f"passed: a Pass card, drew {drew_words}")
    for turn in line["turned_in"]:
        parts.append(f"turned in {turn['title']} ({rk.rocks_label(names, turn['rocks'])}) for a {turn['title']} card")
    return f"{line['name']} " + "; ".join(parts) if parts else f"{line['name']}: nothing"


def _summary_slice(s: dict):
    summary = s["public"].get("last_round")
    if summary is None:
        return None
    return (summary["round"], summary["scored"],
            tuple((p["seat"], p["name"], p["pile"], tuple(p["took"]), tuple(p["paid"]), p["card"], p["drew"],
                   tuple((t["title"], tuple(t["rocks"])) for t in p["turned_in"]))
                  for p in summary["players"]))


@part
def BigLastRound(k: float):
    """What each player took, paid, drew and turned in: the round being scored, or the
    round just scored while the next piles are laid out (the view's ``last_round``)."""
    summary = use_view(_summary_slice)
    names = use_view(_names)
    colours = use_view(_colours)
    if summary is None:
        return ft.Container(visible=False)
    rnd, scored, players = summary
    text, chip = _n(24, k), _n(22, k)
    rows: list[ft.Control] = [_big(f"Round {rnd}: what happened" if scored else f"Round {rnd} so far", _n(28, k))]
    for seat, name, pile, took, paid, card, drew, turned_in in players:
        line = {"name": name, "pile": pile, "took": took, "paid": paid, "card": card, "drew": drew,
                "turned_in": [{"title": t, "rocks": r} for t, r in turned_in]}
        pieces: list[ft.Control] = [kit.player_badge(name, colours[seat], size=_n(26, k))]
        if pile is not None:
            pieces += [_plain(f"took pile {pile}", text), rk.rock_row(names, took, size=chip),
                       _plain("for", text),
                       rk.rock_row(names, paid, size=chip) if paid else _plain("no rocks", text)]
        if card == "pass":
            pieces += [_plain("passed: Pass card, drew", text),
                       rk.rock_chip(names, drew, size=chip) if drew else _plain("nothing", text)]
        for title, rocks in turned_in:
            pieces += [_plain(f"· turned in {title}", text), rk.rock_row(names, rocks, size=chip)]
        if len(pieces) == 1:
            pieces.append(_plain("nothing this round", text))
        rows.append(ft.Semantics(content=ft.Row(pieces, spacing=8, wrap=True, run_spacing=4,
                                                vertical_alignment=ft.CrossAxisAlignment.CENTER),
                                 label=summary_words(names, line), container=True, exclude_semantics=True))
    return ft.Container(ft.Column(rows, spacing=_n(6, k)), padding=ft.Padding(12, 6, 12, 8),
                        border=kit.outline(2, ft.Colors.OUTLINE_VARIANT), border_radius=8)


def _plain(text: str, size: int) -> ft.Control:
    return ft.Text(text, size=size)


@part
def BigDecks(k: float):
    decks = use_view(_decks_slice)
    cells = []
    for deck, top, cost, left, _ in decks:
        big = str(top) if top is not None else f"{cost}*"
        name = rk.DECK_NAMES[deck]
        cells.append(ft.Column([
            _big(name.replace(" ", "\n"), _n(18, k)),
            _big(big, _n(64, k), f"{name} top {big}"),
            ft.Row([_big(str(left), _n(BIG, k), f"{name} cards left {left}"), ft.Text("left", size=_n(18, k))],
                   spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.END),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, expand=True))
    return ft.Column([_big("Deck tops", _n(26, k)), ft.Row(cells, vertical_alignment=ft.CrossAxisAlignment.END)],
                     spacing=0)


@part
def BigPlayers(k: float):
    rows_data = use_view(_players_slice)
    colours = use_view(_colours)
    lines: list[ft.Control] = []
    for seat, (name, cards, rocks, shown, _) in enumerate(rows_data):
        lines.append(ft.Row([
            kit.player_badge(name, colours[seat], size=_n(34 if len(rows_data) <= 4 else 28, k)),
            ft.Row([_big(str(cards), _n(BIG, k), f"{name} demerit cards {cards}"),
                    ft.Text("demerit cards" if cards != 1 else "demerit card", size=_n(18, k)),
                    _big(str(rocks), _n(BIG, k), f"{name} rocks {rocks}"),
                    ft.Text("rocks" if rocks != 1 else "rock", size=_n(18, k))],
                   tight=True, spacing=_n(10, k), vertical_alignment=ft.CrossAxisAlignment.END),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    if len(lines) > 4:  # five or six players: two columns, so the numbers keep their size
        half = (len(lines) + 1) // 2
        body: ft.Control = ft.Row([ft.Column(lines[:half], spacing=0, expand=True),
                                   ft.Column(lines[half:], spacing=0, expand=True)],
                                  spacing=_n(28, k), vertical_alignment=ft.CrossAxisAlignment.START)
    else:
        body = ft.Column(lines, spacing=0)
    return ft.Column([_big("Players", _n(24, k)), body], spacing=0)


@part
def BigFinal():
    ranking = use_view(_ranking)
    reasons = use_view(_reasons)
    colours = use_view(_colours)
    rows: list[ft.Control] = [_big("Game over", 64)]
    rows += [_big(r, 24) for r in reasons]
    for seat, name, place, demerits, rocks, _ in ranking:
        rows.append(ft.Row([
            ft.Row([_big(f"{place}.", 48, f"{name} place {place}"), kit.player_badge(name, colours[seat], size=40)],
                   tight=True, spacing=12),
            ft.Row([_big(str(demerits), 56, f"{name} demerits {demerits}"),
                    _big(plural(rocks, "rock"), 28, f"{name} rocks {rocks}")], tight=True, spacing=12),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    return ft.Column(rows, spacing=12)
