"""The table hub with real storage: seats, authority, revisions, undo, durability order."""

from __future__ import annotations

import json
import threading

import pytest

from engine.errors import IllegalAction, StaleRevision
from engine.log import Entry
from engine.spec import TableSpec
from engine.table import Match
from companion.table.hub import HOST, WATCHER, Tables, Who
from storage import DiskStore
from tests.support import seated


@pytest.fixture
def tables(tmp_path):
    store = DiskStore(tmp_path / "data")
    yield Tables(store)
    store.close()



def reopen(tables, tmp_path, code):
    """A fresh process's view of the same data directory."""
    return Tables(DiskStore(tmp_path / "data")).open(code)


def test_create_gives_unguessable_code_and_reloads_from_disk(tables, tmp_path):
    hub = tables.create("scorepad", ["Ann", "Bo", "Cy"])
    p = seated(hub)
    assert len(hub.code) == 6 and hub.code.isalpha()
    token = p[0].token
    hub.act(p[0], "points", {"points": 5}, 0)
    again = reopen(tables, tmp_path, hub.code)
    assert again.revision == 1
    assert again.view(p[1])["public"]["players"][0]["total"] == 5
    assert again.seat_for_token(token) == 0


def test_tokens_are_never_stored_or_logged(tables, tmp_path):
    hub = tables.create("scorepad", ["Ann", "Bo"])
    p = seated(hub)
    token = p[1].token
    hub.act(p[1], "points", {"points": 3}, 0)
    files = "".join(p.read_text() for p in (tmp_path / "data").rglob("*.json"))
    assert token not in files
    assert token not in json.dumps(hub.view(HOST)) + json.dumps(hub.history(HOST))


def test_a_taken_seat_needs_the_host(tables):
    hub = tables.create("scorepad", ["Ann", "Bo"])
    first = hub.claim_seat(0)
    with pytest.raises(IllegalAction, match="Ann's seat is taken. Ask the host"):
        hub.claim_seat(0)
    with pytest.raises(IllegalAction, match="Only the host can free a seat"):
        hub.free_seat(Who(seat=1), 0)
    hub.free_seat(HOST, 0)
    assert hub.seat_for_token(first) is None  # the old phone's token stops working
    second = hub.claim_seat(0)
    assert hub.seat_for_token(second) == 0
    with pytest.raises(IllegalAction, match="no longer holds that seat"):
        hub.act(Who(seat=0, token=first), "points", {"points": 1}, 0)
    hub.act(Who(seat=0, token=second), "points", {"points": 1}, 0)


def test_a_stolen_or_made_up_token_acts_for_nobody(tables):
    hub = tables.create("scorepad", ["Ann", "Bo"])
    hub.claim_seat(0)
    for token in (None, "", "guess", "x" * 40):
        assert hub.seat_for_token(token) is None
        with pytest.raises(IllegalAction):
            hub.act(Who(seat=0, token=token), "points", {"points": 1}, 0)
    assert hub.revision == 0


def test_a_phone_acts_only_for_its_own_seat(tables):
    hub = tables.create("scorepad", ["Ann", "Bo"])
    p = seated(hub)
    with pytest.raises(IllegalAction, match="own seat"):
        hub.act(p[0], "points", {"points": 1}, 0, seat=1)
    with pytest.raises(IllegalAction, match="does not take 'player'"):
        hub.act(p[0], "points", {"player": 1, "points": 1}, 0)
    with pytest.raises(IllegalAction, match="Watchers cannot act"):
        hub.act(WATCHER, "points", {"points": 1}, 0)
    assert hub.revision == 0
    hub.act(HOST, "points", {"points": 4}, 0, seat=1)  # pass-and-play
    assert hub.view(HOST)["public"]["players"][1]["total"] == 4


def test_stale_and_malformed_actions_change_nothing(tables, tmp_path):
    hub = tables.create("scorepad", ["Ann", "Bo"])
    p = seated(hub)
    hub.act(p[0], "points", {"points": 2}, 0)
    before = json.dumps(hub.view(HOST))
    with pytest.raises(StaleRevision, match="moved on"):
        hub.act(p[1], "new_round", {}, 0)
    for kind, payload in [("points", {"points": "lots"}), ("jump", {}), ("", {}),
                          ("points", ["not", "a", "dict"]), ("x" * 100, {})]:
        with pytest.raises(IllegalAction):
            hub.act(p[1], kind, payload, 1)
    assert json.dumps(hub.view(HOST)) == before
    assert reopen(tables, tmp_path, hub.code).revision == 1


