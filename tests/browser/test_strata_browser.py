"""Four Big Strata on four real phones (Chromium, 390 x 844) against the real server.

Two rounds, tribute rate 1 (a table setting) so one Influence card makes a tribute:
- setup: Cy and Di take their extra resource; Di exchanges 4 Grain for 1 Money;
- round 1: secret bids Ann 2, Bo 2 (a tie: Ann, the start player, picks first), Cy 3,
  Di 5 (the distinctive amount the frame audit looks for); every card kind is entered:
  face up with an effect, face down kept down with the front Bo looked at (and Bo's
  all-face-down gift); the tribute: Cy (Influence 1) takes 1 from each, Ann and Bo as
  Cy chooses, Di has nothing left (a shortfall) and turns his card down to pay;
- round 2: everyone bids 0, Cy turns his Influence card down, no tribute: round 3.

Frame audit: Ann, Bo and Cy record every websocket frame; nothing they receive before
the reveal carries Di's bid the way a screen shows it ("Di bid 5", "Your bid: 5"), and
after the reveal "Di bid 5" does reach them (the positive control). The front of Bo's
face-down card ("saw Artisan") reaches Bo's phone only.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from tests.browser.harness import ARTIFACTS

pytestmark = pytest.mark.browser

WAIT = 30000  # ms: two shared cores, four Flutter phones


def shot(phone, name: str) -> None:
    if os.environ.get("STRATA_SHOTS"):  # for looking at the layout
        phone.page.wait_for_timeout(800)
        phone.screenshot(ARTIFACTS / "strata" / f"{name}.png")




def bid(phone, amount: int) -> None:
    phone.tap_until(f"Bid {amount}", f"You will bid {amount} Money")
    phone.tap_until("Confirm bid", f"Your bid: {amount} Money")


def take(phone, after: str, *taps: str) -> None:
    """Enter a card as taps, then Confirm card; ``after`` is what the phone shows next."""
    for name in taps:
        phone.tap(name, timeout=WAIT)
    phone.see("You take:", timeout=WAIT)
    phone.tap_until("Confirm card", after, label=True)


def test_strata_two_rounds_on_four_phones(server, phones):
    started = time.time()
    made = server.companion("new", "strata", "--players", "Ann,Bo,Cy,Di", "--set", "tribute_rate=1", "--json")
    assert made.returncode == 0, made.stderr
    code = json.loads(made.stdout)["code"]
    join = f"{server.url}/join/{code}"

    ann, bo, cy, di = (phones(n) for n in ("ann", "bo", "cy", "di"))
    for phone in (ann, bo, cy, di):
        phone.record_frames()
    for phone, name in ((ann, "Ann"), (bo, "Bo"), (cy, "Cy"), (di, "Di")):
        phone.open(join)
        phone.tap(f"Sit as {name}", timeout=WAIT)
        phone.see("Phase: Setup: extra resources", timeout=WAIT)

    # -- setup: the 3rd and 4th players take 1 extra resource of their choice
    cy.tap_until("Extra 1 Money 0 Grain", "You will take 1 Money.")
    cy.tap_until("Confirm extra", "Phase: Setup: extra resources")
    shot(di, "setup")
    di.tap_until("Extra 0 Money 1 Grain", "You will take 1 Grain.")
    di.tap_until("Confirm extra", "Round 1 of 15", label=True)
    for phone in (ann, bo, cy):
        phone.see_label("Round 1 of 15", timeout=WAIT)
    # any time: the 4:1 exchange
    di.tap_until("Give 4 Grain for 1 Money", "Di Money 5", label=True)
    di.see_label("Di Grain 1", timeout=WAIT)

    # -- round 1: secret bids with a tie (Ann 2, Bo 2) and Di's distinctive 5
    marks = {p.name: len(p.frames) for p in (ann, bo, cy, di)}
    bid(ann, 2)
    bid(bo, 2)
    bid(cy, 3)
    bid(di, 5)
    shot(di, "bid")
    for phone in (ann, bo, cy):
        phone.see("Everyone has bid: reveal the bids.", timeout=WAIT)
        seen = phone.frames_since(marks[phone.name])
        assert seen.strip(), "no frames recorded: the audit would prove nothing"
        for leak in ("Di bid 5", "Your bid: 5", "You will bid 5"):
            assert leak not in seen, f"{phone.name} received {leak!r} before the reveal"
    # Di's own phone did receive it, written the same way: the search would catch a leak
    assert "Your bid: 5 Money" in di.frames_since(marks["di"])

    ann.tap_until("Reveal bids", "Reveal every bid?")
    ann.tap_until("Reveal", "Bids and pick order")
    for phone in (ann, bo, cy):
        phone.see_label("Di bid 5", timeout=WAIT)
        assert "Di bid 5" in phone.frames_since(marks[phone.name])  # the positive control
    ann.see_label("Pick 1: Di", timeout=WAIT)
    ann.see_label("Pick 3: Ann", timeout=WAIT)  # the tie: Ann is the start player
    ann.see_label("Pick 4: Bo", timeout=WAIT)
    shot(ann, "pick-order")

    # picks: Di, Cy, Ann, Bo
    take(di, "Di card 1: Merchant 1 point", "Merchant", "1 point")
    take(cy, "Cy card 2: Scholar 2 points, +1 Influence", "Scholar", "2 points", "Effect +1 Influence")
    take(ann, "Ann card 3: Peasant 2 points, +1 Grain", "Peasant", "2 points", "Effect +1 Grain")
    bo.see("Your turn: take a card", timeout=WAIT)
    for name in ("Face down", "Into Merchants", "Artisan", "3 points", "Effect Trade 4 for 2"):
        bo.tap(name, timeout=WAIT)
    bo.see("All your cards will be face down", timeout=WAIT)
    bo.tap("Gift 1 Money 0 Grain", timeout=WAIT)
    shot(bo, "take-face-down")
    bo.tap_until("Confirm card", "Bo card 4: face down, saw Artisan 3 points, Trade 4 for 2", label=True)

    # -- tribute: Cy takes 1 from Ann, Bo and Di (processing order from the start player)
    cy.see("Tribute: take 1 from Ann", timeout=WAIT)
    ann.see("Cy takes 1 from Ann: Cy chooses Money or Grain", timeout=WAIT)
    shot(cy, "tribute")
    cy.tap_until("Take 1 Money 0 Grain", "Confirm tribute")
    cy.tap_until("Confirm tribute", "Tribute: take 1 from Bo")
    cy.tap_until("Take 0 Money 1 Grain", "Confirm tribute")
    cy.tap_until("Confirm tribute", "Cy takes 1 from Di: Di has only 0")
    # the shortfall: Di has nothing and must turn his last face-up card down first
    di.see("You owe Cy 1 but have only 0", timeout=WAIT)
    di.tap_until("Turn down card 1", "It is your last face-up card")
    di.tap("Get 0 Money 2 Grain", timeout=WAIT)
    di.tap("Gift 0 Money 1 Grain", timeout=WAIT)
    shot(di, "flip-to-pay")
    di.tap_until("Confirm turn down", "Round 2 of 15", label=True)
    for phone in (ann, bo, cy, di):
        phone.see_label("Round 2 of 15", timeout=WAIT)
    ann.see("Cy took 1 Money from Ann", timeout=WAIT)
    ann.see("Cy took 1 Grain from Bo", timeout=WAIT)
    ann.see("Cy took 1 Grain from Di", timeout=WAIT)  # only Grain was left: no choice
    ann.see_label("Cy Money 3", timeout=WAIT)
    di.see_label("Di Grain 2", timeout=WAIT)
    for phone in (ann, cy, di):  # the front Bo looked at stays on Bo's phone
        assert "saw Artisan" not in phone.frames_since(0)
    assert "saw Artisan" in bo.frames_since(0)

    # the host's table screen on a laptop: public information only
    host = phones("host", viewport={"width": 1280, "height": 800})
    host.record_frames()
    host.open(f"{server.url}/host/{server.host_key}")
    host.see("New table", timeout=WAIT)  # the host key is kept before we move on
    host.open(f"{server.url}/t/{code}")
    host.see_label("Round 2 of 15", timeout=WAIT)
    host.see("Start: Bo", timeout=WAIT)
    host.see("Waiting for bids from Ann, Bo, Cy, Di.", timeout=WAIT)
    host.see("Cy took 1 Money from Ann", timeout=WAIT)
    host.see_label("Bo card 4: face down", timeout=WAIT)
    shot(host, "table-wide")
    assert "saw Artisan" not in host.frames_since(0)
    host.close()

    # -- round 2 (start Bo): everyone bids 0, so the order is Bo, Cy, Di, Ann
    for phone in (bo, cy, di, ann):
        bid(phone, 0)
    bo.tap_until("Reveal bids", "Reveal every bid?")
    bo.tap_until("Reveal", "Bids and pick order")
    take(bo, "Bo card 5: Peasant 1 point", "Peasant", "1 point")
    take(cy, "Cy card 6: Artisan 1 point", "Artisan", "1 point")
    # any time: Cy turns his Influence card down for 1 Money and 1 Grain
    cy.tap_until("Turn down card 2", "Confirm turn down")
    cy.tap("Get 1 Money 1 Grain", timeout=WAIT)
    cy.tap_until("Confirm turn down", "Cy Influence 0", label=True)
    take(di, "Di card 7: Artisan 2 points", "Artisan", "2 points")
    take(ann, "Round 3 of 15", "Merchant", "1 point")
    for phone in (ann, bo, cy, di):
        phone.see_label("Round 3 of 15", timeout=WAIT)
    bo.see("Nobody has enough more Influence than another: no tribute.", timeout=WAIT)
    shot(ann, "round-3")
    assert time.time() - started < 240
