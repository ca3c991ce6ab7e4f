"""Pai Sho's screens in the real app on real Flet sessions over the real hub (in-memory
store): a whole turn is entered tap by tap exactly as on a phone, each tap's move goes
through the hub, a refusal becomes the toast a player reads, and the other phones hear
what happened to them."""

from __future__ import annotations

import flet as ft
import flet.canvas as cv

from companion.games.paisho import screens as paisho
from companion.table.hub import HOST
from tests.support import rules_imported, run_app
from tests.uitree import taps, walk

ANN, BO, CY, DI = 0, 1, 2, 3

OPENING = ((ANN, "place", {"tile": "rose"}), (BO, "place", {"tile": "jasmine"}),
           (ANN, "place", {"tile": "lily"}), (BO, "place", {"tile": "boat"}))
"""Ann: Rose and Lily on the board; Bo: Jasmine and Boat on the board; Ann to play."""


def table(app, moves=(), players=("Ann", "Bo"), target=5):
    hub = app.create("paisho", list(players), {"target": target, "board": False})
    for seat, kind, payload in moves:
        hub.act(HOST, kind, payload, None, seat=seat)
    return hub


def last(hub) -> tuple:
    """The last move the table took: (kind, payload, seat, who pressed: None = host)."""
    entry = hub.match.log[-1]
    return entry.action.kind, dict(entry.action.payload), entry.action.seat, entry.by


def state(hub) -> dict:
    return hub.match.state


def tiles(hub, seat, kind) -> dict:
    inventory = state(hub)["tiles"][seat]
    return {place: inventory[place].get(kind, 0) for place in ("board", "pot", "returned")}


def tappable(tab) -> list[str]:
    return list(taps(tab.tree()))


def text_size(tab, label: str) -> float | None:
    """The font size of the text whose value or accessible name is ``label``."""
    for control in walk(tab.tree()):
        if isinstance(control, ft.Text) and label in (control.value, control.semantics_label):
            return control.size
    return None


async def enter_for(host, seat: int) -> None:
    """The host picks "Enter for <player>" in "This screen shows", then taps the veil."""
    await host.pick("This screen shows", str(seat))


# -- the turn ---------------------------------------------------------------------------

def test_a_turn_is_three_taps_what_tile_end():
    async def test(app):
        hub = table(app, target=30)
        ann, bo = await app.seat(hub, ANN), await app.seat(hub, BO)
        assert "Your turn: place or pass" in ann.text()  # only what is legal now
        assert {"Place", "Pass"} <= set(tappable(ann))
        assert not {"Move", "Capture"} & set(tappable(ann) + ann.text().split("\n"))  # nothing on the board
        assert "Return" not in ann.text()
        assert "Bo's turn" not in ann.text() and "Ann's turn" in bo.text()
        await ann.tap("Place")
        assert "Which tile did you place?" in ann.text()
        await ann.tap("Rose")
        assert "Place Rose" in ann.text()
        await ann.tap("End turn")
        assert last(hub) == ("place", {"tile": "rose"}, ANN, ANN)
        assert tiles(hub, ANN, "rose")["board"] == 1
        await bo.settle()
        # the turn passed: Ann's entry is gone and her screen says whose turn it is
        assert "End turn" not in tappable(ann) and "Place" not in tappable(ann)
        assert "Bo's turn" in ann.text() and "Your turn" not in ann.text()
        assert "Your turn: place or pass" in bo.text() and "Place" in tappable(bo)
    run_app(test)


def test_pass_is_two_taps():
    async def test(app):
        hub = table(app, OPENING)
        ann = await app.seat(hub, ANN)
        assert "Your turn: place, move, capture or pass" in ann.text()
        await ann.tap("Pass")
        assert "You pass" in ann.text()
        await ann.tap("End turn")
        assert last(hub) == ("pass", {}, ANN, ANN)
    run_app(test)


