"""The web server: Flet's app, fully offline, compressed and cached, under uvicorn.

``no_cdn=True`` or the page never loads offline. Flet's built-in server sends no
compression, so the app is exported as ASGI and wrapped with compression and cache headers.

First join (measured by ``bench/first_load.py``, on both builds of Flet's client: the
WebAssembly one Chromium gets, the JavaScript one every iPhone and Firefox get; on
Chromium the AUTO renderer's skwasm + ``main.dart.wasm`` is the smallest pair, so AUTO stays):
- the big static files (wasm, js, fonts) are compressed once per process and served from
  memory (``_Precompressed``), instead of being compressed again for every phone: gzip for
  every browser (zopfli's, 4-7 % smaller than gzip -9), Brotli (about a fifth smaller)
  for those that take it (on an https:// or a loopback page: Chromium and Firefox ask a
  LAN http:// page for gzip only), both made in the background and kept on disk between
  starts;
- the page names its build's big files and its fonts at the top of its head
  (``companion/server/preload.py``), so they come at once instead of one after another; on an
  http:// page (a phone on the table's Wi-Fi, which browsers send no Brotli) the
  JavaScript build's two big files are fetched as Brotli bytes (``brotli_as_is``) and
  decoded by the page;
- ``assets/FontManifest.json`` lists only the fonts this app draws with (Material icons
  and Roboto): Flutter loads every font in that manifest at start, and Flet's lists the
  KaTeX fonts of its Markdown math and the Cupertino icons (about 0.45 MiB gzipped),
  which no screen here uses. The Material icons font is the app's own cut
  (``companion/server/icon_font.py``): the icons the code names and those Flutter's widgets draw
  on their own, 3 KB gzipped against Flet's 0.45 MiB.
"""

from __future__ import annotations

import logging
import gzip
import hashlib
import json
import mimetypes
import os
import posixpath
import queue
import threading
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

import brotli
import platformdirs
import zopfli.gzip

from companion import REPO_ROOT
from companion.server import deadlines
from companion.server.comeback import Comeback
from companion.table.context import AppContext
from companion.server.headers import AnswerHeaders, Headers
from companion.server.edge import SECURITY_HEADERS, TRUSTED_PROXIES, Limits, guarded_protocol
from companion.server.preload import UNPACKED_IN_PAGE, with_preload_hints
from storage.store import APP_NAME

ASSETS_DIR = REPO_ROOT / "assets"
IMMUTABLE_SUFFIXES = (".wasm", ".js", ".mjs", ".otf", ".ttf", ".woff2", ".png", ".json", ".symbols", ".bin")
# Flet writes these per server (patched copies); the gzip middleware handles them.
PATCHED_FILES = {"index.html", "manifest.json", "assets/FontManifest.json"}
COMPRESSED_FROM_BYTES = 1024
"""A file this size or more goes out compressed (the gzip middleware's minimum too)."""
# the fonts Flutter loads at start: only those the screens draw with
FONT_FAMILIES_KEPT = ("MaterialIcons", "Roboto")
# what a phone fetches first, Chromium's build then every iPhone's: compressed in the
# background at start-up
WARM_FILES = ("main.dart.wasm", "canvaskit/skwasm.wasm", "assets/fonts/MaterialIcons-Regular.otf",
              "main.dart.mjs", "canvaskit/skwasm.js", "flutter_bootstrap.js",
              "main.dart.js", "canvaskit/canvaskit.wasm", "canvaskit/canvaskit.js",
              "canvaskit/skwasm_heavy.wasm", "canvaskit/skwasm_heavy.js")
