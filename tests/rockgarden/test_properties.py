"""Random legal Rock Garden games through the table model's one check: no crash,
invariants hold (the supply of 75 rocks above all), they end.

Moves are chosen among legal ones the way a table could play them (any rock that is in
the bag, any bid from the garden that beats the standing bid, any forbidden set
present), with the odd garden correction by the host thrown in. A whole game needs more
random choices than Hypothesis likes to draw one by one, so Hypothesis draws the table
and a seed, and a seeded ``random.Random`` makes the moves (reproducible from the seed).
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.game import Action
from engine.plain import encoded, is_plain
from engine.rockgarden import GAME, turn_in_order
from engine.rockgarden.rules import bid_beats, garden_has_set, garden_sets, parse_rocks
from engine.rockgarden.sets import DECK_SIZE
from engine.rockgarden.state import (
    DECKS, add, black_in_bag, cards_of, check_supply, count, listed, n_piles, pile_complete,
    supply, taken, value,
)
from engine.check import play

MAX_STEPS = 3000


def draw_from_bag(rng: random.Random, state):
    """A rock drawn from the bag as it really is (the black rock is one rock among them)."""
    rocks = listed(state["bag"]) + (["K"] if black_in_bag(state) else [])
    return rng.choice(rocks) if rocks else None


def random_subset(rng: random.Random, rocks: dict) -> list[str]:
    keep = rng.random()
    return [code for code in listed(rocks) if rng.random() < keep]


def choose_action(rng: random.Random, state) -> tuple[Action, bool]:
    """A legal move and whether the host's device sends it."""
    n = len(state["players"])
    if state["phase"] == "setup":
        short = [s for s, g in enumerate(state["gardens"]) if count(g) < 5]
        if not short or (state["start_player"] is None and rng.random() < 0.2):
            choices = [s for s in range(n) if s != state["start_player"]]
            return Action(None, "start_player", {"player": rng.choice(choices)}), True
        seat = rng.choice(short)
        rocks = rng.sample(listed(state["bag"]), rng.randint(1, 5 - count(state["gardens"][seat])))
        return Action(seat, "setup_draw", {"rocks": rocks}), False

    if rng.random() < 0.03:  # a garden correction by the host now and then
        seat = rng.randrange(n)
        pool = dict(state["gardens"][seat])
        add(pool, state["bag"])
        rocks = random_subset(rng, pool)[:12]
        if state["phase"] == "setup":
            rocks = rocks[:5]
        if parse_rocks(rocks) != state["gardens"][seat]:
            return Action(seat, "correct_garden", {"rocks": rocks}), True

    if state["phase"] == "piles":
        return Action(state["start_player"], "draw", {"rocks": draw_from_bag(rng, state)}), False

    if state["phase"] == "bidding":
        seat = state["turn"]
        piles = state["piles"]
        open_piles = [i for i, p in enumerate(piles) if p["bid"] is None]
        beatable = [i for i, p in enumerate(piles) if p["bid"] is not None and value(p["bid"]["rocks"]) > 0]
        if not open_piles and (not beatable or rng.random() < 0.4):
            rock = draw_from_bag(rng, state)
            return Action(seat, "pass", {"rock": rock} if rock else {}), False
        pile = rng.choice(open_piles + beatable)
        rocks = random_subset(rng, state["gardens"][seat])
        bid = piles[pile]["bid"]
        if bid is not None:
            old_value, old_count = value(bid["rocks"]), count(bid["rocks"])
            if not bid_beats(value(parse_rocks(rocks)), len(rocks), old_value, old_count):
                rocks = [] if rng.random() < 0.5 else [r for r in rocks if int(r[1]) < old_value][:1]
        return Action(seat, "bid", {"pile": pile, "rocks": rocks}), False

    if state["phase"] == "turn_ins":
        seat = state["turn"]
        _, rocks = rng.choice(garden_sets(state["gardens"][seat]))
        return Action(seat, "turn_in", {"rocks": rocks}), False

    raise AssertionError(f"no move in phase {state['phase']}")