def test_harmony_formed_in_the_turn_shows_turns_until_it_pays():
    async def test(app):
        hub = table(app, OPENING)
        ann, bo = await app.seat(hub, ANN), await app.seat(hub, BO)
        await ann.tap("Place")
        await ann.tap("White Jade")
        await ann.tap("Lily")  # the harmony builder: tap two tiles
        assert "Lily + which tile?" in ann.text()
        await ann.tap("White Jade")
        assert "Remove Lily + White Jade" in tappable(ann)
        await ann.tap("End turn")
        assert last(hub) == ("place", {"tile": "jade", "formed": [["lily", "jade"]]}, ANN, ANN)
        assert ann.phone.toasts == []
        assert "My harmonies" in ann.text() and "Lily + White Jade pays in 2 turns" in ann.text()
        await bo.settle()
        assert "Lily + White Jade" in bo.text()  # the opponent sees what to break
        assert text_size(ann, "Lily + White Jade pays in 2 turns") >= 40  # a big number
        # everyone else sees it with its owner, and in the latest harmonies
        board = await app.watcher(hub)
        assert "Ann's Lily + White Jade pays in 2 turns" in board.text()
        assert "Turn 5: Ann's Lily + White Jade (#1) formed" in board.text()
    run_app(test)


def test_harmony_taps_read_in_one_go_all_count():
    """Taps read in one go (each handler of the screen drawn before them): both tiles of a
    harmony pair up, and its last tile with "End turn" is in the turn sent."""
    async def test(app):
        hub = table(app, OPENING)
        ann = await app.seat(hub, ANN)
        await ann.tap("Place")
        await ann.tap("White Jade")
        await ann.taps_in_one_go("Lily", "White Jade")
        assert "Remove Lily + White Jade" in tappable(ann)
        await ann.tap("Remove Lily + White Jade")
        await ann.tap("Lily")
        await ann.taps_in_one_go("White Jade", "End turn")
        assert last(hub) == ("place", {"tile": "jade", "formed": [["lily", "jade"]]}, ANN, ANN)
    run_app(test)


def test_a_disharmonious_pair_is_refused_with_the_engines_reason_and_the_draft_stays():
    async def test(app):
        hub = table(app, OPENING)
        ann = await app.seat(hub, ANN)
        await ann.tap("Place")
        await ann.tap("White Jade")
        await ann.tap("Lily")
        await ann.tap("Chrysanthemum")
        revision = hub.revision
        await ann.tap("End turn")
        assert hub.revision == revision
        assert len(ann.phone.toasts) == 1
        assert "Lily and Chrysanthemum are opposites on the harmony ring" in ann.phone.toasts[0]
        assert "Place White Jade" in ann.text() and "Remove Lily + Chrysanthemum" in tappable(ann)
        await ann.tap("Remove Lily + Chrysanthemum")
        await ann.tap("End turn")
        assert last(hub) == ("place", {"tile": "jade"}, ANN, ANN)
        assert state(hub)["current"] == BO
    run_app(test)


def test_picking_a_tile_moves_nothing_under_the_finger():
    async def test(app):
        hub = table(app, OPENING)
        ann = await app.seat(hub, ANN)
        await ann.tap("Pass")
        before = tappable(ann)
        await ann.tap("Lily")
        assert "Lily + which tile?" in ann.text()
        assert tappable(ann) == before  # same buttons, same order: nothing shifted
    run_app(test)


def test_suggested_harmony_from_the_engine_is_one_tap():
    async def test(app):
        hub = table(app, OPENING + ((ANN, "place", {"tile": "chrysanthemum"}), (BO, "pass", {})))
        ann = await app.seat(hub, ANN)
        await ann.tap("Pass")
        assert "Form Rose + Chrysanthemum" in tappable(ann)
        await ann.tap("Form Rose + Chrysanthemum")
        await ann.tap("End turn")
        assert last(hub) == ("pass", {"formed": [["rose", "chrysanthemum"]]}, ANN, ANN)
        assert [h["pair"] for h in hub.view(HOST)["public"]["harmonies"]] == [["rose", "chrysanthemum"]]
    run_app(test)


def test_capture_lists_what_the_engine_allows_and_tells_the_loser():
    async def test(app):
        hub = table(app, OPENING + ((ANN, "pass", {}),))
        ann, bo = await app.seat(hub, ANN), await app.seat(hub, BO)
        assert "Your turn: place, move, capture, return flowers or pass" in bo.text()
        await bo.tap("Capture")
        assert "Jasmine takes Ann's Rose" in tappable(bo)
        assert "Boat takes Ann's Lily (both to the Pot)" in tappable(bo)
        assert "Jasmine takes Ann's Lily" not in tappable(bo)  # not opposites
        await bo.tap("Jasmine takes Ann's Rose")
        await bo.tap("End turn")
        assert last(hub) == ("capture", {"tile": "jasmine", "captured": "rose", "owner": ANN}, BO, BO)
        await ann.settle()
        # Ann hears it (and her lotus blooms); the captures are said in words
        assert ann.phone.toasts[-1] == "Bo captured your Rose; your White Lotus blooms"
        assert bo.phone.toasts == []
        text = ann.text()
        assert "Your White Lotus blooms (you have captured the fewest tiles)" in text
        assert "Captured 1 tile" in text and "Captured 0 tiles" in text
        board = await app.watcher(hub)
        text = board.text()
        assert "Pot: Ann's tiles 1" in text and "Rose ×1" in text
        assert "Ann's White Lotus blooms" in text
        assert "Bo score 0 of 5" in text and "Ann score 0 of 5" in text
    run_app(test)