def test_a_phones_quick_taps_never_go_stale_against_themselves(tables, tmp_path):
    """Two taps made before the phone saw its first move both count, in order; a tap
    based on a table another seat (or the host) changed since is still refused."""
    hub = tables.create("scorepad", ["Ann", "Bo"])
    p = seated(hub)
    seen = hub.revision
    hub.act(p[0], "points", {"points": 2}, seen)
    hub.act(p[0], "points", {"points": 3}, seen)  # the second tap, same screen revision
    hub.act(p[0], "undo", {}, seen)  # and an undo from that screen too
    assert hub.view(HOST)["public"]["players"][0]["total"] == 2
    hub.act(p[1], "points", {"points": 1}, hub.revision)
    hub.act(p[0], "points", {"points": 4}, seen)  # Bo's own points leave Ann's alone
    hub.act(p[1], "new_round", {}, hub.revision)
    with pytest.raises(StaleRevision, match="moved on"):
        hub.act(p[0], "points", {"points": 5}, seen)  # Bo started a round since Ann's screen
    with pytest.raises(StaleRevision):
        hub.act(p[0], "points", {"points": 5}, hub.revision + 1)  # a revision not yet made
    host_seen = hub.revision
    hub.act(HOST, "points", {"points": 1}, host_seen, seat=0)
    hub.act(HOST, "points", {"points": 1}, host_seen, seat=1)  # the host's own run
    with pytest.raises(StaleRevision):
        hub.act(p[1], "points", {"points": 1}, host_seen)  # the host entered Bo's since his screen
    totals = [pl["total"] for pl in reopen(tables, tmp_path, hub.code).view(HOST)["public"]["players"]]
    assert totals == [5, 2]


def test_unknown_codes_are_refused_in_words(tables):
    with pytest.raises(IllegalAction, match="no table with code ACDEFH"):
        tables.open("acdefh")
    with pytest.raises(IllegalAction, match="Codes use the letters A C D E F H J K M N P Q R T U V W X Y"):
        tables.open("12QQQQ")
    with pytest.raises(IllegalAction, match="a code is 6 letters"):
        tables.open("ACD")
    with pytest.raises(IllegalAction, match="Type the table's code"):
        tables.open("  ")


def test_misread_characters_are_read_as_their_code_letter_when_only_one_is(monkeypatch):
    from companion.table import codes

    monkeypatch.setattr(codes, "CODE_ALPHABET", "ACDEFHJKMNPQRTUVWXYZ0")  # Z and 0 are letters
    assert codes.normalise_code("acd 2o5") == ""  # 5 and S are both not letters here
    assert codes.normalise_code("acd2oa") == "ACDZ0A"  # 2 -> Z, O -> 0
    assert codes.normalise_code("acdzoa") == "ACDZ0A"


def test_undo_by_author_or_host_and_redo(tables):
    hub = tables.create("scorepad", ["Ann", "Bo"])
    p = seated(hub)
    hub.act(p[0], "points", {"points": 2}, 0)
    with pytest.raises(IllegalAction, match="Only the player who did it, or the host"):
        hub.undo(p[1])
    hub.undo(p[0])
    assert hub.view(HOST)["public"]["players"][0]["total"] == 0
    assert "redo" in hub.view(p[0])["legal"] and "redo" not in hub.view(p[1])["legal"]
    hub.redo(HOST)
    assert hub.view(HOST)["public"]["players"][0]["total"] == 2
    hub.undo(HOST)  # the host may undo anyone's action
    assert hub.view(HOST)["public"]["players"][0]["total"] == 0


def test_a_reveal_cannot_be_undone(tables):
    hub = tables.create("scorepad", ["Ann", "Bo"], {"secret": True})
    p = seated(hub)
    hub.act(p[0], "points", {"points": 2}, 0)
    hub.act(HOST, "reveal", {}, 1)
    with pytest.raises(IllegalAction, match="revealed hidden information"):
        hub.undo(HOST)


def test_history_in_words_hides_secret_scores_from_others(tables):
    hub = tables.create("scorepad", ["Ann", "Bo"], {"secret": True})
    p = seated(hub)
    hub.act(p[0], "points", {"points": 4817}, 0)
    mine = " ".join(line["text"] for line in hub.history(p[0]))
    theirs = " ".join(line["text"] for line in hub.history(p[1]))
    assert "Ann scored 4817 in round 1" in mine
    assert "4817" not in theirs and "Ann entered a secret score" in theirs
    assert "4817" not in json.dumps(hub.view(p[1])) + json.dumps(hub.view(WATCHER))


def test_listeners_hear_only_after_the_entry_is_durable(tables, tmp_path):
    hub = tables.create("scorepad", ["Ann", "Bo"])
    p = seated(hub)
    heard = []

    def listener(revision):
        on_disk = DiskStore(tmp_path / "data").revision(hub.code)
        heard.append((revision, on_disk))

    hub.subscribe("phone", listener)
    hub.act(p[0], "points", {"points": 1}, 0)
    assert heard == [(1, 1)]
    hub.unsubscribe("phone")
    hub.act(p[0], "points", {"points": 2}, 1)
    assert heard == [(1, 1)]


