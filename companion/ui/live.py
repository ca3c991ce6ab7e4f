"""A table's live view on one phone, and the hooks screens read it with.

Every screen is a function of one seat's view of a table: the hub's envelope
(``public``, ``private``, ``legal``, ``to_act``, ``result``, ``revision``) plus the
table's own facts (``table``: code, players, colours, seat, host, ...). A
:class:`LiveTable` holds the latest of these for one phone and hears the hub; components
read it through :func:`use_view` with a selector, so that a change re-renders only the
components whose selected slice changed (like React-Redux's ``useSelector``): the one
total that moved, not the screen around them. Each part keeps the slice it drew and
compares a new one itself, so an equal slice costs Flet nothing. Nothing here caches
controls or touches Flet's internals: it is Flet's own ``use_state``, ``use_ref``,
``use_effect`` and ``create_context``.
"""

from __future__ import annotations

import functools
import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

import flet as ft

from engine.errors import IllegalAction
from companion.flet_runtime import quiet_gc
from companion.ui import kit

log = logging.getLogger(__name__)
part_log = logging.getLogger("companion.parts")
"""Where a part that could not be drawn is logged, with its traceback (the test suite
fails a test that logs here: ``tests/conftest.py``)."""

T = TypeVar("T")
Listener = Callable[[dict], None]


class LiveTable:
    """One phone's view of one table, kept current from the hub.

    ``screen`` is ``{"table": hub.table(who), **hub.view(who)}``. The hub calls
    :meth:`heard` from whichever thread made the change (a move's worker thread): the new
    view is read there, off the event loop that serves every phone (a view may carry
    advice that takes a while to work out), and handed to the listening components on
    this phone's own loop. Reads are numbered, so an older read that arrives late is
    never shown over a newer one.
    """

    def __init__(self, phone: Any, hub: Any, who: Any):
        self.phone = phone
        self.hub = hub
        self.who = who
        self.listeners: set[Listener] = set()
        self._reading = threading.Lock()
        self._reads = 0  # reads numbered in the order they were made
        self._shown = 0  # the number of the read on screen
        self.screen = self.read(None)
        self._told = self.screen["revision"]  # the news told up to this revision
        self._cued = -1  # the revision this phone was last cued for
        self.moved_from: int | None = None  # the revision this phone's last move was made on
        self.closed = False
        self._release: Callable[[], None] | None = None
        self.on_shown: Callable[[int], None] | None = None
        """Told each revision this phone shows (it keeps the last one: companion.ui.away)."""

    def read(self, since: int | None) -> dict:
        """``{"table", "held", **envelope}``: ``held`` is False once the host gave this
        phone's seat to another phone; the news is what happened after ``since``."""
        held = self.who.host or self.who.token is None or self.hub.holds_seat(self.who)
        return {"table": self.hub.table(self.who), "held": held, **self.hub.view(self.who, since)}

    # -- hearing the hub --------------------------------------------------------
    def start(self) -> None:
        self.hub.subscribe(id(self), self.heard)
        self._release = self.phone.until_closed(self._leave)
        self.refresh()  # anything that happened between the first read and now

    def stop(self) -> None:
        """Leave the hub (the screen went away; the tab's end does the same)."""
        if self._release is not None:
            self._release()
        else:
            self._leave()

    def _leave(self) -> None:
        self.closed = True
        self.hub.unsubscribe(id(self))

    def heard(self, revision: int) -> None:
        if self.closed:
            return
        screen, number = self._numbered_read()
        self.phone.soon(lambda: self._show(screen, number))

    def refresh(self) -> None:
        """Read this seat's view again and tell the components (on the phone's loop)."""
        if not self.closed:
            self._show(*self._numbered_read())

    def _numbered_read(self) -> tuple[dict, int]:
        with self._reading:
            self._reads += 1
            return self.read(self.screen["revision"]), self._reads

    def _show(self, screen: dict, number: int) -> None:
        if self.closed or number <= self._shown:
            return
        self._shown = number
        self.screen = screen
        for listener in list(self.listeners):
            listener(self.screen)
        quiet_gc.collect_soon()  # the move's garbage, once its patches have left
        if self.on_shown is not None:
            self.on_shown(screen["revision"])
        fresh = [item for item in screen["news"] if item["rev"] > self._told]  # reads may overlap
        self._told = max([self._told] + [item["rev"] for item in fresh])
        told = [item for item in fresh if item["concerns"]]
        if told:  # something happened to this seat: say it, and cue the phone
            self.phone.toast(". ".join(item["text"] for item in told))
            if not all(item["sealed"] for item in told):  # a secret move's news: the screen only
                self.cue(screen["revision"])

    def cue(self, revision: int) -> None:
        """Cue the phone once for what ``revision`` brought: its news and the turn it gives
        this seat are one cue; the next move's is another, however soon it comes."""
        if revision > self._cued:
            self._cued = revision
            self.phone.cue()

    # -- acting ----------------------------------------------------------------
    async def act(self, kind: str, payload: dict | None = None, seat: int | None = None) -> bool:
        """Send one move for this screen; a refusal becomes a message, never a crash.
        The check and the write to disk run off the event loop that serves every phone."""
        revision = self.moved_from = self.screen["revision"]
        if seat is None:
            seat = self.who.seat  # the host entering for a player acts for her
        try:
            await self.hub.act_async(self.who, kind, payload or {}, revision, seat)
        except IllegalAction as exc:  # stale, against the rules, a full disk ("nothing was saved")
            self.phone.toast(exc.message)
            self.refresh()  # never silent, and the screen shows what the table holds
            return False
        return True