def test_return_with_a_boat_picks_the_flowers():
    async def test(app):
        hub = table(app, OPENING + ((ANN, "pass", {}),))
        ann, bo = await app.seat(hub, ANN), await app.seat(hub, BO)
        await bo.tap("Return")  # Bo's only boat or wheel: the Boat is chosen already
        await bo.tap("Ann's Rose")
        await bo.tap("Ann's Lily")
        assert "Returning: Ann's Rose, Ann's Lily" in bo.text()
        await bo.tap("Next")
        await bo.tap("End turn")
        assert last(hub) == ("return", {"tile": "boat", "returned": [{"owner": ANN, "kind": "rose"},
                                                                     {"owner": ANN, "kind": "lily"}]}, BO, BO)
        assert tiles(hub, ANN, "rose")["returned"] == 1
        await ann.settle()
        assert "5+1" in ann.text() and "returned by a Boat or Wheel" in ann.text()
    run_app(test)


def test_broken_harmony_is_ticked_in_the_turn_and_its_owner_hears():
    async def test(app):
        hub = table(app, OPENING + ((ANN, "place", {"tile": "jade", "formed": [["lily", "jade"]]}),))
        ann, bo = await app.seat(hub, ANN), await app.seat(hub, BO)
        await bo.tap("Place")
        await bo.tap("Rose")
        await bo.tap("Break #1")
        assert "Broken #1" in tappable(bo)
        await bo.tap("End turn")
        assert last(hub) == ("place", {"tile": "rose", "broken": [1]}, BO, BO)
        assert hub.view(HOST)["public"]["harmonies"] == []
        await ann.settle()
        assert ann.phone.toasts[-1] == "Bo's turn broke your Lily + White Jade"
        board = await app.watcher(hub)
        assert "Turn 6: Ann's Lily + White Jade (#1) broken" in board.text()
    run_app(test)


def test_an_opponents_harmony_point_is_news():
    async def test(app):
        hub = table(app, ((ANN, "place", {"tile": "lily"}), (BO, "pass", {}),
                          (ANN, "place", {"tile": "jade", "formed": [["lily", "jade"]]}), (BO, "pass", {}),
                          (ANN, "pass", {}), (BO, "pass", {})))
        ann, bo = await app.seat(hub, ANN), await app.seat(hub, BO)
        await ann.tap("Pass")
        await ann.tap("End turn")
        await bo.settle()
        assert bo.phone.toasts[-1] == "Ann scored 1 harmony point: 1 of 5"
        assert ann.phone.toasts == []  # her own point is on her screen
        assert bo.find(lambda c: getattr(c, "semantics_label", None) == "Ann score 1 of 5").size >= 40
    run_app(test)


def test_other_actions_record_a_break_outside_the_turn_and_forfeit_needs_a_confirm():
    async def test(app):
        hub = table(app, OPENING + ((ANN, "place", {"tile": "jade", "formed": [["lily", "jade"]]}),))
        ann = await app.seat(hub, ANN)
        assert "Record #1 broken" not in tappable(ann)  # folded away
        await ann.tap("Other actions")
        await ann.tap("Record #1 broken")
        assert last(hub) == ("harmony_broken", {"harmony": 1}, ANN, ANN)
        await ann.tap("Forfeit the game")
        assert last(hub)[0] != "forfeit"
        title, _, _, label = ann.phone.dialogs[-1]
        assert title == "Forfeit the game?" and label == "Forfeit"
        await ann.answer(yes=True)
        assert last(hub) == ("forfeit", {}, ANN, ANN)
        assert "Bo wins!" in ann.text()
    run_app(test)