def test_six_sessions_send_1000_actions_concurrently(tables, tmp_path):
    """None lost or doubled; the final state equals the log replayed."""
    hub = tables.create("scorepad", ["A", "B", "C", "D", "E", "F"])
    p = seated(hub)
    per_seat = 1000 // 6 + 1
    acknowledged: dict[int, list[int]] = {s: [] for s in range(6)}
    errors = []

    def phone(seat):
        sent = 0
        while sent < per_seat:
            try:
                entry = hub.act(p[seat], "points",
                                {"round": 0, "points": sent + 1}, hub.revision)
            except StaleRevision:
                continue  # a phone resyncs and tries again, as the screen does
            except Exception as exc:  # pragma: no cover - the test fails on it
                errors.append(exc)
                return
            acknowledged[seat].append(entry.rev)
            sent += 1

    threads = [threading.Thread(target=phone, args=(s,)) for s in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    revs = sorted(r for rs in acknowledged.values() for r in rs)
    assert revs == list(range(1, 6 * per_seat + 1))  # none lost, none doubled
    spec, entries = DiskStore(tmp_path / "data").load(hub.code)
    assert [e["rev"] for e in entries] == revs
    replayed = Match(hub.game, TableSpec.from_json(spec), [Entry.from_json(e) for e in entries])
    assert replayed.state == hub.match.state
    assert [p["total"] for p in hub.view(HOST)["public"]["players"]] == [per_seat] * 6


def test_an_unreadable_table_is_reported_and_the_others_load(tables, tmp_path):
    good = tables.create("scorepad", ["Ann", "Bo"])
    bad = tables.create("scorepad", ["Cy", "Di"])
    (tmp_path / "data" / "tables" / bad.code / "table.jsonl").write_text("{ not json\n")
    fresh = Tables(DiskStore(tmp_path / "data"))
    records = {r.code: r for r in fresh.list()}
    assert records[bad.code].error and not records[good.code].error
    assert fresh.open(good.code).revision == 0
    with pytest.raises(IllegalAction, match=f"Table {bad.code} cannot be read") as caught:
        fresh.open(bad.code)
    assert str(tmp_path) not in caught.value.message and "/" not in caught.value.message


def test_simultaneous_secret_bids_do_not_refuse_each_other(tables):
    """Both phones bid from the same screen: neither is refused as stale. A turn-based
    action from an old screen still is."""
    hub = tables.create("bluffstones", ["Ann", "Bo"])
    p = seated(hub)
    towers = ["B2", "B4", "D2", "D4", "D6", "F2", "F4"]
    colours = ["blue", "blue", "blue", "yellow", "yellow", "yellow", "green"]
    hub.act(HOST, "tower_colour", {"colours": dict(zip(towers, colours))}, hub.revision)
    hub.act(HOST, "start_player", {"player": 0}, hub.revision)
    hub.act(HOST, "start", {}, hub.revision)
    seen = hub.revision
    hub.act(p[0], "bid", {"colour": "red", "count": 2}, seen)
    hub.act(p[1], "bid", {"colour": "blue", "count": 1}, seen)  # same screen revision
    assert hub.revision == seen + 2
    with pytest.raises(StaleRevision):
        hub.act(p[1], "reveal", {}, seen)
    hub.act(p[1], "reveal", {}, hub.revision)


def test_only_the_host_changes_settings_and_only_before_the_first_move(tables, tmp_path):
    hub = tables.create("scorepad", ["Ann", "Bo"])
    p = seated(hub)
    with pytest.raises(IllegalAction, match="Only the host"):
        hub.change_settings(p[0], {"secret": True})
    with pytest.raises(IllegalAction, match="no setting 'colour'"):
        hub.change_settings(HOST, {"colour": "red"})
    hub.change_settings(HOST, {"secret": "true"})
    assert hub.table(HOST)["settings"]["secret"] is True
    assert reopen(tables, tmp_path, hub.code).table(HOST)["settings"]["secret"] is True
    hub.act(p[0], "points", {"points": 3}, hub.revision)
    assert hub.view(p[1])["public"]["players"][0]["total"] is None  # secret now applies
    with pytest.raises(IllegalAction, match="The game has started"):
        hub.change_settings(HOST, {"secret": False})


def test_players_are_drawn_in_the_companions_colours_whatever_an_old_table_stored(tmp_path):
    """Player colours are the companion's (none a rock's or a stone's colour): a table an
    older version stored with colours of its own opens, its players in those."""
    store = DiskStore(tmp_path / "data")
    store.create("ACDEFH", {"game": "scorepad", "players": ["Ann", "Bo", "Cy"],
                            "colours": ["red", "blue", "green"], "settings": {"secret": False}})
    store.close()
    hub = reopen(None, tmp_path, "ACDEFH")
    assert hub.table(HOST)["colours"] == ["purple", "orange", "teal"]
    assert hub.view(HOST)["public"]["players"][2]["name"] == "Cy"
