"""The table page: header, undo/redo, the game's screen, history, rules, invite."""

from __future__ import annotations

import flet as ft

from engine.errors import IllegalAction
from companion.games import screens_for
from companion.hub import Who
from companion.ui import kit, notice
from companion.ui.gameui import GameUI
from companion.ui.join import qr_block

TABS = (("play", "Play"), ("history", "History"), ("rules", "Rules"), ("invite", "Invite"))


async def open(session, code_text: str) -> None:
    hub = session.ctx.tables.open(code_text)
    token = await session.seat_token(hub.code)
    seat = hub.seat_for_token(token) if token else None
    if token and seat is None and not session.is_host:
        await session.forget_seat_token(hub.code)
        session.watch(hub, Who())
        session.show(seat_lost(session))
        return
    acting = session.local.get("acting_seat") if session.hub is hub else None
    who = Who(seat=seat if seat is not None else acting, host=session.is_host,
              token=token if seat is not None else None)
    session.watch(hub, who)
    session.show(build(session))


def seat_lost(session) -> list[ft.Control]:
    return notice.build(
        session, "Your seat was freed",
        "The host gave your seat to another phone (or this phone never had it). "
        "Pick a seat again.", "Pick a seat", f"/join/{session.hub.code}")


def build(session) -> list[ft.Control]:
    """The table screen, keeping the parts that did not change (``companion/ui/memo.py``)."""
    memo = session.memo
    memo.begin(session.who)
    controls = _build(session)
    if not memo.settle(controls):  # a kept part would land elsewhere: build it all afresh
        memo.clear()
        controls = _build(session)
        memo.settle(controls)
    return controls


def _build(session) -> list[ft.Control]:
    hub = session.hub
    who = session.who
    if session.local.get("seat_lost") or (
            who.token is not None and not who.host and not hub.holds_seat(who)):
        session.who = Who()  # from now on this phone holds nothing of that seat
        session.local["seat_lost"] = True
        session.last_view = None
        return seat_lost(session)
    view = hub.view(who)
    info = hub.table(who)
    session.rendered_revision = view["revision"]
    session.last_view = view
    memo = session.memo
    controls: list[ft.Control] = [_header(session, info, view)]
    if session.is_host:
        controls.append(memo("acting_for", (session.local.get("acting_seat"), tuple(info["players"])),
                             lambda: _acting_for(session, info)))
    controls.append(memo("tabs", session.tab, lambda: _tabs(session)))
    if session.tab == "history":
        controls.extend(_history(session))
    elif session.tab == "rules":
        controls.extend(_rules(session, info, view))
    elif session.tab == "invite":
        controls.append(ft.Row([qr_block(session, hub.code)], alignment=ft.MainAxisAlignment.CENTER))
    else:
        controls.extend(_play(session, info, view))
    width = None
    page_width = session.page.width or 0
    if info["seat"] is None and page_width >= 900:
        width = min(page_width, 1280)  # the shared table screen on a laptop or tablet
    return [kit.phone_column(controls, width=width, wide=width is not None)]


