"""Shared helpers for the Four Big Strata tests (no tests here).

``act`` plays a move through the table model's one check (``engine.check.play``): a
seat's move as its own phone sends it, ``seat=None`` as the host's device. Scenario
helpers (``set_resources``, ``give_cards``) arrange a state directly, for later phases.
``random_action`` picks one legal-looking action for the state, the way a table of
players might press buttons; the property tests drive whole games with it.
"""

from __future__ import annotations

import copy
import json

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.plain import is_plain
from engine.strata import GAME
from engine.strata import queries as g
from engine.strata.cards import CLASSES, EFFECTS, has_face_up
from engine.strata.resources import bank_has, choice_range, split_options
from engine.check import legal_moves, play
from tests.support import readable

EFFECT_KEYS = list(EFFECTS)


def act(state, seat, kind, **payload):
    """The state after ``kind`` for ``seat`` (its own phone; None: the host's device)."""
    after = play(GAME, state, Action(seat, kind, payload))
    assert is_plain(after), "the state must stay plain JSON"
    return after


def legal(state, seat, host=False):
    """The move kinds ``seat`` (or the host's device, ``host``) may send now."""
    return legal_moves(GAME, state, seat, host, state["players"])


def view(state, seat):
    """What ``seat`` sees (None: the table screen): the public part and its private part."""
    return {"public": GAME.public(state),
            "private": GAME.private(state, seat) if seat is not None else None}


def said(state, action, viewer):
    """What ``action`` says to ``viewer`` (its history line, and its news for a seat it
    concerns), made on ``state``: the table asks the game the same way."""
    return GAME.say(state, action, play(GAME, state, action), viewer)


def card(cls="scholars", points=1, effect="none", face="up", **more):
    """A take_card payload; ``effect`` is one effect key or a list of them."""
    effects = effect if isinstance(effect, list) else [] if effect == "none" else [effect]
    return {"face": face, "class": cls, "points": points, "effects": effects, **more}


def new_game(n=4, settings=None, extras=None):
    """A game past setup: seats owed extras take them as Money unless ``extras`` says."""
    state = GAME.setup([f"P{i}" for i in range(n)], settings or {})
    for seat, owed in enumerate(state["extra_due"]):
        if owed:
            split = (extras or {}).get(seat, {"money": owed, "grain": 0})
            state = act(state, seat, "setup_extra", **split)
    assert state["phase"] == g.AUCTION
    return state


def bid_all(state, bids):
    for seat, amount in enumerate(bids):
        state = act(state, seat, "bid", amount=amount)
    return act(state, None, "reveal")


def take_all(state, takes):
    """``takes[seat]`` = take_card payload; taken in pick order."""
    for seat in list(state["pick_order"]):
        state = act(state, seat, "take_card", **takes[seat])
    return state


def play_round(state, takes, bids=None, feed=True):
    """Bids, picks and (unless ``feed`` is False) everyone done with production and
    feeding (see :func:`feed_all`)."""
    n = len(state["players"])
    state = bid_all(state, bids or [0] * n)
    state = take_all(state, takes)
    return feed_all(state) if feed else state


def feed_all(state, discards=None):
    """Every seat still in the production step taps done, in seat order: with its
    ``discards[seat]`` split when given, else the first offered (most Money)."""
    if state["phase"] != g.PRODUCTION:
        return state
    for seat in range(len(state["players"])):
        if state["production"]["done"][seat]:
            continue
        payload = (discards or {}).get(seat)
        if payload is None:
            money, grain, excess = g.feeding_after(state, seat)
            options = split_options(excess, money, grain) if excess else []
            payload = {"money": options[0][0], "grain": options[0][1]} if options else {}
        state = act(state, seat, "done", **payload)
    return state


