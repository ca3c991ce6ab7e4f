"""Random tables played through the table model: never a crash, never a broken invariant."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.game import Action
from engine.plain import is_plain
from engine.strata import GAME
from engine.strata import queries as g
from engine.check import play

from engine.strata.production import yields
from engine.strata.tribute import owed
from tests.depth import examples

from .support import conserved, random_action, view

SETTINGS = st.sampled_from([{}, {"bank_tokens": 40}])
"""The bank unlimited (the default) or limited to the box's 40 of each (a setting)."""


def _total(state, seat):
    return state["money"][seat] + state["grain"][seat]


def check_invariants(before, after, n, action=None):
    conserved(after)
    unlimited = after["bank"] is None
    public = GAME.public(after)
    # a limited bank that has run out is said on every screen; an unlimited one never is
    empty = not unlimited and min(after["bank"].values()) == 0
    assert (public["bank_note"] is not None) == empty, (public["bank_note"], after["bank"])
    assert public["bank"] == (None if unlimited else after["bank"])
    if before["phase"] == g.PICK and after["phase"] == g.PRODUCTION:
        step = after["production"]
        for seat in range(n):  # production pays what the cards say, unless a limited bank ran dry
            due, gain = yields(after["cards"][seat]), step["gain"][seat]
            short = public["production"]["seats"][seat]["bank_short"]
            assert {r: gain[r] + short[r] for r in due} == due
            if unlimited:
                assert gain == due
            for r in due:
                assert not short[r] or after["bank"][r] == 0  # cut short only by a dry bank
    if unlimited and action is not None and action.kind == "flip_down" and before["phase"] in (g.AUCTION, g.PICK):
        gift = before["round"] if not any(c["face_up"] for c in after["cards"][action.seat]) else 0
        assert _total(after, action.seat) == _total(before, action.seat) + 2 + gift  # never cut short
    # the cap after production: every player, as the step ends (a flip after Done counts)
    if after["phase"] == g.PRODUCTION_CAP:
        assert GAME.to_act(after) and all(_total(after, s) > 10 for s in GAME.to_act(after))
    if before["phase"] in (g.PRODUCTION, g.PRODUCTION_CAP) and after["phase"] == g.TRIBUTE:
        held = [_total(after, s) for s in range(n)]
        for t in after["tribute"]["transfers"]:
            paid = sum(t["paid"].values())
            held[t["to"]] -= paid
            held[t["from"]] += paid
        assert all(h <= 10 for h in held), held  # as the tribute began
    # every tribute count follows the Influence taken as the phase began
    if after["tribute"] is not None and after["phase"] in (g.TRIBUTE, g.TRIBUTE_CAP):
        taken, rate = after["tribute"]["influence"], after["settings"]["tribute_rate"]
        for t in after["tribute"]["transfers"]:
            assert t["count"] == owed(taken[t["to"]], taken[t["from"]], rate)
    for seat in range(n):
        assert after["money"][seat] >= 0 and after["grain"][seat] >= 0
    market = after["market"]
    assert market["up"] >= 0 and market["down"] >= 0
    # a round ended (both cap phases are behind): nobody keeps more than 10
    if after["round"] > before["round"] and before["round"] >= 1 or (
            after["phase"] in (g.SCORING, g.OVER) and before["phase"] not in (g.SCORING, g.OVER)):
        assert all(after["money"][s] + after["grain"][s] <= 10 for s in range(n))
    # a seat done with production and feeding keeps 10 or fewer
    if before["phase"] == g.PRODUCTION and after["phase"] == g.PRODUCTION:
        for seat in range(n):
            if after["production"]["done"][seat] and not before["production"]["done"][seat]:
                assert after["money"][seat] + after["grain"][seat] <= 10
    # every player gets exactly one card per round
    if after["phase"] in (g.AUCTION, g.PRODUCTION, g.PRODUCTION_CAP, g.TRIBUTE, g.TRIBUTE_CAP):
        done = after["round"] - (1 if after["phase"] == g.AUCTION else 0)
        assert all(len(after["cards"][s]) == done for s in range(n))
    assert is_plain(after)


@settings(max_examples=16, deadline=None)
@given(st.integers(2, 7), st.randoms(use_true_random=False), SETTINGS)
def test_random_games_keep_the_invariants(n, rng, table_settings):
    state = GAME.setup([f"P{i}" for i in range(n)], table_settings)
    steps = 0
    while not GAME.is_over(state):
        seat, kind, payload = random_action(rng, state)
        frozen = copy.deepcopy(state)
        action = Action(seat, kind, payload)
        after = play(GAME, state, action)
        assert state == frozen  # a move never changes the state it was given
        check_invariants(state, after, n, action)
        state = after
        steps += 1
        assert steps < 2000
    result = GAME.result(state)
    ranking = result["ranking"]
    assert len(ranking) == n and ranking[0]["place"] == 1
    keys = [tuple(sorted(r["classes"].values())) for r in ranking]
    assert keys == sorted(keys, reverse=True)
    for r in ranking:
        assert r["score"] == min(r["classes"].values())
    assert state["round"] == 15


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.randoms(use_true_random=False), SETTINGS,
       st.lists(st.tuples(st.sampled_from([None, 0, 1, 2, 3, 9]),
                          st.sampled_from(["bid", "reveal", "take_card", "discard", "take_tribute",
                                           "done", "move_on",
                                           "exchange", "trade", "flip_down", "setup_extra",
                                           "final_assignment", "nonsense"]),
                          st.dictionaries(st.sampled_from(["amount", "money", "grain", "face", "class",
                                                           "points", "effect", "effects", "card",
                                                           "column", "give",
                                                           "times", "flip_up", "assignment", "bonus"]),
                                          st.one_of(st.integers(-3, 12), st.text(max_size=8),
                                                    st.booleans(), st.none(),
                                                    st.lists(st.sampled_from(["influence", "trade", "x"]),
                                                             max_size=5),
                                                    st.sampled_from(["up", "down", "money", "grain",
                                                                     "scholars", "empress", "trade"])),
                                          max_size=5)),
                max_size=40))
