"""What a phone may set on the host: the properties Flet's own web client sends back, by
control, and nothing else.

Flet applies a client's update frame (``[4, {"id", "props"}]``) to the control of that id
without asking: a dict is written into the control's nested objects in place, a ``_``-name
is set as an attribute, a list of dicts becomes new controls, one per item. A hand-made
client could so change a style object two pages share, or have the host build a hundred
thousand views. The web client we serve sends back only what a player changed on the
phone (read from Flet's client, ``packages/flet/lib``: every ``updateProperties`` and
``updateControl`` that goes to Python), and this module lists it for the controls the app
draws: :data:`SETTABLE`. ``companion/server/sockets.py`` asks it about every frame, before Flet
sees the frame:

- :func:`update_refusal` / :func:`registration_refusal`: a name that no listed control
  takes, a ``_``-name not listed, a list anywhere, a server-owned name: no Flet client
  sends it, the socket is closed.
- :func:`settable`: the named control must be in the phone's own page (its session's
  index) and take every property with a value of the listed shape; otherwise the frame is
  dropped (a real phone's update can race a control the server just removed).
"""

from __future__ import annotations

import math
from typing import Any, Callable

import flet as ft

Check = Callable[[Any], bool]

TEXT_MAX = 4096
"""The longest text a phone's field may hold (a name, a code, a number)."""
ROUTE_MAX = 2048
"""The longest route (the app's are a few dozen characters)."""
SIZE_MAX = 1e6
"""The largest size or offset in logical pixels a phone reports."""
SERVER_OWNED = frozenset({"client_ip", "client_user_agent"})
"""Page properties the server sets from the connection; a phone never sends them."""


def text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= TEXT_MAX


def route(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= ROUTE_MAX


def flag(value: Any) -> bool:
    return isinstance(value, bool)


def size(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value <= SIZE_MAX)


def inset(value: Any) -> bool:
    """A side of the screen's insets: Flutter reports a negative one too (a page laid out
    in a tab that first heard a fraction of its height says its keyboard inset is -508)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and -SIZE_MAX <= value <= SIZE_MAX)


def offset(value: Any) -> bool:
    """A place in a field's text (Flutter says -1 for none)."""
    return isinstance(value, int) and not isinstance(value, bool) and -1 <= value <= TEXT_MAX


def one_of(*names: str) -> Check:
    return lambda value: value in names


def optional(check: Check) -> Check:
    return lambda value: value is None or check(value)


def record(**checks: Check) -> Check:
    """A dict of these fields (some may be missing), each of its shape."""
    def check(value: Any) -> bool:
        return (isinstance(value, dict) and set(value) <= set(checks)
                and all(checks[name](item) for name, item in value.items()))
    return check


INSETS = record(top=inset, right=inset, bottom=inset, left=inset)
MEDIA = record(padding=INSETS, view_padding=INSETS, view_insets=INSETS, device_pixel_ratio=size,
               orientation=one_of("portrait", "landscape"), always_use_24_hour_format=flag)
"""The screen's insets, pixel ratio and orientation (Flet's ``PageMediaData.toMap``)."""
SELECTION = record(base_offset=offset, extent_offset=offset, affinity=one_of("upstream", "downstream"),
                   directional=flag)
"""A field's selected text (Flet's ``TextSelection.toMap``)."""
BRIGHTNESS = one_of("light", "dark")

SETTABLE: dict[type, dict[str, Check]] = {
    ft.Page: {"route": route, "width": size, "height": size, "platform_brightness": BRIGHTNESS,
              "media": MEDIA},
    ft.View: {"width": size, "height": size, "media": MEDIA},
    ft.TextField: {"value": text, "selection": SELECTION},
    ft.Dropdown: {"value": optional(text), "text": text},
    ft.Switch: {"value": flag},
    ft.ExpansionTile: {"expanded": flag},
    ft.AlertDialog: {"open": flag},
    ft.SnackBar: {"open": flag, "_dismissed": flag},
}
"""What a phone may set, by control class: what Flet's web client sends for each control
the app draws (the page's size, route, brightness and media as the browser reports them; a
field's text and selection; a choice, a switch, a tile opened, a dialog or a toast closed)."""
SETTABLE_NAMES = frozenset(name for props in SETTABLE.values() for name in props)

WEB_WINDOW = record(_c=one_of("Window"), _i=lambda value: isinstance(value, int) and not isinstance(value, bool))
"""The window a web client registers with: only its class and id (a desktop window's state
is not sent from a browser)."""
REGISTRATION: dict[str, Check] = {
    **{name: optional(flag) for name in ("pwa", "web", "debug", "wasm", "test", "multi_view", "pyodide")},
    "route": optional(route), "platform_brightness": optional(BRIGHTNESS), "width": optional(size),
    "height": optional(size), "platform": optional(one_of(*(kind.value for kind in ft.PagePlatform))),
    "window": optional(WEB_WINDOW),
    "media": optional(MEDIA),
}
"""The page a phone registers with: what Flet's web client sends (``_registerClient``). Flet
applies it to the new page as it comes, inside its connection handler: a platform it does
not know (``"palmos"``) would raise there, with a traceback, after the session was made."""


def _has_list(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return True
    return isinstance(value, dict) and any(_has_list(item) for item in value.values())


def update_refusal(props: Any) -> str | None:
    """Why no Flet client would send these properties in an update frame (None: one may)."""
    if not isinstance(props, dict):
        return "not properties"
    if SERVER_OWNED & set(props):
        return "sets what only the server sets"
    if not set(props) <= SETTABLE_NAMES or _has_list(props):
        return "sets what a phone never sets"
    return None


def registration_refusal(page: Any) -> str | None:
    """Why no Flet web client would register with this page (None: it may)."""
    if not isinstance(page, dict):
        return "not a page"
    if SERVER_OWNED & set(page):
        return "sets what only the server sets"
    for name, value in page.items():
        if name not in REGISTRATION:
            return f"it registers {str(name)[:40]!r}, which a phone never sends"
        if not REGISTRATION[name](value):
            return f"its {name} is not what a phone registers"
    return None


def settable(control: Any, props: dict) -> bool:
    """Whether ``control`` (None: not on this phone's page) takes every one of ``props``."""
    if control is None:
        return False
    checks = next((SETTABLE[cls] for cls in type(control).__mro__ if cls in SETTABLE), {})
    return all(name in checks and checks[name](value) for name, value in props.items())


def on_this_page(control_id: Any) -> Any:
    """The control ``control_id`` names on the page of the running socket (None: no such
    control there). Flet makes the page a socket registered the current page of the
    context its handler reads the socket's frames in, and keeps the controls it sent that
    page in its session's index."""
    try:
        return ft.context.page.session.index.get(control_id)
    except (RuntimeError, TypeError):  # no page yet; an id that cannot be a key
        return None
