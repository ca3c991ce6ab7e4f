"""Random legal Rock Garden games driven through ``apply``: no crash, invariants hold, they end.

Actions are chosen among legal moves the way a table could play them (any rock that is
in the bag, any bid from the garden that beats the standing bid, any forbidden set
present), with the odd garden correction thrown in. A whole game needs more random
choices than Hypothesis likes to draw one by one, so Hypothesis draws the table and a
seed, and a seeded ``random.Random`` makes the moves (reproducible from the seed).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.game import Action
from engine.rockgarden import GAME, turn_in_order
from engine.rockgarden.rocks import fmt, value_of
from engine.rockgarden.rules import bid_beats
from engine.rockgarden.sets import DECK_SIZE, has_forbidden_set, sets_in
from engine.rockgarden.state import DECKS, check_supply, supply

MAX_STEPS = 3000


def bag_list(state) -> list:
    return sorted(state.bag.elements())


def draw_from_bag(rng: random.Random, state):
    """A rock drawn from the bag as it really is (the black rock is one rock among them)."""
    rocks = [fmt(r) for r in bag_list(state)] + (["K"] if state.black_in_bag else [])
    return rng.choice(rocks) if rocks else None


def random_subset(rng: random.Random, garden: Counter) -> list[str]:
    keep = rng.random()
    return [fmt(r) for r in sorted(garden.elements()) if rng.random() < keep]


def choose_action(rng: random.Random, state) -> Action:
    if state.phase == "setup":
        short = [s for s, p in enumerate(state.players) if p.rocks < 5]
        if not short or (state.start_player is None and rng.random() < 0.2):
            return Action(None, "start_player", {"player": rng.randrange(state.n)})
        seat = rng.choice(short)
        count = rng.randint(1, 5 - state.players[seat].rocks)
        rocks = [fmt(r) for r in rng.sample(bag_list(state), count)]
        return Action(seat, "setup_draw", {"rocks": rocks})

    if rng.random() < 0.03:  # a garden correction now and then
        seat = rng.randrange(state.n)
        rocks = random_subset(rng, state.players[seat].garden + state.bag)
        if state.phase == "setup":
            rocks = rocks[:5]
        return Action(None, "correct_garden", {"player": seat, "rocks": rocks[:12]})

    if state.phase == "piles":
        return Action(state.start_player, "draw", {"rock": draw_from_bag(rng, state)})

    if state.phase == "bidding":
        seat = state.turn
        open_piles = [i for i, p in enumerate(state.piles) if p.bid is None]
        beatable = [i for i, p in enumerate(state.piles) if p.bid is not None and p.bid.value > 0]
        if not open_piles and (not beatable or rng.random() < 0.4):
            rock = draw_from_bag(rng, state)
            return Action(seat, "pass", {"rock": rock} if rock else {})
        pile = rng.choice(open_piles + beatable)
        rocks = random_subset(rng, state.players[seat].garden)
        bid = state.piles[pile].bid
        if bid is not None:
            value = value_of(Counter((r[0], int(r[1])) for r in rocks))
            if not bid_beats(value, len(rocks), bid.value, bid.count):
                rocks = rocks[:0] if rng.random() < 0.5 else [
                    r for r in rocks if int(r[1]) < bid.value][:1]
                if rocks and not bid_beats(int(rocks[0][1]), 1, bid.value, bid.count):
                    rocks = []
        return Action(seat, "bid", {"pile": pile, "rocks": rocks})

    if state.phase == "turn_ins":
        seat = state.turn
        _, rocks = rng.choice(sets_in(state.players[seat].garden))
        return Action(seat, "turn_in", {"rocks": [fmt(r) for r in rocks]})

    raise AssertionError(f"no move in phase {state.phase}")


def check_invariants(state, passes: int) -> None:
    check_supply(state)
    assert supply(state) == 75 + (1 if state.black_in_bag else 0)
    cards = [c for p in state.players for c in p.cards]
    for deck in DECKS:
        assert state.taken[deck] == sum(1 for c in cards if c.deck == deck)
    assert state.taken["pass"] == passes
    for player in state.players:
        assert player.demerits == sum(c.value for c in player.cards)
        for card in player.cards:
            assert 1 <= card.value <= (card.value if card.on_paper else DECK_SIZE)
            assert card.round <= state.round
    for deck in DECKS:
        values = sorted(c.value for c in cards if c.deck == deck)
        if deck == "pass":
            assert values == [1] * len(values)
        elif state.options.after_deck == "continue":
            assert values == list(range(1, len(values) + 1))
        else:
            assert values == [min(v, DECK_SIZE) for v in range(1, len(values) + 1)]
    bidders = [p.bid.seat for p in state.piles if p.bid is not None]
    assert len(bidders) == len(set(bidders))
    if state.phase == "bidding":
        assert len(state.piles) <= state.n_piles
        assert state.turn not in bidders
    if state.phase == "turn_ins":
        assert has_forbidden_set(state.players[state.turn].garden)
        assert turn_in_order(state)[0] == state.passer
    if state.phase == "piles":
        assert sum(1 for p in state.piles if p.complete) < state.n_piles
    if state.black == "tracker":
        assert 1 <= state.black_space <= state.options.tracker_spaces
    over = state.phase == "over"
    for viewer in list(range(state.n)) + [None]:
        view = GAME.view(state, viewer)
        json.dumps(view)
        for other in view["players"]:
            hidden = not over and other["seat"] != viewer
            assert (other["cards"] is None) == hidden
            assert other["demerit_cards"] == len(state.players[other["seat"]].cards)


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 6), st.integers(1, 3), st.sampled_from(["continue", "ten"]),
       st.integers(0, 2**32 - 1))
def test_random_legal_games_keep_every_invariant_and_end(n, spaces, after_deck, seed):
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(n)]
    state = GAME.setup(players, {"tracker_spaces": spaces, "after_deck": after_deck})
    passes = 0
    for _ in range(MAX_STEPS):
        if GAME.is_over(state):
            break
        action = choose_action(rng, state)
        before = copy.deepcopy(state)
        try:
            new = GAME.apply(state, action)
        except IllegalAction as err:  # the driver only proposes legal moves
            raise AssertionError(f"legal move refused: {action} -> {err}") from None
        assert state == before                      # apply never mutates its input
        GAME.describe(state, action, None)
        if action.kind == "pass":
            passes += 1
        state = new
        check_invariants(state, passes)
    assert GAME.is_over(state), "the game did not end"
    result = GAME.result(state)
    ranks = [(r["demerits"], r["rocks"]) for r in result["ranking"]]
    assert ranks == sorted(ranks)
    assert result["ranking"][0]["place"] == 1
    assert state.round <= 10 + 1


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**32 - 1), st.data())
def test_random_illegal_actions_leave_the_state_unchanged(n, seed, data):
    """Anything thrown at the engine either applies or is refused without a change."""
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(n)], {"tracker_spaces": 1})
    tokens = st.sampled_from(["R1", "R2", "R3", "Y1", "G2", "B3", "W1", "K", "X9", ""])
    for _ in range(60):
        if GAME.is_over(state):
            break
        if data.draw(st.booleans()):
            action = choose_action(rng, state)
        else:
            kind = data.draw(st.sampled_from(["setup_draw", "start_player", "draw", "bid",
                                              "pass", "turn_in", "correct_garden", "nope"]))
            seat = data.draw(st.one_of(st.none(), st.integers(0, n - 1)))
            payload = {"rocks": data.draw(st.lists(tokens, max_size=5)),
                       "pile": data.draw(st.integers(-1, n)),
                       "player": data.draw(st.one_of(st.none(), st.integers(-1, n)))}
            payload = {k: v for k, v in payload.items() if v is not None}
            action = Action(seat, kind, payload)
        before = copy.deepcopy(state)
        try:
            state = GAME.apply(state, action)
        except IllegalAction as err:
            assert err.message and "Traceback" not in err.message
            assert state == before
        check_supply(state)
