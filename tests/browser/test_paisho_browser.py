"""Pai Sho on two real phones: a short game to a target of 1 harmony point; the host's
table screen at 1280x800 and 1920x1080; phone and table screens in light and dark.

The host creates the table with the target setting in its create form; Ann and Bo
enter turns in two or three taps, a disharmonious pair is refused with the engine's
reason, Bo captures (Ann hears it), Ann's lotus blooms, Ann's harmony pays and she wins;
both phones show the winner and the race chart.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

from tests.browser.harness import ARTIFACTS, assert_played_through, connections_of

pytestmark = pytest.mark.browser

WAIT = 30000


def set_field(phone, label: str, text: str, tries: int = 5) -> None:
    """Replace a field's text, and check it took (a select-all sent before the field has
    the focus is lost, which would turn a target of 30 into 301)."""
    box = phone.field(label, timeout=WAIT)
    for _ in range(tries):
        box.click()
        phone.page.wait_for_timeout(300)
        phone.page.keyboard.press("Control+A")
        phone.page.keyboard.press("Backspace")
        phone.page.keyboard.type(text)
        phone.page.wait_for_timeout(300)
        if box.input_value() == text:
            return
    assert box.input_value() == text


def create_paisho_table(host, players: str, target: str) -> str:
    host.see("New table", timeout=WAIT)
    # the game dropdown has no accessible node of its own: open it where it is drawn,
    # just above the players field, then pick the game from its menu
    names = host.field("Players in seat order (clockwise), separated by commas", timeout=WAIT)
    box = names.bounding_box()
    host.page.mouse.click(box["x"] + 80, box["y"] - 30)
    host.tap("Pai Sho (Frank's rules)", timeout=WAIT)
    host.field("Harmony points to win", timeout=WAIT)
    set_field(host, "Players in seat order (clockwise), separated by commas", players)
    set_field(host, "Harmony points to win", target)
    # this game records turns by hand: the board on the phone (on for new tables) off
    switch = host.page.get_by_role("switch").or_(host.page.get_by_role("checkbox")).first
    switch.click()
    host.page.wait_for_function(
        "() => [...document.querySelectorAll('[role=switch],[role=checkbox]')]"
        ".some(e => e.getAttribute('aria-checked') === 'false')", timeout=WAIT)
    host.tap("Create table")
    host.see("Pick your seat", timeout=WAIT)
    match = re.search(r"/join/([A-Z]{6})$", host.page.url)
    assert match, host.page.url
    return match.group(1)


def seek(phone, label: str, tries: int = 8) -> None:
    """Find a label (or text) further down the page: Flutter builds accessibility nodes
    only for what is on screen, so scroll down until it shows, then back to the top."""
    for _ in range(tries):
        try:
            phone.see_label(label, timeout=2500)
            break
        except Exception:
            phone.page.mouse.move(195, 500)
            phone.page.mouse.wheel(0, 400)
    else:
        phone.see_label(label, timeout=WAIT)
    phone.page.mouse.wheel(0, -10000)


def snap(phone, name: str) -> None:
    """Keep a screenshot to look at; the canvas may paint a moment after the
    accessibility tree is there, so wait until it is drawn."""
    path = ARTIFACTS / "paisho" / name
    for _ in range(20):
        png = phone.page.screenshot()
        shades = Image.open(io.BytesIO(png)).convert("L").getcolors(256) or ()
        if len(shades) > 150:  # drawn: not blank, not the "Working..." spinner
            break
        phone.page.wait_for_timeout(300)
    phone.screenshot(path)


def keep(phone, name: str) -> None:
    """A screenshot kept under tests/artifacts/screens/, taken once the canvas has painted
    what the accessibility tree already says (Flet's "Working..." page has few shades;
    the harness's own check lets it through)."""
    for _ in range(40):
        png = phone.page.screenshot()
        if len(Image.open(io.BytesIO(png)).convert("L").getcolors(256) or ()) > 150:
            break
        phone.page.wait_for_timeout(250)
    phone.keep_screenshot(name)


def step(phone, name: str, expect: str) -> None:
    """Tap, then wait for what the tap shows. Every change re-renders the screen, and a
    tap on a control already replaced is lost, so never tap twice without looking."""
    phone.tap(name, timeout=WAIT)
    phone.see(expect, timeout=WAIT)


def end_turn(phone, then: str) -> None:
    phone.tap("End turn", timeout=WAIT)
    phone.see(then, timeout=WAIT)


def turn(phone, what: str, tile: str | None, then: str) -> None:
    """A whole turn in three taps (two for a pass): what, which tile, End turn."""
    phone.see("Your turn", timeout=WAIT)
    heading = {"Place": "Which tile did you place?", "Move": "Which tile moved?",
               "Capture": "Which capture?", "Pass": "End turn"}[what]
    step(phone, what, heading)
    if tile:
        step(phone, tile, "End turn")
    end_turn(phone, then)


def test_short_game_to_target_on_two_phones(server, phones):
    host = phones("host").open(f"{server.url}/host/{server.host_key}")
    code = create_paisho_table(host, "Ann, Bo", "1")
    join_url = f"{server.url}/join/{code}"

    ann = phones("ann").open(join_url)
    ann.tap("Sit as Ann", timeout=WAIT)
    ann.see("Your turn", timeout=WAIT)
    ann.see_label("Ann score 0 of 1", timeout=WAIT)  # the race goes to the table's target
    bo = phones("bo").open(join_url)
    bo.tap("Sit as Bo", timeout=WAIT)
    bo.see("Ann's turn", timeout=WAIT)
    seated = connections_of((ann, bo))

    turn(ann, "Place", "Rose", then="Bo's turn")
    turn(bo, "Place", "Jasmine", then="Ann's turn")
    turn(ann, "Place", "Lily", then="Bo's turn")
    turn(bo, "Capture", "Jasmine takes Ann's Rose", then="Ann's turn")

    # the capture: Ann hears it; her Rose is in the Pot, so Ann (fewer captures) has the
    # blooming lotus, said in words
    ann.see("Bo captured your Rose; your White Lotus blooms", timeout=WAIT)
    ann.see("Your turn", timeout=WAIT)
    ann.see("Your White Lotus blooms", timeout=WAIT)
    bo.see("Captured 1 tile", timeout=WAIT)
    host.open(f"{server.url}/t/{code}")
    host.see("Ann's turn", timeout=WAIT)
    host.see_label("Ann score 0 of 1", timeout=WAIT)
    snap(host, "table-screen.png")
    seek(host, "Pot: Ann's tiles 1")
    seek(host, "Ann's White Lotus blooms (Ann has captured the fewest tiles): in harmony with every "
               "flower within 3 spaces")

    # a disharmonious pair is refused with the engine's reason; the draft stays
    step(ann, "Place", "Which tile did you place?")
    step(ann, "White Jade", "Place White Jade")
    step(ann, "Lily", "Lily + which tile?")
    step(ann, "Chrysanthemum", "Remove Lily + Chrysanthemum")
    end_turn(ann, then="Lily and Chrysanthemum are opposites on the harmony ring")
    bo.see("Ann's turn")  # nothing happened for Bo
    step(ann, "Remove Lily + Chrysanthemum", "Harmony formed? Tap two tiles")
    ann.button("Remove Lily + Chrysanthemum").wait_for(state="detached", timeout=WAIT)
    step(ann, "Lily", "Lily + which tile?")
    step(ann, "White Jade", "Remove Lily + White Jade")
    snap(ann, "ann-turn-entry.png")
    end_turn(ann, then="Bo's turn")
    ann.see_label("Lily + White Jade pays in 2 turns", timeout=WAIT)
    snap(ann, "ann-harmony.png")

    turn(bo, "Pass", None, then="Ann's turn")
    turn(ann, "Pass", None, then="Bo's turn")
    ann.see_label("Lily + White Jade pays in 1 turn", timeout=WAIT)
    turn(bo, "Pass", None, then="Ann's turn")
    turn(ann, "Pass", None, then="Ann wins!")

    for phone in (ann, bo):
        phone.see("Ann wins!", timeout=WAIT)
        phone.see("The race", timeout=WAIT)
        phone.see_label("Ann final score 1", timeout=WAIT)
        phone.see_label("Bo final score 0", timeout=WAIT)
    # the chart (flet-charts, drawn by the offline web client) says in words what it shows
    chart = ann.page.get_by_text("Race to 1, after 9 turns").first
    chart.wait_for(timeout=WAIT)
    assert "Race to 1, after 9 turns: Ann 1, Bo 0; the dashed line is the target, 1" in chart.text_content()
    snap(ann, "ann-final.png")
    snap(bo, "bo-final.png")
    assert_played_through(seated)


# -- the host's table screen, light and dark ------------------------------------------------

LARGE = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}
MIDGAME = [(0, "place", {"tile": "lily"}), (1, "place", {"tile": "rose"}),
           (0, "place", {"tile": "jade", "formed": [["lily", "jade"]]}), (1, "place", {"tile": "jasmine"}),
           (0, "pass", {}), (1, "pass", {}), (0, "pass", {})]
