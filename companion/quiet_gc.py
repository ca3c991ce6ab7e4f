"""Python's cycle collector runs between actions, not in the middle of one.

CPython collects reference cycles whenever enough objects have been allocated. One action
re-renders every phone at the table, which allocates enough for several young
collections per action, an older one every few actions and now and then a full one (tens
of milliseconds), each landing between a tap and the phones' patches (seen with a
temporary ``gc.callbacks`` probe during ``bench/latency.py``). The host's server instead:

- freezes what is alive once it has started (modules, Flet's classes, the app), so no
  later collection walks those objects again;
- raises the allocation threshold so automatic collections become rare (they stay, as a
  safety net);
- collects shortly after each change to a table (the hub calls :func:`collect_soon`), once
  its patches have left,
  and now and then collects everything, also between actions.
"""

from __future__ import annotations

import asyncio
import gc
import weakref

YOUNG_THRESHOLD = 20_000  # allocations between automatic young collections (CPython: 700)
DELAY_S = 0.25  # after an action: its re-renders and patches are long done
FULL_EVERY = 20  # every so many quiet collections, a full one

_pending: "weakref.WeakSet[asyncio.AbstractEventLoop]" = weakref.WeakSet()  # loops with one scheduled
_quiet_collections = 0


def install() -> None:
    """Once the server has started: freeze what is alive, make automatic collections rare."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, 10, 10)


def collect_soon() -> None:
    """Collect shortly, on this event loop, unless a collection is already on its way."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # not in the server (a script or a test driving a hub)
        return
    if loop in _pending:
        return
    _pending.add(loop)
    loop.call_later(DELAY_S, _collect, loop)


def _collect(loop: asyncio.AbstractEventLoop) -> None:
    global _quiet_collections
    _pending.discard(loop)
    _quiet_collections += 1
    gc.collect(2 if _quiet_collections % FULL_EVERY == 0 else 1)