@dataclass
class TableContext:
    """What every component of a table page may use: the live view and the phone."""

    live: LiveTable
    phone: Any
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        key = id(_page_of(self.phone))
        if key not in _SHOWN and hasattr(self.phone, "when_closed"):
            # the context holds the phone, and so its page: the entry goes when the tab's
            # session ends (while the page is still there, so its number is still its own)
            self.phone.when_closed(lambda: _SHOWN.pop(key, None))
        _SHOWN[key] = self  # see use_table()

    def act(self, kind: str, payload: dict | None = None, seat: int | None = None) -> None:
        """Start a move from a click (the move runs as a task on this phone's loop)."""
        self.phone.run(self.move(kind, payload, seat))

    async def move(self, kind: str, payload: dict | None = None, seat: int | None = None) -> bool:
        """Make a move and wait for it: True once it is on disk, False when refused (the
        reason shown). On the host's device entering for a player, her move done, the
        veil comes back."""
        done = await self.live.act(kind, payload, seat)
        after = self.extra.get("after_move")
        if done and after is not None and kind not in ("undo", "redo"):
            after()
        return done

    def confirm(self, title: str, text: str, on_yes: Callable[[], None],
                yes_label: str = "Yes, do it") -> None:
        self.phone.confirm(title, text, on_yes, yes_label)

    def toast(self, text: str) -> None:
        self.phone.toast(text)


TABLE = ft.create_context(None)


def use_live_table(phone: Any, hub: Any, who: Any) -> LiveTable:
    """One live view of ``hub`` for ``who`` on this phone, hearing the hub while the
    calling component is on screen (its effect's cleanup leaves the hub)."""
    live = ft.use_memo(lambda: LiveTable(phone, hub, who), [])

    def start() -> Callable[[], None]:
        live.start()
        return live.stop

    ft.use_effect(start, [])
    return live


class NoTablePage(RuntimeError):
    """A part drawn with no table page around it (see :func:`use_table`)."""

_SHOWN: dict[int, TableContext] = {}
"""The table context each page shows now (the one its latest table page was drawn with),
by the page's ``id``. Not a ``WeakKeyDictionary``: a weak key is found by comparing pages
with ``==``, and a Flet page compares every one of its fields (a lookup cost more than
drawing a small part); and the value holds its page anyway."""


def live_of(page: Any) -> LiveTable | None:
    """The live view a tab's page shows now, or None (benches and tests watch what a
    phone has drawn through its ``listeners``)."""
    context = _SHOWN.get(id(page))
    return context.live if context is not None else None


def _page_of(phone: Any) -> Any:
    return getattr(phone, "page", phone)


def use_table() -> TableContext:
    """The table page's context (inside a table page only).

    Flet finds a context through each component's parent, kept as a weak reference to
    the component object its parent was when it was made; after a garbage collection
    that reference can be dead while the part is still on screen (a part made while its
    parent drew alone, the parent since replaced by an equal one). Such a part, drawn
    again on its own, would find no context: it gets the one its page shows."""
    context = ft.use_context(TABLE)
    if context is None:
        try:
            context = _SHOWN.get(id(ft.context.page))
        except (RuntimeError, TypeError, AttributeError):
            context = None
    if context is None:
        raise NoTablePage("use_table() outside a table page")
    return context


