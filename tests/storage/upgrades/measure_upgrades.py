"""How many old games (``play_old_games.py``'s lines) today's log upgrades bring back as
the old engine left them: each upgraded log is replayed by today's engine and its state
compared with the old engine's, on what a player sees (:data:`SEEN`). Not collected by
pytest; run with this version's code:

``python tests/storage/upgrades/measure_upgrades.py games.jsonl [-v]``

It prints a line per game that is not exact (``differs``: the fields and the upgrade's
own words; ``stops``: the entry and why) and the counts.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

from engine.log import Entry
from engine.registry import get_game
from engine.spec import TableSpec
from engine.table import Match
from engine.upgrade import upgrade_log

SEEN = {
    "strata": ("round", "start", "money", "grain", "bank", "cards", "bids", "revealed_bids",
               "pick_order", "picked", "market", "unpaid", "final"),
    "rockgarden": ("round", "phase", "turn", "start_player", "gardens", "bag", "cards_taken",
                   "piles", "bids", "passed", "scores"),
}
"""The parts of a state compared, per game (the rest is each engine's bookkeeping)."""

PHASES = {"strata": {"feeding": "production", "production_cap": "production"}}
"""An old phase and today's that stand for the same step of the game."""


def _today(value: Any) -> Any:
    """An old state's value as today's engine keeps it: a card's (or a front's) one
    ``effect`` is its list ``effects`` (without ``none``)."""
    if isinstance(value, list):
        return [_today(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _today(v) for k, v in value.items() if k != "effect"}
    if "effect" in value and "effects" not in value:
        out["effects"] = [] if value["effect"] in (None, "none") else [value["effect"]]
    return out


def phase(game_id: str, name: Any) -> Any:
    return PHASES.get(game_id, {}).get(name, name)


def compare(game_id: str, old: dict, new: dict) -> list[str]:
    """The fields where today's state differs from the old engine's."""
    old = _today(old)
    keys = [k for k in SEEN[game_id] if k in old or k in new]
    out = [k for k in keys if old.get(k) != new.get(k)]
    if "phase" not in SEEN[game_id] and phase(game_id, old["phase"]) != phase(game_id, new["phase"]):
        out.append("phase")
    return out


def measure(game: dict, verbose: bool = False) -> tuple[str, str]:
    """(``exact`` | ``differs`` | ``stops``, what) for one old game: ``differs`` when
    the state is not the old engine's or the upgrade noted a difference."""
    spec = TableSpec.from_json(game["spec"])
    engine = get_game(spec.game_id)
    up = upgrade_log(engine, spec, [Entry.from_json(e) for e in game["log"]])
    if up.problem is not None:
        return "stops", up.problem
    state = Match(engine, spec, up.entries).state
    differs = compare(spec.game_id, game["state"], state)
    if not differs and not up.notes:
        return "exact", ""
    what = ", ".join(differs) or "the same"
    if up.notes:
        what += f"; {len(up.notes)} notes, the first: {up.notes[0]}"
    if verbose:
        what += "".join(f"\n    note {note}" for note in up.notes)
        what += "".join(f"\n    {k}: old {game['state'].get(k)!r}\n    {k}: new {state.get(k)!r}"
                        for k in differs)
    return "differs", what


def main(path: str, verbose: bool) -> None:
    counts: Counter = Counter()
    with open(path) as lines:
        for line in lines:
            game = json.loads(line)
            outcome, what = measure(game, verbose)
            counts[outcome] += 1
            if outcome != "exact":
                print(f"seed {game['seed']} ({len(game['spec']['players'])} players, "
                      f"{len(game['log'])} entries): {outcome}: {what}", flush=True)
    print(f"{sum(counts.values())} games: {counts['exact']} exact, {counts['differs']} differ, "
          f"{counts['stops']} stop")


if __name__ == "__main__":
    main(sys.argv[1], "-v" in sys.argv[2:])
