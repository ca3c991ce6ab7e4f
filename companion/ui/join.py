"""The join page: the table, its players, a large QR of its own join URL, the seats."""

from __future__ import annotations

import flet as ft

from engine.errors import IllegalAction
from companion.hub import HOST, WATCHER, off_loop
from companion.qr import qr_svg
from companion.ui import kit
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
    checked, set_checked = ft.use_state(False)
    info, set_info = ft.use_state(lambda: hub.table(HOST if phone.is_host else WATCHER))
    over, set_over = ft.use_state(hub.is_over)
    width = kit.use_width()

    async def start():
        token = await phone.seat_token(hub.code)
        if token and hub.seat_for_token(token) is not None:
            await phone.go(f"/t/{hub.code}")  # this phone already has its seat
            return
        set_checked(True)

    def listen():
        def heard(revision: int) -> None:
            def read() -> None:
                set_info(hub.table(HOST if phone.is_host else WATCHER))
                set_over(hub.is_over())

            phone.soon(read)

        key = ("join", id(phone))
        hub.subscribe(key, heard)
        return phone.until_closed(lambda: hub.unsubscribe(key))

    ft.on_mounted(start)
    ft.use_effect(listen, [hub])
    if not checked:
        return Waiting()
    code = hub.code
    taken = set(info["taken"])
    controls: list[ft.Control] = [kit.title(info["title"], size=28)]
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

    async def watch(e):
        await phone.go(f"/t/{code}")

    def sit(seat: int):
        async def handler(e):
            try:
                token = await off_loop(hub.claim_seat, seat)
            except IllegalAction as exc:
                phone.toast(exc.message)
                return
            await phone.keep_seat_token(code, token)
            await phone.go(f"/t/{code}")

        return handler

    def free(seat: int, name: str):
        def handler(e):
            async def free_now():
                try:
                    await off_loop(hub.free_seat, HOST, seat)
                except IllegalAction as exc:
                    phone.toast(exc.message)

            def really():
                phone.run(free_now())

            phone.confirm(f"Free {name}'s seat?",
                          f"The phone now in {name}'s seat loses it; any phone can then sit there.",
                          really, yes_label="Free the seat")

        return handler

    seat_rows: list[ft.Control] = [kit.title("Pick your seat")]
    for seat, name in enumerate(info["players"]):
        colour = info["colours"][seat]
        if seat in taken:
            row = [kit.player_badge(name, colour), kit.muted("taken")]
            if phone.is_host:
                row.append(kit.secondary(f"Free {name}'s seat", free(seat, name)))
            seat_rows.append(ft.Row(row, wrap=True))
        elif not over:
            seat_rows.append(kit.primary(f"Sit as {name}", sit(seat)))
    if not over:
        controls.append(kit.card(seat_rows))
    if not phone.is_host:
        controls += invite
    label = "Open the table screen" if phone.is_host else "Just watch"
    controls.append(kit.secondary(label, watch))
    return kit.phone_column(controls, width)