def check_invariants(state, passes: int) -> None:
    check_supply(state)
    assert is_plain(state)
    assert supply(state) == 75 + (1 if black_in_bag(state) else 0)
    n = len(state["players"])
    cards = [card for seat in range(n) for card in cards_of(state, seat)]
    assert len(cards) == len(state["cards_taken"]["deck"])
    for deck in DECKS:
        assert taken(state, deck) == sum(1 for c in cards if c["deck"] == deck)
    assert taken(state, "pass") == passes
    for card in cards:
        assert 1 <= card["value"] <= (card["value"] if card["on_paper"] else DECK_SIZE)
        assert card["round"] <= state["round"]
    for deck in DECKS:
        values = sorted(c["value"] for c in cards if c["deck"] == deck)
        if deck == "pass":
            assert values == [1] * len(values)
        elif state["options"]["after_deck"] == "continue":
            assert values == list(range(1, len(values) + 1))
        else:
            assert values == [min(v, DECK_SIZE) for v in range(1, len(values) + 1)]
    bidders = [p["bid"]["seat"] for p in state["piles"] if p["bid"] is not None]
    assert len(bidders) == len(set(bidders))
    if state["phase"] == "bidding":
        assert len(state["piles"]) <= n_piles(state)
        assert state["turn"] not in bidders
    if state["phase"] == "turn_ins":
        assert garden_has_set(state["gardens"][state["turn"]])
        assert turn_in_order(state)[0] == state["passer"]
    if state["phase"] == "piles":
        assert sum(1 for p in state["piles"] if pile_complete(p)) < n_piles(state)
    if state["black"] == "tracker":
        assert 1 <= state["black_space"] <= state["options"]["tracker_spaces"]
    over = state["phase"] == "over"
    public = GAME.public(state)
    for player in public["players"]:  # nothing hidden in public: how many cards each holds
        assert set(player) == {"name", "garden", "rocks", "forbidden_sets", "demerit_cards", "shown"}
        assert player["shown"] is None
    assert '"deck"' not in json.dumps(public)
    assert (GAME.result(state) is not None) == over
    for seat in range(n):
        assert public["players"][seat]["demerit_cards"] == len(cards_of(state, seat))
        mine = GAME.private(state, seat)
        assert mine["cards"] == cards_of(state, seat) and is_plain(mine)


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
        action, by_host = choose_action(rng, state)
        before = encoded(state)
        try:
            new = play(GAME, state, action, host=by_host)
        except IllegalAction as err:  # the driver only proposes legal moves
            raise AssertionError(f"legal move refused: {action} -> {err}") from None
        assert encoded(state) == before              # a move never changes its input
        GAME.say(state, action, new, None)
        if action.kind == "pass":
            passes += 1
        state = new
        check_invariants(state, passes)
    assert GAME.is_over(state), "the game did not end"
    result = GAME.result(state)
    ranks = [(r["demerits"], r["rocks"]) for r in result["ranking"]]
    assert ranks == sorted(ranks)
    assert result["ranking"][0]["place"] == 1
    assert state["round"] <= 10 + 1


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
        by_host = data.draw(st.booleans())
        if data.draw(st.booleans()):
            action, by_host = choose_action(rng, state)
        else:
            kind = data.draw(st.sampled_from(["setup_draw", "start_player", "draw", "bid",
                                              "pass", "turn_in", "correct_garden", "nope"]))
            seat = data.draw(st.one_of(st.none(), st.integers(0, n - 1)))
            payload = {"rocks": data.draw(st.lists(tokens, max_size=5)),
                       "rock": data.draw(st.one_of(st.none(), tokens)),
                       "pile": data.draw(st.integers(-1, n)),
                       "player": data.draw(st.one_of(st.none(), st.integers(-1, n)))}
            payload = {k: v for k, v in payload.items()
                       if v is not None and data.draw(st.booleans())}
            action = Action(seat, kind, payload)
        before = encoded(state)
        try:
            state = play(GAME, state, action, host=by_host)
        except IllegalAction as err:
            assert err.message and "Traceback" not in err.message
            assert encoded(state) == before
        check_supply(state)
