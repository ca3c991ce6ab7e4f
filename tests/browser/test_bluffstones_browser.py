"""BluffStones on three real phones (Chromium, 390 x 844) against the real server.

One game from setup to the end: a round where three blue stones score a tower (the
towers say what they need; the second placer is warned who the third stone would
give the tower to), a round with two-stone bids and a red removal, and the all-zero
round that ends the game. Phone
Bo records every websocket frame: between Ann's bid and the reveal nothing Bo receives
may carry Ann's bid.
"""

from __future__ import annotations

import json
import os

import pytest

from tests.browser.harness import ARTIFACTS, assert_played_through, connections_of

pytestmark = pytest.mark.browser

WAIT = 30000  # ms: two shared cores, three Flutter phones

# The default tower circles with the top colours "drawn" at the table.
TOWER_COLOURS = {"B2": "blue", "B4": "yellow", "D2": "green", "D4": "blue",
                 "D6": "yellow", "F2": "green", "F4": "blue"}


def shot(phone, name: str) -> None:
    if os.environ.get("BLUFF_SHOTS"):  # for looking at the layout: the top of the screen
        phone.page.mouse.move(195, 400)
        phone.page.mouse.wheel(0, -5000)
        phone.page.wait_for_timeout(400)
        phone.screenshot(ARTIFACTS / "bluffstones" / f"{name}.png")




def bid(phone, choice: str, words: str) -> None:
    """Pick a bid, confirm it, and wait until the phone shows it recorded."""
    phone.tap_until(choice, f"You will bid {words}")
    phone.tap_until("Confirm bid", f"Your bid: {words}")


def reveal(phone, then: str) -> None:
    phone.tap_until("Reveal bids", "Reveal every bid?")
    phone.tap_until("Reveal", then)  # the confirm dialog: the reveal cannot be undone


