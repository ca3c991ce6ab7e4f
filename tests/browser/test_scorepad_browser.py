"""The score pad at the table in real Chromium: the host's big table screen, dark mode."""

from __future__ import annotations

import pytest

from tests.browser.harness import new_table

pytestmark = pytest.mark.browser

LARGE = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}


@pytest.mark.parametrize("size", [LARGE, TV], ids=["1280x800", "1920x1080"])
def test_the_host_table_screen_is_readable_from_across_the_table(server, phones, size):
    code = new_table(server, "scorepad", "Ann,Bo,Cy")
    ann = phones("ann").open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    ann.type_into("Ann's points", "17")
    ann.tap("Save")
    host = phones("host", viewport=size).become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see_label("Ann total 17")
    host.see("Round 1")
    host.assert_readable_from_afar(["Ann total 17", "Bo total 0", "Round 1"])
    assert host.button("Save").count() == 0  # no controls on the table screen
    host.keep_screenshot(f"scorepad-table-{size['width']}")


def test_phone_and_table_screens_in_dark_mode(server, phones):
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("ann", dark=True).open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    ann.type_into("Ann's points", "5")
    ann.tap("Save")
    ann.see_label("Ann total 5")
    assert sum(ann.background()) < 200  # a dark page
    ann.keep_screenshot("scorepad-phone-dark")
    light = phones("bo").open(f"{server.url}/join/{code}")
    light.tap("Sit as Bo")
    light.see_label("Ann total 5")
    assert sum(light.background()) > 500
    light.keep_screenshot("scorepad-phone-light")
    host = phones("host", viewport=LARGE, dark=True).become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see_label("Ann total 5")
    host.keep_screenshot("scorepad-table-dark")
