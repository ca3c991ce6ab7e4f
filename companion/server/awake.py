"""A screen that stays awake at a table: the server's end of ``assets/awake.js``.

A locked phone hears no cue when its turn comes. The app asks for the screen to stay on
through Flet's Wakelock service (:meth:`companion.ui.phone.Phone.keep_awake`); the script,
in every page before Flutter starts, answers it: the Screen Wake Lock where the page is a
secure context, else a tiny muted looping video attached to the page (``assets/awake.mp4``,
``assets/awake.webm``, served by the host: no network beyond it), started by a tap.
"""

from __future__ import annotations

import functools

from companion import REPO_ROOT

SCRIPT_PATH = REPO_ROOT / "assets" / "awake.js"


@functools.lru_cache(maxsize=1)
def awake_script() -> bytes:
    return b"<script>" + SCRIPT_PATH.read_bytes() + b"</script>"
