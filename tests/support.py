"""What the tests share: a real hub on an in-memory store, seated phones, readable
refusals, and random players that pick moves from their own view's ``legal`` list.

Nothing here mocks the engine or the hub: :class:`storage.memory.MemoryStore` keeps the
durable store's contract in memory.
"""

from __future__ import annotations

import http.client
import importlib
import json
import random
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable

from engine.errors import IllegalAction
from engine.game import Action, Game
from engine.moves import Move
from engine.plain import encoded
from engine.schema import Bool, Int, ListOf, OneOf, Record, Schema, Text
from engine.check import legal_moves
from engine.envelope import ENVELOPE
from engine.spec import make_spec
from engine.table import Match
from companion.table.hub import HOST, Tables, Who
from storage.memory import MemoryStore

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu")

_REPR = re.compile(r"\b(None|True|False)\b|Traceback|[{\[]'|<[a-z_.]+ object|\w+Error\b|/(tmp|home|root|usr|work)/|\.py\b")


def readable(message: str) -> bool:
    """A sentence a player can read: capitalised, short, no Python reprs, no paths."""
    return (isinstance(message, str) and 0 < len(message) <= 300
            and (message[0].isupper() or message[0].isdigit() or message[0] in "'\"")
            and not _REPR.search(message))


def players_for(game_id: str, wanted: int = 3) -> tuple[str, ...]:
    """Names for a table of ``game_id``: ``wanted`` players, or the nearest count the game
    seats (its own ``check_players`` says: Pai Sho seats 2 or 4, never 3)."""
    from engine.registry import get_game

    game = get_game(game_id)
    counts = sorted(range(game.min_players, game.max_players + 1), key=lambda n: (abs(n - wanted), n))
    for n in counts:
        try:
            game.check_players(list(NAMES[:n]))
        except IllegalAction:
            continue
        return NAMES[:n]
    raise AssertionError(f"{game_id} seats no table of {game.min_players} to {game.max_players}")


async def settle(*tabs) -> None:
    """Let each in-process phone (``App`` tabs) draw what it has heard."""
    for tab in tabs:
        await tab.settle()


async def until(condition: Callable[[], bool], what: str, seconds: float = 10) -> None:
    """Wait, polling, until ``condition()`` holds (an in-process phone has drawn what it
    heard); past ``seconds``, fail saying ``what`` was awaited."""
    import asyncio
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what}")
        await asyncio.sleep(0.01)


def companion(*args: str, timeout: float | None = None) -> subprocess.CompletedProcess:
    """The command line run in this process (``companion.cli.main``): its exit status and
    what it wrote to stdout and stderr, as :func:`companion_process` gives them, without
    the second or so a new interpreter costs. ``timeout`` is the process's only."""
    import contextlib
    import io

    from companion.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as exit_:  # --help, and a command that exits as a process would
            status = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    return subprocess.CompletedProcess(["companion", *args], status, out.getvalue(), err.getvalue())


def companion_at(server, *args: str) -> subprocess.CompletedProcess:
    """A command on a running server's data folder, in this process (as another process
    on the host machine would run it)."""
    return companion(*args, "--data", str(server.data_dir))


def companion_process(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """The command line in a process of its own, from the project's folder: for what only
    a real process shows (``serve``'s start and exit, its status as the shell sees it)."""
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=str(ROOT),
                          capture_output=True, text=True, timeout=timeout)


def files_of(data) -> dict:
    """Every file under ``data`` and its bytes (to show a refused command changed nothing)."""
    return {str(p.relative_to(data)): p.read_bytes() for p in sorted(data.rglob("*")) if p.is_file()}


def refused(result, says: str) -> None:
    """A command refused in one line on stderr, exit 2, nothing on stdout."""
    assert result.returncode == 2, result
    assert result.stderr.count("\n") == 1 and says in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and not result.stdout