def test_a_kill_tapped_with_record_in_one_go_is_recorded():
    """"Kill ..." and "Record knotweed kill" read in one go (each handler of the screen
    drawn before them): the kill tapped last is in the record."""
    async def test(app):
        hub = table(app, ((ANN, "place", {"tile": "knotweed"}), (BO, "place", {"tile": "rose"}),
                          (ANN, "place", {"tile": "lily"}), (BO, "place", {"tile": "jasmine"})))
        ann = await app.seat(hub, ANN)
        await ann.tap("Other actions")
        await ann.tap("Kill Bo's Rose")
        await ann.taps_in_one_go("Kill Bo's Jasmine", "Record knotweed kill")
        assert last(hub) == ("knotweed_kill", {"knotweed": ANN, "killed": [
            {"owner": BO, "kind": "rose"}, {"owner": BO, "kind": "jasmine"}]}, ANN, ANN)
    run_app(test)


def test_knotweed_kill_outside_the_turn_names_the_knotweeds_owner():
    async def test(app):
        hub = table(app, ((ANN, "place", {"tile": "knotweed"}), (BO, "place", {"tile": "rose"})))
        ann, bo = await app.seat(hub, ANN), await app.seat(hub, BO)
        await bo.tap("Other actions")
        assert "Kill Bo's Rose" not in tappable(bo)  # Bo has no Knotweed
        await ann.tap("Other actions")
        await ann.tap("Kill Bo's Rose")
        await ann.tap("Record knotweed kill")
        assert last(hub) == ("knotweed_kill", {"knotweed": ANN, "killed": [{"owner": BO, "kind": "rose"}]},
                             ANN, ANN)
        assert tiles(hub, BO, "rose")["pot"] == 1
        await bo.settle()
        assert bo.phone.toasts[-1].startswith("Ann captured your Rose")
    run_app(test)


# -- the table's screens ---------------------------------------------------------------------

def test_table_screen_on_a_phone_shows_public_things_only():
    async def test(app):
        hub = table(app, OPENING)
        for tab in (await app.host(hub), await app.watcher(hub)):
            text = tab.text()
            assert "Ann's turn" in text and "Race to 5" in text
            assert "My tiles" not in text and "My harmonies" not in text
            assert "No White Lotus blooms" in text
            assert not {"Place", "Pass", "End turn", "Other actions"} & set(tappable(tab))
    run_app(test)


def test_host_entering_for_a_player_gets_the_turn_entry_and_acts_for_that_seat():
    async def test(app):
        hub = table(app, OPENING)
        host = await app.host(hub)
        await enter_for(host, ANN)
        assert "Hand the device to Ann, then tap" in host.text() and "End turn" not in host.text()
        await host.tap("I am Ann: show my screen")
        assert "Your turn" in host.text() and "Place" in tappable(host)
        await host.tap("Pass")
        await host.tap("End turn")
        assert last(hub) == ("pass", {}, ANN, None) and state(hub)["current"] == BO
        assert "Hand the device to Ann, then tap" in host.text()  # her move done: the veil
        await host.tap("Back to the table screen")
        assert "Bo's turn" in host.text()
        await enter_for(host, BO)
        await host.tap("I am Bo: show my screen")
        await host.tap("Other actions")
        await host.tap("Forfeit the game")
        await host.answer(yes=True)
        assert last(hub) == ("forfeit", {}, BO, None)
    run_app(test)


def test_the_host_table_view_is_large_and_has_no_controls():
    async def test(app):
        hub = table(app, ((ANN, "place", {"tile": "lily"}), (BO, "pass", {}), (CY, "pass", {}), (DI, "pass", {}),
                          (ANN, "place", {"tile": "jade", "formed": [["lily", "jade"]]})),
                    players=("Ann", "Bo", "Cy", "Di"))
        for width in (1280, 1920):
            host = await app.host(hub, width=width)
            text = host.text()
            assert "Bo's turn" in text and "First to 5 wins" in text
            for label in ("Ann score 0 of 5", "Di score 0 of 5", "Turn 6",
                          "Ann's Lily + White Jade pays in 2 turns"):
                assert text_size(host, label) >= 40, label
            assert "Race to 5, after 5 turns: Ann 0, Bo 0, Cy 0, Di 0" in text
            assert set(tappable(host)) <= {"All tables"}  # only the way out
    run_app(test)


