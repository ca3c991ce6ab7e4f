"""Issue 35: a phone is a hand-made client until proved otherwise. Each test speaks Flet's
protocol by hand (tests/server/flet_wire.py) to the real ``companion serve``: who the host
is and whose guard a lookup counts against come from the connection as the server saw it;
every websocket ends; one socket's frames get their share of the host and no more."""

from __future__ import annotations

import asyncio
import http.client
import json
import signal
import threading
import time

import pytest

from companion.table.codes import CODE_ALPHABET
from companion.table.guard import LIMIT
from tests.browser.harness import Server
from tests.support import companion_at, get, run_apart
from tests.server.flet_wire import EVENT, PAGE_ID, UPDATE, WirePhone, frame, registration

HOST_ONLY = ("New table", "Download this table")
"""What only the host's start page shows (its list of tables has a download button each)."""
NO_TABLE = "There is no table with code"
WAIT = "Too many wrong table codes from this device"


run = run_apart


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    """Behind a proxy on this machine (``--trust-proxy``); the host machine's own browser
    is the host (the default)."""
    srv = Server(tmp_path_factory.mktemp("proxied") / "data", options=("--trust-proxy",), loopback_host=True)
    srv.start()
    companion_at(srv, "new", "scorepad", "--players", "Ann,Bo")  # the host's list has a table to download
    yield srv
    srv.stop()


async def start_page(phone: WirePhone, *frames: bytes) -> WirePhone:
    """Send ``frames``, then read until the start page is drawn (or the socket closed)."""
    for data in frames:
        await phone.send(data)
    await phone.until(lambda p: p.seen("Join") or p.closed_with is not None)
    await phone.until(lambda p: all(p.seen(text) for text in HOST_ONLY), timeout=5)  # the host's, if it is
    return phone


# -- who is the host ------------------------------------------------------------------

def test_the_host_machine_s_own_browser_is_the_host(proxied):
    """What the attacks below are denied (so that they could be seen if they got it)."""
    async def attempt():
        phone = await start_page(await WirePhone.open(proxied.port), registration())
        await phone.close()
        return phone

    phone = run(attempt())
    assert all(phone.seen(text) for text in HOST_ONLY)


@pytest.mark.parametrize("claim", ["update frame", "registration"])
def test_a_proxied_phone_claiming_to_be_the_host_machine_is_not_the_host(proxied, claim):
    loopback = {"client_ip": "127.0.0.1"}
    forwarded = {"X-Forwarded-For": f"192.168.1.{50 if claim == 'update frame' else 51}"}  # one device each

    async def attempt():
        phone = await WirePhone.open(proxied.port, headers=forwarded)
        if claim == "registration":
            frames = [registration(**loopback)]
        else:  # before answering the storage call that decides who the host is
            frames = [registration(), frame(UPDATE, {"id": PAGE_ID, "props": loopback})]
        await start_page(phone, *frames)
        await phone.close()
        return phone

    phone = run(attempt())
    assert not any(phone.seen(text) for text in HOST_ONLY)


def test_a_phone_on_the_network_claiming_to_be_the_host_machine_is_not_the_host(tmp_path):
    from companion.server.lan import lan_address

    address = lan_address()
    assert address != "127.0.0.1", "this machine has no network address to test from"
    srv = Server(tmp_path / "data", options=("--host", "0.0.0.0"), loopback_host=True).start()
    try:
        companion_at(srv, "new", "scorepad", "--players", "Ann,Bo")

        async def attempt(*frames):
            phone = await WirePhone.open(srv.port, address=address, server=address)
            await start_page(phone, *frames)
            await phone.close()
            return phone

        honest = run(attempt(registration()))
        lying = run(attempt(registration(), frame(UPDATE, {"id": PAGE_ID, "props": {"client_ip": "127.0.0.1"}})))
    finally:
        srv.stop()
    assert honest.seen("Join") and not any(honest.seen(text) for text in HOST_ONLY)
    assert not any(lying.seen(text) for text in HOST_ONLY)


# -- whose guard ------------------------------------------------------------------------

