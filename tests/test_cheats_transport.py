"""The cheats of issue 13 over the JSON transport, as a player with their own seat token
would try them: refused in words, nothing changed, nothing odd written to the log."""

from __future__ import annotations

import json

import pytest

from engine.registry import game_ids
from tests.support import Api, players_for, readable


def test_a_player_cannot_finish_a_secret_score_pad_read_the_scores_and_undo_it():
    api = Api()
    code = api.create("scorepad", ("Ann", "Bo"), {"secret": True})
    ann, bo = api.claim(code, 0), api.claim(code, 1)
    assert api.act(code, "points", {"points": 4817}, token=ann)[0] == 200
    assert "Only the host" in api.refused(code, "finish", {}, token=bo)
    assert "Only the host" in api.refused(code, "reveal", {}, token=bo)
    view = api.view(code, bo)
    assert "4817" not in json.dumps(view) and view["result"] is None
    # the host finishes: the scores are open; a player cannot take the end back
    assert api.act(code, "finish", {}, host=True)[0] == 200
    assert "4817" in json.dumps(api.view(code, bo)["result"])
    assert "Only the host can undo the end" in api.refused(code, "undo", {}, token=bo)
    # the host can, and what the end showed stays shown
    assert api.act(code, "undo", {}, host=True)[0] == 200
    after = api.view(code, bo)
    assert after["result"] is None and after["public"]["players"][0]["total"] == 4817


@pytest.mark.parametrize("game_id", game_ids())
def test_odd_json_is_refused_in_words_and_changes_nothing(game_id):
    api = Api()
    players = players_for(game_id)
    code = api.create(game_id, players)
    tokens = [api.claim(code, s) for s in range(len(players))]
    view = api.view(code, host=True)
    kinds = [k for k in view["legal"] if k not in ("undo", "redo")] or ["no_such"]
    kind = kinds[0]
    before = api.view(code, host=True)
    deep = "[" * 100_000 + "]" * 100_000
    bodies = [
        b'{"kind": "%s", "payload": {"x": NaN}}' % kind.encode(),
        b'{"kind": "%s", "payload": {"x": Infinity}}' % kind.encode(),
        b'{"kind": "%s", "payload": {"x": 1e999}}' % kind.encode(),
        b'{"kind": "%s", "payload": {"x": %s}}' % (kind.encode(), b"9" * 5000),
        ('{"kind": "%s", "payload": %s}' % (kind, deep)).encode(),
        json.dumps({"kind": kind, "payload": {"zz": "x" * 1_000_000}}).encode(),
        json.dumps({"kind": kind, "payload": "text"}).encode(),
        json.dumps({"kind": kind, "payload": {}, "seat": True}).encode(),
        json.dumps({"kind": kind, "payload": {}, "seat": 99}).encode(),
        json.dumps({"kind": kind, "payload": {}, "extra": 1}).encode(),
        b"not json at all",
    ]
    for body in bodies:
        for token in (tokens[0], None):
            code_, answer = api.act(code, kind, raw=body, token=token, host=token is None)
            assert code_ in (400, 403, 409, 413), (body[:60], code_, answer)
            assert readable(answer["error"]), (body[:60], answer)
    assert api.view(code, host=True) == before


@pytest.mark.parametrize("game_id", game_ids())
def test_the_log_keeps_only_declared_payload_keys(game_id):
    api = Api()
    hub_code = api.create(game_id, players_for(game_id))
    view = api.view(hub_code, host=True)
    for kind in view["legal"]:
        api.act(hub_code, kind, {"junk": "x" * 100}, host=True)
    hub = api.tables.open(hub_code)
    for entry in hub.match.log:
        assert "junk" not in entry.action.payload
