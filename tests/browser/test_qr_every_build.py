"""The QR code of a table on both builds of Flet's web client (issue 36): the host's join
page, the table page's Invite tab and a phone's join page each draw a QR that a camera
reads as the table's join URL (read back from a screenshot)."""

from __future__ import annotations

import pytest

from tests.browser.harness import BUILDS, new_table
from tests.browser.harness import decode_qr

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("build", BUILDS)
def test_every_qr_reads_as_the_join_url(server, phones, build):
    code = new_table(server, "scorepad", "Ann,Bo")
    join_url = f"{server.url}/join/{code}"

    host = phones("host", build=build).become_host(server)
    assert host.loaded_build() == build
    host.open(join_url)
    host.see("Pick your seat")
    assert decode_qr(host) == [join_url]  # the host's join page, shown to the table

    host.open(f"{server.url}/t/{code}")
    host.tap("Invite")
    host.see(f"Table code {code}")
    assert decode_qr(host) == [join_url]  # the host's table page, its Invite tab

    ann = phones("ann", build=build).open(join_url)
    ann.see("Sit as Ann")
    assert decode_qr(ann) == [join_url]  # a phone shows the code to a friend
