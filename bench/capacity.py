"""Benchmark: 100 tables x 6 seats of in-process phone sessions: an action's cost and memory.

    .venv/bin/python bench/capacity.py [--tables 100] [--actions 300] [--rounds 3] [--profile]

Everything real but the network: the real ``TableStore`` (TinyDB, atomic fsynced writes) in
a temp dir, the real ``Tables``/``TableHub``, and one real ``PhoneSession`` per seat on a
real Flet ``Session``/``Page`` whose connection is a fake that packs every outgoing message
exactly as flet-web's ``FletApp.send_message`` does (msgpack) and counts the bytes instead
of queueing them for a websocket. Each session is set up like a phone that sat down:
its seat claimed through the hub, route ``/t/<code>``, subscribed, its screen rendered.
Tables are first played through ``--rounds`` rounds (default 2; 6 scores + "Next round"
each, through the hub) so screens carry a realistic history and chart.

An action: on one seat's session, the points box gets a value (as the browser's
``UPDATE_CONTROL_PROPS`` + ``change`` would, not timed), then the timer starts and the
Save button's ``click`` is dispatched exactly as flet-web dispatches a browser event
(``Session.dispatch_event``): handler -> ``hub.act`` (engine, durable TinyDB append +
fsync) -> notify -> each of the 6 sessions' ``refresh`` (``hub.view(who)``,
``table.build``, ``page.update()``: Flet's diff + msgpack). The timer stops when the last of
the 6 refreshes has sent its patch. Actions run one at a time, at seeded random tables.

Baseline, same run, same fake connection: Flet's floor for "6 sessions hear of a change":
bare sessions with one ``Text``; an action sets the Text on 6 of them through the same
``page.run_task`` path and ``Text.update()``.

Memory per session: RSS growth while the sessions are made (and their first screen sent),
divided by their number; also tracemalloc's count for a further sample of 10 tables.
Goals: action p95 under 25 ms, under 5 MB per session.
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
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import flet as ft  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from companion.codes import token_hash  # noqa: E402
from companion.context import AppContext  # noqa: E402
from companion.hub import Tables, Who  # noqa: E402
from companion.ui import table as table_ui  # noqa: E402
from companion.ui.session import PhoneSession  # noqa: E402
from storage import TableStore  # noqa: E402
from tests.flet_sessions import FakeConnection, find, new_flet_session  # noqa: E402

from _browser import machine_line, percentile  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
GOAL_P95_MS = 25.0
GOAL_MB = 5.0
MB = 1e6


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class Phone:
    """One seat's real PhoneSession on a fake connection, with a hook on its refresh."""

    def __init__(self, loop, executor, pubsubhub, ctx, hub, seat: int):
        self.conn = FakeConnection(loop, executor, pubsubhub)
        self.session = new_flet_session(self.conn, f"/t/{hub.code}")
        page = self.session.page
        self.phone = PhoneSession(page, ctx)
        page.title = "Table Companion"
        page.on_close = self.phone._on_close
        self.phone.route = f"/t/{hub.code}"
        token = hub.claim_seat(seat)  # a real claim: token hashed, durable
        self.seat = seat
        self.name = PLAYERS[seat]
        try:
            who = Who(seat=seat, token=token)  # the phone proves its seat on every action
        except TypeError:  # a hub whose Who carries no token
            who = Who(seat=seat)
        self.phone.watch(hub, who)
        self.phone.show(table_ui.build(self.phone))
        self.done = None  # set by the bench before an action
        original = self.phone.refresh

        async def refresh():
            await original()
            if self.done is not None:
                self.done(self)

        self.phone.refresh = refresh

    def control(self, predicate):
        return find(self.session.page, predicate)

    def points_box(self):
        return self.control(lambda c: isinstance(c, ft.TextField) and c.label == f"{self.name}'s points")

    def button(self, text: str):
        return self.control(lambda c: isinstance(c, (ft.FilledButton, ft.OutlinedButton))
                            and c.content == text)


async def type_points(phone: Phone, text: str) -> None:
    box = phone.points_box()
    phone.session.apply_patch(box._i, {"value": text})
    await phone.session.dispatch_event(box._i, "change", None)


