"""Host creates a table, phones join by the QR, act, reload, and survive a SIGKILL."""

from __future__ import annotations

import re

import pytest

from tests.browser.harness import decode_qr

pytestmark = pytest.mark.browser


def create_table(host, players: str, game: str | None = None) -> str:
    host.see("New table")
    host.type_into("Players in seat order (clockwise), separated by commas", players)
    host.tap("Create table")
    host.see("Pick your seat")
    match = re.search(r"/join/([A-Z]{6})$", host.page.url)
    assert match, host.page.url
    return match.group(1)


@pytest.mark.own_server
def test_qr_join_act_reload_and_kill9(server, phones):
    host = phones("host").open(f"{server.url}/host/{server.host_key}")
    code = create_table(host, "Ann, Bo")
    join_url = f"{server.url}/join/{code}"

    # the QR drawn on the join page, read back from a screenshot, is the join URL
    assert join_url in decode_qr(host)

    ann = phones("ann").open(join_url)
    ann.tap("Sit as Ann")
    ann.see("Points in round 1")
    bo = phones("bo").open(join_url)
    bo.see("taken")  # Ann's seat is no longer offered
    assert bo.button("Sit as Ann").count() == 0
    bo.tap("Sit as Bo")
    bo.see("Points in round 1")

    ann.type_into("Ann's points", "7")
    ann.tap("Save")
    bo.see_label("Ann total 7")

    # a reload brings the phone straight back to its seat
    bo.reload()
    bo.field("Bo's points")
    assert bo.page.url.endswith(f"/t/{code}")

    # SIGKILL the server, start it again on the same port: the table is intact
    before = ann.connections()
    server.kill9()
    server.start()
    ann.back_since(before, timeout=60000)  # back by itself (connected again), then reloaded
    ann.field("Ann's points", timeout=60000)
    ann.reload()
    ann.field("Ann's points", timeout=60000)
    ann.see_label("Ann total 7")
    listing = server.companion("tables", "--json")
    assert code in listing.stdout
