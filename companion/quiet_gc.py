"""Python's cycle collector runs between moves, not in the middle of one (issue 25).

CPython collects reference cycles whenever enough container objects have been allocated
(700 by default). A move redraws parts on every phone at the table, which allocates
enough for a young collection or more per move, an older one every few moves and, now
and then, a full one over every phone's controls: on the bench's host that full pass
took a third of a second at a whole core, over a second held to a quarter of one
(``bench/capacity.py`` counts them), all of it landing between a tap and the phones'
patches. The host's server instead (``companion serve`` calls :func:`install`):

- freezes what is alive once it has started (modules, Flet's classes, the app), so no
  collection walks those objects again;
- keeps CPython's young collections as they are (small, and the memory they free is
  used again while it is still in the processor's cache: a young threshold of 20,000
  was tried and made a Rock Garden move cost a fifth more), but makes automatic full
  collections rare (they stay, as a safety net);
- collects the young generations once the phones have drawn a move and the loop has
  been quiet for :data:`DELAY_S` (:func:`collect_soon`, from
  :meth:`companion.ui.live.LiveTable._show`): once per burst of moves, never in the
  middle of one;
- collects everything at most every :data:`FULL_EVERY_S`, also just after a move.

Nothing here is Flet's: only :mod:`gc` and the event loop's timer.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time

FULL_THRESHOLD = 1_000  # middle collections between automatic full ones (CPython: 10)
DELAY_S = 0.02  # quiet after the last phone drew a move: the burst is over
FULL_EVERY_S = 120.0  # a full collection at most this often

_lock = threading.Lock()
_pending: set[int] = set()  # loops (by id) with a collection on its way
_last_move: dict[int, float] = {}  # loop (by id) -> when a phone there last drew a move
_installed = False
_last_full = 0.0


def install() -> None:
    """Once the server has started: freeze what is alive, make automatic collections rare."""
    global _installed, _last_full
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_THRESHOLD)
    _last_full = time.monotonic()
    _installed = True


def installed() -> bool:
    return _installed


def collect_soon() -> None:
    """Collect shortly on this event loop, unless a collection is already on its way
    (a move heard by six phones asks six times: one collection)."""
    if not _installed:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop here (a script, a test driving a hub)
        return
    with _lock:
        _last_move[id(loop)] = time.monotonic()
        if id(loop) in _pending:
            return
        _pending.add(id(loop))
    loop.call_later(DELAY_S, _collect, loop)


def _collect(loop: asyncio.AbstractEventLoop) -> None:
    global _last_full
    now = time.monotonic()
    with _lock:
        quiet_for = now - _last_move.get(id(loop), 0.0)
        if quiet_for < DELAY_S:  # moves go on: wait for the quiet after them
            loop.call_later(DELAY_S - quiet_for, _collect, loop)
            return
        _pending.discard(id(loop))
    if now - _last_full >= FULL_EVERY_S:
        _last_full = now
        gc.collect(2)
    else:
        gc.collect(1)
