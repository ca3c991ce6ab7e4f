"""Any language tag boots: the server's end of ``assets/language.js``.

Flutter's web engine stops before the first frame when the browser reports a language tag
that ``Intl.Locale`` rejects ("C" from WebKit under ``LANG=C.UTF-8``); the script, first
in every page (before Flet's client loads Flutter), shows it a valid tag instead.
"""

from __future__ import annotations

import functools

from companion import REPO_ROOT

SCRIPT_PATH = REPO_ROOT / "assets" / "language.js"


@functools.lru_cache(maxsize=1)
def guard_script() -> bytes:
    return b"<script>" + SCRIPT_PATH.read_bytes() + b"</script>"
