"""The table page: header, turn banner, the game's screen, history, rules, invite.

The page is built from components reading this phone's live view of the table
(:mod:`companion.ui.live`); each re-renders only when its slice of the view changes.
The game's own parts (the phone's screen, the host's table screen, the banner's words)
are the ones its screen package declares (:func:`companion.games.screens_of`).
"""

from __future__ import annotations

import flet as ft

from engine.errors import IllegalAction
from engine.history import PAGE as HISTORY_PAGE
from engine.registry import get_game
from engine.words import and_words
from companion.games import screens_of
from companion.table.colours import seat_colour
from companion.table.hub import HOST, WATCHER, Who, off_loop
from companion.ui import kit
from companion.ui.away import AwayCard, recall
from companion.ui.join import corner_invite, qr_block
from companion.ui.live import (TABLE, LiveTable, TableContext, part, use_fixed, use_live_table, use_names,
                               use_table, use_view)
from companion.ui.notice import Notice, Waiting
from companion.ui.opening import OpenedTable
from companion.ui.step import show_step, step_on_screen
from companion.ui.theme import AwakeChoice, SoundChoice, ThemeChoice

TABS = (("play", "Play"), ("history", "History"), ("rules", "Rules"), ("invite", "Invite"))
WIDE = kit.WIDE


@part
def TablePage(phone, code_text: str):
    return OpenedTable(phone, code_text, TableSeat)


def seat_lost(phone, hub, token: str | None):
    """What became of this phone's seat, as it really happened."""
    title, text = lost_seat_words(hub.lost_seat(token))
    return Notice(phone, title, text, "Pick a seat", f"/join/{hub.code}")


def lost_seat_words(fate) -> tuple[str, str]:
    """(title, text) for a phone whose seat the host freed: whether another phone sits
    there now, and under which name (:class:`companion.table.hub.LostSeat`; None: freed before
    the host last started)."""
    if fate is None:
        return "Your seat was freed", ("This phone no longer holds a seat at this table: "
                                       "the host freed it. Pick a seat again.")
    renamed = fate.now != fate.name
    if fate.taken:
        who = f"{fate.now} plays there now" if renamed else "another phone sat there"
        return "Your seat went to another phone", (
            f"The host freed {fate.name}'s seat and {who}. Pick a free seat, or ask the host.")
    named = f" and named it {fate.now}" if renamed else ""
    return "Your seat was freed", (
        f"The host freed {fate.name}'s seat{named}; nobody has taken it yet. "
        "Pick a seat to sit again.")


@part
def TableSeat(phone, hub):
    """Finds this phone's seat (its stored token), then shows the table for it."""
    mine, set_mine = ft.use_state(None)  # the phone's own Who, once its token is read
    lost, set_lost = ft.use_state(False)
    acting, set_acting = ft.use_state(None)  # the host enters for this seat (pass-and-play)
    veiled, set_veiled = ft.use_state(False)  # "Hand the device to Ann" shown

    async def find_seat():
        token = await phone.seat_token(hub.code)
        seat = hub.seat_for_token(token) if token else None
        if token and seat is None and not phone.is_host:
            await phone.forget_seat_token(hub.code)
            set_lost(token)
            return
        set_mine(Who(seat=seat, host=phone.is_host, token=token if seat is not None else None))

    ft.on_mounted(find_seat)
    if lost:
        return seat_lost(phone, hub, lost)
    if mine is None:
        return Waiting()
    if phone.is_host:
        who = Who(seat=acting, host=True) if acting is not None and not veiled else HOST
    else:
        who = mine

    def enter_for(seat):
        set_acting(seat)
        set_veiled(seat is not None)

    if phone.is_host and acting is not None and veiled:
        return Veil(phone, hub, acting, lambda: set_veiled(False), lambda: enter_for(None), key=f"veil{acting}")
    return LiveSeat(phone, hub, who, acting, enter_for, lambda: set_veiled(True), key=str(who))


@part
def LiveSeat(phone, hub, who, acting, enter_for, veil):
    live = ft.use_memo(lambda: LiveTable(phone, hub, who), [])
    away, set_away = ft.use_state(None)  # the news this phone missed, until dismissed

    def start():
        live.start()
        if who.token is not None:  # a seated phone: what happened since it last looked
            phone.run(recall(phone, live, set_away))
        return live.stop

    ft.use_effect(start, [])
    names = use_names(live)
    context = TableContext(live, phone, extra={"acting": acting, "enter_for": enter_for,
                                                "after_move": veil if acting is not None else None})
    return TABLE(context, lambda: TableLayout(away, lambda: set_away(None), key=names))


