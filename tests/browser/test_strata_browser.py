"""Four Big Strata in real Chromium against the real server.

- The host's table screen at 1280x800 and 1920x1080: the round, the phase, the start
  player and every player's Money, Grain, Influence and cards per class drawn at 40 px
  type or more (measured on the page: the text's box and its digits), the screen filled; no
  controls; screenshots of the phone and the table in light and dark kept as artifacts
  (``tests/artifacts/screens/``).
- Two whole rounds on three phones (390 x 844) through the flow: the secret bids (a frame
  audit: no phone, nor the table screen, receives another seat's bid before the reveal;
  after it they do), cards entered in two taps (one with two effects, one face down), the
  production and feeding step with its Done, the tribute taker by taker.
"""

from __future__ import annotations


import pytest

from tests.browser.harness import BUILDS, assert_played_through, connections_of, host_act, new_table

pytestmark = pytest.mark.browser

WAIT = 30000  # ms: two shared cores, several Flutter pages
LARGE = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}


def sit(phones, server, code, name, dark=False, build="wasm", held=False):
    """``held``: the test may hold back what the phone sends (:meth:`Phone.hold_sending`)."""
    phone = phones(name.lower(), dark=dark, build=build)
    phone.record_frames()  # (before the page opens its websocket)
    if held:
        phone.hold_sending()
    phone.open(f"{server.url}/join/{code}")
    phone.tap(f"Sit as {name}", timeout=WAIT)
    phone.see_label("Phase: Setup: extra resources", timeout=WAIT)
    return phone


def keep(phone, name: str, label: str) -> None:
    """A screenshot kept as an artifact once ``label`` is on screen (and still is after:
    on two busy cores a page may be reconnecting when the picture is taken)."""
    for _ in range(3):
        phone.see_label(label, timeout=WAIT)
        phone.page.wait_for_timeout(400)
        phone.keep_screenshot(name)
        if phone.label_heights([label]):
            return
    raise AssertionError(f"{name}: {label!r} went away while the screenshot was taken")


def take(phone, grid: str, effect: str, after: str) -> None:
    """A card in two taps: its class and points, then its effect (by its exact label)."""
    phone.tap(grid, timeout=WAIT)
    phone.see("its effect?", timeout=WAIT)
    phone.tap_until(f"Effect {effect}", after, label=False)


def effect_named(phone, words: str) -> str:
    """The accessible name of the effect button whose label has ``words``."""
    phone.see("its effect?", timeout=WAIT)
    phone.page.wait_for_timeout(300)
    names = phone.page.evaluate(
        "() => Array.from(document.querySelectorAll('flt-semantics')).map("
        "e => (e.getAttribute('aria-label') || e.textContent || '').trim())")
    found = [n for n in names if n.startswith("Effect ") and words in n]
    assert found, (words, [n for n in names if n.startswith("Effect ")])
    return found[0]


@pytest.mark.parametrize("size", [LARGE, TV], ids=["1280x800", "1920x1080"])
def test_the_host_table_screen_is_readable_from_across_the_table(server, phones, size):
    code = new_table(server, "strata", "Ann,Bo,Cy")
    cy = sit(phones, server, code, "Cy")
    cy.tap_until("Extra 1 Money 0 Grain", "Round 1 of 15", label=True)
    host = phones("host", viewport=size).become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see_label("Round 1 of 15", timeout=WAIT)
    keys = ["Round 1 of 15", "Ann Money 4", "Bo Grain 4", "Cy Money 5", "Cy Influence 0"]
    for key in keys:
        host.see_label(key, timeout=WAIT)
    host.assert_readable_from_afar(keys)
    # issue 26: the score (cards per class) and the resources, measured on the page
    numbers = ["Ann Money 4", "Bo Grain 4", "Cy Money 5", "Cy Influence 0", "Ann Scholars 0",
               "Bo Peasants 0", "Cy Artisans 0", "Cy Merchants 0"]
    host.assert_numbers_readable_from_afar(numbers)
    host.assert_fills_the_screen(numbers)
    assert host.button("Bid 0").count() == 0  # no controls on the table screen
    keep(host, f"strata-table-{size['width']}", "Cy Money 5")


