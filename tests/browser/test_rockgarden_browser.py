"""Rock Garden on four real phones (390 x 844, headless Chromium): two full rounds.

Round 1: every phone records its starting garden, Bo lays out three piles, Bo / Cy / Di
bid, Ann's illegal bid is refused with the engine's words, Ann undercuts Bo with a bid
of no rocks, Bo passes and draws W3, the exchange happens by itself, Bo follows the
advisor's plan (two sets, one tap each) and Ann follows hers: the best plan is the
Straight Flush although the first set listed in her garden is the Trips.
Round 2 (tracker of 1 space, so the black rock is now in the bag): Bo lays out the
piles, everyone bids nothing, Ann passes and draws the black rock: the game ends after
that scoring. Every phone's websocket frames are audited: before the end no phone
receives another player's demerit total as the screens display it ("Bo demerits 3").
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

from companion.cli.commands.common import open_tables
from companion.table.hub import Who
from tests.browser.harness import ARTIFACTS, assert_played_through, connections_of

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
NAMES = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Blue", "W": "White"}
ROMAN = {"1": "I", "2": "II", "3": "III"}
WAIT = 30000


def label(code: str) -> str:
    return f"{NAMES[code[0]]} {ROMAN[code[1]]}"


class Table:
    """The table as the test drives it: the code and the move the host must have taken."""

    def __init__(self, url: str, code: str, phones: dict):
        self.url = url
        self.code = code
        self.phones = phones
        self.move = 0

    def synced(self, phone) -> None:
        """Wait until the host has taken every move so far (the table's move count, as its
        JSON transport tells a watcher: the phones draw no move counter, issue 25); each
        tap then waits for its button on the phone."""
        deadline = time.monotonic() + WAIT / 1000
        while True:
            with urllib.request.urlopen(f"{self.url}/api/tables/{self.code}", timeout=10) as answer:
                if json.load(answer)["moves"] >= self.move:
                    return
            if time.monotonic() > deadline:
                raise AssertionError(f"the host never reached move {self.move}")
            time.sleep(0.05)

    def act(self, who: str, button: str) -> None:
        """Tap a button that sends one action, once the phone shows the latest move."""
        phone = self.phones[who]
        self.synced(phone)
        phone.tap(button, timeout=WAIT)
        self.move += 1
        self.synced(phone)

    def choose(self, who: str, pile: int) -> None:
        """Choose the pile to bid on (a turn starts with none chosen: issue 26)."""
        phone = self.phones[who]
        self.synced(phone)
        phone.tap(f"Bid on pile {pile}", timeout=WAIT)
        phone.see(f"Your bid on pile {pile}", timeout=WAIT)

    def pick(self, who: str, codes: str) -> None:
        """Compose a selection in the rock picker (no action sent)."""
        phone = self.phones[who]
        self.synced(phone)
        counts: dict[str, int] = {}
        for code in codes.split():
            counts[code] = counts.get(code, 0) + 1
            phone.tap(label(code), timeout=WAIT)
            phone.see_label(f"{label(code)} picked {counts[code]}", timeout=WAIT)


def shot(phone, name: str) -> None:
    """Keep a screenshot of a key screen (tests/artifacts/rockgarden) to check the layout."""
    phone.screenshot(ARTIFACTS / "rockgarden" / f"{name}.png")


def test_two_rounds_on_four_phones(server, phones):
    hub = open_tables(str(server.data_dir)).create("rockgarden", PLAYERS, {"tracker_spaces": 1})
    code = hub.code
    join = f"{server.url}/join/{code}"
    ph = {}
    for name in PLAYERS:
        phone = phones(name.lower())
        phone.record_frames()
        phone.open(join)
        phone.tap(f"Sit as {name}", timeout=WAIT)
        ph[name] = phone
    t = Table(server.url, code, ph)
    for phone in ph.values():
        phone.see("Setting up", timeout=WAIT)
    seated = connections_of(ph.values())

    # -- setup: each phone records its five rocks; Ann chooses Bo as start player
    gardens = {"Ann": "R1 R2 R3 R3 Y2", "Bo": "Y1 Y1 Y1 W1 W2",
               "Cy": "G1 B1 W3 R2 Y3", "Di": "B1 B2 W3 W3 G2"}
    for name, rocks in gardens.items():
        t.pick(name, rocks)
        t.act(name, "Record starting rocks")
    ph["Ann"].see_label("My garden Red III: 2 (in a forbidden set)", timeout=WAIT)
    ph["Ann"].see_label("My garden Yellow II: 1", timeout=WAIT)
    t.act("Ann", "Bo starts")

    # -- piles: Bo taps each rock as it comes out; a pile is complete at 6+
    bo = ph["Bo"]
    bo.see("You lay out the piles", timeout=WAIT)
    ph["Cy"].see("Bo is laying out the piles", timeout=WAIT)
    for rock in "G2 B2 R3 Y3".split():
        t.act("Bo", label(rock))
    shot(bo, "piles-bo")
    for rock in "G3 B3 R3".split():
        t.act("Bo", label(rock))
    ph["Ann"].see_label("Pile 1 worth 7", timeout=WAIT)

    # -- bidding, clockwise from the start player
    bo.see("Your turn: bid on a pile", timeout=WAIT)
    t.choose("Bo", 1)
    t.pick("Bo", "W1 W2")
    t.act("Bo", "Place bid")
    t.choose("Cy", 2)
    t.pick("Cy", "G1")
    t.act("Cy", "Place bid")
    t.choose("Di", 3)
    t.pick("Di", "B1")
    t.act("Di", "Place bid")
    ann = ph["Ann"]
    ann.see("Undercut or pass", timeout=WAIT)
    t.choose("Ann", 1)
    ann.see("To undercut: your bid must be worth less than 3, or 3 with fewer than 2 rocks.",
            timeout=WAIT)
    t.pick("Ann", "R3 R3")            # worth 6: refused before it is sent, in the engine's words
    ann.see_label("Your bid must be worth less than 3, or 3 with fewer than 2 rocks", timeout=WAIT)
    assert ann.button("Place bid").first.is_disabled()
    shot(ann, "bid-refused-ann")
    ann.tap("Clear", timeout=WAIT)
    ann.see("Your bid on pile 1: no rocks (worth 0; nobody can undercut it)", timeout=WAIT)
    t.act("Ann", "Place bid")         # undercuts Bo's W1 W2 with a bid of no rocks
    ph["Cy"].see_label("Pile 1 bid Ann worth 0", timeout=WAIT)

    # -- Bo passes and draws W3; the exchange happens by itself
    bo.see("Undercut or pass", timeout=WAIT)
    t.synced(bo)
    bo.tap("Pass", timeout=WAIT)
    bo.see("then draw one rock from the bag and tap it", timeout=WAIT)
    shot(bo, "pass-bo")
    t.act("Bo", label("W3"))
    ann.see_label("My garden 8 rocks", timeout=WAIT)

    # -- turn-ins from the passer: Bo follows the advisor, one tap per set
    bo.see("Turn in your forbidden sets", timeout=WAIT)
    ann.see("Deck tops you will face after Bo (if they follow their best plan): "
            "Trips 2, Foursome 1, Straight Flush 2", timeout=WAIT)
    t.act("Bo", "Follow plan 1")
    t.act("Bo", "Turn in the next set")
    bo.see_label("Bo demerits 3", timeout=WAIT)

    # -- Ann: the first set in her garden is the Trips, the best plan is the Straight Flush
    ann.see("Turn in your forbidden sets", timeout=WAIT)
    ann.see("Plan 1: 2 demerits, 1 card, keep 5 rocks", timeout=WAIT)
    ann.see("Plan 2: 3 demerits, 2 cards, keep 1 rock", timeout=WAIT)
    sets = ann.page.get_by_role("button", name=re.compile(r"^Turn in (Trips|Foursome|Straight)"))
    sets.first.wait_for(timeout=WAIT)
    names = sets.evaluate_all("els => els.map(e => e.getAttribute('aria-label') || e.textContent)")
    assert names[0] == "Turn in Trips: Red III, Red III, Red III", names  # what one would see first
    shot(ann, "turn-in-ann")
    t.act("Ann", "Follow plan 1")
    ann.see_label("Ann demerits 2", timeout=WAIT)

    # -- round 2: the black rock went into the bag; the passer lays out the piles
    for phone in ph.values():
        phone.see("The black rock is in the bag", timeout=WAIT)
    bo.see("You lay out the piles", timeout=WAIT)
    for rock in "Y3 B3 G2 Y2 R1 R1 Y1 W2 R3".split():
        t.act("Bo", label(rock))
    for pile, name in enumerate(("Bo", "Cy", "Di"), start=1):
        t.choose(name, pile)
        t.act(name, "Place bid")      # bids of no rocks on piles 1, 2, 3
    ann.see("Your turn: pass", timeout=WAIT)  # nobody can undercut a bid of no rocks

    # -- the audit, just before the game ends
    for name, phone in ph.items():
        received = phone.frames_since(0)
        assert received.has_text(f"{name} demerits"), f"{name}'s own total never reached {name}"
        for other in PLAYERS:
            if other != name:
                assert not received.matches(rf"\b{other} demerits \d"), \
                    f"{name}'s phone received {other}'s demerits"
    assert ph["Bo"].frames_since(0).has_text("Bo demerits 3")

    # -- Ann passes and draws the black rock: the game ends after this round's scoring
    t.synced(ann)
    ann.tap("Pass", timeout=WAIT)
    ann.tap("I drew the black rock", timeout=WAIT)
    ann.tap("Black rock: last round", timeout=WAIT)
    for phone in ph.values():
        phone.see("Game over", timeout=WAIT)
        phone.see("The passing player drew the black rock", timeout=WAIT)
    cy = ph["Cy"]
    for name, place, demerits in (("Di", 1, 0), ("Cy", 2, 0), ("Bo", 3, 3), ("Ann", 4, 3)):
        cy.see_label(f"{name} place {place}", timeout=WAIT)
        cy.see_label(f"{name} demerits {demerits}", timeout=WAIT)
    cy.see("Demerits by round", timeout=WAIT)  # the chart, and what it says in words
    cy.see("Ann: R1 2, R2 1; Bo: R1 3, R2 0", timeout=WAIT)
    shot(cy, "final-cy")
    assert_played_through(seated)


def test_host_table_screen_wide_and_pass_and_play(server, phones):
    """The host's laptop screen: the big table screen (public only, no controls), and
    entering for a player through the frame's selector (pass-and-play)."""
    from companion.table.hub import Who

    host_who = Who(host=True)
    hub = open_tables(str(server.data_dir)).create("rockgarden", PLAYERS, {"tracker_spaces": 1})
    script = ROUND_ONE
    for seat, kind, payload in script:  # round 1 as the phones would have played it
        hub.act(host_who, kind, payload, None, seat)
    host = phones("host", viewport={"width": 1280, "height": 800})
    host.record_frames()
    host.open(f"{server.url}/host/{server.host_key}")
    host.see("New table", timeout=WAIT)
    host.open(f"{server.url}/t/{hub.code}")
    host.see("Bo lays out the piles", timeout=WAIT)  # the big table screen: no controls
    host.see("The black rock is in the bag", timeout=WAIT)
    host.see_label("Bo demerit cards 3", timeout=WAIT)
    assert host.button(label("Y3")).count() == 0
    shot(host, "host-table-wide")
    assert not host.frames_since(0).matches(r"\b(Ann|Bo|Cy|Di) demerits \d")

    # pass-and-play: the host enters for Bo: first a veil, then Bo's garden and demerits
    host.page.locator("flt-semantics[role=button][aria-expanded]").first.click(timeout=WAIT)
    host.page.get_by_text("Enter for Bo", exact=True).or_(
        host.page.get_by_role("menuitem", name="Enter for Bo")).first.click(timeout=WAIT)
    host.see("Hand the device to Bo, then tap", timeout=WAIT)
    host.see_label("Bo's turn: lay out the piles", timeout=WAIT)  # the table stays meanwhile
    host.see_label("Piles 0 of 3", timeout=WAIT)
    host.see_label("Bo demerit cards 3", timeout=WAIT)
    shot(host, "host-veil-bo")
    assert not host.frames_since(0).has_text("Bo demerits")  # nothing of Bo's before the tap
    host.tap("I am Bo: show my screen", timeout=WAIT)
    host.see("You lay out the piles", timeout=WAIT)
    host.see_label("Bo demerits 3", timeout=WAIT)
    shot(host, "host-enters-for-bo")
    host.tap(label("Y3"), timeout=WAIT)
    host.see("Hand the device to Bo, then tap", timeout=WAIT)  # her move done: the veil again
    host.tap("Back to the table screen", timeout=WAIT)
    host.see_label("Pile 1 worth 3", timeout=WAIT)