class _Watch:
    """One part's slice of the view: the slice it drew, and its way to draw again."""

    __slots__ = ("select", "drawn", "seen", "redraws", "redraw", "listener")

    def __init__(self) -> None:
        self.redraws = 0
        self.listener = self.heard

    def heard(self, screen: dict) -> None:
        new = self.select(screen)
        if new == self.seen:
            return  # an equal slice schedules nothing
        self.seen = new
        if self.drawn is not None and self.drawn(new):
            return
        self.redraws += 1
        self.redraw(self.redraws)


def use_view(select: Callable[[dict], T], drawn: Callable[[T], bool] | None = None) -> T:
    """The slice ``select(screen)`` of this phone's view; the calling component renders
    again only when that slice changes. ``drawn(slice)``, when given, says whether the
    screen shows that slice already without a redraw (a box that shows the points its
    phone has just saved): then the part is not drawn again for it."""
    live = use_table().live
    _, redraw = ft.use_state(0)
    kept = ft.use_ref(None)
    watch = kept.current
    if watch is None:
        watch = kept.current = _Watch()
    # the latest ones (they may close over new props), and the slice this render draws
    watch.select, watch.drawn, watch.redraw = select, drawn, redraw
    value = watch.seen = select(live.screen)
    ft.use_effect(lambda: _listen(live, watch), [live])
    return value


def _listen(live: LiveTable, watch: _Watch) -> Callable[[], None]:
    live.listeners.add(watch.listener)
    watch.heard(live.screen)  # a change between the first render and now
    return lambda: live.listeners.discard(watch.listener)


def public_slice(fn: Callable[[dict], T]) -> Callable[[dict], T]:
    """A selector of the public part alone, worked out once per state for the whole
    table: every phone's view of one state holds the same ``public`` (built once per
    state, :meth:`engine.table.Match.public`), so the first phone to hear a move works
    the slice out and the others at the table reuse it (as reselect does for Redux: the
    last input and its result). The slice must be immutable: phones share it."""
    last: list[tuple[Any, Any] | None] = [None]

    @functools.wraps(fn)
    def select(screen: dict) -> T:
        public = screen["public"]
        hit = last[0]
        if hit is not None and hit[0] is public:
            return hit[1]
        value = fn(public)
        last[0] = (public, value)
        return value

    return select


def use_names(live: LiveTable) -> str:
    """The table's players' names, as one key: a table page keys its layout by it, so a
    seat the host renames is drawn again in every part (they read names with
    :func:`use_fixed`), and only then."""
    def names(screen: dict) -> str:
        return "\n".join(screen["table"]["players"])

    key, set_key = ft.use_state(lambda: names(live.screen))
    seen = ft.use_ref(key)

    def listen() -> Callable[[], None]:
        def heard(screen: dict) -> None:
            new = names(screen)
            if new != seen.current:
                seen.current = new
                set_key(new)

        live.listeners.add(heard)
        heard(live.screen)  # a rename between the first render and now
        return lambda: live.listeners.discard(heard)

    ft.use_effect(listen, [live])
    return key


def use_fixed(select: Callable[[dict], T]) -> T:
    """A fact that stays as it is while this page shows the table (the players' names
    and colours, the game's title, this phone's seat): read from the view, with no
    listener (a renamed seat draws the table's layout anew: :func:`use_names`). A listener runs its selector on every move at the table, on every phone;
    a fact that cannot change needs none."""
    return select(use_table().live.screen)


def part(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A screen's component: it renders again only when its own arguments change (Flet's
    ``memo``) or a slice it reads with :func:`use_view` changes, not whenever its parent
    does (a reordered list of players re-renders none of the rows). Drawn through
    :func:`guarded`, so one broken part never takes its phone down."""
    return ft.memo(ft.component(guarded(fn)))


COULD_NOT_DRAW = "(this part could not be drawn; it comes back with the next move)"


def guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The one part guard of every game. In Flet a part that raises while drawing stops
    every later update of its phone (the session's update scheduler ends), so a part that
    cannot draw a view logs the error with its traceback on ``companion.parts`` and draws
    :data:`COULD_NOT_DRAW` instead. A part drawn after its parent dropped it (Flet still
    runs the update its own slice scheduled, with the table's context gone) is no longer
    on screen: it draws nothing."""
    @functools.wraps(fn)
    def guarded_part(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except NoTablePage:
            log.debug("%s drawn after it was dropped", fn.__qualname__)
            return ft.Container(visible=False)
        except Exception:  # noqa: BLE001 - logged with its traceback; the phone keeps going
            part_log.exception("%s.%s could not be drawn", fn.__module__, fn.__qualname__)
            return kit.muted(COULD_NOT_DRAW)
    return guarded_part
