"""What a hand-made client says about its own page changes only what a phone may change:
a page ends only when its socket does (a ``close`` event it sends for itself is dropped,
and the device's cap of pages holds), a registration Flet cannot apply is refused in one
log line and counted against the device, and a wrong-typed storage answer is no answer."""

from __future__ import annotations

import asyncio

import msgpack
import pytest

from companion.flet_runtime.sessions import PER_ADDRESS, REFUSED
from tests.browser.harness import Server
from tests.server.flet_wire import EVENT, INVOKE, PAGE_ID, WirePhone, frame, registration
from tests.support import run_apart

run = run_apart
START = "Join"
"""What the start page shows (every phone's first screen here)."""


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("cap") / "data")
    server.start()
    yield server
    server.stop()


def log_of(server: Server) -> str:
    return server.log_path.read_text(errors="replace")


def test_a_page_that_sends_close_for_itself_still_counts_against_the_cap(srv):
    """From the host machine (never held back by its loop-time share): 24 pages each
    sending ``close`` for itself, then one more, which is refused in words."""
    async def attempt():
        pages = []
        try:
            for _ in range(PER_ADDRESS):
                page = await WirePhone.open(srv.port)
                await page.send(registration())
                assert await page.until(lambda p: p.seen(START)), "a page under the cap was not drawn"
                assert await page.send(frame(EVENT, {"target": PAGE_ID, "name": "close", "data": None}))
                pages.append(page)
            last = await WirePhone.open(srv.port)
            pages.append(last)
            await last.send(registration())
            await last.until(lambda p: p.seen(REFUSED[0]) or p.seen(START))
            return last, [page.closed_with for page in pages[:-1]]
        finally:
            for page in pages:
                await page.close()

    last, closed = run(attempt())
    assert last.seen(REFUSED[0]) and not last.seen(START)
    assert closed == [None] * PER_ADDRESS  # every page's socket stayed open (the event dropped)


def palmos(**page) -> bytes:
    return registration(platform="palmos", **page)


@pytest.mark.parametrize("bad, device", [
    ({"platform": "palmos"}, "127.0.0.21"),
    ({"platform_brightness": "dim"}, "127.0.0.22"),
    ({"media": {"orientation": "sideways"}}, "127.0.0.23"),
    ({"width": "wide"}, "127.0.0.24"),
    ({"_values": 0}, "127.0.0.25"),
    ({"views": [{}] * 50}, "127.0.0.26"),
])
def test_a_registration_flet_cannot_apply_is_refused_in_one_line_and_counted(srv, bad, device):
    before = log_of(srv)

    async def attempt():
        phone = await WirePhone.open(srv.port, address=device)
        await phone.send(registration(**bad))
        await phone.until(lambda p: p.closed_with is not None or p.seen(START), timeout=10)
        try:  # the device's next socket: refused before it opens, it owes its share
            again = await WirePhone.open(srv.port, address=device)
        except Exception as refused:  # noqa: BLE001 - websockets' InvalidStatus (403)
            return phone, refused
        await again.close()
        return phone, None

    phone, again = run(attempt())
    assert phone.closed_with == 1008 and not phone.seen(START)
    assert again is not None and "403" in str(again)
    said = log_of(srv)[len(before):]
    assert "Traceback" not in said and said.count("\n") == 1 and "a socket closed: " in said, said


def test_many_registrations_flet_cannot_apply_leave_no_traceback(srv):
    """From the host machine (not held back): each refused, one line each, no session."""
    before = log_of(srv)

    async def attempt():
        codes = []
        for _ in range(30):
            phone = await WirePhone.open(srv.port)
            await phone.send(palmos())
            await phone.until(lambda p: p.closed_with is not None, timeout=10)
            codes.append(phone.closed_with)
        return codes

    assert run(attempt()) == [1008] * 30
    said = log_of(srv)[len(before):]
    assert "Traceback" not in said and said.count("a socket closed: its platform") == 30, said


class StoragePhone(WirePhone):
    """A phone whose storage answers ``answers[key]`` to every read (None for the rest)."""

    def __init__(self, ws, answers: dict):
        super().__init__(ws)
        self.answers = answers

    def _take(self, data: bytes) -> None:
        message = msgpack.unpackb(data[1:], strict_map_key=False) if data[:1] == b"\x00" else None
        if message and message[0] == INVOKE and message[1].get("name") == "get":
            body = message[1]
            value = self.answers.get((body.get("args") or {}).get("key"))
            asyncio.ensure_future(self.send(frame(INVOKE, {"control_id": body["control_id"],
                                                           "call_id": body["call_id"], "result": value,
                                                           "error": None})))
            return
        super()._take(data)


@pytest.mark.parametrize("key, value, device", [
    ("host.key", 7, "127.0.0.31"), ("host.key", ["key"], "127.0.0.32"), ("theme", ["dark"], "127.0.0.33"),
    ("theme", {"mode": "dark"}, "127.0.0.34"), ("sound", 1, "127.0.0.35"),
])
def test_a_wrong_typed_storage_answer_gives_a_working_page_and_no_traceback(srv, key, value, device):
    before = log_of(srv)

    async def attempt():
        phone = StoragePhone((await WirePhone.open(srv.port, address=device)).ws, {key: value})
        await phone.send(registration())
        await phone.until(lambda p: p.seen(START) or p.closed_with is not None)
        await phone.close()
        return phone

    phone = run(attempt())
    assert phone.seen(START)
    assert "Traceback" not in log_of(srv)[len(before):]