def rules_imported(*modules) -> list[str]:
    """The lines of these modules' source that import the engine's rules: screens read
    rules from the view. ``engine.words`` (plurals, lists in English) is no rule."""
    lines = [line.strip() for module in modules for line in open(module.__file__).read().splitlines()]
    return [line for line in lines if line.startswith(("from engine", "import engine"))
            and not line.startswith("from engine.words import")]


def upgraded_match(game: Game, spec, old: list) -> Match:
    """A table of an older log (entries or their JSON) opened as storage opens it: the
    log upgraded to today's moves once (:func:`engine.upgrade.upgrade_log`), then
    replayed; the upgrade must take the whole log."""
    from engine.log import Entry
    from engine.upgrade import upgrade_log

    up = upgrade_log(game, spec, [e if isinstance(e, Entry) else Entry.from_json(e) for e in old])
    assert up.problem is None, up.problem
    return Match(game, spec, up.entries)


def memory_tables() -> Tables:
    return Tables(MemoryStore())


def seated(hub) -> list[Who]:
    """A phone in every seat, each holding its own secret token."""
    return [Who(seat=s, token=hub.claim_seat(s)) for s in range(len(hub.spec.players))]


def new_table(game_id: str, players=("Ann", "Bo", "Cy"), settings=None):
    """(hub, phones) for a fresh table on an in-memory store."""
    hub = memory_tables().create(game_id, list(players), settings)
    return hub, seated(hub)


# -- random players -------------------------------------------------------------------

Sampler = Callable[[random.Random, str, dict, dict], dict]
"""``payload(rng, kind, view, table)``: a payload a player looking at ``view`` (their
envelope) might send for ``kind``; ``table`` has ``players``, ``seat``, ``settings``."""