# -- issue 16 and 17: the advice on the phone, the undercut message, the table screen ---------

LARGE = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}
ANN_ADVICE = "Pile 1: bid Red II, Red III (5) and take no demerit if it stands"


def three_at_the_bidding(server):
    """Ann, Bo, Cy; Ann starts and has laid out G2 B2 R3 | Y3 G3: Ann bids first."""
    from companion.table.hub import Who

    hub = open_tables(str(server.data_dir)).create("rockgarden", ["Ann", "Bo", "Cy"])
    host = Who(host=True)
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 W1 W2 B3", "G1 B1 W3 R2 Y3"]):
        hub.act(host, "setup_draw", {"rocks": garden}, None, seat)
    hub.act(host, "start_player", {"player": 0}, None, None)
    hub.act(host, "draw", {"rocks": "G2 B2 R3 Y3 G3"}, None, None)
    return hub


def seat_phone(phones, server, code, name, dark=False):
    phone = phones(name.lower(), dark=dark)
    phone.record_frames()
    phone.open(f"{server.url}/join/{code}")
    phone.tap(f"Sit as {name}", timeout=WAIT)
    return phone


def keep(phone, name):
    """Keep a screenshot once the canvas has painted what the accessibility tree says
    (a busy machine paints a moment after the tree is there)."""
    phone.page.wait_for_timeout(1500)
    phone.keep_screenshot(name)


