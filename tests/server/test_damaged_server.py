"""Issue 23's damaged-table attacks and the table download, against the real server on
loopback (real sockets, real files): each found, refused or survived."""

from __future__ import annotations

import json
import urllib.error
from contextlib import contextmanager

from tests.browser.harness import Server
from tests.damage import folder, garble_line, rewrite_last_snapshot, scorepad_table
from tests.support import companion_at, get, post

JSON = {"Content-Type": "application/json"}


def answer(url: str, headers: dict | None = None) -> tuple[int, dict]:
    try:
        with get(url, headers) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@contextmanager
def serving(server: Server):
    """The server started for the block, stopped after it whatever happens."""
    server.start()
    try:
        yield server
    finally:
        server.stop()


def views_of(server: Server, code: str, tokens: list[str]) -> list[dict]:
    return [answer(f"{server.url}/api/tables/{code}", {"X-Seat-Token": t})[1] for t in tokens]


def act(server, code: str, token: str, points: int) -> tuple[int, dict]:
    return post(f"{server.url}/api/tables/{code}/actions",
                {"kind": "points", "payload": {"points": points}}, {"X-Seat-Token": token, **JSON})


def test_a_table_without_its_header_is_named_and_is_no_wrong_guess(tmp_path):
    data = tmp_path / "data"
    lost, _ = scorepad_table(data, 4)
    good, tokens = scorepad_table(data, 2)
    (folder(data, lost) / "table.jsonl").unlink()
    with serving(Server(data)) as server:
        for _ in range(12):  # more than the guard's 10 wrong codes a minute
            status, body = answer(f"{server.url}/api/tables/{lost}")
            assert (status, body["error"]) == (404, f"Table {lost} cannot be read: its header is missing")
        assert answer(f"{server.url}/api/tables/{good}", {"X-Seat-Token": tokens[0]})[0] == 200
        listing = companion_at(server, "tables")
        assert f"{lost}  cannot be read: its header is missing" in listing.stdout


def test_a_log_damaged_while_serving_stops_the_table_then_repair_keeps_what_came_before(tmp_path):
    data = tmp_path / "data"
    code, tokens = scorepad_table(data, 5)
    with serving(Server(data)) as server:
        assert act(server, code, tokens[0], 1) == (200, {"rev": 6})
        garble_line(folder(data, code) / "log-000000.jsonl", 4)
        for points in (2, 3):  # the issue saw two more acknowledged: now neither
            status, body = act(server, code, tokens[1], points)
            assert (status, body) == (503, {"error": "This table's file is damaged: nothing was saved"})
    repaired = companion_at(server, "repair", code)
    assert "(line 4 is damaged): kept 3 actions, could not read 3" in repaired.stdout, repaired.stderr
    with serving(server):
        status, view = answer(f"{server.url}/api/tables/{code}", {"X-Seat-Token": tokens[0]})
        assert (status, view["revision"]) == (200, 3)
        assert act(server, code, tokens[0], 4) == (200, {"rev": 4})  # it plays on


def test_a_garbled_snapshot_is_set_aside_and_the_table_opens_as_it_was(tmp_path):
    data = tmp_path / "data"
    code, tokens = scorepad_table(data, 50)
    with serving(Server(data)) as server:
        before = views_of(server, code, tokens)
    rewrite_last_snapshot(folder(data, code) / "log-000000.jsonl", lambda state: {**state, "secret": False})
    with serving(server):
        assert views_of(server, code, tokens) == before  # Bo's points stay hidden from Ann
        assert act(server, code, tokens[0], 7)[0] == 200


def test_only_the_host_downloads_a_table_and_the_file_imports_whole(tmp_path):
    data = tmp_path / "data"
    code, tokens = scorepad_table(data, 8)
    with serving(Server(data)) as server:
        export = f"{server.url}/api/tables/{code}/export"
        for headers in ({}, {"X-Seat-Token": tokens[0]}, {"X-Host-Key": "guessed"}):
            assert answer(export, headers) == (403, {"error": "Only the host can download a table"})
        assert answer(export + "?ticket=made-up")[0] == 403
        with get(export, {"X-Host-Key": server.host_key}) as response:
            assert response.headers["Content-Disposition"] == f'attachment; filename="table-{code}.json"'
            text = response.read().decode()
        assert server.host_key not in text and not any(t in text for t in tokens)
        assert answer(f"{server.url}/api/tables/ZZZZZZ/export", {"X-Host-Key": server.host_key})[0] == 404
        seen = views_of(server, code, tokens)
    (tmp_path / "table.json").write_text(text)
    with serving(Server(tmp_path / "other")) as other:
        made = companion_at(other, "import", str(tmp_path / "table.json"))
        assert made.returncode == 0, made.stderr
        new_tokens = [post(f"{other.url}/api/tables/{code}/seats/{seat}", {}, JSON)[1]["token"]
                      for seat in range(2)]
        assert views_of(other, code, new_tokens) == seen
