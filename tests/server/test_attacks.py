"""Each attack of issue 14, tried against the real server as a hostile player (with a seat
token of their own) would, and refused or survived."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from tests.browser.harness import ROOT, Server, free_port
from tests.support import companion, companion_at, companion_process, get, post, raw_request, response_complete, revision

ACAO = "access-control-allow-origin"


HEADER_TIMEOUT_S, KEEP_ALIVE_S = 2, 1
"""The head deadline and keep-alive of this module's server (settings, companion/server/deadlines.py):
the tests of those deadlines wait them out, not the production 10 s and 5 s. Every other
request here sends its head at once."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("attacks") / "data",
                 env={"COMPANION_HEAD_TIMEOUT_S": str(HEADER_TIMEOUT_S),
                      "COMPANION_KEEP_ALIVE_S": str(KEEP_ALIVE_S)}).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def table(server):
    code = json.loads(companion_at(server, "new", "scorepad", "--players", "Ann,Bo", "--json").stdout)["code"]
    token = post(f"{server.url}/api/tables/{code}/seats/0", {})[1]["token"]
    return code, token


# -- bounded input ----------------------------------------------------------------------

def test_a_50_mb_body_is_refused_before_it_is_read(server, table):
    code, token = table
    before = revision(server, code, token)
    head = (f"POST /api/tables/{code}/actions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"X-Seat-Token: {token}\r\nContent-Length: {50 * 1024 * 1024}\r\n\r\n").encode()
    body = b'{"kind":"points","payload":{"points":1},"pad":"' + b"x" * (1 << 20)
    sent = 0
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(head)
        try:
            for _ in range(50):
                sock.sendall(body)
                sent += len(body)
        except OSError:  # answered and closed: the rest was never taken
            pass
        data = b""
        try:
            while more := sock.recv(65536):
                data += more
        except OSError:  # reset: closed with our bytes unread
            pass
    assert b" 413 " in data.split(b"\r\n", 1)[0] and b"The request is too large (at most 64 KB)" in data
    assert sent < 25 * len(body), f"{sent:,} bytes taken"  # cut off long before its 50 MB
    assert revision(server, code, token) == before


def test_a_streamed_body_is_cut_off_past_64_kb(server, table):
    code, token = table
    before = revision(server, code, token)
    head = (f"POST /api/tables/{code}/actions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"X-Seat-Token: {token}\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    chunk = b"x" * 65536
    frames = [b"%x\r\n" % len(chunk) + chunk + b"\r\n"] * 800  # 50 MB if it were all read
    status, data, seconds = raw_request(server, head, frames)
    assert status == 413 and b"too large" in data
    assert revision(server, code, token) == before


def test_bodies_of_pages_are_bounded_too(server):
    status, data, _ = raw_request(server, (f"POST /anything HTTP/1.1\r\nHost: x\r\n"
                                           f"Content-Length: {10 ** 9}\r\n\r\n").encode())
    assert status == 413


def test_the_largest_accepted_action_is_stored_small_and_a_larger_payload_refused(server, table):
    code, token = table
    headers = {"X-Seat-Token": token, "Content-Type": "application/json"}
    url = f"{server.url}/api/tables/{code}/actions"
    padded = json.dumps({"kind": "points", "payload": {"points": 3}}).encode() + b" " * (64 * 1024 - 100)
    status, answer = post(url, padded, headers)
    assert status == 200, answer  # whitespace is JSON: a 64 KB body, a small entry
    status, answer = post(url, {"kind": "points", "payload": {"points": 3, "note": "x" * 5000}}, headers)
    assert status == 413 and "too large" in answer["error"]
    status, answer = post(url, {"kind": "points", "payload": {"points": "\x1b[31m3"}}, headers)
    assert status == 400 and "\x1b" not in answer["error"]
    folder = server.data_dir / "tables" / code
    assert sum(p.stat().st_size for p in folder.iterdir()) < 20_000


# -- guessing codes, CORS, paths ----------------------------------------------------------

def lookup_from(server, address: str, code: str) -> tuple[int, http.client.HTTPMessage, dict]:
    """(status, headers, answer) of looking a code up from ``address`` (a device of its own:
    any of 127.0.0.0/8 is this machine)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20, source_address=(address, 0))
    try:
        conn.request("GET", f"/api/tables/{code}")
        response = conn.getresponse()
        return response.status, response.headers, json.loads(response.read())
    finally:
        conn.close()


def test_guessing_codes_is_slowed_down_per_client(server):
    """From a device of its own on the module's server: no other test guesses from it."""
    guesser = "127.0.0.60"
    code = json.loads(companion_at(server, "new", "scorepad", "--players", "Ann", "--json").stdout)["code"]
    answers = [lookup_from(server, guesser, guess)
               for guess in ("ACDEFH", "ACDEFJ", "ACDEFK", "ACDEFM", "ACDEFN", "ACDEFP", "ACDEFQ",
                             "ACDEFR", "ACDEFT", "ACDEFU", "ACDEFV", "ACDEFW")]
    assert [status for status, _, _ in answers] == [404] * 10 + [429, 429]
    _, headers, answer = answers[-1]
    assert int(headers["Retry-After"]) >= 30
    assert answer["error"].startswith("Too many wrong table codes from this device")
    assert lookup_from(server, guesser, code)[0] == 429  # a right code waits too
    assert lookup_from(server, "127.0.0.61", code)[0] == 200  # another device does not


def test_no_cross_origin_header_anywhere(server, table):
    code, token = table
    for path in ("/", "/main.dart.js", "/manifest.json", f"/api/tables/{code}", "/assets/FontManifest.json"):
        response = get(server.url + path, {"Origin": "http://evil.example", "Accept-Encoding": "gzip"})
        assert ACAO not in {k.lower() for k in response.headers}, path
        if not path.startswith("/api/"):  # the pages keep their opener policy
            assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
        # but are not cross-origin isolated: skwasm then draws on one thread (issue 36)
        assert "cross-origin-embedder-policy" not in {k.lower() for k in response.headers}, path
    request = urllib.request.Request(f"{server.url}/api/tables/{code}/seats/1", data=b"", method="POST",
                                     headers={"Origin": "http://evil.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:  # a simple cross-site POST is refused
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403 and ACAO not in {k.lower() for k in refused.value.headers}
    preflight = urllib.request.Request(f"{server.url}/api/tables/{code}/actions", method="OPTIONS",
                                       headers={"Origin": "http://evil.example",
                                                "Access-Control-Request-Method": "POST"})
    try:
        urllib.request.urlopen(preflight, timeout=10)
    except urllib.error.HTTPError as exc:
        assert ACAO not in {k.lower() for k in exc.headers}


def test_messages_name_the_table_never_a_path(server):
    code = json.loads(companion_at(server, "new", "scorepad", "--players", "Cy", "--json").stdout)["code"]
    head = server.data_dir / "tables" / code / "table.jsonl"
    head.write_bytes(b"not a journal\n" + head.read_bytes())
    with pytest.raises(urllib.error.HTTPError) as caught:
        get(f"{server.url}/api/tables/{code}")
    message = json.loads(caught.value.read())["error"]
    assert message.startswith(f"Table {code} cannot be read")
    assert str(server.data_dir) not in message and "/" not in message
    listing = companion_at(server, "tables")
    assert f"{code}  cannot be read" in listing.stdout and str(server.data_dir) not in listing.stdout
    listed = json.loads(companion_at(server, "tables", "--json").stdout)["tables"]
    [bad] = [t for t in listed if t["code"] == code]
    assert bad["status"] == "unreadable" and "/" not in bad["error"]


# -- connections ------------------------------------------------------------------------

def test_half_open_connections_are_closed_and_do_not_stop_the_server(server, table):
    code, token = table
    idle = []
    for n in range(300):  # from ten addresses, under the cap per address (tests/server/test_edge.py)
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=30,
                                        source_address=(f"127.0.0.{10 + n % 10}", 0))
        if n % 2:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # a head that never ends
        idle.append(sock)
    assert revision(server, code, token) >= 0  # the server still answers meanwhile
    closed = 0
    for sock in idle:
        sock.settimeout(HEADER_TIMEOUT_S + 15)  # a socket still open past this was never closed
        try:
            if sock.recv(100) == b"":
                closed += 1
        except ConnectionResetError:
            closed += 1
        except OSError:
            pass
        sock.close()
    assert closed == len(idle)


def test_an_idle_keep_alive_connection_is_closed(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=KEEP_ALIVE_S + 15) as sock:
        sock.sendall(b"GET /manifest.json HTTP/1.1\r\nHost: x\r\n\r\n")
        data = b""
        while not response_complete(data) or b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        while sock.recv(65536):  # until the server closes it (else: socket.timeout)
            pass


# -- the command line -------------------------------------------------------------------

def test_serve_with_data_pointing_at_a_file_is_one_line_and_status_2(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    done = companion_process("serve", "--data", str(afile), "--port", str(free_port()))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().count("\n") == 0 and "that is a file, not a folder" in done.stderr
    inside = companion("tables", "--data", str(afile))
    assert inside.returncode == 2 and "Traceback" not in inside.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a read-only folder needs root")
def test_serve_with_an_unwritable_data_folder_is_one_line_and_status_2(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(folder)],
                          capture_output=True)
    if done.returncode:
        pytest.skip("mount is not allowed here")
    try:
        run = companion_process("serve", "--data", str(folder), "--port", str(free_port()))
        assert run.returncode == 2 and run.stdout == ""
        assert run.stderr.strip().count("\n") == 0 and "cannot be written there" in run.stderr
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


@pytest.mark.parametrize("host", ["999.1.1.1", "no-such-host.invalid"])
def test_serve_on_an_address_it_cannot_use_prints_nothing_but_one_line(tmp_path, host):
    done = companion_process("serve", "--host", host, "--port", str(free_port()), "--data", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().count("\n") == 0 and host in done.stderr


def test_serve_on_a_port_in_use_prints_nothing_but_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = companion_process("serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert "cannot listen there" in done.stderr and done.stderr.strip().count("\n") == 0


def test_longer_codes_for_a_venue(tmp_path):
    srv = Server(tmp_path / "data")
    port = srv.port
    log = open(tmp_path / "serve.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--data", str(srv.data_dir), "--code-length", "10",
                             "--no-loopback-host"], cwd=str(ROOT), stdout=log, stderr=subprocess.STDOUT,
                            env=dict(os.environ, FLET_WEB_NO_CDN="1"), start_new_session=True)
    srv.proc = proc
    try:
        from tests.browser.harness import wait_until_serving

        wait_until_serving(proc, srv.url, tmp_path / "serve.log", 40)
        assert companion_process("serve", "--code-length", "40", "--data", str(tmp_path)).returncode == 2
    finally:
        srv.stop()


# -- a full disk under the real server ----------------------------------------------------

@pytest.mark.skipif(os.geteuid() != 0, reason="a real full disk needs root (tests/storage/test_disk_full.py covers the rest)")
def test_a_full_disk_answers_507_in_words_and_logs_no_traceback(tmp_path):
    from tests.storage.support import MESSAGE, SmallDisk

    disk = SmallDisk(tmp_path)
    if not disk.mounted:
        pytest.skip("mount is not allowed here")
    srv = Server(disk.path).start()  # the data folder is the small disk; the log is not on it
    try:
        code = json.loads(companion_at(srv, "new", "scorepad", "--players", "Ann", "--json").stdout)["code"]
        url = f"{srv.url}/api/tables/{code}"
        token = post(f"{url}/seats/0", {})[1]["token"]
        headers = {"X-Seat-Token": token}
        assert post(f"{url}/actions", {"kind": "points", "payload": {"points": 1}}, headers)[0] == 200
        disk.fill()
        for _ in range(100):  # the file's last block may still take a few lines
            status, answer = post(f"{url}/actions", {"kind": "points", "payload": {"points": 2}}, headers)
            if status != 200:
                break
        assert (status, answer) == (507, {"error": MESSAGE})
        stuck = revision(srv, code, token)
        disk.free()
        assert post(f"{url}/actions", {"kind": "points", "payload": {"points": 3}}, headers)[0] == 200
        assert revision(srv, code, token) == stuck + 1
    finally:
        srv.stop()
        disk.close()
    log = srv.log_path.read_text()
    assert "Traceback" not in log and "No space left" in log  # one warning line, no traceback


def test_the_server_log_has_no_traceback_after_the_attacks(server):
    assert "Traceback" not in server.log_path.read_text()
