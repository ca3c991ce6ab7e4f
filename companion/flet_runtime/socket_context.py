"""Which phone's socket a task on the loop works for: the web server's task factory charges
a task's loop time to the socket whose context started it (:mod:`companion.server.sockets`),
so every screen that starts work the server does on its own (a cue, a scroll to the turn)
runs it apart from that socket. Kept below the screens, which use it, and the server,
which sets it."""

from __future__ import annotations

import contextvars
from typing import Any

_SOCKET: contextvars.ContextVar[Any] = contextvars.ContextVar("companion_socket", default=None)
"""The socket (:class:`companion.server.sockets.Socket`) whose frame started this context."""


def apart_from_socket(context: contextvars.Context) -> contextvars.Context:
    """``context`` (copied where a page was opened) made fit for what the server does for
    that page on its own, the table's news drawn on it (and the scroll, the cue, the
    answers it asks the phone for): tasks started there are not the socket's, and do not
    count against what its frames may start. Counted, a phone whose answers were slow
    (a phone waking up, or on a busy machine) had its own next tap held back behind asks
    waiting for the very answers that came after that tap, and was closed (1013) with
    the tap lost (three phones tapping Done at once did it)."""
    context.run(_SOCKET.set, None)
    return context
