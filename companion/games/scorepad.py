"""Score pad screens: enter points per round, totals at arm's length, a chart."""

from __future__ import annotations

import flet as ft

from companion.ui import kit
from companion.ui.gameui import GameUI


def build(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    memo = ui.memo
    controls: list[ft.Control] = [
        memo("sp.round", game["round"], lambda: ft.Row([kit.big_number(game["round"], "round")],
                                                        alignment=ft.MainAxisAlignment.CENTER)),
    ]
    if game["secret"]:
        controls.append(memo("sp.secret", True, lambda: kit.muted(
            "Scores are secret: each player sees only their own until the host reveals them.")))
    if not ui.over:
        seats = _entry_seats(ui)
        entered = tuple(_points(ui, seat)[game["round"] - 1] for seat in seats)
        controls.append(memo("sp.entry", (game["round"], tuple(seats), tuple(ui.players), entered,
                                          ui.seat is None and not ui.host),
                             lambda: _entry(ui)))
    controls.append(_totals(ui))
    shown = ui.over or ui.local.get("chart", False)
    series = tuple(tuple(_points(ui, s)) for s in range(len(ui.players))) if shown else None
    controls.append(memo("sp.chart", (ui.over, shown, series, tuple(ui.colours)),
                         lambda: _chart_section(ui)))
    if not ui.over:
        controls.append(memo("sp.buttons", (ui.host, ui.seat is not None, tuple(ui.legal)),
                             lambda: _round_buttons(ui)))
    return controls


def _points(ui: GameUI, seat: int) -> list:
    """A seat's points per round as this screen may see them ("entered" when secret)."""
    if seat == ui.seat and ui.private is not None:
        return ui.private["rounds"]
    return ui.public["players"][seat]["rounds"]


def _entry_seats(ui: GameUI) -> list[int]:
    """The seats this screen enters points for: its own, or every seat on the host's screen."""
    if ui.seat is not None:
        return [ui.seat] if ui.may("points") else []
    # the host's own screen enters for every seat (the table lets the host act for any)
    return list(range(len(ui.players))) if ui.host and not ui.over else []


def _entry(ui: GameUI) -> ft.Control:
    game = ui.public
    rnd = game["round"] - 1
    seats = _entry_seats(ui)
    if not seats:
        return kit.muted("Watching: take a seat to enter points.")
    rows: list[ft.Control] = [kit.title(f"Points in round {game['round']}")]
    drafts = ui.local_for("drafts", {})
    for seat in seats:
        name = ui.players[seat]
        entered = _points(ui, seat)[rnd]
        key = f"{seat}:{rnd}"

        def changed(e, key=key):
            drafts[key] = e.control.value

        def save(e=None, seat=seat, key=key, name=name):
            text = str(drafts.get(key, "")).strip()
            if not text:
                ui.toast(f"Type {name}'s points first")
                return
            ui.act("points", {"round": rnd, "points": text}, seat=seat)
            drafts.pop(key, None)

        value = drafts.get(key, "" if entered in (None, "entered") else str(entered))
        rows.append(ft.Row([
            ft.TextField(label=f"{name}'s points", value=value, on_change=changed, on_submit=save,
                         keyboard_type=ft.KeyboardType.NUMBER, text_size=24, width=200),
            kit.primary("Save" if len(seats) == 1 else f"Save {name}", save),
        ]))
    return kit.card(rows)


def _totals(ui: GameUI) -> ft.Control:
    game = ui.public
    rows: list[ft.Control] = [ui.memo("sp.totals.title", None, lambda: kit.title("Totals"))]
    for seat, player in enumerate(game["players"]):
        total = ui.private["total"] if seat == ui.seat and ui.private else player["total"]
        rows.append(ui.memo(f"sp.total.{seat}", (player["name"], ui.colours[seat], total),
                            lambda player=player, seat=seat, total=total: _total_row(ui, player, seat, total)))
    return kit.card(rows)


def _total_row(ui: GameUI, player: dict, seat: int, total) -> ft.Control:
    shown = "secret" if total is None else str(total)
    return ft.Row([
        kit.player_badge(player["name"], ui.colours[seat], size=22),
        kit.own(ft.Text(shown, size=34, weight=ft.FontWeight.BOLD,
                        semantics_label=f"{player['name']} total {shown}")),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)


def _chart_section(ui: GameUI) -> ft.Control:
    """The chart on demand while playing (it grows every round), always at the end."""
    shown = ui.over or ui.local.get("chart", False)

    def toggle(e):
        ui.local["chart"] = not shown
        ui.rerender()

    if ui.over:
        return _chart(ui)
    button = kit.secondary("Hide chart" if shown else "Show chart", toggle)
    return ft.Column([button, _chart(ui)] if shown else [button])


def _chart(ui: GameUI) -> ft.Control:
    """Running totals per round as bars (only the scores this seat may see)."""
    game = ui.public
    series = []
    for seat in range(len(ui.players)):
        running, points = 0, []
        for value in _points(ui, seat):
            if isinstance(value, int):
                running += value
            points.append(running if isinstance(value, int) or value is None else None)
        series.append(points)
    known = [v for s in series for v in s if v is not None]
    if not known or all(v == 0 for v in known):
        return ft.Container()
    top = max(abs(v) for v in known) or 1
    rows: list[ft.Control] = [kit.title("By round")]
    for rnd in range(game["round"]):
        bars = []
        for seat, points in enumerate(series):
            value = points[rnd]
            width = 0 if value is None else max(4, int(220 * abs(value) / top))
            bars.append(ft.Row([
                ft.Container(width=width, height=14, bgcolor=kit.swatch(ui.colours[seat]), border_radius=4),
                ft.Text("?" if value is None else str(value), size=12),
            ], spacing=4))
        rows.append(ft.Row([ft.Text(f"R{rnd + 1}", size=14, width=34), ft.Column(bars, spacing=2)]))
    return kit.card(rows)


def _round_buttons(ui: GameUI) -> ft.Control:
    buttons: list[ft.Control] = []
    if ui.host or ui.seat is not None:
        buttons.append(kit.secondary("Next round", lambda e: ui.act("new_round")))
    if ui.may("reveal"):
        buttons.append(kit.secondary("Reveal scores", lambda e: ui.confirm(
            "Reveal every score?", "Everyone will see every player's points. This cannot be undone.",
            lambda: ui.act("reveal"), "Reveal")))
    if ui.may("finish"):
        buttons.append(kit.secondary("Finish game", lambda e: ui.confirm(
            "Finish the game?", "The final totals are shown to everyone.",
            lambda: ui.act("finish"), "Finish")))
    return ft.Row(buttons, wrap=True)