"""Ann's Lily + White Jade has paid 1 point (the next in 3 turns); Bo to play turn 8."""


def midgame_table(server, target: int = 30) -> str:
    """A table with a few turns played, made through the JSON transport as the host."""
    made = server.companion("new", "paisho", "--players", "Ann,Bo", "--set", f"target={target}", "--set", "board=off", "--json")
    assert made.returncode == 0, made.stderr
    code = json.loads(made.stdout)["code"]
    for seat, kind, payload in MIDGAME:
        server.act(code, kind, payload, seat)
    return code


@pytest.mark.parametrize("size", [LARGE, TV], ids=["1280x800", "1920x1080"])
def test_the_host_table_screen_is_readable_from_across_the_table(server, phones, size):
    code = midgame_table(server)
    host = phones("host", viewport=size).become_host(server)
    host.open(f"{server.url}/t/{code}")
    keys = ["Ann score 1 of 30", "Bo score 0 of 30", "Turn 8", "Ann's Lily + White Jade pays in 3 turns"]
    for label in keys:
        host.see_label(label, timeout=WAIT)
    host.see("Bo's turn", timeout=WAIT)
    host.assert_readable_from_afar(keys)
    assert host.button("End turn").count() == 0 and host.button("Pass").count() == 0  # no controls
    keep(host, f"paisho-table-{size['width']}")


