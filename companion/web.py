"""The web server: Flet's app, fully offline, compressed and cached, under uvicorn.

``no_cdn=True`` or the page never loads offline. Flet's built-in server sends no
compression, so the app is exported as ASGI and wrapped with gzip and cache headers.

First load (measured by ``bench/first_load.py``): Chromium's AUTO renderer is skwasm +
``main.dart.wasm``, the smallest pair (CanvasKit would be ``main.dart.js`` + canvaskit.wasm,
about 0.4 MiB more gzipped), so AUTO stays. Two things keep a phone's first visit under
5 MiB and its first frame fast:
- the big static files (wasm, js, fonts) are gzipped once per process and served from
  memory (``_Precompressed``), instead of being compressed again for every phone;
- ``assets/FontManifest.json`` lists only the fonts this app draws with (Material icons
  and Roboto): Flutter loads every font in that manifest at start, and Flet's lists the
  KaTeX fonts of its Markdown math and the Cupertino icons (about 0.45 MiB gzipped),
  which no screen here uses.
"""

from __future__ import annotations

import logging
import gzip
import hashlib
import json
import mimetypes
import threading
from pathlib import Path

from companion.comeback import Comeback
from companion.context import AppContext
from companion.edge import SECURITY_HEADERS, TRUSTED_PROXIES, Limits, guarded_protocol

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
IMMUTABLE_SUFFIXES = (".wasm", ".js", ".mjs", ".otf", ".ttf", ".woff2", ".png", ".json", ".symbols", ".bin")
PRECOMPRESS_SUFFIXES = (".wasm", ".js", ".mjs", ".otf", ".ttf", ".json", ".symbols")
# Flet writes these per server (patched copies); the gzip middleware handles them.
PATCHED_FILES = {"index.html", "manifest.json", "assets/FontManifest.json"}
# the fonts Flutter loads at start: only those the screens draw with
FONT_FAMILIES_KEPT = ("MaterialIcons", "Roboto")
# what a Chromium phone fetches first: compressed in the background at start-up
WARM_FILES = ("main.dart.wasm", "canvaskit/skwasm.wasm", "assets/fonts/MaterialIcons-Regular.otf",
              "main.dart.mjs", "canvaskit/skwasm.js", "flutter_bootstrap.js")
OPENER_HEADERS = {"Cross-Origin-Opener-Policy": "same-origin"}
"""What every page and file is sent with: no other site's window keeps a handle on this one.
Flet's middleware also sends ``Cross-Origin-Embedder-Policy: require-corp``; with both, the
page is cross-origin isolated and Flutter runs skwasm on two threads (its rendering in a
worker sharing the app's memory). On that build a host page that changed its route while
Flutter started faulted ("memory access out of bounds"), its main thread and worker then
spinning for good (issue 36); isolation is what turns the second thread on, so
:class:`NoCrossOrigin` takes the embedder policy out: skwasm runs on the page's own
thread, as Flutter does on any page that is not isolated."""
# Flet's middleware also adds "Access-Control-Allow-Origin: *" to every response, which
# would let any web page a player visits read this server's answers (claim a free seat
# and read its token). The app loads from the server itself and needs no CORS at all:
# NoCrossOrigin takes those headers out of every answer.
CORS_HEADERS = (b"access-control-allow-origin", b"access-control-allow-credentials",
                b"access-control-allow-methods", b"access-control-allow-headers",
                b"access-control-expose-headers")
DROPPED_HEADERS = (*CORS_HEADERS, b"cross-origin-embedder-policy")
"""What NoCrossOrigin takes out of every answer: CORS, and the isolation (OPENER_HEADERS)."""
WARM_AFTER_S = 5.0
"""The big static files are compressed this long after the server starts (see warm())."""
KEEP_ALIVE_S = 5.0
"""An idle connection between requests is closed after this."""
WS_MAX_BYTES = 1 << 20
"""The largest websocket message a phone may send (Flet's are a few KB at most)."""
STOP_S = 1.0
"""After SIGTERM, what is still running this long after the connections were told to close
is cancelled (the server stops within 2 s whatever connections are open)."""


