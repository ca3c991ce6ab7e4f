"""One browser tab (a phone, or the host's screen): what its screens may ask of it.

A :class:`Phone` holds no game state and draws nothing: it is the tab's services (its
storage for seat tokens and the host key, whether it is the host, messages, confirms,
running work on the tab's own event loop). Screens are Flet components
(:mod:`companion.ui.app`) rendered once with ``page.render``.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import logging
from typing import Any, Awaitable, Callable

import flet as ft

from companion.flet_runtime.socket_context import apart_from_socket
from companion.table.context import AppContext

log = logging.getLogger(__name__)

SEAT_KEY = "seat.{code}"
SEEN_KEY = "seen.{code}"
"""The table's revision this phone last showed its player (for "While you were away")."""
HOST_KEY = "host.key"
THEME_KEY = "theme"
THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
"""Light, dark, or the phone's own setting: chosen in the app, kept in the phone's storage."""
SOUND_KEY = "sound"
"""Whether a phone that cannot vibrate sounds its cues ("on" or "off"): kept in the phone's
storage, where ``assets/cue.js`` reads it (as ``flutter.sound``)."""
AWAKE_KEY = "awake"
"""Whether this phone keeps its screen on while at a table ("on" or "off"): kept in the
phone's storage, where ``assets/awake.js`` reads it (as ``flutter.awake``) whenever it
would hold the screen; the app reads it only to draw its button."""
PERSON_KEY = "person.id"
PERSON_TOKEN_KEY = "person.token"
"""The person of the host's book this phone is (their id) and the secret token proving it,
kept like a seat's: given when the phone first sits as that person."""
STORED_TYPES = {HOST_KEY: str, THEME_KEY: str, SOUND_KEY: str, AWAKE_KEY: str, SEAT_KEY: str, SEEN_KEY: int,
                PERSON_KEY: str, PERSON_TOKEN_KEY: str}
"""What the app keeps under each key of the phone's storage (a key, or its pattern). The
phone's answer is the phone's to make: one of another type is no value at all."""
ANSWER_S = 10.0
"""How long a page waits for its phone to answer a call (its storage, a new route, a buzz).
Flet waits for ever; a phone answers in milliseconds, so one silent for this long has left
or never will (a hand-made client), and the page goes on without the answer."""

FRAME_S = 0.1
"""Long enough for a phone to draw a frame (a frame is 16 ms): a scroll and a route change
sent together are drawn in one frame, which Flutter's accessibility tree gets wrong."""
SCROLL_ANSWER_S = 1.0
"""How long a new route waits for the phone to say it scrolled to the top (a phone answers in
a frame or two; one that does not answer still gets its route)."""


class NoAnswer(Exception):
    """The phone did not answer a call: its page ended first, or :data:`ANSWER_S` passed."""


def stored_type(key: str) -> type:
    """The type the app keeps under ``key`` (:data:`STORED_TYPES`)."""
    for pattern, kind in STORED_TYPES.items():
        head, braced, _ = pattern.partition("{")
        if key == pattern or (braced and key.startswith(head)):
            return kind
    raise KeyError(f"the app keeps nothing under {key!r}")


def typed(key: str, value: Any) -> Any:
    """``value`` as read from the phone's storage under ``key``, or None (absent) when it
    is not of the type the app keeps there (True is not a number here)."""
    kind = stored_type(key)
    return value if isinstance(value, kind) and not isinstance(value, bool) else None


def table_in(route: str | None) -> str | None:
    """The table code a join or table address names (``/join/CODE``, ``/t/CODE``)."""
    parts = [p for p in (route or "").split("?")[0].split("/") if p]
    return parts[1] if len(parts) == 2 and parts[0] in ("join", "t") else None


