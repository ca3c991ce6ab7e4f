"""The server's edge under the attacks of issue 23, each tried against the real server
on loopback with real sockets, as a hostile player with a seat token of their own would:
one pace per table however its code is spelt, deadlines and size limits on requests,
connection caps, X-Forwarded-For, cross-site requests, framework pages and headers."""

from __future__ import annotations

import http.client
import json
import resource
import socket
import threading
import time
import urllib.error

import pytest

from companion.server.edge import CONTENT_SECURITY_POLICY, MAX_HEAD_BYTES, PER_ADDRESS
from tests.browser.harness import Server
from tests.support import api_request, companion_at, get, post, raw_request, revision

SECURITY_HEADERS = {"x-content-type-options": "nosniff", "x-frame-options": "DENY",
                    "referrer-policy": "no-referrer", "content-security-policy": CONTENT_SECURITY_POLICY}


BODY_TIMEOUT_S = 2
"""The body deadline of this module's server (a setting, companion/server/deadlines.py): the test
of that deadline waits it out, not the production 10 s. Every other request here sends
its body with its head."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("edge") / "data",
                 env={"COMPANION_BODY_TIMEOUT_S": str(BODY_TIMEOUT_S)}).start()
    yield srv
    srv.stop()


def seated_table(server, players: str = "Ann") -> tuple[str, str]:
    """A new score pad table and the token of its first seat."""
    code = json.loads(companion_at(server, "new", "scorepad", "--players", players, "--json").stdout)["code"]
    status, answer = post(f"{server.url}/api/tables/{code}/seats/0", {})
    assert status == 200, answer
    return code, answer["token"]


# -- 1. one table code everywhere -----------------------------------------------------------

def test_spelling_a_code_many_ways_buys_no_extra_actions(server):
    from companion.table.guard import ACTION_BURST, ACTIONS_PER_S

    code, token = seated_table(server)
    spaced = "%20".join(code)  # "A C D E F H" once the URL is read
    spellings = [code, code.lower(), spaced, spaced.lower(), code[:3].lower() + code[3:],
                 code[:3] + code[3:].lower(), "%20" + code, code + "%20"]
    body = json.dumps({"kind": "points", "payload": {"points": 1}}).encode()
    accepted = []
    start = time.monotonic()
    deadline = start + 3.0

    def flood(spelling: str) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        while time.monotonic() < deadline:
            conn.request("POST", f"/api/tables/{spelling}/actions", body,
                         {"Content-Type": "application/json", "X-Seat-Token": token})
            response = conn.getresponse()
            response.read()
            if response.status == 200:
                accepted.append(spelling)
        conn.close()

    threads = [threading.Thread(target=flood, args=(s,)) for s in spellings]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    elapsed = time.monotonic() - start
    assert len(set(accepted)) > 1  # the spellings all name the table...
    assert len(accepted) <= ACTION_BURST + ACTIONS_PER_S * elapsed + 1  # ...and share one pace
    assert revision(server, code, token) == len(accepted)


def test_a_request_names_one_sender_and_is_paced_as_the_sender_it_acts_for(server):
    """A random host key beside a real seat token (the pace read the one, the authorisation
    the other: a fresh pace per request), or one header twice: refused in words, nothing
    acted on; a seat flooding with its token alone, mixed with those, gets the pace."""
    import secrets

    from companion.table.guard import ACTION_BURST, ACTIONS_PER_S

    code, token = seated_table(server)
    move = json.dumps({"kind": "points", "payload": {"points": 1}}).encode()
    actions = f"/api/tables/{code}/actions"
    two_senders = [[("X-Seat-Token", token), ("X-Host-Key", server.host_key)],
                   [("X-Seat-Token", token), ("X-Seat-Token", token)],
                   [("X-Host-Key", server.host_key), ("X-Host-Key", server.host_key)]]
    for headers in two_senders:
        for method, path, body in (("POST", actions, move), ("GET", f"/api/tables/{code}", b""),
                                   ("POST", f"/api/tables/{code}/seats/0", b"{}")):
            status, answer = api_request(server, method, path, headers, body)
            assert status == 400 and "X-Seat-Token or X-Host-Key" in answer["error"], (method, path, answer)
    accepted, refused = [], []
    start = time.monotonic()

    def flood(n: int) -> None:
        for k in range(ACTION_BURST):
            headers = [("X-Seat-Token", token)]
            if (n + k) % 2:
                headers.append(("X-Host-Key", secrets.token_hex(16)))
            status, _ = api_request(server, "POST", actions, headers, move)
            (accepted if status == 200 else refused).append((len(headers), status))

    threads = [threading.Thread(target=flood, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    elapsed = time.monotonic() - start
    assert all(senders == 1 for senders, _ in accepted)  # no move with a second sender beside
    assert sum(1 for senders, status in refused if senders == 2 and status == 400) == 2 * ACTION_BURST
    assert 0 < len(accepted) <= ACTION_BURST + ACTIONS_PER_S * elapsed + 1  # the pace of one seat
    assert revision(server, code, token) == len(accepted)


# -- 2. limits at the edge ----------------------------------------------------------------

def connect(server, address: str = "127.0.0.1", timeout: float = 30) -> socket.socket:
    """A connection to the server from ``address`` (any of 127.0.0.0/8 is this machine)."""
    return socket.create_connection(("127.0.0.1", server.port), timeout=timeout, source_address=(address, 0))


def answer_of(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes (b"" if it closes at once)."""
    data = b""
    try:
        while more := sock.recv(65536):
            data += more
    except OSError:  # reset: the server closed with our bytes unread
        pass
    return data


