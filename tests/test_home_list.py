"""The host's list of tables: a table that cannot be used is listed with its code and
why, the others keep working; each shows its moves in effect and whether it is finished.
``companion tables`` says the same, in text and JSON."""

from __future__ import annotations

import json
import shutil
from pathlib import Path


from companion.table.hub import HOST, Tables
from storage import DiskStore
from tests.support import run_app
from tests.support import companion

FORMAT1 = Path(__file__).parent / "storage" / "format1"


def make_host_data(tmp_path: Path) -> dict[str, str]:
    tables = tmp_path / "tables"
    tables.mkdir(parents=True)
    bad_spec = json.loads((FORMAT1 / "KMNPQR.json").read_text())
    bad_spec["meta"]["1"]["spec"]["players"] = 5
    (tables / "KMNPQR.json").write_text(json.dumps(bad_spec))
    shutil.copy(FORMAT1 / "QRTUVW.json", tables / "QRTUVW.json")
    made = Tables(DiskStore(tmp_path))
    done = made.create("scorepad", ["Ann", "Bo"])
    done.act(HOST, "points", {"points": 3}, None, seat=0)
    done.act(HOST, "points", {"points": 4}, None, seat=1)
    done.undo(HOST)
    done.redo(HOST)
    done.act(HOST, "finish", {}, None)
    broken = made.create("scorepad", ["Cy"])
    head = tmp_path / "tables" / broken.code / "table.jsonl"
    head.write_bytes(b"garbage\n" + head.read_bytes())
    return {"done": done.code, "broken": broken.code}


def test_the_host_page_lists_unusable_tables_by_code_and_the_others_with_moves(tmp_path):
    codes = make_host_data(tmp_path)

    async def test(app):
        host = await app.tab("/", is_host=True, ip="127.0.0.1")
        await host.settle(60)
        shown = host.text()
        assert "KMNPQR: cannot be read (its players are not a list of names)" in shown
        assert f"{codes['broken']}: cannot be read (line 1 is damaged)" in shown
        assert "Ann, Bo, Cy · 4 moves" in shown  # the first-format table, as it is
        assert "Ann, Bo · 3 moves · finished" in shown  # undo + redo are not moves
        assert str(tmp_path) not in shown

    run_app(test, Tables(DiskStore(tmp_path)))


def test_companion_tables_lists_the_same(tmp_path):
    codes = make_host_data(tmp_path)
    text = companion("tables", "--data", str(tmp_path))
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert "KMNPQR  cannot be read: its players are not a list of names" in lines
    assert f"{codes['broken']}  cannot be read: line 1 is damaged" in lines
    assert f"{codes['done']}  scorepad  Ann, Bo  3 moves  finished" in lines
    records = {t["code"]: t for t in json.loads(companion("tables", "--data", str(tmp_path), "--json").stdout)["tables"]}
    assert records["KMNPQR"]["status"] == "unreadable" and records["KMNPQR"]["players"] == []
    assert records[codes["done"]]["moves"] == 3 and records[codes["done"]]["revision"] == 5
    assert records[codes["done"]]["status"] == "finished"


def test_a_phone_that_scanned_the_code_sees_the_seats_before_the_qr_code():
    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo"])
        phone = await app.tab(f"/join/{hub.code}")
        shown = phone.text()
        assert shown.index("Sit as Ann") < shown.index("QR code for")
        host = await app.tab(f"/join/{hub.code}", is_host=True, ip="127.0.0.1")
        shown = host.text()
        assert shown.index("QR code for") < shown.index("Pick your seat")

    run_app(test)
