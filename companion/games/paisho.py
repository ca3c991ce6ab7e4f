"""Pai Sho (Frank's rules) screens: the score race, my tiles and harmonies, a turn in 3 taps.

Every phone shows whose turn it is, the race to the target, its own harmonies with the
turns until each pays, and its tiles by place. On its turn a phone enters what happened
in two or three taps: what (Place / Move / Capture / Return / Pass), which tile, then
optionally the harmonies formed or broken, and "End turn". The engine checks it all;
a refusal (a disharmonious pair...) comes back as a message and the draft stays.

The shared table screen shows public things only: the race, the Pot, the blooming lotus,
the harmonies (and the latest formed and broken) and whose turn it is. When the game is
over every screen shows the winner and the score by turn as a bar chart.

The screens only draw the view: tile names and looks, capture labels and the words for
the end come from it, and a move's buttons show only when the table offers that move.
"""

from __future__ import annotations

import flet as ft

from companion.games.paisho_look import Kinds, pair_tags, score_bar, score_chart, tile_button, tile_tag
from companion.ui import kit
from companion.ui.gameui import GameUI

TURN_KINDS = (("place", "Place"), ("move", "Move"), ("capture", "Capture"),
              ("return", "Return"), ("pass", "Pass"))
OTHER_KINDS = ("harmony_broken", "harmony_formed", "knotweed_kill", "forfeit")


def build(ui: GameUI) -> list[ft.Control]:
    if ui.over:
        return _final(ui)
    me = ui.seat
    if me is None or ui.private is None:
        return _table(ui)
    controls: list[ft.Control] = [_turn_banner(ui, me), _race(ui, me, compact=True)]
    if ui.may("pass"):  # the turn moves are open to this screen: it is this seat's turn
        controls.append(_turn_entry(ui, me))
    controls.append(_my_harmonies(ui, me))
    controls.append(_lotus_and_pot(ui))
    controls.append(_my_tiles(ui, me))
    if any(ui.may(kind) for kind in OTHER_KINDS):
        controls.append(_more(ui, me))
    return controls


def _kinds(ui: GameUI) -> Kinds:
    return Kinds.of(ui.public)


def _act(ui: GameUI, kind: str, payload: dict) -> None:
    """A move of this screen's seat (the host entering for a player acts for that seat)."""
    ui.act(kind, payload, seat=ui.seat)


def _tile_words(ui: GameUI, item: dict) -> str:
    return f"{ui.public['players'][item['owner']]['name']}'s {_kinds(ui).name(item['kind'])}"


# -- shared pieces ---------------------------------------------------------------
def _width(ui: GameUI) -> float:
    return 620 if kit.is_wide(ui) else 300