def sampler_for(game_id: str) -> Sampler:
    """The game's random player (``tests/players/<game>.py``), else payloads drawn from
    the move's schema."""
    try:
        module = importlib.import_module(f"tests.players.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"tests.players.{game_id}":
            raise
        return schema_sampler(game_id)
    return module.payload


def schema_sampler(game_id: str) -> Sampler:
    from engine.registry import get_game

    game = get_game(game_id)

    def payload(rng: random.Random, kind: str, view: dict, table: dict) -> dict:
        return random_value(rng, game.moves[kind].payload)

    return payload


def random_value(rng: random.Random, schema: Schema) -> Any:
    if isinstance(schema, Record):
        return {k: random_value(rng, f.schema) for k, f in schema.fields.items()
                if f.required or rng.random() < 0.5}
    if isinstance(schema, Int):
        return rng.randint(schema.low, min(schema.high, schema.low + 10))
    if isinstance(schema, Bool):
        return rng.random() < 0.5
    if isinstance(schema, Text):
        return rng.choice(schema.choices) if schema.choices else "x"
    if isinstance(schema, ListOf):
        return [random_value(rng, schema.item) for _ in range(rng.randint(schema.min_len, min(schema.max_len, schema.min_len + 3)))]
    if isinstance(schema, OneOf):
        return random_value(rng, rng.choice(schema.options))
    raise TypeError(schema)


def seat_view(game: Game, state: Any, seat: int | None, host: bool, names) -> dict:
    """The envelope's parts that depend on the state, without a Match around it."""
    from engine.envelope import envelope

    view = envelope(game, state, game.public(state), seat, legal_moves(game, state, seat, host, names), 0, [], 0)
    return {key: value for key, value in view.items() if key not in ("revision", "news", "moves")}


def played(game: Game, state: Any, script) -> list[tuple[Any, Action, Any]]:
    """``script`` (``(seat, kind, payload)`` each; seat None: sent from the host's device)
    played from ``state``: each move as its words read it, ``(before, action, after)``."""
    from engine.check import play

    steps = []
    for seat, kind, payload in script:
        action = Action(seat, kind, payload)
        after = play(game, state, action, host=seat is None)
        steps.append((state, action, after))
        state = after
    return steps


def every_kind_said(game: Game, steps: list[tuple[Any, Action, Any]]) -> None:
    """``steps`` (from :func:`played`) make every move kind of ``game``, and every move
    declares its words beside it (issue 38)."""
    assert {action.kind for _, action, _ in steps} == set(game.moves)
    assert [kind for kind, move in game.moves.items() if move.words is None] == []


def _seats_taken(game: Game, n: int) -> bool:
    """Does the game play with ``n`` players (some take only some counts in their range)?"""
    try:
        game.check_players(list(NAMES[:n]))
    except IllegalAction:
        return False
    return True


class RandomTable:
    """A Match played by random players who look only at their own view's ``legal``."""

    def __init__(self, game: Game, rng: random.Random, n_players: int | None = None,
                 settings: dict | None = None):
        self.game = game
        self.rng = rng
        n = n_players or rng.randint(game.min_players, min(game.max_players, 5))
        while not n_players and not _seats_taken(game, n):
            n = rng.randint(game.min_players, min(game.max_players, 5))  # Pai Sho: 2 or 4
        self.spec = make_spec(game, NAMES[:n], settings)
        self.match = Match(game, self.spec)
        self.sample = sampler_for(game.id)
        self.n = n

    def viewers(self) -> list[tuple[int | None, bool]]:
        """(seat, host): every phone, the host's table screen, the host entering for a seat."""
        out: list[tuple[int | None, bool]] = [(s, False) for s in range(self.n)]
        out.append((None, True))
        out.extend((s, True) for s in range(self.n))
        return out

    def table(self, seat: int | None, host: bool) -> dict:
        return {"players": list(self.spec.players), "seat": seat, "host": host,
                "settings": dict(self.spec.settings)}

    def choose(self) -> tuple[int | None, bool, str, dict] | None:
        """A viewer, one of its legal kinds and a payload; seats to act are picked most."""
        match = self.match
        waiting = set(self.game.to_act(match.state))
        options = []
        for seat, host in self.viewers():
            legal = match.legal(seat, host)
            if not legal:
                continue
            weight = 6 if seat in waiting and not host else (1 if not host else 0.4)
            options.append((weight, seat, host, legal))
        if not options:
            return None
        total = sum(o[0] for o in options)
        pick = self.rng.random() * total
        for weight, seat, host, legal in options:
            pick -= weight
            if pick <= 0:
                break
        kinds = [k for k in legal if k not in ("undo", "redo")]
        if not kinds or self.rng.random() < 0.03:
            kinds = legal
        kind = self.rng.choice(kinds)
        if kind in ("undo", "redo"):
            return seat, host, kind, {}
        view = match.view(seat, host)
        return seat, host, kind, self.sample(self.rng, kind, view, self.table(seat, host))

    def action(self, seat: int | None, host: bool, kind: str, payload: dict) -> tuple[int | None, Action]:
        by = None if host else seat
        return by, Action(by if kind in ("undo", "redo") else seat, kind, payload)


def fuzz_values() -> list[Any]:
    """Values no declared field should take: wrong types, non-numbers, huge, deep, long."""
    deep: Any = 1
    for _ in range(200):
        deep = [deep]
    return [True, 1.5, float("nan"), float("inf"), -float("inf"), 10 ** 30, -(10 ** 30),
            "x" * 1_000_000, deep, {"a": {"b": {"c": 1}}}, [], {}, "", "\x1b[31mred", None,
            [1, "two", None], 2 ** 63]


def payload_fuzz(move: Move) -> list[Any]:
    """Whole payloads and single fields, each of which the schema refuses."""
    cases: list[Any] = [[], "text", 5, [{"a": 1}], {"zz_unknown": 1}, {"x" * 5000: 1}]
    for key, spec in move.payload.fields.items():
        for value in fuzz_values():
            if value is None and (not spec.required or spec.nullable):
                continue  # the Record reads an optional field's null as "left out"
            try:
                spec.schema.check(value, "x")
            except IllegalAction:
                cases.append({key: value})
            except Exception as exc:  # pragma: no cover - reported as a failure
                raise AssertionError(f"{move.kind}.{key}: schema raised {exc!r}") from exc
    return cases


def dumps(value: Any) -> str:
    return encoded(value)


__all__ = ["ENVELOPE", "HOST", "NAMES", "RandomTable", "dumps", "fuzz_values", "json",
           "memory_tables", "new_table", "payload_fuzz", "random", "readable", "seat_view",
           "seated"]


# -- the JSON transport ---------------------------------------------------------------

class Api:
    """The JSON transport (``companion/server/json_api.py``) over the real hub, in-process: what a
    script (or a cheat with a phone's seat token) can send."""

    def __init__(self, tables: Tables | None = None, host_key: str = "host-key"):
        from fastapi import FastAPI
        from fastapi.testclient import TestClient

        from companion.server.json_api import add_api
        from companion.table.codes import token_hash
        from companion.table.context import AppContext

        self.tables = tables or memory_tables()
        self.host_key = host_key
        ctx = AppContext(tables=self.tables, public_url="http://test", data_dir=None,
                         host_key_hash=token_hash(host_key), loopback_is_host=False)
        app = FastAPI()
        add_api(app, ctx)
        self.client = TestClient(app, raise_server_exceptions=False)

    def create(self, game_id: str, players=("Ann", "Bo", "Cy"), settings=None) -> str:
        return self.tables.create(game_id, list(players), settings).code

    def claim(self, code: str, seat: int) -> str:
        response = self.client.post(f"/api/tables/{code}/seats/{seat}")
        assert response.status_code == 200, response.text
        return response.json()["token"]

    def view(self, code: str, token: str | None = None, host: bool = False) -> dict:
        response = self.client.get(f"/api/tables/{code}", headers=self._headers(token, host))
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, code: str, kind: str, payload=None, token: str | None = None,
            host: bool = False, seat: int | None = None, revision: int | None = None,
            raw: bytes | None = None):
        """(status, body) for one action; ``raw`` sends those bytes as the body."""
        body = raw if raw is not None else json.dumps(
            {k: v for k, v in {"kind": kind, "payload": payload, "seat": seat,
                               "revision": revision}.items() if v is not None}).encode()
        response = self.client.post(f"/api/tables/{code}/actions", content=body,
                                    headers={"content-type": "application/json",
                                             **self._headers(token, host)})
        return response.status_code, response.json()

    def refused(self, code: str, kind: str | None, payload=None, token: str | None = None,
                host: bool = False, seat: int | None = None, raw: bytes | None = None,
                statuses=(400, 403, 409)) -> str:
        """The action is refused in words (one of ``statuses``) and the table, as the host
        and the sender see it, is just as it was; the sentence, for the test to read."""
        def seen():  # what the host and the sender (if its token is a seat's) see
            sender = self.client.get(f"/api/tables/{code}", headers=self._headers(token, False))
            return self.view(code, host=True), sender.status_code, sender.json()

        before = seen()
        status, body = self.act(code, kind, payload, token=token, host=host, seat=seat, raw=raw)
        assert status in statuses, (status, body)
        assert set(body) == {"error"} and readable(body["error"]), body
        assert seen() == before
        return body["error"]

    def _headers(self, token: str | None, host: bool) -> dict:
        headers = {}
        if token:
            headers["X-Seat-Token"] = token
        if host:
            headers["X-Host-Key"] = self.host_key
        return headers


