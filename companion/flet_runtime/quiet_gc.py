"""Python's cycle collector runs between moves, not in the middle of one.

CPython collects reference cycles whenever enough container objects have been allocated.
A move redraws parts on every phone at the table, which allocates enough for a young
collection or more per move, an older one every few moves and, now and then, a full one
over every phone's controls: on the bench's host that full pass took a third of a second
at a whole core, over a second held to a quarter of one (``bench/capacity.py`` counts the
passes), all of it landing between a tap and the phones' patches. The host's server
instead (``companion serve`` calls :func:`install`):

- freezes what is alive once it has started (modules, Flet's classes, the app), so no
  collection walks those objects again;
- keeps CPython's young collections as they are (small once the start is frozen; a
  young threshold of 20,000 made no difference ``bench/capacity.py`` could tell), but
  makes automatic full collections rare (they stay, as a safety net);
- collects the young generations once no move is under way (:func:`moving`: from the
  tap, in the hub, to the move's last news) and the loop has been quiet for
  :data:`DELAY_S` after the phones drew the last one (:func:`collect_soon`, from
  :meth:`companion.ui.live.LiveTable._show`; the quiet counts from the end of the redraw
  a phone's news set off: held to a quarter of a core, six phones' redraws outlast the
  quiet, and a collection used to land between two of them): once per burst of moves,
  never in the middle of one;
- collects everything when the table has been quiet for :data:`FULL_QUIET_S`, at most
  every :data:`FULL_EVERY_S` (a table's moves are seconds apart: a full pass fits there,
  not between two quick taps);
- collects everything, at the next such quiet, once :data:`PAGES_BEFORE_FULL` pages have
  been let go (:func:`page_let_go`): a page lives through its grace, so its objects are in
  the oldest generation, and only a full pass frees them (its controls hold each other).
  Pages opened and left with no move in between (a hand-made client's thousands, or a
  quiet evening's few) are then freed without waiting for an automatic full pass, which
  comes only after about 10 million allocations (``bench/abandoned.py``).

Nothing here is Flet's: only :mod:`gc` and the event loop's timer.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from contextlib import contextmanager
from typing import Iterator

FULL_THRESHOLD = 1_000  # middle collections between automatic full ones (CPython: 10)
DELAY_S = 0.02  # quiet after the last phone drew a move: the burst is over
FULL_QUIET_S = 5.0  # quiet before a full collection
FULL_EVERY_S = 120.0  # a full collection at most this often
PAGES_BEFORE_FULL = 200  # pages let go (about 70 KiB each) that call for a full collection

_lock = threading.Lock()
_pending: set[int] = set()  # loops (by id) with a collection on its way
_last_activity = 0.0  # when a move last started or a phone last drew one
_moves = 0  # moves under way (in any thread)
_installed = False
_last_full = 0.0
_full_pending = False
_let_go = 0  # pages let go since the last full collection


def install() -> None:
    """Once the server has started: freeze what is alive, make automatic full passes rare."""
    global _installed, _last_full
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_THRESHOLD)
    _last_full = time.monotonic()
    _installed = True


def installed() -> bool:
    return _installed


@contextmanager
def moving() -> Iterator[None]:
    """Around a move (the hub's check, write and notifications, in its worker thread):
    no collection starts while it is under way."""
    global _moves, _last_activity
    with _lock:
        _moves += 1
        _last_activity = time.monotonic()
    try:
        yield
    finally:
        with _lock:
            _moves -= 1
            _last_activity = time.monotonic()


def collect_soon() -> None:
    """Collect on this event loop once the moves have stopped and the phones have drawn
    them (a move heard by six phones asks six times: one collection)."""
    if not _installed:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop here (a script, a test driving a hub)
        return
    _touch()
    # the phone's redraw this news set off (Flet's update scheduler, woken by the
    # listeners) is queued on the loop already: the quiet counts from its end, so that no
    # collection falls between two phones' redraws of the same move
    loop.call_soon(_touch)
    with _lock:
        if id(loop) in _pending:
            return
        _pending.add(id(loop))
    loop.call_later(DELAY_S, _collect, loop, False)


def page_let_go() -> None:
    """A page was let go (its session closed, on this loop): after
    :data:`PAGES_BEFORE_FULL` of them, a full collection at the next quiet."""
    global _let_go, _full_pending
    if not _installed:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    with _lock:
        _let_go += 1
        if _let_go < PAGES_BEFORE_FULL or _full_pending:
            return
        _full_pending = True
    loop.call_later(DELAY_S, _collect, loop, True)


def _touch() -> None:
    global _last_activity
    with _lock:
        _last_activity = time.monotonic()


def _quiet_for(now: float) -> float:
    """How long nothing has moved (0 while a move is under way); under ``_lock``."""
    return 0.0 if _moves else now - _last_activity


def _collect(loop: asyncio.AbstractEventLoop, full: bool) -> None:
    global _last_full, _full_pending, _let_go
    wait = FULL_QUIET_S if full else DELAY_S
    now = time.monotonic()
    with _lock:
        quiet = _quiet_for(now)
        if quiet < wait:  # moves go on: wait for the quiet after them
            loop.call_later(max(wait - quiet, DELAY_S), _collect, loop, full)
            return
        if full:
            _last_full, _full_pending, _let_go = now, False, 0
        else:
            _pending.discard(id(loop))
        plan_full = not full and not _full_pending and now - _last_full >= FULL_EVERY_S
        if plan_full:
            _full_pending = True
    gc.collect(2 if full else 1)
    if plan_full:
        loop.call_later(FULL_QUIET_S, _collect, loop, True)
