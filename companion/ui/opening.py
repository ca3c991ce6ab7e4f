"""Opening a table from a route's code: off the event loop, through the guessing guard."""

from __future__ import annotations

import logging

import flet as ft

from engine.errors import IllegalAction
from companion.ui.notice import Notice, Waiting

log = logging.getLogger(__name__)


def use_opened_table(phone, code_text: str):
    """``(hub, problem)``: the table for ``code_text`` once it is open (``None, None``
    meanwhile), or why it cannot be (a sentence). Reading a table may touch the disk, so it
    runs in a worker thread; codes that name no table count against this device
    (:mod:`companion.table.guard`)."""
    hub, set_hub = ft.use_state(lambda: open_already(phone, code_text))
    problem, set_problem = ft.use_state(None)

    async def load():
        if hub is not None:
            return
        try:
            found = await phone.ctx.open_table_async(code_text, phone.device)
        except IllegalAction as exc:
            set_problem(exc.message)
            return
        except Exception:  # a fault of ours: said in words, the details in the host's log
            log.exception("opening table %r failed", code_text)
            set_problem("This table cannot be opened right now; the host's log says why.")
            return
        set_hub(found)

    ft.on_mounted(load)
    return hub, problem


def open_already(phone, code_text: str):
    """The table for ``code_text`` when it is open already and this device may look it up
    (else None: :func:`use_opened_table` opens it off the loop, or says why not): the page
    is drawn at once, not "Opening..." first."""
    try:
        return phone.ctx.open_already(code_text, phone.device)
    except IllegalAction:
        return None


@ft.component
def OpenedTable(phone, code_text: str, page):
    """``page(phone, hub)`` once the table for ``code_text`` is open; meanwhile
    "Opening...", or why it cannot be opened."""
    hub, problem = use_opened_table(phone, code_text)
    if problem:
        return Notice(phone, "Cannot open that", problem)
    if hub is None:
        return Waiting()
    return page(phone, hub, key=hub.code)
