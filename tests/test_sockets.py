"""companion/server/sockets.py without a server: which frames a phone may send, and a device's
share of the event loop (tests/server/test_sockets.py tries them on the real server)."""

from __future__ import annotations

import asyncio

import pytest

from companion.flet_runtime.socket_context import apart_from_socket
from companion.server.sockets import (EVENT, REGISTER, Share, Shares, SocketLimits, count_tasks,
                               read_frame, _SOCKET)
from tests.server.flet_wire import INVOKE, PAGE_ID, UPDATE, frame, registration
from tests.support import run_apart


def test_a_phone_s_own_frames_are_read():
    assert read_frame(registration(), registered=False)[::2] == (REGISTER, None)
    for data, action in ((frame(EVENT, {"target": PAGE_ID, "name": "click", "data": None}), EVENT),
                         (frame(UPDATE, {"id": 5, "props": {"value": "Ann"}}), UPDATE),
                         (frame(INVOKE, {"control_id": 9, "call_id": "x", "result": None, "error": None}), INVOKE),
                         (b"\x01\x00\x00\x00\x07data", 0x01)):
        assert read_frame(data, registered=True)[::2] == (action, None)


def test_a_page_squeezed_in_its_tab_registers_with_the_negative_inset_flutter_reports():
    """A page loaded in a tab that showed another first hears a fraction of its height, and
    Flutter's web client registers a keyboard inset below zero: still a real phone."""
    media = {"padding": {"top": 0, "right": 0, "bottom": 0, "left": 0},
             "view_padding": {"top": 0, "right": 0, "bottom": 0, "left": 0},
             "view_insets": {"top": 0, "right": 0, "bottom": -508.1224582195282, "left": 0},
             "device_pixel_ratio": 1, "orientation": "portrait", "always_use_24_hour_format": False}
    assert read_frame(registration(media=media), registered=False)[::2] == (REGISTER, None)
    media["view_insets"]["bottom"] = float("inf")
    assert read_frame(registration(media=media), registered=False)[2]


@pytest.mark.parametrize("data, registered", [
    (b"\x00\xc1", False),  # not msgpack
    ("hello", False),  # a text frame
    (b"", True),
    (b"\x07\x00", True),  # not a Flet frame
    (frame(EVENT, {"target": PAGE_ID, "name": "click", "data": None}), False),  # before registering
    (registration(), True),  # twice
    (frame(REGISTER, {"session_id": "", "page_name": ""}), False),  # no page
    (frame(EVENT, {"target": PAGE_ID, "name": "click", "data": None, "more": 1}), True),
    (frame(2, {"id": 1, "patch": []}), True),  # what only the server sends
    (registration(client_ip="127.0.0.1"), False),
    (frame(UPDATE, {"id": PAGE_ID, "props": {"client_ip": "127.0.0.1"}}), True),
    (frame(UPDATE, {"id": PAGE_ID, "props": {"client_user_agent": "x"}}), True),
    (b"\x01\x00\x00", True),  # a data-channel frame without its channel
    (b"\x01\x00\x00\x00\x07data", False),
    (b"\x00" + b"\x91" * 5000, True),  # nested past msgpack's depth
])
def test_what_a_phone_does_not_send_is_refused(data, registered):
    action, body, why = read_frame(data, registered)
    assert why


def test_a_device_earns_its_share_and_waits_when_it_spent_more():
    now = [0.0]
    share = Share(share=0.05, burst_s=2.0, clock=lambda: now[0])
    share.spend(1.5)
    assert share.wait_s() == 0  # still 0.5 s in hand
    share.spend(1.0)
    assert share.wait_s() == pytest.approx(0.5 / 0.05)
    now[0] = 10.0
    assert share.wait_s() == 0
    now[0] = 1000.0
    share.wait_s()
    assert share.balance == 2.0  # never more than the burst in hand


def test_the_host_machine_is_not_metered_and_other_loopback_addresses_are():
    shares = Shares(SocketLimits())
    host = shares.of("127.0.0.1")
    host.spend(100.0)
    assert host.wait_s() == 0
    phone = shares.of("127.0.0.2")
    phone.spend(100.0)
    assert phone.wait_s() > 0


def test_the_oldest_devices_are_forgotten():
    shares = Shares(SocketLimits(), limit=3)
    first = shares.of("10.0.0.1")
    for n in range(2, 5):
        shares.of(f"10.0.0.{n}")
    assert shares.of("10.0.0.1") is not first


