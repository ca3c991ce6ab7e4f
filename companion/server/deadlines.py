"""How long the server waits on a client before it gives up on it.

Each deadline is a setting: an environment variable, read once when ``companion serve``
starts (:func:`load`), else its default. The defaults suit phones on a home network; a
host on a very slow network may lengthen them, and a test of a deadline shortens it
instead of waiting out the production value.

=================================  =======  ===================================================
variable                           default  what it bounds
=================================  =======  ===================================================
``COMPANION_HEAD_TIMEOUT_S``       10       a request head's arrival (after connecting, and
                                            after each answer on a kept-alive connection)
``COMPANION_BODY_TIMEOUT_S``       10       a request body's arrival, from its head
``COMPANION_REGISTER_WITHIN_S``    30       a websocket's registration, from its opening
``COMPANION_KEEP_ALIVE_S``         5        an idle kept-alive connection, from its last answer
=================================  =======  ===================================================
"""

from __future__ import annotations

import os
from typing import Mapping

HEADER_TIMEOUT_S = 10.0
"""A connection must send a whole request head within this (then after each answer)."""
BODY_TIMEOUT_S = 10.0
"""A request's body must have arrived within this of its head (an action is < 64 KB)."""
REGISTER_WITHIN_S = 30.0
"""A socket must register within this of opening, else it is closed. A phone's page opens
its socket while Flutter still loads (``assets/comeback.js``) and registers once Flutter
has started: seconds, more on a slow phone."""
KEEP_ALIVE_S = 5.0
"""An idle connection between requests is closed after this (before the head deadline)."""

SETTINGS = {
    "COMPANION_HEAD_TIMEOUT_S": "HEADER_TIMEOUT_S",
    "COMPANION_BODY_TIMEOUT_S": "BODY_TIMEOUT_S",
    "COMPANION_REGISTER_WITHIN_S": "REGISTER_WITHIN_S",
    "COMPANION_KEEP_ALIVE_S": "KEEP_ALIVE_S",
}
"""Each environment variable and the deadline of this module it sets."""


def load(environ: Mapping[str, str] = os.environ) -> None:
    """Set the deadlines the environment names; a value that is not a positive number of
    seconds is refused in one line (ValueError, which ``companion serve`` says as a usage
    error) and changes none of them."""
    chosen = {}
    for variable, name in SETTINGS.items():
        text = environ.get(variable)
        if text is None:
            continue
        try:
            seconds = float(text)
        except ValueError:
            seconds = 0.0
        if not 0 < seconds < 86_400:
            raise ValueError(f"{variable}={text}: a number of seconds above 0 and below a day")
        chosen[name] = seconds
    globals().update(chosen)
