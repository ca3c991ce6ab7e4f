"""Join-code guessing, slowed down per device; actions, paced per seat.

A phone that types a wrong code now and then is never bothered; a script trying codes
is. Every lookup of a code that names no table is a *miss*; a device (its address) may
miss :data:`LIMIT` times in :data:`WINDOW_S` seconds. Past that it must wait before any
further lookup (a right code too: otherwise the wait would tell which codes exist), and
each new wait is twice the last (:data:`FIRST_WAIT_S`, then twice that, ... up to
:data:`MAX_WAIT_S`). A device quiet for :data:`FORGET_S` starts afresh.

The pages (the ``/join/<code>`` and ``/t/<code>`` routes, where the start page's code box
leads) and the JSON transport ask the same guard. At 10 misses a minute and then waits
that double, a 6-letter code (19^6 = 47 million) takes one device centuries to find.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Callable

from engine.errors import IllegalAction

LIMIT = 10
WINDOW_S = 60.0
FIRST_WAIT_S = 60.0
MAX_WAIT_S = 3600.0
FORGET_S = 3600.0
MAX_DEVICES = 10_000  # the oldest are forgotten past this (memory stays bounded)


class TooManyGuesses(IllegalAction):
    """This device must wait ``wait`` seconds before looking a code up again."""

    def __init__(self, wait: float):
        self.wait = max(1, math.ceil(wait))
        super().__init__(f"Too many wrong table codes from this device: try again in {_words(self.wait)}")


def _words(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} seconds"
    return f"{math.ceil(seconds / 60)} minutes"


@dataclass
class _Device:
    misses: deque = field(default_factory=deque)
    blocked_until: float = 0.0
    next_wait: float = FIRST_WAIT_S
    last: float = 0.0


class Guard:
    def __init__(self, limit: int = LIMIT, window: float = WINDOW_S, first_wait: float = FIRST_WAIT_S,
                 max_wait: float = MAX_WAIT_S, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window = window
        self.first_wait = first_wait
        self.max_wait = max_wait
        self.clock = clock
        self._devices: OrderedDict[str, _Device] = OrderedDict()
        self._lock = threading.Lock()

    def check(self, device: str | None) -> None:
        """Raise TooManyGuesses if ``device`` must wait before its next lookup."""
        now = self.clock()
        with self._lock:
            found = self._devices.get(device or "?")
            if found is not None and found.blocked_until > now:
                raise TooManyGuesses(found.blocked_until - now)

    def miss(self, device: str | None) -> None:
        """``device`` looked up a code that names no table."""
        now = self.clock()
        key = device or "?"
        with self._lock:
            found = self._devices.get(key)
            if found is None or now - found.last > FORGET_S:
                found = _Device(next_wait=self.first_wait)
            self._devices[key] = found
            self._devices.move_to_end(key)
            while len(self._devices) > MAX_DEVICES:
                self._devices.popitem(last=False)
            found.last = now
            misses = found.misses
            misses.append(now)
            while misses and misses[0] <= now - self.window:
                misses.popleft()
            if len(misses) >= self.limit:
                found.blocked_until = now + found.next_wait
                found.next_wait = min(self.max_wait, found.next_wait * 2)
                misses.clear()


ACTIONS_PER_S = 20.0
ACTION_BURST = 40


class TooManyActions(IllegalAction):
    """One seat sent actions faster than a person taps."""

    def __init__(self):
        super().__init__("Too many actions from this seat at once: slow down")


MAX_ACTION_WAIT_S = 2.0


class ActionLimiter:
    """Actions per sender (a seat token, else an address) and table: :data:`ACTIONS_PER_S`
    a second on average, bursts of :data:`ACTION_BURST` (a token bucket). A person taps a
    few times a second at most and never notices; a script flooding its own table has its
    requests held back to that pace (each waits its turn, up to :data:`MAX_ACTION_WAIT_S`,
    then 429), so it gets nothing more by sending faster, costs the server next to
    nothing while it waits, and the other tables keep their pace."""

    def __init__(self, rate: float = ACTIONS_PER_S, burst: int = ACTION_BURST,
                 max_wait: float = MAX_ACTION_WAIT_S, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = burst
        self.max_wait = max_wait
        self.clock = clock
        self._buckets: OrderedDict[tuple, list[float]] = OrderedDict()
        self._lock = threading.Lock()

    def reserve(self, key: tuple) -> float | None:
        """Seconds this sender's next action must wait for its turn (0: now), the turn
        taken; None if it would wait longer than ``max_wait`` (refuse it)."""
        now = self.clock()
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                bucket = self._buckets[key] = [float(self.burst), now]
                while len(self._buckets) > MAX_DEVICES:
                    self._buckets.popitem(last=False)
            else:
                self._buckets.move_to_end(key)
                bucket[0] = min(float(self.burst), bucket[0] + (now - bucket[1]) * self.rate)
                bucket[1] = now
            wait = (1.0 - bucket[0]) / self.rate if bucket[0] < 1.0 else 0.0
            if wait > self.max_wait:
                return None
            bucket[0] -= 1.0
            return wait

    def allow(self, key: tuple) -> bool:
        """Take a turn now if there is one (no waiting)."""
        now = self.clock()
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is not None:
                bucket[0] = min(float(self.burst), bucket[0] + (now - bucket[1]) * self.rate)
                bucket[1] = now
                if bucket[0] < 1.0:
                    return False
        return self.reserve(key) == 0.0
