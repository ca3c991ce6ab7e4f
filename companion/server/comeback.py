"""How a phone comes back to its seat: the server's end of ``assets/comeback.js``.

Every connection is a new Flet session: a page that lost its host keeps its screen and,
as soon as the host answers again, Flet's client connects again in the same page as a new
session (the script's header says why: no page ever resumes a session made for another
load or another process, and no reload starts Flutter again). The server's part is small:

- :class:`Comeback` inlines the script at the top of every HTML page (before Flet's own
  scripts, so it is in place before Flet's client opens its websocket), and answers
  :data:`ALIVE_PATH`, the cheap question a phone asks while it waits for its host;
- a session whose phone went away is never resumed, so the tab's services (its table
  listeners) are let go when its connection ends (``companion/server/flet_entry.py``);
- :func:`ids_after_the_last_process` numbers a new process's controls after the old one's,
  which a phone that kept its screen over a restart still holds.
"""

from __future__ import annotations

import functools
import time

from companion import REPO_ROOT
from companion.server.awake import awake_script
from companion.server.cues import cue_script
from companion.server.language import guard_script
from companion.server.semantics import semantics_style

IDS_FROM = 1 << 24
IDS_SPAN = (1 << 32) - (1 << 25)
"""Where a process's control ids start: above this, at the clock's milliseconds (below
2**32: the JavaScript build's message decoder is not trusted with 64-bit ids)."""

SCRIPT_PATH = REPO_ROOT / "assets" / "comeback.js"
ALIVE_PATH = "/alive"
NO_STORE = [(b"cache-control", b"no-store"), (b"content-type", b"text/plain; charset=utf-8")]


@functools.lru_cache(maxsize=1)
def page_script() -> bytes:
    """The language guard (companion/server/language.py), the cues where a phone cannot
    vibrate (companion/server/cues.py), the screen kept awake (companion/server/awake.py),
    taps through the accessibility tree kept to the drawn control
    (companion/server/semantics.py), then the comeback script."""
    return (guard_script() + cue_script() + awake_script() + semantics_style()
            + b"<script>" + SCRIPT_PATH.read_bytes() + b"</script>")


def with_script(html: bytes) -> bytes:
    """``html`` with the comeback script as the first thing in its head."""
    head = html.find(b"<head>")
    if head < 0:
        return page_script() + html
    at = head + len(b"<head>")
    return html[:at] + page_script() + html[at:]


class Comeback:
    """ASGI middleware (inside the compression): the script in every HTML page, and
    :data:`ALIVE_PATH`."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if scope.get("path") == ALIVE_PATH:
            await send({"type": "http.response.start", "status": 200, "headers": NO_STORE})
            await send({"type": "http.response.body", "body": b"ok"})
            return
        if scope.get("method") != "GET":
            return await self.app(scope, receive, send)

        start: dict | None = None
        chunks: list[bytes] = []

        async def html_with_script(message):
            nonlocal start
            if message["type"] == "http.response.start":
                headers = message.get("headers") or []
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                encoded = any(k.lower() == b"content-encoding" for k, _ in headers)
                if kind.startswith(b"text/html") and not encoded and message.get("status") == 200:
                    start = dict(message)  # held until the whole page is read
                    return
                return await send(message)
            if start is None or message["type"] != "http.response.body":
                return await send(message)
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = with_script(b"".join(chunks))
            headers = [(k, v) for k, v in start.get("headers") or [] if k.lower() not in (b"content-length", b"etag", b"last-modified")]
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, html_with_script)


def ids_after_the_last_process(now_ms: int | None = None) -> int:
    """Number this process's controls after any id a phone may still hold from the host's
    previous process: the phone keeps its screen (and Flet's client the controls under
    their ids) while the host restarts, then connects again as a new session
    (``assets/comeback.js``). Flet numbers controls from 3 in every process, so the new
    session's controls would take the ids of the old ones still on the phone, and Flet's
    client keeps an old service under a reused id (the phone's storage then never answers).

    The count starts at the clock's milliseconds (a later process starts above an earlier
    one unless that one numbered more than a control a millisecond, for its whole life).
    Flet draws every control's id from ``flet.controls.base_control.ControlId`` (an
    ``IdCounter``, its public class): that module name is pointed at a counter of our own
    (tests/test_comeback_page.py fails if Flet stops numbering controls from it). The
    first id, returned, is what this process numbers from."""
    from flet.controls import base_control
    from flet.controls.id_counter import IdCounter

    ms = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    first = IDS_FROM + ms % IDS_SPAN
    base_control.ControlId = IdCounter(start=first)
    return first