async def tap(phone: Phone, text: str, table: list[Phone]) -> float:
    """Tap ``text`` on ``phone``: seconds until all of ``table`` re-rendered."""
    loop = asyncio.get_running_loop()
    waiting = {id(p) for p in table}
    finished = loop.create_future()
    for p in table:
        def done(who, p=p):
            waiting.discard(id(who))
            if not waiting and not finished.done():
                finished.set_result(time.perf_counter())
        p.done = done
    button = phone.button(text)
    if button is None:
        raise RuntimeError(f"{phone.name} has no {text!r} button")
    start = time.perf_counter()
    await phone.session.dispatch_event(button._i, "click", None)
    end = await asyncio.wait_for(finished, 30)
    for p in table:
        p.done = None
    return end - start


async def play_round(phones: list[Phone], rng: random.Random) -> None:
    for p in phones:
        await type_points(p, str(rng.randint(1, 30)))
        await tap(p, "Save", phones)
    await tap(phones[0], "Next round", phones)


async def floor_bench(loop, executor, pubsubhub, n_tables: int, actions: int, rng) -> dict:
    """Bare Flet sessions with one Text: 6 of them hear of a change and update it."""
    gc.collect()
    before = rss()
    tables = []
    for _ in range(n_tables):
        group = []
        for _ in range(6):
            conn = FakeConnection(loop, executor, pubsubhub)
            session = new_flet_session(conn, "/")
            text = ft.Text("0", size=34)
            session.page.add(text)
            group.append((session, text))
        tables.append(group)
    gc.collect()
    per_session = (rss() - before) / (n_tables * 6)
    times = []
    for k in range(actions):
        group = rng.choice(tables)
        waiting = set(range(6))
        finished = loop.create_future()

        def make(i, text):
            async def update():
                text.value = str(k)
                text.update()
                waiting.discard(i)
                if not waiting and not finished.done():
                    finished.set_result(time.perf_counter())
            return update

        start = time.perf_counter()
        for i, (session, text) in enumerate(group):
            session.page.run_task(make(i, text))
        end = await finished
        times.append((end - start) * 1e3)
    return {"times": times, "per_session": per_session}