def test_a_socket_s_tasks_are_counted_and_their_loop_time_charged_to_its_device():
    class Counted:
        tasks = 0

        def __init__(self):
            self.share = Share(share=0.10, burst_s=2.0)

        def started(self, task):
            self.tasks += 1
            task.add_done_callback(lambda t: setattr(self, "tasks", self.tasks - 1))

    async def busy():
        import time

        end = time.thread_time() + 0.05  # 50 ms of this thread's CPU
        while time.thread_time() < end:
            pass
        await asyncio.sleep(0)
        return 7

    async def test():
        count_tasks(asyncio.get_running_loop())
        socket = Counted()
        _SOCKET.set(socket)
        task = asyncio.create_task(busy())
        assert socket.tasks == 1
        assert await task == 7
        _SOCKET.set(None)
        await asyncio.create_task(busy())  # not a socket's: not charged
        return socket

    socket = run_apart(test())
    assert socket.tasks == 0
    assert 2.0 - 1.0 < socket.share.balance <= 2.0 - 0.05  # its 50 ms (and no more than a slow machine adds)


def test_what_the_server_does_for_a_page_on_its_own_is_not_its_socket_s():
    """Issue 37: the table's news drawn on a phone (its scroll and cue asks, waiting for
    the phone's answers) ran as the phone's socket's tasks; past the cap they held back
    the phone's own next tap, ahead of the answers they waited for, and the socket was
    closed with the tap. Only what the socket's frames start counts."""
    import contextvars

    class Counted:
        tasks = 0
        share = Share(share=0.10, burst_s=2.0)

        def started(self, task):
            self.tasks += 1

    async def test():
        count_tasks(asyncio.get_running_loop())
        socket = Counted()
        _SOCKET.set(socket)
        news = apart_from_socket(contextvars.copy_context())  # as a page keeps it
        await asyncio.create_task(asyncio.sleep(0), context=news)
        assert socket.tasks == 0
        await asyncio.create_task(asyncio.sleep(0))  # one its own frame started
        assert socket.tasks == 1
        assert _SOCKET.get() is socket  # the socket's own context is left as it was

    run_apart(test())


@pytest.mark.parametrize("data", [
    frame(UPDATE, {"id": PAGE_ID, "props": {"width": 390.0}}),
    frame(INVOKE, {"control_id": 9, "call_id": "x", "result": None, "error": None}),
], ids=["update", "answer"])
def test_updates_and_answers_wait_for_the_device_s_share_like_events(data):
    """A device that spent its loop time has its updates and answers held back as its events
    are (before, they went to Flet at once), and its socket closed when it keeps sending."""
    from companion.server.sockets import Socket

    async def test():
        incoming = [{"type": "websocket.receive", "bytes": data}]
        sent = []

        async def receive():
            return incoming.pop(0)

        async def send(message):
            sent.append(message)

        share = Share(share=0.05, burst_s=1.0)
        share.spend(10.0)  # far past its share
        socket = Socket(receive, send, share, SocketLimits(hold_s=0.2))
        return await socket.receive(), sent

    handed, sent = run_apart(test())
    assert handed["type"] == "websocket.disconnect" and sent == [{"type": "websocket.close", "code": 1013}]


def test_an_update_a_phone_may_make_is_handed_on_and_one_it_may_not_is_dropped():
    """What the control of that id on the phone's own page takes from a phone goes to Flet;
    anything else (another control's property, a value of the wrong shape, an id the phone
    was never sent) is dropped before Flet sees it, and the socket reads on."""
    import flet as ft
    from flet.controls.context import _context_page

    from companion.server.sockets import Socket
    from tests.flet_sessions import FakeConnection, control_id, new_flet_session

    async def test():
        from flet.pubsub.pubsub_hub import PubSubHub

        loop = asyncio.get_running_loop()
        conn = FakeConnection(loop, None, PubSubHub(loop, None))
        session = new_flet_session(conn, "/")
        field, words = ft.TextField(), ft.Text("mine")
        session.page.add(field, words)
        ids = {"field": control_id(field), "words": control_id(words)}
        frames = [frame(UPDATE, {"id": ids["words"], "props": {"value": "yours"}}),
                  frame(UPDATE, {"id": ids["field"], "props": {"value": 7}}),
                  frame(UPDATE, {"id": 987654321, "props": {"value": "x"}}),
                  frame(UPDATE, {"id": PAGE_ID, "props": {"width": float("nan")}}),
                  frame(UPDATE, {"id": ids["field"], "props": {"value": "Ann"}})]
        incoming = [{"type": "websocket.receive", "bytes": data} for data in frames]

        async def receive():
            return incoming.pop(0)

        async def send(message):
            pass

        socket = Socket(receive, send, Share(share=0.05, burst_s=1.0), SocketLimits())
        _context_page.set(session.page)  # as Flet's handler reads its frames
        handed = await socket.receive()
        return handed["bytes"], incoming

    handed, left = run_apart(test())
    assert msgpack_body(handed)["props"] == {"value": "Ann"} and left == []


def msgpack_body(data: bytes) -> dict:
    import msgpack

    return msgpack.unpackb(data[1:])[1]
