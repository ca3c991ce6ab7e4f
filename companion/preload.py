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
"""

from __future__ import annotations

import functools
import json

FONTS = ("assets/fonts/MaterialIcons-Regular.otf", "assets/fonts/roboto.woff2")
"""The fonts Flutter loads at start (``companion/web.py`` keeps only these in its manifest)."""

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
  let build;
  if (engine === 'blink' && wasmGC() && webGL()) {
    const skwasm = codecs && breaks ? 'canvaskit/skwasm' : 'canvaskit/skwasm_heavy';
    build = [['modulepreload', 'main.dart.mjs'], ['fetch', 'main.dart.wasm'],
             ['modulepreload', skwasm + '.js'], ['fetch', skwasm + '.wasm']];
  } else {
    const canvaskit = codecs && breaks ? 'canvaskit/chromium/' : 'canvaskit/';
    build = [['script', 'main.dart.js'], ['modulepreload', canvaskit + 'canvaskit.js'],
             ['fetch', canvaskit + 'canvaskit.wasm']];
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
WASM_GC_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]
"""The module ``flutter.js`` validates to know whether the browser has WasmGC."""


@functools.lru_cache(maxsize=1)
def hints_script() -> bytes:
    return ("<script>" + HINTS_JS % (json.dumps(list(FONTS)), json.dumps(WASM_GC_PROBE))
            + "</script>").encode()


def with_preload_hints(html: bytes) -> bytes:
    """``html`` with the hints script at the top of its head (a page without one is left as
    it is: the hints are a help, never needed)."""
    head = html.find(b"<head>")
    if head < 0:
        return html
    at = head + len(b"<head>")
    return html[:at] + hints_script() + html[at:]