@part
def Veil(phone, hub, seat: int, show, back):
    """Pass-and-play: while the device is handed to the player, the table stays on the
    screen as everyone may see it (a watcher's view: nothing of this seat's is drawn, or
    sent, before the tap), under whose turn it is and what they decide."""
    live = use_live_table(phone, hub, WATCHER)
    names = use_names(live)
    context = TableContext(live, phone, extra={"acting": None, "enter_for": None, "after_move": None,
                                               "veil": seat})
    return TABLE(context, lambda: VeilLayout(seat, show, back, key=names))


VEIL_BAR = 150
"""How much taller the hand-over is than the frame's bar it replaces on a wide screen."""


def turn_status(screen: dict, seat: int, decision) -> str:
    """Whose turn it is and what ``seat`` decides, in words from the public view."""
    players = screen["table"]["players"]
    name = players[seat]
    if screen["result"] is not None:
        return "The game is over"
    words = decision(screen, seat) if decision is not None else None
    if seat in screen["to_act"]:
        return f"{name}'s turn: {words}" if words else f"{name}'s turn"
    waiting = [players[s] for s in screen["to_act"]]
    if not waiting:
        return f"Not {name}'s turn now"
    return f"Not {name}'s turn now: the table waits for {and_words(waiting)}"


def use_keep_awake() -> None:
    """The phone's screen stays on while it shows a game not yet over (where its setting
    allows): a locked phone hears no cue. Let go at the end, and when the page leaves the
    table."""
    phone = use_table().phone
    ended = use_view(lambda s: s["result"] is not None)

    def keep():
        phone.keep_awake(not ended)
        return lambda: phone.keep_awake(False)

    ft.use_effect(keep, [ended])


@part
def VeilLayout(seat: int, show, back):
    context = use_table()
    use_keep_awake()
    hub = context.live.hub
    screens = screens_of(hub.game.id)
    name, colour = hub.spec.players[seat], seat_colour(seat)
    status = use_view(lambda s: turn_status(s, seat, screens.decision_of()))
    width, height = kit.use_width(), kit.use_screen().height
    big = screens.table_screen()
    wide = big is not None and width >= WIDE
    hand_over = HandOver(name, colour, status, show, back, wide)
    if wide:
        table = kit.HEIGHT(height - VEIL_BAR if height else None, lambda: big())
        return ft.Container(ft.Column([hand_over, table], spacing=16), padding=ft.Padding(32, 16, 32, 32))
    return kit.phone_column([hand_over, screens.phone_screen()()], width)