def box(phone, name):
    return phone.button(name).first.bounding_box()


def test_advice_followed_with_one_tap_and_the_undercut_message(server, phones):
    hub = three_at_the_bidding(server)
    host = phones("host", viewport=LARGE)
    host.record_frames()
    host.become_host(server)
    host.open(f"{server.url}/t/{hub.code}")
    host.see("Ann bids", timeout=WAIT)
    ann = seat_phone(phones, server, hub.code, "Ann")
    bo = seat_phone(phones, server, hub.code, "Bo")
    cy = seat_phone(phones, server, hub.code, "Cy")

    # Ann follows the advice: one tap loads the bid, Place bid sends it
    ann.see("Your turn: bid on a pile", timeout=WAIT)
    ann.see("Advice", timeout=WAIT)
    ann.see("who turns in before you is not known until someone passes", timeout=WAIT)
    ann.tap(ANN_ADVICE, timeout=WAIT)
    ann.see("Your bid on pile 1: Red II, Red III — worth 5, 2 rocks", timeout=WAIT)
    keep(ann, "rockgarden-phone-light")
    before_bo = bo.frames_since(0)
    ann.tap("Place bid", timeout=WAIT)
    cy.see_label("Pile 1 bid Ann worth 5", timeout=WAIT)

    # Bo composes: picking a rock moves no button under the finger
    bo.see("Your turn: bid on a pile", timeout=WAIT)
    place, rock = box(bo, "Place bid"), box(bo, "Yellow I")
    bo.tap("Yellow I", timeout=WAIT)  # the page may scroll to bring it under the finger
    bo.see_label("Yellow I picked 1", timeout=WAIT)
    after_place, after_rock = box(bo, "Place bid"), box(bo, "Yellow I")
    assert after_rock["y"] - after_place["y"] == rock["y"] - place["y"]  # nothing moved apart
    assert (after_place["x"], after_place["width"], after_place["height"]) == \
        (place["x"], place["width"], place["height"])
    bo.tap("White II", timeout=WAIT)
    bo.see_label("White II picked 1", timeout=WAIT)
    assert box(bo, "Place bid") == after_place and box(bo, "Yellow I") == after_rock

    # Bo undercuts Ann on pile 1 with no rocks: Ann is told
    bo.tap("Bid on pile 1", timeout=WAIT)
    bo.tap("Clear", timeout=WAIT)
    bo.see("Your bid on pile 1: no rocks (worth 0; nobody can undercut it)", timeout=WAIT)
    before_cy = cy.frames_since(0)
    bo.tap("Place bid", timeout=WAIT)
    ann.see("Bo undercut your bid on pile 1", timeout=WAIT)
    cy.see_label("Pile 1 bid Bo worth 0", timeout=WAIT)

    # the frame audit: no other phone and not the table screen ever received the advice
    for frames in (before_bo, before_cy, host.frames_since(0)):
        assert frames.count, "no frames recorded: the audit would prove nothing"
        assert not frames.has_text("if it stands") and not frames.has_text("who turns in before you")
        assert not frames.has_text("Red II, Red III (5)")
    assert ann.frames_since(0).has_text("if it stands")