class NoCrossOrigin:
    """ASGI middleware: no CORS header leaves the server (see CORS_HEADERS), and no page is
    cross-origin isolated (see OPENER_HEADERS)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def stripped(message):
            if message.get("type") == "http.response.start":
                message = dict(message)
                message["headers"] = [(k, v) for k, v in message.get("headers") or ()
                                      if k.lower() not in DROPPED_HEADERS]
            await send(message)

        await self.app(scope, receive, stripped)


class _Precompressed:
    """Static files gzipped once and kept in memory, looked up like Flet's static mount."""

    def __init__(self, roots: list[Path], level: int = 6):
        self.roots = [r.resolve() for r in roots if r.is_dir()]
        self.level = level
        self._cache: dict[str, tuple[bytes, str, str] | None] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def find(self, rel: str) -> Path | None:
        if rel in PATCHED_FILES or not rel.endswith(PRECOMPRESS_SUFFIXES):
            return None
        for root in self.roots:
            path = (root / rel).resolve()
            if path.is_relative_to(root) and path.is_file():
                return path
        return None

    def get(self, rel: str) -> tuple[bytes, str, str] | None:
        """(gzipped body, content type, etag) for ``rel``, or None to let Flet serve it."""
        if rel in self._cache:
            return self._cache[rel]
        with self._guard:
            lock = self._locks.setdefault(rel, threading.Lock())
        with lock:
            if rel not in self._cache:
                path = self.find(rel)
                entry = None
                if path is not None and path.stat().st_size >= 1024:
                    raw = path.read_bytes()
                    body = gzip.compress(raw, self.level, mtime=0)
                    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                    if kind.startswith("text/") or kind.endswith(("javascript", "json")):
                        kind += "; charset=utf-8"
                    etag = '"' + hashlib.sha1(raw).hexdigest()[:20] + '-gz"'
                    entry = (body, kind, etag)
                self._cache[rel] = entry
            return self._cache[rel]

    def known(self, rel: str) -> bool:
        """Already looked at (compressed, or known not to be ours)."""
        return rel in self._cache

    def ready(self, rel: str) -> tuple[bytes, str, str] | None:
        """The compressed entry when it is already in memory (no file read, no wait)."""
        return self._cache.get(rel)

    def warm(self, rels, after_s: float = WARM_AFTER_S) -> None:
        """Compress ``rels`` in the background, ``after_s`` seconds from now: right after a
        restart every phone at the table reloads at once (from its own cache: none of them
        needs these files), and the compression would take the cores they wait on. A phone
        that asks for a file before then has it compressed on the spot."""
        def run():
            for rel in rels:
                try:
                    self.get(rel)
                except OSError:
                    pass

        timer = threading.Timer(after_s, run)
        timer.name, timer.daemon = "precompress", True
        timer.start()


def trimmed_font_manifest(web_dir: Path) -> bytes:
    """Flet's FontManifest.json with only :data:`FONT_FAMILIES_KEPT` (and Roboto, as no_cdn adds)."""
    try:
        families = json.loads((web_dir / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        families = [{"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons-Regular.otf"}]}]
    kept = [f for f in families if f.get("family") in FONT_FAMILIES_KEPT]
    if not any(f.get("family") == "Roboto" for f in kept):
        kept.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    return json.dumps(kept).encode()


def load_the_screens() -> None:
    """Import every screen before the server answers: the first phone after a start (every
    phone at once after a restart) would otherwise wait for these imports."""
    from engine.registry import game_ids
    from companion.games import screens_of
    from companion.ui import app, home, join, table  # noqa: F401 - imported for their cost

    for game_id in game_ids():
        screens = screens_of(game_id)
        screens.phone_screen()
        screens.table_screen()
        screens.turn_words_of()


