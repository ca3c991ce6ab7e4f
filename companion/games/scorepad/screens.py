"""Score pad screens: a tally, not a form.

Points go in with big -1/+1/+5 steppers (or typed on a number keyboard); the round shows
who still has to enter; the totals put the leader first; "Next round" appears once
everyone has entered (the host may move on anyway, after a confirm). The host ends the
game (secret scores revealed first): every screen then says who won, above the final
totals and the chart, and offers no more rounds. Each part is a component reading only
its slice of the view.
"""

from __future__ import annotations

import flet as ft

from companion.ui import charts, kit
from companion.ui.live import part, public_slice, use_fixed, use_table, use_view
from engine.words import and_words

STEPS = (-1, 1, 5)


# -- what the banner says ------------------------------------------------------------

def turn_words(screen: dict) -> str:
    return f"enter your points for round {screen['public']['round']}"


def decision(screen: dict, seat: int) -> str | None:
    """What ``seat`` decides now, from the public view (pass-and-play's hand-over)."""
    public = screen["public"]
    if screen["result"] is None and seat in public["waiting"]:
        return f"enter their points for round {public['round']}"
    return None



# -- slices of the view ------------------------------------------------------------------

def points_of(screen: dict, seat: int) -> list:
    """A seat's points per round as this screen may see them ("entered" when secret)."""
    if seat == screen["table"]["seat"] and screen["private"] is not None:
        return screen["private"]["rounds"]
    return screen["public"]["players"][seat]["rounds"]


def total_of(screen: dict, seat: int):
    if seat == screen["table"]["seat"] and screen["private"] is not None:
        return screen["private"]["total"]
    return screen["public"]["players"][seat]["total"]


# -- the phone's screen ----------------------------------------------------------------------

@part
def Screen():
    seat = use_fixed(lambda s: s["table"]["seat"])
    host = use_fixed(lambda s: s["table"]["host"])
    n = use_fixed(lambda s: len(s["table"]["players"]))
    over, secret = use_view(lambda s: (s["result"] is not None, s["public"]["secret"]))
    # right under whom the round waits for: "Next round" is never below the fold
    controls: list[ft.Control] = [FinalStanding()] if over else [RoundTitle(), WaitingFor(), RoundButtons()]
    if secret:
        controls.append(kit.muted("Scores are secret: each player sees only their own until the "
                                  "host reveals them."))
    if not over:
        if seat is not None:
            controls.append(PointsEntry(seat, single=True, key=f"entry{seat}"))
        elif host:
            controls.extend(PointsEntry(s, single=False, key=f"entry{s}") for s in range(n))
        elif not use_table().extra.get("veil"):  # (pass-and-play's hand-over shows the table)
            controls.append(kit.muted("Watching: take a seat to enter points."))
    controls.append(kit.card([kit.title("Final totals" if over else "Totals"), Totals()]))
    controls.append(ChartSection())
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def standing_of(screen: dict) -> str | None:
    """"Cy wins with 26" once the game has ended; None before."""
    result = screen["result"]
    return result.get("standing") if result is not None else None


@part
def FinalStanding(size: int = 30):
    """Who won, in words, on every screen once the host has ended the game."""
    words = use_view(standing_of)
    if words is None:
        return ft.Container(visible=False)
    return ft.Row([kit.big_text(words, size)], alignment=ft.MainAxisAlignment.CENTER, wrap=True)


@part
def RoundTitle():
    rnd = use_view(lambda s: s["public"]["round"])
    return ft.Row([kit.big_number(rnd, "round")], alignment=ft.MainAxisAlignment.CENTER)


@part
def WaitingFor():
    words = use_view(_waiting_words)
    return kit.body(words, weight=ft.FontWeight.BOLD) if words else ft.Container(visible=False)


def _waiting_words(screen: dict) -> str | None:
    if screen["result"] is not None:
        return None
    public = screen["public"]
    waiting = public["waiting"]
    if not waiting:
        return f"Everyone has entered round {public['round']}"
    seat = screen["table"]["seat"]
    names = [public["players"][s]["name"] for s in waiting if s != seat]
    # a phone never waits for itself: its own seat is "you"
    return "Waiting for " + and_words((["you"] if seat in waiting else []) + names)


def _holds(text: str, points) -> bool:
    """Does a box holding ``text`` show ``points`` (an int) already?"""
    return isinstance(points, int) and text.strip() == str(points)


def _entered(screen: dict, seat: int):
    return points_of(screen, seat)[screen["public"]["round"] - 1]


