"""The app as Flet components: one root per tab, a page per route.

    /               the start page (join by code; the host creates and resumes tables)
    /host/<key>     makes this device the host, then the start page
    /join/<code>    a table's QR, its seats
    /t/<code>       a table: the game's screen for this phone's seat
    /plays          the plays: everyone's on the host's screen, a phone's own elsewhere
"""

from __future__ import annotations

import flet as ft

from companion.ui import kit
from companion.ui.phone import Phone


def normal(route: str | None) -> str:
    return (route or "/").split("?")[0].rstrip("/") or "/"


@ft.component
def App(phone: Phone):
    page = phone.page
    route, set_route = ft.use_state(normal(page.route))
    screen = ft.use_memo(lambda: kit.Screen(page.width or kit.PHONE_WIDTH, kit.wide_height(page.width, page.height)), [])

    def listen():
        def changed(e: ft.RouteChangeEvent) -> None:
            set_route(normal(e.route))

        def resized(e) -> None:
            screen.width = page.width or kit.PHONE_WIDTH
            screen.height = kit.wide_height(page.width, page.height)

        page.on_route_change = changed
        page.on_resize = resized

    ft.on_mounted(listen)
    opened = ft.use_ref(route)

    def new_route() -> None:
        if route != opened.current:  # the first route opens at the top already
            opened.current = route
            phone.aside(_to_the_top(phone))

    ft.use_effect(new_route, [route])
    return kit.SCREEN(screen, lambda: Page(phone, route, key=route))


async def _to_the_top(phone: Phone) -> None:
    """A new route opens at its top. The page is one scrolled view for every route: the
    offset left by the last screen would otherwise carry over, opening "All tables" part
    way down, its top out of sight; a phone that does not answer is left as it is."""
    from companion.ui.phone import NoAnswer

    try:
        await phone.ask(phone.page.scroll_to(offset=0, duration=0))
    except NoAnswer:
        pass


@ft.component
def Page(phone: Phone, route: str):
    from companion.ui import home, join, notice, plays, table_screen as table

    parts = [p for p in route.split("/") if p]
    if not parts:
        return home.Home(phone)
    if parts == ["plays"]:
        return plays.PlaysPage(phone)
    if parts[0] == "host" and len(parts) == 2:
        return HostKey(phone, parts[1])
    if parts[0] == "join" and len(parts) == 2:
        return join.Join(phone, parts[1])
    if parts[0] == "t" and len(parts) == 2:
        return table.TablePage(phone, parts[1])
    return notice.Notice(phone, "Page not found", f"There is nothing at {route}.")


@ft.component
def HostKey(phone: Phone, key: str):
    """The private host link: this device becomes the host, then goes home."""
    from companion.ui import notice

    valid = phone.ctx.is_host(None, key)

    async def claim():
        if valid:
            await phone.keep_host_key(key)
            await phone.go("/")

    ft.on_mounted(claim)
    if valid:
        return notice.Waiting("Making this device the host...")
    return notice.Notice(phone, "Not the host key", "This link does not make this device the host.")
