"""Preload hints: the page asks for its build's big files as soon as its head is read.

Flet's page loads ``flutter_bootstrap.js`` at the end of its body; only when that has run
does Flutter's loader ask for the build's code, then the renderer's script, then its wasm,
and the fonts only once the engine has started: a chain of requests one after another.
The script here starts them all at once, while the page is still being read.

Which build a browser gets is decided in the browser by Flet's ``flutter.js`` (1.0.5):
the WebAssembly build (``main.dart.wasm`` + skwasm) for Blink engines with WasmGC and
WebGL, the JavaScript build (``main.dart.js`` + CanvasKit) for everyone else (every
iPhone, Firefox). A wrong hint would make a phone download a build it never runs (2-3 MiB),
so the script asks the same questions ``flutter.js`` asks, with the same answers, and a
hint has the same request mode as the request it stands for (a script tag: none; ``import``:
``modulepreload``; ``fetch``: ``crossorigin``), or the browser downloads the file twice.

A page that is not a secure one (``http://`` at the host's LAN address: every phone at the
table) is sent gzip only: browsers ask for Brotli over https and loopback alone. There the
JavaScript build's code and renderer (2.30 + 2.65 MiB in zopfli's gzip) are fetched in
Brotli as plain bytes (``/main.dart.js.br``: 1.80 + 2.14 MiB) and decoded by the page
itself, in a worker (``assets/unbrotli/``, Google's Brotli decoder, 62 KB): Flutter's
script tag for ``main.dart.js`` waits for the decoded code, and CanvasKit's ``fetch`` of its
wasm is answered with it. If a copy is not made yet (404), the worker fails or takes more
than a minute, the file is fetched as it is.
"""

from __future__ import annotations

import functools
import json

FONTS = ("assets/fonts/MaterialIcons-Regular.otf", "assets/fonts/roboto.woff2")
"""The fonts Flutter loads at start (``companion/server/asgi.py`` keeps only these in its manifest)."""

HINTS_JS = """(() => { try {
  const files = %s;
  const vendor = navigator.vendor, agent = navigator.userAgent;
  const engine = vendor === 'Google Inc.' || agent.includes('Edg/') ? 'blink'
    : vendor === 'Apple Computer, Inc.' ? 'webkit'
    : vendor === '' && agent.includes('Firefox') ? 'gecko' : 'unknown';
  const codecs = typeof ImageDecoder !== 'undefined' && engine === 'blink';
  const breaks = typeof Intl.v8BreakIterator !== 'undefined' && typeof Intl.Segmenter !== 'undefined';
  const wasmGC = () => WebAssembly.validate(new Uint8Array(%s));
  const webGL = () => {  // asked only where it decides (as flutter.js asks), then let go
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const gl = canvas.getContext('webgl2') || canvas.getContext('webgl');
    if (gl) gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !!gl;
  };
  const unbrotli = (path) => new Promise((resolve, reject) => {
    const worker = new Worker('/unbrotli/worker.js', {type: 'module'});
    const done = (settle, value) => { clearTimeout(late); worker.terminate(); settle(value); };
    const late = setTimeout(() => done(reject, 'too slow'), %s);
    worker.onmessage = ({data}) => data.bytes ? done(resolve, data.bytes) : done(reject, data.error);
    worker.onerror = (event) => done(reject, event.message || 'no worker');
    fetch(path + '.br').then((response) => {  // at once, while the worker starts
      if (!response.ok) throw new Error(path + '.br: ' + response.status);
      return response.arrayBuffer();
    }).then((packed) => worker.postMessage(packed, [packed]), (error) => done(reject, String(error)));
  });
  // The page's own Brotli for the big files where the browser takes only gzip (an http://
  // page on the table's Wi-Fi): Flutter's script tag and CanvasKit's fetch are handed the
  // decoded bytes; if anything fails they go on to the file as it is.
  const unpackInPage = (paths) => {
    if (typeof Worker === 'undefined' || typeof Blob === 'undefined') return false;
    const unpacked = new Map(paths.map((path) => [path, unbrotli(path)]));
    unpacked.forEach((bytes) => bytes.catch(() => {}));
    const take = (url) => {
      const path = new URL(url, location.href).pathname, bytes = unpacked.get(path);
      unpacked.delete(path);
      return bytes && bytes.then((body) => new Blob([body], {
        type: path.endsWith('.wasm') ? 'application/wasm' : 'text/javascript'}));
    };
    const head = document.head, append = head.append, fetchAsIs = window.fetch;
    head.append = function (...nodes) {
      const script = nodes.length === 1 && nodes[0] instanceof HTMLScriptElement ? nodes[0] : null;
      const blob = script && script.src && take(script.src);
      if (!blob) return append.apply(this, nodes);
      blob.then((code) => { script.src = URL.createObjectURL(code); }, () => {})
        .finally(() => append.call(this, script));
    };
    window.fetch = function (input, init) {
      const blob = take(input instanceof Request ? input.url : String(input));
      if (!blob) return fetchAsIs.apply(this, arguments);
      return blob.then((body) => new Response(body, {headers: {'Content-Type': body.type}}),
                       () => fetchAsIs.call(this, input, init));
    };
    return true;
  };
  let build;
  if (engine === 'blink' && wasmGC() && webGL()) {
    const skwasm = codecs && breaks ? 'canvaskit/skwasm' : 'canvaskit/skwasm_heavy';
    build = [['modulepreload', 'main.dart.mjs'], ['fetch', 'main.dart.wasm'],
             ['modulepreload', skwasm + '.js'], ['fetch', skwasm + '.wasm']];
  } else {
    const canvaskit = codecs && breaks ? 'canvaskit/chromium/' : 'canvaskit/';
    const big = [['script', 'main.dart.js'], ['fetch', canvaskit + 'canvaskit.wasm']];
    build = [['modulepreload', canvaskit + 'canvaskit.js']];
    if (window.isSecureContext || !unpackInPage(big.map(([, path]) => '/' + path))) build.push(...big);
  }
  for (const [kind, href] of build.concat(files.map((font) => ['fetch', font]))) {
    const link = document.createElement('link');
    link.href = '/' + href;  // Flet's entrypointBaseUrl and assetBase
    if (kind === 'modulepreload') link.rel = kind;
    else { link.rel = 'preload'; link.as = kind; }
    if (kind === 'fetch') link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }
} catch (error) { /* a hint is a help, never needed */ } })();"""
UNPACK_DEADLINE_MS = 60000
"""A file the page decodes itself and has not had by then is fetched as it is."""
UNPACKED_IN_PAGE = ("main.dart.js", "canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm")
"""The JavaScript build's big files, each served raw in Brotli at its name + ``.br`` for a
page that decodes it itself (``assets/unbrotli/``)."""
WASM_GC_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]
"""The module ``flutter.js`` validates to know whether the browser has WasmGC."""


@functools.lru_cache(maxsize=1)
def hints_script() -> bytes:
    return ("<script>" + HINTS_JS % (json.dumps(list(FONTS)), json.dumps(WASM_GC_PROBE), UNPACK_DEADLINE_MS)
            + "</script>").encode()


def with_preload_hints(html: bytes) -> bytes:
    """``html`` with the hints script at the top of its head (a page without one is left as
    it is: the hints are a help, never needed)."""
    head = html.find(b"<head>")
    if head < 0:
        return html
    at = head + len(b"<head>")
    return html[:at] + hints_script() + html[at:]