@part
def PointsEntry(seat: int, single: bool):
    """The box, Save and the steppers. The box has no change handler: the browser keeps
    the server's copy of its value current anyway, and a handler would cost the server's
    loop 0.4 ms a keystroke (Flet works out each event's type from the control's classes);
    Save reads what the box holds. The points entered are read by the box alone, so a Save
    draws again the box, not the card around it."""
    context = use_table()
    name = use_fixed(lambda s: s["table"]["players"][seat])
    rnd = use_view(lambda s: s["public"]["round"])
    box = ft.use_memo(ft.Ref, [])  # the box on screen
    stepped = ft.use_ref(None)  # a stepper's points on their way into the box
    shown, set_shown = ft.use_state(None)  # (points a stepper put in the box, which step)

    def current_text() -> str:
        if stepped.current is not None:
            return stepped.current
        return _held(box)

    def step(amount: int):
        text = current_text().strip()
        try:
            number = int(text or "0")
        except ValueError:
            entered = _entered(context.live.screen, seat)
            number = entered if isinstance(entered, int) else 0
        stepped.current = str(number + amount)
        # numbered, so the box shows them even where it held the same points before a typing
        set_shown((stepped.current, (shown[1] + 1) if shown else 1))

    async def save(e=None):
        text = current_text().strip()
        if not text:
            context.toast(f"Type {name}'s points first")
            return
        if await context.move("points", {"round": rnd - 1, "points": text}, seat=seat):
            set_shown(None)  # saved: the box shows the points entered

    latest = ft.use_ref(None)
    latest.current = (step, save)
    # the same functions on every render, so the parts they go to are not drawn again
    on_step = ft.use_callback(lambda amount: latest.current[0](amount), [])

    async def save_latest(e=None):
        await latest.current[1](e)

    on_save = ft.use_callback(save_latest, [])
    rows = [
        kit.title(f"Points in round {rnd}" if single else f"{name}: round {rnd}"),
        ft.Row([PointsBox(seat, name, shown, box, stepped, on_save),
                kit.primary("Save" if single else f"Save {name}", on_save)], wrap=True),
        Steppers(name, on_step),
    ]
    return kit.card(rows)


def _held(box: ft.Ref) -> str:
    """What the box on screen holds (as its browser last reported it)."""
    return (box.current.value or "") if box.current is not None else ""


@part
def PointsBox(seat: int, name: str, shown, box, stepped, on_save):
    """The box. Points it holds already once saved are not drawn again: the phone that
    saved them shows them."""
    entered = use_view(lambda s: _entered(s, seat), drawn=lambda points: _holds(_held(box), points))
    value = shown[0] if shown is not None else (str(entered) if isinstance(entered, int) else "")
    if stepped.current == value:
        stepped.current = None  # the stepper's points are in the box drawn now
    return ft.TextField(label=f"{name}'s points", value=value, on_submit=on_save, ref=box,
                        keyboard_type=ft.KeyboardType.NUMBER, text_size=28, width=150)


@part
def Steppers(name: str, on_step):
    return ft.Row([ft.OutlinedButton(f"{'+' if amount > 0 else ''}{amount}",
                                     on_click=lambda e, amount=amount: on_step(amount), height=52,
                                     tooltip=f"{name} {'plus' if amount > 0 else 'minus'} {abs(amount)}")
                   for amount in STEPS], spacing=8)


def totals_in_order(screen: dict) -> tuple[tuple[int, object], ...]:
    """``(seat, total)`` pairs, the leader first; in seat order while totals are secret (an
    order would tell what the totals hide). Open scores are everyone's: worked out once per
    move for the whole table (each phone's own total is the public one then)."""
    if screen["public"]["secret"]:
        return tuple((seat, total_of(screen, seat)) for seat in range(len(screen["public"]["players"])))
    return _open_totals_in_order(screen)


@public_slice
def _open_totals_in_order(public: dict) -> tuple[tuple[int, object], ...]:
    players = public["players"]
    sign = 1 if public.get("lowest_wins") else -1
    order = sorted(range(len(players)), key=lambda s: (sign * (players[s]["total"] or 0), s))
    return tuple((seat, players[seat]["total"]) for seat in order)


@part
def Totals(size: int = 22, number_size: int = 34):
    """The totals, the leader first, drawn by this one part: a Save moves the rows and
    changes one number, and each other phone gets both in one patch (a browser may draw a
    frame between two patches of one move: ``bench/frame_cost.py``). The name badges are
    parts made once; a row is made again only when its total moved, and the rows that did
    not are the same objects in the new order, which Flet's diff passes over and moves."""
    rows = use_view(totals_in_order)
    names = use_fixed(lambda s: tuple(s["table"]["players"]))
    badges = ft.use_memo(lambda: [Badge(seat, size) for seat in range(len(names))], [])
    made = ft.use_ref({})  # seat -> (total, its row)
    for seat, total in rows:
        if seat not in made.current or made.current[seat][0] != total:
            shown = "secret" if total is None else str(total)
            row = ft.Row([badges[seat], ft.Text(shown, size=number_size, weight=ft.FontWeight.BOLD,
                                                semantics_label=f"{names[seat]} total {shown}")],
                         alignment=ft.MainAxisAlignment.SPACE_BETWEEN, key=str(seat))
            made.current[seat] = (total, row)
    return ft.Column([made.current[seat][1] for seat, _ in rows], spacing=8)


