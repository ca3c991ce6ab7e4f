"""Light, dark or the phone's own setting (issue 26, point 6), in real Chromium: chosen in
the app ("Theme"), kept on the phone (another tab of the same phone draws it at once, a
reload too; another phone is not touched), and the black rock of Rock Garden's tracker
visible on both."""

from __future__ import annotations

import pytest

from companion.cli.commands.common import open_tables
from companion.table.hub import Who

pytestmark = pytest.mark.browser

WAIT = 30000
LARGE = {"width": 1280, "height": 800}


def choose_theme(phone, option: str) -> None:
    phone.page.get_by_label("Theme", exact=True).first.click(timeout=WAIT)  # the icon's tooltip names it
    phone.see("Light, dark, or as this phone is set", timeout=WAIT)
    phone.tap(option, timeout=WAIT)


def dark(phone) -> bool:
    return sum(phone.background()) < 200


def light(phone) -> bool:
    return sum(phone.background()) > 500


def wait_for(phone, check, what: str) -> None:
    for _ in range(60):
        if check(phone):
            return
        phone.page.wait_for_timeout(250)
    raise AssertionError(f"{phone.name}: the page is not {what}")


def test_the_theme_is_chosen_in_the_app_and_kept_on_the_phone(server, phones):
    ann = phones("ann").open(server.url)  # the phone's system says light
    ann.see("Join a table", timeout=WAIT)
    assert light(ann)
    choose_theme(ann, "Dark")
    wait_for(ann, dark, "dark")
    ann.keep_screenshot("theme-home-dark")
    bo = phones("bo").open(server.url)  # another phone: its own setting
    bo.see("Join a table", timeout=WAIT)
    assert light(bo)
    again = ann.context.new_page()  # another tab of Ann's phone: dark from the start
    second = type(ann).__new__(type(ann))
    second.name, second.touch, second.context, second.page, second.frames = "ann-2", False, ann.context, again, []
    second.open(server.url)
    second.see("Join a table", timeout=WAIT)
    wait_for(second, dark, "dark")
    ann.reload()
    ann.see("Join a table", timeout=WAIT)
    wait_for(ann, dark, "dark")
    choose_theme(ann, "Phone's setting")  # back to the system's: light here
    wait_for(ann, light, "light")
    cy = phones("cy", dark=True).open(server.url)  # a phone whose system is dark
    cy.see("Join a table", timeout=WAIT)
    wait_for(cy, dark, "dark")
    choose_theme(cy, "Light")
    wait_for(cy, light, "light")


def test_the_theme_is_chosen_on_a_table_page_and_the_black_rock_shows_in_both(server, phones):
    hub = open_tables(str(server.data_dir)).create("rockgarden", ["Ann", "Bo", "Cy"])
    host = Who(host=True)
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 W1 W2 B3", "G1 B1 W3 R2 Y3"]):
        hub.act(host, "setup_draw", {"rocks": garden}, None, seat)
    hub.act(host, "start_player", {"player": 0}, None, None)
    ann = phones("ann").open(f"{server.url}/join/{hub.code}")
    ann.tap("Sit as Ann", timeout=WAIT)
    ann.see("You lay out the piles", timeout=WAIT)
    choose_theme(ann, "Dark")  # from the table page's header
    wait_for(ann, dark, "dark")
    # the black rock on the host's tracker: dark on a light screen, ringed light on a dark one
    table = phones("table", viewport=LARGE).become_host(server)
    table.open(f"{server.url}/t/{hub.code}")
    table.see_label("Black rock on space 1", timeout=WAIT)
    for theme, check in (("Light", light), ("Dark", dark)):
        table.tap("All tables", timeout=WAIT)
        choose_theme(table, theme)
        wait_for(table, check, theme.lower())
        table.open(f"{server.url}/t/{hub.code}")
        table.see_label("Black rock on space 1", timeout=WAIT)
        wait_for(table, check, theme.lower())
        table.page.wait_for_timeout(1000)
        rock = table.luminance_in("Black rock on space 1")
        page = sum(table.background()) / 3
        assert rock["centre"] < 60, rock  # the rock is black
        assert abs(rock["lightest"] - rock["centre"]) > 120 or abs(page - rock["centre"]) > 120, (rock, page)
        if theme == "Dark":
            assert page < 60 and rock["lightest"] > 180, (rock, page)  # its light ring shows it
        table.keep_screenshot(f"theme-rockgarden-table-{theme.lower()}")