# -- the real app in tabs without a browser ---------------------------------------------

class App:
    """The real app's tabs on real Flet sessions over the real hub (in-memory store):
    ``await app.seat(hub, 0)`` is a phone sitting in seat 0, ``await app.host(hub)`` the
    host's screen. Use inside :func:`run_app`."""

    def __init__(self, tables: Tables | None = None):
        import asyncio
        from concurrent.futures import ThreadPoolExecutor

        from flet.pubsub.pubsub_hub import PubSubHub

        from companion.table.codes import token_hash
        from companion.table.context import AppContext

        self.loop = asyncio.get_running_loop()
        self.executor = ThreadPoolExecutor(max_workers=4)
        self.pubsub = PubSubHub(self.loop, self.executor)
        self.tables = tables or memory_tables()
        self.ctx = AppContext(tables=self.tables, public_url="http://127.0.0.1:8550", data_dir=None,
                              host_key_hash=token_hash("host-key"), loopback_is_host=False)

    def create(self, game_id: str, players=("Ann", "Bo", "Cy"), settings=None):
        return self.tables.create(game_id, list(players), settings)

    async def tab(self, route: str, is_host: bool = False, storage: dict | None = None,
                  width: float = 390.0, ip: str = "192.168.1.20", started: bool = False):
        """``started``: the tab's stored values read first, as the app starts a tab (else
        they are read as its screens ask)."""
        from tests.flet_sessions import Tab

        tab = Tab(self.loop, self.executor, self.pubsub, self.ctx, route, is_host, storage, width, ip,
                  render=not started)
        if started:
            await tab.start()
        await tab.settle()
        return tab

    async def seat(self, hub, seat: int):
        token = hub.claim_seat(seat)
        return await self.tab(f"/t/{hub.code}", storage={f"seat.{hub.code}": token})

    async def host(self, hub, width: float = 390.0):
        return await self.tab(f"/t/{hub.code}", is_host=True, width=width)

    async def watcher(self, hub):
        return await self.tab(f"/t/{hub.code}")


