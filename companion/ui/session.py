"""One phone (or the host screen): its route, its seat, and its re-render on change.

A session never holds game state: on every change it asks the hub for
``view(state, its seat)`` and rebuilds its screen from that alone.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

import flet as ft

from engine.errors import IllegalAction, StaleRevision
from companion.context import AppContext
from companion.hub import TableHub, Who, off_loop
from companion.ui.memo import Memo

log = logging.getLogger(__name__)

SEAT_KEY = "seat.{code}"
HOST_KEY = "host.key"


def same_screen(a: dict, b: dict) -> bool:
    """Two views that draw the same screen (the move counter aside)."""
    return {k: v for k, v in a.items() if k != "revision"} == \
        {k: v for k, v in b.items() if k != "revision"}


class PhoneSession:
    def __init__(self, page: ft.Page, ctx: AppContext):
        self.page = page
        self.ctx = ctx
        self.prefs = ft.SharedPreferences()
        self.hub: TableHub | None = None
        self.who: Who = Who()
        self.route = "/"
        self.rendered_revision: int | None = None
        self.last_view: dict | None = None  # what the table screen last drew
        self.local: dict[str, Any] = {}  # scratch UI state per screen, survives re-renders
        self.memo = Memo()  # the parts of the table screen kept between its re-renders
        self.tab = "play"
        self.is_host = False
        self._closed = False
        self._acting = False
        self._refresh_after_act = False
        self.pending_actions = 0  # sent, not yet durable or refused

    # -- life ----------------------------------------------------------------
    async def start(self) -> None:
        page = self.page
        page.title = "Table Companion"
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.scroll = ft.ScrollMode.AUTO
        page.padding = 0
        page.on_route_change = self._on_route_change
        page.on_close = self._on_close
        page.update()  # registers the storage service with the client before it is asked
        host_key = await self.stored("get", HOST_KEY)
        self.is_host = self.ctx.is_host(page.client_ip, host_key)
        await self.open(page.route or "/")

    async def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        await self.open(e.route)

    def _on_close(self, e=None) -> None:
        self._closed = True
        self._leave_table()

    def _leave_table(self) -> None:
        if self.hub is not None:
            self.hub.unsubscribe(id(self))
            self.hub = None

    async def go(self, route: str) -> None:
        await self.page.push_route(route)

    # -- routing -------------------------------------------------------------
    async def open(self, route: str) -> None:
        from companion.ui import home, join, notice, table

        route = (route or "/").split("?")[0].rstrip("/") or "/"
        self.route = route
        parts = [p for p in route.split("/") if p]
        try:
            if not parts:
                self._leave_table()
                # the host's list of tables reads files: off the loop, kept for re-renders
                self.local["tables"] = await off_loop(self.ctx.tables.list) if self.is_host else []
                self.show(home.build(self))
            elif parts[0] == "host" and len(parts) == 2:
                await self.claim_host(parts[1])
            elif parts[0] == "join" and len(parts) == 2:
                await join.open(self, parts[1])
            elif parts[0] == "t" and len(parts) == 2:
                hub = await self.open_table(parts[1])  # counted by the guard, off the loop
                await table.open(self, hub.code)
            else:
                self._leave_table()
                self.show(notice.build(self, "Page not found",
                                       f"There is nothing at {route}."))
        except IllegalAction as exc:
            self._leave_table()
            self.show(notice.build(self, "Cannot open that", exc.message))

    async def claim_host(self, key: str) -> None:
        from companion.ui import notice

        if self.ctx.is_host(None, key):
            await self.stored("set", HOST_KEY, key)
            self.is_host = True
            await self.go("/")
        else:
            self.show(notice.build(self, "Not the host key",
                                   "This link does not make this device the host."))

    # -- tables --------------------------------------------------------------
    async def open_table(self, code_text: str) -> TableHub:
        """The table for a code in a route, read off the loop; lookups of codes that name
        no table are counted per device (``companion/guard.py``)."""
        return await self.ctx.open_table_async(code_text, self.page.client_ip)

    async def stored(self, operation: str, *args: Any) -> Any:
        """The phone's storage, asked twice before giving up (a phone that just woke
        up may not have its storage service ready on the first ask)."""
        for attempt in range(2):
            try:
                return await getattr(self.prefs, operation)(*args)
            except Exception:
                if attempt:
                    log.warning("phone storage did not answer %s", operation)
                    self.toast("This phone's storage did not answer: reload the page to get your seat back")
                    return None
                self.page.update()
        return None

    async def seat_token(self, code: str) -> str | None:
        value = await self.stored("get", SEAT_KEY.format(code=code))
        return value if isinstance(value, str) and value else None

    async def keep_seat_token(self, code: str, token: str) -> None:
        await self.stored("set", SEAT_KEY.format(code=code), token)

    async def forget_seat_token(self, code: str) -> None:
        await self.stored("remove", SEAT_KEY.format(code=code))

    def watch(self, hub: TableHub, who: Who) -> None:
        """Listen to ``hub``: every change re-renders this screen from its own view."""
        if self.hub is not hub:
            self._leave_table()
            self.local = {}
            self.memo.clear()
            self.tab = "play"
        self.hub = hub
        self.who = who
        hub.subscribe(id(self), self._changed)

    def _changed(self, revision: int) -> None:
        if self._closed:
            return
        if self._acting:
            self._refresh_after_act = True  # the others first: this phone already knows
            return
        self._schedule_refresh()

    def _schedule_refresh(self, after_others: bool = False) -> None:
        try:
            self.page.run_task(self._refresh_after_others if after_others else self.refresh)
        except Exception:  # the page is gone
            self._on_close()

    async def _refresh_after_others(self) -> None:
        # The acting phone already shows what it did: the other phones' re-renders were
        # queued first, and one pass of the loop lets their patches leave before this one.
        await asyncio.sleep(0)
        await self.refresh()

    async def refresh(self) -> None:
        from companion.ui import table

        if self.hub is None or self._closed:
            return
        if self.route.startswith("/t/"):
            view = self.hub.view(self.who)
            if self.last_view is not None and same_screen(view, self.last_view):
                # nothing this screen shows has changed (another seat's secret moved on):
                # keep it, and the tap under way; it still counts as seen
                self.rendered_revision = view["revision"]
                return
            self.show(table.build(self))
        elif self.route.startswith("/join/"):
            from companion.ui import join

            self.show(join.build(self, self.hub))

    # -- acting --------------------------------------------------------------
    def act(self, kind: str, payload: dict | None = None, seat: int | None = None) -> None:
        """Send one action for this screen's seat. Called from click handlers, which
        Flet runs on the event loop: the action (its durable write) runs in a worker
        thread, awaited by a task, so the loop goes on serving every phone meanwhile."""
        if self.hub is None:
            return
        self.pending_actions += 1
        try:
            self.page.run_task(self._act, self.hub, self.who, kind, payload or {},
                               self.rendered_revision, seat)
        except BaseException:
            self.pending_actions -= 1
            raise

    async def _act(self, hub: TableHub, who: Who, kind: str, payload: dict,
                   seen: int | None, seat: int | None) -> None:
        """Refusals (a full disk too) become a message; the screen stays as it is."""
        self._acting, self._refresh_after_act = True, False
        try:
            await hub.act_async(who, kind, payload, seen, seat)
        except StaleRevision as exc:
            self.toast(exc.message)
            self._refresh_after_act = True
        except IllegalAction as exc:
            self.toast(exc.message)
        finally:
            self._acting = False
            self.pending_actions -= 1
        if self._refresh_after_act:
            self._schedule_refresh(after_others=True)

    # -- showing -------------------------------------------------------------
    def show(self, controls: list[ft.Control]) -> None:
        page = self.page
        if self.memo.settled is not controls:
            self.memo.clear()  # another screen: nothing of the last one is kept
        # Keyed by route and position, so a re-render of the same screen is diffed against
        # the one on the phone (Flet compares the rebuilt tree field by field and sends only
        # what changed; a text field keeps its focus). Unkeyed, Flet would drop the whole
        # tree and send it again: ~9 KiB per phone per change, a full rebuild in the
        # browser, and an O(size x depth) walk on the server (bench/capacity.py).
        # Another screen (another route) gets other keys and replaces the tree.
        for index, control in enumerate(controls):
            if getattr(control, "key", None) is None:
                control.key = f"{self.route}#{index}"
        page.controls.clear()
        page.controls.extend(controls)
        page.update()
        if self.memo.settled is controls:
            self.memo.after_update(page.session.index)

    def toast(self, text: str) -> None:
        self.page.show_dialog(ft.SnackBar(ft.Text(text, size=18), duration=ft.Duration(seconds=5),
                                          show_close_icon=True))

    def confirm(self, title: str, text: str, on_yes: Callable[[], None],
                yes_label: str = "Yes, do it") -> None:
        """Ask before anything that cannot be undone (or is easy to regret)."""

        def yes(e):
            self.page.pop_dialog()
            on_yes()

        def no(e):
            self.page.pop_dialog()

        self.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(title, size=22),
            content=ft.Text(text, size=18),
            actions=[ft.TextButton("Cancel", on_click=no), ft.FilledButton(yes_label, on_click=yes)],
        ))