def test_final_screen_shows_winner_and_the_race_chart():
    async def test(app):
        hub = table(app, target=1)
        tabs = [await app.seat(hub, ANN), await app.seat(hub, BO)]
        for seat, kind, payload in ((ANN, "place", {"tile": "lily"}), (BO, "pass", {}),
                                    (ANN, "place", {"tile": "jade", "formed": [["lily", "jade"]]}),
                                    (BO, "pass", {}), (ANN, "pass", {}), (BO, "pass", {}), (ANN, "pass", {})):
            hub.act(HOST, kind, payload, None, seat=seat)
        assert state(hub)["over"]
        tabs += [await app.host(hub), await app.watcher(hub), await app.host(hub, width=1280)]
        for tab in tabs:
            await tab.settle()
            text = tab.text()
            assert "Ann wins!" in text and "reached the target of 1 harmony point" in text
            assert "Ann final score 1" in text and "Bo final score 0" in text
            assert "Race to 1, after 7 turns: Ann 1, Bo 0" in text
            assert "End turn" not in tappable(tab)
    run_app(test)


def test_forfeited_player_is_named_so_at_the_end():
    async def test(app):
        hub = table(app)
        ann = await app.seat(hub, ANN)
        hub.act(HOST, "forfeit", {}, None, seat=BO)
        await ann.settle()
        text = ann.text()
        assert "Ann wins!" in text and "the other players forfeited" in text and "Bo (forfeited)" in text
    run_app(test)


# -- words ----------------------------------------------------------------------------------

def test_turn_words_name_only_the_legal_turn_moves():
    assert paisho.turn_words({"legal": ["pass", "place", "undo"]}) == "place or pass"
    assert paisho.turn_words({"legal": ["place", "move", "capture", "pass", "forfeit"]}) == \
        "place, move, capture or pass"
    assert paisho.turn_words({"legal": ["forfeit"]}) == ""


def test_screens_import_nothing_from_the_engine_and_draw_no_chart_by_hand():
    import companion.games.paisho.screens as screen
    import companion.games.paisho.look as look

    assert rules_imported(screen, look) == []
    for module in (screen, look):
        source = open(module.__file__).read()
        assert "def build(" not in source and "score_chart" not in source
    assert "charts.race_to_target" in open(screen.__file__).read()


# -- the board on the phone ---------------------------------------------------------------

def board_table(app, players=("Ann", "Bo"), target=5):
    return app.create("paisho", list(players), {"target": target, "board": True})


def test_with_the_board_a_turn_is_two_taps_a_tile_then_a_point():
    async def test(app):
        hub = board_table(app)
        ann, bo = await app.seat(hub, ANN), await app.seat(hub, BO)
        assert "Your turn" in ann.text() and "Bo's turn" not in ann.text()
        assert "Place Jasmine" in tappable(ann) and "Go to 0,-8" not in tappable(ann)
        await ann.tap("Place Jasmine")
        assert "Go to 0,-8" in tappable(ann)  # the one point a Jasmine starts on
        assert not [t for t in tappable(ann) if t.startswith("Go to") and t != "Go to 0,-8"]
        await ann.tap("Go to 0,-8")
        await ann.tap("Confirm")
        assert last(hub) == ("place", {"tile": "jasmine", "at": [0, -8]}, ANN, ANN)
        await bo.settle()
        assert "Ann's Jasmine on 0,-8" in bo.text()
        assert "Place Jasmine" not in tappable(bo) or "Ann's Jasmine on 0,-8" not in tappable(bo)
        assert "Place Jasmine" not in tappable(ann)  # not Ann's turn any more
    run_app(test)


def test_with_the_board_a_harmony_is_drawn_and_scored_by_itself():
    async def test(app):
        hub = board_table(app, target=30)
        for seat, kind, payload in (
                (ANN, "place", {"tile": "jade", "at": [0, 0]}), (BO, "pass", {}),
                (ANN, "move", {"from": [0, 0], "to": [0, 3]}), (BO, "pass", {})):
            hub.act(HOST, kind, payload, None, seat=seat)
        ann = await app.seat(hub, ANN)
        await ann.tap("Place Rose")
        await ann.tap("Go to 0,7")
        await ann.tap("Confirm")
        hub.act(HOST, "pass", {}, None, seat=BO)
        await ann.settle()
        await ann.tap("Ann's Rose on 0,7")
        await ann.tap("Go to 0,4")
        await ann.tap("Confirm")
        assert [h["at"] for h in state(hub)["harmonies"]] == [[[0, 3], [0, 4]]]
        assert "White Jade + Rose" in ann.text()
        for _ in range(2):
            hub.act(HOST, "pass", {}, None, seat=BO)
            hub.act(HOST, "pass", {}, None, seat=ANN)
        assert state(hub)["scores"][ANN] == 1
    run_app(test)