async def ann_sits(app, hub, storage: dict | None = None):
    """A phone (keeping ``storage``) that sat in Ann's seat at ``hub``'s table, once its
    seat is linked to its person in the host's book of plays."""
    from companion.table.plays import PEOPLE_META

    phone = await app.tab(f"/join/{hub.code}", storage=storage)
    await phone.tap("Sit as Ann")
    await until(lambda: hub.store.get_meta(hub.code, PEOPLE_META), "Ann's seat linked to her person")
    return phone


def run_apart(coroutine):
    """Run a coroutine to its end on its own loop in its own thread: the browser tests'
    Playwright keeps a loop running in the main thread for the whole session, and
    ``asyncio.run`` refuses to start beside it."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


def run_app(test, tables: Tables | None = None):
    """Run ``async def test(app)`` apart (see :func:`run_apart`)."""
    async def main():
        app = App(tables)
        try:
            return await test(app)
        finally:
            app.executor.shutdown(wait=False)

    return run_apart(main())


# -- the server by hand over HTTP ---------------------------------------------------------

def get(url: str, headers: dict | None = None):
    request = urllib.request.Request(url, headers=headers or {})
    return urllib.request.urlopen(request, timeout=20)


def post(url: str, body, headers: dict | None = None) -> tuple[int, dict]:
    """(status, answer) of a JSON POST (``Content-Type: application/json`` unless
    ``headers`` say otherwise)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def api_request(server, method: str, path: str, headers: list[tuple[str, str]],
                body: bytes = b"") -> tuple[int, dict]:
    """(status, JSON answer) of one request sent with exactly ``headers`` (a name may repeat)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.putrequest(method, path)
        for name, value in [("Content-Type", "application/json"), ("Content-Length", str(len(body))), *headers]:
            conn.putheader(name, value)
        conn.endheaders(body)
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        conn.close()


def raw_request(server, head: bytes, body_chunks=(), timeout: float = 10) -> tuple[int, bytes, float]:
    """(status, response, seconds) for a request written by hand on a socket."""
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as sock:
        sock.sendall(head)
        try:
            for chunk in body_chunks:
                sock.sendall(chunk)
        except OSError:  # the server answered and closed before the body was all sent
            pass
        data = b""
        while b"\r\n\r\n" not in data or not response_complete(data):
            try:
                more = sock.recv(65536)
            except OSError:
                break
            if not more:
                break
            data += more
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    return status, data, time.perf_counter() - start


def response_complete(data: bytes) -> bool:
    head, _, body = data.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return True


def revision(server, code: str, token: str) -> int:
    return json.loads(get(f"{server.url}/api/tables/{code}", {"X-Seat-Token": token}).read())["revision"]
