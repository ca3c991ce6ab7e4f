"""Pai Sho phone and table screens drawn from the real hub (in-memory store), in plain
Python: a whole turn is entered tap by tap exactly as on a phone, each tap's move goes
through the hub, and a refusal becomes the toast a player would read."""

from __future__ import annotations

from companion.hub import HOST, Who
from tests.support import Screen, new_table
from tests.uitree import all_text, buttons, tap

ANN, BO = 0, 1


class Phone(Screen):
    """A screen that keeps the confirms it was asked for (the player answers later)."""

    def __init__(self, hub, who, local=None):
        super().__init__(hub, who, local)
        self.confirms: list[tuple] = []

    def ui(self):
        ui = super().ui()
        ui.confirm = lambda title, text, yes, label="": self.confirms.append((title, yes, label))
        return ui


class Table:
    """A real hub with a phone in every seat, the host's table screen and the host
    entering for a player; one screen (and its scratch memory) per viewer."""

    def __init__(self, moves=(), players=("Ann", "Bo"), target=5):
        self.hub, self.phones = new_table("paisho", players, {"target": target})
        self.screens: dict = {}
        for seat, kind, payload in moves:
            self.hub.act(self.phones[seat], kind, payload, None)

    def who(self, seat, host=False):
        if host:
            return HOST if seat is None else Who(seat=seat, host=True)
        return self.phones[seat] if seat is not None else Who()

    def screen(self, seat, host=False) -> Phone:
        key = (seat, host)
        if key not in self.screens:
            self.screens[key] = Phone(self.hub, self.who(seat, host))
        return self.screens[key]

    def build(self, seat, host=False) -> list:
        return self.screen(seat, host).build()

    def tap(self, seat, label, host=False) -> None:
        tap(self.build(seat, host), label)

    def toasts(self, seat, host=False) -> list[str]:
        return self.screen(seat, host).toasts

    @property
    def state(self):
        return self.hub.match.state

    def last(self) -> tuple:
        """The last move the table took: (kind, payload, seat, who pressed: None = host)."""
        entry = self.hub.match.log[-1]
        return entry.action.kind, dict(entry.action.payload), entry.action.seat, entry.by


def tiles(state, seat, kind):
    from engine.paisho.tiles import counts
    return counts(state["tiles"][seat], kind)


OPENING = ((ANN, "place", {"tile": "rose"}), (BO, "place", {"tile": "jasmine"}),
           (ANN, "place", {"tile": "lily"}), (BO, "place", {"tile": "boat"}))


def opened() -> Table:
    """Ann: Rose and Lily on the board; Bo: Jasmine and Boat on the board; Ann to play."""
    return Table(OPENING)


def test_a_turn_is_three_taps_what_tile_end():
    table = Table(target=30)
    first = table.build(ANN)
    assert "Your turn" in all_text(first)
    assert {"Place", "Pass"} <= set(buttons(first))
    assert "Move" not in buttons(first) and "Capture" not in buttons(first)  # nothing on the board
    assert "Return" not in all_text(first)
    table.tap(ANN, "Place")
    assert "Which tile did you place?" in all_text(table.build(ANN))
    table.tap(ANN, "Rose")
    assert "Place Rose" in all_text(table.build(ANN))
    table.tap(ANN, "End turn")
    assert table.last() == ("place", {"tile": "rose"}, ANN, ANN)
    assert tiles(table.state, ANN, "rose")["board"] == 1
    # the turn passed: Ann's draft is gone and her screen waits; Bo's screen asks
    assert "End turn" not in buttons(table.build(ANN)) and "Place" not in buttons(table.build(ANN))
    assert "Bo's turn" in all_text(table.build(ANN))
    assert "Your turn" in all_text(table.build(BO)) and "Place" in buttons(table.build(BO))


def test_pass_is_two_taps():
    table = opened()
    table.tap(ANN, "Pass")
    assert "You pass" in all_text(table.build(ANN))
    table.tap(ANN, "End turn")
    assert table.last() == ("pass", {}, ANN, ANN)


def test_harmony_formed_in_the_turn_shows_turns_until_it_pays():
    table = opened()
    table.tap(ANN, "Place")
    table.tap(ANN, "White Jade")
    table.tap(ANN, "Lily")      # the harmony builder: tap two tiles
    assert "Lily + which tile?" in all_text(table.build(ANN))
    table.tap(ANN, "White Jade")
    assert "Remove Lily + White Jade" in buttons(table.build(ANN))
    table.tap(ANN, "End turn")
    assert table.last() == ("place", {"tile": "jade", "formed": [["lily", "jade"]]}, ANN, ANN)
    assert table.toasts(ANN) == []
    ann = all_text(table.build(ANN))
    assert "My harmonies" in ann and "Lily + White Jade pays in 2 turns" in ann
    # everyone sees it on the table screen, with its owner, and in the latest harmonies
    board = all_text(table.build(None, host=True))
    assert "Ann's Lily + White Jade pays in 2 turns" in board
    assert "Turn 5: Ann's Lily + White Jade (#1) formed" in board