def test_bluffstones_round_trip_on_three_phones(server, phones):
    made = server.companion("new", "bluffstones", "--players", "Ann,Bo,Cy", "--json")
    assert made.returncode == 0, made.stderr
    code = json.loads(made.stdout)["code"]
    join = f"{server.url}/join/{code}"

    ann, bo, cy = phones("ann"), phones("bo"), phones("cy")
    bo.record_frames()
    ann.record_frames()
    for phone, name in ((ann, "Ann"), (bo, "Bo"), (cy, "Cy")):
        phone.open(join)
        phone.tap(f"Sit as {name}", timeout=WAIT)
        phone.see("Set up the table", timeout=WAIT)
    seated = connections_of((ann, bo, cy))

    # -- setup on Ann's phone: default towers, the top colours as drawn, start player
    ann.see("the default layout", timeout=WAIT)
    for circle, colour in TOWER_COLOURS.items():
        ann.tap_until(f"{circle} {colour}", f"Tower {circle} {colour}", label=True)
    ann.tap_until("Ann starts", "Ann holds the turn tower.")
    shot(ann, "setup")
    ann.tap_until("Start game", "Your secret bid")
    for phone in (ann, bo, cy):
        phone.see("Your secret bid", timeout=WAIT)

    # -- round 1 (Ann, Bo, Cy): one blue stone each around the blue tower on D4
    bid(ann, "Bid 1 blue", "one blue stone")
    bo.see_label("Ann ready", timeout=WAIT)
    bid(bo, "Bid 1 blue", "one blue stone")
    bid(cy, "Bid 1 blue", "one blue stone")
    shot(ann, "bidding")
    reveal(ann, "Your turn: place your blue stone")
    ann.see("Tap an empty circle for your blue stone", timeout=WAIT)
    bo.see("Waiting for Ann to place the blue stone", timeout=WAIT)
    shot(ann, "place")
    ann.tap_until("D3", "Blue stone on D3?")  # picked, not sent
    ann.tap_until("Place on D3", "D3 blue stone", label=True)
    # what each tower needs, and the warning before Bo leaves D4 one stone from Cy
    for phone in (ann, bo, cy):
        phone.see("D4 blue: 1 of 3", timeout=WAIT)
    bo.see("this gives Cy D4 if Cy places blue", timeout=WAIT)
    bo.tap_until("D5", "This gives Cy D4 if Cy places blue")  # shown before the confirm
    shot(bo, "careful")
    bo.tap_until("Place on D5", "D5 blue stone", label=True)
    cy.tap_until("C4", "Blue stone on C4?")
    cy.tap_until("Place on C4", "Cy scores the blue tower on D4")
    for phone in (ann, bo, cy):
        phone.see("Cy scores the blue tower on D4", timeout=WAIT)
        phone.see_label("Cy towers 1", timeout=WAIT)
    shot(cy, "scored")

    # -- round 2 (Bo, Cy, Ann): Ann bids two red in secret; Bo must not learn it
    bo.see("Round 2", timeout=WAIT)
    mark, ann_mark = len(bo.frames), len(ann.frames)
    bid(ann, "Bid 2 red", "two red stones")
    bo.see_label("Ann ready", timeout=WAIT)
    bid(bo, "Bid 2 yellow", "two yellow stones")
    bid(cy, "Bid nothing", "nothing")
    bo.see("Reveal bids", timeout=WAIT)
    before_reveal = bo.frames_since(mark)
    for leak in ("two red stones", "Ann bid", "You will bid two red", "Your bid: two red"):
        assert not before_reveal.has_text(leak), f"Bo received {leak!r} before the reveal"
    assert before_reveal.count, "no frames recorded: the audit would prove nothing"
    # the same search on Ann's own phone finds her bid: the words are how a bid travels
    assert ann.frames_since(ann_mark).has_text("two red stones")

    reveal(bo, "Bids revealed")
    # the same words do reach Bo once the bids are revealed: the audit above would catch a leak
    bo.see_label("Ann bid two red stones", timeout=WAIT)
    assert bo.frames_since(mark).has_text("two red stones")
    # two-stone bids: everyone throws one; Ann's red goes first
    ann.see("Your turn: remove a stone with your red stone", timeout=WAIT)
    ann.see("Tap the stone to remove with your red stone", timeout=WAIT)
    shot(ann, "remove")
    ann.tap_until("D3", "Remove the stone on D3?")
    ann.tap_until("Remove D3", "D3 empty", label=True)
    bo.tap_until("E2", "Yellow stone on E2?")
    bo.tap_until("Place on E2", "E2 yellow stone", label=True)
    for phone in (ann, bo, cy):
        phone.see("Ann's red stone removes the blue stone on D3", timeout=WAIT)
    ann.see_label("Ann red 1", timeout=WAIT)
    ann.see_label("D3 empty", timeout=WAIT)
    ann.see_label("E2 yellow stone", timeout=WAIT)

    # -- round 3: everyone bids zero and the game ends
    for phone in (ann, bo, cy):
        bid(phone, "Bid nothing", "nothing")
    reveal(cy, "Cy wins")
    for phone in (ann, bo, cy):
        phone.see("Cy wins", timeout=WAIT)
    ann.see("Everyone bid zero in the same round", timeout=WAIT)
    shot(ann, "over")
    assert_played_through(seated)


def test_host_sets_up_on_the_wide_table_screen(server, phones):
    """The host's laptop (landscape): towers moved and put back, colours, start player,
    then the table screen shows the board, every pile, the turn tower and the towers."""
    made = server.companion("new", "bluffstones", "--players", "Ann,Bo", "--json")
    assert made.returncode == 0, made.stderr
    code = json.loads(made.stdout)["code"]
    host = phones("host", viewport={"width": 1280, "height": 800})
    host.open(f"{server.url}/host/{server.host_key}")
    host.see("New table", timeout=WAIT)  # the host key is kept before we move on
    host.open(f"{server.url}/t/{code}")
    host.see("Set up the table", timeout=WAIT)

    # move one tower by tapping the board (the tower, then its new circle), then take the
    # default layout again
    host.tap_until("B2", "Moving the tower on B2")
    host.tap_until("A1", "Towers stand on A1, B4, D2, D4, D6, F2, F4 (a layout of your own).")
    host.tap_until("Use the default layout", "(the default layout)")

    for circle, colour in TOWER_COLOURS.items():
        host.tap_until(f"{circle} {colour}", f"Tower {circle} {colour}", label=True)
    host.tap_until("Bo starts", "Bo holds the turn tower.")
    host.tap_until("Start game", "Waiting for Bo and Ann to bid")

    # the table screen: the board, every pile, the turn tower and what each tower needs
    host.see("Turn tower: Bo", timeout=WAIT)
    host.see_label("D4 blue tower", timeout=WAIT)
    host.see_label("Ann red 4", timeout=WAIT)
    host.see_label("Bo towers 0", timeout=WAIT)
    host.see_label("D4 blue: 0 of 3", timeout=WAIT)
    assert host.button("Bid 1 blue").count() == 0  # the table screen never bids
    assert host.button("D4").count() == 0  # nor taps the board
    shot(host, "table-wide")


