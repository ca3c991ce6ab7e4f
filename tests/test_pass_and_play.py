"""Pass-and-play keeps the table on the host's screen while the device is handed over
(issue 26, point 3): whose turn, what they decide and the table's key numbers, from the
public view only (a watcher's): nothing of the player's own before the tap."""

from __future__ import annotations

from companion.table.hub import HOST
from tests.browser.frames import received
from tests.support import run_app


def test_the_hand_over_keeps_the_score_pad_on_the_screen():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy"], {"secret": True})
        hub.act(HOST, "points", {"points": 4817}, None, seat=0)
        for width in (390.0, 1280.0):
            host = await app.host(hub, width=width)
            await host.pick("This screen shows", "1")
            text = host.text()
            assert "Hand the device to Bo, then tap" in text
            assert "Bo's turn: enter their points for round 1" in text
            assert "Ann total secret" in text and "Waiting for Bo and Cy" in text  # the table, public
            assert "Watching" not in text and "Save" not in text  # no seat's controls
            assert not received(host.conn.sent).has_number(4817)
            await host.tap("Back to the table screen")
            await host.pick("This screen shows", "0")
            assert "Not Ann's turn now: the table waits for Bo and Cy" in host.text()
            await host.tap("I am Ann: show my screen")
            assert host.total("Ann") == "4817"  # the positive control: after the tap
    run_app(test)


def test_the_hand_over_says_what_a_rock_garden_player_decides():
    from tests.rockgarden.support import Table, setup_round_one

    async def test(app):
        t = Table(app)
        setup_round_one(t)
        t.apply(1, "bid", pile=0, rocks="W1 W2")  # Cy bids next
        host = await app.host(t.hub, width=1280)
        await host.pick("This screen shows", "2")
        text = host.text()
        assert "Cy's turn: bid on a pile" in text and "Hand the device to Cy, then tap" in text
        for words in ("Cy bids", "Pile 1 bid Bo worth 3", "Trips cards left 10", "Cy rocks 5", "Round 1"):
            assert words in text, words
        sent = received(host.conn.sent)
        assert not sent.has_text("if it stands") and not sent.matches(r"Cy demerits \\d")  # her advice, her cards
        await host.tap("I am Cy: show my screen")
        assert "Your turn: bid on a pile" in host.text()
        assert received(host.conn.sent).has_text("if it stands")  # the positive control
    run_app(test)


def test_public_decisions_of_every_game():
    from companion.games import screens_of
    from companion.ui.table_screen import turn_status

    def screen(public, to_act, result=None):
        return {"table": {"players": ["Ann", "Bo", "Cy"]}, "public": public, "to_act": to_act, "result": result,
                "legal": [], "private": None}

    strata = screens_of("strata").decision_of()
    assert turn_status(screen({"phase": "auction", "players": []}, [0, 2]), 2, strata) == "Cy's turn: bid in secret"
    bluff = screens_of("bluffstones").decision_of()
    pending = {"phase": "resolving", "pending": {"seat": 1, "step": "place", "colour": "blue"}}
    assert turn_status(screen(pending, [1]), 1, bluff) == "Bo's turn: place their blue stone"
    assert turn_status(screen(pending, [1]), 0, bluff) == "Not Ann's turn now: the table waits for Bo"
    paisho = screens_of("paisho").decision_of()
    assert turn_status(screen({}, [0]), 0, paisho) == "Ann's turn: take their turn: place, move, capture or pass"
    assert turn_status(screen({}, [], result={}), 0, paisho) == "The game is over"
