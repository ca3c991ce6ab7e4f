"""A play is recorded when a game ends, with the winners the game's own result names
(ties, draws, lowest-wins pads), once per table; finished tables found on disk are
recorded once when the host starts; the book merges and renames people."""

from __future__ import annotations

import pytest

from companion.table.hub import HOST, Tables
from companion.table.plays import PlayRecorder, backfill
from engine.plays.outcome import outcome, winners_of
from engine.plays.stats import statistics
from storage import DiskStore
from storage.plays import BookError, PlayBook


@pytest.fixture
def host(tmp_path):
    store = DiskStore(tmp_path)
    recorder = PlayRecorder(PlayBook(tmp_path))
    yield Tables(store, recorder=recorder), recorder.book
    recorder.book.close()
    store.close()


def play_pad(tables, names, points, finish=True):
    hub = tables.create("scorepad", names)
    for seat, value in enumerate(points):
        hub.act(HOST, "points", {"points": value}, seat=seat)
    if finish:
        hub.act(HOST, "finish", {})
    return hub


def seats(play):
    return [(s["name"], s["score"], s["winner"]) for s in play["people"]]


def test_the_end_of_a_score_pad_records_its_play_with_the_winner(host):
    tables, book = host
    hub = play_pad(tables, ["Ann", "Bo", "Cy"], [5, 9, 2])
    [play] = book.plays()
    assert play["table"] == hub.code and play["game"] == "scorepad"
    assert seats(play) == [("Ann", 5, False), ("Bo", 9, True), ("Cy", 2, False)]
    assert play["ended"].endswith("+00:00") and play["minutes"] >= 0
    assert play["lowest_wins"] is False


def test_a_tie_has_every_tied_player_win(host):
    tables, book = host
    play_pad(tables, ["Ann", "Bo", "Cy"], [12, 9, 12])
    assert [s["winner"] for s in book.plays()[0]["people"]] == [True, False, True]


def test_an_abandoned_game_is_no_play_and_a_new_end_replaces_the_first(host):
    tables, book = host
    play_pad(tables, ["Ann", "Bo"], [3, 4], finish=False)
    assert book.plays() == []
    hub = play_pad(tables, ["Ann", "Bo"], [3, 4])
    hub.undo(HOST)
    assert len(book.plays()) == 1  # an undo alone leaves the play
    hub.act(HOST, "points", {"points": 9}, seat=0)
    hub.act(HOST, "finish", {})
    [play] = book.plays()
    assert seats(play) == [("Ann", 9, True), ("Bo", 4, False)]


def test_the_winners_are_the_ones_each_game_s_result_names():
    # a lowest-wins score pad: the game ranks the lowest total first
    lowest = {"ranking": [{"seat": 1, "total": 3, "rank": 1}, {"seat": 0, "total": 9, "rank": 2}]}
    found = outcome("scorepad", ["Ann", "Bo"], lowest, {"lowest_wins": True})
    assert found["lowest_wins"] and [(s["score"], s["winner"]) for s in found["people"]] == [(9, False), (3, True)]
    garden = {"ranking": [{"seat": 0, "demerits": 4, "rocks": 2, "place": 1},
                          {"seat": 1, "demerits": 4, "rocks": 2, "place": 1}], "winners": [0, 1]}
    found = outcome("rockgarden", ["Ann", "Bo"], garden, {})
    assert found["lowest_wins"] and [s["score"] for s in found["people"]] == [4, 4]
    assert found["people"][0]["counts"] == {"demerits": 4, "rocks": 2}
    assert winners_of({"winner": None, "ranking": [{"seat": 0, "score": 3}]}) == []  # a draw
    assert winners_of({"ranking": [{"seat": 2, "place": 1}, {"seat": 0, "place": 2}]}) == [2]


def test_finished_tables_on_disk_are_recorded_once_when_the_host_starts(tmp_path):
    store = DiskStore(tmp_path)
    old = Tables(store)  # a host from before plays were kept
    first = play_pad(old, ["Ann", "Bo"], [1, 2])
    play_pad(old, ["Ann", "Bo"], [1, 2], finish=False)
    book = PlayBook(tmp_path)
    recorder = PlayRecorder(book)
    tables = Tables(store, recorder=recorder)
    assert backfill(recorder, tables, tables.list()) == 1
    assert [p["table"] for p in book.plays()] == [first.code]
    play_pad(old, ["Cy", "Di"], [5, 1])  # finished without the book hearing of it
    assert backfill(recorder, tables, tables.list()) == 0
    book.close()
    assert [p["table"] for p in PlayBook(tmp_path).plays()] == [first.code]


