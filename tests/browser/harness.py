"""The real server in a subprocess and real headless Chromium phones (Playwright).

Chromium is Debian's (``make test`` installs it); Playwright never downloads a browser.
A missing Chromium is a failure, not a skip.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
PHONE = {"width": 390, "height": 844}
LINE = 1.4
"""A line of text's box height over its type size (measured: 1.43 in Flutter's web
client; 1.4 leaves room for rounding)."""
EVENTS_KEPT = 40
"""What a phone's report keeps: its last events (loads, sockets, errors)."""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        raise RuntimeError("Chromium is missing: run `make test` (it installs Debian's chromium)")
    return path


def chromium_busy_threads(seconds: float = 1.0) -> str:
    """Which threads of Chromium's renderers and GPU process were busy over ``seconds``
    (from /proc), when a page stops answering: a page whose script spins shows its
    renderer's main thread near 100%; a page that waits on another thread (a worker, the
    GPU process) shows that one, or none."""
    def ticks() -> dict[tuple[str, int, int], tuple[int, str]]:
        found = {}
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                command = (proc / "cmdline").read_bytes()  # rewritten by Chromium: spaces
                kind = next((k for k in (b"renderer", b"gpu-process") if b"--type=" + k in command), None)
                if kind is None:
                    continue
                for task in (proc / "task").iterdir():
                    name, rest = (task / "stat").read_text().rsplit(")", 1)
                    fields = rest.split()
                    key = (kind.decode(), int(proc.name), int(task.name))
                    found[key] = (int(fields[11]) + int(fields[12]), f"{name.split('(', 1)[1]} {fields[0]}")
            except (OSError, ValueError, IndexError):
                continue
        return found

    before = ticks()
    if not before:
        return "(no renderer found)"
    time.sleep(seconds)
    after = ticks()
    hz = os.sysconf("SC_CLK_TCK")
    busy = sorted(((after[key][0] - before[key][0]) / hz / seconds, key) for key in after if key in before)
    said = [f"{kind} {pid} {'main' if tid == pid else 'thread'} '{after[(kind, pid, tid)][1]}' {share:.0%}"
            for share, (kind, pid, tid) in reversed(busy) if share >= 0.05]
    return ", ".join(said) or "none of their threads busy (the pages wait)"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def stop_process(proc: subprocess.Popen | None) -> None:
    """Ask politely (SIGTERM), then SIGKILL after 10 s."""
    if proc and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def wait_until_serving(proc: subprocess.Popen, url: str, log_path: Path, timeout: float) -> None:
    """Poll ``url`` until the process answers 200; its log tail if it dies first."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{url}: the server exited: {Path(log_path).read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url}: the server did not answer in {timeout:.0f} s")


@dataclass
class Server:
    """``companion serve`` on loopback, as a separate process that can be SIGKILLed."""

    data_dir: Path
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen | None = None
    log_path: Path | None = None
    options: tuple[str, ...] = ()
    """More ``companion serve`` options (``--trust-proxy``, ...)."""
    env: dict = field(default_factory=dict)
    """Extra environment for the server (``FLET_SESSION_TIMEOUT``, ...)."""
    loopback_host: bool = False
    """The host machine's own browser is the host (``serve``'s default; tests say so)."""
    address: str = "127.0.0.1"
    """Where it listens and is reached (a bench gives the machine's LAN address)."""
    root: Path = ROOT
    """The checkout it is served from (a bench serves an earlier commit beside this one)."""

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}"

    @property
    def host_key(self) -> str:
        return (self.data_dir / "host.key").read_text().strip()

    def start(self, timeout: float = 40) -> "Server":
        self.log_path = self.data_dir.parent / f"server-{self.port}.log"
        log = open(self.log_path, "ab")
        env = dict(os.environ, PYTHONUNBUFFERED="1", FLET_WEB_NO_CDN="1", **self.env)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", self.address, "--port", str(self.port),
             "--data", str(self.data_dir), "--public-url", self.url,
             *(() if self.loopback_host else ("--no-loopback-host",)), *self.options],
            cwd=str(self.root), stdout=log, stderr=subprocess.STDOUT, env=env,
            start_new_session=True)
        wait_until_serving(self.proc, self.url, self.log_path, timeout)
        return self

    def kill9(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        stop_process(self.proc)

    def log_tail(self, lines: int = 30) -> str:
        """The end of the server's log (its start banner and QR code left out)."""
        try:
            text = Path(self.log_path).read_text(errors="replace")
        except (OSError, TypeError):
            return "(no server log)"
        kept = text.split("Stop with Ctrl-C.", 1)[-1].strip().splitlines()
        return "\n".join(kept[-lines:]) or "(the server logged nothing after its start)"

    def act(self, code: str, kind: str, payload: dict | None = None, seat: int | None = None) -> None:
        """One move sent by the host over the JSON transport (as a script would)."""
        import json
        import urllib.request

        body = {"kind": kind, "payload": payload or {}, **({"seat": seat} if seat is not None else {})}
        request = urllib.request.Request(f"{self.url}/api/tables/{code}/actions", method="POST",
                                         data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json",
                                                  "X-Host-Key": self.host_key})
        with urllib.request.urlopen(request, timeout=20) as answer:
            assert answer.status == 200

    def companion(self, *args: str) -> subprocess.CompletedProcess:
        """Run a ``companion`` command against this server's data directory."""
        return subprocess.run([sys.executable, "-m", "companion", *args, "--data", str(self.data_dir)],
                              cwd=str(ROOT), capture_output=True, text=True, timeout=60)


