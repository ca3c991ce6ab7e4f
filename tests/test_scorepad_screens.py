"""The score pad's phone screen drawn from the real hub's views (no browser)."""

from companion.hub import HOST
from tests.support import Screen, new_table
from tests.uitree import all_text, buttons, tap


def test_secret_scores_show_only_my_own_total():
    hub, (ann, bo) = new_table("scorepad", ["Ann", "Bo"], {"secret": True})
    hub.act(ann, "points", {"points": 13}, None)
    hub.act(bo, "points", {"points": 29}, None)
    mine = all_text(Screen(hub, ann).build())
    assert "Ann total 13" in mine and "29" not in mine and "Bo total secret" in mine
    table = all_text(Screen(hub, HOST).build())
    assert "13" not in table and "29" not in table


def test_save_sends_my_points_for_this_round():
    hub, (ann, bo) = new_table("scorepad", ["Ann", "Bo"])
    screen = Screen(hub, bo, local={"drafts": {"1:0": "8"}})
    tap(screen.build(), "Save")
    assert hub.view(ann)["public"]["players"][1]["rounds"] == [8]


def test_host_finishes_after_confirming():
    hub, _ = new_table("scorepad", ["Ann", "Bo"])
    controls = Screen(hub, HOST).build()
    assert "Save Ann" in buttons(controls) and "Save Bo" in buttons(controls)
    tap(controls, "Finish game")
    assert hub.view(HOST)["result"] is not None


def test_chart_on_demand_while_playing_and_always_at_the_end():
    hub, (ann, bo) = new_table("scorepad", ["Ann", "Bo"])
    hub.act(ann, "points", {"points": 6}, None)
    screen = Screen(hub, bo)
    assert "By round" not in all_text(screen.build())
    tap(screen.build(), "Show chart")
    shown = all_text(screen.build())
    assert "By round" in shown and "R1" in shown and "Hide chart" in shown
    hub.act(HOST, "finish", {}, None)
    assert "By round" in all_text(Screen(hub, bo).build())