def test_phone_and_table_screens_in_light_and_dark(server, phones):
    code = new_table(server, "strata", "Ann,Bo,Cy")
    ann = sit(phones, server, code, "Ann", dark=True)
    bo = sit(phones, server, code, "Bo")
    cy = sit(phones, server, code, "Cy")
    cy.tap_until("Extra 0 Money 1 Grain", "Round 1 of 15", label=True)
    ann.see_label("Round 1 of 15", timeout=WAIT)
    assert sum(ann.background()) < 200  # a dark page
    keep(ann, "strata-phone-dark", "Round 1 of 15")
    bo.see_label("Round 1 of 15", timeout=WAIT)
    assert sum(bo.background()) > 500
    keep(bo, "strata-phone-light", "Round 1 of 15")
    # the card entry: class and points on one screen, in the class colours
    for phone in (ann, bo, cy):
        phone.tap_until("Bid 0", "Your bid: 0 Money")
    ann.tap_until("Reveal bids", "Reveal every bid?")
    ann.tap_until("Reveal", "Bids and pick order")
    ann.see_label("Scholar 2 points", timeout=WAIT)
    keep(ann, "strata-phone-card-entry-dark", "Scholar 2 points")
    ann.tap("Scholar 2 points", timeout=WAIT)
    ann.see("its effect?", timeout=WAIT)
    keep(ann, "strata-phone-effect-dark", "Scholar, 2 points: its effect?")
    for dark, name in ((False, "light"), (True, "dark")):
        host = phones(f"host-{name}", viewport=LARGE, dark=dark).become_host(server)
        host.open(f"{server.url}/t/{code}")
        host.see_label("Round 1 of 15", timeout=WAIT)
        host.see_label("Pick 1: Ann bid 0", timeout=WAIT)
        keep(host, f"strata-table-{name}", "Pick 1: Ann bid 0")
        host.close()


def test_strata_two_rounds_on_three_phones(server, phones):
    """Issue 18's flow, tribute rate 1 (a table setting):
    round 1 (start Ann): bids Ann 1, Bo 4 (all his Money: the amount the audit looks for),
    Cy 0; Bo's Scholar has two effects (+1 Influence, costs 1 Money) and he has no Money to
    feed it: in the production step he turns it face down to pay (the shortfall), then
    Done; Cy (Influence 1) takes 1 from Ann, then 1 from Bo.
    round 2 (start Bo): Bo (Influence 1, nothing left after feeding) takes 1 from Ann before
    Cy (Influence 2) takes 2 from Ann and 1 from Bo: Bo pays Cy with what Ann paid him (the
    taker order); Cy ends over the cap of 10 and discards 1."""
    code = new_table(server, "strata", "Ann,Bo,Cy", "tribute_rate=1")
    ann, bo, cy = (sit(phones, server, code, name) for name in ("Ann", "Bo", "Cy"))
    host = phones("host", viewport=LARGE)
    host.record_frames()
    host.become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see_label("Phase: Setup: extra resources", timeout=WAIT)
    seated = connections_of((ann, bo, cy, host))

    # -- setup: the 3rd player takes 1 extra resource of their choice (one tap)
    cy.tap_until("Extra 1 Money 0 Grain", "Round 1 of 15", label=True)
    for phone in (ann, bo):
        phone.see_label("Round 1 of 15", timeout=WAIT)
        phone.see("Your turn: bid in secret", timeout=WAIT)

    # -- round 1: secret bids, one tap each
    marks = {p.name: len(p.frames) for p in (ann, cy, host)}
    ann.tap_until("Bid 1", "Your bid: 1 Money")
    cy.tap_until("Bid 0", "Your bid: 0 Money")
    bo.tap_until("Bid 4", "Your bid: 4 Money")
    for phone in (ann, cy, host):
        phone.see("Everyone has bid: reveal the bids.", timeout=WAIT)
        seen = phone.frames_since(marks[phone.name])
        assert seen.count, "no frames recorded: the audit would prove nothing"
        for leak in ("Bo bid 4", "Your bid: 4", "bid 4"):
            assert not seen.has_text(leak), f"{phone.name} received {leak!r} before the reveal"
    assert bo.frames_since(0).has_text("Your bid: 4 Money")  # the positive control
    ann.tap_until("Reveal bids", "Reveal every bid?")
    ann.tap_until("Reveal", "Bids and pick order")
    for phone in (ann, cy):
        phone.see_label("Bo bid 4", timeout=WAIT)
    host.see_label("Pick 1: Bo bid 4", timeout=WAIT)
    ann.see("Bo outbid you: you pick second", timeout=WAIT)  # the news

    # picks: Bo, Ann, Cy; each card in two taps
    take(bo, "Scholar 2 points", "+1 Influence, Costs 1 Money", "Bo card 1: Scholar 2 points, +1 Influence, Costs 1 Money")
    take(ann, "Peasant 3 points", "+1 Grain", "Ann card 2: Peasant 3 points, +1 Grain")
    take(cy, "Artisan 2 points", "+1 Influence", "Cy card 3: Artisan 2 points, +1 Influence")

    # -- production and feeding, an explicit step
    ann.see("You gain 1 Grain; you feed 1 Grain.", timeout=WAIT)
    host.see_label("Ann not done", timeout=WAIT)
    ann.tap_until("Done: my tokens are moved", "Done: you have 3 Money and 4 Grain.")
    host.see_label("Ann done", timeout=WAIT)
    bo.see("You lack 1 Money to feed", timeout=WAIT)  # the shortfall: turn the card down
    keep(bo, "strata-phone-production-shortfall", "Turn down card 1")
    bo.tap_until("Turn down card 1", "Confirm turn down")
    bo.tap("Get 2 Money 0 Grain", timeout=WAIT)
    bo.tap("Gift 1 Money 0 Grain", timeout=WAIT)
    bo.tap_until("Confirm turn down", "Bo card 1: face down", label=False)
    bo.see("You gain nothing; you feed 1 Grain.", timeout=WAIT)
    bo.tap_until("Done: my tokens are moved", "Done: you have 3 Money and 3 Grain.")
    cy.tap("Done: my tokens are moved", timeout=WAIT)

    # -- the tribute: Cy (Influence 1) takes from Ann, then from Bo
    cy.see("Tribute: take 1 from Ann", timeout=WAIT)
    keep(host, "strata-table-tribute", "Round 1 of 15")
    cy.tap_until("Take 0 Money 1 Grain", "Tribute: take 1 from Bo")
    cy.tap("Take 1 Money 0 Grain", timeout=WAIT)
    for phone in (ann, bo, cy):
        phone.see_label("Round 2 of 15", timeout=WAIT)
    host.see_label("Start player: Bo", timeout=WAIT)
    ann.see("Cy took 1 Grain from Ann", timeout=WAIT)

    # -- round 2 (start Bo): Bo bids all his Money; the order is Bo, Cy, Ann
    bo.tap_until("Bid 2", "Your bid: 2 Money")
    cy.tap_until("Bid 0", "Your bid: 0 Money")
    ann.tap_until("Bid 0", "Your bid: 0 Money")
    bo.tap_until("Reveal bids", "Reveal every bid?")
    bo.tap_until("Reveal", "Bids and pick order")
    # Bo's Artisan has two effects that are not among the usual: ticked one by one
    bo.tap("Artisan 1 point", timeout=WAIT)
    bo.see("its effect?", timeout=WAIT)
    bo.tap("Other or more effects", timeout=WAIT)
    bo.tap("Tick +1 Influence", timeout=WAIT)
    bo.tap("Tick Eats 1 Grain", timeout=WAIT)
    bo.tap_until("Take it: +1 Influence, Eats 1 Grain", "Bo card 4: Artisan 1 point, +1 Influence, Eats 1 Grain")
    take(cy, "Scholar 1 point", "+1 Influence", "Cy card 5: Scholar 1 point, +1 Influence")
    take(ann, "Merchant 1 point", "+1 Money", "Ann card 6: Merchant 1 point, +1 Money")
    for phone, after in ((ann, "Done: you have 4 Money and 2 Grain."), (bo, "Done: you have 0 Money and 0 Grain."),
                         (cy, "Bo takes 1 from Ann")):  # the last Done ends the step
        phone.tap_until("Done: my tokens are moved", after)

    # -- the tribute, taker by taker from the start player: Bo first, then Cy
    bo.see("Tribute: take 1 from Ann", timeout=WAIT)
    bo.tap("Take 1 Money 0 Grain", timeout=WAIT)
    cy.see("Tribute: take 2 from Ann", timeout=WAIT)
    cy.tap("Take 1 Money 1 Grain", timeout=WAIT)
    # Bo had nothing before the tribute; Ann's Money pays Cy (no choice: taken at once)
    cy.see("discard 1 down to 10", timeout=WAIT)
    cy.tap("Discard 0 Money 1 Grain", timeout=WAIT)
    for phone in (ann, bo, cy):
        phone.see_label("Round 3 of 15", timeout=WAIT)
    for line in ("Bo took 1 Money from Ann", "Cy took 1 Money, 1 Grain from Ann", "Cy took 1 Money from Bo"):
        host.see(line, timeout=WAIT)
    keep(host, "strata-table-round-3", "Round 3 of 15")
    assert_played_through(seated)


