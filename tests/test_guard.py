"""Join-code guessing is slowed down per device, on the pages as on the JSON transport;
names with control or invisible characters are refused wherever a table is made, and
never printed raw by ``companion tables``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.table.codes import CODE_LENGTH, new_code, normalise_code
from companion.table.guard import Guard, TooManyGuesses
from companion.table.hub import Tables
from storage.memory import MemoryStore
from tests.support import Api, companion, readable, run_app


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_ten_misses_a_minute_then_waits_that_double():
    clock = Clock()
    guard = Guard(clock=clock)
    for _ in range(9):
        guard.check("10.0.0.7")
        guard.miss("10.0.0.7")
        clock.now += 1
    guard.check("10.0.0.7")
    guard.miss("10.0.0.7")  # the tenth in a minute
    with pytest.raises(TooManyGuesses) as caught:
        guard.check("10.0.0.7")
    assert caught.value.wait == 60 and readable(caught.value.message)
    guard.check("10.0.0.8")  # another phone is not held up
    clock.now += 61
    guard.check("10.0.0.7")
    waits = []
    for _ in range(3):
        for _ in range(10):
            guard.miss("10.0.0.7")
        with pytest.raises(TooManyGuesses) as caught:
            guard.check("10.0.0.7")
        waits.append(caught.value.wait)
        clock.now += caught.value.wait + 1
    assert waits == [120, 240, 480]


def test_a_phone_that_mistypes_now_and_then_is_never_held_up():
    clock = Clock()
    guard = Guard(clock=clock)
    for _ in range(100):
        guard.miss("phone")
        clock.now += 7  # about 9 a minute
        guard.check("phone")


def test_codes_of_every_accepted_length():
    assert len(new_code()) == CODE_LENGTH and len(new_code(10)) == 10
    assert normalise_code("acd efh") == "ACDEFH"
    assert normalise_code(new_code(12).lower()) != ""
    assert normalise_code("ACDEF") == "" and normalise_code("A" * 13) == ""
    assert normalise_code("x" * 10_000) == ""
    assert normalise_code("not-a-code") == "" and normalise_code("ACD-EFH") == ""
    with pytest.raises(ValueError):
        new_code(40)


def test_venue_tables_get_longer_codes_and_older_ones_still_open():
    store = MemoryStore()
    short = Tables(store).create("scorepad", ["Ann"])
    venue = Tables(store, code_length=10)
    long = venue.create("scorepad", ["Bo"])
    assert len(long.code) == 10 and len(short.code) == 6
    assert venue.open(short.code.lower()).code == short.code


def test_the_json_transport_counts_misses_per_client():
    api = Api()
    code = api.create("scorepad", ["Ann"])
    statuses = [api.client.get(f"/api/tables/{guess}").status_code
                for guess in ["ACDEFH"] * 10 + ["ACDEFJ", code]]
    assert statuses == [404] * 10 + [429, 429]
    answer = api.client.post(f"/api/tables/{code}/actions", json={"kind": "points"})
    assert answer.status_code == 429 and "Retry-After" in answer.headers


# -- the pages ----------------------------------------------------------------------------

def test_pages_count_misses_per_phone_on_join_and_table_routes():
    async def test(app):
        code = app.create("scorepad", ["Ann", "Bo"]).code
        for n, guess in enumerate(["ACDEFH", "ACDEFJ", "ACDEFK", "ACDEFM", "ACDEFN"] * 2):
            route = f"/join/{guess}" if n % 2 else f"/t/{guess}"
            tab = await app.tab(route, ip="192.168.1.66")
            assert "There is no table with code" in tab.text()
        shown = (await app.tab(f"/join/{code}", ip="192.168.1.66")).text()
        assert "Too many wrong table codes from this device" in shown
        assert "Sit as Ann" not in shown
        other = await app.tab(f"/join/{code}", ip="192.168.1.67")
        assert "Pick your seat" in other.text()

    run_app(test)


def test_the_host_form_refuses_names_it_cannot_show():
    async def test(app):
        host = await app.tab("/", is_host=True, ip="127.0.0.1")
        for names in ("Ann\x1b[31m,Bo", "A\u200bnn,Bo", "Ann," + "B" * 100_000):
            await host.type("Players in seat order (clockwise), separated by commas", names)
            await host.tap("Create table")
            assert host.phone.toasts[-1].startswith(("A name has characters", "Names are at most"))
        assert app.tables.list() == []

    run_app(test)


# -- the command line ---------------------------------------------------------------------

@pytest.mark.parametrize("names", ["Ann\x1b[31m,Bo", "A\u200bnn,Bo", "Ann,B\u202eo", "Ann," + "B" * 100_000])
def test_companion_new_refuses_names_it_cannot_show(tmp_path, names):
    done = companion("new", "scorepad", "--players", names, "--data", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "\x1b" not in done.stderr and "\u200b" not in done.stderr


def test_companion_tables_never_prints_raw_control_characters_from_an_old_file(tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir()
    source = Path(__file__).parent / "storage" / "format1" / "KMNPQR.json"
    old = json.loads(source.read_text())
    old["meta"]["1"]["spec"]["players"] = ["Di\x1b[2J\x1b[31m", "E\u200bd\x07"]
    (tables / "KMNPQR.json").write_text(json.dumps(old))
    shutil.copy(source.parent / "QRTUVW.json", tables / "QRTUVW.json")
    text = companion("tables", "--data", str(tmp_path))
    assert text.returncode == 0
    assert all(ch == "\n" or ch.isprintable() for ch in text.stdout), repr(text.stdout)
    assert "KMNPQR  cannot be read: a name has characters that cannot be shown" in text.stdout
    assert "QRTUVW  scorepad  Ann, Bo, Cy  4 moves  open" in text.stdout
    listed = companion("tables", "--data", str(tmp_path), "--json")
    assert all(ch.isprintable() for ch in listed.stdout.strip())
    records = {t["code"]: t for t in json.loads(listed.stdout)["tables"]}
    assert records["KMNPQR"]["status"] == "unreadable" and records["QRTUVW"]["moves"] == 4


def test_a_seat_flooding_its_table_is_paced_and_the_others_are_not():
    from companion.table.guard import ACTION_BURST, ActionLimiter

    clock = Clock()
    limiter = ActionLimiter(clock=clock)
    assert all(limiter.allow(("T", "eve")) for _ in range(ACTION_BURST))
    assert not limiter.allow(("T", "eve"))
    assert limiter.allow(("T", "ann")) and limiter.allow(("U", "eve"))
    clock.now += 0.5
    assert sum(limiter.allow(("T", "eve")) for _ in range(100)) == 10  # 20 a second
    waits = [limiter.reserve(("T", "eve")) for _ in range(50)]
    assert waits[:3] == [0.05, 0.1, 0.15]  # held back to the pace, in order
    assert waits[39] == 2.0 and waits[40:] == [None] * 10  # past 2 s: refused

    api = Api()
    code = api.create("scorepad", ["Eve", "Ann"])
    eve, ann = api.claim(code, 0), api.claim(code, 1)
    import time

    start = time.monotonic()
    statuses = [api.act(code, "points", {"points": 1}, eve)[0] for _ in range(ACTION_BURST + 10)]
    assert statuses == [200] * (ACTION_BURST + 10)  # the last ten waited their turn
    assert time.monotonic() - start >= 10 / 20 - 0.1
    start = time.monotonic()
    assert api.act(code, "points", {"points": 2}, ann)[0] == 200
    assert time.monotonic() - start < 0.4  # another seat does not wait


@pytest.mark.parametrize("setting", ["secret=yes\x1b[31m", "\x1b[2Jsecret=1", "secret=" + "y" * 5000])
def test_companion_new_refuses_settings_it_cannot_show(tmp_path, setting):
    done = companion("new", "scorepad", "--players", "Ann", "--set", setting, "--data", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "\x1b" not in done.stderr and len(done.stderr) < 300


def test_a_link_that_is_not_a_code_explains_itself():
    async def test(app):
        shown = (await app.tab("/join/not-a-code")).text()
        assert "Codes use the letters A C D E F H J K M N P Q R T U V W X Y" in shown
        shown = (await app.tab("/t/ACD")).text()
        assert "That is not a table code: a code is 6 letters" in shown

    run_app(test)


def test_a_mistyped_code_is_explained_under_the_field_and_cleared_by_typing():
    async def test(app):
        start = await app.tab("/")
        await start.type("Table code", "12")
        await start.tap("Join")
        assert "Codes use the letters A C D E F H J K M N P Q R T U V W X Y" in start.text()
        assert start.phone.toasts == []  # said where the eyes are, not in a bar below
        await start.type("Table code", "ACD")
        assert "Codes use the letters" not in start.text()
        await start.tap("Join")
        assert "That is not a table code: a code is 6 letters" in start.text()

    run_app(test)


def test_the_rules_tab_says_settings_in_words():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"], {"secret": True})
        ann = await app.seat(hub, 0)
        await ann.tap("Rules")
        assert "Secret scores until revealed: Yes" in ann.text()
        assert "True" not in ann.text()

    run_app(test)