async def run(args) -> None:
    loop = asyncio.get_running_loop()
    executor = ThreadPoolExecutor(max_workers=8)
    pubsubhub = PubSubHub(loop, executor)
    data = Path(tempfile.mkdtemp(prefix="tc-bench-capacity-"))
    store = TableStore(data)
    ctx = AppContext(tables=Tables(store), public_url="http://127.0.0.1:8550", data_dir=data,
                     host_key_hash=token_hash("bench-host-key"), loopback_is_host=False)
    rng = random.Random(7)
    # the Flet modules' first use (imports, caches) is paid before anything is measured
    warm = ctx.tables.create("scorepad", PLAYERS)
    warm_phones = [Phone(loop, executor, pubsubhub, ctx, warm, s) for s in range(6)]
    await play_round(warm_phones, rng)

    t0 = time.perf_counter()
    hubs = [ctx.tables.create("scorepad", PLAYERS) for _ in range(args.tables)]
    for hub in hubs:  # the history, played through the hub (durable appends) before the phones sit
        for _ in range(args.rounds):
            for seat in range(6):
                hub.act(Who(host=True), "points", {"player": seat, "points": rng.randint(1, 30)}, seat=seat)
            hub.act(Who(host=True), "new_round", {})
    print(f"{args.rounds} rounds played at every table in {time.perf_counter() - t0:.1f} s "
          f"({args.tables * args.rounds * 7} actions through the hub, not counted)")
    t0 = time.perf_counter()
    gc.collect()
    rss_before = rss()
    tables: list[list[Phone]] = []
    for hub in hubs:
        tables.append([Phone(loop, executor, pubsubhub, ctx, hub, s) for s in range(6)])
    gc.collect()
    rss_after = rss()
    n_sessions = args.tables * 6
    made_s = time.perf_counter() - t0
    print(f"{n_sessions} sessions on {args.tables} tables made and rendered in {made_s:.1f} s")

    # tracemalloc: a further 10 tables, made and played the same way
    gc.collect()
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    extra = []
    for _ in range(10):
        hub = ctx.tables.create("scorepad", PLAYERS)
        extra.append([Phone(loop, executor, pubsubhub, ctx, hub, s) for s in range(6)])
    for phones in extra:
        await play_round(phones, rng)
    gc.collect()
    traced, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    traced_per_session = (traced - base) / (10 * 6)

    gc.collect()
    rss_played = rss()

    # the measured actions
    times, cpu, appends, sent = [], [], [], []
    original_append = store.append

    def timed_append(code, entry):
        s = time.perf_counter()
        try:
            return original_append(code, entry)
        finally:
            appends.append((time.perf_counter() - s) * 1e3)

    store.append = timed_append
    profiler = cProfile.Profile() if args.profile else None
    gc_before = gc.get_count()
    for k in range(args.actions):
        phones = rng.choice(tables)
        phone = rng.choice(phones)
        await type_points(phone, str(1000 + k))
        bytes_before = sum(p.conn.bytes for p in phones)
        if profiler:
            profiler.enable()
        cpu_start = time.process_time()
        elapsed = await tap(phone, "Save", phones)
        cpu.append((time.process_time() - cpu_start) * 1e3)
        if profiler:
            profiler.disable()
        times.append(elapsed * 1e3)
        sent.append(sum(p.conn.bytes for p in phones) - bytes_before)
    store.append = original_append
    del gc_before

    floor = await floor_bench(loop, executor, pubsubhub, args.tables, args.actions, rng)

    print(f"\naction cost, tap Save -> all 6 seats re-rendered ({args.actions} actions, one at a time, "
          f"{args.tables} tables x 6 sessions live, {args.rounds} rounds of history):")
    print(f"  real : p50 {statistics.median(times):6.2f} ms  p95 {percentile(times, 0.95):6.2f} ms  "
          f"max {max(times):6.2f} ms")
    print(f"         CPU time of this process per action: p50 {statistics.median(cpu):6.2f} ms  "
          f"p95 {percentile(cpu, 0.95):6.2f} ms  (less sensitive to other load on the machine)")
    print(f"         of which the durable append: p50 {statistics.median(appends):5.2f} ms  "
          f"p95 {percentile(appends, 0.95):5.2f} ms")
    print(f"         bytes sent to the 6 phones per action: median {statistics.median(sent) / 1024:.1f} KiB")
    ft_ = floor["times"]
    print(f"  floor: p50 {statistics.median(ft_):6.2f} ms  p95 {percentile(ft_, 0.95):6.2f} ms  "
          f"(bare Flet: 6 sessions each update one Text)")
    per_session = (rss_after - rss_before) / n_sessions
    print("\nmemory per session:")
    print(f"  real : RSS {per_session / MB:.3f} MB when made; RSS growth per session until the "
          f"measured actions {(rss_played - rss_before) / n_sessions / MB:.3f} MB; "
          f"tracemalloc {traced_per_session / MB:.3f} MB (10 more tables, made and played a round)")
    print(f"  floor: RSS {floor['per_session'] / MB:.3f} MB (bare Flet session with one Text)")
    print(f"  process RSS now {rss() / MB:.0f} MB")
    p95 = percentile(times, 0.95)
    mem = max(per_session, (rss_played - rss_before) / n_sessions, traced_per_session) / MB
    print(f"\ngoal p95 < {GOAL_P95_MS:.0f} ms: {'MET' if p95 < GOAL_P95_MS else 'NOT MET'} ({p95:.2f} ms); "
          f"goal < {GOAL_MB:.0f} MB/session: {'MET' if mem < GOAL_MB else 'NOT MET'} ({mem:.3f} MB, the largest measure)")
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(35)
        print("\nprofile of the measured actions (cumulative):")
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())
    store.close()
    executor.shutdown(wait=False)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print("bench/capacity.py:", machine_line())
    import logging

    logging.basicConfig(level=logging.WARNING)
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
