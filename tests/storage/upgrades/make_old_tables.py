"""How the tables in this folder were made: each by the app of its time, through its own
hub and store, so their files are exactly what that version wrote (not collected by
pytest; it needs the old version's code, not this one's).

- ``strata/``: Four Big Strata before issue 18 (``git archive 74340d2^ engine storage
  companion``): the feeding and the discard down to 10 of the old engine (no ``done``),
  cards with one ``effect``, a table in today's journal format with a snapshot of the
  old engine's state at its 32nd move.
- ``rockgarden/``: Rock Garden before the game contract (``git archive 9b67592^ engine
  storage companion``): the host naming the seat as ``"player"``, ``"rock"`` and
  ``"rocks"`` keys, a correction that changed nothing (undone and redone), a player
  correcting a garden during the turn-ins, the black rock drawn and undone; a table in
  the first format (one TinyDB file).

Run: ``mkdir /tmp/old && git archive REV engine storage companion | tar -x -C /tmp/old &&
PYTHONPATH=/tmp/old python tests/storage/upgrades/make_old_tables.py strata|rockgarden DIR``
(the tables get new codes: the tests name the codes of the ones kept here).
"""

import json
import sys
from pathlib import Path

from companion.hub import HOST, Tables, Who
from storage import TableStore

ANN, BO, CY = 0, 1, 2


class Table:
    def __init__(self, data: Path, game: str, settings: dict):
        self.store = TableStore(data)
        self.hub = Tables(self.store).create(game, ["Ann", "Bo", "Cy"], settings)
        self.tokens: dict[int, str] = {}

    def host(self, seat, kind, **payload):
        """The host's device acting for ``seat`` (None: the table)."""
        self.hub.act(HOST, kind, payload, seat=seat)

    def me(self, seat, kind, **payload):
        """The seat's own phone."""
        if seat not in self.tokens:
            self.tokens[seat] = self.hub.claim_seat(seat)
        self.hub.act(Who(seat=seat, token=self.tokens[seat]), kind, payload)

    def undo(self):
        self.hub.undo(HOST)

    def redo(self):
        self.hub.redo(HOST)


def strata(t: Table) -> None:
    host, me = t.host, t.me
    host(CY, "setup_extra", money=1)
    host(ANN, "bid", amount=0)
    host(BO, "bid", amount=1)
    host(CY, "bid", amount=0)
    host(None, "reveal")
    host(BO, "take_card", face="up", **{"class": "scholars"}, points=2, effect="influence")
    host(ANN, "take_card", face="up", **{"class": "peasants"}, points=1, effect="produce_grain")
    host(CY, "take_card", face="down", column="merchants", **{"class": "artisans"}, points=3,
         effect="influence", bonus={"money": 1})
    # round 2 (Bo starts): Ann short of Grain at the feeding, Cy over 10 with a choice
    me(BO, "bid", amount=0)
    me(CY, "bid", amount=0)
    host(ANN, "bid", amount=0)
    host(None, "reveal")
    me(BO, "take_card", face="up", **{"class": "artisans"}, points=2, effect="influence")
    host(ANN, "exchange", give="grain")
    me(CY, "take_card", face="up", **{"class": "scholars"}, points=4, effect="produce_money")
    me(CY, "flip_down", card=5, money=1, grain=1, bonus={"money": 1, "grain": 1})
    host(ANN, "take_card", face="up", **{"class": "merchants"}, points=2, effect="feed_grain")
    host(ANN, "exchange", give="money")
    host(ANN, "flip_down", card=2, grain=2)
    t.undo()
    t.redo()
    me(CY, "discard", money=1)
    me(BO, "take_tribute", grain=1)
    host(BO, "take_tribute", money=1)
    # round 3 (Cy starts): Bo short of Grain turns a card down
    me(CY, "bid", amount=0)
    host(ANN, "flip_down", card=6, grain=2, bonus={"money": 1, "grain": 2})
    host(ANN, "bid", amount=0)
    me(BO, "bid", amount=2)
    me(BO, "bid", amount=1)
    host(None, "reveal")
    me(BO, "take_card", face="up", **{"class": "merchants"}, points=1, effect="trade")
    me(CY, "take_card", face="up", **{"class": "peasants"}, points=3, effect="produce_grain")
    host(ANN, "take_card", face="down", column="scholars", bonus={"money": 2, "grain": 1})
    me(BO, "flip_down", card=7, grain=2)
    me(BO, "take_tribute", grain=1)
    # round 4 (Ann starts)
    host(ANN, "bid", amount=1)
    me(BO, "bid", amount=0)


def rockgarden(t: Table) -> None:
    host, me = t.host, t.me
    host(None, "setup_draw", player=ANN, rocks="R1 R2 Y1 G2 B3")
    me(BO, "setup_draw", rocks="Y2")
    me(BO, "setup_draw", rocks=["Y3", "G1", "B1", "W2"])
    host(CY, "setup_draw", rocks="G3 B2 W1 W3 R3")
    host(None, "start_player", player=BO)
    host(None, "draw", rock="R3")
    me(BO, "correct_garden", player=BO, rocks="Y2 Y3 G1 B1 W2")  # as it was
    t.undo()
    t.redo()
    me(BO, "draw", rocks=["Y3", "W2", "W2", "B2"])
    me(BO, "bid", pile=0, rocks="")
    t.undo()
    me(BO, "bid", pile=0, rocks="")
    host(None, "bid", player=CY, pile=1, rocks="R3")
    me(ANN, "pass", rocks=["G1"])
    me(CY, "correct_garden", rocks="G3 B2 B2 W1 W2 W2 W3 Y1")  # Cy's own phone, in the turn-ins
    host(None, "turn_in", player=CY, rocks="W1 W2 W3")
    # round 2 (Ann lays out the piles; the black rock is in the bag)
    host(None, "draw", rock="K")
    t.undo()
    me(ANN, "draw", rocks="R1 G1 B1 Y2 W1")
    host(None, "draw", rocks=["G3", "Y3"])
    me(ANN, "bid", pile=0, rocks="R1")


if __name__ == "__main__":
    game, folder = sys.argv[1], Path(sys.argv[2])
    settings = {"tribute_rate": 2} if game == "strata" else {"tracker_spaces": 1}
    table = Table(folder, game, settings)
    {"strata": strata, "rockgarden": rockgarden}[game](table)
    print(json.dumps({"code": table.hub.code, "revision": table.hub.revision}))
    table.store.close()
