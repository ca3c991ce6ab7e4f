"""The start page: join by code; on the host also create and resume tables."""

from __future__ import annotations

import flet as ft

from engine.errors import IllegalAction
from engine.registry import games as registered_games, get_game
from companion.codes import MAX_CODE_LENGTH, code_words, normalise_code
from companion.hub import off_loop
from companion.ui import kit


def build(session) -> list[ft.Control]:
    controls: list[ft.Control] = [kit.title("Table Companion", size=30)]
    controls.append(_join_card(session))
    if session.is_host:
        controls.append(_create_card(session))
        controls.append(_tables_card(session))
    else:
        controls.append(kit.muted("Scan the QR code on the host's screen, or type the table's code."))
    return [kit.phone_column(controls)]


def _join_card(session) -> ft.Control:
    state = session.local.setdefault("join", {"code": ""})

    def changed(e):
        state["code"] = e.control.value

    async def join(e=None):
        code = normalise_code(state["code"])
        if not code:
            words = code_words(session.ctx.tables.code_length)
            session.toast(f"That is not a table code: a code is {words}")
            return
        await session.go(f"/join/{code}")

    field = ft.TextField(label="Table code", value=state["code"], on_change=changed,
                         on_submit=join, capitalization=ft.TextCapitalization.CHARACTERS,
                         text_size=24, max_length=MAX_CODE_LENGTH + 4)
    return kit.card([kit.title("Join a table"), field, kit.primary("Join", join)])


def _create_card(session) -> ft.Control:
    games = registered_games()
    state = session.local.setdefault("create", {"game": games[0].id if games else "", "players": "",
                                                "settings": {}})
    game = next((g for g in games if g.id == state["game"]), games[0] if games else None)
    if game is None:
        return kit.card([kit.body("No games are available.")])

    def pick_game(e):
        state["game"] = e.control.value
        state["settings"] = {}
        session.show(build(session))

    def names(e):
        state["players"] = e.control.value

    async def create(e):
        players = [p for p in state["players"].replace("\n", ",").split(",") if p.strip()]
        try:  # the new table's file is written off the loop
            hub = await off_loop(session.ctx.tables.create, game.id, players, state["settings"])
        except IllegalAction as exc:
            session.toast(exc.message)
            return
        session.local.pop("create", None)
        await session.go(f"/join/{hub.code}")

    rows: list[ft.Control] = [
        kit.title("New table"),
        ft.Dropdown(label="Game", value=game.id, on_select=pick_game,
                    options=[ft.DropdownOption(key=g.id, text=g.title) for g in games]),
        ft.TextField(label="Players in seat order (clockwise), separated by commas",
                     value=state["players"], on_change=names, multiline=False, text_size=20),
        kit.muted(f"{game.title}: {game.min_players} to {game.max_players} players."),
    ]
    for setting in game.settings:
        rows.append(setting_control(setting, state["settings"]))
    rows.append(kit.primary("Create table", create))
    return kit.card(rows)


def setting_control(setting, values: dict) -> ft.Control:
    current = values.get(setting.key, setting.default)

    def set_value(e):
        values[setting.key] = e.control.value

    if setting.kind == "choice":
        return ft.Dropdown(label=setting.label, value=str(current), on_select=set_value,
                           options=[ft.DropdownOption(key=str(c), text=str(c)) for c in setting.choices])
    if setting.kind == "bool":
        return ft.Switch(label=setting.label, value=bool(current), on_change=set_value)
    return ft.TextField(label=setting.label, value=str(current), on_change=set_value,
                        helper=setting.help or None)


def _tables_card(session) -> ft.Control:
    """Every table, newest first: a table that cannot be used is listed with its code and
    why (nothing else of it is shown); the others with their moves in effect and status."""
    rows: list[ft.Control] = [kit.title("Tables on this host")]
    records = session.local.get("tables") or []
    if not records:
        rows.append(kit.muted("No tables yet."))
    for record in records[:30]:
        if record.error:
            rows.append(kit.body(f"{record.code}: cannot be read ({record.error})", color="#c62828"))
            continue
        spec = record.spec or {}
        try:
            game_title = get_game(spec.get("game", "")).title
        except IllegalAction:
            game_title = spec.get("game", "?")
        players = ", ".join(spec.get("players", []))
        moves = record.moves if record.moves is not None else record.revision
        status = " · finished" if record.status == "finished" else ""

        async def resume(e, code=record.code):
            await session.go(f"/join/{code}")

        rows.append(ft.ListTile(
            title=ft.Text(f"{game_title} · {record.code}", size=18),
            subtitle=ft.Text(f"{players} · {moves} move{'' if moves == 1 else 's'}{status}"),
            on_click=resume, tooltip=f"Resume table {record.code}",
        ))
    return kit.card(rows)
