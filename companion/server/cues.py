"""A cue on every phone: the server's end of ``assets/cue.js``.

The app cues a phone through Flutter's HapticFeedback (``navigator.vibrate``); where the
browser cannot vibrate (iOS Safari), the script, in every page before Flutter starts,
sounds a short tone and flashes the screen instead (:meth:`companion.ui.phone.Phone.cue`).
"""

from __future__ import annotations

import functools

from companion import REPO_ROOT

SCRIPT_PATH = REPO_ROOT / "assets" / "cue.js"


@functools.lru_cache(maxsize=1)
def cue_script() -> bytes:
    return b"<script>" + SCRIPT_PATH.read_bytes() + b"</script>"