def guesses():
    """Codes that name no table (valid letters, so each is a lookup the guard counts)."""
    n = 0
    while True:
        n += 1
        yield "".join(CODE_ALPHABET[(n // len(CODE_ALPHABET) ** i) % len(CODE_ALPHABET)] for i in range(6))


def test_changing_client_ip_does_not_reset_the_guard(tmp_path):
    """Eight sockets from one device, each claiming a new client_ip every 5 lookups (and
    coming back when closed), look up 60 codes: the guard counts them all as one device's
    (on a server of its own: a device refused for its lies stays refused a while)."""
    srv = Server(tmp_path / "data").start()
    codes = guesses()
    answers = {"no table": 0, "wait": 0}

    async def lookups(socket_no: int, budget: list[int]) -> None:
        import websockets

        phone = None
        claimed = looked = 0
        while budget[0] > 0:
            if phone is None or phone.closed_with is not None:
                try:
                    phone = await WirePhone.open(srv.port, address="127.0.0.7")
                except websockets.InvalidStatus:  # the device was refused for its lies
                    return
                await phone.send(registration())
                await phone.until(lambda p: p.seen("Join") or p.closed_with is not None)
            budget[0] -= 1
            if budget[0] % 5 == 0 and looked:  # a lie closes the socket and refuses the device
                claimed += 1                   # a while: each liar has had an answer first
                await phone.send(frame(UPDATE, {"id": PAGE_ID, "props": {"client_ip": f"10.{socket_no}.0.{claimed}"}}))
            phone.strings = []
            await phone.send(frame(EVENT, {"target": PAGE_ID, "name": "route_change",
                                           "data": {"route": f"/join/{next(codes)}"}}))
            await phone.until(lambda p: p.seen(NO_TABLE) or p.seen(WAIT) or p.closed_with is not None, timeout=10)
            answers["no table"] += phone.seen(NO_TABLE)
            answers["wait"] += phone.seen(WAIT)
            looked += phone.seen(NO_TABLE) or phone.seen(WAIT)
        if phone is not None:
            await phone.close()

    async def attack():
        budget = [60]
        await asyncio.wait_for(asyncio.gather(*(lookups(n, budget) for n in range(8))), 120)

    try:
        run(attack())
    finally:
        srv.stop()
    assert 0 < answers["no table"] <= LIMIT, answers


# -- every websocket ends -----------------------------------------------------------------

BAD_FIRST_FRAMES = {
    "not msgpack": b"\x00\xc1",
    "a text frame": "hello",
    "an event before registering": frame(EVENT, {"target": PAGE_ID, "name": "click", "data": None}),
    "not a Flet frame": b"\x07\x00\x01",
    "a registration missing its page": frame(1, {"session_id": "", "page_name": ""}),
}


async def bad_connection(port: int, data, address: str) -> int | None:
    """Send one bad first frame; the close code the server answered with (None: it did not
    close within 5 s)."""
    import websockets

    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", local_addr=(address, 0), open_timeout=20) as ws:
        await ws.send(data)
        try:
            await asyncio.wait_for(ws.recv(), 5)
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else 1006
        except (asyncio.TimeoutError, TimeoutError):
            return None
    return None


async def bad_connections(port: int, count: int, first: int = 0, parallel: int = 8) -> list:
    """``count`` bad connections, each from its own address (a device that sent a bad frame
    has its next sockets refused before they open: that is not what is measured here)."""
    kinds = list(BAD_FIRST_FRAMES.values())
    queue = iter(range(first, first + count))
    codes = []

    async def worker():
        for n in queue:
            codes.append(await bad_connection(port, kinds[n % len(kinds)], f"127.1.{n // 200}.{1 + n % 200}"))

    await asyncio.gather(*(worker() for _ in range(parallel)))
    return codes


@pytest.mark.parametrize("kind", sorted(BAD_FIRST_FRAMES))
def test_a_bad_first_frame_closes_the_socket_at_once(proxied, kind):
    """Closed within bad_connection's 5 s: long before the (production) 30 s in which a
    socket must register, so it is the frame that closed it."""
    from companion.server.deadlines import REGISTER_WITHIN_S

    address = f"127.0.3.{1 + sorted(BAD_FIRST_FRAMES).index(kind)}"
    assert "COMPANION_REGISTER_WITHIN_S" not in proxied.env and REGISTER_WITHIN_S > 5
    assert run(bad_connection(proxied.port, BAD_FIRST_FRAMES[kind], address)) == 1008


def test_a_device_whose_socket_was_closed_for_what_it_sent_is_refused_for_a_while(proxied):
    import websockets

    assert run(bad_connection(proxied.port, b"\x00\xc1", "127.0.0.8")) == 1008
    with pytest.raises(websockets.InvalidStatus) as refused:
        run(WirePhone.open(proxied.port, address="127.0.0.8"))
    assert refused.value.response.status_code == 403

    async def another_device():  # is not refused
        phone = await WirePhone.open(proxied.port, address="127.0.0.18")
        await phone.close()

    run(another_device())


def warmed(srv: Server) -> None:
    """Ask for every big file a phone loads, as the server's own warm-up does a few seconds
    after its start (companion/server/asgi.py WARM_FILES: their compressed copies are kept in
    memory, about 20 MiB): measured before that, the warm-up would count as the sockets'."""
    from companion.server.asgi import WARM_FILES

    for rel in WARM_FILES:
        with get(f"{srv.url}/{rel}", {"Accept-Encoding": "gzip"}) as answer:
            answer.read()


def test_a_thousand_bad_connections_give_their_memory_back_and_sigterm_still_stops_the_server(tmp_path):
    srv = Server(tmp_path / "data").start()
    try:
        warmed(srv)
        # warm: the first few hundred import, cache and reach the allocator's high-water mark
        assert run(bad_connections(srv.port, 500)) == [1008] * 500
        time.sleep(1)
        before = rss_mib(srv.proc.pid)
        codes = run(bad_connections(srv.port, 1000, first=500))
        time.sleep(2)
        after = rss_mib(srv.proc.pid)
        assert codes == [1008] * 1000
        # before issue 35: +86 MiB, never given back. What remains is each connection's HTTP
        # protocol (uvicorn's, a reference cycle) until the cycle collector's next full pass,
        # rare by design (companion/flet_runtime/quiet_gc.py), and one loop-time share per device
        assert after - before < 16, f"{before:.1f} -> {after:.1f} MiB"

        async def held_open_then_stopped():
            import websockets

            held = []
            for n, data in enumerate([*BAD_FIRST_FRAMES.values()] * 4):  # sent, never closed by the phone
                ws = await websockets.connect(f"ws://127.0.0.1:{srv.port}/ws", local_addr=(f"127.0.2.{n + 1}", 0))
                await ws.send(data)
                held.append(ws)
            phone = await WirePhone.open(srv.port, address="127.0.0.3")  # a phone at its start page
            await start_page(phone, registration())
            silent = await websockets.connect(f"ws://127.0.0.1:{srv.port}/ws")  # connected, says nothing
            start = time.monotonic()
            srv.proc.send_signal(signal.SIGTERM)
            while srv.proc.poll() is None and time.monotonic() - start < 10:  # < the 30 s to register
                await asyncio.sleep(0.05)
            stopped = srv.proc.poll() is not None  # with every socket still open on this side
            for ws in [*held, silent, phone.ws]:
                await ws.close()
            return stopped

        assert run(held_open_then_stopped())
    finally:
        srv.stop()


def test_a_socket_that_never_registers_is_closed(tmp_path):
    """The deadline to register is a setting (companion/server/deadlines.py): 1 s here, not 30."""
    register_within_s = 1
    srv = Server(tmp_path / "data", env={"COMPANION_REGISTER_WITHIN_S": str(register_within_s)}).start()

    async def silent():
        import websockets

        async with websockets.connect(f"ws://127.0.0.1:{srv.port}/ws") as ws:
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), register_within_s + 30)
            return closed.value.rcvd.code

    try:
        assert run(silent()) == 1008
    finally:
        srv.stop()


# -- each socket its fair share ------------------------------------------------------------

def test_a_flooding_socket_is_closed_and_another_table_keeps_answering(proxied):
    """On the module's server, from devices of their own, with tables of their own."""
    srv = proxied
    mine = json.loads(companion_at(srv, "new", "scorepad", "--players", "Eve", "--json").stdout)["code"]
    other = json.loads(companion_at(srv, "new", "scorepad", "--players", "Ann,Bo", "--json").stdout)["code"]
    answered = []
    stop = threading.Event()

    def probe():
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60, source_address=("127.0.0.2", 0))
        while not stop.is_set():
            conn.request("GET", f"/api/tables/{other}")
            response = conn.getresponse()
            response.read()
            answered.append((response.status, time.monotonic()))
            time.sleep(0.05)

    flood_began = 0.0

    async def flood():
        nonlocal flood_began
        phone = await WirePhone.open(srv.port, address="127.0.0.4")
        await start_page(phone, registration())
        routes = ["/", f"/t/{mine}"]
        start, sent = time.monotonic(), 0
        flood_began = start
        while time.monotonic() - start < 30 and await phone.send(
                frame(EVENT, {"target": PAGE_ID, "name": "route_change", "data": {"route": routes[sent % 2]}})):
            sent += 1
            if sent % 50 == 0:
                await asyncio.sleep(0)  # lets its reader see the close
        await phone.until(lambda p: p.closed_with is not None, timeout=10)
        return phone.closed_with, time.monotonic() - start, sent

    reader = threading.Thread(target=probe)
    reader.start()
    try:
        time.sleep(1)
        code, seconds, sent = run(flood())
        time.sleep(1)
    finally:
        stop.set()
        reader.join(60)
    assert code in (1008, 1013), (code, seconds, sent)  # closed, long before it stopped sending
    during = [status for status, at in answered if flood_began <= at <= flood_began + seconds]
    assert during and set(during) == {200}, (len(during), seconds)  # the other table answered meanwhile
    assert all(status == 200 for status, _ in answered)
