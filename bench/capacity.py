"""Benchmark: the server's cost of one action on a table of 6 phones, beside Flet's floor.

    .venv/bin/python bench/capacity.py [--tables 100] [--actions 300] [--games scorepad,...]
                                       [--store disk|memory] [--profile]

Everything real but the network: the durable store (TinyDB, fsynced) in a temp dir, the
real ``Tables``/``TableHub``, and for every seat the real app (``page.render(App, phone)``)
on a real Flet ``Session`` whose connection packs every outgoing message exactly as
flet-web does (msgpack) and keeps it instead of writing it to a websocket
(``tests/flet_sessions.py``). Each phone sits in its seat through the app (its seat token
in its storage) and shows the game's screen.

An action, per game:
- ``scorepad``: a phone types points (not timed), then taps Save;
- ``rockgarden``: the seat to bid taps its first advice line (loads the bid, not timed),
  then taps Place bid; the next action on that table is the same phone's Undo, so the
  actions can repeat for ever (gardens and piles are set up through the hub, not timed);
- ``strata``: a player taps one of the secret auction bids (the tables are at round 3's
  auction after 2 rounds of random play; another amount replaces a bid, so it repeats).
The timer starts when the tap is dispatched (``Session.dispatch_event``, as flet-web does a
browser's) and stops when every phone at that table has sent the patch that shows the new
move count (the patch of every part that changed leaves in the same scheduler pass).

Baseline, same run, same fake connection: Flet's floor for "6 sessions hear of a change":
bare sessions with one ``Text``; an action sets the Text on 6 of them through
``page.run_task`` and ``Text.update()``.

Memory per session: RSS growth while the phones are made, divided by their number.
Goals (issue 15): p50 at most a quarter of the previous screens' (6.5-7.7 ms for the score
pad on this machine); the ratio to the floor is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# bench/ last: a bench module must never hide a package of the project
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != HERE] + [str(HERE)]

import flet as ft  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from companion.codes import token_hash  # noqa: E402
from companion.context import AppContext  # noqa: E402
from companion.hub import HOST, Tables  # noqa: E402
from storage import TableStore  # noqa: E402
from storage.memory import MemoryStore  # noqa: E402
from tests.flet_sessions import FakeConnection, Tab, new_flet_session  # noqa: E402
from tests.uitree import taps  # noqa: E402

from _browser import machine_line, percentile  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
PREVIOUS_P50_MS = (6.5, 7.7)  # the score pad before issue 15 (bench/RESULTS.md)
MB = 1e6


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class Table:
    """One table: its hub and a tab of the real app in each of its 6 seats."""

    def __init__(self, hub, tabs: list[Tab]):
        self.hub = hub
        self.tabs = tabs


async def seat_tabs(loop, executor, pubsub, ctx, hub) -> list[Tab]:
    tabs = []
    for seat in range(len(hub.spec.players)):
        token = hub.claim_seat(seat)
        tabs.append(Tab(loop, executor, pubsub, ctx, f"/t/{hub.code}",
                        storage={f"seat.{hub.code}": token}))
    for tab in tabs:
        await tab.settle(5)
    return tabs


async def tap_and_wait(table: Table, tab: Tab, name: str) -> tuple[float, float]:
    """Dispatch a tap: (seconds until every phone sent the patch with the new move count,
    the event loop thread's CPU seconds meanwhile)."""
    marker = f"move {table.hub.revision + 1}".encode()
    counts = [len(t.conn.sent) for t in table.tabs]
    control = taps(tab.tree()).get(name)
    if control is None:
        raise RuntimeError(f"no {name!r} to tap")
    start, cpu_start = time.perf_counter(), time.thread_time()
    await tab.session.dispatch_event(control._i, "click", None)
    pending = set(range(len(table.tabs)))
    deadline = start + 30
    while pending:
        for i in list(pending):
            frames = table.tabs[i].conn.sent[counts[i]:]
            if any(marker in frame for frame in frames):
                pending.discard(i)
        if pending:
            if time.perf_counter() > deadline:
                raise RuntimeError("a phone did not hear the action")
            await asyncio.sleep(0)
    return time.perf_counter() - start, time.thread_time() - cpu_start


# -- the games' actions ------------------------------------------------------------------

async def scorepad_action(table: Table, rng: random.Random, k: int) -> tuple[float, float]:
    seat = rng.randrange(len(table.tabs))
    tab = table.tabs[seat]
    await tab.type(f"{PLAYERS[seat]}'s points", str(1000 + k))
    return await tap_and_wait(table, tab, "Save")


def scorepad_history(hub, rng: random.Random, rounds: int) -> None:
    for _ in range(rounds):
        for seat in range(6):
            hub.act(HOST, "points", {"points": rng.randint(1, 30)}, None, seat=seat)
        hub.act(HOST, "new_round", {}, None)


def rockgarden_history(hub, rng: random.Random, rounds: int) -> None:
    """Six gardens of 5 rocks and five piles from a shuffled bag: the bidding begins."""
    bag = [f"{c}{v}" for c in "RYGBW" for v in (1, 2, 3) for _ in range(5)]
    rng.shuffle(bag)
    for seat in range(6):
        hub.act(HOST, "setup_draw", {"rocks": " ".join(bag[:5])}, None, seat=seat)
        del bag[:5]
    hub.act(HOST, "start_player", {"player": rng.randrange(6)}, None)
    drawn = []
    for _ in range(5):
        value = 0
        while value < 6:
            drawn.append(bag.pop())
            value += int(drawn[-1][1])
    hub.act(HOST, "draw", {"rocks": " ".join(drawn)}, None)


async def rockgarden_action(table: Table, rng: random.Random, k: int) -> tuple[float, float]:
    """A bid by the seat to bid (its first advice line loaded), or that phone's Undo."""
    undo = getattr(table, "undo_on", None)
    if undo is not None:
        table.undo_on = None
        return await tap_and_wait(table, table.tabs[undo], "Undo")
    seat = table.hub.view(HOST)["to_act"][0]
    tab = table.tabs[seat]
    advice = next((name for name in taps(tab.tree()) if name.startswith("Pile ") and name.endswith("if it stands")),
                  None)
    if advice is not None:
        await tab.tap(advice)
    table.undo_on = seat
    return await tap_and_wait(table, tab, "Place bid")
def strata_history(hub, rng: random.Random, rounds: int) -> None:
    """Setup and ``rounds`` whole rounds played by random players through the hub (the
    host entering for whoever the table waits for), up to the next round's secret bids."""
    from engine.errors import IllegalAction
    from companion.hub import Who
    from tests.players.strata import payload

    quiet = ("undo", "redo", "exchange", "trade", "flip_down")
    refused = False  # after a refusal (a shortfall: Done waits for a card turned down), any move
    for _ in range(20000):
        view = hub.view(HOST)
        public = view["public"]
        if public["phase"] == "auction" and public["round"] > rounds and not any(
                p.get("has_bid") for p in public["players"]):
            return
        if not view["to_act"]:
            raise RuntimeError(f"strata history: nobody to act in {public['phase']}")
        seat = rng.choice(view["to_act"])
        mine = hub.view(Who(seat=seat, host=True))
        kinds = [k for k in mine["legal"] if k not in quiet and not refused] or \
            [k for k in mine["legal"] if k not in ("undo", "redo")]
        kind = rng.choice(kinds)
        table = {"players": list(hub.spec.players), "seat": seat, "settings": dict(hub.spec.settings)}
        try:
            hub.act(HOST, kind, payload(rng, kind, mine, table), None, seat=seat)
            refused = False
        except IllegalAction:
            refused = True
    raise RuntimeError("strata history: no progress")


async def strata_action(table: Table, rng: random.Random, k: int) -> tuple[float, float]:
    """A player taps one of the secret bids (another amount replaces the bid)."""
    seat = rng.randrange(len(table.tabs))
    tab = table.tabs[seat]
    amounts = sorted(n for n in taps(tab.tree()) if n.startswith("Bid ") and n[4:].isdigit())
    return await tap_and_wait(table, tab, amounts[k % len(amounts)])


GAMES = {
    "scorepad": (scorepad_history, scorepad_action),
    "rockgarden": (rockgarden_history, rockgarden_action),
    "strata": (strata_history, strata_action),
}


async def floor_bench(loop, executor, pubsub, n_tables: int, actions: int, rng) -> dict:
    """Bare Flet sessions with one Text: 6 of them hear of a change and update it."""
    gc.collect()
    before = rss()
    groups = []
    for _ in range(n_tables):
        group = []
        for _ in range(6):
            conn = FakeConnection(loop, executor, pubsub)
            session = new_flet_session(conn, "/")
            text = ft.Text("0", size=34)
            session.page.add(text)
            group.append((session, text, conn))
        groups.append(group)
    gc.collect()
    per_session = (rss() - before) / (n_tables * 6)
    times = []
    for k in range(actions):
        group = rng.choice(groups)
        counts = [conn.messages for _, _, conn in group]

        def make(text):
            async def update():
                text.value = str(k + 1)
                text.update()
            return update

        start = time.perf_counter()
        for session, text, _ in group:
            session.page.run_task(make(text))
        while any(conn.messages == c for (_, _, conn), c in zip(group, counts)):
            await asyncio.sleep(0)
        times.append((time.perf_counter() - start) * 1e3)
    return {"times": times, "per_session": per_session}


async def run(args) -> None:
    loop = asyncio.get_running_loop()
    executor = ThreadPoolExecutor(max_workers=8)
    pubsub = PubSubHub(loop, executor)
    data = Path(tempfile.mkdtemp(prefix="tc-bench-capacity-"))
    store = TableStore(data) if args.store == "disk" else MemoryStore()
    ctx = AppContext(tables=Tables(store), public_url="http://127.0.0.1:8550", data_dir=data,
                     host_key_hash=token_hash("bench-host-key"), loopback_is_host=False)
    rng = random.Random(7)
    results = {}
    for game in args.games.split(","):
        history, action = GAMES[game]
        warm = ctx.tables.create(game, PLAYERS)
        history(warm, rng, args.rounds)
        warm_table = Table(warm, await seat_tabs(loop, executor, pubsub, ctx, warm))
        for k in range(5):  # the modules' first use is paid before anything is measured
            await action(warm_table, rng, k)
        gc.collect()
        before = rss()
        tables = []
        for _ in range(args.tables):
            hub = ctx.tables.create(game, PLAYERS)
            history(hub, rng, args.rounds)
            tables.append(Table(hub, await seat_tabs(loop, executor, pubsub, ctx, hub)))
        gc.collect()
        per_session = (rss() - before) / (args.tables * 6)
        times, cpu = [], []
        profiler = cProfile.Profile() if args.profile else None
        for k in range(args.actions):
            table = rng.choice(tables)
            if profiler:
                profiler.enable()
            wall, loop_cpu = await action(table, rng, k)  # what a tap costs, not the typing before it
            times.append(wall * 1e3)
            cpu.append(loop_cpu * 1e3)
            if profiler:
                profiler.disable()
        results[game] = {"times": times, "cpu": cpu, "per_session": per_session,
                         "profiler": profiler}
    floor = await floor_bench(loop, executor, pubsub, args.tables, args.actions, rng)
    f50 = statistics.median(floor["times"])
    print(f"\nserver cost of one action, tap -> all 6 phones sent their patch "
          f"({args.actions} actions, {args.tables} tables x 6 phones per game, "
          f"{'durable store: the wait for the disk included' if args.store == 'disk' else 'in-memory store: the screens and the hub alone'}; "
          f"loop CPU = the event loop thread's CPU time, what other phones wait for):")
    for game, r in results.items():
        t = r["times"]
        p50 = statistics.median(t)
        print(f"  {game:11s}: p50 {p50:6.2f} ms  p95 {percentile(t, 0.95):6.2f} ms  "
              f"max {max(t):6.2f} ms  ({p50 / f50:.1f}x the floor's p50); "
              f"loop CPU p50 {statistics.median(r['cpu']):5.2f} ms; memory {r['per_session'] / MB:.3f} MB/phone")
    ft_ = floor["times"]
    print(f"  floor      : p50 {f50:6.2f} ms  p95 {percentile(ft_, 0.95):6.2f} ms  "
          f"(bare Flet: 6 sessions each update one Text); memory {floor['per_session'] / MB:.3f} MB/session")
    if "scorepad" in results:
        p50 = statistics.median(results["scorepad"]["times"])
        goal = PREVIOUS_P50_MS[0] / 4
        print(f"\ngoal: score pad p50 at most a quarter of the previous screens' "
              f"({PREVIOUS_P50_MS[0]}-{PREVIOUS_P50_MS[1]} ms -> {goal:.2f} ms): "
              f"{'MET' if p50 <= goal else 'NOT MET'} ({p50:.2f} ms)")
    for game, r in results.items():
        if r["profiler"]:
            out = io.StringIO()
            pstats.Stats(r["profiler"], stream=out).sort_stats(args.sort).print_stats(40)
            print(f"\nprofile ({game}):\n{out.getvalue()}")
    store.close()
    executor.shutdown(wait=False)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--sort", default="tottime", help="the profile's order (tottime, cumulative)")
    parser.add_argument("--store", choices=("disk", "memory"), default="disk",
                        help="disk: the durable TinyDB store, fsynced (default); memory: "
                             "the screens' and the hub's cost without the disk")
    args = parser.parse_args()
    print("bench/capacity.py:", machine_line())
    import logging

    logging.basicConfig(level=logging.WARNING)
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
