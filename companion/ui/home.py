"""The start page: join by code; on the host also create and resume tables."""

from __future__ import annotations

import flet as ft

from engine.errors import IllegalAction
from engine.registry import games as registered_games, get_game
from companion.table.codes import code_problem, normalise_code
from companion.table.hub import off_loop
from companion.table.tickets import download_link
from companion.ui import kit
from companion.ui.phone import NoAnswer
from companion.ui.words import move_words


@ft.component
def Home(phone):
    from companion.ui.theme import AwakeChoice, SoundChoice, ThemeChoice

    width = kit.use_width()
    ft.use_effect(lambda: phone.keep_awake(False), [])  # away from a table, the phone may sleep
    controls: list[ft.Control] = [
        ft.Row([kit.title("Table Companion", size=30),
                ft.Row([AwakeChoice(phone), SoundChoice(phone), ThemeChoice(phone)], tight=True, spacing=0)],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        JoinCard(phone),
        kit.secondary("Plays" if phone.is_host else "My plays", plays_tap(phone)),
    ]
    if phone.is_host:
        controls.append(CreateCard(phone))
        controls.append(TablesCard(phone))
    else:
        controls.append(kit.muted("Scan the QR code on the host's screen, or type the table's code."))
    return kit.phone_column(controls, width)


def plays_tap(phone):
    async def tap(e):
        await phone.go("/plays")

    return tap


@ft.component
def JoinCard(phone):
    code, typed_code, set_code = kit.use_field("")
    problem, set_problem = ft.use_state(None)  # said under the field, where the eyes are

    async def join(e=None):
        found = normalise_code(typed_code.current)
        if not found:
            set_problem(code_problem(typed_code.current, phone.ctx.tables.code_length))
            return
        await phone.go(f"/join/{found}")

    def typed(e):
        set_code(e.control.value)
        set_problem(None)

    # the error wraps (a field cuts it to one line otherwise): "Codes use the letters
    # A C D ... Y" is whole on a 360 px phone
    field = ft.TextField(label="Table code", value=code, on_change=typed, error=problem,
                         error_max_lines=4, on_submit=join,
                         capitalization=ft.TextCapitalization.CHARACTERS, text_size=24)
    return kit.card([kit.title("Join a table"), field, kit.primary("Join", join)])


@ft.component
def CreateCard(phone):
    games = registered_games()
    game_id, picked, set_game_id = kit.use_field(games[0].id)
    players, typed_players, set_players = kit.use_field("")
    settings, chosen, set_settings = kit.use_field(dict)
    game = next(g for g in games if g.id == game_id)

    def pick_game(e):
        set_game_id(e.control.value)
        set_settings({})

    def set_setting(key: str, value) -> None:
        set_settings({**chosen.current, key: value})

    async def create(e):
        typed = typed_players.current
        names = [p for p in typed.replace("\n", ",").split(",") if p.strip()]
        try:
            hub = await off_loop(phone.ctx.tables.create, picked.current, names, chosen.current)
        except IllegalAction as exc:
            phone.toast(exc.message)
            return
        await phone.go(f"/join/{hub.code}")

    rows: list[ft.Control] = [
        kit.title("New table"),
        kit.labelled(ft.Dropdown(label="Game", value=game.id, on_select=pick_game,
                                 options=[ft.DropdownOption(key=g.id, text=g.title) for g in games]),
                     "Game"),
        ft.TextField(label="Players in seat order (clockwise), separated by commas",
                     value=players, on_change=lambda e: set_players(e.control.value), text_size=20),
        *name_suggestions(known_names(phone), players, set_players),
        kit.muted(f"{game.title}: {game.min_players} to {game.max_players} players."),
    ]
    for setting in game.settings:
        rows.extend(setting_controls(setting, settings.get(setting.key, setting.default), set_setting))
    rows.append(kit.primary("Create table", create))
    return kit.card(rows)


SUGGESTED = 8
"""How many names of the book the new-table form offers at once."""


def known_names(phone) -> list[str]:
    """The names in the host's book of people (who played here before), by name."""
    recorder = phone.ctx.tables.recorder
    return [] if recorder is None else [person["name"] for person in recorder.book.people()]


def suggested(names: list[str], typed: str) -> list[str]:
    """The names to offer for what is typed: those starting with the name being typed
    (the part after the last comma), not listed already."""
    *listed, partial = typed.split(",")
    taken = {" ".join(name.split()).casefold() for name in listed}
    start = " ".join(partial.split()).casefold()
    return [name for name in names
            if name.casefold().startswith(start) and name.casefold() not in taken][:SUGGESTED]


def with_name(typed: str, name: str) -> str:
    """``typed`` with the name being typed completed to ``name``, ready for the next."""
    listed = [part.strip() for part in typed.split(",")[:-1] if part.strip()]
    return ", ".join(listed + [name]) + ", "


def name_suggestions(names: list[str], typed: str, set_players) -> list[ft.Control]:
    """A button for each name of the book that fits what is typed: one tap seats them."""
    offered = suggested(names, typed)
    if not offered:
        return []
    buttons = [ft.TextButton(f"Add {name}", on_click=lambda e, name=name: set_players(
        lambda latest: with_name(latest, name))) for name in offered]
    return [ft.Row([kit.muted("Played here before:"), *buttons], wrap=True)]


def setting_controls(setting, current, set_setting) -> list[ft.Control]:
    """A setting's input and its help in full (a help line under a box would be cut)."""

    def changed(e):
        set_setting(setting.key, e.control.value)

    if setting.kind == "choice":
        box: ft.Control = kit.labelled(ft.Dropdown(
            label=setting.label, value=str(current), on_select=changed,
            options=[ft.DropdownOption(key=str(c), text=str(c)) for c in setting.choices]), setting.label)
    elif setting.kind == "bool":
        box = ft.Switch(label=setting.label, value=bool(current), on_change=changed)
    else:
        box = ft.TextField(label=setting.label, value=str(current), on_change=changed)
    return [box, kit.help_text(setting.help)] if setting.help else [box]


@ft.component
def TablesCard(phone):
    tables = phone.ctx.tables
    records, set_records = ft.use_state(None)

    async def read() -> None:  # the list reads table files: off the loop
        set_records(await off_loop(tables.list))

    def listen():
        def heard(code: str) -> None:
            phone.run(read())

        key = ("home", id(phone))
        tables.watch(key, heard)
        phone.run(read())
        return phone.until_closed(lambda: tables.unwatch(key))

    ft.use_effect(listen, [])
    rows: list[ft.Control] = [kit.title("Tables on this host")]
    if records is None:
        rows.append(kit.muted("Reading the tables..."))
        return kit.card(rows)
    if not records:
        rows.append(kit.muted("No tables yet."))
    for record in records[:30]:
        rows.append(_table_row(phone, record))
    return kit.card(rows)


def _table_row(phone, record) -> ft.Control:
    if record.error:
        return kit.body(f"{record.code}: cannot be read ({record.error}). On the host: "
                        f"companion repair {record.code}", color="#c62828")
    spec = record.spec or {}
    try:
        game_title = get_game(spec.get("game", "")).title
    except IllegalAction:
        game_title = "?"
    players = ", ".join(spec.get("players", []))
    finished = record.status == "finished"

    async def resume(e, code=record.code):
        await phone.go(f"/t/{code}" if finished else f"/join/{code}")

    async def download(e, code=record.code):
        # a one-time link: the page it opens cannot carry the host key in a header. Opened
        # in this tab (a download leaves the page where it is): a new window opened from
        # the server's answer, not from the tap itself, is a pop-up Safari blocks.
        try:
            await phone.ask(ft.UrlLauncher().launch_url(download_link(phone.ctx, code),
                                                        web_only_window_name="_self"))
        except NoAnswer:
            pass  # the phone left, or opens the link when it answers

    tile = ft.ListTile(
        title=ft.Text(f"{game_title} · {record.code}", size=18),
        subtitle=ft.Text(f"{players} · {move_words(record.moves)}"
                         + (" · finished" if finished else "")),
        on_click=resume, tooltip=f"Resume table {record.code}",
    )
    # beside the tile, not in it: a list tile's own semantics swallow its trailing button's name
    return ft.Row([ft.Container(tile, expand=True),
                   ft.IconButton(ft.Icons.DOWNLOAD, tooltip="Download this table", on_click=download)],
                  spacing=0)