def _turn_banner(ui: GameUI, me: int | None) -> ft.Control:
    game = ui.public
    current = game["current"]
    if current is None:
        text = "Game over"
    elif current == me:
        text = "Your turn"
    else:
        text = f"{game['players'][current]['name']}'s turn"
    colour = ui.colours[current] if current is not None else "grey"
    return ft.Container(
        ft.Row([
            kit.own(ft.Text(text, size=30, weight=ft.FontWeight.BOLD, color=kit.text_on(colour))),
            kit.own(ft.Text(f"Turn {game['turn']}", size=18, color=kit.text_on(colour),
                            semantics_label=f"Turn {game['turn']}")),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        bgcolor=kit.swatch(colour), border_radius=14, padding=ft.Padding(16, 10, 16, 10),
    )


def _race(ui: GameUI, me: int | None = None, compact: bool = False) -> ft.Control:
    """Each score as a big number and a bar toward the target."""
    game = ui.public
    target = game["target"]
    width = _width(ui)
    rows: list[ft.Control] = [] if compact else [kit.title(f"Race to {target}")]
    for player in game["players"]:
        seat, score = player["seat"], player["score"]
        label = "You" if seat == me else player["name"]
        status = []
        if player["out_words"]:
            status.append(player["out_words"])
        if player["blooming"]:
            status.append("lotus blooms")
        status.append(f"{player['captured']} captured")
        number = kit.own(ft.Text(str(score), size=32 if compact else kit.BIG, weight=ft.FontWeight.BOLD,
                                 semantics_label=f"{player['name']} score {score} of {target}"))
        if compact:
            rows.append(ft.Row([
                ft.Column([
                    ft.Row([kit.player_badge(label, ui.colours[seat], size=18),
                            kit.muted(" · ".join(status))],
                           spacing=8, wrap=True),
                    score_bar(score, target, ui.colours[seat], width - 40, height=12),
                ], spacing=4, expand=True),
                number,
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
            continue
        rows.append(ft.Row([
            ft.Column([
                kit.player_badge(label, ui.colours[seat], size=20),
                kit.muted(" · ".join(status)),
            ], spacing=2, expand=True),
            number,
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
        rows.append(score_bar(score, target, ui.colours[seat], width))
    if compact:
        rows.append(kit.muted(f"First to {target} wins"))
        return kit.card(rows, padding=10)
    return kit.card(rows)


def _lotus_and_pot(ui: GameUI) -> ft.Control:
    game = ui.public
    kinds = _kinds(ui)
    bloom = game["blooming"]
    if bloom is None:
        lotus = kit.body("No White Lotus blooms: the fewest captures is tied")
    else:
        lotus = ft.Row([tile_tag(kinds, "lotus", kinds.name("lotus"), size=16),
                        kit.body(f"blooms for {game['players'][bloom]['name']}",
                                 weight=ft.FontWeight.BOLD)], wrap=True)
    rows: list[ft.Control] = [lotus, kit.title("The Pot", size=20)]
    if not any(player["pot"] for player in game["players"]):
        rows.append(kit.muted("The Pot is empty."))
    for player in game["players"]:
        pot = player["pot"]
        count = sum(pot.values())
        if not count:
            continue
        rows.append(kit.own(ft.Text(f"{player['name']}'s tiles: {count}", size=18,
                                    weight=ft.FontWeight.BOLD,
                                    semantics_label=f"Pot: {player['name']}'s tiles {count}")))
        rows.append(ft.Row([tile_tag(kinds, kind, f"{kinds.name(kind)} ×{pot[kind]}")
                            for kind in kinds.names if kind in pot],
                           wrap=True, spacing=4, run_spacing=4))
    return kit.card(rows)


def _harmony_row(ui: GameUI, harmony: dict, owner_name: bool) -> ft.Control:
    game = ui.public
    kinds = _kinds(ui)
    left = harmony["turns_to_next_point"]
    who = game["players"][harmony["owner"]]["name"] + "'s " if owner_name else ""
    words = f"{who}{kinds.pair_text(harmony['pair'])} pays in {left} turn{'s' if left != 1 else ''}"
    return ft.Row([
        ft.Column([
            pair_tags(kinds, harmony["pair"]),
            kit.muted(f"#{harmony['id']} · {harmony['points']} point{'s' if harmony['points'] != 1 else ''}"
                      f" so far · {harmony['turns_intact']} turns intact"),
        ], spacing=2, expand=True),
        ft.Column([
            kit.own(ft.Text(str(left), size=34, weight=ft.FontWeight.BOLD, semantics_label=words)),
            ft.Text("turns to pay" if left != 1 else "turn to pay", size=12),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
    ])


def _my_harmonies(ui: GameUI, me: int) -> ft.Control:
    mine = [h for h in ui.public["harmonies"] if h["owner"] == me]
    rows: list[ft.Control] = [kit.title("My harmonies")]
    if not mine:
        rows.append(kit.muted("No harmony yet: two neighbours on the ring, next to each other."))
    rows += [_harmony_row(ui, h, owner_name=False) for h in mine]
    return kit.card(rows)


def _my_tiles(ui: GameUI, me: int) -> ft.Control:
    tiles = ui.private["tiles"]
    kinds = _kinds(ui)

    def cell(text: str, width: int = 56, bold: bool = False) -> ft.Control:
        return ft.Container(ft.Text(text, size=16, weight=ft.FontWeight.BOLD if bold else None,
                                    text_align=ft.TextAlign.CENTER), width=width)

    rows: list[ft.Control] = [
        kit.title("My tiles"),
        ft.Row([ft.Container(width=150), cell("hand", bold=True), cell("board", bold=True),
                cell("Pot", bold=True)], spacing=4),
    ]
    for kind in kinds.names:
        returned = tiles["returned"].get(kind, 0)
        board = tiles["board"].get(kind, 0)
        hand = str(tiles["hand"].get(kind, 0)) + (f"+{returned}" if returned else "")
        rows.append(ft.Row([
            ft.Container(tile_tag(kinds, kind), width=150),
            cell(hand), cell(str(board), bold=board > 0), cell(str(tiles["pot"].get(kind, 0))),
        ], spacing=4))
    if tiles["returned"]:
        rows.append(kit.muted("+N: returned by a Boat or Wheel, may be placed again."))
    return kit.card(rows)


# -- the turn, in two or three taps ------------------------------------------------
def _draft(ui: GameUI) -> dict:
    """The turn being entered; a new turn (or an undo past it) starts a fresh one."""
    game = ui.public
    draft = ui.local.get("draft")
    if not draft or draft.get("turn") != game["turn"] or draft.get("seat") != ui.seat:
        draft = {"turn": game["turn"], "seat": ui.seat, "step": "what", "kind": None,
                 "tile": None, "capture": None, "tool": None, "returned": [],
                 "broken": [], "formed": [], "pick": None}
        ui.local["draft"] = draft
    intact = {h["id"] for h in game["harmonies"]}
    draft["broken"] = [i for i in draft["broken"] if i in intact]
    return draft


def _set(ui: GameUI, draft: dict, **changes) -> None:
    draft.update(changes)
    ui.rerender()


def _turn_entry(ui: GameUI, me: int) -> ft.Control:
    draft = _draft(ui)
    step = draft["step"]
    if step == "tile":
        rows = _tile_step(ui, draft)
    elif step == "finish":
        rows = _finish_step(ui, draft)
    else:
        rows = _what_step(ui, draft)
    return kit.card(rows)


def _what_step(ui: GameUI, draft: dict) -> list[ft.Control]:
    my = ui.private["turn"]
    possible = {kind: ui.may(kind) for kind, _ in TURN_KINDS}

    def choose(kind):
        def handler(e=None):
            step = "finish" if kind == "pass" else "tile"
            tool = my["can_return_with"][0] if kind == "return" and len(my["can_return_with"]) == 1 else None
            _set(ui, draft, kind=kind, step=step, tile=None, capture=None, tool=tool, returned=[])
        return handler

    buttons = [(kit.primary if kind == "place" else kit.secondary)(
                   label, choose(kind) if possible[kind] else None)
               for kind, label in TURN_KINDS if possible[kind] or kind != "return"]
    return [kit.title("What did you do?"), ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            kit.muted("Then pick the tile, and any harmony formed or broken.")]


def _tile_step(ui: GameUI, draft: dict) -> list[ft.Control]:
    my = ui.private["turn"]
    kinds = _kinds(ui)
    kind = draft["kind"]
    back = kit.secondary("Back", lambda e=None: _set(ui, draft, step="what"))
    rows: list[ft.Control] = []
    if kind in ("place", "move"):
        rows.append(kit.title("Which tile did you place?" if kind == "place" else "Which tile moved?"))
        choices = my["can_place"] if kind == "place" else my["can_move"]

        def pick(tile):
            return lambda e=None: _set(ui, draft, tile=tile, step="finish")
        rows.append(ft.Row([tile_button(kinds, k, pick(k)) for k in choices],
                           wrap=True, spacing=6, run_spacing=6))
    elif kind == "capture":
        rows.append(kit.title("Which capture?"))

        def take(choice):
            return lambda e=None: _set(ui, draft, capture=dict(choice), step="finish")
        for choice in my["can_capture"]:
            rows.append(ft.Row([tile_button(kinds, choice["tile"], take(choice), label=choice["label"])],
                               wrap=True))
    elif kind == "return":
        rows += _return_rows(ui, draft)
    rows.append(back)
    return rows


def _return_rows(ui: GameUI, draft: dict) -> list[ft.Control]:
    my = ui.private["turn"]
    kinds = _kinds(ui)
    rows: list[ft.Control] = []
    if len(my["can_return_with"]) > 1 or draft["tool"] is None:
        rows.append(kit.title("With which tile?"))
        rows.append(ft.Row([
            tile_button(kinds, t, lambda e=None, t=t: _set(ui, draft, tool=t), selected=draft["tool"] == t)
            for t in my["can_return_with"]], wrap=True, spacing=6))
    if draft["tool"] is None:
        return rows
    rows.append(kit.title(f"Flowers your {kinds.name(draft['tool'])} returned"))

    def add(item):
        return lambda e=None: _set(ui, draft, returned=draft["returned"] + [dict(item)])
    rows.append(ft.Row([
        tile_button(kinds, item["kind"], add(item), label=_tile_words(ui, item))
        for item in my["returnable"]], wrap=True, spacing=6, run_spacing=6))
    if draft["returned"]:
        listed = ", ".join(_tile_words(ui, i) for i in draft["returned"])
        rows.append(kit.body(f"Returning: {listed}", weight=ft.FontWeight.BOLD))
        rows.append(ft.Row([
            kit.primary("Next", lambda e=None: _set(ui, draft, step="finish")),
            kit.secondary("Clear returned", lambda e=None: _set(ui, draft, returned=[])),
        ], wrap=True))
    return rows


def _summary(ui: GameUI, draft: dict) -> str:
    kind = draft["kind"]
    kinds = _kinds(ui)
    if kind == "pass":
        return "You pass"
    if kind == "capture" and draft["capture"]:
        return draft["capture"]["label"]
    if kind == "return":
        listed = ", ".join(_tile_words(ui, i) for i in draft["returned"])
        return f"Your {kinds.name(draft['tool'])} returned {listed}"
    verb = "Place" if kind == "place" else "Move"
    return f"{verb} {kinds.name(draft['tile'])}"


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


def _finish_step(ui: GameUI, draft: dict) -> list[ft.Control]:
    game = ui.public
    kinds = _kinds(ui)
    rows: list[ft.Control] = [
        ft.Row([kit.own(ft.Text(_summary(ui, draft), size=22, weight=ft.FontWeight.BOLD)),
                kit.secondary("Change", lambda e=None: _set(ui, draft, step="what", pick=None))],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
    ]
    # harmonies formed this turn: tap two tiles (the engine says if they cannot harmonise)
    rows.append(kit.title("Harmony formed? Tap two tiles", size=20))
    pick = draft["pick"]

    def tap(kind):
        def handler(e=None):
            if draft["pick"] is None:
                _set(ui, draft, pick=kind)
            elif draft["pick"] == kind:
                _set(ui, draft, pick=None)
            else:
                _set(ui, draft, formed=draft["formed"] + [[draft["pick"], kind]], pick=None)
        return handler
    rows.append(ft.Row([tile_button(kinds, k, tap(k), selected=pick == k) for k in game["harmony_tiles"]],
                       wrap=True, spacing=6, run_spacing=6))
    if pick is not None:
        rows.append(kit.muted(f"{kinds.name(pick)} + which tile?"))
    for suggestion in ui.private["can_form"]:
        if suggestion not in draft["formed"]:
            rows.append(kit.secondary(
                f"Form {kinds.pair_text(suggestion)}",
                lambda e=None, s=suggestion: _set(ui, draft, formed=draft["formed"] + [list(s)])))
    for pair in draft["formed"]:
        rows.append(ft.Row([
            pair_tags(kinds, pair),
            kit.secondary(
                f"Remove {kinds.pair_text(pair)}",
                lambda e=None, p=pair: _set(ui, draft, formed=[f for f in draft["formed"] if f != p])),
        ], wrap=True))
    # harmonies broken this turn (anyone's)
    if game["harmonies"]:
        rows.append(kit.title("Harmony broken?", size=20))
        for harmony in game["harmonies"]:
            hid = harmony["id"]
            on = hid in draft["broken"]
            owner = game["players"][harmony["owner"]]["name"]

            def toggle(e=None, hid=hid):
                broken = draft["broken"]
                broken = [i for i in broken if i != hid] if hid in broken else broken + [hid]
                _set(ui, draft, broken=broken)
            rows.append(ft.Row([
                ft.Column([kit.body(f"{owner}'s"), pair_tags(kinds, harmony["pair"])], spacing=2, expand=True),
                (kit.primary if on else kit.secondary)(f"Broken #{hid}" if on else f"Break #{hid}", toggle),
            ]))

    def send(e=None):
        _act(ui, draft["kind"], _payload(draft))

    rows.append(kit.primary("End turn", send))
    return rows


# -- outside the turn: broken harmonies, knotweed, forfeit --------------------------
def _more(ui: GameUI, me: int) -> ft.Control:
    game = ui.public
    kinds = _kinds(ui)
    opened = ui.local.get("more", False)

    def flip(e=None):
        ui.local["more"] = not opened
        ui.rerender()
    rows: list[ft.Control] = [kit.secondary("Hide other actions" if opened else "Other actions", flip)]
    if not opened:
        return ft.Column(rows)
    rows.append(kit.muted("Things that happen outside a turn."))
    if ui.may("harmony_broken"):
        for harmony in game["harmonies"]:
            owner = game["players"][harmony["owner"]]["name"]
            rows.append(ft.Row([
                ft.Column([kit.body(f"{owner}'s"), pair_tags(kinds, harmony["pair"])], spacing=2, expand=True),
                kit.secondary(f"Record #{harmony['id']} broken",
                              lambda e=None, h=harmony["id"]: _act(ui, "harmony_broken", {"harmony": h})),
            ]))
    if ui.may("harmony_formed"):
        for suggestion in ui.private["can_form"]:
            rows.append(kit.secondary(f"Record harmony {kinds.pair_text(suggestion)}",
                                      lambda e=None, s=suggestion: _act(ui, "harmony_formed", {"tiles": list(s)})))
    if ui.may("knotweed_kill") and ui.private["can_kill"]:
        rows += _knotweed_rows(ui, me)
    if ui.may("forfeit"):
        rows.append(ft.FilledButton(
            "Forfeit the game", bgcolor="#b71c1c", color="#ffffff", height=48,
            on_click=lambda e=None: ui.confirm(
                "Forfeit the game?", "You leave the game; with two players your opponent wins at once.",
                lambda: _act(ui, "forfeit", {}), "Forfeit")))
    return kit.card(rows)


def _knotweed_rows(ui: GameUI, me: int) -> list[ft.Control]:
    kinds = _kinds(ui)
    killed = ui.local.setdefault("killed", [])

    def add(item):
        def handler(e=None):
            killed.append(item)
            ui.rerender()
        return handler

    def record(e=None):
        victims = [dict(i) for i in killed]
        killed.clear()
        _act(ui, "knotweed_kill", {"knotweed": me, "killed": victims})

    rows: list[ft.Control] = [kit.title("Knotweed kill", size=20), kit.muted("Tap each tile it killed.")]
    buttons = [tile_button(kinds, item["kind"], add(dict(item)), label=f"Kill {_tile_words(ui, item)}")
               for item in ui.private["can_kill"]]
    rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    if killed:
        listed = ", ".join(_tile_words(ui, i) for i in killed)
        rows.append(kit.body(f"Killed: {listed}"))
        rows.append(ft.Row([kit.primary("Record knotweed kill", record),
                            kit.secondary("Clear killed", lambda e=None: (killed.clear(), ui.rerender()))],
                           wrap=True))
    return rows


# -- the shared table screen ------------------------------------------------------
def _table(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    harmonies: list[ft.Control] = [kit.title("Harmonies")]
    if not game["harmonies"]:
        harmonies.append(kit.muted("No harmony is intact."))
    harmonies += [_harmony_row(ui, h, owner_name=True) for h in game["harmonies"]]
    events = [kit.title("Latest", size=20)]
    events += [kit.body(line, size=15) for line in game["recent"]]
    if len(events) == 1:
        events.append(kit.muted("No harmony yet: the harmonies formed and broken show here."))
    left = [_turn_banner(ui, None), _race(ui)]
    right = [_lotus_and_pot(ui), kit.card(harmonies), kit.card(events)]
    if ui.host:
        left.append(kit.muted("To enter a turn here, pick \"Enter for <player>\" above."))
    if kit.is_wide(ui):
        stretch = ft.CrossAxisAlignment.STRETCH
        return [ft.Row([ft.Column(left, expand=1, spacing=12, horizontal_alignment=stretch),
                        ft.Column(right, expand=1, spacing=12, horizontal_alignment=stretch)],
                       vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)]
    return left + right


# -- the end ----------------------------------------------------------------------
def _final(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    result = ui.result or {}
    winner = result.get("winner")
    reason = result.get("reason_words") or ""
    if winner is None:
        banner_text, colour = "Game over: no winner", "grey"
    else:
        banner_text, colour = f"{result['winner_name']} wins!", ui.colours[winner]
    controls: list[ft.Control] = [
        ft.Container(ft.Column([
            kit.own(ft.Text(banner_text, size=34, weight=ft.FontWeight.BOLD, color=kit.text_on(colour))),
            kit.own(ft.Text(reason, size=18, color=kit.text_on(colour))),
        ], spacing=4), bgcolor=kit.swatch(colour), border_radius=14, padding=ft.Padding(16, 12, 16, 12)),
    ]
    scores = [kit.title("Final score")]
    for row in result.get("ranking", []):
        seat = row["seat"]
        note = f" ({row['out_words']})" if row["out_words"] else ""
        scores.append(ft.Row([
            kit.player_badge(row["name"] + note, ui.colours[seat], size=22),
            kit.own(ft.Text(str(row["score"]), size=kit.BIG, weight=ft.FontWeight.BOLD,
                            semantics_label=f"{row['name']} final score {row['score']}")),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    controls.append(kit.card(scores))
    series = result.get("score_by_turn") or {}
    names = list(series)
    colours = [ui.colours[ui.players.index(n)] if n in ui.players else "grey" for n in names]
    legend = ft.Row([kit.player_badge(n, c, size=16) for n, c in zip(names, colours)], wrap=True)
    controls.append(kit.card([kit.title("Score by turn"), legend,
                              score_chart(series, colours, game["target"], width=_width(ui) + 30)]))
    return controls