def _header(session, info: dict, view: dict) -> ft.Control:
    seat = info["seat"]
    can_undo, can_redo = "undo" in view["legal"], "redo" in view["legal"]
    ended = view["result"] is not None

    def me() -> ft.Control:
        if seat is not None:
            return kit.player_badge(info["players"][seat], info["colours"][seat], size=20)
        return kit.body("Host" if info["host"] else "Watching", weight=ft.FontWeight.BOLD)

    def undo(e):
        if ended:  # only the host sees this: the end of a game is undone after a confirm
            session.confirm("Undo the end of the game?",
                            "The game goes back to before its last move. What the end showed "
                            "everyone stays shown.", lambda: session.act("undo"), "Undo the end")
        else:
            session.act("undo")

    def redo(e):
        session.act("redo")

    def top_row() -> ft.Control:
        buttons = []
        if can_undo:
            buttons.append(ft.TextButton("Undo", icon=ft.Icons.UNDO, on_click=undo))
        if can_redo:
            buttons.append(ft.TextButton("Redo", icon=ft.Icons.REDO, on_click=redo))
        return ft.Row([kit.title(info["title"]), ft.Row(buttons, tight=True)],
                      alignment=ft.MainAxisAlignment.SPACE_BETWEEN)

    memo = session.memo
    return ft.Column([
        memo("header.top", (info["title"], can_undo, can_redo, ended), top_row),
        ft.Row([memo("header.me", (seat, info["host"], info["players"][seat] if seat is not None else None,
                                   info["colours"][seat] if seat is not None else None), me),
                kit.muted(f"Table {info['code']} · move {view['revision']}")],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
    ], spacing=2)


def _acting_for(session, info: dict) -> ft.Control:
    """The host enters for the table (public screen) or for one seat (pass-and-play)."""
    current = session.local.get("acting_seat")

    def pick(e):
        value = e.control.value
        session.local["acting_seat"] = None if value in (None, "", "table") else int(value)
        session.who = Who(seat=session.local["acting_seat"], host=True)
        session.show(build(session))

    options = [ft.DropdownOption(key="table", text="Table screen (nothing hidden shown)")]
    options += [ft.DropdownOption(key=str(i), text=f"Enter for {name}")
                for i, name in enumerate(info["players"])]
    return ft.Dropdown(label="This screen shows", value="table" if current is None else str(current),
                       options=options, on_select=pick)


def _tabs(session) -> ft.Control:
    def choose(tab):
        def handler(e):
            session.tab = tab
            session.show(build(session))
        return handler

    return ft.Row([
        (kit.primary if session.tab == key else kit.secondary)(label, choose(key))
        for key, label in TABS
    ], wrap=True, spacing=6)


def _play(session, info: dict, view: dict) -> list[ft.Control]:
    screens = screens_for(info["game_id"])
    ui = GameUI(
        table=info,
        view=view,
        act=lambda kind, payload=None, seat=None: session.act(
            kind, payload, seat if seat is not None else session.local.get("acting_seat")),
        confirm=session.confirm,
        toast=session.toast,
        rerender=lambda: session.show(build(session)),
        local=session.local.setdefault("game", {}),
        memo=session.memo,
    )
    try:
        return list(screens.build(ui))
    except IllegalAction as exc:  # a view a screen cannot draw: say so, never crash
        return [kit.body(exc.message)]


def _history(session) -> list[ft.Control]:
    lines = session.hub.history(session.who)
    if not lines:
        return [kit.muted("Nothing has happened yet.")]
    return [ft.ListTile(title=ft.Text(line["text"], size=16),
                        subtitle=ft.Text(f"move {line['rev']} · {line['by']}"), dense=True)
            for line in reversed(lines)]


def _rules(session, info: dict, view: dict) -> list[ft.Control]:
    game = session.hub.game
    rows: list[ft.Control] = [kit.title(f"{game.title}: this table's settings")]
    values = info["settings"]
    if not game.settings:
        rows.append(kit.muted("This game has no settings."))
    editable = session.is_host and view["revision"] == 0
    if editable:
        return rows + _settings_form(session, game, values)
    for setting in game.settings:
        rows.append(kit.body(f"{setting.label}: {values.get(setting.key, setting.default)}"))
        if setting.help:
            rows.append(kit.muted(setting.help))
    return rows


def _settings_form(session, game, values: dict) -> list[ft.Control]:
    """The host may change settings until the first move."""
    from companion.ui.home import setting_control

    draft = session.local.setdefault("settings_draft", dict(values))
    controls = [setting_control(s, draft) for s in game.settings]

    def save(e):
        try:
            session.hub.change_settings(session.who, draft)
        except IllegalAction as exc:
            session.toast(exc.message)
            return
        session.local.pop("settings_draft", None)
        session.toast("Settings saved")

    if game.settings:
        controls.append(kit.primary("Save settings", save))
        controls.append(kit.muted("Settings can change until the first move."))
    return controls
