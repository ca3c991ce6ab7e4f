"""How the tables in this folder were made: each by the app of its time, through its own
hub and store, so their files are exactly what that version wrote (not collected by
pytest; it needs the old version's code, not this one's). The moves are in
``<game>_moves.json``: who sent each (``"host"``: the host's device, for the seat named
or the table; ``"phone"``: the seat's own phone), the seat, the kind and the payload.

- ``strata/``: Four Big Strata before issue 18 (``git archive 74340d2^ engine storage
  companion``), tribute rate 2: the old engine's feeding and discard down to 10 (no
  ``done``), cards with one ``effect``; in round 2 Ann is short of Grain at the feeding
  (she exchanges and turns a card down, undone and redone) and Cy is over 10 with a
  choice (``discard``), then two tributes with a choice; in round 3 Bo turns a card
  down to feed; round 4's bids. A table in today's journal format, with a snapshot of
  the old engine's state (with its ``due``) at its 32nd move.
- ``rockgarden/``: Rock Garden before the game contract (``git archive 9b67592^ engine
  storage companion``), one tracker space: the host naming the seat as ``"player"``,
  ``"rock"`` and ``"rocks"`` keys, a correction that changed nothing (undone and
  redone), Cy's own phone correcting Cy's garden during the turn-ins, in round 2 the
  black rock drawn and the end undone. A table of the first format (one TinyDB file).

Run: ``mkdir /tmp/old && git archive REV engine storage companion | tar -x -C /tmp/old &&
PYTHONPATH=/tmp/old python tests/storage/upgrades/make_old_tables.py strata|rockgarden DIR``
(the tables get new codes: the tests name the codes of the ones kept here).
"""

import json
import sys
from pathlib import Path

from companion.table.hub import HOST, Tables, Who
from storage import DiskStore

SETTINGS = {"strata": {"tribute_rate": 2}, "rockgarden": {"tracker_spaces": 1}}


def play(data: Path, game: str) -> str:
    """A new table of ``game`` played through the hub of its time; its code."""
    moves = json.loads((Path(__file__).parent / f"{game}_moves.json").read_text())
    store = DiskStore(data)
    hub = Tables(store).create(game, ["Ann", "Bo", "Cy"], SETTINGS[game])
    tokens: dict[int, str] = {}
    for move in moves:
        seat = move["seat"]
        if move["from"] == "host":
            hub.act(HOST, move["kind"], move["payload"], seat=seat)
            continue
        if seat not in tokens:
            tokens[seat] = hub.claim_seat(seat)
        hub.act(Who(seat=seat, token=tokens[seat]), move["kind"], move["payload"])
    store.close()
    return hub.code


if __name__ == "__main__":
    print(play(Path(sys.argv[2]), sys.argv[1]))
