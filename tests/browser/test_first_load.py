"""A phone's first join on both builds: its build's big files asked for at once, each once."""

from __future__ import annotations

import pytest

from tests.browser.harness import BUILDS, new_table

pytestmark = pytest.mark.browser

MAIN_FILE = {"wasm": "/main.dart.wasm", "js": "/main.dart.js"}
RENDERER = {"wasm": "/canvaskit/skwasm.wasm", "js": "/canvaskit/canvaskit.wasm"}

HINTED = """() => [...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]
                   .map((link) => new URL(link.href).pathname)"""
FETCHED = "() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"


@pytest.mark.parametrize("build", BUILDS)
def test_a_new_phone_asks_for_its_builds_files_at_once_and_once(server, phones, build):
    """The page's hints name the files of the build the phone then runs (never the other
    build's), and each is downloaded once: Flutter's own request takes the hinted answer."""
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("Ann", build=build).open(f"{server.url}/join/{code}")
    ann.see("Sit as Ann")
    assert ann.loaded_build() == build
    hinted = ann.page.evaluate(HINTED)
    other = "js" if build == "wasm" else "wasm"
    assert MAIN_FILE[build] in hinted and RENDERER[build] in hinted, hinted
    assert "/assets/fonts/MaterialIcons-Regular.otf" in hinted, hinted
    assert MAIN_FILE[other] not in hinted and RENDERER[other] not in hinted, hinted
    fetched = ann.page.evaluate(FETCHED)
    assert MAIN_FILE[other] not in fetched
    twice = sorted({path for path in hinted if fetched.count(path) != 1})
    assert not twice, f"hinted files not downloaded exactly once: {twice}"


def test_a_seated_phone_that_scans_the_code_again_is_taken_to_its_seat(server, phones):
    """The join page reads the phone's seat with its host key and theme, in one wait: a
    phone that already sits at the table goes on to it; another phone is offered seats."""
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("Ann").open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    ann.field("Ann's points")
    ann.open(f"{server.url}/join/{code}")
    ann.field("Ann's points")
    assert ann.page.url.endswith(f"/t/{code}")
    bo = phones("Bo").open(f"{server.url}/join/{code}")
    bo.see("Sit as Bo")
    assert bo.page.url.endswith(f"/join/{code}")
