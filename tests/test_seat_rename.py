"""Taking over a seat (issue 37): the host gives a seat a new name when a new player takes
it (or the new phone sits under its own name); the name holds everywhere (views, history,
the table list, an export), survives a restart, and is checked as names are at a table's
creation. The phone that lost the seat is told what really happened."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from companion.table.hub import HOST, Tables, Who
from companion.ui.table_screen import lost_seat_words
from storage import DiskStore
from storage.backup import damage, export_table
from tests.support import run_app, seated


@pytest.fixture
def tables(tmp_path):
    store = DiskStore(tmp_path / "data")
    yield Tables(store, snapshot_every=2)  # snapshots taken before the rename are read after it
    store.close()


def reopen(tmp_path, code):
    """A fresh process's view of the same data directory."""
    store = DiskStore(tmp_path / "data")
    return Tables(store, snapshot_every=2).open(code), store


def played(tables):
    """A score pad of three where Bo scored twice (snapshots kept on the way)."""
    hub = tables.create("scorepad", ["Ann", "Bo", "Cy"])
    p = seated(hub)
    for points in (5, 3):
        hub.act(p[1], "points", {"points": points}, hub.revision)
    hub.act(p[0], "points", {"points": 1}, hub.revision)
    return hub, p


def names_everywhere(hub, tables) -> set[tuple[str, ...]]:
    """The players' names as every reader of the table gets them."""
    listed = next(r for r in tables.list() if r.code == hub.code).spec["players"]
    return {tuple(hub.table(HOST)["players"]), tuple(hub.match.names), tuple(listed),
            tuple(p["name"] for p in hub.view(HOST)["public"]["players"])}


def test_a_renamed_seat_is_called_so_everywhere_and_after_a_restart(tables, tmp_path):
    hub, p = played(tables)
    hub.rename_seat(HOST, 1, "  Dee ")
    assert names_everywhere(hub, tables) == {("Ann", "Dee", "Cy")}
    assert [line["by"] for line in hub.history(HOST)] == ["Dee", "Dee", "Ann"]
    hub.act(p[1], "points", {"points": 2}, hub.revision)  # the seat plays on under its new name
    again, store = reopen(tmp_path, hub.code)
    try:
        assert again.match.snapshot_problem is None  # old snapshots are read with today's names
        assert names_everywhere(again, Tables(store)) == {("Ann", "Dee", "Cy")}
        assert again.view(HOST)["public"] == hub.view(HOST)["public"]
        assert again.history(HOST)[-1]["by"] == "Dee"
        assert export_table(store, hub.code)["players"] == ["Ann", "Dee", "Cy"]
        assert damage(store, hub.code) is None  # a rename is not taken for a damaged table
    finally:
        store.close()


@pytest.mark.parametrize("name, refusal", [
    ("ann", "Ann is already at this table: pick another name"),
    ("   ", "Type the new name"),
    ("x" * 25, "Names are at most 24 letters"),
    ("Dee\u200b", "cannot be shown"),
    ("Bo", "That seat is already called Bo"),
])
def test_a_bad_name_is_refused_in_words_and_changes_nothing(tables, tmp_path, name, refusal):
    hub, _ = played(tables)
    with pytest.raises(IllegalAction, match=refusal):
        hub.rename_seat(HOST, 1, name)
    assert names_everywhere(hub, tables) == {("Ann", "Bo", "Cy")}
    again, store = reopen(tmp_path, hub.code)
    store.close()
    assert again.spec.players == ("Ann", "Bo", "Cy")


def test_only_the_host_renames_a_seat(tables):
    hub, p = played(tables)
    for who in (p[1], Who()):
        with pytest.raises(IllegalAction, match="Only the host can rename a seat"):
            hub.rename_seat(who, 1, "Dee")
    with pytest.raises(IllegalAction, match="no such seat"):
        hub.rename_seat(HOST, 3, "Dee")
    assert hub.spec.players == ("Ann", "Bo", "Cy")


def test_a_new_phone_sits_under_its_own_name_or_not_at_all(tables):
    hub, _ = played(tables)
    hub.free_seat(HOST, 1)
    with pytest.raises(IllegalAction, match="Cy is already at this table"):
        hub.claim_seat(1, name="CY")
    assert 1 not in hub.table(HOST)["taken"] and hub.spec.players[1] == "Bo"
    token = hub.claim_seat(1, name="Dee")
    assert hub.seat_for_token(token) == 1 and names_everywhere(hub, tables) == {("Ann", "Dee", "Cy")}


def test_the_freed_phone_is_told_what_really_happened(tables):
    hub, p = played(tables)
    old = p[1].token
    hub.free_seat(HOST, 1)
    assert lost_seat_words(hub.lost_seat(old)) == (
        "Your seat was freed", "The host freed Bo's seat; nobody has taken it yet. Pick a seat to sit again.")
    hub.rename_seat(HOST, 1, "Dee")
    assert lost_seat_words(hub.lost_seat(old))[1].startswith(
        "The host freed Bo's seat and named it Dee; nobody has taken it yet.")
    hub.claim_seat(1)
    assert lost_seat_words(hub.lost_seat(old)) == (
        "Your seat went to another phone", "The host freed Bo's seat and Dee plays there now. "
        "Pick a free seat, or ask the host.")
    ann = p[0].token
    hub.claim_seat(0, HOST)  # the host gives Ann's seat straight to another phone
    title, text = lost_seat_words(hub.lost_seat(ann))
    assert title == "Your seat went to another phone" and "another phone sat there" in text


def test_a_phone_at_the_table_and_the_freed_phone_redraw_with_the_new_name():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        storage = {f"seat.{hub.code}": hub.claim_seat(0)}
        ann = await app.tab(f"/t/{hub.code}", storage=storage)
        bo = await app.seat(hub, 1)
        hub.free_seat(HOST, 0)
        hub.rename_seat(HOST, 0, "Dee")
        await ann.settle()
        await bo.settle()
        assert "The host freed Ann's seat and named it Dee; nobody has taken it yet" in ann.text()
        assert "Dee" in bo.text() and "Ann" not in bo.text(), bo.text()
        hub.claim_seat(0)
        await ann.settle()
        assert "The host freed Ann's seat and Dee plays there now" in ann.text()
    run_app(test)
