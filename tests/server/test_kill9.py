"""SIGKILL the real server during bursts of actions: nothing acknowledged is lost.

The bursts mix points with undos, so the journals' link records and snapshots are
written all along; after each kill the table a restarted host opens (from its last
link and nearest snapshot) is the table its whole log gives."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import urllib.error
import urllib.request

from engine.registry import get_game
from engine.log import Entry
from engine.spec import TableSpec
from engine.table import Match
from storage import DiskStore
from tests.browser.harness import Server
from tests.support import companion_at


def call(url: str, body: dict | None = None, token: str | None = None, timeout: float = 5) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("X-Seat-Token", token)
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


def test_twenty_kills_during_bursts_lose_no_acknowledged_action(tmp_path):
    server = Server(tmp_path / "data")
    players = ["Ann", "Bo", "Cy", "Di"]
    code = json.loads(companion_at(server, "new", "scorepad", "--players", ",".join(players),
                                       "--json").stdout)["code"]
    server.start()
    tokens = [call(f"{server.url}/api/tables/{code}/seats/{seat}", {})["token"]
              for seat in range(len(players))]
    acknowledged: dict[int, dict] = {}
    lock = threading.Lock()
    rng = random.Random(20261121)
    try:
        for round_no in range(20):
            stop = threading.Event()

            def phone(seat: int) -> None:
                n = 0
                while not stop.is_set():
                    n += 1
                    undo = n % 7 == 0
                    payload = {} if undo else {"round": 0, "points": round_no * 10_000 + n}
                    try:
                        answer = call(f"{server.url}/api/tables/{code}/actions",
                                      {"kind": "undo" if undo else "points", "payload": payload},
                                      tokens[seat])
                    except urllib.error.HTTPError:
                        continue  # refused (another seat's action is the last): not acknowledged
                    except (OSError, urllib.error.URLError, http.client.HTTPException, ValueError):
                        # the server is gone (maybe halfway through its answer): this
                        # action was never acknowledged
                        return
                    with lock:
                        assert answer["rev"] not in acknowledged, "a revision was given twice"
                        acknowledged[answer["rev"]] = payload

            threads = [threading.Thread(target=phone, args=(s,)) for s in range(len(players))]
            for t in threads:
                t.start()
            time.sleep(rng.uniform(0.2, 1.2))
            server.kill9()
            stop.set()
            for t in threads:
                t.join(10)

            store = DiskStore(tmp_path / "data")  # what a restarted host will find
            spec, entries = store.load(code)
            store.close()
            stored = {e["rev"]: e["payload"] for e in entries}
            assert [e["rev"] for e in entries] == list(range(1, len(entries) + 1))
            missing = [rev for rev, payload in acknowledged.items() if stored.get(rev) != payload]
            assert not missing, f"kill {round_no + 1}: acknowledged but lost: {missing[:5]}"
            whole = Match(get_game("scorepad"), TableSpec.from_json(spec),
                          [Entry.from_json(e) for e in entries])

            server.start()
            view = call(f"{server.url}/api/tables/{code}", token=tokens[0])
            assert view["revision"] == len(entries)
            assert view["private"] is not None  # the seat survives the crash too
            assert view == json.loads(json.dumps(whole.view(0)))  # opened from its snapshot
        assert len(acknowledged) > 100  # the bursts really happened
    finally:
        server.stop()