def timed_page(address: str, port: int) -> tuple[int, float]:
    """(status, seconds) of one start page load from ``address``."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
    try:
        conn.request("GET", "/")
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - start
    finally:
        conn.close()


def test_bodies_that_never_arrive_are_cut_off_in_seconds(server):
    code, token = seated_table(server)
    head = (f"POST /api/tables/{code}/actions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"X-Seat-Token: {token}\r\nContent-Length: 60000\r\n\r\n{{").encode()
    held = []
    for n in range(40):
        sock = connect(server, f"127.0.0.{20 + n % 4}")
        sock.sendall(head)  # one byte of the body, then nothing
        held.append(sock)
    assert timed_page("127.0.0.2", server.port)[0] == 200  # the server answers meanwhile
    for sock in held:
        sock.settimeout(BODY_TIMEOUT_S + 10)  # a socket still open past this was never cut off
        assert answer_of(sock).startswith(b"HTTP/1.1 408 "), "a held body must be answered 408"
        sock.close()
    assert revision(server, code, token) == 0  # nothing half-read was acted on


def test_a_head_over_16_kb_is_refused_with_431_and_one_under_is_answered(server):
    line = b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Pad: "
    under = line + b"a" * (MAX_HEAD_BYTES - len(line) - 4) + b"\r\n\r\n"
    status, data, _ = raw_request(server, under)
    assert len(under) == MAX_HEAD_BYTES and status == 200
    status, data, _ = raw_request(server, line + b"a" * MAX_HEAD_BYTES + b"\r\n\r\n")
    assert status == 431 and b"too large (at most 16 KB)" in data


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS:")).split()[1])


def test_a_64_mb_header_line_costs_the_server_neither_memory_nor_time(server):
    code, token = seated_table(server)
    before = rss_kb(server.proc.pid)
    sent = 0
    done = threading.Event()

    def attack() -> None:
        nonlocal sent
        chunk = b"a" * 65536
        with connect(server, "127.0.0.30") as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
            try:
                while sent < 64 * 1024 * 1024:
                    sock.sendall(chunk)
                    sent += len(chunk)
            except OSError:
                pass  # refused and closed
        done.set()

    attacker = threading.Thread(target=attack)
    attacker.start()
    waits = []  # at least 20 requests, during the attack and right after its refusal
    while len(waits) < 20 or (not done.is_set() and len(waits) < 200):
        start = time.perf_counter()
        revision(server, code, token)
        waits.append(time.perf_counter() - start)
    attacker.join(60)
    assert done.is_set() and sent < 32 * 1024 * 1024  # cut off long before 64 MB
    assert rss_kb(server.proc.pid) - before < 16 * 1024
    assert max(waits) < 1.0, waits  # another table's requests did not wait behind it


def test_the_open_file_limit_is_raised_and_said_at_start(server):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    figure = hard if hard != resource.RLIM_INFINITY else 1 << 20
    assert f"Open files: up to {figure:,}; connections: up to" in server.log_path.read_text()
    with open(f"/proc/{server.proc.pid}/limits") as limits:
        line = next(row for row in limits if row.startswith("Max open files"))
    assert int(line.split()[3]) == figure


def test_held_connections_past_the_cap_per_address_are_refused_and_pages_still_load(server):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    trickling = []
    try:
        for _ in range(2000):  # heads that trickle in, never ending
            sock = connect(server)
            try:
                sock.sendall(b"GET / HTTP/1.1\r\n")
            except OSError:
                pass  # already refused and closed
            trickling.append(sock)
        pages = [timed_page("127.0.0.2", server.port) for _ in range(15)]
        assert [status for status, _ in pages] == [200] * 15
        assert max(seconds for _, seconds in pages) < 2.0
        refused = 0
        for sock in trickling:  # all accepted before the pages were (the queue is in order)
            sock.setblocking(False)
            try:
                answer = sock.recv(200)
            except BlockingIOError:
                continue  # held, until its head's deadline
            except OSError:
                answer = b"HTTP/1.1 503 "  # refused, closed before we read
            if answer.startswith(b"HTTP/1.1 503 "):
                refused += 1
        assert refused == 2000 - PER_ADDRESS
    finally:
        for sock in trickling:
            sock.close()


def test_the_server_holds_a_bounded_number_of_connections_in_all():
    """The total cap, on a server of this class with small caps (the real server's total is
    thousands): past it, a new connection from any address is answered 503 and closed at
    once; when connections close, new ones are taken again."""
    import asyncio

    import uvicorn

    from companion.server.edge import Limits, guarded_protocol

    async def app(scope, receive, send):
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, http=guarded_protocol(Limits(total=12, per_address=5)), lifespan="off",
                            log_level="warning")
    uvi = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(uvi.serve(sockets=[sock])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uvi.started and time.monotonic() < deadline:
        time.sleep(0.02)

    class Target:
        pass

    target = Target()
    target.port = port
    try:
        held = [connect(target, f"127.0.0.{40 + n // 4}") for n in range(12)]  # 4 per address
        for sock in held:
            sock.sendall(b"GET / HTTP/1.1\r\n")
        with connect(target, "127.0.0.50") as extra:
            assert answer_of(extra).startswith(b"HTTP/1.1 503 ")
        for sock in held[:3]:
            sock.close()
        deadline = time.monotonic() + 10
        while True:  # the server notices the closed ones (no fixed wait)
            with connect(target, "127.0.0.50") as again:
                again.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                answer = answer_of(again)
            if answer.startswith(b"HTTP/1.1 200 ") or time.monotonic() > deadline:
                break
        assert answer.startswith(b"HTTP/1.1 200 ")
        for sock in held[3:]:
            sock.close()
    finally:
        uvi.should_exit = True
        thread.join(20)


# -- 3. X-Forwarded-For ---------------------------------------------------------------------

def guesses(server, forwarded: bool) -> list[int]:
    statuses = []
    for n, guess in enumerate(("ACDEFH", "ACDEFJ", "ACDEFK", "ACDEFM", "ACDEFN", "ACDEFP", "ACDEFQ",
                               "ACDEFR", "ACDEFT", "ACDEFU", "ACDEFV", "ACDEFW")):
        headers = {"X-Forwarded-For": f"10.9.8.{n}"} if forwarded else {}
        try:
            get(f"{server.url}/api/tables/{guess}", headers)
            statuses.append(200)
        except urllib.error.HTTPError as exc:
            statuses.append(exc.code)
    return statuses


def test_x_forwarded_for_chooses_no_device_unless_the_proxy_is_trusted(tmp_path):
    plain = Server(tmp_path / "plain").start()
    try:
        assert guesses(plain, forwarded=True) == [404] * 10 + [429, 429]
    finally:
        plain.stop()
    behind = Server(tmp_path / "behind", options=("--trust-proxy",)).start()
    try:
        assert "X-Forwarded-For believed from this machine" in behind.log_path.read_text()
        assert guesses(behind, forwarded=True) == [404] * 12  # each its own device, as the proxy says
        assert guesses(behind, forwarded=False) == [404] * 10 + [429, 429]
    finally:
        behind.stop()


# -- 4. cross-site requests -------------------------------------------------------------------

def test_a_foreign_page_cannot_claim_a_seat(server):
    code, _ = seated_table(server, "Ann,Bo")
    url = f"{server.url}/api/tables/{code}/seats/1"
    evil = "http://evil.example"
    assert post(url, b"", {"Content-Type": "text/plain", "Origin": evil}) == (
        403, {"error": "Requests from another web site are refused"})
    assert post(url, {}, {"Origin": evil})[0] == 403  # JSON from another site too
    assert post(url, {}, {"Origin": f"http://127.0.0.1:{server.port + 1}"})[0] == 403  # another port
    status, answer = post(url, b"", {"Content-Type": "text/plain"})
    assert status == 415 and "Content-Type: application/json" in answer["error"]
    assert post(url, b"seat=1", {"Content-Type": "application/x-www-form-urlencoded"})[0] == 415
    status, answer = post(url, {}, {"Origin": server.url})  # the app's own origin
    assert status == 200 and answer["seat"] == 1


def websocket_handshake(server, origin: str | None) -> bytes:
    head = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n" + (f"Origin: {origin}\r\n" if origin else "") + "\r\n")
    with connect(server, timeout=10) as sock:
        sock.sendall(head.encode())
        data = b""
        while b"\r\n\r\n" not in data:
            more = sock.recv(4096)
            if not more:
                break
            data += more
    return data


def test_the_phones_websocket_refuses_a_foreign_origin(server):
    assert websocket_handshake(server, "http://evil.example").startswith(b"HTTP/1.1 403 ")
    assert websocket_handshake(server, "null").startswith(b"HTTP/1.1 403 ")
    assert websocket_handshake(server, server.url).startswith(b"HTTP/1.1 101 ")
    assert websocket_handshake(server, None).startswith(b"HTTP/1.1 101 ")


# -- 5. framework pages and headers -----------------------------------------------------------

def headers_of(data: bytes) -> dict[str, str]:
    head = data.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")[1:]
    return {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in head)}


def test_framework_pages_are_off(server):
    for path in ("/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"):
        status, data, _ = raw_request(server, f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        assert status == 404 and b"swagger" not in data.lower() and b"openapi" not in data.lower(), path


def test_every_answer_carries_the_security_headers(server):
    code, token = seated_table(server)
    requests = {
        "page": b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        "compressed file": b"GET /main.dart.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n",
        "view": f"GET /api/tables/{code} HTTP/1.1\r\nHost: x\r\nX-Seat-Token: {token}\r\n\r\n".encode(),
        "unknown code": b"GET /api/tables/ACDEFH HTTP/1.1\r\nHost: x\r\n\r\n",
        "framework page": b"GET /docs HTTP/1.1\r\nHost: x\r\n\r\n",
        "too large": b"POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 999999\r\n\r\n",
        "head too large": b"GET / HTTP/1.1\r\nX-Pad: " + b"a" * MAX_HEAD_BYTES + b"\r\n\r\n",
        "not HTTP": b"NONSENSE\x00 / HTTP/1.1\r\n\r\n",
    }
    for name, request in requests.items():
        status, data, _ = raw_request(server, request)
        assert status, name
        headers = headers_of(data)
        for header, value in SECURITY_HEADERS.items():
            assert headers.get(header) == value, (name, status, header)


def test_the_server_log_has_no_traceback_after_the_edge_attacks(server):
    assert "Traceback" not in server.log_path.read_text()
