"""The score pad's screens in the real app on real Flet sessions (no browser)."""

from tests.support import run_app
from tests.uitree import buttons, taps


def test_secret_scores_show_only_my_own_total():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"], {"secret": True})
        ann, bo = await app.seat(hub, 0), await app.seat(hub, 1)
        await ann.type("Ann's points", "13")
        await ann.tap("Save")
        await bo.type("Bo's points", "29")
        await bo.tap("Save")
        await ann.settle()
        mine = ann.text()
        assert "Ann total 13" in mine and "29" not in mine and "Bo total secret" in mine
        host = await app.host(hub)
        assert "13" not in host.text() and "29" not in host.text()
    run_app(test)


def test_steppers_fill_the_box_and_save_sends_my_points():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        bo = await app.seat(hub, 1)
        for step in ("+5", "+5", "-1"):
            await bo.tap(step)
        await bo.tap("Save")
        assert hub.view(_host())["public"]["players"][1]["rounds"] == [9]
        assert bo.total("Bo") == "9"
    run_app(test)


def _host():
    from companion.table.hub import HOST
    return HOST


def test_waiting_list_and_next_round_only_when_everyone_entered():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy"])
        ann = await app.seat(hub, 0)
        assert "Waiting for you, Bo and Cy" in ann.text()
        await ann.type("Ann's points", "4")
        await ann.tap("Save")
        assert "Waiting for Bo and Cy" in ann.text()
        assert "Next round" not in taps(ann.tree()) and "Next round" in buttons(ann.tree())  # greyed
        host = await app.host(hub)
        await host.tap("Next round")  # the host may, after a confirm
        assert host.phone.dialogs[-1][0] == "Start round 2?"
        assert "Bo, Cy have not entered round 1" in host.phone.dialogs[-1][1]
        await host.answer(yes=True)
        await ann.settle()
        assert hub.view(_host())["public"]["round"] == 2
        assert "Round 2 started" in ann.phone.toasts
    run_app(test)


def test_leader_first_in_the_totals():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy"])
        host = await app.host(hub)
        for seat, points in ((0, 3), (1, 12), (2, 7)):
            hub.act(_host(), "points", {"points": points}, None, seat=seat)
        await host.settle()
        text = host.text()
        assert text.index("Bo total 12") < text.index("Cy total 7") < text.index("Ann total 3")
    run_app(test)


def test_host_ends_the_game_after_confirming_and_the_chart_shows():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        host = await app.host(hub)
        hub.act(_host(), "points", {"points": 6}, None, seat=0)
        await host.settle()
        await host.tap("End the game")
        assert host.phone.dialogs[-1][0] == "End the game?"
        await host.answer()
        assert hub.view(_host())["result"] is not None
        assert "Running totals by round: Ann 6, Bo 0" in host.text()
    run_app(test)


def test_a_secret_pad_ends_after_its_reveal_with_the_winner_on_every_screen():
    """Issue 37: "End the game" comes once the secret scores are revealed; then every
    screen says who won and offers no more rounds (nor says who has entered)."""
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy"], {"secret": True})
        ann = await app.seat(hub, 0)
        host, wide = await app.host(hub), await app.host(hub, width=1920)
        for seat, points in enumerate((11, 9, 26)):
            hub.act(_host(), "points", {"points": points}, None, seat=seat)
        await host.settle()
        assert "Everyone has entered round 1" in ann.text() and "End the game" not in host.text()
        await wide.tap("Reveal scores")
        await wide.answer()
        await wide.settle()
        await wide.tap("End the game")
        assert wide.phone.dialogs[-1][0] == "End the game?"
        await wide.answer()
        for screen in (ann, host, wide):
            await screen.settle()
            text = screen.text()
            assert "Cy wins with 26" in text, text
            assert "Next round" not in text and "Everyone has entered" not in text
        assert "The game ended: Cy wins with 26" in ann.phone.toasts
        assert "Running totals by round" in ann.text()
    run_app(test)


def test_the_table_screen_reveals_secret_scores_after_a_confirm():
    """Issue 26, point 1: "Reveal scores" is on the host's wide table screen itself; its
    view holds no hidden total before the confirm, and every total after it."""
    async def test(app):
        from tests.browser.frames import received

        hub = app.create("scorepad", ["Ann", "Bo"], {"secret": True})
        hub.act(_host(), "points", {"points": 4817}, None, seat=0)
        hub.act(_host(), "points", {"points": 2963}, None, seat=1)
        wide = await app.host(hub, width=1920)
        assert "Ann total secret" in wide.text()
        await wide.tap("Reveal scores")
        assert wide.phone.dialogs[-1][0] == "Reveal every score?"
        assert hub.view(_host())["public"]["players"][0]["total"] is None  # not before the yes
        sent = received(wide.conn.sent)
        assert sent.count and not sent.has_number(4817) and not sent.has_number(2963)
        await wide.answer()
        await wide.settle()
        assert "Ann total 4817" in wide.text() and "Bo total 2963" in wide.text()
        assert received(wide.conn.sent).has_number(4817)  # the positive control
        assert "Reveal scores" not in wide.text()  # once only
        open_pad = app.create("scorepad", ["Ann", "Bo"])
        assert "Reveal scores" not in (await app.host(open_pad, width=1920)).text()
    run_app(test)


