"""The join page: the table, its players, a large QR of its own join URL, the seats."""

from __future__ import annotations

import flet as ft

from engine.errors import IllegalAction
from companion.hub import TableHub, Who, off_loop
from companion.qr import qr_png
from companion.ui import kit


async def open(session, code_text: str) -> None:
    hub = await session.open_table(code_text)  # counted by the guard, off the loop
    token = await session.seat_token(hub.code)
    if token and hub.seat_for_token(token) is not None:
        await session.go(f"/t/{hub.code}")  # this phone already has its seat
        return
    session.watch(hub, Who(host=session.is_host))
    session.local.pop("seat_lost", None)
    session.show(build(session, hub))


def qr_block(session, code: str, size: int = 300) -> ft.Control:
    url = session.ctx.join_url(code)
    return ft.Column([
        ft.Image(src=qr_png(url), width=size, height=size, semantics_label=f"QR code for {url}"),
        ft.Text(" ".join(code), size=34, weight=ft.FontWeight.BOLD,
                semantics_label=f"Table code {code}"),
        ft.Text(url, size=14, selectable=True),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4)


def build(session, hub: TableHub) -> list[ft.Control]:
    view = {**hub.table(Who(host=session.is_host)), "over": hub.is_over()}
    code = hub.code
    taken = set(view["taken"])
    controls: list[ft.Control] = [
        kit.title(f"{view['title']}", size=28),
        kit.muted("Scan to join this table, or type the code on the start page."),
        ft.Row([qr_block(session, code)], alignment=ft.MainAxisAlignment.CENTER),
    ]
    if view["over"]:
        controls.append(kit.body("This game is over. You can still see how it ended."))

    async def watch(e):
        await session.go(f"/t/{code}")

    seat_rows: list[ft.Control] = [kit.title("Pick your seat")]
    for seat, name in enumerate(view["players"]):
        colour = view["colours"][seat]
        if seat in taken:
            row = [kit.player_badge(name, colour), kit.muted("taken")]
            if session.is_host:
                row.append(kit.secondary(f"Free {name}'s seat", _free(session, hub, seat, name)))
            seat_rows.append(ft.Row(row, wrap=True))
        elif not view["over"]:
            seat_rows.append(kit.primary(f"Sit as {name}", _sit(session, hub, seat)))
    if not view["over"]:
        controls.append(kit.card(seat_rows))
    label = "Open the table screen" if session.is_host else "Just watch"
    controls.append(kit.secondary(label, watch))
    return [kit.phone_column(controls)]


def _sit(session, hub: TableHub, seat: int):
    async def sit(e):
        try:
            token = await off_loop(hub.claim_seat, seat)
        except IllegalAction as exc:
            session.toast(exc.message)
            return
        await session.keep_seat_token(hub.code, token)
        await session.go(f"/t/{hub.code}")

    return sit


def _free(session, hub: TableHub, seat: int, name: str):
    def free(e):
        async def free_now():
            try:
                await off_loop(hub.free_seat, Who(host=True), seat)
            except IllegalAction as exc:
                session.toast(exc.message)

        def really():
            session.page.run_task(free_now)

        session.confirm(f"Free {name}'s seat?",
                        f"The phone now in {name}'s seat loses it; any phone can then sit there.",
                        really, yes_label="Free the seat")

    return free
