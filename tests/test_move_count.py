"""One move count everywhere (issue 26 point 5): the tables list said "48 moves" while
the phones said "move 70". The count is the actions in effect (undo and redo entries,
and the actions undone, aside: :func:`engine.log.move_count`); the phones' counter, the
history's numbers, the host's list of tables and ``companion tables`` all say it."""

from __future__ import annotations

import json

from companion.table.hub import HOST, Tables
from engine.log import Entry, move_count
from storage import DiskStore
from tests.support import run_app
from tests.support import companion


def played(tables: Tables):
    """A score pad with 4 moves made, one undone and redone, one undone for good:
    7 log entries, 3 moves in effect."""
    hub = tables.create("scorepad", ["Ann", "Bo"])
    hub.act(HOST, "points", {"points": 3}, None, seat=0)
    hub.act(HOST, "points", {"points": 4}, None, seat=1)
    hub.undo(HOST)
    hub.redo(HOST)
    hub.act(HOST, "points", {"points": 5}, None, seat=0)
    hub.act(HOST, "points", {"points": 6}, None, seat=1)
    hub.undo(HOST)
    assert (hub.revision, hub.match.moves) == (7, 3)
    return hub


def test_the_count_is_the_actions_in_effect_from_the_link_or_the_log():
    log = [Entry(1, 0, _action("points")), Entry(2, 0, _action("undo")), Entry(3, 0, _action("redo")),
           Entry(4, 0, _action("points")), Entry(5, 0, _action("undo"))]
    assert move_count(None, lambda: log) == 1
    assert move_count({"moves": 7}, lambda: []) == 7  # the link record says it: the log is not read


def test_a_log_kept_without_link_records_is_counted_the_same_in_the_list(tmp_path):
    """A log whose entries came without link records (written before they existed):
    the list counts its actions in effect, as the table opened from it does."""
    from engine.registry import get_game
    from engine.spec import make_spec
    from storage.memory import MemoryStore

    entries = [Entry(1, 0, _action("points", points=3)), Entry(2, None, _action("undo")),
               Entry(3, None, _action("redo")), Entry(4, 1, _action("points", seat=1, points=4)),
               Entry(5, None, _action("undo"))]
    for store in (MemoryStore(), DiskStore(tmp_path)):
        store.create("ACDEFH", make_spec(get_game("scorepad"), ["Ann", "Bo"]).to_json())
        for entry in entries:
            store.append("ACDEFH", entry.to_json())
        (record,) = store.list()
        assert (record.moves, record.revision) == (1, 5)
        hub = Tables(store).open("ACDEFH")
        assert hub.match.moves == 1 and hub.view(HOST)["moves"] == 1
        store.close()


def _action(kind, seat=0, **payload):
    from engine.game import Action

    return Action(seat, kind, payload)


def test_phones_history_list_and_command_line_say_the_same_count(tmp_path):
    tables = Tables(DiskStore(tmp_path))
    hub = played(tables)
    code = hub.code
    assert hub.view(HOST)["moves"] == 3 and hub.view(HOST)["revision"] == 7
    (record,) = [r for r in tables.store.list() if r.code == code]
    assert (record.moves, record.revision) == (3, 7)

    async def test(app):
        ann = await app.seat(hub, 0)
        assert f"Table {code}" in ann.text() and "move 7" not in ann.text()
        await ann.tap("History")  # the phones draw no move counter on every move (issue 25): the history heads with it
        await ann.settle(60)
        shown = ann.text()
        assert f"Table {code} · move 3" in shown and "move 7" not in shown
        assert "move 1 · Host" in shown and "move 3 · Host" in shown and "move 4" not in shown
        host = await app.tab("/", is_host=True, ip="127.0.0.1")
        await host.settle(60)
        assert "Ann, Bo · 3 moves" in host.text()

    run_app(test, tables)
    text = companion("tables", "--data", str(tmp_path))
    assert text.returncode == 0, text.stderr
    assert f"{code}  scorepad  Ann, Bo  3 moves  open" in text.stdout.splitlines()
    listed = json.loads(companion("tables", "--data", str(tmp_path), "--json").stdout)["tables"]
    assert [(t["code"], t["moves"], t["revision"]) for t in listed] == [(code, 3, 7)]