def _box(tab, name: str) -> str:
    import flet as ft

    box = tab.find(lambda c: isinstance(c, ft.TextField) and c.label == f"{name}'s points")
    return box.value


def test_a_save_keeps_the_points_in_the_box_and_an_undo_takes_them_out():
    """The phone that saved does not draw its box again for the points it shows already
    (issue 25); the box still follows every later change of those points."""
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        ann = await app.seat(hub, 0)
        await ann.type("Ann's points", "12")
        await ann.tap("Save")
        assert _box(ann, "Ann") == "12" and ann.total("Ann") == "12"
        await ann.tap("Undo")
        assert hub.view(_host())["public"]["players"][0]["rounds"] == [None]
        assert _box(ann, "Ann") == "" and ann.total("Ann") == "0"
        await ann.type("Ann's points", "7")
        await ann.tap("Save")
        hub.act(_host(), "points", {"points": 9}, None, seat=0)  # the host puts it right
        await ann.settle()
        assert _box(ann, "Ann") == "9" and ann.total("Ann") == "9"
    run_app(test)


def test_two_tables_never_show_each_others_totals():
    """Open totals are worked out once per move for a whole table (a slice of the shared
    public part): phones of two tables taking turns each show their own table's."""
    async def test(app):
        first = app.create("scorepad", ["Ann", "Bo"])
        second = app.create("scorepad", ["Ann", "Bo"])
        tabs = {first: [await app.seat(first, s) for s in range(2)],
                second: [await app.seat(second, s) for s in range(2)]}
        scores = {first: [0, 0], second: [0, 0]}
        for k, (hub, seat, points) in enumerate(((first, 0, 5), (second, 1, 40), (first, 1, 8),
                                                 (second, 0, 3), (first, 0, 2))):
            hub.act(_host(), "points", {"points": points, "round": 0}, None, seat=seat)
            scores[hub][seat] = points
            for tab in tabs[first] + tabs[second]:
                await tab.settle(rounds=5)
            for table in (first, second):
                for tab in tabs[table]:
                    shown = [tab.total(name) for name in ("Ann", "Bo")]
                    assert shown == [str(p) for p in scores[table]], (k, table.code, shown)
                    text = tab.text()
                    leader = "Ann" if scores[table][0] >= scores[table][1] else "Bo"
                    other = "Bo" if leader == "Ann" else "Ann"
                    assert text.index(f"{leader} total") < text.index(f"{other} total"), (k, text)
    run_app(test)


def test_typing_in_a_points_box_costs_the_host_no_event():
    """The box has no change handler (issue 25): each keystroke's change event cost the
    host's loop 0.4 ms (bench/RESULTS.md); the browser reports the box's value anyway, and
    Save reads it. The host's boxes for every player alike."""
    import flet as ft

    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        ann, host = await app.seat(hub, 0), await app.host(hub)
        boxes = [box for tab in (ann, host) for box in _boxes(tab)]
        assert [box.label for box in boxes] == ["Ann's points", "Ann's points", "Bo's points"]
        assert all(box.on_change is None for box in boxes)
        await ann.type("Ann's points", "21")  # as the browser does: the value, no event
        await ann.tap("Save")
        await host.type("Bo's points", "8")
        await host.tap("Save Bo")
        assert [p["rounds"] for p in hub.view(_host())["public"]["players"]] == [[21], [8]]

    def _boxes(tab):
        from tests.uitree import walk
        return [c for c in walk(tab.tree()) if isinstance(c, ft.TextField) and c.label.endswith("'s points")]
    run_app(test)


def test_a_step_after_typing_shows_its_points_in_the_box():
    """+5 puts 5 in the box; typing 4 over it and +1 makes 5 again: the box shows 5 (it kept
    showing 4 when a step gave the same points an earlier step had), and Save saves 5."""
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        ann = await app.seat(hub, 0)
        await ann.tap("+5")
        assert _box(ann, "Ann") == "5"
        await ann.type("Ann's points", "4")
        await ann.tap("+1")
        assert _box(ann, "Ann") == "5"
        await ann.tap("+1")
        await ann.tap("+1")
        assert _box(ann, "Ann") == "7"
        await ann.tap("Save")
        assert hub.view(_host())["public"]["players"][0]["rounds"] == [7]
        assert _box(ann, "Ann") == "7" and ann.total("Ann") == "7"
    run_app(test)
