"""Several seated phones coming back at once after a host restart, timed in each page's
own clock (bench/comeback.py): where the seconds go, step by step.

Every mark is the page's ``Date.now()``, kept in the tab's session storage (it survives the
reload of the baseline way), counted from the moment the page itself first heard its host
answer again (its first good ``/alive`` after its socket closed)."""

from __future__ import annotations

import json
import sys
import time

from tests.browser.harness import Phone

WITHIN_S = 120.0
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
WAYS = ("reload", "reconnect")
"""The two ways back of ``assets/comeback.js``: "reload", the page loads again (what it did
once, the baseline; the bench asks for it through ``comeback.reload`` in session storage), and
"reconnect", Flet's client connects again in the page it keeps."""
STEPS = ("socket open", "registered", "storage asked", "phone replied", "seat sent", "on its seat")
"""The steps of a comeback, after the host answered: the page's new websocket is open
(Flet's pause before it connects again, or the reload and Flutter's start), the host's
answer to its registration has arrived (a new session), the app asks the phone's storage
(its host key, theme, sound and seat token), the phone has sent its last answer, the
message that draws its seat has arrived (the app's first screen), and its seat (the points
field) is in the accessibility tree, drawn."""
KEYS = ("open", "registered", "asked", "replied", "sent", "seat")

MARKS = r"""
(() => {
  if (window.top !== window) return;
  const label = %s, store = window.sessionStorage;
  if (%s) store.setItem('comeback.reload', '1');
  const get = (key) => Number(store.getItem('bench.' + key) || 0);
  const put = (key) => { if (!get(key)) store.setItem('bench.' + key, String(Date.now())); };
  const wanted = new TextEncoder().encode(label), asking = new TextEncoder().encode('seat.');
  function holds(bytes, wanted) {
    outer: for (let i = 0; i + wanted.length <= bytes.length; i++) {
      for (let j = 0; j < wanted.length; j++) if (bytes[i + j] !== wanted[j]) continue outer;
      return true;
    }
    return false;
  }
  const realFetch = window.fetch;
  window.fetch = function (url, options) {
    return realFetch.call(this, url, options).then((response) => {
      if (String(url).indexOf('/alive') >= 0 && response.ok && store.getItem('bench.lost')) {
        store.removeItem('bench.lost');
        put('answered');
      }
      return response;
    });
  };
  const Real = window.WebSocket;
  function Timed(url, protocols) {
    const socket = protocols === undefined ? new Real(url) : new Real(url, protocols);
    let messages = 0;
    socket.addEventListener('open', () => { if (get('answered')) put('open'); });
    const send = socket.send;
    socket.send = function (data) {
      if (get('asked') && !get('sent')) store.setItem('bench.replied', String(Date.now()));
      return send.call(this, data);
    };
    socket.addEventListener('close', () => {
      ['answered', 'open', 'registered', 'asked', 'replied', 'sent', 'seat'].forEach((k) => store.removeItem('bench.' + k));
      store.setItem('bench.lost', '1');
    });
    socket.addEventListener('message', (event) => {
      if (!get('answered') || !get('open')) return;
      if (++messages === 1) put('registered');
      const data = event.data;
      const look = (buffer) => {
        const bytes = new Uint8Array(buffer);
        if (holds(bytes, asking)) put('asked');
        if (holds(bytes, wanted) && !get('sent')) { put('sent'); drawn(); }
      };
      if (data instanceof ArrayBuffer) look(data);
      else if (data && data.arrayBuffer) data.arrayBuffer().then(look);
    });
    return socket;
  }
  Timed.prototype = Real.prototype;
  ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach((k) => { Timed[k] = Real[k]; });
  window.WebSocket = Timed;
  // the seat counts once Flutter has had the message (comeback.js hands messages over a
  // few milliseconds late) and drawn two frames since: not the old screen's seat
  let framed = false;
  function drawn() {
    framed = false;
    setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => { framed = true; })), 10);
  }
  if (get('sent') && !get('seat')) drawn();
  let clicked = 0;
  (function tick() {
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (placeholder && Date.now() - clicked > 200) { clicked = Date.now(); placeholder.click(); }
    if (framed && get('sent') && document.querySelector('[aria-label="' + label + '"]')) put('seat');
    setTimeout(tick, 20);
  })();
})();
"""

READ = """() => { const s = window.sessionStorage, n = (k) => Number(s.getItem('bench.' + k) || 0);
  return {answered: n('answered'), open: n('open'), registered: n('registered'), asked: n('asked'),
          replied: n('replied'), sent: n('sent'), seat: n('seat'), load: performance.timeOrigin}; }"""


def seated_phone(browser, server, code: str, seat: int, build: str, way: str) -> Phone:
    name = NAMES[seat]
    phone = Phone(browser, f"{name.lower()}-{build}-{way}", build=build)
    phone.context.add_init_script(MARKS % (json.dumps(f"{name}'s points"), json.dumps(way == "reload")))
    phone.open(f"{server.url}/join/{code}")
    phone.tap(f"Sit as {name}")
    phone.field(f"{name}'s points")
    return phone


def together(browser, server, n: int, build: str, way: str, restarts: int) -> tuple[dict[str, list[float]], str]:
    """``n`` seated phones, ``restarts`` host restarts: each step's seconds after the page
    heard its host again, every phone of every restart; and how many came back in the page
    they kept (no reload) out of how many came back."""
    code = json.loads(server.companion("new", "scorepad", "--players", ",".join(NAMES[:n]), "--json").stdout)["code"]
    phones = [seated_phone(browser, server, code, seat, build, way) for seat in range(n)]
    steps: dict[str, list[float]] = {step: [] for step in STEPS}
    kept = back = 0
    try:
        for _ in range(restarts):
            loads = [phone.load_id() for phone in phones]
            server.kill9()
            for phone in phones:
                phone.page.locator("#comeback", has_text="Lost the host").wait_for(timeout=15000)
            server.start()
            for phone, load in zip(phones, loads):
                marks = wait_seated(phone)
                if marks is None:  # counted as not back (its steps left out)
                    continue
                for step, key in zip(STEPS, KEYS):
                    steps[step].append((marks[key] - marks["answered"]) / 1000)
                back += 1
                kept += marks["load"] == load
            for phone in phones:  # the next restart finds every phone settled
                settle(phone)
    finally:
        for phone in phones:
            phone.close()
    return steps, f"{kept}/{back}"


def wait_seated(phone: Phone) -> dict | None:
    """The page's marks once it is on its seat again; None past :data:`WITHIN_S` (said on
    stderr)."""
    deadline = time.monotonic() + WITHIN_S
    while time.monotonic() < deadline:
        try:
            marks = phone.page.evaluate(READ)
            if marks["seat"] and marks["answered"]:
                return marks
        except Exception:  # the page is between two loads
            pass
        phone.page.wait_for_timeout(100)
    print(f"{phone.name}: not on its seat {WITHIN_S:.0f} s after the restart", file=sys.stderr, flush=True)
    return None


def settle(phone: Phone) -> None:
    """Wait until the phone shows its seat (reloading it once if it does not): the next
    restart finds every phone settled, and one phone left behind does not end the run."""
    field = phone.name.split("-")[0].title() + "'s points"
    try:
        phone.field(field, timeout=WITHIN_S * 1000)
    except Exception:  # noqa: BLE001 - said, and the phone is reloaded
        print(f"{phone.name}: reloaded by the bench, not on its seat", file=sys.stderr, flush=True)
        phone.reload()
        phone.field(field, timeout=WITHIN_S * 1000)
