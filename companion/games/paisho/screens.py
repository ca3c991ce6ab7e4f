"""Pai Sho (Frank's rules) screens as components: the race, my turn in three taps, my
harmonies and tiles; the host's table screen in large type.

Every phone shows whose turn it is, the race to the target (big scores, the captures and
the blooming White Lotus said in words), its own harmonies with the turns until each
pays, and its tiles by place. On its turn a phone enters what happened in two or three
taps, one step at a time: what (Place / Move / Capture / Return / Pass), which tile,
then "End turn" (with any harmonies formed or broken ticked on the way). The engine
checks it all; a refusal (a disharmonious pair...) comes back as a message and the
draft stays.

Each part is a component reading only its slice of the view (a score, a harmony, whose
turn), so a move re-renders the parts it changed. The screens only draw the view: tile
names and looks, capture labels, the words for the end, the turn each point was scored
in (the race chart) all come from it, and a move's buttons show only when the table
offers that move.
"""

from __future__ import annotations

import flet as ft

from companion.games.paisho.board import BoardMap
from companion.games.paisho.look import Kinds, pair_tags, progress, tile_button, tile_tag
from companion.ui import charts, kit
from engine.words import or_words, plural
from companion.ui.live import part, use_table, use_view

TURN_KINDS = (("place", "Place"), ("move", "Move"), ("capture", "Capture"),
              ("return", "Return"), ("pass", "Pass"))
TURN_WORDS = {"place": "place", "move": "move", "capture": "capture",
              "return": "return flowers", "pass": "pass"}
OTHER_KINDS = ("harmony_broken", "harmony_formed", "knotweed_kill", "forfeit")


# -- what the banner says ---------------------------------------------------------------

def turn_words(screen: dict) -> str:
    """The moves of a turn that are legal now: "place, move, capture or pass"."""
    return or_words([TURN_WORDS[kind] for kind, _ in TURN_KINDS if kind in screen["legal"]])



def decision(screen: dict, seat: int) -> str | None:
    """What ``seat`` decides now, from the public view only (pass-and-play's hand-over)."""
    return "take their turn: place, move, capture or pass" if seat in screen["to_act"] else None


# -- slices of the view --------------------------------------------------------------------

def _kinds(screen: dict) -> Kinds:
    return Kinds.of(screen["public"])


def _player(screen: dict, seat: int) -> tuple:
    """What a race row draws: (name, colour, score, captured, blooming, out words)."""
    p = screen["public"]["players"][seat]
    return (p["name"], screen["table"]["colours"][seat], p["score"], p["captured"], p["blooming"],
            p["out_words"])


def _harmony(h: dict) -> tuple:
    return (h["id"], h["owner"], tuple(h["pair"]), h["points"], h["turns_intact"], h["turns_to_next_point"])


def _race_data(screen: dict) -> tuple:
    public = screen["public"]
    return (tuple(screen["table"]["players"]), tuple(screen["table"]["colours"]),
            tuple(tuple(p["point_turns"]) for p in public["players"]), public["turns_played"],
            public["target"])


def _status(captured: int, blooming: bool, out_words: str | None, you: bool) -> str:
    """A player's captures and lotus in words."""
    words = []
    if out_words:
        words.append(out_words[:1].upper() + out_words[1:])
    words.append(f"Captured {plural(captured, 'tile')}")
    if blooming:
        words.append(("your" if you else "their") + " White Lotus blooms")
    return " · ".join(words)


# -- the phone's screen ------------------------------------------------------------------------

