"""Random games played by the old engines themselves, from git history
(``tests/storage/upgrades/<game>_old_games.jsonl.gz``, made by ``play_old_games.py``
there; each line a game's spec, its log and the state the old engine showed at its end).

Each upgrades whole to a table today's rules take and play on; where an old move met a
state the old engine never had (a changed rule: Four Big Strata's feeding when a seat
is done, its tribute taker by taker), the notes say what became of it, entry by entry,
in words. ``measure_upgrades.py`` there counts how many come back exactly as the old
engine left them, over any number of games.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from engine.log import Entry
from engine.registry import get_game
from engine.spec import TableSpec
from engine.table import Match
from engine.upgrade import upgrade_log

FOLDER = Path(__file__).parent / "upgrades"


def old_games(game_id: str) -> list[dict]:
    with gzip.open(FOLDER / f"{game_id}_old_games.jsonl.gz", "rt") as lines:
        return [json.loads(line) for line in lines]


STRATA_GAMES = old_games("strata")


@pytest.mark.parametrize("old", STRATA_GAMES, ids=lambda g: f"seed{g['seed']}")
def test_an_old_strata_game_upgrades_to_a_table_that_plays_on(old: dict):
    spec = TableSpec.from_json(old["spec"])
    game = get_game(spec.game_id)
    up = upgrade_log(game, spec, [Entry.from_json(e) for e in old["log"]])
    assert up.problem is None
    assert up.read == len(old["log"])
    match = Match(game, spec, up.entries)  # today's replay takes it as it is
    names = "|".join(map(re.escape, (*spec.players, "The host")))
    for note in up.notes:
        assert re.fullmatch(rf"entry \d+: ({names})'s [a-z ]+(: .+ today| is left out) \(.+\)",
                            note), note
    if not game.is_over(match.state):
        seats = range(len(spec.players))
        assert any(match.legal(s, host) for s in seats for host in (False, True)), \
            "the upgraded table cannot go on"

