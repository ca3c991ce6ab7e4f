"""Several seated phones coming back at once after a host restart, timed in each page's
own clock (bench/comeback.py ``--together``): where the seconds go, step by step."""

from __future__ import annotations

import sys
import time

from tests.browser.harness import Phone

WITHIN_S = 120.0
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
STEPS = ("reload", "page read", "code arrived", "first frame", "socket open", "on its seat")
"""The steps of a comeback, in order: the page's reload starts (it asks the host ten times a
second), its HTML is read (DOMContentLoaded), Flet's compiled client (main.dart.wasm or
main.dart.js) has arrived, Flutter's first frame replaced the loading screen, the page's
websocket to the host is open, and its seat (the points field) is in the accessibility tree."""

MARKS = r"""
(() => {
  if (window.top !== window) return;
  const mark = window.__bench = {};
  const label = %s;
  const Real = window.WebSocket;
  function Timed(url, protocols) {
    const socket = protocols === undefined ? new Real(url) : new Real(url, protocols);
    socket.addEventListener('open', () => { mark.socket = mark.socket || Date.now(); });
    return socket;
  }
  Timed.prototype = Real.prototype;
  ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach((k) => { Timed[k] = Real[k]; });
  window.WebSocket = Timed;
  let clicked = 0;
  (function tick() {
    if (document.readyState !== 'loading' && !document.getElementById('loading'))
      mark.frame = mark.frame || Date.now();
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (placeholder && Date.now() - clicked > 200) { clicked = Date.now(); placeholder.click(); }
    if (document.querySelector('[aria-label="' + label + '"]')) { mark.seat = Date.now(); return; }
    setTimeout(tick, 20);
  })();
})();
"""

READ = r"""() => {
  const origin = performance.timeOrigin, nav = performance.getEntriesByType('navigation')[0];
  const code = performance.getEntriesByType('resource').find((e) => /main\.dart\.(wasm|js)$/.test(e.name));
  const m = window.__bench || {};
  return {reload: origin, read: origin + nav.domContentLoadedEventEnd,
          code: code ? origin + code.responseEnd : null, cached: code ? code.transferSize === 0 : null,
          frame: m.frame || null, socket: m.socket || null, seat: m.seat || null};
}"""


def seated_phone(browser, server, code: str, seat: int, build: str) -> Phone:
    name = NAMES[seat]
    phone = Phone(browser, f"{name.lower()}-{build}", build=build)
    phone.context.add_init_script(MARKS % repr(f"{name}'s points"))
    phone.open(f"{server.url}/join/{code}")
    phone.tap(f"Sit as {name}")
    phone.field(f"{name}'s points")
    return phone


def together(browser, server, n: int, build: str, restarts: int) -> tuple[dict[str, list[float]], str]:
    """``n`` seated phones, ``restarts`` host restarts: each step's seconds after the host
    answered, every phone of every restart; and how many loads had Flutter's code cached."""
    code = server.companion("new", "scorepad", "--players", ",".join(NAMES[:n]), "--json").stdout
    code = __import__("json").loads(code)["code"]
    phones = [seated_phone(browser, server, code, seat, build) for seat in range(n)]
    steps: dict[str, list[float]] = {step: [] for step in STEPS}
    cached = loads = 0
    try:
        for _ in range(restarts):
            loads_before = [phone.load_id() for phone in phones]
            server.kill9()
            for phone in phones:
                phone.page.locator("#comeback", has_text="Lost the host").wait_for(timeout=15000)
            server.start()
            answered = time.time() * 1000
            for phone, before in zip(phones, loads_before):
                marks = wait_seated(phone, before)
                if marks is None:  # counted as not back (its steps left out)
                    loads += 1
                    continue
                for step, key in zip(STEPS, ("reload", "read", "code", "frame", "socket", "seat")):
                    if marks[key] is not None:
                        steps[step].append((marks[key] - answered) / 1000)
                cached += bool(marks["cached"])
                loads += 1
    finally:
        for phone in phones:
            phone.close()
    return steps, f"{cached}/{loads}"


def wait_seated(phone: Phone, before: float) -> dict | None:
    """The page's marks once it is a later load than ``before`` and on its seat; None
    past :data:`WITHIN_S` (said on stderr)."""
    deadline = time.monotonic() + WITHIN_S
    while time.monotonic() < deadline:
        try:
            if phone.load_id() != before:
                marks = phone.page.evaluate(READ)
                if marks["seat"]:
                    return marks
        except Exception:  # the page is between two loads
            pass
        phone.page.wait_for_timeout(100)
    print(f"{phone.name}: not on its seat {WITHIN_S:.0f} s after the restart", file=sys.stderr, flush=True)
    return None