def test_merging_and_renaming_people_counts_their_plays_as_one_person(host):
    tables, book = host
    play_pad(tables, ["Bo", "Cy"], [5, 1])
    play_pad(tables, ["Bob", "Cy"], [6, 1])
    book.merge(book.find("Bo"), book.find("Bob"))
    book.rename(book.find("Bob"), "Robert")
    assert [p["name"] for p in book.people()] == ["Cy", "Robert"]
    assert {s["name"] for p in book.plays() for s in p["people"]} == {"Robert", "Cy"}
    assert book.find("bo") == book.find("Robert")
    with pytest.raises(BookError):
        book.rename(book.find("Cy"), "robert")
    with pytest.raises(BookError):
        book.merge(book.find("Cy"), book.find("Cy"))


def test_a_person_s_token_is_kept_hashed_and_the_book_survives_a_restart(tmp_path):
    book = PlayBook(tmp_path)
    person = book.person_for("Ann", token_hash="hash-of-secret")
    book.link_phone(person, "seat-hash")
    book.close()
    again = PlayBook(tmp_path)
    assert again.token_hash(person) == "hash-of-secret"
    assert again.people() == [{"id": person, "name": "Ann", "phones": 1}]


def test_a_table_s_export_carries_its_play_and_an_import_keeps_it(tmp_path, capsys):
    import json

    from companion.cli import main

    home, other = tmp_path / "home", tmp_path / "other"
    store = DiskStore(home)
    recorder = PlayRecorder(PlayBook(home))
    hub = play_pad(Tables(store, recorder=recorder), ["Ann", "Bo"], [3, 8])
    recorder.book.close()
    store.close()
    out = tmp_path / "table.json"
    assert main(["export", hub.code, "--data", str(home), "--out", str(out)]) == 0
    assert json.loads(out.read_text())["play"]["people"][1]["winner"] is True
    assert main(["import", str(out), "--data", str(other)]) == 0
    capsys.readouterr()
    assert main(["plays", "--data", str(other), "--json"]) == 0
    [play] = json.loads(capsys.readouterr().out)["plays"]
    assert [(s["name"], s["score"], s["winner"]) for s in play["people"]] == [("Ann", 3, False), ("Bo", 8, True)]


def test_the_book_s_statistics_follow_every_play_replaced_deleted_and_merged(tmp_path):
    """The host's statistics come from the summary kept as plays are recorded: after a
    play is replaced, one deleted and two people merged, and after a restart, they are
    the statistics of the plays the book lists, counted from scratch."""
    book = PlayBook(tmp_path)

    def a_play(code, names, scores, ended):
        best = max(scores)
        return {"table": code, "game": "scorepad", "settings": {}, "ended": ended, "minutes": 10,
                "lowest_wins": False, "people": [{"seat": seat, "name": name, "score": score,
                                                  "winner": score == best, "counts": {}}
                                                 for seat, (name, score) in enumerate(zip(names, scores))]}

    book.record(a_play("AAAAAA", ["Bo", "Cy"], [5, 1], "2024-01-01T20:00:00+00:00"))
    book.record(a_play("BBBBBB", ["Bob", "Cy"], [6, 1], "2024-01-02T20:00:00+00:00"))
    book.record(a_play("CCCCCC", ["Cy", "Di"], [3, 4], "2024-01-03T20:00:00+00:00"))
    book.record(a_play("AAAAAA", ["Bo", "Cy"], [1, 5], "2024-01-01T20:00:00+00:00"))  # replayed
    book.delete("CCCCCC")
    book.merge(book.find("Bo"), book.find("Bob"))
    counted = book.statistics()
    assert counted == statistics(book.plays())
    assert book.latest(1) == book.plays()[:1] and book.plays()[0]["table"] == "BBBBBB"
    bob, cy = book.find("Bob"), book.find("Cy")
    assert set(counted["people"]) == {bob, cy}
    assert (counted["people"][bob]["plays"], counted["people"][bob]["wins"]) == (2, 1)
    assert counted["games"]["scorepad"]["plays"] == 2
    book.close()
    again = PlayBook(tmp_path)
    assert again.statistics() == counted
    again.close()
