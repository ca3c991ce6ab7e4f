"""Browser fixtures: a real server, real Chromium (and WebKitGTK), screenshots kept when a
test fails."""

from __future__ import annotations

import os

import pytest

from tests.browser.harness import ARTIFACTS, CHROMIUM_ARGS, Phone, Server, chromium_path, temp_env


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    os.environ.update(temp_env())
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def failed(request) -> bool:
    report = getattr(request.node, "rep_call", None)
    return report is not None and report.failed


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory):
    """One ``companion serve`` for every browser test that only needs tables of its own:
    a start is a second of every test, and what such a test proves lies in its own table."""
    srv = Server(tmp_path_factory.mktemp("shared") / "data").start()
    yield srv
    srv.stop()


@pytest.fixture
def server(request):
    """The run's shared server, where each test makes its own tables (and so must not
    count on the host's list, a device's pages or its wrong codes starting empty). A test
    marked ``own_server`` (it kills, stops or restarts it) gets a server of its own."""
    own = request.node.get_closest_marker("own_server") is not None
    if own:
        srv = Server(request.getfixturevalue("tmp_path") / "data").start()
    else:
        srv = request.getfixturevalue("shared_server")
        if srv.proc.poll() is not None:  # a test stopped it by mistake: the next ones still run
            srv.start()
    yield srv
    if own:
        srv.stop()
    if failed(request):
        print(f"--- the server's log ({srv.url}):\n{srv.log_tail()}")


@pytest.fixture(scope="session")
def display():
    """A virtual X display for WebKit's windows (started only if a test asks for WebKit)."""
    from tests.browser.webkit import Display

    screen = Display()
    yield screen
    screen.close()


@pytest.fixture
def phones(request):
    """Factory: phones("Ann") -> a new phone; screenshots of all of them on failure.
    ``build="webkit"`` gives a WebKitGTK phone (:class:`tests.browser.webkit.WebKitPhone`,
    ``language`` its LANG); "wasm" and "js" a Chromium one on that build of Flet's client,
    in the shared Chromium or in ``chromium`` (one a test launched with flags of its own)."""
    made: list = []

    def make(name: str, viewport=None, touch: bool = False, dark: bool = False,
             build: str = "wasm", language: str = "en_US.UTF-8", chromium=None):
        if build == "webkit":
            from tests.browser.webkit import WebKitPhone

            phone = WebKitPhone(request.getfixturevalue("display"), name, viewport, dark, language)
        else:
            phone = Phone(chromium or request.getfixturevalue("browser"), name, viewport, touch, dark, build)
        made.append(phone)
        return phone

    yield make
    if failed(request):
        for phone in made:
            print(phone.report())
            try:
                phone.screenshot(ARTIFACTS / request.node.name / f"{phone.name}.png")
            except Exception:
                pass
    for phone in made:
        try:
            phone.close()
        except Exception:
            pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
