"""Re-renders keep the unchanged parts of a phone's screen, and taps on them still work.

Real hub, real storage, real ``PhoneSession`` on real Flet sessions (no browser): what a
player notices is that after other seats act, their own Save still saves, their own
typing is kept, and a change sends only what changed.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import flet as ft
import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from companion.codes import token_hash
from companion.context import AppContext
from companion.hub import Tables, Who
from companion.ui import table as table_ui
from companion.ui.memo import Memo
from companion.ui.session import PhoneSession
from storage import TableStore
from tests.flet_sessions import FakeConnection, find, new_flet_session

PLAYERS = ["Ann", "Bo", "Cy"]


class Seat:
    """One phone sitting at ``seat`` (or the host's screen when ``seat`` is None)."""

    def __init__(self, loop, executor, pubsub, ctx, hub, seat: int | None):
        self.conn = FakeConnection(loop, executor, pubsub, keep=True)
        self.session = new_flet_session(self.conn, f"/t/{hub.code}")
        self.phone = PhoneSession(self.session.page, ctx)
        self.phone.route = f"/t/{hub.code}"
        self.phone.is_host = seat is None
        if seat is None:
            who = Who(host=True)
        else:
            who = Who(seat=seat, token=hub.claim_seat(seat))
        self.phone.watch(hub, who)
        self.phone.show(table_ui.build(self.phone))
        self.name = PLAYERS[seat] if seat is not None else "host"

    def find(self, predicate):
        return find(self.session.page, predicate)

    def box(self, name: str | None = None):
        label = f"{name or self.name}'s points"
        return self.find(lambda c: isinstance(c, ft.TextField) and c.label == label)

    def button(self, text: str):
        return self.find(lambda c: isinstance(c, (ft.FilledButton, ft.OutlinedButton, ft.TextButton))
                         and c.content == text)

    def total(self, name: str) -> str | None:
        found = self.find(lambda c: isinstance(c, ft.Text) and (c.semantics_label or "").startswith(
            f"{name} total "))
        return found.value if found else None

    async def type(self, text: str, name: str | None = None) -> None:
        box = self.box(name)
        assert box is not None, f"{self.name} has no points box"
        self.session.apply_patch(box._i, {"value": text})  # what the browser reports
        await self.session.dispatch_event(box._i, "change", None)

    async def tap(self, text: str) -> None:
        button = self.button(text)
        assert button is not None, f"{self.name} has no {text!r} button"
        await self.session.dispatch_event(button._i, "click", None)


@pytest.fixture
def table(tmp_path):
    async def make(n_phones: int = 3, host: bool = False, settings: dict | None = None):
        loop = asyncio.get_running_loop()
        executor = ThreadPoolExecutor(max_workers=4)
        pubsub = PubSubHub(loop, executor)
        ctx = AppContext(tables=Tables(TableStore(tmp_path)), public_url="http://127.0.0.1:8550",
                         data_dir=tmp_path, host_key_hash=token_hash("k"), loopback_is_host=False)
        hub = ctx.tables.create("scorepad", PLAYERS, settings)
        seats = [Seat(loop, executor, pubsub, ctx, hub, s) for s in range(n_phones)]
        if host:
            seats.append(Seat(loop, executor, pubsub, ctx, hub, None))
        return hub, seats
    return make


async def settled(hub, seats, timeout: float = 5.0) -> None:
    """Wait until every phone's actions are done and every phone has re-rendered the
    table's latest revision."""
    for _ in range(int(timeout / 0.01)):
        if not any(s.phone.pending_actions for s in seats):
            break
        await asyncio.sleep(0.01)
    for _ in range(int(timeout / 0.01)):
        if all(s.phone.rendered_revision == hub.revision for s in seats):
            await asyncio.sleep(0.01)  # let the last patch leave
            return
        await asyncio.sleep(0.01)
    raise AssertionError("a phone did not re-render")


def run(coro):
    # in its own thread: the browser tests' Playwright keeps an event loop in this one
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, coro).result()


def test_save_still_saves_after_other_seats_acted(table):
    async def main():
        hub, (ann, bo, cy) = await table()
        for points, phone in zip(("7", "9"), (ann, cy)):
            await phone.type(points)
            await phone.tap("Save")
            await settled(hub, [ann, bo, cy])
        # Bo's box and button were kept through two re-renders: they still answer
        await bo.type("12")
        await bo.tap("Save")
        await settled(hub, [ann, bo, cy])
        assert [ann.total(n) for n in PLAYERS] == ["7", "12", "9"]
        assert [cy.total(n) for n in PLAYERS] == ["7", "12", "9"]
        await ann.tap("Next round")
        await settled(hub, [ann, bo, cy])
        await bo.type("5")
        await bo.tap("Save")
        await settled(hub, [ann, bo, cy])
        assert ann.total("Bo") == "17"
    run(main())