# (Chromium on an http:// LAN page has no image codecs, which are for secure pages only:
# it gets skwasm_heavy, the renderer with its own)
RAW_BROTLI = "application/x-brotli"
"""The type of a Brotli copy sent as plain bytes (``/main.dart.js.br``): not gzipped again."""
BROTLI_QUALITY = 11
BROTLI_WINDOW_BITS = 24
BROTLI_AT_ONCE_BYTES = 256 * 1024
"""A file up to this size gets its Brotli on the spot (a fraction of a second); a bigger one
in the background."""
ZOPFLI_ITERATIONS = 1
"""zopfli's passes for the gzip a browser gets where it takes no Brotli (every LAN http://
page): one pass gives 4-7 % fewer bytes than gzip -9 (``main.dart.js`` 2.30 MiB against
2.44, ``canvaskit.wasm`` 2.65 against 2.77) in about 15 s of CPU a file; more passes
give a few KB more for minutes."""
BROTLI_AFTER_S = 60.0
"""The Brotli and zopfli copies are begun this long after the start (when none is kept on
disk): every phone that comes first gets gzip -6 meanwhile, and a server that lives a few
seconds (a test's) does not spend minutes of CPU on them."""
OPENER_HEADERS = {"Cross-Origin-Opener-Policy": "same-origin"}
"""What every page and file is sent with: no other site's window keeps a handle on this one.
Flet's middleware also sends ``Cross-Origin-Embedder-Policy: require-corp``; with both, the
page is cross-origin isolated and Flutter runs skwasm on two threads (its rendering in a
worker sharing the app's memory). On that build a host page that changed its route while
Flutter started faulted ("memory access out of bounds"), its main thread and worker then
spinning for good; isolation is what turns the second thread on, so
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
PRECOMPRESSED_DIR = Path(platformdirs.user_cache_dir(APP_NAME)) / "precompressed"
"""Where the static files' Brotli and zopfli gzip are kept between starts (by each file's hash)."""
STOP_S = 1.0
"""After SIGTERM, what is still running this long after the connections were told to close
is cancelled (the server stops within 2 s whatever connections are open)."""


class NoCrossOrigin(AnswerHeaders):
    """ASGI middleware: no CORS header leaves the server (see CORS_HEADERS), and no page is
    cross-origin isolated (see OPENER_HEADERS)."""

    def change(self, headers: Headers) -> Headers:
        return [(k, v) for k, v in headers if k.lower() not in DROPPED_HEADERS]


@dataclass
class Packed:
    """One static file compressed: gzip for every browser (zopfli's, once it is made),
    Brotli (about a fifth smaller) for those that accept it, once it is made."""

    kind: str
    digest: str
    gzip: bytes
    brotli: bytes | None = None
    zopfli: bool = False
    """Whether ``gzip`` is zopfli's (the best a gzip decoder can be given) yet."""

    def etag(self, encoding: str) -> str:
        return f'"{self.digest}-{"br" if encoding == "br" else "gz"}"'

    def etags(self) -> tuple[str, str]:
        return self.etag("gzip"), self.etag("br")


def accepts_brotli(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header names ``br`` (and does not refuse it with q=0).
    Chromium sends it to an https:// or a loopback page, not to a LAN http:// one."""
    for item in accept_encoding.lower().split(","):
        name, _, params = item.strip().partition(";")
        if name.strip() == "br":
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def served_name(path: str) -> str:
    """The file a request path names, read as the static mount reads it (``//a``, ``./a``,
    ``b/../a`` and ``a/`` all name ``a``): one name per file, however a client spells it."""
    return posixpath.normpath(posixpath.join(*path.split("/")))


def media_type(path: Path) -> str:
    return mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def compressed_by_gzip_middleware(kind: str) -> bool:
    """Whether the gzip middleware compresses an answer of this media type (it leaves
    images, fonts already compressed, archives and media as they are)."""
    from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES

    return not {kind, kind.partition("/")[0] + "/*"} & {*DEFAULT_EXCLUDED_CONTENT_TYPES, RAW_BROTLI}


def files_to_compress(roots: list[Path]) -> dict[str, Path]:
    """Every file the roots serve that goes out compressed, by the name a request gives it
    (the first root that has a name serves it, as Flet's static mount does): nothing the
    server sends is compressed per request but the pages Flet patches."""
    files: dict[str, Path] = {}
    seen: set[str] = set()
    for root in roots:
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root).as_posix()
            if rel in seen or not path.is_file():
                continue
            seen.add(rel)
            if (rel not in PATCHED_FILES and path.stat().st_size >= COMPRESSED_FROM_BYTES
                    and path.resolve().is_relative_to(root) and compressed_by_gzip_middleware(media_type(path))):
                files[rel] = path
    return files


class _Precompressed:
    """Static files compressed once and kept in memory, looked up like Flet's static mount.

    gzip -6 is made on the spot; Brotli at its best quality and zopfli's gzip are slow
    (about a minute for ``main.dart.js`` on this machine), so they are made by one
    background thread at the lowest priority and kept on disk under ``cache_dir`` by the
    file's hash: made once per install, not per start. Until then the file goes out in
    gzip -6.

    What it holds is bounded by what the server has: its cache and its lock table are
    keyed by :attr:`files`, listed once at the start, so a path no file has (a client may
    send any) is answered None without a look at the disk or a byte kept."""

    def __init__(self, roots: list[Path], level: int = 6, cache_dir: Path | None = None,
                 brotli_after_s: float = 0.0):
        self.roots = [r.resolve() for r in roots if r.is_dir()]
        self.level = level
        self.cache_dir = cache_dir
        self.brotli_at = time.monotonic() + brotli_after_s
        self.files = files_to_compress(self.roots)
        self._cache: dict[str, Packed] = {}
        self._locks = {rel: threading.Lock() for rel in self.files}
        self._guard = threading.Lock()
        self._slow: queue.SimpleQueue = queue.SimpleQueue()
        self._worker: threading.Thread | None = None

    def get(self, rel: str) -> Packed | None:
        """The compressed ``rel``, or None to let Flet serve it (not one of :attr:`files`,
        or gone from the disk since the start)."""
        entry = self._cache.get(rel)
        lock = self._locks.get(rel)
        if entry is not None or lock is None:
            return entry
        with lock:
            if rel not in self._cache:
                try:
                    self._cache[rel] = self._pack(self.files[rel])
                except OSError:
                    return None
            return self._cache[rel]

    def _pack(self, path: Path) -> Packed:
        raw = path.read_bytes()
        kind = media_type(path)
        if kind.startswith("text/") or kind.endswith(("javascript", "json")):
            kind += "; charset=utf-8"
        entry = Packed(kind, hashlib.sha1(raw).hexdigest()[:20], gzip.compress(raw, self.level, mtime=0))
        entry.brotli = self._stored(entry.digest, "br", brotli.decompress)
        kept_gzip = self._stored(entry.digest, "gz", gzip.decompress)
        if kept_gzip is not None:
            entry.gzip, entry.zopfli = kept_gzip, True
        if entry.brotli is None and len(raw) <= BROTLI_AT_ONCE_BYTES:
            entry.brotli = brotli.compress(raw, quality=BROTLI_QUALITY)
        if entry.brotli is None or not entry.zopfli:
            self._later(entry, raw)
        return entry

    def _stored(self, digest: str, suffix: str, decompress) -> bytes | None:
        """The copy kept at an earlier start, if it still gives the file's bytes back
        (a damaged copy is made again: a few milliseconds to check, against a page that
        never starts)."""
        if self.cache_dir is None:
            return None
        try:
            body = (self.cache_dir / f"{digest}.{suffix}").read_bytes()
            return body if hashlib.sha1(decompress(body)).hexdigest()[:20] == digest else None
        except (OSError, EOFError, brotli.error, gzip.BadGzipFile, zlib.error):
            return None

    def _later(self, entry: Packed, raw: bytes) -> None:
        self._slow.put((entry, raw))
        with self._guard:
            if self._worker is None:
                self._worker = threading.Thread(target=self._make_slow, name="precompress-best", daemon=True)
                self._worker.start()

    def _make_slow(self) -> None:
        """The background thread: Brotli and zopfli's gzip, one file at a time, niced (the
        compressors let go of the GIL: the event loop keeps its core)."""
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        except (AttributeError, OSError):
            pass
        time.sleep(max(0.0, self.brotli_at - time.monotonic()))
        while True:
            entry, raw = self._slow.get()
            if entry.brotli is None:
                body = brotli.compress(raw, quality=BROTLI_QUALITY, lgwin=BROTLI_WINDOW_BITS)
                self._store(entry.digest, "br", body)
                entry.brotli = body
            if not entry.zopfli:
                body = zopfli.gzip.compress(raw, numiterations=ZOPFLI_ITERATIONS)
                self._store(entry.digest, "gz", body)
                entry.gzip, entry.zopfli = body, True

    def _store(self, digest: str, suffix: str, body: bytes) -> None:
        if self.cache_dir is None:
            return
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            part = self.cache_dir / f"{digest}.{suffix}.{os.getpid()}.part"
            part.write_bytes(body)
            os.replace(part, self.cache_dir / f"{digest}.{suffix}")
        except OSError as error:  # a read-only home: Brotli is made again at the next start
            logging.getLogger(__name__).warning("precompressed files not kept: %s", error)

    def ready(self, rel: str) -> Packed | None:
        """The compressed entry when it is already in memory (no file read, no wait)."""
        return self._cache.get(rel)

    def warm(self, rels, after_s: float = WARM_AFTER_S) -> None:
        """Compress ``rels`` in the background, ``after_s`` seconds from now: right after a
        restart every phone at the table reloads at once (from its own cache: none of them
        needs these files), and the compression would take the cores they wait on. A phone
        that asks for a file before then has it compressed on the spot."""
        def run():
            for rel in rels:
                self.get(rel)

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
    from companion.ui import app, home, join, table_screen as table  # noqa: F401 - imported for their cost

    for game_id in game_ids():
        screens = screens_of(game_id)
        screens.phone_screen()
        screens.table_screen()
        screens.turn_words_of()


def build_asgi(ctx: AppContext):
    import flet as ft
    import flet_web.fastapi as flet_fastapi
    from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipMiddleware

    from companion.server.flet_entry import make_main
    from companion.server.comeback import ids_after_the_last_process
    from companion.flet_runtime.sessions import GRACE_S

    # Screens are components: each sends its own patch when its slice of the view changes;
    # Flet's update after each event would diff the page a second time for nothing.
    ft.context.disable_auto_update()
    ids_after_the_last_process()  # a phone that kept its screen over a restart (comeback.js)
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

    from companion.server.json_api import BodyLimit, api_app

    api = api_app(ctx)

    from flet_web import get_package_web_dir

    web_dir = Path(get_package_web_dir())
    packed = _Precompressed([ASSETS_DIR, web_dir], cache_dir=PRECOMPRESSED_DIR,
                            brotli_after_s=BROTLI_AFTER_S)
    packed.warm(WARM_FILES)
    app.middleware("http")(cache_headers)
    app.middleware("http")(static_fast_path(packed, trimmed_font_manifest(web_dir)))
    app.middleware("http")(preload_hints)  # inside the comeback script: it goes first
    app.add_middleware(Comeback)  # inside the compression: it reads the page as sent
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6,
                       exclude_content_types=(*DEFAULT_EXCLUDED_CONTENT_TYPES, RAW_BROTLI))
    app.add_middleware(BodyLimit)
    # /api/ first, past the pages' middleware; no CORS header on anything; what browsers
    # may do on a player's behalf (companion/server/browser_policy.py) before all of it
    from companion.server.browser_policy import BrowserPolicy
    from companion.flet_runtime.sessions import QuietAfterLeaving

    from companion.server.sockets import Sockets  # the phones' websockets: who, what, how much

    return BrowserPolicy(NoCrossOrigin(Sockets(QuietAfterLeaving(ApiFirst(app, api)))), ctx.public_url)