@part
def Screen():
    seat = use_view(lambda s: s["table"]["seat"])
    over = use_view(lambda s: s["result"] is not None)
    mine = use_view(lambda s: s["private"] is not None)
    if over:
        return Final()
    mirrored = use_view(lambda s: "board" in s["public"])
    if seat is None or not mine:
        return Board()
    if mirrored:
        controls = [WhoseTurn(seat), BoardMap(seat), Race(seat), Lotus(seat), Harmonies(), Latest(),
                    Pot(), RaceChartSection(), More(seat)]
        return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    controls: list[ft.Control] = [WhoseTurn(seat), TurnSlot()]
    controls += [Race(seat), Lotus(seat), MyHarmonies(seat), Harmonies(besides=seat), Pot(), MyTiles(),
                 RaceChartSection(), More(seat)]
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def Board():
    """The table screen on a phone-sized device (a watcher, the host's phone)."""
    host = use_view(lambda s: s["table"]["host"])
    mirrored = use_view(lambda s: "board" in s["public"])
    controls: list[ft.Control] = [WhoseTurn(None), *([BoardMap(None)] if mirrored else []), Race(None), Lotus(None), Harmonies(), Latest(), Pot(),
                                  RaceChartSection()]
    if host:
        controls.append(kit.muted("To enter a turn here, pick \"Enter for <player>\" above."))
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@part
def WhoseTurn(me: int | None):
    """Whose turn and the turn number (the frame's big banner says what I may do on mine);
    the same controls whoever's turn it is, so a new turn changes a few values only."""
    current = use_view(lambda s: s["public"]["current"])
    turn = use_view(lambda s: s["public"]["turn"])
    name = use_view(lambda s: None if current is None else s["table"]["players"][current])
    colour = use_view(lambda s: "grey" if current is None else s["table"]["colours"][current])
    if current is None:
        return kit.body("Game over", weight=ft.FontWeight.BOLD)
    mirrored = use_view(lambda s: "board" in s["public"])
    mine = "Your turn" if mirrored else "Enter what you did"
    words = mine if current == me else f"{name}'s turn"
    return ft.Row([kit.player_badge(words, colour, size=26),
                   kit.own(ft.Text(f"Turn {turn}", size=20, weight=ft.FontWeight.BOLD))],
                  alignment=ft.MainAxisAlignment.SPACE_BETWEEN)


@part
def Race(me: int | None):
    target = use_view(lambda s: s["public"]["target"])
    n = use_view(lambda s: len(s["public"]["players"]))
    rows: list[ft.Control] = [kit.title(f"Race to {target}")]
    rows += [RaceRow(seat, me, target, key=str(seat)) for seat in range(n)]
    return kit.card(rows, padding=10)