def test_garbage_actions_are_refused_cleanly(n, rng, table_settings, garbage):
    """Random nonsense mixed into a game: refused with IllegalAction and no change, or
    accepted with the invariants intact."""
    state = GAME.setup([f"P{i}" for i in range(n)], table_settings)
    for seat, kind, payload in garbage:
        for _ in range(rng.randint(0, 6)):
            if GAME.is_over(state):
                return
            s, k, p = random_action(rng, state)
            state = play(GAME, state, Action(s, k, p))
        frozen = copy.deepcopy(state)
        try:
            after = play(GAME, state, Action(seat, kind, payload))
        except IllegalAction as err:
            assert state == frozen and str(err)
            continue
        check_invariants(state, after, n, Action(seat, kind, payload))
        for viewer in [None] + list(range(n)):
            assert is_plain(view(after, viewer))
            assert GAME.say(state, Action(seat, kind, payload), after, viewer).text
        state = after


def test_the_table_model_replays_a_random_game():
    from engine.log import Entry
    from engine.spec import make_spec
    from engine.table import Match

    rng = random.Random(7)
    spec = make_spec(GAME, ["Ann", "Bo", "Cy"])
    match = Match(GAME, spec)
    while not match.is_over():
        seat, kind, payload = random_action(rng, match.state)
        match.accept(match.propose(None, Action(seat, kind, payload), match.revision))
    replayed = Match(GAME, spec, [Entry.from_json(json.loads(json.dumps(e.to_json()))) for e in match.log])
    assert replayed.state == match.state
    assert len(match.history(0)) == len(match.log)


def test_the_random_player_finishes_whole_games():
    """The contract test's random player (``tests/players/strata.py``), picking moves from
    its own view's legal list, plays whole games of 15 rounds at every table size (here
    without undo and redo, which the contract test mixes in)."""
    from engine.log import TABLE_KINDS
    from tests.support import RandomTable

    for n in range(2, 8):
        for seed in range(2):
            table = RandomTable(GAME, random.Random(seed), n_players=n)
            match = table.match
            for _ in range(2000):
                if match.is_over():
                    break
                seat, host, kind, payload = table.choose()
                if kind in TABLE_KINDS:
                    continue
                by, action = table.action(seat, host, kind, payload)
                try:
                    match.accept(match.propose(by, action, match.revision))
                except IllegalAction:
                    pass
            assert match.is_over() and match.state["round"] == g.ROUNDS, (n, seed)
            ranking = match.view(None)["result"]["ranking"]
            assert sorted(r["seat"] for r in ranking) == list(range(n))


EFFECT_KEYS = ["none", "produce_grain", "produce_money", "influence", "feed_grain", "feed_money",
               "bonus_each_class", "bonus_any_class", "bonus_scholars", "bonus_peasants",
               "bonus_merchants", "set_grain", "set_money", "set_influence", "trade"]
CARD = st.fixed_dictionaries({
    "column": st.sampled_from(["scholars", "peasants", "artisans", "merchants", "empresses"]),
    "face_up": st.booleans(),
    "points": st.integers(1, 4),
    "effects": st.lists(st.sampled_from(EFFECT_KEYS), max_size=4),
})


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(CARD, max_size=20), st.randoms(use_true_random=False))
def test_a_display_counts_every_effect_of_every_face_up_card(raw, rng):
    """Production, feeding, Influence and the end bonuses, worked out effect by effect
    here, match the engine for cards with several effects; the order of a card's effects
    does not matter; face-down cards have none."""
    from engine.strata.cards import complete_sets
    from engine.strata.production import costs, yields
    from engine.strata.scoring import fixed_totals, flexible_chunks
    from engine.strata.tribute import influence

    cards = [dict(c, id=i + 1, **{"class": c["column"]}) for i, c in enumerate(raw)]
    sets = complete_sets(cards)
    count = {key: sum(c["effects"].count(key) for c in cards if c["face_up"]) for key in EFFECT_KEYS}
    assert yields(cards) == {"money": count["produce_money"] + sets * count["set_money"],
                             "grain": count["produce_grain"] + sets * count["set_grain"]}
    assert costs(cards) == {"money": count["feed_money"], "grain": len(cards) + count["feed_grain"]}
    assert influence(cards) == count["influence"] + sets * count["set_influence"]
    assert len([c for c in flexible_chunks(cards) if c["source"] == "any_class"]) == count["bonus_any_class"]
    totals = fixed_totals(cards, 1)
    assert sum(totals.values()) == (
        sum(c["points"] for c in cards if c["face_up"] and c["column"] != "empresses")
        + sum(1 for c in cards if not c["face_up"] and c["column"] != "empresses")
        + 4 * count["bonus_each_class"]
        + 3 * (count["bonus_scholars"] + count["bonus_peasants"] + count["bonus_merchants"]))
    shuffled = [dict(c, effects=rng.sample(c["effects"], len(c["effects"]))) for c in cards]
    assert (yields(shuffled), costs(shuffled), influence(shuffled)) == (
        yields(cards), costs(cards), influence(cards))