def test_the_composer_starts_empty_and_warns_of_the_set_a_bid_keeps(server, phones):
    """Issue 26, point 4, on a 390 x 844 phone: Ann's turn starts with no pile chosen and
    "Place bid" waits; a bid the table would refuse says why and cannot be placed; the
    walk-through's bid of no rocks on pile 1 warns of the Straight Flush it keeps (the
    engine's words), and is placed only once she taps Place bid."""
    hub = four_at_the_bidding(server)
    host = Who(host=True)
    hub.act(host, "bid", {"pile": 1, "rocks": "G1"}, None, 2)
    hub.act(host, "bid", {"pile": 2, "rocks": "B1"}, None, 3)
    ann = seat_phone(phones, server, hub.code, "Ann")
    ann.see("Your turn: undercut or pass", timeout=WAIT)
    ann.see("Your bid: no pile chosen yet", timeout=WAIT)
    assert ann.button("Place bid").first.is_disabled()
    ann.tap("Bid on pile 1", timeout=WAIT)
    ann.see("Your bid on pile 1: no rocks (worth 0; nobody can undercut it)", timeout=WAIT)
    ann.see("If this bid stands you keep a Straight Flush: 1 demerit", timeout=WAIT)
    ann.page.mouse.move(195, 500)
    ann.page.mouse.wheel(0, 340)  # the composer, under the advice
    ann.page.mouse.move(2, 2)  # no tooltip in the picture
    keep(ann, "rockgarden-bid-warning")
    ann.tap("Red III", timeout=WAIT)
    ann.tap("Red III", timeout=WAIT)
    ann.see_label("Your bid must be worth less than 3, or 3 with fewer than 2 rocks", timeout=WAIT)
    assert ann.button("Place bid").first.is_disabled()
    ann.tap("Clear", timeout=WAIT)
    ann.see("If this bid stands you keep a Straight Flush: 1 demerit", timeout=WAIT)
    ann.tap("Place bid", timeout=WAIT)
    ann.see("Bo is bidding", timeout=WAIT)