def test_a_disharmonious_pair_is_refused_with_the_engines_reason_and_the_draft_stays():
    table = opened()
    table.tap(ANN, "Place")
    table.tap(ANN, "White Jade")
    table.tap(ANN, "Lily")
    table.tap(ANN, "Chrysanthemum")
    revision = table.hub.revision
    table.tap(ANN, "End turn")
    assert table.hub.revision == revision
    assert len(table.toasts(ANN)) == 1
    assert "Lily and Chrysanthemum are opposites on the harmony ring" in table.toasts(ANN)[0]
    screen = table.build(ANN)
    assert "Place White Jade" in all_text(screen) and "Remove Lily + Chrysanthemum" in buttons(screen)
    table.tap(ANN, "Remove Lily + Chrysanthemum")
    table.tap(ANN, "End turn")
    assert table.last() == ("place", {"tile": "jade"}, ANN, ANN)
    assert table.state["current"] == BO


def test_suggested_harmony_from_the_engine_is_one_tap():
    table = opened()   # Ann's Rose and Lily are not neighbours; place a Chrysanthemum first
    table.tap(ANN, "Place")
    table.tap(ANN, "Chrysanthemum")
    table.tap(ANN, "End turn")
    table.tap(BO, "Pass")
    table.tap(BO, "End turn")
    table.tap(ANN, "Pass")
    assert "Form Rose + Chrysanthemum" in buttons(table.build(ANN))
    table.tap(ANN, "Form Rose + Chrysanthemum")
    table.tap(ANN, "End turn")
    assert table.last() == ("pass", {"formed": [["rose", "chrysanthemum"]]}, ANN, ANN)
    assert [h["pair"] for h in table.hub.view(table.phones[ANN])["public"]["harmonies"]] == [
        ["rose", "chrysanthemum"]]


def test_capture_lists_what_the_engine_allows_and_sends_its_owner():
    table = opened()
    table.tap(ANN, "Pass")
    table.tap(ANN, "End turn")
    table.tap(BO, "Capture")
    screen = table.build(BO)
    assert "Jasmine takes Ann's Rose" in buttons(screen)
    assert "Boat takes Ann's Lily (both to the Pot)" in buttons(screen)
    assert "Jasmine takes Ann's Lily" not in buttons(screen)  # not opposites
    table.tap(BO, "Jasmine takes Ann's Rose")
    table.tap(BO, "End turn")
    assert table.last() == ("capture", {"tile": "jasmine", "captured": "rose", "owner": ANN}, BO, BO)
    board = all_text(table.build(None, host=True))
    assert "Pot: Ann's tiles 1" in board and "Rose ×1" in board
    assert "blooms for Ann" in board          # fewer captures: Ann's lotus blooms
    assert "Bo score 0 of 5" in board and "Ann score 0 of 5" in board


def test_return_with_a_boat_picks_the_flowers():
    table = opened()
    table.tap(ANN, "Pass")
    table.tap(ANN, "End turn")
    table.tap(BO, "Return")          # Bo's only boat or wheel: the Boat is chosen already
    table.tap(BO, "Ann's Rose")
    table.tap(BO, "Ann's Lily")
    assert "Returning: Ann's Rose, Ann's Lily" in all_text(table.build(BO))
    table.tap(BO, "Next")
    table.tap(BO, "End turn")
    assert table.last() == ("return", {"tile": "boat", "returned": [{"owner": ANN, "kind": "rose"},
                                                                    {"owner": ANN, "kind": "lily"}]}, BO, BO)
    assert tiles(table.state, ANN, "rose")["returned"] == 1
    ann = all_text(table.build(ANN))
    assert "5+1" in ann and "returned by a Boat or Wheel" in ann  # Ann's tiles show the returned Rose


def test_broken_harmony_is_ticked_in_the_turn():
    table = Table(OPENING + ((ANN, "place", {"tile": "jade", "formed": [["lily", "jade"]]}),))
    table.tap(BO, "Place")
    table.tap(BO, "Rose")
    table.tap(BO, "Break #1")
    assert "Broken #1" in buttons(table.build(BO))
    table.tap(BO, "End turn")
    assert table.last() == ("place", {"tile": "rose", "broken": [1]}, BO, BO)
    assert table.hub.view(table.phones[ANN])["public"]["harmonies"] == []
    assert "Turn 6: Ann's Lily + White Jade (#1) broken" in all_text(table.build(None, host=True))


