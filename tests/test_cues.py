"""When a phone is cued (issue 36): a cue can be heard around the table (a buzz, or where
a phone cannot vibrate a tone and a flash), so it comes for the player's own turn and for
public news of their seat, never for a secret move's news, which only that seat may know
of. Real app on real Flet sessions over the real hub (no browser)."""

from __future__ import annotations

import pytest

from companion.table.hub import HOST
from engine import registry
from tests.support import memory_tables, run_app, seated, settle, until


@pytest.fixture
def toy(monkeypatch):
    from companion import games
    from tests.toy import ENTRY, SCREENS

    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (ENTRY,))
    monkeypatch.setitem(games.SCREEN_PACKAGES, ENTRY.id, SCREENS)
    return registry.get_game("toy")


def test_the_turn_and_its_news_cue_the_phone_once_and_the_mover_not_at_all(toy):
    async def test(app):
        hub = app.create("toy", ["Ann", "Bo"], {"target": 9})
        ann, bo = await app.seat(hub, 0), await app.seat(hub, 1)
        await until(lambda: "Your turn" in ann.text(), "Ann's turn banner")
        assert bo.phone.cues == 0  # not Bo's turn, no news
        ann_before = ann.phone.cues
        await ann.tap("Add 3")
        await until(lambda: "Your turn" in bo.text(), "Bo's turn")
        assert bo.phone.toasts == ["Ann added 3: 6 to go"]
        assert bo.phone.cues == 1  # the news and the turn it brings: one cue
        assert ann.phone.cues == ann_before  # her own move tells her nothing
    run_app(test)


def test_a_move_that_follows_at_once_cues_the_phone_again(toy):
    """Two moves in quick succession are two cues (none is lost to the one before): Ann's
    turn comes, she moves, Bo moves at once, and her turn coming back cues her again."""
    async def test(app):
        hub = app.create("toy", ["Ann", "Bo"], {"target": 20})
        ann, bo = await app.seat(hub, 0), await app.seat(hub, 1)
        await until(lambda: "Your turn" in ann.text(), "Ann's turn banner")
        await ann.tap("Add 3")
        await until(lambda: "Your turn" in bo.text(), "Bo's turn")
        cued = ann.phone.cues
        await bo.tap("Add 3")
        await until(lambda: "Your turn" in ann.text(), "Ann's turn again")
        await settle(ann, bo)
        assert ann.phone.cues == cued + 1  # Bo's move and the turn it brings her: one cue
    run_app(test)


def test_news_of_a_secret_move_is_marked_sealed():
    from tests.bluffstones.support import hub_bid as bid, hub_setup_done as setup_done

    hub = memory_tables().create("bluffstones", ["Ann", "Bo", "Cy"])

    setup_done(hub)
    hub.act(HOST, "start", {})
    ann, bo, cy = seated(hub)
    since = hub.revision
    bid(hub, 0, "blue", 1)
    bid(hub, 1, "yellow", 2)
    bid(hub, 2)
    hub.act(HOST, "reveal", {})
    news = hub.view(ann, since=since)["news"]
    assert [item["sealed"] for item in news] == [True, True, True, False]  # three bids, the reveal
    assert any(item["concerns"] for item in news[3:])  # the reveal told Ann her stone is thrown away


def test_a_secret_move_that_concerns_one_seat_gives_no_cue_on_any_phone(monkeypatch):
    """A game whose sealed bid tells Bo something (none does today: the rule holds for the
    next one): Bo reads it, but no phone at the table is cued, whatever was bid."""
    from dataclasses import replace

    from engine.bluffstones.game import BluffStones
    from engine.moves import Said
    from tests.bluffstones.support import hub_bid as bid, hub_started as started

    sealed = BluffStones.moves["bid"]

    def tells_bo_of_bids(before, action, after, viewer):
        line = sealed.words(before, action, after, viewer)
        if viewer == 1 and action.seat != 1:
            return Said(line, f"{after['players'][action.seat]} bid {action.payload['count']}")
        return line

    monkeypatch.setattr(BluffStones, "moves", {**BluffStones.moves,
                                               "bid": replace(sealed, words=tells_bo_of_bids)})

    async def test(app):
        hub = started(app)
        ann, bo, cy = [await app.seat(hub, s) for s in range(3)]
        await until(lambda: all("Your turn" in p.text() for p in (ann, bo, cy)), "everyone's bid")
        cued = [p.phone.cues for p in (ann, bo, cy)]
        bid(hub, 0, "red", 2)
        await until(lambda: "Ann bid 2" in bo.phone.toasts, "Bo told of Ann's bid")
        bid(hub, 2)
        await until(lambda: "Cy bid 0" in bo.phone.toasts, "Bo told of Cy's bid")
        await settle(ann, bo, cy)
        assert [p.phone.cues for p in (ann, bo, cy)] == cued
    run_app(test)