def illegal(state, seat, kind, fragment, **payload):
    """The action is refused with a message containing ``fragment``; state unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        act(state, seat, kind, **payload)
    assert fragment.lower() in str(err.value).lower(), str(err.value)
    assert readable(err.value.message), err.value.message
    assert state == before
    return str(err.value)


def dumps(obj) -> str:
    return json.dumps(obj, sort_keys=True)


def conserved(state) -> None:
    """A limited bank: every token is in the bank or with a player. Unlimited (the
    default, ``bank_tokens`` 0): the state keeps no bank."""
    bank = state["settings"]["bank_tokens"]
    assert (state["bank"] is None) == (bank == 0)
    for res in ("money", "grain"):
        assert min(state[res]) >= 0
        if bank:
            assert sum(state[res]) + state["bank"][res] == bank
            assert state["bank"][res] >= 0


def bank(state, res):
    """What the bank can pay of ``res`` (an unlimited bank: plenty)."""
    return bank_has(state, res)


# -- a random table ------------------------------------------------------------------

def _split(rng, total, money, grain):
    total, low, high = choice_range(total, money, grain)
    m = rng.randint(low, high)
    return {"money": m, "grain": total - m}


def _random_front(rng, state, allow_empress):
    market = state["market"]
    classes = list(CLASSES)
    if allow_empress and market["empress"]:
        if market["up"] == 1 or rng.random() < 0.3:
            classes = ["empresses"]
    roll = rng.random()
    if roll < 0.6:  # most cards have one effect; some two or three (or none)
        effects = [rng.choice(EFFECT_KEYS)]
    elif roll < 0.9:
        effects = rng.sample(EFFECT_KEYS, 2)
    else:
        effects = rng.choices(EFFECT_KEYS, k=rng.randint(0, 4))
    return {"class": rng.choice(classes), "points": rng.randint(1, 4), "effects": effects}


def random_any_time(rng, state, seat):
    """An exchange, trade or flip the seat can afford, or None."""
    cards = state["cards"][seat]
    options = []
    for res in ("money", "grain"):
        other = "grain" if res == "money" else "money"
        if state[res][seat] >= 4 and bank(state, other) >= 2:
            bid = state["bids"][seat] if state["phase"] == g.AUCTION else None
            if res == "grain" or not bid or state["money"][seat] - 4 >= bid:
                options.append(("exchange", {"give": res}))
                if g.has_trade(cards):
                    options.append(("trade", {"give": res}))
    face_up = [c for c in cards if c["face_up"]]
    if face_up:
        c = rng.choice(face_up)
        payload = {"card": c["id"], **_split(rng, 2, bank(state, "money"), bank(state, "grain"))}
        if c["column"] == "empresses":
            payload["column"] = rng.choice(CLASSES)
        if len(face_up) == 1:
            payload["bonus"] = _split(rng, state["round"], bank(state, "money") - payload["money"],
                                      bank(state, "grain") - payload["grain"])
        options.append(("flip_down", payload))
    return rng.choice(options) if options else None


def random_action(rng, state):
    """(seat, kind, payload) that the rules allow now, chosen at random."""
    phase = state["phase"]
    n = len(state["players"])
    if phase != g.SCORING and rng.random() < 0.08:
        seat = rng.randrange(n)
        choice = random_any_time(rng, state, seat)
        if choice:
            return (seat,) + choice
    if phase == g.SETUP:
        seat = next(s for s in range(n) if state["extra_due"][s])
        return seat, "setup_extra", _split(rng, state["extra_due"][seat], 99, 99)
    if phase == g.AUCTION:
        waiting = [s for s in range(n) if state["bids"][s] is None]
        if not waiting:
            return None, "reveal", {}
        seat = rng.choice(waiting)
        return seat, "bid", {"amount": rng.randint(0, state["money"][seat])}
    if phase == g.PICK:
        seat = g.current_picker(state)
        market = state["market"]
        faces = []
        if market["up"]:
            faces.append("up")
        if market["down"]:
            faces.append("down")
        face = rng.choice(faces)
        if face == "up":
            return seat, "take_card", {"face": "up", **_random_front(rng, state, True)}
        payload = {"face": "down"}
        if state["money"][seat] >= 2 and rng.random() < 0.4:
            payload.update(flip_up=True, **_random_front(rng, state, False))
            return seat, "take_card", payload
        payload["column"] = rng.choice(CLASSES)
        if rng.random() < 0.5:
            payload.update(_random_front(rng, state, False))
        if not has_face_up(state["cards"][seat]):
            payload["bonus"] = _split(rng, state["round"], bank(state, "money"), bank(state, "grain"))
        return seat, "take_card", payload
    if phase == g.PRODUCTION:
        seat = rng.choice(GAME.to_act(state))
        needs = g.production_needs(state, seat)
        if needs == "flip":
            return (seat,) + random_any_time(rng, state, seat)
        if needs is None and rng.random() < 0.3:
            return None, "move_on", {}
        money, grain, excess = g.feeding_after(state, seat)
        return seat, "done", _split(rng, excess, money, grain) if excess else {}
    if phase in g.CAP_PHASES:
        seat = rng.choice(GAME.to_act(state))
        return seat, "discard", _split(rng, g.cap_excess(state, seat), state["money"][seat], state["grain"][seat])
    if phase == g.TRIBUTE:
        step = g.current_tribute(state)
        if step["waiting_for"] == "payer":
            seat = step["from"]
            choice = random_any_time(rng, state, seat)
            while choice[0] != "flip_down":
                choice = random_any_time(rng, state, seat)
            return (seat,) + choice
        payer = step["from"]
        return step["to"], "take_tribute", _split(rng, step["count"], state["money"][payer], state["grain"][payer])
    if phase == g.SCORING:
        seat = rng.choice(GAME.to_act(state))
        if rng.random() < 0.5:
            return seat, "final_assignment", {}
        chunks = state["final"]["chunks"][seat]
        return seat, "final_assignment", {"assignment": [rng.choice(CLASSES) for _ in chunks]}
    raise AssertionError(f"no action in phase {phase}")


def set_resources(state, seat, money=None, grain=None):
    """Arrange a seat's tokens for a scenario, moving the difference to/from the bank."""
    if money is not None:
        if state["bank"] is not None:
            state["bank"]["money"] += state["money"][seat] - money
        state["money"][seat] = money
    if grain is not None:
        if state["bank"] is not None:
            state["bank"]["grain"] += state["grain"][seat] - grain
        state["grain"][seat] = grain
    conserved(state)
    return state


def give_cards(state, seat, *fronts, face_up=True, column=None):
    """Put cards straight into a display (scenario set-up for later phases)."""
    for cls, points, effect in fronts:
        effects = effect if isinstance(effect, list) else [] if effect == "none" else [effect]
        cid = state["next_id"]
        state["next_id"] += 1
        if face_up:
            state["cards"][seat].append({"id": cid, "column": cls, "face_up": True,
                                         "class": cls, "points": points, "effects": effects})
        else:
            state["cards"][seat].append({"id": cid, "column": column or cls, "face_up": False,
                                         "front": None, "secret": True})
    return state