@part
def RaceRow(seat: int, me: int | None, target: int, number_size: int = kit.BIG, name_size: int = 20,
            words_size: int = kit.SMALL):
    name, colour, score, captured, blooming, out_words = use_view(lambda s: _player(s, seat))
    you = seat == me
    label = "You" if you else name
    number = ft.Text(str(score), size=number_size, weight=ft.FontWeight.BOLD,
                     semantics_label=f"{name} score {score} of {target}")
    words = _status(captured, blooming, out_words, you)
    return ft.Column([
        ft.Row([
            ft.Column([kit.player_badge(label, colour, size=name_size),
                       kit.own(ft.Text(words, size=words_size))], spacing=2, expand=True),
            number,
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        progress(score, target, colour, height=max(10, number_size // 4)),
    ], spacing=4)


@part
def Lotus(me: int | None, size: int = kit.BODY):
    """The blooming White Lotus, said in words."""
    bloom = use_view(lambda s: s["public"]["blooming"])
    name = use_view(lambda s: None if bloom is None else s["table"]["players"][bloom])
    kinds = use_view(_kinds)
    if bloom is None:
        return kit.body("No White Lotus blooms: the fewest captures is tied", size=size)
    who = "Your" if bloom == me else f"{name}'s"
    why = "you have" if bloom == me else f"{name} has"
    return ft.Row([
        tile_tag(kinds, "lotus", kinds.name("lotus"), size=size),
        kit.body(f"{who} White Lotus blooms ({why} captured the fewest tiles): in harmony with "
                 "every flower within 3 spaces" if size < 30 else f"{who} White Lotus blooms",
                 size=size, weight=ft.FontWeight.BOLD),
    ], wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@part
def Pot(size: int = 18):
    kinds = use_view(_kinds)
    pots = use_view(lambda s: tuple((p["name"], tuple((k, p["pot"][k]) for k in s["public"]["names"]
                                                       if k in p["pot"]))
                                    for p in s["public"]["players"]))
    rows: list[ft.Control] = [kit.title("The Pot", size=20)]
    if not any(pot for _, pot in pots):
        rows.append(kit.muted("The Pot is empty."))
    for name, pot in pots:
        count = sum(n for _, n in pot)
        if not count:
            continue
        rows.append(kit.own(ft.Text(f"{name}'s tiles: {count}", size=size, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"Pot: {name}'s tiles {count}")))
        rows.append(ft.Row([tile_tag(kinds, kind, f"{kinds.name(kind)} ×{n}") for kind, n in pot],
                           wrap=True, spacing=4, run_spacing=4))
    return kit.card(rows)


@part
def HarmonyRow(harmony: tuple, owner_name: str | None, number_size: int = kit.BIG, tag_size: int = 15):
    hid, _, pair, points, _, left = harmony
    kinds = use_view(_kinds)
    who = f"{owner_name}'s " if owner_name else ""
    words = f"{who}{kinds.pair_text(pair)} pays in {plural(left, 'turn')}"
    return ft.Row([
        ft.Column([
            pair_tags(kinds, pair, size=tag_size),
            kit.own(ft.Text(f"{who}#{hid} · {plural(points, 'point')} so far",
                            size=max(kit.SMALL, tag_size - 1))),
        ], spacing=2, expand=True),
        ft.Column([
            ft.Text(str(left), size=number_size, weight=ft.FontWeight.BOLD, semantics_label=words),
            ft.Text("turn to pay" if left == 1 else "turns to pay", size=max(12, number_size // 3)),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


@part
def MyHarmonies(me: int):
    mine = use_view(lambda s: tuple(_harmony(h) for h in s["public"]["harmonies"] if h["owner"] == me))
    rows: list[ft.Control] = [kit.title("My harmonies")]
    if not mine:
        rows.append(kit.muted("No harmony yet: two neighbours on the ring, next to each other."))
    rows += [HarmonyRow(h, None, key=str(h[0])) for h in mine]
    return kit.card(rows)


@part
def Harmonies(number_size: int = kit.BIG, tag_size: int = 15, title_size: int = kit.LARGE,
              besides: int | None = None):
    """Every intact harmony with its owner (``besides``: all but that seat's)."""
    every = use_view(lambda s: tuple(_harmony(h) for h in s["public"]["harmonies"] if h["owner"] != besides))
    names = use_view(lambda s: tuple(s["table"]["players"]))
    rows: list[ft.Control] = [kit.title("Harmonies" if besides is None else "The others' harmonies",
                                        size=title_size)]
    if not every:
        rows.append(kit.muted("No harmony is intact."))
    rows += [HarmonyRow(h, names[h[1]], number_size, tag_size, key=str(h[0])) for h in every]
    return kit.card(rows)


@part
def Latest(size: int = 15):
    recent = use_view(lambda s: tuple(s["public"]["recent"]))
    rows: list[ft.Control] = [kit.title("Latest", size=20)]
    rows += [kit.body(line, size=size) for line in recent]
    if not recent:
        rows.append(kit.muted("No harmony yet: the harmonies formed and broken show here."))
    return kit.card(rows)


@part
def MyTiles():
    tiles = use_view(lambda s: s["private"]["tiles"])
    kinds = use_view(_kinds)

    def cell(text: str, bold: bool = False) -> ft.Control:
        return ft.Container(ft.Text(text, size=16, weight=ft.FontWeight.BOLD if bold else None,
                                    text_align=ft.TextAlign.CENTER), width=56)

    rows: list[ft.Control] = [
        kit.title("My tiles"),
        ft.Row([ft.Container(width=150), cell("hand", True), cell("board", True), cell("Pot", True)], spacing=4),
    ]
    for kind in kinds.names:
        returned = tiles["returned"].get(kind, 0)
        board = tiles["board"].get(kind, 0)
        hand = str(tiles["hand"].get(kind, 0)) + (f"+{returned}" if returned else "")
        rows.append(ft.Row([ft.Container(tile_tag(kinds, kind), width=150), cell(hand),
                            cell(str(board), board > 0), cell(str(tiles["pot"].get(kind, 0)))], spacing=4))
    if tiles["returned"]:
        rows.append(kit.muted("+N: returned by a Boat or Wheel, may be placed again."))
    return kit.card(rows)


@part
def RaceChartSection():
    """The race chart on demand while playing (it grows every turn)."""
    open_, set_open = ft.use_state(False)
    button = kit.secondary("Hide the race chart" if open_ else "Show the race chart", lambda e: set_open(not open_))
    return ft.Column([button, RaceChart()] if open_ else [button])


@part
def RaceChart(height: int = 220, label_size: int = 12):
    names, colours, point_turns, turns, target = use_view(_race_data)
    return charts.race_to_target(names, colours, point_turns, turns, target, height=height,
                                 label_size=label_size)


# -- the turn, one step at a time ------------------------------------------------------------

@part
def TurnSlot():
    """The turn entry when it is my turn; its place kept when not (nothing after it is
    drawn again when the turn comes or goes)."""
    my_turn = use_view(lambda s: s["private"]["turn"] is not None and "pass" in s["legal"])
    return TurnEntry() if my_turn else ft.Container(visible=False)


def _fresh(turn: int) -> dict:
    return {"turn": turn, "step": "what", "kind": None, "tile": None, "capture": None, "tool": None,
            "returned": (), "broken": (), "formed": (), "pick": None}


def _turn_slice(screen: dict) -> dict:
    public = screen["public"]
    if screen["private"]["turn"] is None:
        return {"turn": public["turn"], "choices": None}
    return {
        "turn": public["turn"],
        "legal": tuple(k for k, _ in TURN_KINDS if k in screen["legal"]),
        "choices": screen["private"]["turn"],
        "can_form": tuple(tuple(p) for p in screen["private"]["can_form"]),
        "harmonies": tuple(_harmony(h) for h in public["harmonies"]),
        "players": tuple(p["name"] for p in public["players"]),
        "harmony_tiles": tuple(public["harmony_tiles"]),
    }


@part
def TurnEntry():
    """My turn: what, which tile, End turn. The draft is this phone's own until sent."""
    context = use_table()
    view = use_view(_turn_slice)
    kinds = use_view(_kinds)
    stored, latest, set_stored = kit.use_field(lambda: _fresh(view["turn"]))
    if view["choices"] is None:  # the turn has just gone (the slot takes this part away)
        return ft.Container(visible=False)
    intact = {h[0] for h in view["harmonies"]}

    def current(kept: dict) -> dict:
        """The draft of this turn (a new turn: a new draft), without harmonies now broken."""
        draft = kept if kept["turn"] == view["turn"] else _fresh(view["turn"])
        if any(i not in intact for i in draft["broken"]):
            draft = {**draft, "broken": tuple(i for i in draft["broken"] if i in intact)}
        return draft

    draft = current(stored)

    def change(update=None, **changes):
        """Change the draft: ``changes``, or ``update(draft)`` for changes that depend on
        it. Both apply to the latest draft, so that taps read in one go all count."""
        def changed(kept: dict) -> dict:
            latest_draft = current(kept)
            return {**latest_draft, **(update(latest_draft) if update else changes)}

        set_stored(changed)

    async def send(e=None):
        sent = current(latest.current)
        await context.move(sent["kind"], _payload(sent))

    if draft["step"] == "tile":
        rows = _tile_step(view, kinds, draft, change)
    elif draft["step"] == "finish":
        rows = _finish_step(view, kinds, draft, change, send)
    else:
        rows = _what_step(view, change)
    return kit.card(rows)


def _tile_words(players: tuple, kinds: Kinds, item: dict) -> str:
    return f"{players[item['owner']]}'s {kinds.name(item['kind'])}"


def _what_step(view: dict, change) -> list[ft.Control]:
    choices = view["choices"]

    def choose(kind):
        def handler(e=None):
            tools = choices["can_return_with"]
            change(kind=kind, step="finish" if kind == "pass" else "tile", tile=None, capture=None,
                   tool=tools[0] if kind == "return" and len(tools) == 1 else None, returned=())
        return handler

    # only the moves the table offers now (a greyed-out button is one more thing to read)
    buttons = [(kit.primary if kind == view["legal"][0] else kit.secondary)(label, choose(kind))
               for kind, label in TURN_KINDS if kind in view["legal"]]
    return [kit.title("What did you do?"), ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            kit.muted("Then pick the tile, and any harmony formed or broken.")]


def _tile_step(view: dict, kinds: Kinds, draft: dict, change) -> list[ft.Control]:
    choices = view["choices"]
    kind = draft["kind"]
    rows: list[ft.Control] = []
    if kind in ("place", "move"):
        rows.append(kit.title("Which tile did you place?" if kind == "place" else "Which tile moved?"))
        tiles = choices["can_place"] if kind == "place" else choices["can_move"]
        rows.append(ft.Row([tile_button(kinds, k, lambda e=None, k=k: change(tile=k, step="finish"))
                            for k in tiles], wrap=True, spacing=6, run_spacing=6))
    elif kind == "capture":
        rows.append(kit.title("Which capture?"))
        rows += [ft.Row([tile_button(kinds, c["tile"], lambda e=None, c=c: change(capture=dict(c), step="finish"),
                                     label=c["label"])], wrap=True)
                 for c in choices["can_capture"]]
    elif kind == "return":
        rows += _return_rows(view, kinds, draft, change)
    rows.append(kit.secondary("Back", lambda e=None: change(step="what")))
    return rows


def _return_rows(view: dict, kinds: Kinds, draft: dict, change) -> list[ft.Control]:
    choices = view["choices"]
    tools = choices["can_return_with"]
    rows: list[ft.Control] = []
    if len(tools) > 1 or draft["tool"] is None:
        rows.append(kit.title("With which tile?"))
        rows.append(ft.Row([tile_button(kinds, t, lambda e=None, t=t: change(tool=t), selected=draft["tool"] == t)
                            for t in tools], wrap=True, spacing=6))
    if draft["tool"] is None:
        return rows
    rows.append(kit.title(f"Flowers your {kinds.name(draft['tool'])} returned"))
    rows.append(ft.Row([
        tile_button(kinds, item["kind"], lambda e=None, item=item: change(lambda d: {"returned": d["returned"] + (dict(item),)}),
                    label=_tile_words(view["players"], kinds, item))
        for item in choices["returnable"]], wrap=True, spacing=6, run_spacing=6))
    if draft["returned"]:
        names = ", ".join(_tile_words(view["players"], kinds, i) for i in draft["returned"])
        rows.append(kit.body(f"Returning: {names}", weight=ft.FontWeight.BOLD))
        rows.append(ft.Row([kit.primary("Next", lambda e=None: change(step="finish")),
                            kit.secondary("Clear returned", lambda e=None: change(returned=()))], wrap=True))
    return rows


def _summary(view: dict, kinds: Kinds, draft: dict) -> str:
    kind = draft["kind"]
    if kind == "pass":
        return "You pass"
    if kind == "capture" and draft["capture"]:
        return draft["capture"]["label"]
    if kind == "return":
        names = ", ".join(_tile_words(view["players"], kinds, i) for i in draft["returned"])
        return f"Your {kinds.name(draft['tool'])} returned {names}"
    return f"{'Place' if kind == 'place' else 'Move'} {kinds.name(draft['tile'])}"


def _payload(draft: dict) -> dict:
    kind = draft["kind"]
    payload: dict = {}
    if kind in ("place", "move"):
        payload["tile"] = draft["tile"]
    elif kind == "capture":
        c = draft["capture"]
        payload.update({"tile": c["tile"], "captured": c["captured"], "owner": c["owner"]})
    elif kind == "return":
        payload.update({"tile": draft["tool"], "returned": [dict(i) for i in draft["returned"]]})
    if draft["broken"]:
        payload["broken"] = list(draft["broken"])
    if draft["formed"]:
        payload["formed"] = [list(p) for p in draft["formed"]]
    return payload


def _finish_step(view: dict, kinds: Kinds, draft: dict, change, send) -> list[ft.Control]:
    """The summary and End turn first (they never move), then the optional harmonies."""
    rows: list[ft.Control] = [
        ft.Row([kit.own(ft.Text(_summary(view, kinds, draft), size=22, weight=ft.FontWeight.BOLD)),
                kit.secondary("Change", lambda e=None: change(step="what", pick=None))],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
        kit.primary("End turn", send),
        kit.title("Harmony formed? Tap two tiles", size=20),
    ]
    pick = draft["pick"]

    def tapped(kind, d: dict) -> dict:
        if d["pick"] is None:
            return {"pick": kind}
        if d["pick"] == kind:
            return {"pick": None}
        return {"formed": d["formed"] + ((d["pick"], kind),), "pick": None}

    def tap(kind):
        return lambda e=None: change(lambda d: tapped(kind, d))

    rows.append(ft.Row([tile_button(kinds, k, tap(k), selected=pick == k) for k in view["harmony_tiles"]],
                       wrap=True, spacing=6, run_spacing=6))
    # the hint keeps its line whether or not a tile is picked: nothing below it moves
    rows.append(kit.muted(f"{kinds.name(pick)} + which tile?" if pick is not None
                          else "Tap a tile, then its neighbour on the ring."))
    for suggestion in view["can_form"]:
        if suggestion not in draft["formed"]:
            rows.append(kit.secondary(f"Form {kinds.pair_text(suggestion)}",
                                      lambda e=None, s=suggestion: change(
                                          lambda d, s=s: {"formed": d["formed"] + (s,) if s not in d["formed"] else d["formed"]})))
    for pair in draft["formed"]:
        rows.append(ft.Row([
            pair_tags(kinds, pair),
            kit.secondary(f"Remove {kinds.pair_text(pair)}",
                          lambda e=None, p=pair: change(lambda d, p=p: {"formed": tuple(f for f in d["formed"] if f != p)})),
        ], wrap=True))
    if view["harmonies"]:
        rows.append(kit.title("Harmony broken?", size=20))
        for hid, owner, pair, *_ in view["harmonies"]:
            on = hid in draft["broken"]

            def toggle(e=None, hid=hid):
                change(lambda d: {"broken": tuple(i for i in d["broken"] if i != hid) if hid in d["broken"]
                                  else d["broken"] + (hid,)})
            rows.append(ft.Row([
                ft.Column([kit.body(f"{view['players'][owner]}'s"), pair_tags(kinds, pair)], spacing=2, expand=True),
                (kit.primary if on else kit.secondary)(f"Broken #{hid}" if on else f"Break #{hid}", toggle),
            ]))
    return rows


# -- outside the turn: broken harmonies, knotweed, forfeit -------------------------------------

@part
def More(me: int):
    context = use_table()
    legal = use_view(lambda s: tuple(k for k in OTHER_KINDS if k in s["legal"]))
    opened, set_opened = ft.use_state(False)
    if not legal:
        return ft.Container(visible=False)
    rows: list[ft.Control] = [kit.secondary("Hide other actions" if opened else "Other actions",
                                            lambda e: set_opened(not opened))]
    if not opened:
        return ft.Column(rows)
    rows.append(kit.muted("Things that happen outside a turn."))
    if "harmony_broken" in legal or "harmony_formed" in legal:
        rows.append(RecordHarmonies("harmony_broken" in legal, "harmony_formed" in legal))
    if "knotweed_kill" in legal:
        rows.append(KnotweedKill(me))
    if "forfeit" in legal:
        rows.append(ft.FilledButton(
            "Forfeit the game", bgcolor="#b71c1c", color="#ffffff", height=48,
            on_click=lambda e: context.confirm(
                "Forfeit the game?", "You leave the game; with two players your opponent wins at once.",
                lambda: context.act("forfeit", {}), "Forfeit")))
    return kit.card(rows)


@part
def RecordHarmonies(broken: bool, formed: bool):
    context = use_table()
    kinds = use_view(_kinds)
    harmonies = use_view(lambda s: tuple(_harmony(h) for h in s["public"]["harmonies"]))
    names = use_view(lambda s: tuple(s["table"]["players"]))
    can_form = use_view(lambda s: tuple(tuple(p) for p in s["private"]["can_form"]))
    rows: list[ft.Control] = []
    if broken:
        for hid, owner, pair, *_ in harmonies:
            rows.append(ft.Row([
                ft.Column([kit.body(f"{names[owner]}'s"), pair_tags(kinds, pair)], spacing=2, expand=True),
                kit.secondary(f"Record #{hid} broken", lambda e, h=hid: context.act("harmony_broken", {"harmony": h})),
            ]))
    if formed:
        for pair in can_form:
            rows.append(kit.secondary(f"Record harmony {kinds.pair_text(pair)}",
                                      lambda e, p=pair: context.act("harmony_formed", {"tiles": list(p)})))
    return ft.Column(rows, spacing=8)


@part
def KnotweedKill(me: int):
    context = use_table()
    kinds = use_view(_kinds)
    targets = use_view(lambda s: tuple((t["owner"], t["kind"]) for t in s["private"]["can_kill"]))
    names = use_view(lambda s: tuple(s["table"]["players"]))
    killed, latest, set_killed = kit.use_field(())
    if not targets:
        return ft.Container(visible=False)

    def words(item) -> str:
        return f"{names[item[0]]}'s {kinds.name(item[1])}"

    async def record(e):
        victims = [{"owner": o, "kind": k} for o, k in latest.current]
        if await context.move("knotweed_kill", {"knotweed": me, "killed": victims}):
            set_killed(())

    rows: list[ft.Control] = [kit.title("Knotweed kill", size=20), kit.muted("Tap each tile it killed.")]
    rows.append(ft.Row([tile_button(kinds, t[1], lambda e, t=t: set_killed(lambda k, t=t: k + (t,)), label=f"Kill {words(t)}")
                        for t in targets], wrap=True, spacing=6, run_spacing=6))
    if killed:
        rows.append(kit.body("Killed: " + ", ".join(words(t) for t in killed)))
        rows.append(ft.Row([kit.primary("Record knotweed kill", record),
                            kit.secondary("Clear killed", lambda e: set_killed(()))], wrap=True))
    return ft.Column(rows, spacing=8)


# -- the end ----------------------------------------------------------------------------

@part
def Final(big: bool = False):
    result = use_view(lambda s: s["result"])
    colours = use_view(lambda s: tuple(s["table"]["colours"]))
    winner = result.get("winner")
    reason = result.get("reason_words") or ""
    if winner is None:
        banner, colour = "Game over: no winner", "grey"
    else:
        banner, colour = f"{result['winner_name']} wins!", colours[winner]
    scale = 2 if big else 1
    controls: list[ft.Control] = [
        ft.Container(ft.Column([
            kit.own(ft.Text(banner, size=34 * scale, weight=ft.FontWeight.BOLD, color=kit.text_on(colour))),
            kit.own(ft.Text(reason, size=18 * scale, color=kit.text_on(colour))),
        ], spacing=4), bgcolor=kit.swatch(colour), border_radius=14, padding=ft.Padding(16, 12, 16, 12)),
    ]
    scores: list[ft.Control] = [kit.title("Final score", size=kit.LARGE * scale)]
    for row in result.get("ranking", []):
        note = f" ({row['out_words']})" if row["out_words"] else ""
        scores.append(ft.Row([
            kit.player_badge(row["name"] + note, colours[row["seat"]], size=22 * scale),
            kit.own(ft.Text(str(row["score"]), size=kit.BIG * scale, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{row['name']} final score {row['score']}")),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    controls.append(kit.card(scores))
    chart = kit.card([kit.title("The race", size=kit.LARGE * scale), RaceChart(height=220 * scale)])
    if big:
        return ft.Row([ft.Column(controls, expand=1, spacing=16), ft.Column([chart], expand=1)],
                      spacing=24, vertical_alignment=ft.CrossAxisAlignment.START)
    return ft.Column(controls + [chart], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# -- the host's table screen (a laptop, tablet or TV in the middle of the table) -----------------

@part
def TableView():
    over = use_view(lambda s: s["result"] is not None)
    n = use_view(lambda s: len(s["public"]["players"]))
    target = use_view(lambda s: s["public"]["target"])
    mirrored = use_view(lambda s: "board" in s["public"])
    width = kit.use_width()
    if over:
        return Final(big=True)
    scale = kit.use_table_scale()

    def px(size: float) -> int:
        return kit.scaled(size, scale)

    number, name, words = (64, 32, 24) if n > 2 else (96, 40, 28)
    rows = [RaceRow(seat, None, target, px(number if not mirrored else 56), px(name), px(words), key=str(seat))
            for seat in range(n)]
    if mirrored:  # the board large on one side, the race and the harmonies on the other
        side = min(kit.use_height() - px(8), width * 0.5)
        board = ft.Column([BoardMap(None, side)], expand=3, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        right = ft.Column([BigTurn(px(44), px(40), px(22)), *rows, Lotus(None, px(28)), Harmonies(px(48), px(22), px(32))],
                          spacing=px(12), expand=2, scroll=ft.ScrollMode.AUTO,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        return ft.Row([board, right], spacing=24, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)
    left = ft.Column([BigTurn(px(56), px(44), px(24)), *rows,
                      Lotus(None, px(28 if n > 2 else 32))], spacing=px(12 if n > 2 else 16), expand=3, scroll=ft.ScrollMode.AUTO)
    right = ft.Column([Harmonies(px(56), px(24), px(36)), BigChart(px(260), px(36))], spacing=px(16), expand=2,
                      scroll=ft.ScrollMode.AUTO, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.Row([left, right], spacing=32, vertical_alignment=ft.CrossAxisAlignment.START, expand=True)


@part
def BigTurn(size: int = 56, number_size: int = 44, small: int = 24):
    current = use_view(lambda s: s["public"]["current"])
    turn = use_view(lambda s: s["public"]["turn"])
    target = use_view(lambda s: s["public"]["target"])
    name = use_view(lambda s: None if current is None else s["table"]["players"][current])
    colour = use_view(lambda s: "grey" if current is None else s["table"]["colours"][current])
    return ft.Container(ft.Row([
        kit.own(ft.Text(f"{name}'s turn", size=size, weight=ft.FontWeight.BOLD, color=kit.text_on(colour))),
        ft.Column([
            ft.Text(f"Turn {turn}", size=number_size, weight=ft.FontWeight.BOLD, color=kit.text_on(colour),
                    semantics_label=f"Turn {turn}"),
            ft.Text(f"First to {target} wins", size=small, color=kit.text_on(colour)),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN), bgcolor=kit.swatch(colour), border_radius=16,
        padding=ft.Padding(24, 12, 24, 12))


@part
def BigChart(height: int = 260, title_size: int = 36):
    return kit.card([kit.title("The race", size=title_size), RaceChart(height=height, label_size=16)])