def cache_control(path: str) -> str:
    """A week for the build's files (their names change with each Flet), none for the rest."""
    if path.endswith(IMMUTABLE_SUFFIXES) and "manifest" not in path and "version" not in path:
        return "public, max-age=604800"
    return "no-cache"


async def cache_headers(request, call_next):
    response = await call_next(request)
    response.headers.setdefault("Cache-Control", cache_control(request.url.path))
    return response


def static_fast_path(packed: _Precompressed, font_manifest: bytes):
    """HTTP middleware: the precompressed files from memory, the trimmed font manifest, and
    the Brotli bytes a page decodes itself.

    A ``Range`` (with an ``If-Range`` or not) for a compressed file is answered with the
    whole compressed copy (HTTP lets a server ignore a range): a range of the file would
    be the file compressed again for that one request."""
    from starlette.responses import Response

    font_manifest_etag = '"' + hashlib.sha1(font_manifest).hexdigest()[:20] + '"'

    async def serve_static(request, call_next):
        if request.method != "GET":
            return await call_next(request)
        rel = served_name(request.scope["path"])
        if rel == "assets/FontManifest.json":
            headers = {**OPENER_HEADERS, "Cache-Control": "no-cache", "ETag": font_manifest_etag}
            if request.headers.get("if-none-match") == font_manifest_etag:
                return Response(status_code=304, headers=headers)
            return Response(font_manifest, media_type="application/json", headers=headers)
        if rel.endswith(".br") and rel[:-3] in UNPACKED_IN_PAGE:
            return await brotli_as_is(packed, rel[:-3])
        accepted = request.headers.get("accept-encoding", "")
        entry = await compressed(packed, rel) if "gzip" in accepted else None
        if entry is None:
            return await call_next(request)
        headers = {**OPENER_HEADERS, "Cache-Control": cache_control(rel), "Vary": "Accept-Encoding"}
        asked = request.headers.get("if-none-match")
        if asked in entry.etags():
            return Response(status_code=304, headers={**headers, "ETag": asked})
        encoding = "br" if entry.brotli is not None and accepts_brotli(accepted) else "gzip"
        headers.update({"ETag": entry.etag(encoding), "Content-Encoding": encoding})
        return Response(entry.brotli if encoding == "br" else entry.gzip, media_type=entry.kind,
                        headers=headers)

    return serve_static