def four_at_the_bidding(server):
    from companion.table.hub import Who

    hub = open_tables(str(server.data_dir)).create("rockgarden", PLAYERS)
    host = Who(host=True)
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 Y1 W1 W2", "G1 B1 W3 R2 Y3", "B1 B2 W3 W3 G2"]):
        hub.act(host, "setup_draw", {"rocks": garden}, None, seat)
    hub.act(host, "start_player", {"player": 1}, None, None)
    hub.act(host, "draw", {"rocks": "G2 B2 R3 Y3 G3 B3 R3"}, None, None)
    hub.act(host, "bid", {"pile": 0, "rocks": "W1 W2"}, None, 1)
    return hub


@pytest.mark.parametrize("size", [LARGE, TV], ids=["1280x800", "1920x1080"])
def test_the_table_view_is_readable_from_across_the_table(server, phones, size):
    hub = four_at_the_bidding(server)
    host = phones("host", viewport=size).become_host(server)
    host.open(f"{server.url}/t/{hub.code}")
    host.see_label("Pile 1 bid Bo worth 3", timeout=WAIT)
    labels = ["Round 1", "Cy bids", "Pile 1 worth 7", "Trips top 1", "Bo demerit cards 0", "Ann rocks 5"]
    host.assert_readable_from_afar(labels)
    # issue 26: every number read across the table at 40 px type or more, measured on the
    # page (the text's box and its digits): the cards left per deck, the tracker, the
    # piles count too; and the screen used down to its foot
    numbers = ["Pile 1 worth 7", "Pile 1 bid Bo worth 3", "Piles 3 of 3", "Trips top 1", "Trips cards left 10",
               "Pass cards left 10", "Straight Flush cards left 10", "Tracker space 2", "Tracker space 6",
               "Black rock chance 0%", "Bo demerit cards 0", "Ann rocks 5", "Di rocks 5"]
    host.assert_numbers_readable_from_afar(numbers)
    host.assert_fills_the_screen(numbers)
    assert host.button("Place bid").count() == 0  # no controls on the table screen
    keep(host, f"rockgarden-table-{size['width']}")


