"""The accessibility tree matches the drawing on the host's screens after every route
change: each tappable node on screen is what a tap at its middle hits, a filled button is
drawn where its node is, and each screen opens at its top, where it opens on a fresh load
(not where the last screen was scrolled to: the page is one scrolled view for every
route)."""

from __future__ import annotations

import time

import pytest

from tests.browser.harness import PHONE, new_table

pytestmark = pytest.mark.browser

TAPPABLE = """() => Array.from(document.querySelectorAll(
    'flt-semantics[flt-tappable], flt-semantics[role=button], flt-semantics[role=switch], input, textarea'))
  .map((el) => {
    const r = el.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    const onScreen = r.width > 0 && r.height > 0 && x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
    const hit = onScreen ? document.elementFromPoint(x, y) : null;
    return {name: (el.getAttribute('aria-label') || el.textContent || '').trim(), x, y, onScreen,
            hits: !!hit && (hit === el || el.contains(hit) || hit.contains(el))};
  })
  .filter((node) => node.onScreen && node.name)"""
SETTLE_S = 10
LARGE = {"width": 1280, "height": 800}
"""A laptop host's window."""


def settled(host, shown: str | None) -> dict[str, dict]:
    """The tappable nodes on screen once ``shown`` (if given) is among them and two reads
    in a row agree (a route's first frames, and its scroll to the top, are done)."""
    deadline, last = time.monotonic() + SETTLE_S, None
    while True:
        nodes = {node["name"]: node for node in host.evaluate(TAPPABLE)}
        if (shown is None or shown in nodes) and nodes == last or time.monotonic() > deadline:
            return nodes
        last = nodes
        host.pause(300)


def where(nodes: dict[str, dict], names) -> dict[str, int | None]:
    return {name: round(nodes[name]["y"]) if name in nodes else None for name in names}


def assert_taps_land_on_their_nodes(nodes: dict[str, dict], screen: str) -> None:
    missed = [name for name, node in nodes.items() if not node["hits"]]
    assert nodes and not missed, f"{screen}: a tap at the middle of {missed} hits another node"


def fill_under(host, nodes: dict[str, dict], name: str) -> tuple:
    """The colour drawn at the middle of the node named ``name``."""
    from io import BytesIO

    from PIL import Image

    shot = Image.open(BytesIO(host.png())).convert("RGB")
    return shot.getpixel((int(nodes[name]["x"]), int(nodes[name]["y"])))


@pytest.mark.parametrize("viewport", [PHONE, LARGE], ids=["phone", "laptop"])
def test_the_host_screens_open_at_their_top_and_taps_land_where_drawn(server, phones, viewport):
    codes = [new_table(server, "paisho", "Ann,Bo") for _ in range(4)]  # a long list of tables on the start page
    host = phones("host", viewport=viewport).become_host(server)
    fresh = {}
    for route, shown in ((f"/join/{codes[0]}", "All tables"), (f"/t/{codes[0]}", "This screen shows"), ("/", "Join")):
        host.open(f"{server.url}{route}")
        fresh[route] = settled(host, shown)
        assert_taps_land_on_their_nodes(fresh[route], route)
    join_fill = fill_under(host, fresh["/"], "Join")
    assert join_fill != host.background()  # the filled button is drawn under its node
    host.tap(f"Resume table {codes[0]}", exact=False)  # at the foot of the list: the page scrolls to it
    for route, tap, shown in ((f"/join/{codes[0]}", "Open the table screen", "All tables"),
                              (f"/t/{codes[0]}", "All tables", "This screen shows"), ("/", None, "Join")):
        nodes = settled(host, shown)
        at_its_top = where(fresh[route], ["All tables", shown])
        assert where(nodes, ["All tables", shown]) == at_its_top, route
        assert_taps_land_on_their_nodes(nodes, route)
        if tap:
            host.page.mouse.move(viewport["width"] // 2, viewport["height"] // 2)
            host.page.mouse.wheel(0, 2000)  # the host reads on, to the foot of the screen
            settled(host, None)
            host.tap(tap)
    assert fill_under(host, nodes, "Join") == join_fill
