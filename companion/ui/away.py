""""While you were away": what happened at the table while a phone was not looking.

A seated phone keeps in its own storage the table's revision it last showed (like its
seat token: it survives a lock, a reload and the host's restart). When the phone comes
back to a table that moved on since, a card tells its player the news since that
revision, in words (each line as the game tells it to this seat), until a tap on
"Got it". The stored revision follows what the phone shows, one write at a time.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.table.hub import off_loop
from companion.ui import kit
from companion.ui.live import LiveTable, part

MOST_LINES = 8
"""The latest lines the card shows; the History has the rest."""


def away_lines(news: list[dict]) -> tuple[str, ...]:
    """The card's lines: the latest news, oldest first, and a pointer to the History when
    more happened (or when the host no longer holds the words of those moves)."""
    lines = [item["text"] for item in news if item.get("text")]
    if not lines:
        return ("The table moved on while you were away: see the History for what happened.",)
    if len(lines) > MOST_LINES:
        return ("Earlier moves are in the History.", *lines[-MOST_LINES:])
    return tuple(lines)


class SeenKeeper:
    """Writes the revision a phone shows into its storage: the latest only, one write
    at a time (a burst of moves costs the phone one write in flight, not one a move)."""

    def __init__(self, phone: Any, code: str):
        self.phone = phone
        self.code = code
        self.kept: int | None = None
        self.pending: int | None = None
        self.writing = False

    def keep(self, revision: int) -> None:
        if revision == self.kept:
            return
        self.pending = revision
        if not self.writing:
            self.writing = True
            self.phone.run(self._write())

    async def _write(self) -> None:
        try:
            while self.pending is not None and self.pending != self.kept:
                revision, self.pending = self.pending, None
                await self.phone.keep_seen_revision(self.code, revision)
                self.kept = revision
        finally:
            self.writing = False


async def recall(phone: Any, live: LiveTable, show: Callable[[tuple[str, ...]], None]) -> None:
    """On a seated phone's arrival: the news since the revision it last showed, given to
    ``show`` when the table moved on since; from then on the phone keeps what it shows."""
    hub, who = live.hub, live.who
    seen = await phone.seen_revision(hub.code)
    now = live.screen["revision"]
    if seen is not None and seen < now:
        news = (await off_loop(hub.view, who, seen))["news"]
        show(away_lines(news))
    keeper = SeenKeeper(phone, hub.code)
    keeper.keep(now)
    live.on_shown = keeper.keep


@part
def AwayCard(lines: tuple[str, ...], dismiss: Callable[[], None]):
    """The news a phone missed, until its player taps "Got it"."""
    return kit.card([
        kit.title("While you were away"),
        *(kit.body(line) for line in lines),
        kit.primary("Got it", lambda e: dismiss()),
    ])
