"""Random games played by an old version's own engine, for measuring (and testing) the log
upgrades: each game's spec, its log and the state the old engine reached, one JSON object
a line. Not collected by pytest: it runs with the old version's code on the path, not
this one's (``engine`` and ``tests/players`` of that version, which has the random
player), as ``make_old_tables.py`` does.

The driver is the old tests' ``RandomTable`` in short: the phones, the host's table
screen and the host entering for a seat each pick among their own legal moves (the seats
to act most often, an undo or redo now and then), payloads from the old random player.

Run: ``mkdir /tmp/old && git archive REV engine tests/players | tar -x -C /tmp/old &&
PYTHONPATH=/tmp/old python tests/storage/upgrades/play_old_games.py strata FIRST COUNT
[STEPS] > games.jsonl`` (Four Big Strata before issue 18: REV ``74340d2^``).
"""

import json
import random
import sys

from engine.errors import IllegalAction
from engine.game import Action
from engine.registry import get_game
from engine.spec import make_spec
from engine.table import Match

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")


def viewers(n: int) -> list[tuple[int | None, bool]]:
    """(seat, host): every phone, the host's table screen, the host entering for a seat."""
    return [(s, False) for s in range(n)] + [(None, True)] + [(s, True) for s in range(n)]


def choose(rng: random.Random, game, match: Match, n: int, sample):
    """A viewer, one of its legal kinds and a payload; seats to act are picked most."""
    waiting = set(game.to_act(match.state))
    options = []
    for seat, host in viewers(n):
        legal = match.legal(seat, host)
        if legal:
            options.append((6 if seat in waiting and not host else (1 if not host else 0.4),
                            seat, host, legal))
    if not options:
        return None
    pick = rng.random() * sum(o[0] for o in options)
    for weight, seat, host, legal in options:
        pick -= weight
        if pick <= 0:
            break
    kinds = [k for k in legal if k not in ("undo", "redo")]
    if not kinds or rng.random() < 0.03:
        kinds = legal
    kind = rng.choice(kinds)
    if kind in ("undo", "redo"):
        return seat, host, kind, {}
    table = {"players": list(match.spec.players), "seat": seat, "host": host,
             "settings": dict(match.spec.settings)}
    return seat, host, kind, sample(rng, kind, match.view(seat, host), table)


def play(game_id: str, seed: int, steps: int) -> dict:
    """One random game of ``seed``: its spec, log and the old engine's last state."""
    from importlib import import_module
    sample = import_module(f"tests.players.{game_id}").payload
    game = get_game(game_id)
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    match = Match(game, make_spec(game, NAMES[:n]))
    for _ in range(steps):
        picked = choose(rng, game, match, n, sample)
        if picked is None:
            break
        seat, host, kind, payload = picked
        by = None if host else seat
        action = Action(by if kind in ("undo", "redo") else seat, kind, payload)
        try:
            match.accept(match.propose(by, action, None))
        except IllegalAction:
            continue
    return {"seed": seed, "spec": match.spec.to_json(),
            "log": [entry.to_json() for entry in match.log], "state": match.state}


if __name__ == "__main__":
    game_id, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    steps = int(sys.argv[4]) if len(sys.argv) > 4 else 3000
    for seed in range(first, first + count):
        print(json.dumps(play(game_id, seed, steps), sort_keys=True), flush=True)
