"""The next step in view: what this phone must do now, and its action, on the screen.

The part of a game's screen that draws what this phone must do now (the Pass panel, the
bid buttons, the composer a line of advice filled in) marks itself with :func:`use_step`
and puts the key it gets on its outermost control. When it comes on the screen, or a tap
changes it, the page scrolls so that it shows: a panel opened 700 px above where the
player tapped, or a bid filled in 400 px below, would otherwise change nothing the player
sees. News that changes what this phone must do goes to the step on the screen too, or,
where the screen has none, to the page's top (the turn banner, and under it the game's
screen with its action first). While a step has words of its own, the turn banner says
them: the banner never names an older step than the panel under it.
"""

from __future__ import annotations

import asyncio
from typing import Callable

import flet as ft

from companion.ui.live import use_table

SHOW_STEP_MS = 300
"""How long the page takes to scroll to the step (a jump would lose the reader)."""


class StepOnScreen:
    """The step a phone's table page draws now: its key, and who shows its words."""

    def __init__(self) -> None:
        self.key: str | None = None
        self.say: Callable[[str | None], None] = lambda words: None


def step_on_screen(live) -> StepOnScreen:
    """One per live table (so per phone and table)."""
    steps = getattr(live, "step_on_screen", None)
    if steps is None:
        steps = live.step_on_screen = StepOnScreen()
    return steps


def use_step(name: str, words: str | None = None, tapped=None) -> ft.ScrollKey:
    """Mark the calling part as this phone's step; the key to put on its outermost control.
    The page scrolls to it when it is drawn and whenever ``tapped`` changes (a tap that
    filled it in); ``words`` replace the turn banner's while it is drawn."""
    live = use_table().live
    key = f"step-{name}"

    def shown():
        steps = step_on_screen(live)
        steps.key = key
        steps.say(words)
        show_step(live)

    def gone():
        steps = step_on_screen(live)
        if steps.key == key:
            steps.key = None
            steps.say(None)

    ft.use_effect(shown, [words, tapped], cleanup=gone)
    return ft.ScrollKey(key)


def use_in_view_when(name: str, tapped) -> ft.ScrollKey:
    """The key for the calling part's outermost control: the page scrolls to the part
    whenever ``tapped`` changes after it was first drawn (a line of advice that filled it
    in), and never merely because it is drawn."""
    live = use_table().live
    key = f"step-{name}"
    first = ft.use_ref(True)

    def changed():
        if first.current:
            first.current = False
            return
        live.phone.aside(_scroll(live.phone, key))

    ft.use_effect(changed, [tapped])
    return ft.ScrollKey(key)


def show_step(live) -> None:
    """Scroll this phone's page to its step, or to its top where it draws none."""
    live.phone.aside(_scroll(live.phone, step_on_screen(live).key))


LAID_OUT_S = (0.1, 0.3, 0.6)
"""When the page scrolls to a step after it is drawn on the server: the phone finds the step by
its key only once it has applied the patch that draws it and laid it out, and a key it does
not have yet is ignored without a word (Flutter's ensureVisible needs the part on the screen's
tree). Each ask is answered only after the patches sent before it are applied, so the later
ones find the step on a phone busy for a while (WebKit laying out a long panel); on a phone
already there they move nothing."""


async def _scroll(phone, key: str | None) -> None:
    """A phone that does not answer in time is left as it is."""
    from companion.ui.phone import NoAnswer

    waits = LAID_OUT_S if key is not None else (0,)
    for wait in waits:
        await asyncio.sleep(wait)
        call = (phone.page.scroll_to(scroll_key=key, duration=SHOW_STEP_MS) if key is not None
                else phone.page.scroll_to(offset=0, duration=SHOW_STEP_MS))
        try:
            await phone.ask(call)
        except NoAnswer:
            return