def build_asgi(ctx: AppContext):
    import flet as ft
    import flet_web.fastapi as flet_fastapi
    from starlette.middleware.gzip import GZipMiddleware

    from companion.app import make_main
    from companion.sessions import GRACE_S

    # Screens are components: each sends its own patch when its slice of the view changes;
    # Flet's update after each event would diff the page a second time for nothing.
    ft.context.disable_auto_update()
    load_the_screens()
    app = flet_fastapi.app(
        make_main(ctx),
        assets_dir=str(ASSETS_DIR),
        app_name="Table Companion",
        app_short_name="Companion",
        app_description="A phone companion for board games at a real table",
        web_renderer=ft.WebRenderer.AUTO,
        route_url_strategy=ft.RouteUrlStrategy.PATH,
        no_cdn=True,
        session_timeout_seconds=GRACE_S,  # FLET_SESSION_TIMEOUT still overrides it
    )

    from companion.api import BodyLimit, api_app

    api = api_app(ctx)

    from flet_web import get_package_web_dir
    from starlette.responses import Response

    web_dir = Path(get_package_web_dir())
    packed = _Precompressed([ASSETS_DIR, web_dir])
    packed.warm(WARM_FILES)
    font_manifest = trimmed_font_manifest(web_dir)
    font_manifest_etag = '"' + hashlib.sha1(font_manifest).hexdigest()[:20] + '"'

    @app.middleware("http")
    async def cache_headers(request, call_next):
        response = await call_next(request)
        path = request.url.path
        if path.endswith(IMMUTABLE_SUFFIXES) and "manifest" not in path and "version" not in path:
            response.headers.setdefault("Cache-Control", "public, max-age=604800")
        else:
            response.headers.setdefault("Cache-Control", "no-cache")
        return response

    @app.middleware("http")
    async def static_fast_path(request, call_next):
        """Pre-gzipped big files from memory, and the trimmed font manifest."""
        if request.method != "GET" or "range" in request.headers:
            return await call_next(request)
        rel = request.url.path.lstrip("/")
        if rel == "assets/FontManifest.json":
            headers = {**OPENER_HEADERS, "Cache-Control": "no-cache", "ETag": font_manifest_etag}
            if request.headers.get("if-none-match") == font_manifest_etag:
                return Response(status_code=304, headers=headers)
            return Response(font_manifest, media_type="application/json", headers=headers)
        if not rel.endswith(PRECOMPRESS_SUFFIXES) or "gzip" not in request.headers.get("accept-encoding", ""):
            return await call_next(request)
        import anyio

        entry = packed.ready(rel)
        if entry is None and not packed.known(rel):
            entry = await anyio.to_thread.run_sync(packed.get, rel)
        if entry is None:
            return await call_next(request)
        body, kind, etag = entry
        cache = "public, max-age=604800" if "manifest" not in rel and "version" not in rel else "no-cache"
        headers = {**OPENER_HEADERS, "Cache-Control": cache, "ETag": etag, "Vary": "Accept-Encoding"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        headers["Content-Encoding"] = "gzip"
        return Response(body, media_type=kind, headers=headers)

    app.add_middleware(Comeback)  # inside the compression: it reads the page as sent
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    app.add_middleware(BodyLimit)
    # /api/ first, past the pages' middleware; no CORS header on anything; what browsers
    # may do on a player's behalf (companion/browser_policy.py) before all of it
    from companion.browser_policy import BrowserPolicy
    from companion.sessions import QuietAfterLeaving

    from companion.sockets import Sockets  # the phones' websockets: who, what, how much

    return BrowserPolicy(NoCrossOrigin(Sockets(QuietAfterLeaving(ApiFirst(app, api)))), ctx.public_url)


class ApiFirst:
    """ASGI: ``/api/`` requests go to the JSON transport's own application, everything
    else (pages, files, Flet's websocket, the lifespan) to Flet's."""

    def __init__(self, pages, api):
        self.pages = pages
        self.api = api

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope.get("path", "").startswith("/api/"):
            return await self.api(scope, receive, send)
        return await self.pages(scope, receive, send)


def serve(ctx: AppContext, host: str, port: int, log_level: str = "warning",
          sock=None, trust_proxy: bool = False, limits: Limits | None = None) -> None:
    """Run until Ctrl-C (or SIGTERM). ``sock``: a socket already bound (``companion
    serve`` binds before it prints anything). ``trust_proxy``: a client's address is
    the one X-Forwarded-For names when a proxy on this machine sends it (otherwise the
    header is ignored: anyone could choose their own "device" for the join-code guard).
    ``limits``: the connection caps (companion/edge.py)."""
    import uvicorn

    from companion import quiet_gc

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    app = build_asgi(ctx)
    quiet_gc.install()  # the cycle collector runs between moves (what is alive now is frozen)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level,
                            ws="websockets-sansio", workers=1, lifespan="on",
                            http=guarded_protocol(limits), timeout_keep_alive=KEEP_ALIVE_S,
                            ws_max_size=WS_MAX_BYTES, headers=SECURITY_HEADERS,
                            proxy_headers=trust_proxy, forwarded_allow_ips=list(TRUSTED_PROXIES),
                            timeout_graceful_shutdown=STOP_S)
    uvicorn.Server(config).run(sockets=[sock] if sock is not None else None)
