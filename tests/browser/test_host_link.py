"""The host link and a join link, each opened 100 times in a row on each build of Flet's
client, never fault (issue 36, point 2).

A fresh clone's suite saw the host page fault twice on the WebAssembly build: ``/host/KEY``
went on to ``/``, and 0.4 s later "memory access out of bounds", the page's main thread and
a worker then spinning for good. That worker is skwasm's second thread, which Flutter starts
only on a cross-origin isolated page; the server no longer isolates its pages
(companion/web.py, OPENER_HEADERS), so skwasm draws on the page's own thread.
"""

from __future__ import annotations

import time

import pytest

from tests.browser.harness import BUILDS, new_table

pytestmark = pytest.mark.browser

TIMES = 100


@pytest.mark.parametrize("build", BUILDS)
def test_the_host_and_join_links_open_a_hundred_times_without_a_fault(server, phones, build):
    code = new_table(server, "scorepad", "Ann,Bo")
    links = {"host": (f"{server.url}/host/{server.host_key}", "New table"),
             "join": (f"{server.url}/join/{code}", "Pick your seat")}
    # two phones at once, one on each link: a phone's page loads while the other's starts
    opened = {name: phones(name, build=build) for name in links}
    faults: list[str] = []
    for name, phone in opened.items():
        phone.page.on("pageerror", lambda error, name=name: faults.append(f"{name}: {error}"))
    started = time.monotonic()
    for attempt in range(TIMES):
        for name, phone in opened.items():
            phone.page.goto(links[name][0], wait_until="commit")
        for name, phone in opened.items():
            phone.ready()
            phone.see(links[name][1])
        assert not faults, f"load {attempt + 1}: {faults}"
    for phone in opened.values():
        assert phone.loaded_build() == build
        # skwasm's second thread is started only on a cross-origin isolated page
        assert phone.page.evaluate("() => crossOriginIsolated") is False
    print(f"{2 * TIMES} loads on the {build} build in {time.monotonic() - started:.0f} s")