def test_other_actions_record_a_break_outside_the_turn_and_forfeit_needs_a_confirm():
    table = Table(OPENING + ((ANN, "place", {"tile": "jade", "formed": [["lily", "jade"]]}),))
    assert "Record #1 broken" not in buttons(table.build(ANN))   # folded away
    table.tap(ANN, "Other actions")
    table.tap(ANN, "Record #1 broken")
    assert table.last() == ("harmony_broken", {"harmony": 1}, ANN, ANN)
    table.tap(ANN, "Forfeit the game")
    assert table.last()[0] != "forfeit"
    ann = table.screen(ANN)
    assert len(ann.confirms) == 1
    title, yes, label = ann.confirms[0]
    assert title == "Forfeit the game?" and label == "Forfeit"
    yes()
    assert table.last() == ("forfeit", {}, ANN, ANN)
    assert "Bo wins!" in all_text(table.build(ANN))


def test_knotweed_kill_outside_the_turn_names_the_knotweeds_owner():
    table = Table(((ANN, "place", {"tile": "knotweed"}), (BO, "place", {"tile": "rose"})))
    assert "Kill Bo's Rose" not in buttons(table.build(BO))  # Bo has no Knotweed
    table.tap(ANN, "Other actions")
    table.tap(ANN, "Kill Bo's Rose")
    table.tap(ANN, "Record knotweed kill")
    assert table.last() == ("knotweed_kill", {"knotweed": ANN, "killed": [{"owner": BO, "kind": "rose"}]},
                            ANN, ANN)
    assert tiles(table.state, BO, "rose")["pot"] == 1


def test_table_screen_shows_public_things_only():
    table = opened()
    for viewer in (table.build(None, host=True), table.build(None)):
        text = all_text(viewer)
        assert "Ann's turn" in text and "Race to 5" in text
        assert "My tiles" not in text and "My harmonies" not in text
        assert "No White Lotus blooms" in text
    assert buttons(table.build(None)) == {}
    assert buttons(table.build(None, host=True)) == {}


def test_host_entering_for_a_player_gets_the_turn_entry_and_acts_for_that_seat():
    table = opened()
    screen = table.build(ANN, host=True)
    assert "Your turn" in all_text(screen) and "Place" in buttons(screen)
    table.tap(ANN, "Pass", host=True)
    table.tap(ANN, "End turn", host=True)
    assert table.last() == ("pass", {}, ANN, None) and table.state["current"] == BO
    # outside the turn too: the host records Bo's forfeit for Bo
    table.tap(BO, "Pass", host=True)
    table.tap(BO, "End turn", host=True)
    table.tap(BO, "Other actions", host=True)
    table.tap(BO, "Forfeit the game", host=True)
    table.screen(BO, host=True).confirms[-1][1]()
    assert table.last() == ("forfeit", {}, BO, None)


def test_final_screen_shows_winner_and_score_by_turn():
    table = Table(((ANN, "place", {"tile": "lily"}), (BO, "pass", {}),
                   (ANN, "place", {"tile": "jade", "formed": [["lily", "jade"]]}), (BO, "pass", {}),
                   (ANN, "pass", {}), (BO, "pass", {}), (ANN, "pass", {})), target=1)
    assert table.state["over"]
    for seat, host in ((ANN, False), (BO, False), (None, True), (None, False)):
        screen = table.build(seat, host)
        text = all_text(screen)
        assert "Ann wins!" in text and "reached the target of 1 harmony point" in text
        assert "Ann final score 1" in text and "Bo final score 0" in text
        assert "Score by turn chart: Ann 0, 0, 0, 0, 0, 0, 0, 1; Bo 0, 0, 0, 0, 0, 0, 0, 0" in text
        assert "End turn" not in buttons(screen)


def test_forfeited_player_is_named_so_at_the_end():
    table = Table(((BO, "forfeit", {}),))
    text = all_text(table.build(ANN))
    assert "Ann wins!" in text and "the other players forfeited" in text and "Bo (forfeited)" in text


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


def test_screens_import_nothing_from_the_engine():
    import companion.games.paisho as screen
    import companion.games.paisho_look as look

    for module in (screen, look):
        source = open(module.__file__).read()
        assert "from engine" not in source and "import engine" not in source
