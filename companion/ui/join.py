"""The join page: the table, its players, a large QR of its own join URL, the seats."""

from __future__ import annotations

import flet as ft

from engine.errors import IllegalAction
from companion.table.hub import HOST, WATCHER, off_loop
from companion.table.plays import link_seat
from companion.ui.qr import qr_svg
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
    holds one goes on to the table)."""
    checked, set_checked = ft.use_state(lambda: phone.holds_no_seat(hub))

    async def start():
        if checked:
            return
        token = await phone.seat_token(hub.code)
        if token and hub.seat_for_token(token) is not None:
            await phone.go(f"/t/{hub.code}")  # this phone already has its seat
            return
        set_checked(True)

    ft.on_mounted(start)
    if not checked:
        return Waiting()
    return JoinLive(phone, hub)


@ft.component
def JoinLive(phone, hub):
    """The join page follows its table through a live view, as every table page does:
    a seat taken or freed, a seat renamed, the game over."""
    live = use_live_table(phone, hub, HOST if phone.is_host else WATCHER)
    return TABLE(TableContext(live, phone), lambda: Seats(phone, hub))


@part
def Seats(phone, hub):
    info = use_view(lambda screen: screen["table"])
    over = use_view(lambda screen: screen["result"] is not None)
    width = kit.use_width()
    code = hub.code
    controls: list[ft.Control] = [kit.title(info["title"], size=28)]

    async def watch(e):
        await phone.go(f"/t/{code}")

    if phone.is_host:  # at the top: the way back and the way to the game never need a scroll
        controls.insert(0, ft.Row([ft.TextButton("All tables", icon=ft.Icons.HOME,
                                                 on_click=lambda e: phone.run(phone.go("/"))),
                                   kit.primary("Open the table screen", watch)], wrap=True))
    # the host shows the code to the table; a phone that has just scanned it wants its seat
    invite = [kit.muted("Scan to join this table, or type the code on the start page."),
              ft.Row([qr_block(phone, code, size=300 if phone.is_host else 200)],
                     alignment=ft.MainAxisAlignment.CENTER)]
    if phone.is_host:
        controls += invite
    if over:
        controls.append(kit.body("This game is over. You can still see how it ended."))
    if not over:
        controls.append(kit.card(seat_rows(SeatTaps(phone, hub), info)))
    if not phone.is_host:
        controls += [*invite, kit.secondary("Just watch", watch)]
    return kit.phone_column(controls, width)


def seat_rows(taps: "SeatTaps", info: dict) -> list[ft.Control]:
    """"Pick your seat": a free seat to sit in (as its player, or under one's own name),
    a taken one marked so; the host may free a seat and rename any."""
    host = taps.phone.is_host
    rows: list[ft.Control] = [kit.title("Pick your seat")]
    for seat, name in enumerate(info["players"]):
        if seat in info["taken"]:
            row = [kit.player_badge(name, info["colours"][seat]), kit.muted("taken")]
            if host:
                row.append(kit.secondary(f"Free {name}'s seat", taps.free(seat, name)))
            rows.append(ft.Row(row, wrap=True))
        else:
            rows.append(free_seat(taps, seat, name))
        if host:
            rows.append(ft.TextButton(f"Rename {name}'s seat", icon=ft.Icons.EDIT,
                                      on_click=taps.rename(seat, name)))
    return rows


def free_seat(taps: "SeatTaps", seat: int, name: str) -> ft.Control:
    """A free seat's two ways in, told apart by look and words: the big filled "Sit as Ann"
    for Ann herself, and under it, plainly for someone else, an outlined "Not Ann? Sit
    here under your name" with a pencil (side by side, the two read as the same thing)."""
    return ft.Column([
        kit.primary(f"Sit as {name}", taps.sit(seat)),
        kit.secondary(f"Not {name}? Sit here under your name", taps.sit_named(seat, name), icon=ft.Icons.EDIT),
    ], spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.START)


class SeatTaps:
    """What the seat buttons of a join page do: each gives the handler of one button."""

    def __init__(self, phone, hub):
        self.phone = phone
        self.hub = hub

    async def sit_down(self, seat: int, name: str | None = None) -> str | None:
        """Sit in ``seat`` (under ``name``, when given); a refusal in words, or None."""
        try:
            token = await off_loop(self.hub.claim_seat, seat, WATCHER, name)
        except IllegalAction as exc:
            return exc.message
        await self.phone.keep_seat_token(self.hub.code, token)
        await self.link_person(seat, token)
        await self.phone.go(f"/t/{self.hub.code}")
        return None

    async def link_person(self, seat: int, token: str) -> None:
        """The host's book learns which person sat (the play counts for them); a phone
        sitting as a person no phone holds yet is given their token to keep."""
        recorder = self.phone.ctx.tables.recorder
        if recorder is None:
            return
        held = await self.phone.person()
        given = await off_loop(link_seat, recorder.book, self.hub, seat, token, held)
        if given is not None:
            await self.phone.keep_person(*given)

    def sit(self, seat: int):
        async def handler(e):
            refusal = await self.sit_down(seat)
            if refusal is not None:
                self.phone.toast(refusal)

        return handler

    def sit_named(self, seat: int, name: str):
        def handler(e):
            self.phone.ask_text(f"Sit in {name}'s seat", "Type your name: the whole table will call "
                                "this seat so from now on.", "Your name", "Sit",
                                lambda typed: self.sit_down(seat, typed))

        return handler

    def rename(self, seat: int, name: str):
        async def renamed(typed: str) -> str | None:
            try:
                await off_loop(self.hub.rename_seat, HOST, seat, typed)
            except IllegalAction as exc:
                return exc.message
            return None

        def handler(e):
            self.phone.ask_text(f"Rename {name}'s seat", "A new player takes this seat: the table, its "
                                "history and every phone will call it by the new name.", "New name",
                                "Rename", renamed)

        return handler

    def free(self, seat: int, name: str):
        def handler(e):
            async def free_now():
                try:
                    await off_loop(self.hub.free_seat, HOST, seat)
                except IllegalAction as exc:
                    self.phone.toast(exc.message)

            self.phone.confirm(f"Free {name}'s seat?",
                               f"The phone now in {name}'s seat loses it; any phone can then sit there.",
                               lambda: self.phone.run(free_now()), yes_label="Free the seat")

        return handler