@part
def Badge(seat: int, size: int):
    """A player's name in their colour (drawn once)."""
    name = use_fixed(lambda s: s["table"]["players"][seat])
    colour = use_fixed(lambda s: s["table"]["colours"][seat])
    return kit.player_badge(name, colour, size=size)


@part
def ChartSection():
    """The chart on demand while playing (it grows every round), always at the end."""
    over = use_view(lambda s: s["result"] is not None)
    open_, set_open = ft.use_state(False)
    if over:
        return ScoreChart()
    button = kit.secondary("Hide chart" if open_ else "Show chart", lambda e: set_open(not open_))
    return ft.Column([button, ScoreChart()] if open_ else [button])


@part
def ScoreChart():
    names = use_view(lambda s: tuple(s["table"]["players"]))
    colours = use_view(lambda s: tuple(s["table"]["colours"]))
    series = use_view(lambda s: tuple(tuple(points_of(s, seat)) for seat in range(len(names))))
    known = [v for row in series for v in row if isinstance(v, int)]
    if not known:
        return kit.muted("No points yet.")
    rounds = len(series[0])
    per_round = [[v if isinstance(v, int) else 0 for v in row] for row in series]
    running = []
    for row in series:
        total, line = 0, []
        for v in row:
            if isinstance(v, int):
                total += v
            line.append(total if isinstance(v, int) or v is None else None)
        running.append(line)
    return kit.card([
        kit.title("By round"),
        charts.grouped_bars([f"R{r + 1}" for r in range(rounds)], names, colours,
                            [[row[r] for r in range(rounds)] for row in per_round]),
        kit.title("Running totals"),
        charts.running_totals(names, colours, running),
    ])


@part
def RoundButtons():
    context = use_table()
    host = use_fixed(lambda s: s["table"]["host"])
    # who has not entered: only the host's confirm names them (one slice: one listener)
    may, rnd, missing = use_view(lambda s: (
        tuple(k in s["legal"] for k in ("new_round", "reveal")) + (may_end(s),),
        s["public"]["round"],
        tuple(s["public"]["players"][w]["name"] for w in s["public"]["waiting"]) if host else ()))
    buttons: list[ft.Control] = []

    def next_round(e):
        if missing and host:
            context.confirm(f"Start round {rnd + 1}?", f"{', '.join(missing)} "
                            f"{'has' if len(missing) == 1 else 'have'} not entered round {rnd}.",
                            lambda: context.act("new_round"), "Start the next round")
        else:
            context.act("new_round")

    may_new_round, may_reveal, may_finish = may
    # always there, greyed until everyone has entered: the screen under it never moves
    buttons.append(kit.primary("Next round", next_round, disabled=not may_new_round))
    if may_reveal:
        buttons.append(kit.secondary("Reveal scores", lambda e: confirm_reveal(context)))
    if may_finish:
        buttons.append(EndButton())
    return ft.Row(buttons, wrap=True)


def may_end(screen: dict) -> bool:
    """The host may end the game once every score is open (secret ones revealed first)."""
    return "finish" in screen["legal"] and not screen["public"]["secret"]


@part
def EndButton():
    context = use_table()
    return kit.secondary("End the game", lambda e: context.confirm(
        "End the game?", "The winner and the final totals are shown on every screen, and no "
        "more rounds are played.", lambda: context.act("finish"), "Yes, end it"), icon=ft.Icons.FLAG)


def confirm_reveal(context) -> None:
    context.confirm("Reveal every score?", "Everyone will see every player's points. This cannot be undone.",
                    lambda: context.act("reveal"), "Reveal")


# -- the host's table screen (a laptop or tablet in the middle of the table) -----------------

@part
def TableView():
    over = use_view(lambda s: s["result"] is not None)
    rnd = use_view(lambda s: s["public"]["round"])
    head = FinalStanding(64) if over else ft.Row([kit.big_text(f"Round {rnd}", 64)],
                                                   alignment=ft.MainAxisAlignment.CENTER)
    controls = [head, BigWaiting(), Totals(48, 80), RevealButton()]
    if over:
        controls.append(ScoreChart())
    return ft.Column(controls, spacing=24, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def RevealButton():
    """Secret scores are revealed from the table screen itself, after a confirm: the
    host need not enter for a player (which would show that player's total on the shared
    screen). Until then this screen's view holds no hidden total at all. Once every
    score is open, the game is ended from here too."""
    context = use_table()
    can, end = use_view(lambda s: ("reveal" in s["legal"], may_end(s)))
    if end:
        return ft.Row([EndButton()], alignment=ft.MainAxisAlignment.CENTER)
    if not can:
        return ft.Container(visible=False)
    return ft.Column([
        kit.body("Scores are secret: each player sees only their own, on their phone.", size=kit.LARGE),
        kit.secondary("Reveal scores", lambda e: confirm_reveal(context), icon=ft.Icons.VISIBILITY),
    ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


@part
def BigWaiting():
    words = use_view(_waiting_words)
    return kit.big_text(words, 40) if words else ft.Container(visible=False)