async def compressed(packed: _Precompressed, rel: str) -> Packed | None:
    """``rel`` compressed (off the loop the first time), or None: not one of the files."""
    import anyio

    if rel not in packed.files:
        return None
    return packed.ready(rel) or await anyio.to_thread.run_sync(packed.get, rel)


async def brotli_as_is(packed: _Precompressed, rel: str):
    """``rel``'s Brotli as plain bytes, for a page that decodes it itself (``/main.dart.js.br``:
    :mod:`companion.server.preload`); 404 until it is made (the page then fetches the file as it is)."""
    from starlette.responses import Response

    entry = await compressed(packed, rel)
    if entry is None or entry.brotli is None:
        return Response(status_code=404, headers={**OPENER_HEADERS, "Cache-Control": "no-cache"})
    headers = {**OPENER_HEADERS, "Cache-Control": "public, max-age=604800", "ETag": entry.etag("br")}
    return Response(entry.brotli, media_type=RAW_BROTLI, headers=headers)


async def preload_hints(request, call_next):
    """Flet's page with :mod:`companion.server.preload`'s hints (HTTP middleware): the page is
    read whole, changed, and sent without Flet's ETag (it names the unchanged file)."""
    from starlette.responses import Response

    response = await call_next(request)
    kind = response.headers.get("content-type", "")
    if (request.method != "GET" or response.status_code != 200 or not kind.startswith("text/html")
            or "content-encoding" in response.headers):
        return response
    page = b"".join([chunk async for chunk in response.body_iterator])
    headers = {k: v for k, v in response.headers.items()
               if k.lower() not in ("content-length", "etag", "last-modified")}
    return Response(with_preload_hints(page), status_code=200, headers=headers)


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
    ``limits``: the connection caps (companion/server/edge.py)."""
    import uvicorn

    from companion.flet_runtime import quiet_gc
    from companion.server.sockets import FRAME_MAX_BYTES  # websockets inflates no message past it

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    app = build_asgi(ctx)
    quiet_gc.install()  # the cycle collector runs between moves (what is alive now is frozen)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level,
                            ws="websockets-sansio", workers=1, lifespan="on",
                            http=guarded_protocol(limits), timeout_keep_alive=deadlines.KEEP_ALIVE_S,
                            ws_max_size=FRAME_MAX_BYTES, headers=SECURITY_HEADERS,
                            proxy_headers=trust_proxy, forwarded_allow_ips=list(TRUSTED_PROXIES),
                            timeout_graceful_shutdown=STOP_S)
    uvicorn.Server(config).run(sockets=[sock] if sock is not None else None)
