"""BluffStones screens as Flet components: setup on the board, the secret bid, the
reveal, the resolution on the board, the end; and the host's table screen.

Every part reads only its slice of the view (``use_view``), so a bid re-renders the
bidder's "ready" and the move counter on the other phones, a stone placed one cell of the
board and the tower counts it changed. The words come from the view: what each tower
needs ("D4 blue: 2 of 3") and what a placement gives away ("this gives Bo D4 if Bo
places blue"); a move is offered only when it is in ``legal``.

- setup: the board's circles are buttons ("D4"): tap a tower, then the circle it moves
  to; each tower's top colour as drawn; the start player; Start.
- bidding: my stones and my secret bid (pick, then Confirm bid); everyone sees only who
  is ready; once all are ready anyone presses Reveal (after a confirm).
- resolving: the player whose step it is taps a circle on the board, reads what it would
  give away, then confirms ("Place on E4"); the host's table screen (narrow) may do it
  for them.
- over: the ranking and the round the game ended in.
"""

from __future__ import annotations

import flet as ft

from companion.games.bluffstones.board import Board, width_for_height
from companion.ui import kit
from engine.words import and_words, or_words, plural
from companion.ui.live import part, use_table, use_view
from companion.ui.step import use_step

PANEL = 170
"""The height of the panel above the board while a circle is chosen (room for the
question, two warnings and the confirm): fixed, so picking never moves the board."""


# -- what the banner says ------------------------------------------------------------

def turn_words(screen: dict) -> str | None:
    """The banner on the phone whose turn it is: only the moves legal now."""
    public, seat, legal = screen["public"], screen["table"]["seat"], screen["legal"]
    if public["phase"] == "bidding" and "bid" in legal:
        counts = {c["count"] for c in (screen["private"] or {}).get("bid_choices") or []}
        if 2 in counts:
            return "bid nothing, one or two stones in secret"
        if 1 in counts:
            return "bid nothing or one stone in secret"
        return "bid nothing"
    step = public.get("pending")
    if step and step["seat"] == seat and step["step"] in legal:
        if step["step"] == "remove":
            return "remove a stone with your red stone"
        return f"place your {step['colour']} stone"
    return None




def decision(screen: dict, seat: int) -> str | None:
    """What ``seat`` decides now, from the public view only (pass-and-play's hand-over)."""
    public = screen["public"]
    if public["phase"] == "bidding" and seat in public.get("waiting_for", ()):
        return "bid in secret"
    step = public.get("pending")
    if step and step["seat"] == seat:
        if step["step"] == "remove":
            return "remove a stone with their red stone"
        return f"place their {step['colour']} stone"
    return None


def _headline(winners: list[str]) -> str:
    return f"{winners[0]} wins" if len(winners) == 1 else f"{and_words(winners)} share the win"



def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]



# -- the phone's screen ----------------------------------------------------------------------

@part
def Screen():
    phase = use_view(lambda s: s["public"]["phase"])
    seat = use_view(lambda s: s["table"]["seat"])
    if phase == "setup":
        controls: list[ft.Control] = [Setup()]
    else:
        controls = [RoundLine()]
        if phase == "over":
            controls.append(Result())
            controls.append(RoundEvents())
        if phase == "bidding":
            if seat is not None:
                controls.append(MyBid(seat, key=f"bid{seat}"))
            controls.append(RevealPart())
            controls.append(RoundEvents())
        controls.append(PlayArea())
        if phase == "resolving":
            controls.append(Careful())
            controls.append(RoundEvents())
        controls.append(Revealed())
        controls.append(TowerNeeds())
        controls.append(Players())
    controls.append(HouseRules())
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def phone_board_width(width: float) -> float:
    return min(width, kit.PHONE_WIDTH + 24) - 24 - 4


# -- setup -----------------------------------------------------------------------------------

NO_SETUP = {"missing": [], "tower_circles": [], "default_towers": [], "colours": [],
            "tower_colours": {}, "stones_per_colour": 0, "start_player": None}


def _setup(screen: dict) -> dict:
    """The setup part of the view (a part still on screen when the game starts reads
    this one last time before it goes)."""
    return screen["public"].get("setup") or NO_SETUP


