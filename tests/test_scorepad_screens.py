"""The score pad's phone screen built from views in plain Python (no browser)."""

from engine.game import Action
from engine.scorepad import GAME
from companion.games import scorepad
from companion.ui.gameui import GameUI
from tests.uitree import all_text, buttons, tap


def make_ui(state, seat, host=False, over=False, sent=None):
    view = {"game": GAME.view(state, seat), "seat": seat, "host": host, "players": state["players"],
            "colours": ["red", "blue", "green"][: len(state["players"])], "over": over}
    sent = sent if sent is not None else []
    return GameUI(view=view, act=lambda kind, payload=None, seat=None: sent.append((kind, payload, seat)),
                  confirm=lambda t, x, yes, label="": yes(), toast=lambda t: None, rerender=lambda: None)


def test_secret_scores_show_only_my_own_total():
    state = GAME.setup(["Ann", "Bo"], {"secret": True})
    state = GAME.apply(state, Action(0, "points", {"points": 13}))
    state = GAME.apply(state, Action(1, "points", {"points": 29}))
    ann = all_text(scorepad.build(make_ui(state, 0)))
    assert "Ann total 13" in ann and "29" not in ann and "Bo total secret" in ann
    table = all_text(scorepad.build(make_ui(state, None)))
    assert "13" not in table and "29" not in table


def test_save_sends_my_points_for_this_round():
    state = GAME.setup(["Ann", "Bo"], {})
    sent = []
    ui = make_ui(state, 1, sent=sent)
    ui.local["drafts"] = {"1:0": "8"}
    tap(scorepad.build(ui), "Save")
    assert sent == [("points", {"player": 1, "round": 0, "points": "8"}, 1)]


def test_host_finishes_after_confirming():
    state = GAME.setup(["Ann", "Bo"], {})
    sent = []
    controls = scorepad.build(make_ui(state, None, host=True, sent=sent))
    assert "Save Ann" in buttons(controls) and "Save Bo" in buttons(controls)
    tap(controls, "Finish game")
    assert sent[-1][0] == "finish"


def test_chart_on_demand_while_playing_and_always_at_the_end():
    state = GAME.setup(["Ann", "Bo"], {})
    state = GAME.apply(state, Action(0, "points", {"points": 6}))
    ui = make_ui(state, 1)
    ui.rerender = lambda: None
    assert "By round" not in all_text(scorepad.build(ui))
    tap(scorepad.build(ui), "Show chart")
    shown = all_text(scorepad.build(ui))
    assert "By round" in shown and "R1" in shown and "Hide chart" in shown
    state = GAME.apply(state, Action(None, "finish", {}))
    assert "By round" in all_text(scorepad.build(make_ui(state, 1, over=True)))