def test_the_bigger_board_makes_every_point_a_44_px_target():
    async def test(app):
        hub = board_table(app)
        ann = await app.seat(hub, ANN)
        await ann.tap("Place Jasmine")
        small = tappable_width(ann, "Go to 0,-8")
        assert small < 44  # 17 points across a phone
        await ann.tap("Bigger board (easier to tap)")  # the Jasmine stays picked
        assert tappable_width(ann, "Go to 0,-8") >= 44
        await ann.tap("Go to 0,-8")
        await ann.tap("Confirm")
        assert last(hub) == ("place", {"tile": "jasmine", "at": [0, -8]}, ANN, ANN)
    run_app(test)


def test_a_tapped_point_is_named_and_the_move_counts_only_on_confirm():
    async def test(app):
        hub = board_table(app)
        for seat, kind, payload in ((ANN, "place", {"tile": "jade", "at": [0, 0]}), (BO, "pass", {})):
            hub.act(HOST, kind, payload, None, seat=seat)
        moves = len(hub.match.log)
        ann = await app.seat(hub, ANN)
        await ann.tap("Ann's White Jade on 0,0")
        await ann.tap("Go to 0,-4")  # the point next to the one meant
        assert len(hub.match.log) == moves and "Move the White Jade to 0,-4?" in ann.text()
        for name in ("Confirm", "Cancel"):
            button = taps(ann.tree())[name]
            assert button.height >= 44 and button.width >= 44
        await ann.tap("Cancel")
        assert len(hub.match.log) == moves and "Move the White Jade" not in ann.text()
        await ann.tap("Go to 0,-4")
        await ann.tap("Go to 0,-3")  # the right one: the question follows the last point tapped
        assert "Move the White Jade to 0,-3?" in ann.text() and "0,-4?" not in ann.text()
        await ann.tap("Confirm")
        assert last(hub) == ("move", {"from": [0, 0], "to": [0, -3]}, ANN, ANN)
        assert "Confirm" not in tappable(ann)
    run_app(test)


def test_a_capture_is_named_in_the_question_before_it_counts():
    async def test(app):
        hub = board_table(app)
        for seat, kind, payload in ((ANN, "place", {"tile": "rhododendron", "at": [0, 0]}), (BO, "pass", {}),
                                    (ANN, "move", {"from": [0, 0], "to": [0, 3]}),
                                    (BO, "place", {"tile": "jade", "at": [0, 0]})):
            hub.act(HOST, kind, payload, None, seat=seat)
        ann = await app.seat(hub, ANN)
        await ann.tap("Ann's Rhododendron on 0,3")
        await ann.tap("Capture Bo's White Jade on 0,0")
        assert "Move the Rhododendron to 0,0, capturing Bo's White Jade?" in ann.text()
        assert state(hub)["board"]["0,0"] == [BO, "jade"]
        await ann.tap("Confirm")
        assert state(hub)["board"]["0,0"] == [ANN, "rhododendron"]
    run_app(test)


def test_tiles_letters_and_harmonies_are_big_enough_to_see_on_a_phone():
    async def test(app):
        hub = board_table(app, target=30)
        for seat, kind, payload in ((ANN, "place", {"tile": "jade", "at": [0, 0]}), (BO, "pass", {}),
                                    (ANN, "move", {"from": [0, 0], "to": [0, 3]}), (BO, "pass", {}),
                                    (ANN, "place", {"tile": "rose", "at": [0, 7]}), (BO, "pass", {}),
                                    (ANN, "move", {"from": [0, 7], "to": [0, 4]})):
            hub.act(HOST, kind, payload, None, seat=seat)
        ann = await app.seat(hub, ANN)
        assert text_size(ann, "Ann's White Jade on 0,3") >= 12
        tile = next(c for c in walk(ann.tree()) if isinstance(c, ft.Container)
                    and any(isinstance(t, ft.Text) and t.semantics_label == "Ann's Rose on 0,4"
                            for t in [c.content]))
        bands = [shape for canvas in walk(ann.tree()) if isinstance(canvas, cv.Canvas)
                 for shape in canvas.shapes if isinstance(shape, cv.Line) and shape.paint.stroke_cap == ft.StrokeCap.ROUND]
        assert len(bands) == 1 and bands[0].paint.stroke_width > tile.width  # wider than the tiles
    run_app(test)


def tappable_width(tab, name: str) -> float:
    from tests.uitree import taps

    return taps(tab.tree())[name].width