def _setup_of(kind: str, *keys: str):
    """A view slice for a setup part: whether this screen may make the move ``kind``
    now, then the setup's ``keys`` (lists as tuples, a mapping as its sorted items)."""
    def frozen(value):
        if isinstance(value, dict):
            return tuple(sorted(value.items()))
        return tuple(value) if isinstance(value, list) else value

    return lambda s: (kind in s["legal"], *(frozen(_setup(s)[key]) for key in keys))


@part
def Setup():
    missing = use_view(lambda s: tuple(_setup(s)["missing"]))
    can = use_view(lambda s: "towers" in s["legal"])
    rows: list[ft.Control] = [kit.title("Set up the table")]
    if missing:
        rows.append(kit.body("Still to record: " + "; ".join(missing) + "."))
    else:
        rows.append(kit.body("Everything is recorded: start when the stones are dealt."))
    rows.append(SetupBoard())
    rows.append(TowerColours())
    rows.append(StartPlayer())
    if can:
        rows.append(StartButton())
    else:
        rows.append(kit.muted("Watching: the players set up the game."))
    return ft.Column(rows, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def SetupBoard():
    """The towers are placed by tapping the board: a tower, then its new circle."""
    context = use_table()
    can, circles, default = use_view(_setup_of("towers", "tower_circles", "default_towers"))
    every = use_view(lambda s: tuple(c["circle"] for c in s["public"]["board"]["circles"]))
    moving, latest_moving, set_moving = kit.use_field(None)
    width = kit.use_width()
    latest = ft.use_ref(None)

    def tapped(circle: str) -> None:
        tower = latest_moving.current  # a tower tapped in the same go as this circle counts
        if circle in circles:
            set_moving(None if tower == circle else circle)
        elif tower is not None and tower in circles:
            chosen = [circle if c == tower else c for c in circles]
            set_moving(None)
            context.act("towers", {"circles": chosen})
        else:
            context.toast(f"Tap a tower first, then the empty circle it moves to ({circle} is empty)")

    latest.current = tapped
    on_tap = ft.use_callback(lambda circle: latest.current(circle), [])
    if moving is not None and moving not in circles:
        moving = None
    if not can:
        prompt = "The towers stand on " + ", ".join(circles) + "."
    elif moving is None:
        prompt = "To move a tower, tap it, then the empty circle it moves to."
    else:
        prompt = f"Moving the tower on {moving}: tap its new circle (tap {moving} again to keep it)."
    layout = "the default layout" if circles == default else "a layout of your own"
    rows: list[ft.Control] = [
        kit.title("Towers", size=kit.BODY + 2),
        ft.Container(kit.body(prompt, weight=ft.FontWeight.BOLD if moving else None), height=52),
        # inside the card: its padding and border off the width
        Board(phone_board_width(width) - 30, every if can else (), moving, on_tap if can else None),
        kit.body(f"Towers stand on {', '.join(circles)} ({layout})."),
    ]
    if can and circles != default:
        rows.append(kit.secondary("Use the default layout",
                                  lambda e: context.act("towers", {"circles": list(default)})))
    return kit.card(rows)


@part
def TowerColours():
    context = use_table()
    can, circles, colours, chosen, each = use_view(_setup_of(
        "tower_colour", "tower_circles", "colours", "tower_colours", "stones_per_colour"))
    now = dict(chosen)
    stones = and_words([f"{each} {colour}" for colour in colours])
    rows: list[ft.Control] = [
        kit.title("Top stone of each tower", size=kit.BODY + 2),
        kit.muted(f"Draw {len(circles)} of the {stones} stones blind; tap what came out."),
    ]
    for circle in circles:
        chips = []
        for colour in colours:
            handler = ((lambda e, c=circle, col=colour: context.act(
                "tower_colour", {"circle": c, "colour": col})) if can else None)
            chips.append(token(colour.capitalize(), colour, f"{circle} {colour}", handler,
                               selected=now.get(circle) == colour, compact=True))
        rows.append(ft.Row([
            ft.Container(kit.own(ft.Text(circle, size=kit.LARGE, weight=ft.FontWeight.BOLD,
                                         semantics_label=f"Tower {circle} {now.get(circle) or 'not recorded'}")),
                         width=46),
            ft.Row(chips, spacing=6, tight=True),
        ], spacing=8))
    return kit.card(rows)


@part
def StartPlayer():
    context = use_table()
    can, chosen = use_view(_setup_of("start_player", "start_player"))
    players = use_view(lambda s: tuple(s["table"]["players"]))
    buttons = []
    for seat, name in enumerate(players):
        handler = (lambda e, s=seat: context.act("start_player", {"player": s})) if can else None
        buttons.append((kit.primary if chosen == seat else kit.secondary)(f"{name} starts", handler))
    rows: list[ft.Control] = [kit.title("Who takes the turn tower?", size=kit.BODY + 2),
                              ft.Row(buttons, wrap=True, spacing=6)]
    if chosen is not None:
        rows.append(kit.body(f"{players[chosen]} holds the turn tower."))
    return kit.card(rows)


@part
def StartButton():
    context = use_table()
    ready = use_view(lambda s: "start" in s["legal"])
    return kit.primary("Start game", (lambda e: context.act("start")) if ready else None)


# -- the round --------------------------------------------------------------------------------

PHASE_WORDS = {"bidding": "secret bids", "resolving": "resolving the bids", "over": "game over"}


@part
def RoundLine():
    rnd = use_view(lambda s: s["public"]["round"])
    phase = use_view(lambda s: s["public"]["phase"])
    holder = use_view(lambda s: _holder(s))
    return ft.Row([
        kit.own(ft.Text(f"Round {rnd}", size=kit.LARGE, weight=ft.FontWeight.BOLD,
                        semantics_label=f"Round {rnd}: {PHASE_WORDS.get(phase, '')}")),
        ft.Row([ft.Icon(ft.Icons.FORT, size=22),
                kit.body(f"Turn tower: {holder}", size=kit.SMALL + 2)], spacing=4, tight=True),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True)


def _holder(screen: dict) -> str:
    holder = screen["public"]["turn_tower"]
    return screen["table"]["players"][holder] if holder is not None else "nobody"


# -- the secret bid -----------------------------------------------------------------------

@part
def MyBid(seat: int):
    context = use_table()
    colours = use_view(lambda s: tuple(s["public"]["colours"]))
    pile = use_view(lambda s: tuple(s["public"]["players"][seat]["pile"].get(c, 0)
                                    for c in s["public"]["colours"]))
    rnd = use_view(lambda s: s["public"]["round"])
    may = use_view(lambda s: "bid" in s["legal"])
    choices = use_view(lambda s: tuple((c["colour"], c["count"], c["words"])
                                       for c in (s["private"] or {}).get("bid_choices") or []))
    mine = use_view(lambda s: _bid_key((s["private"] or {}).get("my_bid")))
    picked, latest, set_picked = kit.use_field(None)  # (round, colour, count)
    key = use_step("bid", tapped=rnd)  # each round's bid comes into view
    pick = picked[1:] if picked and picked[0] == rnd else None
    words = {(colour, count): text for colour, count, text in choices}
    rows: list[ft.Control] = [kit.title("Your secret bid")]
    if sum(pile) == 0:
        rows.append(kit.body("You have no stones left: you are ready with a zero bid."))
        return kit.card(rows)
    if not may:
        return kit.card([kit.muted("Watching: you cannot bid for this seat.")])
    shown = pick or (mine[:2] if mine else None)

    def choose(colour, count):
        return lambda e: set_picked((rnd, colour, count))

    rows += [_colour_bids(colour, have, words, shown, choose) for colour, have in zip(colours, pile)]
    rows.append(ft.Row([token("Nothing", "white", "Bid nothing", choose(None, 0),
                              selected=shown == (None, 0))], alignment=ft.MainAxisAlignment.END))
    fresh = pick is not None and (mine is None or pick != mine[:2])

    async def send(e=None):
        # the pick as the latest tap left it (a tap read in the same go as this one counts)
        colour, count = latest.current[1:] if latest.current and latest.current[0] == rnd else pick
        # the pick stays until the view shows it recorded: a refused send (someone acted
        # a moment earlier) leaves "Confirm bid" here to tap again
        await context.move("bid", {"count": count, **({"colour": colour} if count else {})}, seat=seat)

    rows.append(kit.own(ft.Text(_bid_words(pick, mine, words, fresh), size=kit.BODY + 2, weight=ft.FontWeight.BOLD)))
    rows.append(kit.primary("Confirm bid", send if fresh else None))
    if mine is not None and not fresh:
        rows.append(kit.muted("Secret until the reveal; tap another bid to change it."))
    drawn = kit.card(rows)
    drawn.key = key
    return drawn


def _colour_bids(colour: str, have: int, words: dict, shown, choose) -> ft.Control:
    """One colour of my stones: how many I have, and its bids of one and two (dimmed where
    the rules or my stones do not allow them)."""
    buttons = []
    for count in (1, 2):
        ok = (colour, count) in words
        buttons.append(token(str(count), colour, f"Bid {count} {colour}",
                             choose(colour, count) if ok else None,
                             selected=shown == (colour, count), dim=not ok))
    return ft.Row([
        stone(colour, have, f"My {colour} stones {have}", size=40),
        kit.body(colour.capitalize()),
        ft.Row(buttons, spacing=8, tight=True),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)


def _bid_words(pick, mine, words: dict, fresh: bool) -> str:
    """The bid I am about to confirm, the one I made, or how to make one."""
    if fresh:
        return f"You will bid {words.get(pick, 'nothing')}"
    if mine is not None:
        return f"Your bid: {mine[2]}"
    return "Pick nothing, one or two stones of one colour, then confirm."


def _bid_key(bid: dict | None) -> tuple | None:
    if not bid:
        return None
    return (bid["colour"] if bid["count"] else None, bid["count"], bid["words"])


@part
def RevealPart():
    context = use_table()
    waiting = use_view(lambda s: tuple(s["table"]["players"][w] for w in s["public"]["waiting_for"]))
    may = use_view(lambda s: "reveal" in s["legal"])
    if waiting:
        return kit.body(f"Waiting for {and_words(list(waiting))} to bid.")
    if not may:
        return kit.body("Everyone is ready.")

    def reveal(e=None):
        context.confirm("Reveal every bid?",
                        "Every phone shows every bid at once. This cannot be undone.",
                        lambda: context.act("reveal"), "Reveal")

    return ft.Column([kit.body("Everyone is ready."), kit.primary("Reveal bids", reveal)],
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# -- the resolution on the board -------------------------------------------------------------

def _step(screen: dict) -> tuple | None:
    """(seat, name, step, colour, choices, {circle: (gift words, ...)}) or None."""
    step = screen["public"].get("pending")
    if not step:
        return None
    gives = tuple((item["circle"], tuple(g["words"] for g in item["gives"])) for item in step["gives"])
    return (step["seat"], step["name"], step["step"], step["colour"], tuple(step["choices"]), gives)


@part
def PlayArea():
    """The pending step's panel above the board (a fixed height: nothing moves when a
    circle is picked) and the board; the player picks a circle, reads what it gives
    away, then confirms."""
    context = use_table()
    step = use_view(_step)
    seat = use_view(lambda s: s["table"]["seat"])
    may = use_view(lambda s: bool(s["public"].get("pending")) and s["public"]["pending"]["step"] in s["legal"])
    revision = use_view(lambda s: s["revision"])
    width = kit.use_width()
    picked, latest_pick, set_picked = kit.use_field(None)  # (revision, circle)
    latest = ft.use_ref(None)

    def pick_of(chosen) -> str | None:
        return chosen[1] if chosen and chosen[0] == revision and step and chosen[1] in step[4] else None

    pick = pick_of(picked)

    def tapped(circle: str) -> None:
        set_picked(lambda chosen: None if pick_of(chosen) == circle else (revision, circle))

    latest.current = tapped
    on_tap = ft.use_callback(lambda circle: latest.current(circle), [])
    board_width = phone_board_width(width)
    if step is None or not may:
        parts: list[ft.Control] = []
        if step is not None:
            what = ("remove a stone with the red stone" if step[2] == "remove"
                    else f"place the {step[3]} stone")
            parts.append(_panel(step[3], f"Waiting for {step[1]} to {what}", None))
        parts.append(Board(board_width))
        return ft.Column(parts, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    owner, name, kind, colour, choices, gives = step
    mine = owner == seat
    if pick is None:
        if kind == "remove":
            text = ("Tap the stone to remove with your red stone" if mine
                    else f"Tap the stone {name}'s red stone removes")
        else:
            text = (f"Tap an empty circle for your {colour} stone" if mine
                    else f"Tap a circle for {name}'s {colour} stone")
        panel = _panel(colour, text, None)
    else:
        warnings = dict(gives).get(pick, ())
        if kind == "remove":
            text, button = f"Remove the stone on {pick}?", f"Remove {pick}"
        else:
            text, button = f"{_cap(colour)} stone on {pick}?", f"Place on {pick}"
        lines = [_cap(w) for w in warnings] if mine else [_cap(w).replace("this gives", "gives") for w in warnings]

        async def confirm(e=None):
            circle = pick_of(latest_pick.current)  # as the latest tap left it
            if circle is None:  # taken back by a tap read in the same go: nothing to confirm
                return
            if await context.move(kind, {"circle": circle}, seat=owner):
                set_picked(None)

        panel = _panel(colour, text, kit.primary(button, confirm), lines)
    return ft.Column([panel, Board(board_width, choices, pick, on_tap, choices)], spacing=8,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _panel(colour: str, text: str, button: ft.Control | None, warnings: list[str] = ()) -> ft.Control:
    column: list[ft.Control] = [kit.own(ft.Text(text, size=kit.BODY + 2, weight=ft.FontWeight.BOLD))]
    for line in warnings:
        column.append(ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, size=20, color=ft.Colors.ERROR),
                              ft.Container(kit.body(line, size=kit.SMALL + 2, color=ft.Colors.ERROR),
                                           expand=True)], spacing=6))
    if button is not None:
        column.append(button)
    return ft.Container(
        ft.Row([stone(colour, None, None, size=30),
                ft.Container(ft.Column(column, spacing=4, tight=True), expand=True)],
               spacing=10, vertical_alignment=ft.CrossAxisAlignment.START),
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=12, height=PANEL,
    )


@part
def Careful():
    """Before a placement, on the placer's screen and the table's: the circles that would
    leave a tower one stone from scoring for the next player."""
    step = use_view(_step)
    may = use_view(lambda s: bool(s["public"].get("pending")) and s["public"]["pending"]["step"] in s["legal"])
    seat = use_view(lambda s: s["table"]["seat"])
    if not step or step[2] != "place" or not step[5] or (seat is not None and not may):
        return ft.Container(visible=False)
    circles: dict[str, list[str]] = {}  # one line per warning, with its circles
    for circle, words in step[5]:
        for w in words:
            circles.setdefault(w, []).append(circle)
    rows: list[ft.Control] = [kit.title("Careful", size=kit.BODY + 2)]
    for words, where in circles.items():
        rows.append(kit.body(f"{or_words(where)}: {words}", size=kit.SMALL + 2))
    return kit.card(rows)


@part
def RoundEvents():
    """What the round last revealed did (while bidding: the previous round; while
    resolving: this round so far)."""
    phase = use_view(lambda s: s["public"]["phase"])
    last = use_view(lambda s: _lines(s))
    if last is None:
        return ft.Container(visible=False)
    rnd, lines = last
    if phase == "resolving":
        lines = tuple(line for line in lines if line[0] != "reveal")
        title = "This round"
    else:
        title = f"Round {rnd}"
    if not lines:
        return ft.Container(visible=False)
    return events_card(title, lines)


def _lines(screen: dict) -> tuple | None:
    last = screen["public"].get("last_round")
    if not last or not last["lines"]:
        return None
    return last["round"], tuple((e["kind"], e["text"], e.get("colour")) for e in last["lines"])


def events_card(title: str, lines: tuple) -> ft.Control:
    rows: list[ft.Control] = [kit.title(title, size=kit.BODY + 2)]
    for kind, text, colour in lines:
        if kind == "score":
            rows.append(ft.Container(
                ft.Row([ft.Icon(ft.Icons.CASTLE, size=30, color=kit.text_on(colour)),
                        ft.Container(kit.own(ft.Text(text, size=kit.BODY + 2, weight=ft.FontWeight.BOLD,
                                                     color=kit.text_on(colour))), expand=True)],
                       spacing=8),
                bgcolor=kit.swatch(colour), border_radius=10, padding=10))
        else:
            rows.append(kit.body(text, size=kit.SMALL + 2))
    return kit.card(rows)


@part
def Revealed():
    bids = use_view(lambda s: tuple((b["seat"], b["name"], b["colour"], b["count"], b["words"])
                                    for b in s["public"].get("revealed_bids") or ()))
    colours = use_view(lambda s: tuple(s["table"]["colours"]))
    if not bids:
        return ft.Container(visible=False)
    rows: list[ft.Control] = [kit.title("Bids revealed", size=kit.BODY + 2)]
    for seat, name, colour, count, words in bids:
        dots = [stone(colour, None, None, size=22) for _ in range(count)]
        rows.append(ft.Row([
            kit.player_badge(name, colours[seat]),
            ft.Row(dots + [kit.own(ft.Text(words, size=kit.BODY, semantics_label=f"{name} bid {words}"))],
                   spacing=4, tight=True),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    return kit.card(rows)


# -- towers and players ------------------------------------------------------------------

def _towers(screen: dict) -> tuple:
    return tuple((t["circle"], t["colour"], t["words"], t["standing"])
                 for t in screen["public"]["board"]["towers"])


@part
def TowerNeeds():
    """Each tower: "D4 blue: 2 of 3" (matching stones next to it of the 3 that score it),
    or who scored it."""
    towers = use_view(_towers)
    rows: list[ft.Control] = [kit.title("Towers", size=kit.BODY + 2)]
    for circle, colour, words, standing in towers:
        rows.append(ft.Row([stone(colour, None, None, size=22),
                            kit.body(words, size=kit.BODY, weight=ft.FontWeight.BOLD if standing else None)],
                           spacing=8))
    return kit.card(rows)


def _player(screen: dict, seat: int) -> tuple:
    p = screen["public"]["players"][seat]
    return (p["name"], screen["table"]["colours"][seat], tuple(p["pile"].get(c, 0) for c in screen["public"]["colours"]),
            p["stones_left"], p["tower_count"], tuple(p["towers"]), p["holds_turn_tower"], p["ready"],
            p["in_hand"])


@part
def Players():
    n = use_view(lambda s: len(s["public"]["players"]))
    return kit.card([kit.title("Players", size=kit.BODY + 2)] + [PlayerRow(s, key=str(s)) for s in range(n)])


@part
def PlayerRow(seat: int):
    name, colour, pile, left, count, towers, holds, ready, in_hand = use_view(lambda s: _player(s, seat))
    colours = use_view(lambda s: tuple(s["public"]["colours"]))
    status: list[ft.Control] = []
    if holds:
        status.append(ft.Row([ft.Icon(ft.Icons.FORT, size=20), kit.body("turn tower", size=kit.SMALL)],
                             spacing=2, tight=True))
    if ready is not None:
        status.append(kit.own(ft.Text("ready" if ready else "choosing…", size=kit.SMALL + 2,
                                      weight=ft.FontWeight.BOLD if ready else None,
                                      semantics_label=f"{name} {'ready' if ready else 'choosing'}")))
    if in_hand:
        status.append(ft.Row([kit.body("holds", size=kit.SMALL),
                              stone(in_hand, None, f"{name} holds {in_hand}", size=18)],
                             spacing=4, tight=True))
    rows: list[ft.Control] = [
        ft.Row([
            ft.Column([kit.player_badge(name, colour, size=20), ft.Row(status, spacing=8, tight=True)],
                      spacing=2, tight=True),
            ft.Column([kit.own(ft.Text(str(count), size=kit.BIG - 6, weight=ft.FontWeight.BOLD,
                                       semantics_label=f"{name} towers {count}")),
                       ft.Text("tower" if count == 1 else "towers", size=kit.SMALL - 2)],
                      spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        ft.Row([stone(c, k, f"{name} {c} {k}", size=38) for c, k in zip(colours, pile)]
               + [kit.own(ft.Text(f"{plural(left, 'stone')} left", size=kit.SMALL,
                                  semantics_label=f"{name} stones left {left}"))], spacing=8),
    ]
    if towers:
        rows.append(kit.muted("Won: " + ", ".join(towers)))
    rows.append(ft.Divider(height=4))
    return ft.Column(rows, spacing=6)


@part
def Result():
    result = use_view(lambda s: _result(s))
    if result is None:
        return kit.title("The game is over")
    winners, reason, rnd, ranking = result
    rows: list[ft.Control] = [kit.title(_headline(list(winners)), size=kit.BIG - 8),
                              kit.body(f"The game ended in round {rnd}.", weight=ft.FontWeight.BOLD)]
    if reason:
        rows.append(kit.body(reason + "."))
    for rank, name, towers, stones in ranking:
        rows.append(ft.Row([
            kit.own(ft.Text(f"{rank}. {name}", size=kit.LARGE, weight=ft.FontWeight.BOLD)),
            kit.own(ft.Text(f"{plural(towers, 'tower')} · {plural(stones, 'stone')}", size=kit.BODY,
                            semantics_label=f"{name} final {towers} towers {stones} stones")),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    return kit.card(rows)


def _result(screen: dict) -> tuple | None:
    result = screen["result"]
    if not result:
        return None
    return (tuple(result["winner_names"]), result.get("reason"), result.get("round", screen["public"]["round"]),
            tuple((r["rank"], r["name"], r["towers"], r["stones_left"]) for r in result["ranking"]))


@part
def HouseRules():
    rules = use_view(lambda s: tuple(s["public"].get("house_rules") or ()))
    return ft.ExpansionTile(
        title=ft.Text("Where the rules are silent", size=kit.BODY),
        controls=[kit.body(rule, size=kit.SMALL + 2) for rule in rules],
        controls_padding=ft.Padding(12, 0, 12, 12),
    )


# -- the host's table screen (a laptop, tablet or TV in the middle of the table) -------------

@part
def TableView():
    phase = use_view(lambda s: s["public"]["phase"])
    width = kit.use_width()
    if phase == "setup":  # setting up needs the controls: the phone's setup, centred
        return ft.Row([ft.Container(Screen(), width=kit.PHONE_WIDTH + 40)],
                      alignment=ft.MainAxisAlignment.CENTER)
    height = kit.use_height()
    scale = kit.use_table_scale()
    # the board (each tower with its "2/3") takes the height under the host bar; the rest
    # of the width is the state
    board = min(width_for_height(height), width * 0.56)
    return ft.Row([
        ft.Container(Board(board), width=board),
        ft.Container(ft.Column([
            BigRound(scale), BigStatus(scale), BigPlayers(scale),
        ], spacing=kit.scaled(14, scale), horizontal_alignment=ft.CrossAxisAlignment.STRETCH), expand=True),
    ], spacing=kit.scaled(28, scale), vertical_alignment=ft.CrossAxisAlignment.START)


@part
def BigRound(scale: float):
    rnd = use_view(lambda s: s["public"]["round"])
    phase = use_view(lambda s: s["public"]["phase"])
    holder = use_view(_holder)
    return ft.Row([
        kit.big_text(f"Round {rnd}", kit.scaled(56, scale)),
        ft.Column([kit.big_text(_cap(PHASE_WORDS.get(phase, "")), kit.scaled(28, scale)),
                   ft.Row([ft.Icon(ft.Icons.FORT, size=kit.scaled(28, scale)),
                           kit.big_text(f"Turn tower: {holder}", kit.scaled(28, scale))], spacing=6, tight=True)],
                  spacing=2, tight=True),
    ], spacing=kit.scaled(24, scale), vertical_alignment=ft.CrossAxisAlignment.CENTER, wrap=True)


@part
def BigStatus(scale: float):
    words = use_view(_status_words)
    return ft.Container(kit.big_text(words, kit.scaled(30, scale)), bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        border_radius=12, padding=ft.Padding(16, 8, 16, 8))


def _status_words(screen: dict) -> str:
    public = screen["public"]
    names = screen["table"]["players"]
    result = screen["result"]
    if result:
        return f"{_headline(result['winner_names'])} · game over in round {result.get('round', public['round'])}"
    if public["phase"] == "bidding":
        waiting = [names[w] for w in public["waiting_for"]]
        if waiting:
            return f"Waiting for {and_words(waiting)} to bid"
        return "Everyone is ready: reveal on a phone"
    step = public.get("pending")
    if step:
        if step["step"] == "remove":
            return f"{step['name']} removes a stone (red)"
        return f"{step['name']} places a {step['colour']} stone"
    return ""


@part
def BigPlayers(scale: float):
    n = use_view(lambda s: len(s["public"]["players"]))
    return ft.Column([BigPlayer(s, scale, key=str(s)) for s in range(n)], spacing=kit.scaled(10, scale))


@part
def BigPlayer(seat: int, scale: float):
    """A player: name, what they do now, towers won and stones left on one line; their
    stones left per colour under it, each number on its stone."""
    name, colour, pile, left, count, towers, holds, ready, in_hand = use_view(lambda s: _player(s, seat))
    colours = use_view(lambda s: tuple(s["public"]["colours"]))
    bid = use_view(lambda s: next((b["words"] for b in s["public"].get("revealed_bids") or ()
                                   if b["seat"] == seat), None))
    if ready is not None:
        note = "ready" if ready else "choosing"
    elif bid is not None:
        note = f"bid {bid}" + (f" · holds {in_hand}" if in_hand else "")
    else:
        note = ""
    size = kit.scaled(kit.BIG, scale)  # 40 px or more
    caption = kit.scaled(18, scale)
    who = ft.Row([kit.player_badge(name, colour, size=int(size * 0.75))]
                 + ([ft.Icon(ft.Icons.FORT, size=int(size * 0.7))] if holds else [])
                 + [kit.own(ft.Text(note, size=caption + 4, semantics_label=f"{name} {note}" if note else None))],
                 spacing=8, expand=True, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Container(ft.Column([
        ft.Row([
            who,
            _counted(count, "tower" if count == 1 else "towers", f"{name} towers {count}", size, caption),
            _counted(left, "left", f"{name} stones left {left}", size, caption),
        ], spacing=kit.scaled(16, scale), vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Row([big_stone(c, k, f"{name} {c} {k}", size) for c, k in zip(colours, pile)],
               spacing=kit.scaled(10, scale)),
    ], spacing=4), padding=ft.Padding(12, 4, 12, 8), border=kit.outline(1, ft.Colors.OUTLINE_VARIANT))


def _counted(value: int, words: str, label: str, size: int, caption: int) -> ft.Control:
    return ft.Row([kit.own(ft.Text(str(value), size=size, weight=ft.FontWeight.BOLD, semantics_label=label)),
                   ft.Text(words, size=caption)], spacing=6, tight=True,
                  vertical_alignment=ft.CrossAxisAlignment.END)


def big_stone(colour: str, count: int, label: str, size: int) -> ft.Control:
    """A stone of the table screen with the number of its colour a player has left on it,
    at ``size`` px: the number is its own accessibility node (the browser tests measure
    its box and its digits)."""
    number = kit.own(ft.Text(str(count), size=size, weight=ft.FontWeight.BOLD, color=kit.text_on(colour),
                             semantics_label=label, text_align=ft.TextAlign.CENTER))
    diameter = int(size * 1.7)
    return ft.Container(number, width=diameter, height=diameter, border_radius=diameter / 2,
                        bgcolor=kit.swatch(colour), border=kit.outline(2, "#616161"),
                        alignment=ft.Alignment(0, 0))


# -- small pieces --------------------------------------------------------------------------

def stone(colour: str | None, count: int | None, label: str | None, size: int = 36) -> ft.Control:
    """A round stone in its colour, with a count on it (``None``: just the stone)."""
    text = None
    if count is not None:
        text = ft.Text(str(count), size=max(12, int(size * 0.45)), weight=ft.FontWeight.BOLD,
                       color=kit.text_on(colour or "grey"), semantics_label=label)
    disc = ft.Container(text, width=size, height=size, border_radius=size / 2,
                        bgcolor=kit.swatch(colour) if colour else ft.Colors.OUTLINE,
                        border=kit.outline(2, "#616161"), alignment=ft.Alignment(0, 0))
    if label and count is None:
        return kit.own(ft.Semantics(content=disc, label=label))
    return kit.own(disc) if label else disc


def token(text: str, colour: str, name: str, on_click, selected: bool = False,
          dim: bool = False, compact: bool = False) -> ft.Control:
    """A tappable coloured token named ``name``; picking it changes only its border's
    colour (always 4 px wide), so nothing moves under the finger."""
    label = ft.Text(text, size=kit.BODY, weight=ft.FontWeight.BOLD, color=kit.text_on(colour),
                    semantics_label=name)
    content: ft.Control = label
    if text.isdigit():  # a bid of n stones: the number and n small stones
        dots = [ft.Container(width=10, height=10, border_radius=5, bgcolor=kit.text_on(colour))
                for _ in range(int(text))]
        content = ft.Row([label, *dots], spacing=3, tight=True)
    return ft.Container(
        content=content, bgcolor=kit.swatch(colour), border_radius=22,
        padding=ft.Padding(8 if compact else 14, 6, 8 if compact else 14, 6),
        border=kit.outline(4, ft.Colors.PRIMARY if selected else "#9e9e9e"),
        on_click=on_click, ink=on_click is not None, opacity=0.35 if dim else 1.0,
    )