ROUND_ONE = [  # the round of test_host_table_view_and_pass_and_play, tracker of 6 spaces
    (0, "setup_draw", {"rocks": "R1 R2 R3 R3 Y2"}), (1, "setup_draw", {"rocks": "Y1 Y1 Y1 W1 W2"}),
    (2, "setup_draw", {"rocks": "G1 B1 W3 R2 Y3"}), (3, "setup_draw", {"rocks": "B1 B2 W3 W3 G2"}),
    (None, "start_player", {"player": 1}), (None, "draw", {"rocks": "G2 B2 R3 Y3 G3 B3 R3"}),
    (1, "bid", {"pile": 0, "rocks": "W1 W2"}), (2, "bid", {"pile": 1, "rocks": "G1"}),
    (3, "bid", {"pile": 2, "rocks": "B1"}), (0, "bid", {"pile": 0, "rocks": ""}),
    (1, "pass", {"rock": "W3"}), (1, "turn_in", {"rocks": "Y1 Y1 Y1"}),
    (1, "turn_in", {"rocks": "W1 W2 W3"}), (0, "turn_in", {"rocks": "R1 R2 R3"}),
]
SUMMARY = {
    "Ann": "Ann took pile 1 (Green II, Blue II, Red III) for no rocks; turned in Straight Flush "
           "(Red I, Red II, Red III) for a Straight Flush card",
    "Bo": "Bo passed: a Pass card, drew White III; turned in Trips (Yellow I, Yellow I, Yellow I) for a "
          "Trips card; turned in Straight Flush (White I, White II, White III) for a Straight Flush card",
    "Cy": "Cy took pile 2 (Yellow III, Green III) for Green I",
    "Di": "Di took pile 3 (Blue III, Red III) for Blue I",
}