def test_the_sound_setting_is_kept_on_the_phone():
    async def test(app):
        storage: dict = {}
        home = await app.tab("/", storage=storage)
        assert home.phone.sound is True
        await home.tap("Sound on")
        assert storage["sound"] == "off" and home.phone.sound is False
        assert "Sound off" in [name for name in _taps(home)]
        again = await app.tab("/", storage=storage)  # another tab, or the next visit
        await again.phone.start()  # what the app does before it draws a tab
        assert again.phone.sound is False
        await home.tap("Sound off")
        assert storage["sound"] == "on" and "Sound on" in _taps(home)
        other = await app.tab("/", storage={})  # another phone: its own setting
        await other.phone.start()
        assert other.phone.sound is True
    run_app(test)


def _taps(tab) -> list[str]:
    from tests.uitree import taps

    return list(taps(tab.tree()))


@pytest.mark.parametrize("news_for_her", [True, False])
def test_the_cue_and_the_scroll_to_the_turn_are_not_the_phone_s_socket_s_work(toy, monkeypatch, news_for_her):
    """Issue 37, again in CI (three phones tapping Done at once): a move of someone else's
    that brings Ann her turn scrolls her page to the turn and buzzes her phone, from her
    screen's effects, which run where Flet draws, in her socket's context (the buzz comes
    from her turn banner when the move's news does not concern her). Counted as her
    socket's tasks, these asks (waiting for her phone's answers) held back her next tap,
    which came before those answers, until the socket was closed with the tap lost. They
    are the server's own: her socket's tasks are as many as before the move."""
    import asyncio
    from dataclasses import replace

    from companion.server.sockets import _SOCKET, Share, count_tasks
    from engine.moves import Said

    if not news_for_her:
        add = toy.moves["add"]
        monkeypatch.setattr(type(toy), "moves", {**toy.moves, "add": replace(
            add, words=lambda before, action, after, viewer: Said(f"{action.get('amount')} added"))})

    class Counted:  # Ann's socket, as companion.server.sockets counts what its frames start
        def __init__(self):
            self.share = Share(share=1.0, burst_s=100.0)
            self.running: set = set()

        def started(self, task):
            self.running.add(task)
            task.add_done_callback(self.running.discard)

    async def test(app):
        count_tasks(asyncio.get_running_loop())
        hub = app.create("toy", ["Ann", "Bo"], {"target": 20})
        socket = Counted()
        mark = _SOCKET.set(socket)
        ann = await app.seat(hub, 0)  # her session (and its drawing) started by her socket
        _SOCKET.reset(mark)
        bo = await app.seat(hub, 1)
        await until(lambda: "Your turn" in ann.text(), "Ann's turn banner")
        await ann.tap("Add 3")
        await until(lambda: "Your turn" in bo.text(), "Bo's turn")
        await settle(ann, bo)
        before, cued, toasts = len(socket.running), ann.phone.cues, len(ann.phone.toasts)
        await bo.tap("Add 3")
        await until(lambda: "Your turn" in ann.text(), "Ann's turn again")
        await settle(ann, bo)
        assert ann.phone.cues == cued + 1  # she was cued (her phone never answers the buzz)
        assert (len(ann.phone.toasts) > toasts) == news_for_her
        return before, len(socket.running)

    before, after = run_app(test)
    assert after == before