def test_typing_is_kept_while_others_act(table):
    async def main():
        hub, (ann, bo, cy) = await table()
        await bo.type("4")  # Bo is halfway through entering
        await ann.type("3")
        await ann.tap("Save")
        await settled(hub, [ann, bo, cy])
        assert bo.box().value == "4"
        await bo.tap("Save")
        await settled(hub, [ann, bo, cy])
        assert cy.total("Bo") == "4"
    run(main())


def test_a_change_sends_only_what_changed(table):
    async def main():
        hub, (ann, bo, cy) = await table()
        before = len(bo.conn.sent)
        await ann.type("21")
        await ann.tap("Save")
        await settled(hub, [ann, bo, cy])
        patches = b"".join(bo.conn.sent[before:])
        assert b"Ann total 21" in patches
        # the unchanged parts of Bo's screen are not sent again
        assert b"Points in round" not in patches and b"Show chart" not in patches
        assert len(patches) < 600
    run(main())


def test_tabs_and_back_keep_working(table):
    async def main():
        hub, (ann, bo) = await table(2)
        await bo.tap("History")
        await ann.type("6")
        await ann.tap("Save")
        await settled(hub, [ann, bo])
        await bo.tap("Play")
        assert bo.total("Ann") == "6"
        await bo.type("2")
        await bo.tap("Save")
        await settled(hub, [ann, bo])
        assert ann.total("Bo") == "2"
    run(main())


def test_host_switching_whom_it_enters_for(table):
    async def main():
        hub, (ann, host) = await table(1, host=True)
        await host.type("8", name="Bo")
        await host.tap("Save Bo")
        await settled(hub, [ann, host])
        assert ann.total("Bo") == "8"
        picker = host.find(lambda c: isinstance(c, ft.Dropdown))
        host.session.apply_patch(picker._i, {"value": "2"})
        await host.session.dispatch_event(picker._i, "select", None)
        await host.type("5", name="Cy")
        await host.tap("Save")
        await settled(hub, [ann, host])
        assert ann.total("Cy") == "5"
    run(main())


def test_nothing_kept_from_a_hidden_view_once_the_host_shows_the_table(table):
    async def main():
        hub, (ann, host) = await table(1, host=True, settings={"secret": True})
        await ann.type("13")
        await ann.tap("Save")
        await settled(hub, [ann, host])
        assert host.total("Ann") == "secret"

        async def show_for(value: str) -> None:
            picker = host.find(lambda c: isinstance(c, ft.Dropdown))
            host.session.apply_patch(picker._i, {"value": value})
            await host.session.dispatch_event(picker._i, "select", None)

        await show_for("0")  # pass-and-play: the host's screen enters for Ann
        assert host.total("Ann") == "13"
        before = len(host.conn.sent)
        await show_for("table")  # back to the shared table screen
        assert host.total("Ann") == "secret"
        assert b"Ann total 13" not in b"".join(host.conn.sent[before:])
        await ann.tap("Next round")  # a re-render for another reason keeps it hidden
        await settled(hub, [ann, host])
        assert host.total("Ann") == "secret"
    run(main())


def test_a_kept_part_that_would_move_is_built_again():
    memo = Memo()
    built = []

    def part(name):
        def build():
            control = ft.Text(name)
            built.append(control)
            return control
        return memo(name, None, build)

    memo.begin()
    first = [ft.Column([part("a"), part("b")])]
    assert memo.settle(first)
    memo.begin()
    same_place = [ft.Column([part("a"), part("b")])]
    assert memo.settle(same_place) and len(built) == 2  # both kept
    memo.begin()
    moved = [ft.Column([ft.Text("new"), part("a"), part("b")])]
    assert not memo.settle(moved)  # Flet would pair them with other controls: refuse
    memo.begin()
    twice = [ft.Column([part("a")]), ft.Column([part("a")])]
    assert not memo.settle(twice)


def test_nothing_is_kept_for_another_viewer():
    memo = Memo()
    memo.begin("Ann's seat")
    ann_part = memo("total", ("same deps",), lambda: ft.Text("13"))
    assert memo.settle([ann_part])
    memo.begin("the table")
    table_part = memo("total", ("same deps",), lambda: ft.Text("secret"))
    assert table_part is not ann_part and table_part.value == "secret"
