"""Every file a page asks the server for is there (issue 37: the JavaScript build asked
94 times in an evening for a "Noto Sans Symbols" font the server does not have). Flutter
fetches a fallback font from the server (offline: ``assets/fonts/``) for a glyph it takes
to be missing from a text's fonts: Rock Garden's count pickers ("−" on a button with its
own text style) made it do so on every redraw."""

from __future__ import annotations

import pytest

from tests.browser.harness import BUILDS, new_table

pytestmark = pytest.mark.browser

WAIT = 30000


def refused(phone) -> list[str]:
    """From now on, each request of the page the server did not answer with its file."""
    found: list[str] = []
    phone.page.on("response", lambda r: found.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return found


@pytest.mark.parametrize("build", BUILDS)
def test_no_request_of_a_page_is_missing_while_joining_sitting_and_moving(server, phones, build):
    code = new_table(server, "rockgarden", "Ann,Bo")
    ann = phones("ann", build=build)
    missing = refused(ann)
    ann.open(f"{server.url}/join/{code}")
    assert ann.loaded_build() == build
    ann.tap("Sit as Ann", timeout=WAIT)
    ann.see("Setting up", timeout=WAIT)
    for count, rock in enumerate(("Red I", "Red II", "Red II", "Yellow III", "Blue I"), start=1):
        ann.tap(rock, timeout=WAIT)  # each pick draws the picker's "−" again
        ann.see_label(f"{rock} picked {1 + (rock == 'Red II' and count == 3)}", timeout=WAIT)
    ann.tap("Record starting rocks", timeout=WAIT)
    ann.see_label("My garden Red II: 2", timeout=WAIT)
    for tab in ("History", "Rules", "Play"):
        ann.tap(tab, timeout=WAIT)
    ann.page.wait_for_timeout(3000)  # a fallback font is asked for a moment after its text is laid out
    assert missing == [], missing
