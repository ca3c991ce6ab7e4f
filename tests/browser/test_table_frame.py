"""The table frame every game shares, in real Chromium: the pass-and-play veil (the table
kept on the screen under it), the turn
banner moving between phones, the score pad's waiting list and guarded Next round, the
host's live table list, a way home, accessible names, settings' help in full."""

from __future__ import annotations

import pytest

from tests.browser.harness import host_act, new_table

pytestmark = pytest.mark.browser

LARGE = {"width": 1280, "height": 800}


def choose(phone, field: str, option: str) -> None:
    """Open a dropdown by its accessible name and pick an option."""
    phone.page.get_by_role("button", name=field).first.click(timeout=30000)
    phone.page.get_by_text(option, exact=True).or_(
        phone.page.get_by_role("menuitem", name=option)).first.click(timeout=30000)


def test_pass_and_play_shows_a_veil_before_the_player_and_after_her_move(server, phones):
    code = new_table(server, "scorepad", "Ann,Bo", "secret=true")
    host_act(server, code, "points", {"points": 4817}, seat=0)
    host = phones("host", viewport=LARGE).become_host(server)
    host.record_frames()
    host.open(f"{server.url}/t/{code}")
    host.see_label("Ann total secret")
    choose(host, "This screen shows", "Enter for Ann")
    host.see("Hand the device to Ann, then tap")
    # the table stays on the screen meanwhile: whose turn, what is decided, the totals
    host.see_label("Not Ann's turn now: the table waits for Bo")
    host.see_label("Ann total secret")
    host.see("Waiting for Bo")
    host.keep_screenshot("frame-veil")
    assert not host.frames_since(0).has_number(4817)  # nothing of Ann's before the tap
    host.tap("I am Ann: show my screen")
    host.see_label("Ann total 4817")
    assert host.frames_since(0).has_number(4817)  # the positive control: the audit sees it now
    host.tap("+1")
    host.tap("Save")
    host.see("Hand the device to Ann, then tap")  # her move done: the veil again
    host.tap("Back to the table screen")
    host.see("Waiting for Bo")


def test_the_turn_banner_moves_between_phones(server, phones):
    code = new_table(server, "paisho", "Ann,Bo")
    ann = phones("ann").open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    bo = phones("bo").open(f"{server.url}/join/{code}")
    bo.tap("Sit as Bo")
    ann.see("Your turn")
    bo.see("Table")
    assert bo.text("Your turn").count() == 0
    host_act(server, code, "pass", {}, seat=0)
    bo.see("Your turn")
    ann.page.get_by_text("Your turn").first.wait_for(state="detached", timeout=30000)


def test_the_score_pad_waits_for_everyone_and_the_host_may_move_on(server, phones):
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("ann").open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    ann.see("Your turn: enter your points for round 1")
    ann.type_into("Ann's points", "6")
    ann.tap("Save")
    ann.see("Waiting for Bo")
    assert ann.button("Next round").is_disabled()  # greyed: not everyone has entered
    host = phones("host").become_host(server)
    host.open(f"{server.url}/t/{code}")
    host.see("Waiting for Bo")
    host.tap("Next round")
    host.see("Bo has not entered round 1.")
    host.tap("Start the next round")
    ann.see("Points in round 2")
    ann.see("Round 2 started")


def see_row(host, code: str, words: str) -> None:
    """The host's list says ``words`` in the row of table ``code`` (the list holds the
    other tables of the server too)."""
    host.page.get_by_role("button", name=f"Resume table {code}").filter(has_text=words) \
        .first.wait_for(timeout=30000)


def test_the_host_list_shows_live_move_counts_and_a_way_back(server, phones):
    code = new_table(server, "scorepad", "Ann,Bo")
    host = phones("host").become_host(server)
    host.see(f"Score pad · {code}")
    see_row(host, code, "Ann, Bo · 0 moves")
    host_act(server, code, "points", {"points": 3}, seat=0)
    see_row(host, code, "Ann, Bo · 1 move")  # no reload: the list heard the table
    host.page.get_by_text(f"Score pad · {code}").first.click()
    host.see("Pick your seat")
    host.tap("Open the table screen")
    host.see_label("Ann total 3")
    host.tap("All tables")
    host.see("Tables on this host")
    host_act(server, code, "finish", {})
    see_row(host, code, "Ann, Bo · 2 moves · finished")


def test_dropdowns_have_names_and_setting_help_is_whole(server, phones):
    host = phones("host").become_host(server)
    choose(host, "Game", "Rock Garden")
    host.see("The black rock starts on space 1, advances after each round's scoring, "
             "and goes into the bag after the last space.")
    assert host.page.get_by_role("button", name="Game").count() == 1
