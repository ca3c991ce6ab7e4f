"""The join page: the table, its players, a large QR of its own join URL, the seats."""

from __future__ import annotations

import flet as ft

from engine.errors import IllegalAction
from companion.hub import HOST, WATCHER, off_loop
from companion.qr import qr_svg
from companion.ui import kit
from companion.ui.live import TABLE, TableContext, part, use_live_table, use_view
from companion.ui.notice import Waiting
from companion.ui.opening import OpenedTable


def qr_block(phone, code: str, size: int = 300) -> ft.Control:
    url = phone.ctx.join_url(code)
    return ft.Column([
        ft.Image(src=qr_svg(url), width=size, height=size, semantics_label=f"QR code for {url}"),
        ft.Text(" ".join(code), size=34, weight=ft.FontWeight.BOLD,
                semantics_label=f"Table code {code}"),
        ft.Text(url, size=14, selectable=True),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4)


def corner_invite(phone, code: str, size: int = 56) -> ft.Control:
    """The table's QR and code, small, for the corner of the table screen: a late
    joiner scans it or types the code without asking the host to leave the table. No
    taller than the bar's screen picker (the game's screen keeps its height)."""
    url = phone.ctx.join_url(code)
    return ft.Row([
        ft.Column([ft.Text("Join this table", size=13),
                   ft.Text(" ".join(code), size=24, weight=ft.FontWeight.BOLD,
                           semantics_label=f"Join with table code {code}")],
                  spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END, tight=True),
        ft.Image(src=qr_svg(url), width=size, height=size, semantics_label=f"QR code to join at {url}"),
    ], spacing=12, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def Join(phone, code_text: str):
    return OpenedTable(phone, code_text, JoinTable)


@ft.component
def JoinTable(phone, hub):
    """The seats of an open table, once this phone is known to hold none (a phone that
    holds one goes on to the table). The page follows the table through its live view, as
    every table page does: a seat taken or freed, the game over."""
    checked, set_checked = ft.use_state(False)
    live = use_live_table(phone, hub, HOST if phone.is_host else WATCHER)

    async def start():
        token = await phone.seat_token(hub.code)
        if token and hub.seat_for_token(token) is not None:
            await phone.go(f"/t/{hub.code}")  # this phone already has its seat
            return
        set_checked(True)

    ft.on_mounted(start)
    if not checked:
        return Waiting()
    return TABLE(TableContext(live, phone), lambda: Seats(phone, hub))


@part
def Seats(phone, hub):
    info = use_view(lambda s: (s["table"]["title"], tuple(s["table"]["players"]), tuple(s["table"]["colours"]),
                               frozenset(s["table"]["taken"])))
    over = use_view(lambda s: s["result"] is not None)
    width = kit.use_width()
    title, players, colours, taken = info
    code = hub.code
    controls: list[ft.Control] = [kit.title(title, size=28)]
    if phone.is_host:  # at the top: the way back never needs a scroll
        controls.insert(0, ft.Row([ft.TextButton("All tables", icon=ft.Icons.HOME,
                                                 on_click=lambda e: phone.run(phone.go("/")))]))
    # the host shows the code to the table; a phone that has just scanned it wants its seat
    invite = [kit.muted("Scan to join this table, or type the code on the start page."),
              ft.Row([qr_block(phone, code, size=300 if phone.is_host else 200)],
                     alignment=ft.MainAxisAlignment.CENTER)]
    if phone.is_host:
        controls += invite
    if over:
        controls.append(kit.body("This game is over. You can still see how it ended."))
    else:
        controls.append(kit.card(_seat_rows(phone, hub, players, colours, taken)))
    if not phone.is_host:
        controls += invite

    async def watch(e):
        await phone.go(f"/t/{code}")

    controls.append(kit.secondary("Open the table screen" if phone.is_host else "Just watch", watch))
    return kit.phone_column(controls, width)


def _seat_rows(phone, hub, players: tuple, colours: tuple, taken: frozenset) -> list[ft.Control]:
    """A button for each free seat; a taken one says so (and on the host's, how to free it)."""
    rows: list[ft.Control] = [kit.title("Pick your seat")]
    for seat, name in enumerate(players):
        if seat not in taken:
            rows.append(kit.primary(f"Sit as {name}", _sit(phone, hub, seat)))
            continue
        row = [kit.player_badge(name, colours[seat]), kit.muted("taken")]
        if phone.is_host:
            row.append(kit.secondary(f"Free {name}'s seat", _free(phone, hub, seat, name)))
        rows.append(ft.Row(row, wrap=True))
    return rows


def _sit(phone, hub, seat: int):
    async def handler(e):
        try:
            token = await off_loop(hub.claim_seat, seat)
        except IllegalAction as exc:
            phone.toast(exc.message)
            return
        await phone.keep_seat_token(hub.code, token)
        await phone.go(f"/t/{hub.code}")

    return handler


def _free(phone, hub, seat: int, name: str):
    async def free_now():
        try:
            await off_loop(hub.free_seat, HOST, seat)
        except IllegalAction as exc:
            phone.toast(exc.message)

    def handler(e):
        phone.confirm(f"Free {name}'s seat?",
                      f"The phone now in {name}'s seat loses it; any phone can then sit there.",
                      lambda: phone.run(free_now()), yes_label="Free the seat")

    return handler
