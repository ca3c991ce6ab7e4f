"""Benchmark: the Rock Garden turn-in advisor against the brute force.

    .venv/bin/python bench/advisor.py

Cases: (a) the rules' example "1 2222 333", (b) 1,000 random legal gardens of 5-25
rocks (seeded: drawn without replacement from the 75 rocks), (c) 3 of every kind
(45 rocks), (d) all 75 rocks. Each advisor call is timed "cold": its per-value tables are
cleared before every call, so no call profits from an earlier one (a running server
keeps them, see "warm"). Garbage collection is off during each timed call, as in
``timeit``. (a), (c), (d): 30 calls, every one counted. (b): each garden is timed 3
times and its best kept, then median / p99 / worst over the 1,000 gardens. The brute force (every turn-in order, one at a time) runs in a
child process per case with a 60 s budget and its answers are checked against the
advisor's. Wall time suffers when other processes share the 2 cores (the load average
is printed); CPU time (of the calling thread) shows the advisor's own cost. Goals: (b) p99 < 5 ms, (c) < 20 ms, (d) < 100 ms.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.rockgarden import advisor  # noqa: E402
from engine.rockgarden.rocks import KINDS, parse_rocks  # noqa: E402

BRUTE_BUDGET_S = 60
SEED = 2024
REPEATS = 30
BEST_OF = 3


def cases() -> dict[str, list[Counter]]:
    rng = random.Random(SEED)
    bag = [kind for kind in KINDS for _ in range(5)]
    randoms = [Counter(rng.sample(bag, rng.randint(5, 25))) for _ in range(1000)]
    return {
        "a": [parse_rocks("R1 R2 G2 Y2 B2 R3 R3 R3")],
        "b": randoms,
        "c": [Counter({kind: 3 for kind in KINDS})],
        "d": [Counter({kind: 5 for kind in KINDS})],
    }


TITLES = {
    "a": "(a) rules example 1 2222 333",
    "b": "(b) 1,000 random gardens, 5-25 rocks",
    "c": "(c) 3 of every kind (45 rocks)",
    "d": "(d) all 75 rocks",
}


def percentile(sorted_times: list[float], fraction: float) -> float:
    index = min(len(sorted_times) - 1, max(0, round(fraction * len(sorted_times)) - 1))
    return sorted_times[index]


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_ms": statistics.median(ordered) * 1e3,
        "p99_ms": percentile(ordered, 0.99) * 1e3,
        "worst_ms": ordered[-1] * 1e3,
    }


def time_call(garden: Counter, cold: bool) -> tuple[float, float]:
    """Wall-clock and CPU (this thread) seconds of one ``advise`` with default tops."""
    if cold:
        advisor.clear_caches()
    gc.collect()
    gc.disable()  # as timeit does: a collection of someone else's garbage is not ours
    try:
        start, start_cpu = time.perf_counter(), time.thread_time()
        advisor.advise(garden)
        return time.perf_counter() - start, time.thread_time() - start_cpu
    finally:
        gc.enable()


def time_advisor(gardens: list[Counter], cold: bool) -> tuple[dict, dict, list]:
    """One garden: REPEATS calls, every call counted. Many gardens: each garden timed
    BEST_OF times and its best kept (as timeit advises: the other runs measure the
    machine's other work), then median / p99 / worst over the gardens."""
    wall, cpu, answers = [], [], []
    for garden in gardens:
        if len(gardens) == 1:
            for _ in range(REPEATS):
                w, c = time_call(garden, cold)
                wall.append(w)
                cpu.append(c)
        else:
            runs = [time_call(garden, cold) for _ in range(BEST_OF)]
            wall.append(min(w for w, _ in runs))
            cpu.append(min(c for _, c in runs))
        answers.append([list(t) for t in sorted(advisor.card_counts(garden))])
    return summary(wall), summary(cpu), answers


def brute_child(case: str) -> None:
    """Run in a child process: time the brute force on one case, print JSON."""
    from engine.rockgarden.brute import _finish, brute_card_counts

    times, answers = [], []
    for garden in cases()[case]:
        _finish.cache_clear()
        start = time.perf_counter()
        answers.append([list(t) for t in sorted(brute_card_counts(garden))])
        times.append(time.perf_counter() - start)
    print(json.dumps({"summary": summary(times), "answers": answers}))


def run_brute(cases_to_run: list[str]) -> dict[str, dict | None]:
    """Children in parallel pairs (2 cores); None when a case is not done in 60 s."""
    results: dict[str, dict | None] = {}
    for pair_start in range(0, len(cases_to_run), 2):
        pair = cases_to_run[pair_start : pair_start + 2]
        children = {
            case: subprocess.Popen(
                [sys.executable, __file__, "--brute", case], stdout=subprocess.PIPE, text=True, cwd=ROOT
            )
            for case in pair
        }
        deadline = time.monotonic() + BRUTE_BUDGET_S
        for case, child in children.items():
            try:
                out, _ = child.communicate(timeout=max(0.1, deadline - time.monotonic()))
                results[case] = json.loads(out)
            except subprocess.TimeoutExpired:
                child.kill()
                child.communicate()
                results[case] = None
    return results


def fmt(stats: dict, with_p99: bool) -> str:
    text = f"median {stats['median_ms']:.3f} ms"
    if with_p99:
        text += f", p99 {stats['p99_ms']:.3f} ms"
    return text + f", worst {stats['worst_ms']:.3f} ms"


def main() -> int:
    print(f"Rock Garden advisor benchmark - Python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}")
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    all_cases = cases()
    advisor_answers = {}
    started = time.perf_counter()
    for case, gardens in all_cases.items():
        cold, cold_cpu, answers = time_advisor(gardens, cold=True)
        warm, warm_cpu, _ = time_advisor(gardens, cold=False)
        advisor_answers[case] = answers
        many = len(gardens) > 1
        runs = f"best of {BEST_OF} calls per garden" if many else f"{REPEATS} calls, all counted"
        print(f"{TITLES[case]}  [{runs}]")
        print(f"  advisor cold, wall: {fmt(cold, many)}")
        print(f"  advisor cold, CPU:  {fmt(cold_cpu, many)}")
        print(f"  advisor warm, wall: {fmt(warm, many)}")
        print(f"  advisor warm, CPU:  {fmt(warm_cpu, many)}")
    print(f"(advisor total {time.perf_counter() - started:.1f} s)")
    print(f"brute force (plain recursion over every turn-in order, {BRUTE_BUDGET_S} s budget per case):")
    brute = run_brute(list(all_cases))
    for case in all_cases:
        result = brute[case]
        if result is None:
            print(f"  {TITLES[case]}: did not finish in {BRUTE_BUDGET_S} s")
            continue
        same = result["answers"] == advisor_answers[case]
        verdict = "same outcomes as the advisor" if same else "DIFFERENT OUTCOMES FROM THE ADVISOR"
        print(f"  {TITLES[case]}: {fmt(result['summary'], len(all_cases[case]) > 1)}; {verdict}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--brute":
        brute_child(sys.argv[2])
        sys.exit(0)
    sys.exit(main())
