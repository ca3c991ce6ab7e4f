"""Pai Sho phone and table screens built from real engine states, in plain Python.

A small table stands in for the hub: it applies each tap's action to the real engine
and turns a refusal into the toast a player would read, so a whole turn can be entered
tap by tap exactly as on a phone.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.game import Action
from engine.paisho import GAME
from companion.games import paisho
from companion.ui.gameui import GameUI
from tests.paisho.helpers import new_game, play
from tests.uitree import all_text, buttons, tap


class Table:
    """The real engine behind the screens; one ``local`` scratch dict per screen."""

    def __init__(self, state, colours=("red", "blue")):
        self.state = state
        self.colours = list(colours)
        self.sent: list[tuple] = []
        self.toasts: list[str] = []
        self.confirms: list[tuple] = []
        self.locals: dict = {}

    def ui(self, seat, host=False, acting=None):
        state = self.state
        over = GAME.is_over(state)
        view = {"game": GAME.view(state, seat if seat is not None else acting), "seat": seat,
                "host": host, "players": list(state["players"]), "colours": self.colours,
                "over": over, "result": GAME.result(state)}
        if seat is None and acting is not None:
            view["seat"] = acting  # the hub renders the host's pass-and-play as that seat

        def act(kind, payload=None, seat_=None):
            actor = seat if seat is not None else acting
            self.sent.append((kind, payload, actor))
            try:
                self.state = GAME.apply(self.state, Action(actor, kind, payload or {}))
            except IllegalAction as exc:
                self.toasts.append(exc.message)

        return GameUI(view=view, act=act,
                      confirm=lambda title, text, yes, label="": self.confirms.append((title, yes, label)),
                      toast=self.toasts.append, rerender=lambda: None,
                      local=self.locals.setdefault((seat, acting), {}), acting_seat=acting)

    def screen(self, seat, **kw):
        return paisho.build(self.ui(seat, **kw))

    def tap(self, seat, label, **kw):
        tap(self.screen(seat, **kw), label)


def opened():
    """Ann: Rose and Lily on the board; Bo: Jasmine on the board; Ann to play."""
    state = play(new_game(target=5),
                 (0, "place", {"tile": "rose"}), (1, "place", {"tile": "jasmine"}),
                 (0, "place", {"tile": "lily"}), (1, "place", {"tile": "boat"}))
    return Table(state)


def test_a_turn_is_three_taps_what_tile_end():
    table = Table(new_game())
    first = table.screen(0)
    assert "Your turn" in all_text(first)
    assert {"Place", "Pass"} <= set(buttons(first))
    assert "Move" not in buttons(first) and "Capture" not in buttons(first)  # nothing on the board
    table.tap(0, "Place")
    assert "Which tile did you place?" in all_text(table.screen(0))
    table.tap(0, "Rose")
    assert "Place Rose" in all_text(table.screen(0))
    table.tap(0, "End turn")
    assert table.sent == [("place", {"tile": "rose"}, 0)]
    assert table.state["tiles"][0]["rose"]["board"] == 1
    # the turn passed: Ann's draft is gone and her screen waits; Bo's screen asks
    assert "End turn" not in buttons(table.screen(0)) and "Place" not in buttons(table.screen(0))
    assert "Bo's turn" in all_text(table.screen(0))
    assert "Your turn" in all_text(table.screen(1)) and "Place" in buttons(table.screen(1))


def test_pass_is_two_taps():
    table = opened()
    table.tap(0, "Pass")
    assert "You pass" in all_text(table.screen(0))
    table.tap(0, "End turn")
    assert table.sent == [("pass", {}, 0)]


def test_harmony_formed_in_the_turn_shows_turns_until_it_pays():
    table = opened()
    table.tap(0, "Place")
    table.tap(0, "White Jade")
    table.tap(0, "Lily")      # the harmony builder: tap two tiles
    assert "Lily + which tile?" in all_text(table.screen(0))
    table.tap(0, "White Jade")
    assert "Remove Lily + White Jade" in buttons(table.screen(0))
    table.tap(0, "End turn")
    assert table.sent[-1] == ("place", {"tile": "jade", "formed": [["lily", "jade"]]}, 0)
    assert table.toasts == []
    ann = all_text(table.screen(0))
    assert "My harmonies" in ann and "Lily + White Jade pays in 2 turns" in ann
    # everyone sees it on the table screen, with its owner
    assert "Ann's Lily + White Jade pays in 2 turns" in all_text(table.screen(None))


def test_a_disharmonious_pair_is_refused_with_the_engines_reason_and_the_draft_stays():
    table = opened()
    table.tap(0, "Place")
    table.tap(0, "White Jade")
    table.tap(0, "Lily")
    table.tap(0, "Chrysanthemum")
    before = table.state
    table.tap(0, "End turn")
    assert table.state is before
    assert len(table.toasts) == 1
    assert "Lily and Chrysanthemum are opposites on the harmony ring" in table.toasts[0]
    screen = table.screen(0)
    assert "Place White Jade" in all_text(screen) and "Remove Lily + Chrysanthemum" in buttons(screen)
    table.tap(0, "Remove Lily + Chrysanthemum")
    table.tap(0, "End turn")
    assert table.sent[-1] == ("place", {"tile": "jade"}, 0)
    assert table.state["current"] == 1


def test_suggested_harmony_from_the_engine_is_one_tap():
    table = opened()   # Ann's Rose and Lily are not neighbours; place a Chrysanthemum first
    table.tap(0, "Place")
    table.tap(0, "Chrysanthemum")
    table.tap(0, "End turn")
    table.tap(1, "Pass")
    table.tap(1, "End turn")
    table.tap(0, "Pass")
    assert "Form Rose + Chrysanthemum" in buttons(table.screen(0))
    table.tap(0, "Form Rose + Chrysanthemum")
    table.tap(0, "End turn")
    assert table.sent[-1] == ("pass", {"formed": [["rose", "chrysanthemum"]]}, 0)
    assert [h["pair"] for h in GAME.view(table.state, 0)["my"]["harmonies"]] == [["rose", "chrysanthemum"]]


def test_capture_lists_what_the_engine_allows_and_sends_its_owner():
    table = opened()
    table.tap(0, "Pass")
    table.tap(0, "End turn")
    table.tap(1, "Capture")
    screen = table.screen(1)
    assert "Jasmine takes Ann's Rose" in buttons(screen)
    assert "Boat takes Ann's Lily (both to the Pot)" in buttons(screen)
    assert "Jasmine takes Ann's Lily" not in buttons(screen)  # not opposites
    table.tap(1, "Jasmine takes Ann's Rose")
    table.tap(1, "End turn")
    assert table.sent[-1] == ("capture", {"tile": "jasmine", "captured": "rose", "owner": 0}, 1)
    board = all_text(table.screen(None))
    assert "Pot: Ann's tiles 1" in board and "Rose ×1" in board
    assert "blooms for Ann" in board          # fewer captures: Ann's lotus blooms
    assert "Bo score 0 of 5" in board and "Ann score 0 of 5" in board


def test_return_with_a_boat_picks_the_flowers():
    table = opened()
    table.tap(0, "Pass")
    table.tap(0, "End turn")
    table.tap(1, "Return")          # Bo's only boat or wheel: the Boat is chosen already
    table.tap(1, "Ann's Rose")
    table.tap(1, "Ann's Lily")
    assert "Returning: Ann's Rose, Ann's Lily" in all_text(table.screen(1))
    table.tap(1, "Next")
    table.tap(1, "End turn")
    assert table.sent[-1] == ("return", {"tile": "boat", "returned": [{"owner": 0, "kind": "rose"},
                                                                      {"owner": 0, "kind": "lily"}]}, 1)
    assert table.state["tiles"][0]["rose"]["returned"] == 1
    ann = all_text(table.screen(0))
    assert "5+1" in ann and "returned by a Boat or Wheel" in ann  # Ann's tiles show the returned Rose


def test_broken_harmony_is_ticked_in_the_turn():
    state = play(opened().state, (0, "place", {"tile": "jade", "formed": [["lily", "jade"]]}))
    table = Table(state)
    table.tap(1, "Place")
    table.tap(1, "Rose")
    table.tap(1, "Break #1")
    assert "Broken #1" in buttons(table.screen(1))
    table.tap(1, "End turn")
    assert table.sent[-1] == ("place", {"tile": "rose", "broken": [1]}, 1)
    assert GAME.view(table.state, 0)["harmonies"] == []


def test_other_actions_record_a_break_outside_the_turn_and_forfeit_needs_a_confirm():
    state = play(opened().state, (0, "place", {"tile": "jade", "formed": [["lily", "jade"]]}))
    table = Table(state)
    assert "Record #1 broken" not in buttons(table.screen(0))   # folded away
    table.tap(0, "Other actions")
    table.tap(0, "Record #1 broken")
    assert table.sent[-1] == ("harmony_broken", {"harmony": 1}, 0)
    table.tap(0, "Forfeit the game")
    assert table.sent[-1][0] != "forfeit" and len(table.confirms) == 1
    title, yes, label = table.confirms[0]
    assert title == "Forfeit the game?" and label == "Forfeit"
    yes()
    assert table.sent[-1] == ("forfeit", {}, 0)
    assert "Bo wins!" in all_text(table.screen(0))


def test_knotweed_kill_outside_the_turn():
    state = play(new_game(), (0, "place", {"tile": "knotweed"}), (1, "place", {"tile": "rose"}))
    table = Table(state)
    table.tap(0, "Other actions")
    table.tap(0, "Kill Bo's Rose")
    table.tap(0, "Record knotweed kill")
    assert table.sent[-1] == ("knotweed_kill", {"killed": [{"owner": 1, "kind": "rose"}]}, 0)
    assert table.state["tiles"][1]["rose"]["pot"] == 1


def test_table_screen_shows_public_things_only():
    table = opened()
    board = table.screen(None)
    text = all_text(board)
    assert "Ann's turn" in text and "Race to 5" in text
    assert "My tiles" not in text and "My harmonies" not in text
    assert buttons(board) == {}
    assert "No White Lotus blooms" in text


def test_host_entering_for_a_player_gets_the_turn_entry():
    table = opened()
    screen = table.screen(None, host=True, acting=0)
    assert "Your turn" in all_text(screen) and "Place" in buttons(screen)
    table.tap(None, "Pass", host=True, acting=0)
    table.tap(None, "End turn", host=True, acting=0)
    assert table.sent[-1] == ("pass", {}, 0) and table.state["current"] == 1


def test_final_screen_shows_winner_and_score_by_turn():
    state = play(new_game(target=1), (0, "place", {"tile": "lily"}), (1, "pass", {}),
                 (0, "place", {"tile": "jade", "formed": [["lily", "jade"]]}), (1, "pass", {}),
                 (0, "pass", {}), (1, "pass", {}), (0, "pass", {}))
    assert state["over"]
    table = Table(state)
    for seat in (0, 1, None):
        screen = table.screen(seat)
        text = all_text(screen)
        assert "Ann wins!" in text and "reached the target of 1 harmony point" in text
        assert "Ann final score 1" in text and "Bo final score 0" in text
        assert "Score by turn chart: Ann 0, 0, 0, 0, 0, 0, 0, 1; Bo 0, 0, 0, 0, 0, 0, 0, 0" in text
        assert "End turn" not in buttons(screen)


def test_long_games_chart_stays_phone_sized():
    from companion.games.paisho_look import score_chart
    for players in (2, 4):
        series = {f"P{i}": list(range(200)) for i in range(players)}
        chart = score_chart(series, ["red", "blue", "green", "yellow"], 30, width=330)
        plot = chart.controls[1].content.content
        bars = plot.controls[0].controls
        drawn = len(plot.controls) * (sum(b.width for b in bars) + plot.spacing)
        assert len(plot.controls) <= 61 and drawn <= 330 + plot.spacing
        assert "P0 0, 1, 2" in chart.controls[1].label  # the accessible text keeps every turn
