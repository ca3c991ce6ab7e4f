"""``companion import`` replays an export with the rules of play, who may undo and redo
included: a log where one player undoes another's move, anyone undoes a reveal, or a
seat redoes what another did, is refused in one line naming the entry and why; every
log played by the rules imports whole."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.errors import IllegalAction
from engine.game import Action
from engine.log import REDO, UNDO
from engine.registry import game_ids, get_game
from storage import DiskStore
from storage.backup import BackupError, import_table
from tests.damage import scorepad_table
from tests.support import RandomTable, companion, files_of, refused

ANN, BO, HOST = 0, 1, None


def entry(rev: int, by: int | None, kind: str, payload: dict | None = None, seat="by") -> dict:
    """One line of an export's log (``seat``: the seat it is made for, the presser's by default)."""
    return {"rev": rev, "by": by, "seat": by if seat == "by" else seat, "kind": kind,
            "payload": payload or {}}


POINTS_ANN = entry(1, ANN, "points", {"points": 5})
POINTS_BO = entry(2, BO, "points", {"points": 7})
REVEAL = entry(3, HOST, "reveal")

CRAFTED = {
    "Bo undoes Ann's move": (
        [POINTS_ANN, entry(2, BO, UNDO)],
        "entry 2: Only the player who did it, or the host, can undo that"),
    "Bo undoes the host's reveal": (
        [POINTS_ANN, POINTS_BO, REVEAL, entry(4, BO, UNDO)],
        "entry 4: That step revealed hidden information and cannot be undone"),
    "the host undoes its reveal": (
        [POINTS_ANN, POINTS_BO, REVEAL, entry(4, HOST, UNDO)],
        "entry 4: That step revealed hidden information and cannot be undone"),
    "Bo redoes Ann's undone move": (
        [POINTS_ANN, entry(2, ANN, UNDO), entry(3, BO, REDO)],
        "entry 3: Only the player who did it, or the host, can redo that"),
    "Bo's undo made for Ann's seat": (
        [POINTS_ANN, entry(2, BO, UNDO, seat=ANN)],
        "entry 2: Undo by seat 1 is made for seat 0"),
    "an undo with nothing to undo": (
        [entry(1, ANN, UNDO)],
        "entry 1: Nothing to undo"),
}


@pytest.fixture(scope="module")
def export(tmp_path_factory) -> dict:
    """A secret score pad for Ann and Bo, exported with no moves yet."""
    data = tmp_path_factory.mktemp("played")
    code, _ = scorepad_table(data, 0)
    return json.loads(companion("export", code, "--data", str(data)).stdout)


@pytest.mark.parametrize("case", list(CRAFTED))
def test_an_undo_or_redo_the_table_would_refuse_is_refused_on_import(tmp_path, export, case):
    log, says = CRAFTED[case]
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps({**export, "log": log}))
    data = tmp_path / "data"
    data.mkdir()
    before = files_of(data)
    result = companion("import", str(path), "--data", str(data))
    refused(result, f"The export's log does not replay ({says}): nothing was imported")
    assert files_of(data) == before


def test_the_same_log_by_allowed_hands_imports(tmp_path, export):
    """The crafted logs with the right hands: Ann undoes her own move, the host undoes
    Bo's, Ann redoes hers."""
    log = [POINTS_ANN, entry(2, ANN, UNDO), entry(3, ANN, REDO), POINTS_BO | {"rev": 4},
           entry(5, HOST, UNDO), entry(6, HOST, REDO), entry(7, HOST, "reveal")]
    path = tmp_path / "fine.json"
    path.write_text(json.dumps({**export, "log": log}))
    made = companion("import", str(path), "--data", str(tmp_path / "data"))
    assert made.returncode == 0, made.stderr
    assert "7 actions" in made.stdout


# -- every game: random play by the rules imports, one undo or redo out of turn does not ----

def played(game_id: str, seed: int, steps: int) -> RandomTable:
    """A table of ``game_id`` played ``steps`` random legal steps, undo and redo often."""
    rng = random.Random(seed)
    table = RandomTable(get_game(game_id), rng)
    for _ in range(steps):
        choice = table.choose()
        if choice is None:
            break
        seat, host, kind, payload = choice
        if rng.random() < 0.25:  # undo and redo far more than players do
            kind, payload = rng.choice((UNDO, REDO)), {}
        by, action = table.action(seat, host, kind, payload)
        try:
            table.match.accept(table.match.propose(by, action, None))
        except IllegalAction:
            continue
    return table


def exported(table: RandomTable, log: list[dict]) -> dict:
    spec = table.spec.to_json()
    return {"format": "table-companion-export", "version": 1, "code": "PROP", "game": spec["game"],
            "spec": spec, "players": spec["players"], "log_version": _log_version(table),
            "log": log}


def _log_version(table: RandomTable) -> int:
    from engine.upgrade import log_version

    return log_version(table.game)


def imports(data: dict) -> str | None:
    """None when ``data`` imports; else the refusal."""
    with tempfile.TemporaryDirectory() as folder, DiskStore(Path(folder)) as store:
        try:
            import_table(store, data, lambda: "OTHER")
        except BackupError as exc:
            return str(exc)
    return None


def out_of_turn(table: RandomTable, rng: random.Random) -> tuple[dict, int | None, str] | None:
    """An undo or redo (as the log's next entry) that someone may not make now, its
    maker and the refusal the table gives them; None when everyone may."""
    match = table.match
    hands = [None, *range(len(table.spec.players))]
    rng.shuffle(hands)
    for kind in rng.sample((UNDO, REDO), 2):
        for by in hands:
            reason = match.undo_refusal(by) if kind == UNDO else match.redo_refusal(by)
            if reason:
                return entry(match.revision + 1, by, kind), by, reason
    return None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(game_ids()), seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 40))
def test_play_by_the_rules_reimports_and_an_undo_out_of_turn_does_not(game_id, seed, steps):
    table = played(game_id, seed, steps)
    log = [e.to_json() for e in table.match.log]
    assert imports(exported(table, log)) is None
    wrong = out_of_turn(table, random.Random(seed))
    if wrong is None:
        return  # (one seat and nothing the host may not do: no wrong hand to try)
    bad, _, reason = wrong
    refusal = imports(exported(table, log + [bad]))
    assert refusal == (f"The export's log does not replay (entry {bad['rev']}: {reason}): "
                       "nothing was imported")