@part
def HandOver(name: str, colour: str, status: str, show, back, wide: bool):
    """Whom to hand the device to, whose turn it is and what they decide; the tap that
    shows the player's screen, and the way back to the table screen."""
    heading = ft.Text(f"Hand the device to {name}, then tap", size=34 if wide else 28, weight=ft.FontWeight.BOLD,
                      text_align=ft.TextAlign.CENTER)
    buttons = [kit.primary(f"I am {name}: show my screen", lambda e: show()),
               kit.secondary("Back to the table screen", lambda e: back())]
    said = kit.own(ft.Text(status, size=28 if wide else 22, weight=ft.FontWeight.W_600, semantics_label=status,
                           text_align=ft.TextAlign.CENTER))
    if wide:
        body: ft.Control = ft.Column([
            ft.Row([ft.Row([kit.player_badge(name, colour, size=30), heading], spacing=16, tight=True),
                    ft.Row(buttons, spacing=12, tight=True)],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
            said,
        ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.START)
    else:
        body = ft.Column([kit.player_badge(name, colour, size=30), heading, said, *buttons],
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=14)
    return ft.Container(body, padding=ft.Padding(20, 14, 20, 14), border_radius=12,
                        border=kit.outline(4, kit.swatch(colour)))


@part
def TableLayout(away: tuple[str, ...] | None = None, dismiss=None):
    context = use_table()
    phone = context.phone
    held = use_view(lambda s: s["held"])
    seat = use_fixed(lambda s: s["table"]["seat"])
    code = context.live.hub.code
    tab, set_tab = ft.use_state("play")
    width = kit.use_width()
    use_keep_awake()
    if not held:
        return SeatLost(phone, context.live.hub, context.live.who.token)
    if phone.is_host and seat is None and context.extra["acting"] is None and width >= WIDE:
        big = screens_of(context.live.hub.game.id).table_screen()
        if big is not None and tab == "play":
            return ft.Container(ft.Column([HostBar(set_tab, compact=True), big()], spacing=16),
                                padding=ft.Padding(32, 16, 32, 32))
    controls: list[ft.Control] = [Header()]
    if phone.is_host:
        controls.append(HostBar(set_tab))
    if away:
        controls.append(AwayCard(away, dismiss))
    controls.append(TurnBanner())
    controls.append(Tabs(tab, set_tab))
    if tab == "history":
        controls.append(History())
    elif tab == "rules":
        controls.append(Rules())
    elif tab == "invite":
        controls.append(ft.Row([qr_block(phone, code)], alignment=ft.MainAxisAlignment.CENTER))
    else:
        controls.append(screens_of(context.live.hub.game.id).phone_screen()())
    return kit.phone_column(controls, width)


@part
def SeatLost(phone, hub, token: str | None):
    """The seat was freed while this phone showed it. The phone's token is kept, so a
    reload says the same (TableSeat forgets the token once it has said so). It says
    again when another phone sits down."""
    use_view(lambda s: (tuple(s["table"]["taken"]), tuple(s["table"]["players"])))
    return seat_lost(phone, hub, token)


@part
def Header():
    """The game, this phone's seat, undo/redo, the table's code, sound and theme. No move
    counter: a number every phone would draw again on every move, that nobody reads;
    the table's move count heads the History tab."""
    context = use_table()
    code, phone = context.live.hub.code, context.phone
    title = use_fixed(lambda s: s["table"]["title"])
    me = use_fixed(lambda s: (s["table"]["seat"], s["table"]["host"]))
    players = use_fixed(lambda s: (tuple(s["table"]["players"]), tuple(s["table"]["colours"])))
    seat, host = me
    if seat is not None:
        badge = kit.player_badge(players[0][seat], players[1][seat], size=20)
    else:
        badge = kit.body("Host" if host else "Watching", weight=ft.FontWeight.BOLD)
    # the title and undo/redo are a group of their own in the accessibility tree (which the
    # title never leaves empty). A browser numbers each node's place among its siblings
    # there, so a node that comes or goes restyles every sibling after it: Undo, which
    # comes and goes with every move, restyled the whole screen of a phone whose screen
    # reader is on (a one-off count on a score pad of two: 27 nodes restyled a Save, 8 now;
    # git log -p bench/RESULTS.md). tests/browser/test_scorepad_browser.py checks the screen below.
    return ft.Column([
        kit.own(ft.Row([kit.title(title), UndoRedo()], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)),
        ft.Row([badge, ft.Row([kit.muted(f"Table {code}"), AwakeChoice(phone), SoundChoice(phone), ThemeChoice(phone)],
                              tight=True, spacing=0)],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ], spacing=2)


@part
def UndoRedo():
    """Undo and Redo, both always there, shown or not, each a part of its own: a move that
    gives or takes Undo draws again that one button."""
    return ft.Row([UndoButton(), RedoButton()], tight=True)


@part
def UndoButton():
    context = use_table()
    can_undo, ended = use_view(lambda s: ("undo" in s["legal"], s["result"] is not None))

    def on_undo(e):
        if ended:  # only the host gets here: the end of a game is undone after a confirm
            context.confirm("Undo the end of the game?",
                            "The game goes back to before its last move. What the end showed "
                            "everyone stays shown.", lambda: context.act("undo"), "Undo the end")
        else:
            context.act("undo")

    return ft.TextButton("Undo", icon=ft.Icons.UNDO, on_click=on_undo, visible=can_undo)


@part
def RedoButton():
    context = use_table()
    can_redo = use_view(lambda s: "redo" in s["legal"])
    return ft.TextButton("Redo", icon=ft.Icons.REDO, on_click=lambda e: context.act("redo"), visible=can_redo)


@part
def HostBar(set_tab, compact: bool = False):
    """The host's way home, and whom this screen shows (the table, or one seat)."""
    context = use_table()
    phone = context.phone
    players = use_view(lambda s: tuple(s["table"]["players"]))
    acting = context.extra["acting"]

    async def home(e):
        await phone.go("/")

    def pick(e):
        value = e.control.value
        seat = None if value in (None, "", "table") else int(value)
        set_tab("play")
        context.extra["enter_for"](seat)

    options = [ft.DropdownOption(key="table", text="Table screen (nothing hidden)")]
    options += [ft.DropdownOption(key=str(i), text=f"Enter for {name}") for i, name in enumerate(players)]
    picker = kit.labelled(ft.Dropdown(label="This screen shows", value="table" if acting is None else str(acting),
                                      options=options, on_select=pick, width=None if not compact else 360),
                          "This screen shows")
    home_button = ft.TextButton("All tables", icon=ft.Icons.HOME, on_click=home)
    if compact:  # the table screen: the code and QR in its corner, for late joiners
        return ft.Row([ft.Row([home_button, picker], spacing=16, tight=True),
                       corner_invite(phone, context.live.hub.code)],
                      alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
    return ft.Column([home_button, picker], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


TABLE_MOVES = ("undo", "redo")
"""Moves any phone may make at almost any time: they are not what a phone must do now."""


def to_do(screen: dict) -> tuple[str, ...]:
    """The moves this phone may make now, but undo and redo: what it must do."""
    return tuple(kind for kind in screen["legal"] if kind not in TABLE_MOVES)


def use_show_what_to_do(live, mine: bool, words) -> None:
    """After a move that changes what this phone must do (its turn comes, its turn's words
    change, a move is open to it: "Next round"), the page shows the step drawn for it
    (:mod:`companion.ui.step`), or goes back to its top, where the turn banner is and,
    under it, the game's screen with its action first: a phone left scrolled down to the
    garden or the deck tops would not see it."""
    todo = use_view(to_do)
    first = ft.use_ref(True)

    def show() -> None:
        if first.current:  # the page opens at its top
            first.current = False
            return
        if mine or todo:
            show_step(live)

    ft.use_effect(show, [mine, words, todo])


@part
def TurnBanner():
    """A big coloured banner on the phone whose turn it is; the phone is cued when the turn
    comes (:meth:`companion.ui.live.LiveTable.cue`).
    Kept (hidden, with its last words) when it is not this phone's turn: a turn that
    comes round shows it again, it does not build it again."""
    context = use_table()
    seat = use_fixed(lambda s: s["table"]["seat"])
    words_for = screens_of(context.live.hub.game.id).turn_words_of()
    kept = ft.use_ref(None)

    def turn_now(s: dict):
        """(is it this seat's turn, the words of its last turn)"""
        mine = seat is not None and seat in s["to_act"]
        if words_for and mine:
            kept.current = words_for(s)
        return mine, kept.current

    mine, words = use_view(turn_now)
    step_words, set_step_words = ft.use_state(None)  # the words of a step drawn under it
    step_on_screen(context.live).say = set_step_words

    def cue():
        if mine:
            context.live.cue(context.live.screen["revision"])

    ft.use_effect(cue, [mine])
    use_show_what_to_do(context.live, mine, words)
    if seat is None:
        return ft.Container(visible=False)
    colour = use_fixed(lambda s: s["table"]["colours"][s["table"]["seat"]])
    words = step_words or words
    text = f"Your turn: {words}" if words else "Your turn"
    return ft.Container(
        kit.own(ft.Text(text, size=26, weight=ft.FontWeight.BOLD, color=kit.text_on(colour))),
        bgcolor=kit.swatch(colour), padding=ft.Padding(16, 14, 16, 14), border_radius=12, visible=mine,
    )


@part
def Tabs(tab: str, set_tab):
    return ft.Row([
        (kit.primary if tab == key else kit.secondary)(label, lambda e, key=key: set_tab(key))
        for key, label in TABS
    ], wrap=True, spacing=6)


@part
def History():
    """The log in words a page at a time, newest first: the newest page follows the
    table; "Older moves" and "Newer moves" page through the rest (a page costs the same
    on any table, however long its log)."""
    context = use_table()
    revision = use_view(lambda s: s["revision"])
    last, set_last = ft.use_state(None)  # the newest move of the page shown (None: the table's newest)
    lines, set_lines = ft.use_state(None)
    changed, set_changed = ft.use_state(0)

    async def read():  # a page of the log in words: a replay from a snapshot, so off the loop
        live = context.live
        set_lines(await off_loop(live.hub.history_page, live.who, last))

    async def read_upgrade():  # a store read, once: an upgrade's notes never change
        hub = context.live.hub
        set_changed(await off_loop(lambda: hub.changed_by_upgrade))

    moves = use_view(lambda s: s["moves"])  # the table's move count, the number the tables list says
    # the newest page follows every move; an older page only an undo that reaches it
    ft.use_effect(read, [revision if last is None else min(moves, last), last])
    ft.use_effect(read_upgrade, [])
    where = [kit.muted(f"Table {context.live.hub.code} · move {moves}")]
    if changed:
        where.append(kit.muted(upgrade_words(changed)))
    if lines is None:
        return ft.Column(where + [kit.muted("Reading the history...")])
    if not lines:
        return ft.Column(where + [kit.muted("Nothing has happened yet.")])
    rows = [ft.ListTile(title=ft.Text(line["text"], size=16),
                        subtitle=ft.Text(f"move {line['move']} · {line['by']}"), dense=True)
            for line in reversed(lines)]
    return ft.Column(where + rows + history_pager(lines, last, moves, set_last))


def history_pager(lines: list[dict], last: int | None, moves: int, set_last) -> list[ft.Control]:
    """Which moves the page shows, and the buttons to the older and the newer ones."""
    first, newest = lines[0]["move"], lines[-1]["move"]
    buttons = []
    if last is not None:
        newer = newest + HISTORY_PAGE
        buttons.append(kit.secondary("Newer moves", lambda e: set_last(None if newer >= moves else newer)))
    if first > 1:
        buttons.append(kit.secondary("Older moves", lambda e: set_last(first - 1)))
    if not buttons:
        return []
    return [kit.muted(f"Moves {first} to {newest} of {moves}"), ft.Row(buttons, wrap=True, spacing=6)]


def upgrade_words(changed: int) -> str:
    """What the History says of a table kept by an older app whose log today's rules
    did not take whole (the upgrade's notes are in the host's log)."""
    were = "was" if changed == 1 else "were"
    return (f"This table was kept by an older version of the app: {changed} of its old moves "
            f"{were} changed or left out to fit today's rules.")


def shown_value(value) -> str:
    """A setting's value in words: "Yes"/"No", never Python's True/False."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    return str(value)


@part
def Rules():
    context = use_table()
    game = get_game(context.live.hub.game.id)
    values = use_view(lambda s: s["table"]["settings"])
    editable = use_view(lambda s: s["table"]["host"] and s["revision"] == 0)
    rows: list[ft.Control] = []
    if game.rules_summary:
        rows.append(kit.title(f"{game.title} in short"))
        rows.extend(kit.body(line) for line in game.rules_summary)
    rows.append(kit.title("This table's settings"))
    if not game.settings:
        rows.append(kit.muted("This game has no settings."))
    elif editable:
        rows.append(SettingsForm(values))
    else:
        for setting in game.settings:
            rows.append(kit.body(f"{setting.label}: {shown_value(values.get(setting.key, setting.default))}"))
            if setting.help:
                rows.append(kit.help_text(setting.help))
    return ft.Column(rows, spacing=8)


@part
def SettingsForm(values: dict):
    """The host may change settings until the first move."""
    from companion.ui.home import setting_controls

    context = use_table()
    game = get_game(context.live.hub.game.id)
    draft, set_draft = ft.use_state(lambda: dict(values))

    def set_setting(key, value):
        set_draft(lambda old: {**old, key: value})

    async def save(e):
        try:
            await off_loop(context.live.hub.change_settings, context.live.who, draft)
        except IllegalAction as exc:
            context.toast(exc.message)
            return
        context.toast("Settings saved")

    controls: list[ft.Control] = []
    for setting in game.settings:
        controls.extend(setting_controls(setting, draft.get(setting.key, setting.default), set_setting))
    controls.append(kit.primary("Save settings", save))
    controls.append(kit.muted("Settings can change until the first move."))
    return ft.Column(controls, spacing=8)
