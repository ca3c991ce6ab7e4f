"""Bench-only helpers: Chromium phones, byte counting over CDP, and the bare Flet floor app.

Run as a script it serves the floor app (a minimal Flet app) the same way the real app
is served: ``flet_web.fastapi.app(..., no_cdn=True)`` under uvicorn (one worker,
``websockets-sansio``)::

    python bench/_browser.py floor --port 8600 [--plain]

``--plain`` serves Flet exactly as it comes (no gzip, no cache headers): the baseline
of ``bench/first_load.py``. Without it the floor app gets the same gzip middleware as
``companion/server/asgi.py`` so the latency floor shares the real app's HTTP path.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.harness import (  # noqa: E402
    APPLE_VENDOR, CHROMIUM_ARGS, IPHONE_SAFARI, PHONE, Server, chromium_path, free_port, stop_process,
    wait_until_serving)

__all__ = ["APPLE_VENDOR", "CHROMIUM_ARGS", "IPHONE_SAFARI", "PHONE", "Server", "chromium_path",
           "free_port", "FloorServer",
           "launch", "machine_line", "NetCounter", "percentile", "wait_ready", "enable_semantics"]

MIB = 1024 * 1024


def machine_line() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores ({cpu}), "
            f"Python {platform.python_version()}, load avg {os.getloadavg()[0]:.2f}")


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (p95 of 50 values is the 48th smallest)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    import math

    index = min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))
    return ordered[index]


def launch(pw):
    """Debian's Chromium, headless, with its profile and cache in a temp dir."""
    base = Path(tempfile.mkdtemp(prefix="tc-bench-chromium-"))
    os.environ.setdefault("XDG_CONFIG_HOME", str(base / "config"))
    os.environ.setdefault("XDG_CACHE_HOME", str(base / "cache"))
    # the 12 pages of the latency bench are all "foreground": no timer or frame throttling
    extra = ["--disable-renderer-backgrounding", "--disable-background-timer-throttling",
             "--disable-backgrounding-occluded-windows"]
    return pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS + extra)


def wait_ready(page, timeout: float = 90000) -> None:
    page.wait_for_function("() => !document.getElementById('loading')", timeout=timeout)
    page.wait_for_selector("flt-semantics-placeholder, flt-semantics", state="attached",
                           timeout=timeout)


def enable_semantics(page) -> None:
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder'); if (p) p.click(); }")


class NetCounter:
    """Bytes one page (and its workers) pulls over the network, from CDP events.

    ``encodedDataLength`` of ``Network.loadingFinished`` is what travelled on the wire for
    that response (compressed body + headers); a response served from the browser's cache
    counts 0. ``Network.responseReceived`` gives the URL, status and whether it came from
    the cache.
    """

    def __init__(self, context, page):
        self.cdp = context.new_cdp_session(page)
        self.requests: dict[str, dict] = {}
        self.wall_offset: float | None = None  # wall clock (s) minus CDP's monotonic clock
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", self._failed)
        self.cdp.send("Network.enable")

    def _response(self, ev):
        r = ev["response"]
        self.requests.setdefault(ev["requestId"], {}).update(
            url=r["url"], status=r["status"], cached=bool(r.get("fromDiskCache") or r.get("fromMemoryCache")),
            encoding=(r.get("headers") or {}).get("content-encoding", ""),
            type=ev.get("type", ""))

    def _sent(self, ev):
        if self.wall_offset is None:
            self.wall_offset = ev["wallTime"] - ev["timestamp"]

    def _finished(self, ev):
        row = self.requests.setdefault(ev["requestId"], {})
        row["bytes"] = ev["encodedDataLength"]
        if self.wall_offset is not None:  # its last byte, in ms of the wall clock
            row["end"] = (ev["timestamp"] + self.wall_offset) * 1000

    def _failed(self, ev):
        self.requests.setdefault(ev["requestId"], {}).update(failed=ev.get("errorText", "failed"))

    def total(self) -> int:
        return sum(r.get("bytes", 0) for r in self.requests.values())

    def rows(self) -> list[dict]:
        return sorted(self.requests.values(), key=lambda r: -r.get("bytes", 0))


def build_floor_app(plain: bool):
    """A bare Flet broadcast app: a button that pubsub-broadcasts, a Text every page updates."""
    import flet as ft
    import flet_web.fastapi as flet_fastapi

    import itertools

    numbers = itertools.count(1)  # one sequence for the whole process: click i shows "m{i}"

    async def main(page: ft.Page):
        page.title = "floor"
        shown = ft.Text("none", size=20, semantics_label="floor none")

        def on_message(msg):
            shown.value = msg
            shown.semantics_label = f"floor {msg}"
            shown.update()

        page.pubsub.subscribe(on_message)

        def click(e):
            page.pubsub.send_all(f"m{next(numbers)}")

        page.add(shown, ft.Button("Send", on_click=click))

    app = flet_fastapi.app(main, web_renderer=ft.WebRenderer.AUTO,
                           route_url_strategy=ft.RouteUrlStrategy.PATH, no_cdn=True)
    if not plain:
        from starlette.middleware.gzip import GZipMiddleware

        app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    return app


class FloorServer:
    """The floor app in a subprocess on a free loopback port."""

    def __init__(self, plain: bool = False, address: str = "127.0.0.1"):
        self.port = free_port()
        self.plain = plain
        self.address = address
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}"

    def start(self, timeout: float = 40) -> "FloorServer":
        args = [sys.executable, str(Path(__file__).resolve()), "floor", "--port", str(self.port),
                "--host", self.address]
        if self.plain:
            args.append("--plain")
        self.log = tempfile.NamedTemporaryFile(prefix="tc-floor-", suffix=".log", delete=False)
        env = dict(os.environ, PYTHONUNBUFFERED="1", FLET_WEB_NO_CDN="1")
        self.proc = subprocess.Popen(args, cwd=str(ROOT), stdout=self.log, stderr=subprocess.STDOUT, env=env,
            start_new_session=True)
        wait_until_serving(self.proc, self.url, Path(self.log.name), timeout)
        return self

    def stop(self) -> None:
        stop_process(self.proc)


def _serve_floor(argv: list[str]) -> int:
    import argparse
    import logging

    import uvicorn

    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["floor"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--plain", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    logging.basicConfig(level=logging.WARNING)
    config = uvicorn.Config(build_floor_app(args.plain), host=args.host, port=args.port,
                            log_level="warning", ws="websockets-sansio", workers=1, lifespan="on")
    uvicorn.Server(config).run()
    return 0


if __name__ == "__main__":
    sys.exit(_serve_floor(sys.argv[1:]))