@pytest.mark.parametrize("build", BUILDS)
def test_three_phones_tapping_done_at_once_are_all_taken(server, phones, build):
    """Issue 37: at round 1's production step Ann, Bo and Cy tap "Done: my tokens are
    moved" at the same moment (their taps held back and sent together, so each is based
    on the screen from before the others'): each player's own Done is independent of the
    others', so none is refused and the round moves on at once."""
    code = new_table(server, "strata", "Ann,Bo,Cy")
    trio = [sit(phones, server, code, name, build=build, held=True) for name in ("Ann", "Bo", "Cy")]
    assert {phone.loaded_build() for phone in trio} == {build}
    host_act(server, code, "setup_extra", {"money": 1}, seat=2)  # the host, for the players
    for seat in range(3):
        host_act(server, code, "bid", {"amount": 0}, seat=seat)
    host_act(server, code, "reveal", {})
    for _ in range(3):
        host_act(server, code, "take_card", {"face": "up", "class": "peasants", "points": 1})
    for phone in trio:
        phone.see_label("Done: my tokens are moved", timeout=WAIT)
        phone.holding()
    for phone in trio:
        phone.tap("Done: my tokens are moved", timeout=WAIT)
    for phone in trio:
        phone.release()
    for phone in trio:
        phone.see_label("Round 2 of 15", timeout=WAIT)
    for phone in trio:
        assert phone.text("moved on").count() == 0, f"{phone.name} was refused"
