"""The host link and a join link never run Flutter's renderer on a second thread, the cause
of the fault they were once opened 100 times to catch.

A fresh clone's suite saw the host page fault twice on the WebAssembly build: ``/host/KEY``
went on to ``/``, and 0.4 s later "memory access out of bounds", the page's main thread and
a worker then spinning for good. That worker is skwasm's second thread, which Flutter starts
only on a cross-origin isolated page; the server no longer isolates its pages
(companion/server/asgi.py, OPENER_HEADERS), so skwasm draws on the page's own thread. A fault that
came once in a hundred loads is luck to catch; the isolation that allows it is in every
load: no answer of the server says ``Cross-Origin-Embedder-Policy``, no page is isolated,
and no page starts a worker. (The 100-fold soak: ``make soak``, bench/host_link_soak.py.)
"""

from __future__ import annotations

import pytest

from tests.browser.harness import BUILDS, new_table

pytestmark = pytest.mark.browser

LOADS = 3
"""Each link opened this many times in a row on each build (the route changes while
Flutter starts in every one of them: the host link's goes on to ``/``)."""


@pytest.mark.parametrize("build", BUILDS)
def test_the_host_and_join_links_are_never_isolated_so_skwasm_keeps_to_one_thread(server, phones, build):
    code = new_table(server, "scorepad", "Ann,Bo")
    links = {"host": (f"{server.url}/host/{server.host_key}", "New table"),
             "join": (f"{server.url}/join/{code}", "Pick your seat")}
    # two phones at once, one on each link: a phone's page loads while the other's starts
    opened = {name: phones(name, build=build) for name in links}
    faults: list[str] = []
    isolating: list[str] = []
    for name, phone in opened.items():
        phone.page.on("pageerror", lambda error, name=name: faults.append(f"{name}: {error}"))
        phone.page.on("response", lambda response: isolating.append(response.url)
                      if response.headers.get("cross-origin-embedder-policy") else None)
    for attempt in range(LOADS):
        for name, phone in opened.items():
            phone.page.goto(links[name][0], wait_until="commit")
        for name, phone in opened.items():
            phone.ready()
            phone.see(links[name][1])
            assert phone.page.evaluate("() => crossOriginIsolated") is False, f"{name}, load {attempt + 1}"
            assert phone.page.workers == [], f"{name}, load {attempt + 1}: a worker started"
        assert not faults, f"load {attempt + 1}: {faults}"
    assert not isolating, f"answers that would isolate the page: {isolating[:5]}"
    for phone in opened.values():
        assert phone.loaded_build() == build
