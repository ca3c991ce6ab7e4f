"""Benchmark: the server's cost of one action on a table of 6 phones, beside Flet's floor.

    .venv/bin/python bench/capacity.py [--tables 100] [--actions 300] [--games scorepad,...]
                                       [--store disk|memory] [--cpu-quota 0.25] [--parts]
                                       [--profile [--sort cumulative]]

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
browser's) and stops when every phone at that table has drawn the move: its live view
shows the new revision (``companion.ui.live.live_of``) and Flet's update scheduler has sent
the patch of every part that changed (the time of the last frame sent). Nothing polls: the
event loop sleeps while a worker thread checks and stores the move, as the server's does.

Baseline, same run, same fake connection: Flet's floor for "6 sessions hear of a change":
bare sessions with one ``Text``; an action sets the Text on 6 of them through
``page.run_task`` and ``Text.update()``.

Memory per session: RSS growth while the phones are made, divided by their number.

``--cpu-quota 0.25`` runs the timed actions a second time (the same tables) with this
process held to a quarter of one core (a cgroup v1 cpu group, see :class:`CpuQuota`), and
the bare broadcast alike, and prints both tables; there each tap comes one cgroup period
after the bench's own work for the phone (finding the button, typing), which would otherwise
spend the server's share of the period the tap lands in (``--no-pause-before-tap``: as
this bench measured up to 2026-11-25). ``--parts`` says where the event loop's
time goes, part by part. Goals (issue 25): loop CPU p50 with ``--store memory`` and p95 at
a quarter core with the disk store, printed with MET / NOT MET. This host's speed moves
every figure (the floor: 0.33-0.67 ms within one afternoon): ``bench/side_by_side.py`` runs
this bench beside the code the issue measured, at the same moment, and reads the goals
against that code's figure of the day too.
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

from companion.table.codes import token_hash  # noqa: E402
from companion.table.context import AppContext  # noqa: E402
from companion.table.hub import HOST, Tables  # noqa: E402
try:
    from companion.ui.live import live_of  # noqa: E402
except ImportError:  # older code, which bench/side_by_side.py measures with this same bench
    from companion.ui import live as _live  # noqa: E402

    def live_of(page):
        context = _live._SHOWN.get(page)
        return context.live if context is not None else None
from storage import DiskStore  # noqa: E402
from storage.memory import MemoryStore  # noqa: E402
from tests.flet_sessions import FakeConnection, Tab, new_flet_session  # noqa: E402
from tests.uitree import taps  # noqa: E402

from _browser import machine_line, percentile  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
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


PROFILING: list = [None]  # the profiler of --profile, while the timed actions run
PROBE: list = [None]  # the parts probe of --parts
GAP_S: list = [0.0]  # --gap-ms: a pause before each timed action
PAUSE_S: list = [0.0]  # a pause between the phone's own work before a tap and the tap (see run())


async def tap_and_wait(table: Table, tab: Tab, name: str, found: dict | None = None) -> tuple[float, float, float]:
    """Dispatch a tap: (seconds until every phone of the table has drawn the move: its live
    view shows the new revision and the patches of every part that changed have left;
    the event loop thread's CPU seconds meanwhile; the whole process's CPU seconds
    meanwhile: the loop, and the worker thread's check, durable write and views).

    Nothing polls: each phone's live view calls the bench back when it shows the move,
    each fake connection when it sends a frame, so the event loop sleeps in its selector
    while a worker thread works, as the server's does. (Up to this session the bench
    polled the frames with ``asyncio.sleep(0)`` for a "move N" text: a spinning loop whose
    spinning counted as the loop's CPU.) Once every phone has shown the move, the bench
    lets Flet's update schedulers run their pass (a few loop turns) and takes the time of
    the last frame sent. ``found``: the phone's tappable controls, when the action has
    just looked for them (the tree is walked once a tap)."""
    target = table.hub.revision + 1
    control = (found if found is not None else taps(tab.tree())).get(name)
    if control is None:
        raise RuntimeError(f"no {name!r} to tap")
    lives = [live_of(t.page) for t in table.tabs]
    if any(live is None for live in lives):
        raise RuntimeError("a phone shows no table")
    pending = set(range(len(lives)))
    shown = asyncio.Event()
    last = [None]

    def showing(i):
        def listener(screen: dict) -> None:
            if screen["revision"] >= target and i in pending:
                pending.discard(i)
                if not pending:
                    shown.set()
        return listener

    def on_frame(frame: bytes) -> None:
        last[0] = (time.perf_counter(), time.thread_time(), time.process_time())

    listeners = [showing(i) for i in range(len(lives))]
    for live, listener in zip(lives, listeners):
        live.listeners.add(listener)
    for t in table.tabs:
        t.conn.on_frame = on_frame
    if PAUSE_S[0]:
        await asyncio.sleep(PAUSE_S[0])
    probe = PROBE[0] if PROBE[0] is not None and PROBE[0].on else None
    turns_before = set(table.hub.view(HOST)["to_act"]) if probe else set()
    if probe:
        probe.start_action()
    try:
        if PROFILING[0] is not None:  # --profile: the tap and what it sets off, not the typing before
            PROFILING[0].enable()
        start = (time.perf_counter(), time.thread_time(), time.process_time())
        await tab.session.dispatch_event(control._i, "click", None)
        try:
            await asyncio.wait_for(shown.wait(), 30)
        except asyncio.TimeoutError:
            raise RuntimeError("a phone did not hear the action") from None
        for _ in range(4):  # the update schedulers' pass, then their effects
            await asyncio.sleep(0)
        end = last[0] or (time.perf_counter(), time.thread_time(), time.process_time())
        if end[0] < start[0]:
            end = (time.perf_counter(), time.thread_time(), time.process_time())
        if probe:
            probe.end_action(table, tab, turns_before, name)
        return tuple(b - a for a, b in zip(start, end))
    finally:
        if PROFILING[0] is not None:
            PROFILING[0].disable()
        for live, listener in zip(lives, listeners):
            live.listeners.discard(listener)
        for t in table.tabs:
            t.conn.on_frame = None


# -- the games' actions ------------------------------------------------------------------

async def scorepad_action(table: Table, rng: random.Random, k: int) -> tuple[float, float, float]:
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


async def rockgarden_action(table: Table, rng: random.Random, k: int) -> tuple[float, float, float]:
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
    from companion.table.hub import Who
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


async def strata_action(table: Table, rng: random.Random, k: int) -> tuple[float, float, float]:
    """A player taps one of the secret bids (another amount replaces the bid)."""
    seat = rng.randrange(len(table.tabs))
    tab = table.tabs[seat]
    found = taps(tab.tree())
    amounts = sorted(n for n in found if n.startswith("Bid ") and n[4:].isdigit())
    return await tap_and_wait(table, tab, amounts[k % len(amounts)], found)


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


class PartsProbe:
    """Where the event loop's time goes, per part (``--parts``): every component update
    (Flet's ``Component.update``: the part drawn again, its diff and its message) timed
    with the thread's CPU clock and counted by the part's name, and each phone's hearing
    of a change (its selectors run, ``LiveTable._show``). A measuring wrapper around two
    public methods, for this bench only."""

    def __init__(self, profile_part: str | None = None):
        from companion.ui.live import LiveTable

        self.on = False
        self.profiler = cProfile.Profile() if profile_part else None
        self.page_cpu: dict[int, float] = {}  # this action's update and hearing CPU, by page
        self.roles: dict[str, list[float]] = {}  # per action: the acting phone, the phone whose turn came, the others
        self.parts: dict[str, list[float]] = {}
        self.listen: list[float] = []
        probe = self
        original_update = ft.Component.update
        original_show = LiveTable._show

        def update(component):
            if not probe.on:
                return original_update(component)
            name = getattr(component.fn, "__name__", "?")
            profiled = probe.profiler is not None and name == profile_part
            start = time.thread_time()
            try:
                if profiled:
                    return probe.profiler.runcall(original_update, component)
                return original_update(component)
            finally:
                spent = time.thread_time() - start
                probe.parts.setdefault(name, []).append(spent)
                page = id(ft.context.page)
                probe.page_cpu[page] = probe.page_cpu.get(page, 0.0) + spent

        def show(live, screen, number):
            if not probe.on:
                return original_show(live, screen, number)
            start = time.thread_time()
            try:
                return original_show(live, screen, number)
            finally:
                spent = time.thread_time() - start
                probe.listen.append(spent)
                page = id(live.phone.page)
                probe.page_cpu[page] = probe.page_cpu.get(page, 0.0) + spent

        ft.Component.update = update
        LiveTable._show = show

    def start_action(self) -> None:
        self.page_cpu = {}

    def end_action(self, table: "Table", actor: "Tab", turns_before: set, tapped: str) -> None:
        tapped = "Bid" if tapped.startswith("Bid ") else tapped
        turns_after = set(table.hub.view(HOST)["to_act"])
        others = []
        for t in table.tabs:
            spent = self.page_cpu.get(id(t.page), 0.0)
            seat = table.tabs.index(t)
            if t is actor:
                self.roles.setdefault(f"{tapped}: acting", []).append(spent)
            elif seat in turns_after - turns_before:
                self.roles.setdefault(f"{tapped}: whose turn came", []).append(spent)
            elif seat in turns_before - turns_after:
                self.roles.setdefault(f"{tapped}: whose turn went", []).append(spent)
            else:
                others.append(spent)
        for spent in others:
            self.roles.setdefault(f"{tapped}: each other", []).append(spent)

    def report(self, game: str, actions: int, loop_cpu_ms: float) -> str:
        lines = [f"\nparts ({game}), per action (6 phones), loop CPU (thread time):",
                 f"  {'part':24s} {'updates':>8s} {'ms each':>8s} {'ms/action':>10s}"]
        rows = sorted(self.parts.items(), key=lambda kv: -sum(kv[1]))
        total = 0.0
        for name, times in rows:
            per = sum(times) * 1e3 / actions
            total += per
            lines.append(f"  {name:24s} {len(times) / actions:8.2f} {statistics.mean(times) * 1e3:8.3f} {per:10.3f}")
        for role, spent in sorted(self.roles.items()):
            lines.append(f"  {role[:24]:24s} {len(spent) / actions:8.2f} {statistics.mean(spent) * 1e3:8.3f} "
                         f"{sum(spent) * 1e3 / actions:10.3f}  (its parts and hearing)")
        heard = sum(self.listen) * 1e3 / actions
        lines.append(f"  {'(selectors: phones hear)':24s} {len(self.listen) / actions:8.2f} "
                     f"{statistics.mean(self.listen) * 1e3 if self.listen else 0:8.3f} {heard:10.3f}")
        lines.append(f"  parts + hearing {total + heard:.2f} ms of a mean loop CPU of {loop_cpu_ms:.2f} ms")
        return "\n".join(lines)


CGROUP_ROOT = Path("/sys/fs/cgroup/cpu")
CGROUP_PERIOD_US = 10000


class CpuQuota:
    """The server's share of the machine held to a fraction of one core: a cgroup v1 cpu
    group (``cpu.cfs_period_us`` 10000, ``cpu.cfs_quota_us`` = fraction x 10000) that this
    process (every thread: the event loop, the workers' durable writes and views) enters
    for the timed actions and leaves after them. Root and cgroup v1 only; :meth:`problem`
    says why not otherwise."""

    def __init__(self, fraction: float):
        self.fraction = fraction
        self.quota_us = int(round(fraction * CGROUP_PERIOD_US))
        self.path = CGROUP_ROOT / f"tc-bench-capacity-{os.getpid()}"

    @staticmethod
    def problem() -> str | None:
        if not (CGROUP_ROOT / "cpu.cfs_quota_us").exists():
            return f"no cgroup v1 cpu controller at {CGROUP_ROOT} (cpu.cfs_quota_us missing)"
        if os.geteuid() != 0:
            return "making a cgroup needs root"
        return None

    def make(self) -> None:
        self.path.mkdir()
        (self.path / "cpu.cfs_period_us").write_text(str(CGROUP_PERIOD_US))
        (self.path / "cpu.cfs_quota_us").write_text(str(self.quota_us))

    def enter(self) -> None:
        (self.path / "cgroup.procs").write_text(str(os.getpid()))  # every thread of the process

    def leave(self) -> None:
        (CGROUP_ROOT / "cgroup.procs").write_text(str(os.getpid()))

    @property
    def pause_before_tap_s(self) -> float:
        """One period: what the bench does for a phone just before a tap (finding the
        button in the phone's tree, 1-2 ms; typing) is the phone's work, not the server's,
        but it runs in this process: without a pause it spends the share of the period
        the tap lands in, and the tap waits for the next period. A phone's tap reaches a
        real host idle between taps (a table's taps are seconds apart)."""
        return CGROUP_PERIOD_US / 1e6

    def throttled_ms(self) -> float:
        for line in (self.path / "cpu.stat").read_text().splitlines():
            if line.startswith("throttled_time"):
                return int(line.split()[1]) / 1e6
        return float("nan")

    def remove(self) -> None:
        try:
            self.leave()
        finally:
            self.path.rmdir()

    def words(self) -> str:
        return (f"{self.fraction:g} of one core: cgroup v1 cpu {self.path.name}, "
                f"cpu.cfs_period_us {CGROUP_PERIOD_US}, cpu.cfs_quota_us {self.quota_us}")


class GcProbe:
    """The cycle collector's passes during the timed actions: how many, of which
    generation, and their wall time (``gc.callbacks``)."""

    def __init__(self):
        self.started: float | None = None
        self.passes: list[tuple[int, float]] = []
        gc.callbacks.append(self.callback)

    def callback(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        elif self.started is not None:
            self.passes.append((info["generation"], time.perf_counter() - self.started))
            self.started = None

    def close(self) -> dict:
        gc.callbacks.remove(self.callback)
        by_gen = {g: [t for gen, t in self.passes if gen == g] for g in (0, 1, 2)}
        return {g: (len(ts), sum(ts)) for g, ts in by_gen.items()}


async def timed_actions(tables, action, rng, actions: int, profiler=None, probe=None) -> dict:
    times, cpu, process_cpu = [], [], []
    collections = GcProbe()
    PROFILING[0] = profiler
    for k in range(actions):
        table = rng.choice(tables)
        if GAP_S[0]:
            await asyncio.sleep(GAP_S[0])  # players' taps are never back to back (not timed)
        if probe:
            probe.on = True
        wall, loop_cpu, all_cpu = await action(table, rng, k)  # what a tap costs, not the typing before it
        if probe:
            probe.on = False
        times.append(wall * 1e3)
        cpu.append(loop_cpu * 1e3)
        process_cpu.append(all_cpu * 1e3)
    PROFILING[0] = None
    return {"times": times, "cpu": cpu, "process_cpu": process_cpu, "gc": collections.close()}


# the goals of issue 25 (bench/RESULTS.md)
LOOP_CPU_GOAL_MS = {"scorepad": 4.0, "rockgarden": 15.0, "strata": 4.0}  # p50, memory store
QUARTER_P95_GOAL_MS = {"scorepad": 40.0, "rockgarden": 100.0, "strata": 40.0}  # disk store


def print_table(title: str, results: dict, floor: dict) -> None:
    f50 = statistics.median(floor["times"])
    print(title)
    for game, r in results.items():
        t = r["times"]
        p50 = statistics.median(t)
        print(f"  {game:11s}: p50 {p50:6.2f} ms  p95 {percentile(t, 0.95):6.2f} ms  "
              f"max {max(t):7.2f} ms  ({p50 / f50:.1f}x the floor's p50); "
              f"loop CPU p50 {statistics.median(r['cpu']):5.2f} ms, process CPU p50 "
              f"{statistics.median(r['process_cpu']):5.2f} / p95 {percentile(r['process_cpu'], 0.95):5.2f} ms; "
              f"memory {r['per_session'] / MB:.3f} MB/phone")
    for game, r in results.items():
        n = len(r["times"])
        print(f"  {game:11s}  cycle collections per action: " + ", ".join(
            f"gen {g} {count / n:.2f} ({total * 1e3 / n:.2f} ms)" for g, (count, total) in r["gc"].items()))
    ft_ = floor["times"]
    print(f"  floor      : p50 {f50:6.2f} ms  p95 {percentile(ft_, 0.95):6.2f} ms  max {max(ft_):7.2f} ms  "
          f"(bare Flet: 6 sessions each update one Text); memory {floor['per_session'] / MB:.3f} MB/session")


async def run(args) -> None:
    loop = asyncio.get_running_loop()
    executor = ThreadPoolExecutor(max_workers=8)
    pubsub = PubSubHub(loop, executor)
    data = Path(tempfile.mkdtemp(prefix="tc-bench-capacity-"))
    store = DiskStore(data) if args.store == "disk" else MemoryStore()
    ctx = AppContext(tables=Tables(store), public_url="http://127.0.0.1:8550", data_dir=data,
                     host_key_hash=token_hash("bench-host-key"), loopback_is_host=False)
    if args.gc == "quiet":  # as `companion serve` runs (companion/flet_runtime/quiet_gc.py)
        try:
            from companion.flet_runtime import quiet_gc
        except ImportError:  # older code, with CPython's own collector
            print("(this code has no companion/flet_runtime/quiet_gc.py: CPython's collector as it comes)")
        else:
            quiet_gc.install()
            ctx.tables.while_moving = quiet_gc.moving  # as `companion serve` hands it to the tables
    quota = CpuQuota(args.cpu_quota) if args.cpu_quota else None
    if quota:
        quota.make()
    rng = random.Random(7)
    results, quartered = {}, {}
    probe = None
    try:
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
            profiler = cProfile.Profile() if args.profile else None
            probe = PartsProbe(args.profile_part) if (args.parts or args.profile_part) and probe is None else probe
            if probe:
                probe.parts, probe.listen, probe.roles = {}, [], {}
                PROBE[0] = probe
            r = await timed_actions(tables, action, rng, args.actions, profiler, probe)
            results[game] = {**r, "per_session": per_session, "profiler": profiler,
                             "parts": probe.report(game, args.actions, statistics.mean(r["cpu"])) if probe else None}
            if quota:  # the same tables again, the process held to its share of one core
                quota.enter()
                PAUSE_S[0] = quota.pause_before_tap_s if args.pause_before_tap else 0.0
                try:
                    throttled = quota.throttled_ms()
                    r = await timed_actions(tables, action, rng, args.actions)
                    throttled = quota.throttled_ms() - throttled
                finally:
                    PAUSE_S[0] = 0.0
                    quota.leave()
                quartered[game] = {**r, "per_session": per_session, "throttled": throttled}
        floor = await floor_bench(loop, executor, pubsub, args.tables, args.actions, rng)
        if quota:
            quota.enter()
            try:
                floor_quartered = await floor_bench(loop, executor, pubsub, args.tables, args.actions, rng)
            finally:
                quota.leave()
    finally:
        if quota:
            quota.remove()
    where = ("durable store: the wait for the disk included" if args.store == "disk"
             else "in-memory store: the screens and the hub alone")
    print_table(f"\nserver cost of one action, tap -> all 6 phones sent their patch "
                f"({args.actions} actions, {args.tables} tables x 6 phones per game, {where}; "
                f"loop CPU = the event loop thread's CPU time, what other phones wait for; "
                f"process CPU = every thread's):", results, floor)
    if quota:
        print_table(f"\nthe same, the process held to {quota.words()} "
                    f"(the bare broadcast held alike):", quartered, floor_quartered)
        print("  throttled: " + ", ".join(f"{g} {r['throttled']:.0f} ms" for g, r in quartered.items()))
    print(f"\ngoals (issue 25; this host's speed moves them: bench/side_by_side.py reads them beside "
          f"the issue's own code, run at the same moment):")
    for game, r in results.items():
        if game in LOOP_CPU_GOAL_MS:
            value, goal = statistics.median(r["cpu"]), LOOP_CPU_GOAL_MS[game]
            note = "" if args.store == "memory" else " (the goal is for the memory store: run with --store memory)"
            print(f"  {game:11s}: loop CPU p50 {value:6.2f} ms, goal <= {goal:g} ms: "
                  f"{'MET' if value <= goal else 'NOT MET'}{note}")
    for game, r in quartered.items():
        if game in QUARTER_P95_GOAL_MS:
            value, goal = percentile(r["times"], 0.95), QUARTER_P95_GOAL_MS[game]
            note = "" if args.store == "disk" else " (the goal is for the disk store)"
            print(f"  {game:11s}: p95 at {args.cpu_quota:g} core {value:6.2f} ms, goal <= {goal:g} ms: "
                  f"{'MET' if value <= goal else 'NOT MET'}{note}")
    for game, r in results.items():
        if r["parts"]:
            print(r["parts"])
    if probe and probe.profiler:
        out = io.StringIO()
        pstats.Stats(probe.profiler, stream=out).sort_stats(args.sort).print_stats(30)
        print(f"\nprofile of the updates of {args.profile_part} (every game run):\n{out.getvalue()}")
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
    parser.add_argument("--parts", action="store_true",
                        help="where the loop's time goes: each part's updates per action and their CPU")
    parser.add_argument("--profile-part", metavar="NAME",
                        help="profile the updates of one part only (cProfile), e.g. Totals")
    parser.add_argument("--sort", default="tottime", help="the profile's order (tottime, cumulative)")
    parser.add_argument("--store", choices=("disk", "memory"), default="disk",
                        help="disk: the durable TinyDB store, fsynced (default); memory: "
                             "the screens' and the hub's cost without the disk")
    parser.add_argument("--gap-ms", type=float, default=0.0,
                        help="a pause before each timed action, not timed (default none: the actions "
                             "follow each other as fast as the bench can; a table's taps are seconds "
                             "apart, and the server's cycle collector runs in such pauses)")
    parser.add_argument("--gc", choices=("quiet", "default"), default="quiet",
                        help="quiet: the cycle collector as `companion serve` runs it, between moves "
                             "(default); default: CPython's own thresholds")
    parser.add_argument("--cpu-quota", type=float, default=None, metavar="FRACTION",
                        help="also run the timed actions with this process held to FRACTION of one "
                             "core (cgroup v1, root); prints both tables")
    parser.add_argument("--no-pause-before-tap", dest="pause_before_tap", action="store_false",
                        help="with --cpu-quota: tap right after the bench's own work for the phone "
                             "(finding the button, typing), as this bench did up to 2026-11-25, "
                             "instead of one cgroup period later")
    args = parser.parse_args()
    GAP_S[0] = args.gap_ms / 1000
    if args.cpu_quota is not None:
        if not 0 < args.cpu_quota <= os.cpu_count():
            parser.error("--cpu-quota: a fraction of one core, above 0")
        why = CpuQuota.problem()
        if why:
            print(f"bench/capacity.py: --cpu-quota cannot be applied here: {why}", file=sys.stderr)
            return 2
    print("bench/capacity.py:", machine_line())
    import logging

    logging.basicConfig(level=logging.WARNING)
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
