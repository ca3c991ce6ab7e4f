"""Any language tag boots (issue 36): a browser that reports a language Flutter rejects
("C" from WebKit under LANG=C.UTF-8) still starts the page, in the phone's own language
where it can be read and in English otherwise."""

from __future__ import annotations

import json

import pytest

from companion.server.language import guard_script
from tests.browser.harness import BUILDS, new_table

pytestmark = pytest.mark.browser


def saying(language: str, languages: list[str]) -> str:
    """An init script: the browser reports ``language`` and ``languages``."""
    return (f"Object.defineProperty(Navigator.prototype, 'language', {{get: () => {json.dumps(language)}}});"
            f"Object.defineProperty(Navigator.prototype, 'languages', {{get: () => {json.dumps(languages)}}});")


@pytest.mark.parametrize("language, languages, shown", [
    ("C", ["C"], ["en-US"]),  # WebKit under LANG=C.UTF-8
    ("POSIX", ["POSIX"], ["en-US"]),
    ("en-US@posix", ["en-US@posix"], ["en-US"]),  # Chromium with no LANG
    ("de_DE.UTF-8", ["de_DE.UTF-8"], ["de-DE"]),  # the phone's own language, made valid
    ("pt_BR", ["pt_BR", "C"], ["pt-BR"]),
    ("C", ["C", "nl-NL"], ["nl-NL"]),  # a valid tag further down is kept
    ("", [], ["en-US"]),
    ("fr-FR", ["fr-FR", "fr"], ["fr-FR", "fr"]),  # valid tags are left as they are
])
def test_the_guard_shows_flutter_a_valid_tag(browser, language, languages, shown):
    context = browser.new_context()
    try:
        context.add_init_script(saying(language, languages))
        page = context.new_page()
        page.route("http://guard.test/", lambda route: route.fulfill(
            content_type="text/html", body=b"<html><head>" + guard_script() + b"</head></html>"))
        page.goto("http://guard.test/")
        said = page.evaluate("() => [navigator.language, Array.from(navigator.languages)]")
    finally:
        context.close()
    assert said == [shown[0], shown]


@pytest.mark.parametrize("build", BUILDS)
def test_a_phone_that_says_its_language_is_c_starts_and_sits(server, phones, build):
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("ann", build=build)
    ann.context.add_init_script(saying("C", ["C"]))
    ann.open(f"{server.url}/join/{code}")  # the page starts (its first frame is drawn)
    assert ann.loaded_build() == build
    assert ann.page.evaluate("() => navigator.language") == "en-US"
    ann.tap("Sit as Ann")
    ann.see("Points in round 1")