def test_phone_and_table_screens_in_light_and_dark(server, phones):
    code = midgame_table(server)
    join = f"{server.url}/join/{code}"
    bo = phones("bo").open(join)  # light, his turn
    bo.tap("Sit as Bo", timeout=WAIT)
    bo.see("Your turn: place, move or pass", timeout=WAIT)
    bo.see_label("Ann score 1 of 30", timeout=WAIT)
    assert sum(bo.background()) > 500
    keep(bo, "paisho-phone-light")
    bo.tap("Pass", timeout=WAIT)
    bo.see("End turn", timeout=WAIT)
    keep(bo, "paisho-phone-turn-light")
    ann = phones("ann", dark=True).open(join)  # dark, waiting, her harmony counting
    ann.tap("Sit as Ann", timeout=WAIT)
    ann.see("Bo's turn", timeout=WAIT)
    ann.see_label("Lily + White Jade pays in 3 turns", timeout=WAIT)
    assert sum(ann.background()) < 200
    keep(ann, "paisho-phone-dark")
    for dark in (False, True):
        shade = "dark" if dark else "light"
        host = phones(f"host-{shade}", viewport=LARGE, dark=dark).become_host(server)
        host.open(f"{server.url}/t/{code}")
        host.see_label("Ann score 1 of 30", timeout=WAIT)
        keep(host, f"paisho-table-{shade}")
