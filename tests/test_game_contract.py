"""The game contract, checked over every registered game (OpenSpiel's random_sim_test).

Random players pick moves from their own view's ``legal`` list (with payloads from
``tests/players/<game>.py``) for a few dozen games per game (a few hundred in the deep
run: tests/depth.py). Throughout: nothing crashes, a move never changes the state it was
given, a refused move changes nothing and says why in words, every view is JSON-safe and
holds exactly the envelope's keys, a secret move's content never shows in another seat's
view, a move's words are total, and replaying the log gives the same state. Fuzzed
payloads are refused in words.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.check import apply
from engine.errors import IllegalAction
from engine.game import Action
from engine.plain import encoded, is_plain
from engine.registry import game_ids, get_game
from engine.envelope import ENVELOPE
from engine.log import TABLE_KINDS
from engine.table import Match
from tests.depth import contract_games
from tests.support import RandomTable, payload_fuzz, readable, seat_view

GAMES = game_ids()
RANDOM_GAMES = contract_games()
MAX_STEPS = 160


def check_view(view: dict) -> None:
    assert tuple(view) == ENVELOPE, f"envelope keys {list(view)}"
    assert is_plain(view), "a view must be plain JSON"


def play_one(game_id: str, seed: int, legal_seen: dict | None = None,
             checked: Counter | None = None) -> RandomTable:
    """One random game; ``checked`` counts the secret and independent moves whose
    promise was checked against another payload or another seat (not merely made)."""
    checked = Counter() if checked is None else checked
    game = get_game(game_id)
    rng = random.Random(seed)
    table = RandomTable(game, rng)
    match = table.match
    for _ in range(MAX_STEPS):
        choice = table.choose()
        if choice is None:
            break
        seat, host, kind, payload = choice
        by, action = table.action(seat, host, kind, payload)
        before = encoded(match.state)
        try:
            proposal = match.propose(by, action, match.revision)
        except IllegalAction as exc:
            assert readable(exc.message), f"{kind} {payload}: {exc.message!r}"
            assert encoded(match.state) == before, "a refused move changed the state"
            continue
        assert encoded(match.state) == before, f"{kind} changed the state it was given"
        if kind not in TABLE_KINDS:
            if legal_seen is not None:
                legal_seen.setdefault(kind, (table.spec, by, action.seat, list(match.log)))
            move = game.moves[kind]
            if move.secret and by is not None:
                checked["secret"] += check_secret(table, by, kind, payload, proposal.state)
            if move.independent:
                checked["independent"] += check_independent(table, proposal.entry.action, proposal.state)
            for viewer in (None, *range(table.n)):
                words = game.say(match.state, proposal.entry.action, proposal.state, viewer)
                assert isinstance(words.text, str) and words.text, f"say gave {words!r}"
                assert words.to_you is None or (isinstance(words.to_you, str) and words.to_you)
        match.accept(proposal)
        for seat_, host_ in rng.sample(table.viewers(), 2):
            check_view(match.view(seat_, host_))
        if rng.random() < 0.03:
            assert_replays(table)
    for seat_, host_ in table.viewers():
        check_view(match.view(seat_, host_))
    check_view(match.view(None, False))
    assert_replays(table)
    return table


def check_secret(table: RandomTable, seat: int, kind: str, payload: dict, after: object) -> bool:
    """Another payload for the same secret move leaves every other seat's view the same;
    False when no other legal payload was found to compare with (nothing was checked)."""
    match = table.match
    game = table.game
    for _ in range(4):
        other = table.sample(table.rng, kind, match.view(seat, False), table.table(seat, False))
        if other == payload:
            continue
        try:
            alternative = match.propose(seat, Action(seat, kind, other), match.revision)
        except IllegalAction:
            continue
        for viewer in range(table.n):
            if viewer == seat:
                continue
            one = seat_view(game, after, viewer, False, match.names)
            two = seat_view(game, alternative.state, viewer, False, match.names)
            assert one == two, f"{kind} by seat {seat} shows its content to seat {viewer}"
        assert game.public(after) == game.public(alternative.state)
        return True
    return False


def check_independent(table: RandomTable, action: Action, after: object) -> bool:
    """An independent move commutes with the same move for another seat: made in either
    order they leave the same table (so neither can be stale because of the other); False
    when no other seat could make it then (nothing was checked)."""
    match, game = table.match, table.game
    compared = False
    for other in range(table.n):
        if other == action.seat or action.kind not in match.legal(other, False):
            continue
        payload = table.sample(table.rng, action.kind, match.view(other, False),
                               table.table(other, False))
        second = Action(other, action.kind, payload)
        try:
            one = apply(game, after, second, other, match.names)[0]
            two = apply(game, apply(game, match.state, second, other, match.names)[0],
                        action, action.seat, match.names)[0]
        except IllegalAction:
            continue  # refused in one order (a bank run dry): the rules check it anyway
        assert encoded(one) == encoded(two), f"{action.kind} by {action.seat} and {other} do not commute"
        compared = True
    return compared


def assert_replays(table: RandomTable) -> None:
    match = table.match
    again = Match(table.game, table.spec, list(match.log))
    assert encoded(again.state) == encoded(match.state), "replaying the log gave another state"


@pytest.mark.parametrize("game_id", GAMES)
def test_random_legal_play_keeps_the_contract(game_id):
    finished = 0
    moves = 0
    checked: Counter = Counter()
    for seed in range(RANDOM_GAMES):
        table = play_one(game_id, seed, checked=checked)
        finished += table.match.is_over()
        moves += len(table.match.done)
    assert moves > RANDOM_GAMES * 5, f"random players made only {moves} moves in {RANDOM_GAMES} games"
    declared = get_game(game_id).moves.values()
    for flag in ("secret", "independent"):
        if any(getattr(move, flag) for move in declared):
            assert checked[flag] > 0, f"{game_id} declares {flag} moves, and none was checked"


@pytest.mark.parametrize("game_id", GAMES)
def test_words_are_total(game_id):
    game = get_game(game_id)
    table = play_one(game_id, 1)
    state = table.match.state
    odd = [{}, {"zz": 1}, {"seat": 99}, {"rocks": 5}, {"player": True}]
    for kind in [*game.moves, "no_such_move", ""]:
        for payload in odd:
            for seat in (None, 0, 99, -1):
                for viewer in (None, 0, 1):
                    words = game.say(state, Action(seat, kind, payload), state, viewer)
                    assert isinstance(words.text, str) and words.text


@pytest.mark.parametrize("game_id", GAMES)
def test_fuzzed_payloads_are_refused_in_words_and_change_nothing(game_id):
    game = get_game(game_id)
    seen: dict = {}
    for seed in range(40):
        play_one(game_id, 1000 + seed, seen)
        if len(seen) == len(game.moves):
            break
    assert seen, "random play found no legal move"
    for kind, (spec, by, seat, log) in seen.items():
        match = Match(game, spec, log)
        before = encoded(match.state)
        for payload in payload_fuzz(game.moves[kind]):
            with pytest.raises(IllegalAction) as refused:
                match.propose(by, Action(seat, kind, payload), None)
            assert readable(refused.value.message), f"{kind} {str(payload)[:80]}: {refused.value.message!r}"
            assert encoded(match.state) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_is_declared_once_with_flags_that_make_sense(game_id):
    game = get_game(game_id)
    assert game.moves, "a game declares its moves"
    for kind, move in game.moves.items():
        assert kind == move.kind and kind not in TABLE_KINDS
        if move.reveals:
            assert not move.undoable
        assert move.title[0].isupper()


def test_the_contract_checks_hold_for_the_toy_game_too(toy):
    for seed in range(20):
        play_one("toy", seed)
