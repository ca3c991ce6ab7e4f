"""Benchmark: the Rock Garden bid advice against its brute force, on random states.

    .venv/bin/python bench/bid_advice.py [--states N] [--no-brute]

Cases (seeded, reproducible):
  (a) 1,000 random mid-game states: a garden of 5-15 rocks with no forbidden set (every
      garden was cleared at the last scoring), 2-5 piles drawn as the rules say (one rock
      at a time until the pile is worth 6 or more), on each pile a standing bid with
      chance 0.6 (a tenth of them of no rocks, else 1-4 rocks of other players), deck
      tops 1-11 each (11: the deck is empty), either after-deck setting; the bag is every
      rock left, with the black rock in it with chance 0.3; passing weighed when every
      pile has a bid. Goal: p95 < 100 ms and worst < 500 ms.
  (b) 300 states as (a) but the garden is any 5-15 rocks of the bag, forbidden sets
      included (at the table only a first-round garden of 5 rocks can hold one when
      bids are made): a harder case than play produces. No goal, shown for the margin.
  (c) 100 heavy states: any garden of 15 rocks, 5 piles and no standing bid, so every
      sub-multiset of the garden (up to 32,768) is a legal bid on every pile. No goal;
      the brute force is not run on it (hours).
Each state is one :func:`advise_bid` call (every pile and the pass), timed "cold": the
turn-in advisor's per-value tables are cleared first, so no state profits from an
earlier one (a running server keeps them: "warm"). Garbage collection is off during
each timed call, as in ``timeit``; each state is timed 3 times and its best kept (the
other runs measure the machine's other work), then median / p95 / worst over the states.
Wall time suffers when other processes share the 2 cores (the load average is printed);
CPU time of the calling thread shows the advice's own cost.

Then, in the same run, the brute force (:mod:`engine.rockgarden.bid_brute`: every
sub-multiset of the garden, every undercut check, every turn-in order, every pair of
bids compared) answers every state once, timed, and its answers are compared with the
fast one's: the bids shown on every pile (demerits, value, rocks) and the pass's exact
expected demerits and black-rock chance.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _browser import percentile  # noqa: E402
from engine.rockgarden import advisor, bid_advice, bid_brute, rocks, sets  # noqa: E402

SEED = 17
BEST_OF = 3
ALL_ROCKS = [rocks.fmt(kind) for kind in rocks.KINDS for _ in range(rocks.COPIES)]
ORDER = {name: i for i, name in enumerate(rocks.fmt(kind) for kind in rocks.KINDS)}


def random_state(rng: random.Random, mid_game: bool, heavy: bool = False) -> dict:
    """One state as :func:`advise_bid`'s keyword arguments (rocks as strings).

    ``heavy``: 15 rocks, 5 piles, no standing bid (every bid legal on every pile).
    """
    while True:
        supply = ALL_ROCKS[:]
        rng.shuffle(supply)
        size = 15 if heavy else rng.randint(5, 15)
        garden, rest = [], []
        for rock in supply:
            if len(garden) < size and not (
                mid_game and sets.has_forbidden_set(Counter(rocks.parse_rock(r) for r in garden + [rock]))
            ):
                garden.append(rock)
            else:
                rest.append(rock)
        if len(garden) == size:
            break
    piles = []
    for _ in range(5 if heavy else rng.randint(2, 5)):
        pile = []
        while sum(int(r[1]) for r in pile) < 6:
            pile.append(rest.pop())
        bid = None
        if not heavy and rng.random() < 0.6:
            bid = [] if rng.random() < 0.1 else [rest.pop() for _ in range(rng.randint(1, 4))]
        piles.append({"rocks": pile, "bid": bid})
    return {
        "garden": garden,
        "piles": piles,
        "tops": {name: rng.randint(1, 11) for name in sets.SET_NAMES},
        "bag": rest + (["K"] if rng.random() < 0.3 else []),
        "can_pass": all(p["bid"] is not None for p in piles),
        "after_deck": rng.choice(sets.AFTER_DECK),
    }


def cases(n_states: int) -> dict[str, list[dict]]:
    rng = random.Random(SEED)
    return {
        "a": [random_state(rng, mid_game=True) for _ in range(n_states)],
        "b": [random_state(rng, mid_game=False) for _ in range(max(1, n_states * 3 // 10))],
        "c": [random_state(rng, mid_game=False, heavy=True) for _ in range(max(1, n_states // 10))],
    }


TITLES = {
    "a": "(a) mid-game states: gardens of 5-15 rocks without a set, 2-5 piles",
    "b": "(b) any gardens of 5-15 rocks (sets included), 2-5 piles",
    "c": "(c) heavy: any gardens of 15 rocks, 5 piles, no standing bid",
}
NO_BRUTE = {"c"}  # up to 32,768 bids on each of 5 piles: hours for the brute force


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_ms": statistics.median(ordered) * 1e3,
        "p95_ms": percentile(ordered, 0.95) * 1e3,
        "worst_ms": ordered[-1] * 1e3,
    }


def fmt(stats: dict) -> str:
    return f"median {stats['median_ms']:.2f} ms, p95 {stats['p95_ms']:.2f} ms, worst {stats['worst_ms']:.2f} ms"


def time_call(state: dict, cold: bool) -> tuple[float, float, dict]:
    if cold:
        advisor.clear_caches()
    gc.disable()  # no gc.collect() first: with the heap of a long run it costs ~50 ms a call
    try:
        start, start_cpu = time.perf_counter(), time.thread_time()
        answer = bid_advice.advise_bid(**state)
        return time.perf_counter() - start, time.thread_time() - start_cpu, answer
    finally:
        gc.enable()


def time_fast(states: list[dict], cold: bool) -> tuple[dict, dict, list]:
    wall, cpu, answers = [], [], []
    for state in states:
        runs = [time_call(state, cold) for _ in range(BEST_OF)]
        wall.append(min(w for w, _, _ in runs))
        cpu.append(min(c for _, c, _ in runs))
        answers.append(runs[0][2])
    return summary(wall), summary(cpu), answers


def counter(names) -> Counter:
    return Counter(rocks.parse_rock(name) for name in names)


def fast_key(state: dict, answer: dict) -> tuple:
    """What the fast answer says, comparable with :func:`brute_key`."""
    piles = tuple(
        tuple(sorted(
            (b["demerits_if_it_stands"], b["value"], tuple(sorted(b["rocks"], key=ORDER.get))) for b in pile["bids"]
        ))
        for pile in answer["piles"]
    )
    passing = None
    if state["can_pass"]:
        outcome = bid_advice.pass_outcome(state["garden"], state["bag"], state["tops"], state["after_deck"])
        passing = (outcome.expected_demerits, outcome.black_rock_chance)
    return piles, passing


def brute_key(state: dict) -> tuple:
    garden, tops, after_deck = counter(state["garden"]), state["tops"], state["after_deck"]
    piles = []
    for pile in state["piles"]:
        standing = None if pile["bid"] is None else counter(pile["bid"])
        rows = bid_brute.brute_pile_bids(garden, counter(pile["rocks"]), standing, tops, after_deck)
        piles.append(tuple(sorted(
            (d, v, tuple(sorted((rocks.fmt(r) for r in bid.elements()), key=ORDER.get))) for d, v, _, bid in rows
        )))
    passing = None
    if state["can_pass"]:
        bag = counter(r for r in state["bag"] if r != "K")
        passing = bid_brute.brute_pass(garden, bag, "K" in state["bag"], tops, after_deck)
    return tuple(piles), passing


def run_brute(states: list[dict], answers: list[dict]) -> tuple[dict, int]:
    from engine.rockgarden.brute import _finish

    times, different = [], 0
    for state, answer in zip(states, answers):
        _finish.cache_clear()
        start = time.perf_counter()
        expected = brute_key(state)
        times.append(time.perf_counter() - start)
        if expected != fast_key(state, answer):
            different += 1
            print(f"  DIFFERENT: {state}")
    _finish.cache_clear()
    return summary(times), different


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=1000,
                        help="states in case (a); (b) has 30%% and (c) 10%% as many")
    parser.add_argument("--no-brute", action="store_true", help="skip the brute force")
    args = parser.parse_args()
    print(f"Rock Garden bid advice benchmark - Python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}")
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    all_cases = cases(args.states)
    answers = {}
    started = time.perf_counter()
    for case, states in all_cases.items():
        cold, cold_cpu, answers[case] = time_fast(states, cold=True)
        warm, warm_cpu, _ = time_fast(states, cold=False)
        shown = sum(len(p["bids"]) for a in answers[case] for p in a["piles"])
        piles = sum(len(a["piles"]) for a in answers[case])
        print(f"{TITLES[case]}: {len(states)} states, {piles} piles, {shown} bids shown "
              f"[best of {BEST_OF} calls per state]")
        print(f"  cold, wall: {fmt(cold)}")
        print(f"  cold, CPU:  {fmt(cold_cpu)}")
        print(f"  warm, wall: {fmt(warm)}")
        print(f"  warm, CPU:  {fmt(warm_cpu)}")
        if case == "a":
            ok = cold["p95_ms"] < 100 and cold["worst_ms"] < 500
            print(f"  goal p95 < 100 ms and worst < 500 ms (cold, wall): {'met' if ok else 'NOT MET'}")
    print(f"(fast advice total {time.perf_counter() - started:.1f} s)")
    if args.no_brute:
        return 0
    print("brute force (every sub-multiset of the garden, every turn-in order), one call per state:")
    failures = 0
    for case, states in all_cases.items():
        if case in NO_BRUTE:
            print(f"  {TITLES[case][:3]}: not run (too slow)")
            continue
        started = time.perf_counter()
        stats, different = run_brute(states, answers[case])
        failures += different
        verdict = (f"same answers as the fast advice on all {len(states)} states" if not different
                   else f"{different} STATES WITH DIFFERENT ANSWERS")
        print(f"  {TITLES[case][:3]}: {fmt(stats)} ({time.perf_counter() - started:.0f} s); {verdict}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
