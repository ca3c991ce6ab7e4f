"""The server's edge under the attacks of issue 23, each tried against the real server
on loopback with real sockets, as a hostile player with a seat token of their own would:
one pace per table however its code is spelt, deadlines and size limits on requests,
connection caps, X-Forwarded-For, cross-site requests, framework pages and headers."""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest

from tests.browser.harness import Server
from tests.server.test_attacks import revision
from tests.server.test_http import post


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("edge") / "data").start()
    yield srv
    srv.stop()


def seated_table(server, players: str = "Ann") -> tuple[str, str]:
    """A new score pad table and the token of its first seat."""
    code = json.loads(server.companion("new", "scorepad", "--players", players, "--json").stdout)["code"]
    status, answer = post(f"{server.url}/api/tables/{code}/seats/0", {})
    assert status == 200, answer
    return code, answer["token"]


# -- 1. one table code everywhere -----------------------------------------------------------

def test_spelling_a_code_many_ways_buys_no_extra_actions(server):
    from companion.guard import ACTION_BURST, ACTIONS_PER_S

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