class Phone:
    def __init__(self, page: ft.Page, ctx: AppContext, device: str | None = None):
        self.page = page
        self.ctx = ctx
        self.device = device
        """This tab's device: its address as the server saw the connection (never a property
        of the page, which the phone can set)."""
        self.prefs = ft.SharedPreferences()
        self.haptics = ft.HapticFeedback()  # Flutter's web engine calls navigator.vibrate
        self.wakelock = ft.Wakelock()  # answered in the page by assets/awake.js
        self.is_host = False
        self.theme = "system"
        self.sound = True
        self.awake: bool | None = None
        """The phone's setting, keep the screen on at a table: None until read
        (:meth:`awake_setting`)."""
        self._awake_wanted = False  # a table page is shown, its game not over
        self.awake_asked: bool | None = False
        """What the phone was last asked: to keep its screen on (True) or to let it sleep."""
        self.closed = False
        self._ended = asyncio.Event()  # set when the tab's session ends: calls stop waiting
        self._first_seat: tuple[str, Any] | None = None
        self._on_close: list[Callable[[], None]] = []
        # the tab's loop, and the context its page was opened in (Flet's current page is
        # set there): what the hub's news is handed to (see soon())
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self._context = apart_from_socket(contextvars.copy_context())

    async def start(self) -> None:
        """Find out whether this tab is the host (its stored host key, or loopback), and
        draw in the theme this phone chose (before the first screen is drawn). The phone's
        storage is asked for all it may need first at once (its sound setting, the seat of
        the table its address names too): one wait on the phone, not four one after another."""
        code = table_in(self.page.route)
        keys = [HOST_KEY, THEME_KEY, SOUND_KEY] + ([SEAT_KEY.format(code=code)] if code else [])
        host_key, theme, sound, *seat = await asyncio.gather(*(self.read(key) for key in keys))
        self.is_host = self.ctx.is_host(self.device, host_key)
        if theme in THEMES:
            self.theme = theme
            self.page.theme_mode = THEMES[theme]
        self.sound = sound != "off"
        if code:
            self._first_seat = (code, seat[0])

    def when_closed(self, fn: Callable[[], None]) -> None:
        """``fn`` runs when the tab's session ends (its listeners leave the hubs)."""
        self._on_close.append(fn)

    def until_closed(self, release: Callable[[], None]) -> Callable[[], None]:
        """``release`` (a listener leaving a hub) runs once: when the returned function
        is called (a component's effect cleanup) or when the tab's session ends, whichever
        comes first. Flet does not unmount a closed session's components, so a listener
        left only to the cleanup would keep the whole page alive."""
        def once() -> None:
            if once in self._on_close:
                self._on_close.remove(once)
                release()

        self._on_close.append(once)
        return once

    def close(self) -> None:
        self.closed = True
        self._ended.set()
        for fn in list(self._on_close):
            try:
                fn()
            except Exception:
                log.exception("closing a tab")
        self._on_close.clear()

    # -- running on this tab's loop ------------------------------------------------
    def soon(self, fn: Callable[[], Any]) -> None:
        """Call ``fn`` on this tab's event loop, with this tab's page as Flet's context
        (the hub calls listeners from whichever thread made a change). A plain callback
        in the context the tab was opened in, not a task: every phone at a table hears
        every move, and a task (with its future handed back across threads) costs each
        of them more than most of what the news changes on its screen."""
        if self.closed:
            return
        if self._loop is None:
            async def call() -> None:
                fn()

            self._start(call)
            return
        try:
            self._loop.call_soon_threadsafe(self._run_soon, fn)
        except RuntimeError:  # the loop is gone: so is the tab
            self.closed = True

    def _run_soon(self, fn: Callable[[], Any]) -> None:
        if self.closed:
            return
        try:
            self._context.run(fn)
        except Exception:  # noqa: BLE001 - one phone's news never stops the loop
            log.exception("a phone could not take the table's news")

    def run(self, work: Awaitable[Any]) -> None:
        """Run a coroutine on this tab's loop (a move started from a click)."""
        async def call() -> None:
            await work

        self._start(call)

    def aside(self, work: Awaitable[Any]) -> None:
        """Run a coroutine the server starts for this page on its own when the table's news
        is drawn (a cue, a scroll to the turn), apart from the phone's socket: its share is
        for what the phone's own frames start. A component's effect runs where Flet draws,
        in the socket's context; counted there, these asks (each waiting for the phone's
        answer) held back the phone's next tap, sent before those answers, until the socket
        was closed with the tap lost (three phones tapping Done at once did it)."""
        apart_from_socket(self._context.copy()).run(self.run, work)

    def _start(self, call: Callable[[], Awaitable[None]]) -> None:
        if self.closed:
            return
        try:
            self.page.run_task(call)
        except RuntimeError:  # the tab is gone
            self.closed = True

    # -- calls the phone answers ------------------------------------------------------
    async def ask(self, call: Awaitable[Any], seconds: float = ANSWER_S) -> Any:
        """The phone's answer to ``call`` (a Flet client call, which would wait for ever);
        :class:`NoAnswer` as soon as the tab ends, or after ``seconds``."""
        if self.closed:
            if inspect.iscoroutine(call):
                call.close()  # never sent: nobody would answer it
            raise NoAnswer("the page has ended")
        asking = asyncio.ensure_future(call)
        ended = asyncio.ensure_future(self._ended.wait())
        try:
            await asyncio.wait((asking, ended), timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        finally:
            ended.cancel()
            if not asking.done():
                asking.cancel()
        if asking.done() and not asking.cancelled():
            return asking.result()  # the answer, or the error the phone sent
        raise NoAnswer("the page has ended" if self.closed else f"no answer in {seconds:g} s")

    # -- the tab's storage -------------------------------------------------------------
    async def stored(self, operation: str, *args: Any) -> Any:
        """The phone's storage, or None when it does not answer. An error is asked again
        once (a phone that just woke up may not have its storage service ready on the first
        ask); silence is not (a phone that left, or never answers, would hold the page)."""
        for attempt in range(2):
            try:
                return await self.ask(getattr(self.prefs, operation)(*args))
            except Exception as error:  # noqa: BLE001 - whatever the phone did, the page goes on
                if self.closed:
                    return None  # the phone left: nobody to tell
                if attempt or isinstance(error, NoAnswer):
                    log.warning("phone storage did not answer %s", operation)
                    self.toast("This phone's storage did not answer: reload the page to get your seat back")
                    return None
                self.page.update()
        return None

    async def read(self, key: str) -> Any:
        """What the phone keeps under ``key``, None when nothing of the app's type
        (:func:`typed`): every read of the phone's storage goes through here."""
        return typed(key, await self.stored("get", key))

    async def seat_token(self, code: str) -> str | None:
        """The seat this phone keeps at table ``code`` (read at start, the first time)."""
        first, self._first_seat = self._first_seat, None
        value = first[1] if first and first[0] == code else await self.read(SEAT_KEY.format(code=code))
        return value or None

    def holds_no_seat(self, hub) -> bool:
        """Whether this phone is known at once to hold no seat at ``hub``'s table: the seat
        read at start is for it and names none (then used up, as :meth:`seat_token` uses it;
        else :meth:`seat_token` asks)."""
        first = self._first_seat
        if not first or first[0] != hub.code:
            return False
        token = first[1] if isinstance(first[1], str) and first[1] else None
        if token is not None and hub.seat_for_token(token) is not None:
            return False
        self._first_seat = None
        return True

    async def keep_seat_token(self, code: str, token: str) -> None:
        await self.stored("set", SEAT_KEY.format(code=code), token)

    async def forget_seat_token(self, code: str) -> None:
        await self.stored("remove", SEAT_KEY.format(code=code))

    async def person(self) -> tuple[str | None, str | None]:
        """(the book's person this phone holds, its token): None, None when it holds none."""
        return await self.read(PERSON_KEY), await self.read(PERSON_TOKEN_KEY)

    async def keep_person(self, person_id: str, token: str) -> None:
        await self.stored("set", PERSON_KEY, person_id)
        await self.stored("set", PERSON_TOKEN_KEY, token)

    async def seen_revision(self, code: str) -> int | None:
        value = await self.read(SEEN_KEY.format(code=code))
        return value if value is not None and value >= 0 else None

    async def keep_seen_revision(self, code: str, revision: int) -> None:
        await self.stored("set", SEEN_KEY.format(code=code), revision)

    async def set_theme(self, theme: str) -> None:
        """Draw this tab light, dark or as the phone's system says; the phone keeps the
        choice (its other tabs and its next visits draw the same)."""
        if theme not in THEMES:
            return
        self.theme = theme
        self.page.theme_mode = THEMES[theme]
        self.page.update()
        await self.stored("set", THEME_KEY, theme)

    async def set_sound(self, on: bool) -> None:
        """Sound this phone's cues or not, where it cannot vibrate; the phone keeps the
        choice (``assets/cue.js`` reads it at each cue)."""
        self.sound = on
        await self.stored("set", SOUND_KEY, "on" if on else "off")

    async def awake_setting(self) -> bool:
        """Whether this phone keeps its screen on at a table (read once, when first drawn:
        not among the reads at start, which a phone on the network must answer within its
        share of the host's time)."""
        if self.awake is None:
            self.awake = await self.read(AWAKE_KEY) != "off"
            self._tell_awake()
        return self.awake

    async def set_awake(self, on: bool) -> None:
        """Keep this phone's screen on at a table or not; the phone keeps the choice, and
        the page is asked again (``assets/awake.js`` reads the setting then)."""
        self.awake = on
        await self.stored("set", AWAKE_KEY, "on" if on else "off")
        self.awake_asked = None
        self._tell_awake()

    def keep_awake(self, wanted: bool) -> None:
        """A table page asks for the screen to stay on (True: shown, its game not over) or
        lets it sleep; the page holds it only while the phone's setting allows it."""
        self._awake_wanted = wanted
        self._tell_awake()

    def _tell_awake(self) -> None:
        on = self._awake_wanted and self.awake is not False
        if on == self.awake_asked:
            return
        self.awake_asked = on

        async def tell() -> None:
            try:
                await self.ask(self.wakelock.enable() if on else self.wakelock.disable())
            except Exception:  # noqa: BLE001 - a page that cannot hold it still plays
                pass

        self.aside(tell())

    async def keep_host_key(self, key: str) -> None:
        await self.stored("set", HOST_KEY, key)
        self.is_host = True

    # -- moving around and talking ----------------------------------------------------
    async def go(self, route: str) -> None:
        """Open ``route`` at its top. The page is one scrolled view for every route, so it
        goes to its top first: Flutter's accessibility tree kept the offset of a view
        scrolled when its route was replaced by one that does not scroll, its nodes sitting
        that far below the drawing (a screen reader's tap, or a test's, hit the control
        below the one meant) when the scroll to the top and the new route came in one
        frame: the route waits for a frame drawn at the top."""
        try:  # a phone that does not answer the scroll (busy, hand-made) still gets its route
            await self.ask(self.page.scroll_to(offset=0, duration=0), seconds=SCROLL_ANSWER_S)
        except NoAnswer:
            if self.closed:
                return
        await asyncio.sleep(FRAME_S)
        try:
            await self.ask(self.page.push_route(route))
        except NoAnswer:
            pass  # the phone left, or draws the route when it answers

    def toast(self, text: str) -> None:
        text = text[:1].upper() + text[1:] if text else text
        self.page.show_dialog(ft.SnackBar(ft.Text(text, size=18), duration=ft.Duration(seconds=5),
                                          show_close_icon=True))

    def cue(self) -> None:
        """Tell the player to look: their turn came, or public news for their seat. Only
        for what the whole table may know (a cue can be heard). A short buzz where the
        browser can vibrate; where it cannot (iOS Safari), ``assets/cue.js`` sounds a short
        tone (after a first tap, unless the phone turned sound off) and flashes the screen.
        A table's page cues once per move (:meth:`companion.ui.live.LiveTable.cue`)."""
        async def buzz() -> None:
            try:
                await self.ask(self.haptics.vibrate())
            except Exception:  # a laptop, or not allowed yet: the banner and the message say it
                pass

        self.aside(buzz())

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

    def ask_text(self, title: str, text: str, label: str, yes_label: str,
                 on_text: Callable[[str], Awaitable[str | None]]) -> None:
        """Ask for a line of text (a seat's new name). ``on_text`` answers with a refusal
        in words, shown under the box while the question stays open, or None: done."""
        box = ft.TextField(label=label, autofocus=True, text_size=18)

        async def yes(e):
            refusal = await on_text(box.value or "")
            if refusal is None:
                self.page.pop_dialog()
                return
            box.error = refusal
            box.update()

        def no(e):
            self.page.pop_dialog()

        box.on_submit = yes
        self.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(title, size=22),
            content=ft.Column([ft.Text(text, size=18), box], tight=True, spacing=12),
            actions=[ft.TextButton("Cancel", on_click=no), ft.FilledButton(yes_label, on_click=yes)],
        ))
