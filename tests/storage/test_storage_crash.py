"""kill -9 at random moments: every acknowledged append survives, the file stays whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from storage import DiskStore

REPO = Path(__file__).resolve().parents[2]
CODE = "CRASH"
KILLS = 20

WRITER = r"""
import sys
from storage import DiskStore

store = DiskStore(sys.argv[1])
rev = store.revision("CRASH")
print("ready", rev, flush=True)
while True:
    rev += 1
    store.append("CRASH", {"rev": rev, "kind": "mark",
                           "payload": {"n": rev, "pad": "x" * (rev % 97)}})
    if rev % 5 == 0:
        store.set_meta("CRASH", "last", rev)
    print(rev, flush=True)
"""


def payload(rev: int) -> dict:
    return {"n": rev, "pad": "x" * (rev % 97)}


def run_and_kill(data: Path, delay: float) -> tuple[int, list[int]]:
    """Start a writer, kill it ``delay`` s after it is ready; (its start rev, acked revs)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(data)], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.strip())
            ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert ready.wait(30), proc.stderr.read() if proc.poll() is not None else "no start"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:  # pragma: no cover
            proc.kill()
    reader.join(10)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read()
    tag, start = lines[0].split()
    assert tag == "ready"
    return int(start), [int(line) for line in lines[1:] if line]


def test_acknowledged_appends_survive_sigkill(tmp_path: Path):
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    with DiskStore(tmp_path) as store:
        store.create(CODE, {"game": "scorepad"})
    acked: set[int] = set()
    for attempt in range(KILLS):
        start, revs = run_and_kill(tmp_path, rng.uniform(0.0, 0.12))
        acked.update(revs)
        with DiskStore(tmp_path) as store:
            spec, entries = store.load(CODE)
            where = f"seed {seed}, kill {attempt}"
            assert spec == {"game": "scorepad"}, where
            assert [e["rev"] for e in entries] == list(range(1, len(entries) + 1)), where
            assert all(e["payload"] == payload(e["rev"]) for e in entries), where
            assert acked <= {e["rev"] for e in entries}, f"lost an acknowledged rev ({where})"
            newest_acked = max(acked, default=0)
            # at most the one write in flight at the kill landed without its acknowledgement
            assert len(entries) <= max(newest_acked, start) + 1, where
            assert [r.code for r in store.list()] == [CODE], where
    assert len(acked) > KILLS, "the writers barely wrote: the test proved little"