LARGE = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}


def host_act(server, code: str, kind: str, payload: dict | None = None, seat: int | None = None) -> None:
    """One move through the JSON transport with the host's key (as a script would)."""
    import urllib.request

    body = {"kind": kind, "payload": payload or {}, **({"seat": seat} if seat is not None else {})}
    request = urllib.request.Request(f"{server.url}/api/tables/{code}/actions", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json", "X-Host-Key": server.host_key})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


def round_two(server) -> str:
    """A 3-player table in round 2: Ann placed a blue stone next to D4 in round 1."""
    made = server.companion("new", "bluffstones", "--players", "Ann,Bo,Cy", "--json")
    assert made.returncode == 0, made.stderr
    code = json.loads(made.stdout)["code"]
    host_act(server, code, "tower_colour", {"colours": TOWER_COLOURS})
    host_act(server, code, "start_player", {"player": 0})
    host_act(server, code, "start")
    host_act(server, code, "bid", {"count": 1, "colour": "blue"}, seat=0)
    for seat in (1, 2):
        host_act(server, code, "bid", {"count": 0}, seat=seat)
    host_act(server, code, "reveal")
    host_act(server, code, "place", {"circle": "D3"}, seat=0)
    return code


def keep(phone, name: str) -> None:
    """A kept screenshot once the canvas has painted what the accessibility tree says."""
    phone.page.wait_for_timeout(1500)
    phone.keep_screenshot(name)


@pytest.mark.parametrize("size", [LARGE, TV], ids=["1280x800", "1920x1080"])
def test_the_table_view_is_readable_from_across_the_table(server, phones, size):
    code = round_two(server)
    host = phones("host", viewport=size).become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see("Round 2", timeout=WAIT)
    host.see_label("D4 blue: 1 of 3", timeout=WAIT)
    keys = ["Round 2", "Ann towers 0", "Ann stones left 17", "Bo stones left 18", "D4 blue: 1 of 3"]
    host.assert_readable_from_afar(keys)
    # issue 26: the stones left per colour too, measured on the page (the text's box, its digits)
    numbers = ["Ann towers 0", "Ann stones left 17", "Bo stones left 18", "Ann blue 4", "Ann yellow 5",
               "Bo green 5", "Cy red 3"]
    host.assert_numbers_readable_from_afar(numbers)
    host.assert_fills_the_screen(numbers)
    host.see_label("D3 blue stone", timeout=WAIT)  # the board, drawn
    assert host.button("Bid 1 blue").count() == 0 and host.button("D4").count() == 0  # no controls
    keep(host, f"bluffstones-table-{size['width']}")


def test_phone_and_table_screens_light_and_dark(server, phones):
    code = round_two(server)
    join = f"{server.url}/join/{code}"
    ann = phones("ann", dark=True).open(join)
    ann.tap("Sit as Ann", timeout=WAIT)
    ann.see("Your secret bid", timeout=WAIT)
    ann.see("D4 blue: 1 of 3", timeout=WAIT)
    assert sum(ann.background()) < 200  # a dark page
    keep(ann, "bluffstones-phone-dark")
    bo = phones("bo").open(join)
    bo.tap("Sit as Bo", timeout=WAIT)
    bo.see("Your secret bid", timeout=WAIT)
    assert sum(bo.background()) > 500
    keep(bo, "bluffstones-phone-light")
    for dark in (True, False):
        host = phones(f"host-{dark}", viewport=LARGE, dark=dark).become_host(server)
        host.open(f"{server.url}/t/{code}")
        host.see_label("D4 blue: 1 of 3", timeout=WAIT)
        keep(host, f"bluffstones-table-{'dark' if dark else 'light'}")