@pytest.mark.parametrize("size", [LARGE, TV], ids=["1280x800", "1920x1080"])
def test_the_table_view_sums_up_the_round_until_the_next_piles_are_laid_out(server, phones, size):
    """Issue 26: when a round ends the piles go into the gardens; the table screen says
    what each player took, drew and turned in (the view's last_round, not a comparison of
    screens) until the next piles are laid out, and still fills the screen."""
    hub = open_tables(str(server.data_dir)).create("rockgarden", PLAYERS)
    host_who = Who(host=True)
    for seat, kind, payload in ROUND_ONE:
        hub.act(host_who, kind, payload, None, seat)
    hub.act(host_who, "draw", {"rocks": "G1 G2 G3"}, None, None)  # round 2: Bo lays out pile 1
    host = phones("host", viewport=size).become_host(server)
    host.open(f"{server.url}/t/{hub.code}")
    host.see("Round 1: what happened", timeout=WAIT)
    for words in SUMMARY.values():
        host.see_label(words, timeout=WAIT)
    host.see_label("Bo lays out the piles", timeout=WAIT)
    numbers = ["Piles 1 of 3", "Pile 1 worth 6", "Tracker space 1", "Tracker space 3", "Black rock chance 0%",
               "Trips cards left 9", "Bo demerit cards 3", "Ann demerit cards 1", "Cy rocks 6"]
    host.assert_numbers_readable_from_afar(numbers)
    host.assert_fills_the_screen(numbers + list(SUMMARY.values()))
    host.see_label("Black rock on space 2", timeout=WAIT)
    keep(host, f"rockgarden-table-summary-{size['width']}")
    from tests.browser.harness import host_act  # (the server's own hub hears it)

    host_act(server, hub.code, "draw", {"rocks": "R1 R2 R3 Y1 Y2 Y3"})  # the piles are laid out
    host.see_label("Piles 3 of 3", timeout=WAIT)
    host.page.get_by_text("Round 1: what happened").first.wait_for(state="detached", timeout=WAIT)
    assert host.page.locator(f'[aria-label="{SUMMARY["Cy"]}"]').count() == 0


def test_phone_and_table_screens_in_dark_mode(server, phones):
    hub = four_at_the_bidding(server)
    cy = seat_phone(phones, server, hub.code, "Cy", dark=True)
    cy.see("Your turn: bid on a pile", timeout=WAIT)
    cy.see("Advice", timeout=WAIT)
    assert sum(cy.background()) < 200  # a dark page
    keep(cy, "rockgarden-phone-dark")
    host = phones("host", viewport=LARGE, dark=True).become_host(server)
    host.open(f"{server.url}/t/{hub.code}")
    host.see_label("Pile 1 bid Bo worth 3", timeout=WAIT)
    assert sum(host.background()) < 200
    keep(host, "rockgarden-table-dark")


def test_two_quick_taps_lay_two_rocks(server, phones):
    """Two taps on White II 0.12 s apart (the second may be made before Ann's phone saw the
    first; tests/test_hub.py makes sure of it):
    both rocks are on the table (a phone's own taps never go stale against themselves)."""
    hub = open_tables(str(server.data_dir)).create("rockgarden", ["Ann", "Bo", "Cy"])
    host = Who(host=True)
    for seat, garden in enumerate(["R1 R2 R3 R3 Y2", "Y1 Y1 W1 W2 B3", "G1 B1 W3 R2 Y3"]):
        hub.act(host, "setup_draw", {"rocks": garden}, None, seat)
    hub.act(host, "start_player", {"player": 0}, None, None)
    ann = seat_phone(phones, server, hub.code, "Ann")
    bo = seat_phone(phones, server, hub.code, "Bo")
    ann.see("You lay out the piles", timeout=WAIT)
    bo.see("Ann is laying out the piles", timeout=WAIT)
    white = ann.button("White II").first
    white.click(timeout=WAIT)
    ann.page.wait_for_timeout(120)
    white.click(timeout=WAIT)
    for phone in (ann, bo):
        phone.see_label("Pile 1 of 2: value 4", timeout=WAIT)
    assert ann.page.get_by_text("The table moved on").count() == 0
