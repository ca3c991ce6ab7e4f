"""After another phone's move that changes what a phone must do, the phone shows its turn
and the action on its screen, whatever it had scrolled to; a main action is never below
the fold of a 390 x 844 phone (issue 37: "Next round" was drawn at y = 860)."""

from __future__ import annotations

import pytest

from tests.browser.harness import BUILDS, in_view, new_table

pytestmark = pytest.mark.browser

def scroll_down(phone) -> None:
    """The player scrolls to the foot of the page (to read the totals and the chart)."""
    phone.page.mouse.move(195, 600)
    for _ in range(5):
        phone.page.mouse.wheel(0, 1500)
        phone.page.wait_for_timeout(100)
    phone.page.wait_for_timeout(500)


def seated(phones, server, code: str, name: str, build: str):
    phone = phones(name.lower(), build=build).open(f"{server.url}/join/{code}")
    assert phone.loaded_build() == build
    phone.tap(f"Sit as {name}")
    phone.field(f"{name}'s points")
    return phone


@pytest.mark.parametrize("build", BUILDS)
def test_the_score_pads_next_round_and_the_turn_come_into_view(server, phones, build):
    code = new_table(server, "scorepad", "Ann,Bo,Cy")
    ann, bo, cy = (seated(phones, server, code, name, build) for name in ("Ann", "Bo", "Cy"))
    for phone, name, points in ((ann, "Ann", "7"), (bo, "Bo", "3")):
        phone.type_into(f"{name}'s points", points)
        phone.tap("Save")
    ann.see_label("Bo total 3")
    ann.tap("Show chart")  # Ann reads the chart at the foot of her page
    ann.see("Running totals")
    scroll_down(ann)
    assert not ann.label_boxes(["Everyone has entered round 1"])
    cy.type_into("Cy's points", "5")
    cy.tap("Save")
    # Cy made the move: her page stays where it was, at its top, with Next round on it
    in_view(cy, ["Everyone has entered round 1", "Next round"])
    # Ann's page comes back to what she may do now
    in_view(ann, ["Everyone has entered round 1", "Next round"])

    scroll_down(bo)
    ann.tap("Next round")
    # Bo's turn comes: the banner and his points box, on his screen
    in_view(bo, ["Your turn: enter your points for round 2", "Points in round 2"])
    bo.field("Bo's points")


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 1920, "height": 1080}])
def test_after_creating_a_table_the_way_to_the_game_is_on_the_hosts_screen(server, phones, viewport):
    host = phones("host", viewport=viewport).become_host(server)
    host.type_into("Players in seat order (clockwise), separated by commas", "Ann,Bo,Cy,Di,Ed,Flo")
    host.tap("Create table")
    host.see("Pick your seat")
    in_view(host, ["Open the table screen"], within=0)
    host.tap("Open the table screen")
    host.see("Waiting for Ann, Bo, Cy, Di, Ed and Flo")