IPHONE_SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1")
"""An iPhone's Safari: with APPLE_VENDOR, Flet's flutter.js gives the page its JavaScript build."""
APPLE_VENDOR = "Object.defineProperty(Navigator.prototype, 'vendor', {get: () => 'Apple Computer, Inc.'});"
BUILDS = ("wasm", "js")
"""The two builds of Flet's web client: WebAssembly (Chromium) and JavaScript (iPhones, Firefox)."""
ENGINES = (*BUILDS, "webkit")
"""Where a test written once runs (the conftest's ``phones(name, build=...)``): Chromium on
each build, and WebKitGTK (Safari's engine, on the JavaScript build)."""


CONNECTIONS = ("() => [performance.timeOrigin, (window.comeback || {}).opened || 0, "
               "(window.comeback || {}).heard || 0]")
TWO_FRAMES = ("() => { window.__twoFrames = false; setTimeout(() => requestAnimationFrame(() => "
              "requestAnimationFrame(() => { window.__twoFrames = true; })), 20); }")
"""(The messages a page hears are handed to Flet's client a few milliseconds late: see
assets/comeback.js's Gathered.)"""


class Screen:
    """What every phone can tell of its screen, on any engine: the size, height and ink of
    labelled nodes, drawn rows and columns, the background. A phone gives four things:
    ``evaluate(script, arg)`` (a JavaScript function of one argument), ``png()`` (a
    screenshot), ``pause(ms)`` and ``viewport()`` (its width and height)."""

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(self.png())

    def keep_screenshot(self, name: str) -> Path:
        """A screenshot kept as a test artifact (``tests/artifacts/screens/<name>.png``);
        refused if the page drew nothing (one flat colour: a layout that failed). The canvas
        may lag the accessibility tree the tests read ("Opening..." still painted): the
        shot is kept once two shots in a row are the same picture."""
        from PIL import Image

        path = ARTIFACTS / "screens" / f"{name}.png"
        last = None
        for _ in range(30):
            self.screenshot(path)
            picture = Image.open(path).convert("RGB")
            colours = picture.getcolors(maxcolors=1 << 16)
            drawn = colours is None or len(colours) > 8
            shot = picture.tobytes()
            if drawn and shot == last:
                return path
            last = shot if drawn else None
            self.pause(300)
        raise AssertionError(f"{name}: the page is blank or never settled")

    def label_heights(self, labels: list[str]) -> dict[str, float]:
        """How tall (CSS px) the accessibility nodes named ``labels`` are drawn: a text's
        node is the box Flutter lays its glyphs in, so its height is the type's size."""
        return self.evaluate(
            """(labels) => {
                const out = {};
                for (const el of document.querySelectorAll('flt-semantics')) {
                    const name = (el.getAttribute('aria-label') || el.textContent || '').trim();
                    if (labels.includes(name)) {
                        const h = el.getBoundingClientRect().height;
                        out[name] = Math.max(out[name] || 0, h);
                    }
                }
                return out;
            }""", labels)

    def assert_readable_from_afar(self, labels: list[str], at_least: float = 40) -> None:
        """Every one of ``labels`` is on screen, drawn at least ``at_least`` px high (a
        table screen read from 2 m)."""
        heights = self.label_heights(labels)
        assert set(heights) == set(labels), heights
        assert all(h >= at_least for h in heights.values()), heights

    def label_boxes(self, labels: list[str]) -> dict[str, dict]:
        """The box (CSS px: x, y, width, height) of the accessibility node named each of
        ``labels`` (the tallest, when several have the name)."""
        return self.evaluate(
            """(labels) => {
                const out = {};
                for (const el of document.querySelectorAll('flt-semantics')) {
                    const name = (el.getAttribute('aria-label') || el.textContent || '').trim();
                    if (!labels.includes(name)) continue;
                    const r = el.getBoundingClientRect();
                    if (!out[name] || r.height > out[name].height)
                        out[name] = {x: r.x, y: r.y, width: r.width, height: r.height};
                }
                return out;
            }""", labels)

    def ink_heights(self, labels: list[str]) -> dict[str, int]:
        """How tall the glyphs named each of ``labels`` are drawn, in pixels read from a
        screenshot: inside the text's box, the rows holding a pixel unlike the box's own
        background (its commonest colour: the page, or the chip a number sits on). For
        digits this is their height on screen: 0.71 of the type size in Roboto (a 40 px
        number has digits 28 px high)."""
        import io

        from PIL import Image

        boxes, last, out = {}, None, {}
        for _ in range(20):  # the canvas may paint a moment after the tree has the labels
            boxes = self.label_boxes(labels)
            png = self.png()
            out = self._inks(Image.open(io.BytesIO(png)).convert("RGB"), boxes)
            if png == last and all(out.values()):
                break
            last = png
            self.pause(300)
        return out

    @staticmethod
    def _inks(shot, boxes: dict) -> dict[str, int]:
        out = {}
        for name, box in boxes.items():
            left, top = max(0, int(box["x"])), max(0, int(box["y"]))
            right = min(shot.width, int(box["x"] + box["width"] + 0.5))
            bottom = min(shot.height, int(box["y"] + box["height"] + 0.5))
            if right <= left or bottom <= top:
                out[name] = 0
                continue
            crop = shot.crop((left, top, right, bottom))
            background = max(crop.getcolors(1 << 20))[1]
            pixels = crop.load()
            rows = [y for y in range(crop.height)
                    if any(max(abs(a - b) for a, b in zip(pixels[x, y], background)) > 90
                           for x in range(crop.width))]
            out[name] = rows[-1] - rows[0] + 1 if rows else 0
        return out

    def assert_numbers_readable_from_afar(self, labels: list[str], type_size: float = 40) -> None:
        """Every one of ``labels`` (numbers, with what they count) is on screen and drawn
        at ``type_size`` px or more, measured on the page twice: the text's box (Flutter
        lays a line out about 1.43 times its type size: 57 px for 40 px type) and its
        digits, read from the screenshot (0.75 of the type size: 30 px for 40 px type; at
        least 0.7 is asked). The issue measured the digits: its "16 px" were 22 px type."""
        boxes = self.label_boxes(labels)
        assert set(boxes) == set(labels), (sorted(set(labels) - set(boxes)), boxes)
        small = {n: round(b["height"] / LINE, 1) for n, b in boxes.items() if b["height"] < type_size * LINE}
        assert not small, f"type under {type_size} px (box height / {LINE}): {small}"
        inks = self.ink_heights(labels)
        short = {n: h for n, h in inks.items() if h < type_size * 0.7}
        assert not short, f"digits under {type_size * 0.7:.0f} px high on screen: {short} (all: {inks})"

    def luminance_in(self, label: str) -> dict[str, float]:
        """How light the pixels inside the node named ``label`` are drawn (0 black .. 255
        white): its darkest, its lightest and its centre, read from a screenshot."""
        import io

        from PIL import Image

        box = self.label_boxes([label])[label]
        shot = Image.open(io.BytesIO(self.png())).convert("L")
        crop = shot.crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]),
                          int(box["y"] + box["height"])))
        low, high = crop.getextrema()
        return {"darkest": low, "lightest": high,
                "centre": crop.getpixel((crop.width // 2, crop.height // 2))}

    def drawn_rows(self) -> tuple[int, int] | None:
        """The topmost and bottommost rows where the page drew anything but its
        background (a screen whose lower half is empty ends half way)."""
        import io

        from PIL import Image

        image = Image.open(io.BytesIO(self.png())).convert("RGB")
        background = max(image.getcolors(1 << 16) or [(0, image.getpixel((1, 1)))])[1]
        width, height = image.size
        pixels = image.load()
        rows = [y for y in range(height)
                if any(pixels[x, y] != background for x in range(0, width, 3))]
        return (rows[0], rows[-1]) if rows else None

    def assert_fills_the_screen(self, labels: list[str], down_to: float = 0.8) -> None:
        """The screen is used to its foot (something is drawn below ``down_to`` of its
        height) and nothing named in ``labels`` lies below it (no scrolling to read it)."""
        height = self.viewport()["height"]
        rows = self.drawn_rows()
        assert rows is not None and rows[1] >= height * down_to, \
            f"drawn down to row {rows and rows[1]} of {height}: the foot of the screen is empty"
        boxes = self.label_boxes(labels)
        assert set(boxes) == set(labels), sorted(set(labels) - set(boxes))
        below = {n: b["y"] + b["height"] for n, b in boxes.items() if b["y"] + b["height"] > height + 1}
        assert not below, f"below the screen's foot ({height} px): {below}"

    def drawn_span(self) -> tuple[int, int] | None:
        """The leftmost and rightmost columns where the page drew anything but its
        background (a squeezed column, or a loading spinner, is narrow)."""
        import io

        from PIL import Image

        image = Image.open(io.BytesIO(self.png())).convert("RGB")
        background = max(image.getcolors(1 << 16) or [(0, image.getpixel((1, 1)))])[1]
        width, height = image.size
        columns = [x for x in range(width)
                   if any(image.getpixel((x, y)) != background for y in range(0, height, 4))]
        return (columns[0], columns[-1]) if columns else None

    def connections(self) -> list:
        """This load and how many connections it has opened (``assets/comeback.js`` counts
        them): what :meth:`back_since` compares with."""
        return self.evaluate(CONNECTIONS)[:2]

    def back_since(self, before: list, timeout: float = 30000) -> None:
        """Wait until the page is connected again after ``before`` (:meth:`connections`):
        a later connection in the same load (the page kept its screen and Flet's client
        connected again; the host's answer to it, drawn, takes the old connection's screen
        away) or a later load (it reloaded); then two frames drawn since."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            try:
                load, opened, heard = self.evaluate(CONNECTIONS)
                if load != before[0] or (opened > before[1] and heard >= 1):
                    break
            except Exception:  # the page is between two loads
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: not connected again in {timeout / 1000:.0f} s")
            self.pause(50)
        if load != before[0]:
            self.ready()
        self.evaluate(TWO_FRAMES)
        while not self.evaluate("() => window.__twoFrames === true"):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: draws no frame")
            self.pause(20)

    def drawn_at_full_width(self, margin: int = 24) -> bool:
        span = self.drawn_span()
        width = self.viewport()["width"]
        return span is not None and span[0] <= margin and span[1] >= width - margin

    def background(self) -> tuple[int, int, int]:
        """The colour of the page's top left corner (light or dark theme), once the page has
        painted: Flutter can put a frame's labels in the accessibility tree a moment before
        its pixels reach the screen, and a page not painted yet is blank white."""
        import io

        from PIL import Image

        deadline = time.monotonic() + 10
        while self.drawn_span() is None and time.monotonic() < deadline:
            self.pause(100)

        return Image.open(io.BytesIO(self.png())).convert("RGB").getpixel((3, 3))


class Phone(Screen):
    """One browser context: its own Flet session and its own storage, 390 x 844."""

    def __init__(self, browser, name: str, viewport=None, touch: bool = False, dark: bool = False,
                 build: str = "wasm"):
        """``touch``: a phone's touch screen (taps are touches, not mouse clicks);
        ``dark``: the phone's system asks for dark mode (the app follows it);
        ``build``: which build of Flet's web client the page loads, "wasm" (what Chromium
        gets) or "js" (what every iPhone and Firefox get: Chromium posing as iPhone Safari)."""
        self.name = name
        self.touch = touch
        self.build = build
        posing = {"user_agent": IPHONE_SAFARI} if build == "js" else {}
        self.context = browser.new_context(viewport=viewport or PHONE, has_touch=touch,
                                           is_mobile=touch, color_scheme="dark" if dark else "light",
                                           **posing)
        if build == "js":
            self.context.add_init_script(APPLE_VENDOR)
        self.page = self.context.new_page()
        self.frames: list[bytes] = []
        self.events: deque[str] = deque(maxlen=EVENTS_KEPT)
        self._listen(self.page)

    def _listen(self, page) -> None:
        """Keep what happened to the page (loads, failed requests, closed sockets, console
        errors), said when a test fails: a page that reloaded by itself or lost its socket
        is then visible in the report, not only a timeout."""
        def note(text: str) -> None:  # the clock's time, as in the server's log
            self.events.append(f"{datetime.now().strftime('%H:%M:%S.%f')[:-3]} {text[:200]}")

        def on_socket(ws):
            note(f"websocket open {ws.url}")
            ws.on("close", lambda _ws: note("websocket closed"))
            ws.on("socketerror", lambda error: note(f"websocket error {error}"))

        page.on("framenavigated", lambda frame: note(f"at {frame.url}") if frame == page.main_frame else None)
        page.on("load", lambda _page: note("load"))
        page.on("requestfailed", lambda request: note(f"failed {request.url} {request.failure}"))
        page.on("websocket", on_socket)
        page.on("console", lambda message: note(f"console {message.type}: {message.text}")
                if message.type in ("error", "warning") else None)  # comeback.js warns what it says
        page.on("pageerror", lambda error: note(f"page error {error}"))
        page.on("crash", lambda _page: note("crashed"))

    def report(self) -> str:
        """What this phone saw, for a failed test's report, and whether the page still draws:
        its visibility, and whether it gets an animation frame (Flutter draws only in one)."""
        state, silent = [], False
        for what, script, polling in (("visibility", "() => document.visibilityState", "raf"),
                                      ("timers", "() => 'run'", 100),
                                      ("animation frames", "() => 'come'", "raf")):
            try:
                answer = self.page.wait_for_function(script, polling=polling, timeout=3000).json_value()
                state.append(f"{what}: {answer}")
            except Exception as error:  # a page that draws no frame (or is gone)
                state.append(f"{what}: none in 3 s ({type(error).__name__})")
                # no timer ran: the page is there, but its main thread does not come back
                silent = silent or (what == "timers" and "Timeout" in type(error).__name__)
        lines = [f"--- {self.name}: {self.page.url} ({'; '.join(state)})", *self.events]
        if silent:
            lines.append(f"Chromium's busy threads over 1 s (a page that spins, or one that waits): "
                         f"{chromium_busy_threads()}")
        return "\n".join(lines)

    def record_frames(self) -> None:
        """Keep every websocket frame this phone receives (for hidden-information audits)."""

        def on_ws(ws):
            def keep(payload):
                if isinstance(payload, bytes):  # Flet sends binary frames only
                    self.frames.append(payload)
            ws.on("framereceived", keep)

        self.page.on("websocket", on_ws)

    def hold_sending(self) -> None:
        """Route this phone's websockets through the test (before the page opens them), so
        that :meth:`holding` can keep back what the page sends: taps made on three phones
        while held reach the host together when released (players tapping at once)."""
        self._held: list | None = None

        def route(ws):
            server = ws.connect_to_server()

            def up(message):
                if self._held is None:
                    server.send(message)
                else:
                    self._held.append((server, message))
            ws.on_message(up)

        self.page.route_web_socket(lambda url: True, route)

    def holding(self) -> None:
        """From now on what the page sends waits (see :meth:`hold_sending`)."""
        self._held = []

    def release(self) -> None:
        """Send what the page sent while held, in its order, and stop holding."""
        held, self._held = self._held or [], None
        for server, message in held:
            server.send(message)

    def frames_since(self, start: int):
        """What this phone received over its websockets since frame ``start``, decoded
        (:class:`tests.browser.frames.Received`: search its strings and numbers)."""
        from tests.browser.frames import received

        return received(self.frames[start:])

    def open(self, url: str) -> "Phone":
        self.page.goto(url)
        self.ready()
        return self

    def loaded_build(self) -> str:
        """Which build of Flet's client this page runs: "js" (main.dart.js) or "wasm"."""
        names = self.page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
        return "js" if any(name.endswith(("main.dart.js", "main.dart.js.br")) for name in names) else "wasm"

    def ready(self) -> None:
        self.page.wait_for_function("() => !document.getElementById('loading')", timeout=60000)
        self.page.wait_for_selector("flt-semantics-placeholder, flt-semantics", state="attached",
                                    timeout=30000)
        self.enable_semantics()

    def enable_semantics(self) -> None:
        self.page.evaluate(
            "() => { const p = document.querySelector('flt-semantics-placeholder'); if (p) p.click(); }")

    def button(self, name: str, exact: bool = True):
        return self.page.get_by_role("button", name=name, exact=exact)

    def tap(self, name: str, exact: bool = True, timeout: float = 30000) -> None:
        button = self.button(name, exact).first
        if self.touch:
            button.tap(timeout=timeout)
        else:
            button.click(timeout=timeout)

    def tap_icon(self, tooltip: str, timeout: float = 30000) -> None:
        """Tap an icon button by its tooltip (Flutter names the node above the button)."""
        self.page.get_by_label(tooltip).first.click(timeout=timeout)

    def keep_downloads(self) -> None:
        """Keep what the page downloads from a table's export link (the real server
        answers; the test keeps what the browser got): see :meth:`downloaded`."""
        self.fetched: list[bytes] = []

        def through(route):
            response = route.fetch()
            self.fetched.append(response.body())
            route.fulfill(response=response)

        self.context.route("**/api/tables/*/export*", through)

    def downloaded(self, timeout: float = 30000) -> bytes:
        """The first file downloaded since :meth:`keep_downloads`."""
        deadline = time.monotonic() + timeout / 1000
        while not self.fetched:
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: nothing downloaded in {timeout / 1000:.0f} s")
            self.page.wait_for_timeout(100)
        return self.fetched[0]

    def resize(self, viewport: dict) -> None:
        self.page.set_viewport_size(viewport)

    def wheel(self, pixels: float) -> None:
        """Scroll the page down by ``pixels`` (up when negative) as a finger or a wheel does."""
        size = self.viewport()
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        self.page.mouse.wheel(0, pixels)

    def tap_until(self, name: str, expect: str, label: bool = False, tries: int = 3,
                  timeout: float = 30000) -> None:
        """Tap ``name`` and wait for ``expect``; tap again if the tap was lost.

        A tap that lands while its screen is being re-rendered by another phone's action
        (or is refused because that action came a moment earlier) is simply tapped again,
        as a player would.
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        see = self.see_label if label else self.see
        for attempt in range(tries):
            if attempt == 0 or self.button(name).count():
                self.tap(name, timeout=timeout)
            try:
                see(expect, timeout=8000)
                return
            except PlaywrightTimeout:
                continue
        see(expect, timeout=timeout)

    def text(self, text: str, exact: bool = False):
        return self.page.get_by_text(text, exact=exact)

    def see(self, text: str, timeout: float = 30000) -> None:
        """Wait for ``text`` on screen: as text, or inside a node's accessible name
        (a snack bar message, a label Flutter merged into its neighbour)."""
        self.page.get_by_text(text).or_(self.page.get_by_label(text)).first.wait_for(timeout=timeout)

    def see_label(self, label: str, timeout: float = 30000) -> None:
        """A node whose accessible name is ``label`` (a number with its meaning)."""
        self.page.locator(f'[aria-label="{label}"]').or_(self.page.get_by_text(label, exact=True)) \
            .first.wait_for(timeout=timeout)

    def field(self, label: str, timeout: float = 30000):
        box = self.page.get_by_role("textbox", name=label).first
        box.wait_for(timeout=timeout)
        return box

    def type_into(self, label: str, text: str, tries: int = 4) -> None:
        """Replace the text of the field labelled ``label`` and check it took.

        Flutter's text editing sometimes drops a select-all on a busy machine, so the
        value is read back and the entry repeated until the field holds ``text``.
        """
        box = self.field(label)
        for _ in range(tries):
            box.click()
            # Keys typed before Flutter has taken the focus land in the browser's input
            # element only (it reads back right, the app never sees them): wait for the
            # focus, then give Flutter a moment to attach its text editing to it.
            box.evaluate("(el) => new Promise((done) => { const t0 = performance.now(); "
                         "const check = () => (document.activeElement === el || "
                         "performance.now() - t0 > 2000) ? done() : setTimeout(check, 10); "
                         "check(); })")
            self.page.wait_for_timeout(100)
            self.page.keyboard.press("End")
            current = box.input_value()
            for _ in range(len(current)):
                self.page.keyboard.press("Backspace")
            self.page.keyboard.type(text)
            if box.input_value() == text:
                return
            self.page.wait_for_timeout(300)
        raise AssertionError(f"the field '{label}' would not take '{text}' (it holds '{box.input_value()}')")

    def become_host(self, server) -> "Phone":
        """Open the host link and wait until this browser has kept the host key."""
        self.open(f"{server.url}/host/{server.host_key}")
        self.see("New table")  # only the host's start page offers it
        return self

    def reload(self) -> None:
        self.page.reload()
        self.ready()

    def load_id(self) -> float:
        """Which load of the page this is (its time origin): a phone that comes back
        after losing its host reloads itself (``assets/comeback.js``)."""
        return self.page.evaluate("() => performance.timeOrigin")

    def reloaded_since(self, load: float, timeout: float = 30000) -> None:
        """Wait until the page is a later load than ``load`` and has drawn its first frame
        (its accessibility tree switched on again)."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            try:
                if self.load_id() != load:
                    break
            except Exception:  # the page is between two loads
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: the page did not reload by itself")
            self.page.wait_for_timeout(100)
        self.ready()

    def evaluate(self, script: str, arg=None):
        return self.page.evaluate(script, arg)

    def png(self) -> bytes:
        return self.page.screenshot()

    def pause(self, ms: float) -> None:
        self.page.wait_for_timeout(ms)

    def viewport(self) -> dict:
        return self.page.viewport_size

    def on_seat(self, mark, since: float, within: float, after_load: float | None = None) -> float:
        """Wait until ``mark`` (a locator maker: ``mark(page)``) is in the accessibility tree
        and the screen is drawn at full width, in a later load than ``after_load`` when
        given; the seconds it took since ``since`` (``time.monotonic()``). Fails past
        ``within`` seconds."""
        deadline = since + within
        while True:
            seen = drawn = False
            try:
                self.enable_semantics()
                seen = (after_load is None or self.load_id() != after_load) and mark(self.page).count() > 0
                drawn = seen and self.drawn_at_full_width()
            except Exception:  # the page is between two loads
                pass
            if drawn:
                return time.monotonic() - since
            if time.monotonic() > deadline:
                span = self.drawn_span() if seen else None
                raise AssertionError(f"{self.name}: not on its seat {within} s after (in the "
                                     f"accessibility tree: {seen}, drawn columns: {span})")
            self.page.wait_for_timeout(50)

    def close(self) -> None:
        self.context.close()


def connections_of(phones) -> dict:
    """Each phone's load and the connections it has opened so far (see
    :func:`assert_played_through`)."""
    return {phone: phone.connections() for phone in phones}


def assert_played_through(before: dict) -> None:
    """Every phone of ``before`` (:func:`connections_of`) is still in the load and on the
    connection it had then: none reloaded, none lost its host and connected again, which
    is what stretched a game on a phone (what a wall-clock bound on a whole game stood
    for, and proved only on a quiet machine)."""
    changed = {phone.name: (was, phone.connections()) for phone, was in before.items()
               if phone.connections() != was}
    assert not changed, f"reloaded or connected again during the game (load, connections): {changed}"


def new_table(server: "Server", game: str, players: str, *settings: str) -> str:
    """A new table made by ``companion new`` against the server's data folder; its code."""
    args = ["new", game, "--players", players, "--json"]
    for setting in settings:
        args += ["--set", setting]
    result = server.companion(*args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["code"]


def temp_env() -> dict:
    base = Path(tempfile.mkdtemp(prefix="tc-chromium-"))
    return {"XDG_CONFIG_HOME": str(base / "config"), "XDG_CACHE_HOME": str(base / "cache")}


def host_act(server, code: str, kind: str, payload: dict, seat: int | None = None) -> None:
    """A move sent by the host over the JSON transport (as a script would)."""
    body = {"kind": kind, "payload": payload}
    if seat is not None:
        body["seat"] = seat
    request = urllib.request.Request(f"{server.url}/api/tables/{code}/actions",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              "X-Host-Key": server.host_key})
    with urllib.request.urlopen(request, timeout=20) as response:
        assert response.status == 200


def decode_qr(phone, tries: int = 20) -> list[str]:
    """Read every QR code visible on the phone's screen (the image may still be drawing)."""
    import zxingcpp
    from PIL import Image

    for _ in range(tries):
        png = phone.page.screenshot(full_page=True)
        found = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]
        if found:
            return found
        phone.page.wait_for_timeout(250)
    return []


def in_view(phone, labels: list[str], within: float = 15.0) -> dict:
    """Wait until every one of ``labels`` lies whole on the screen; their boxes. Fails
    with the boxes seen (or missing) after ``within`` seconds."""
    height = phone.viewport()["height"]
    deadline = time.monotonic() + within
    while True:
        boxes = phone.label_boxes(labels)
        if set(boxes) == set(labels) and all(0 <= b["y"] and b["y"] + b["height"] <= height
                                             for b in boxes.values()):
            return boxes
        if time.monotonic() > deadline:
            raise AssertionError(f"{phone.name}: not all on the screen ({height} px high): "
                                 f"{labels} -> {boxes}")
        phone.pause(100)


def scroll_to_see(phone, label: str, tries: int = 12) -> None:
    """Scroll down, as a thumb does, until ``label`` lies whole on the screen."""
    height = phone.viewport()["height"]
    for _ in range(tries):
        box = phone.label_boxes([label]).get(label)
        if box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height:
            return
        phone.wheel(200)
        phone.pause(300)
    raise AssertionError(f"{phone.name}: {label!r} never came on the screen")
