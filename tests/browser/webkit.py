"""WebKitGTK phones (Safari's engine): WebKitWebDriver, driven by Selenium, under Xvfb.

Every iPhone browser is WebKit, and it gets Flet's JavaScript build. Debian's
``webkit2gtk-driver`` and ``xvfb`` (installed by ``make test``) run here; Playwright's own
WebKit cannot be downloaded. Each phone is its own browser process (a toolbar-less window
at the phone's size, ``phone_window.py``) with its own storage and cache, so two phones are
two people.

A :class:`WebKitPhone` speaks the same language as the Chromium :class:`harness.Phone`
(``open``, ``tap``, ``see``, ``see_label``, ``type_into``, ``become_host``, the screen's
measures of :class:`harness.Screen`): a test written once runs on both. Both find things
in Flutter's accessibility tree (``flt-semantics`` nodes, their ``role`` and
``aria-label``); here :data:`FIND` reads it in the page.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from tests.browser.harness import PHONE, Screen

DRIVER = "/usr/bin/WebKitWebDriver"
WINDOW = Path(__file__).resolve().parent / "phone_window.py"
SYSTEM_PYTHON = "/usr/bin/python3"
"""The window needs GTK's bindings (python3-gi), which only the system's Python has."""
SCREEN = "2000x1200x24"
"""Xvfb's screen: room for a 1920 x 1080 table screen."""
POLL_MS = 100

FIND = """(query) => {
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const own = (el) => norm(el.getAttribute('aria-label') ||
                           (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? '' : el.textContent));
  const named = (el) => {  // an icon button takes its name from its tooltip, one node up
    let name = own(el);
    for (let up = el.parentElement; !name && up && up.tagName === 'FLT-SEMANTICS'; up = up.parentElement)
      name = norm(up.getAttribute('aria-label'));
    return name;
  };
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const want = norm(query.name);
  let nodes, match;
  if (query.kind === 'button') {
    nodes = document.querySelectorAll('flt-semantics[role=button], flt-semantics[role=checkbox], '
                                      + 'flt-semantics[role=tab], flt-semantics[role=menuitem]');
    match = (el) => named(el) === want;
  } else if (query.kind === 'field') {
    nodes = document.querySelectorAll('input, textarea');
    match = (el) => norm(el.getAttribute('aria-label')) === want;
  } else if (query.kind === 'label') {
    nodes = document.querySelectorAll('flt-semantics');
    match = (el) => own(el) === want;
  } else {  // text: a part of what a node says, in any case (as Playwright's get_by_text)
    nodes = document.querySelectorAll('flt-semantics, input, textarea');
    match = (el) => named(el).toLowerCase().includes(want.toLowerCase());
  }
  return Array.from(nodes).filter((el) => shown(el) && match(el));
}"""
READY = "() => !document.getElementById('loading') && !!document.querySelector('flt-semantics-placeholder, flt-semantics')"
ENABLE_SEMANTICS = "() => { const p = document.querySelector('flt-semantics-placeholder'); if (p) p.click(); }"


class Display:
    """A virtual X display (Xvfb) for the WebKit windows; its number chosen by Xvfb."""

    def __init__(self):
        read, write = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN,
                                      "-nolisten", "tcp"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start: run `make test` (it installs Debian's xvfb)")
        self.name = f":{number}"

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def webkit_missing() -> str | None:
    """What is missing to run WebKit phones here (None: all there)."""
    for path in (DRIVER, SYSTEM_PYTHON, shutil.which("Xvfb") or "/usr/bin/Xvfb"):
        if not Path(path).exists():
            return f"{path} is missing: run `make test` (it installs WebKitGTK's driver and Xvfb)"
    return None


class WebKitPhone(Screen):
    """One WebKitGTK browser: its own process, storage and cache, ``viewport`` in CSS px."""

    engine = "webkit"

    def __init__(self, display: Display, name: str, viewport=None, dark: bool = False,
                 language: str = "en_US.UTF-8"):
        """``dark``: the system asks for dark mode; ``language``: the browser's LANG (WebKit
        reports ``navigator.language`` from it: "C.UTF-8" gives "C")."""
        from selenium import webdriver

        missing = webkit_missing()
        if missing:
            raise RuntimeError(missing)
        self.name = name
        self.size = dict(viewport or PHONE)
        self.home = Path(tempfile.mkdtemp(prefix="tc-webkit-"))
        env = {**os.environ, "DISPLAY": display.name, "LANG": language, "LC_ALL": "",
               "LANGUAGE": "", "XDG_DATA_HOME": str(self.home / "data"),
               "XDG_CACHE_HOME": str(self.home / "cache"), "XDG_CONFIG_HOME": str(self.home / "config")}
        options = webdriver.WebKitGTKOptions()
        options.binary_location = SYSTEM_PYTHON
        self.downloads = self.home / "downloads"
        self.downloads.mkdir(parents=True)
        for arg in (str(WINDOW), str(self.size["width"]), str(self.size["height"]),
                    "--downloads", str(self.downloads), *(["--dark"] if dark else [])):
            options.add_argument(arg)
        options.set_capability("browserName", "PhoneWindow")
        service = webdriver.WebKitGTKService(executable_path=DRIVER, env=env,
                                             log_output=str(self.home / "driver.log"))
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(60)
        self.events: list[str] = []

    # -- what harness.Screen asks of a phone --------------------------------------------
    def evaluate(self, script: str, arg=None):
        return self.driver.execute_script(f"return ({script})(arguments[0]);", arg)

    def png(self) -> bytes:
        return self.driver.get_screenshot_as_png()

    def pause(self, ms: float) -> None:
        time.sleep(ms / 1000)

    def viewport(self) -> dict:
        return self.evaluate("() => ({width: innerWidth, height: innerHeight})")

    # -- pages ---------------------------------------------------------------------------
    def open(self, url: str) -> "WebKitPhone":
        self.events.append(f"{time.strftime('%H:%M:%S')} open {url}")
        self.driver.get(url)
        self.ready()
        return self

    def ready(self, timeout: float = 90000) -> None:
        self.until(lambda: self.evaluate(READY), "the app's first frame", timeout)
        self.enable_semantics()

    def enable_semantics(self) -> None:
        self.evaluate(ENABLE_SEMANTICS)

    def reload(self) -> None:
        self.driver.refresh()
        self.ready()

    def load_id(self) -> float:
        return self.evaluate("() => performance.timeOrigin")

    def reloaded_since(self, load: float, timeout: float = 30000) -> None:
        """Wait until the page is a later load than ``load`` (it reloaded by itself) and
        has drawn its first frame."""
        self.until(lambda: self.load_id() != load, "reload by itself", timeout)
        self.ready()

    def loaded_build(self) -> str:
        names = self.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
        return "js" if any(name.endswith(("main.dart.js", "main.dart.js.br")) for name in names) else "wasm"

    def errors(self) -> list[str]:
        """The page's uncaught errors and console errors (phone_window.py keeps them)."""
        return self.evaluate("() => window.__seen || []")

    def become_host(self, server) -> "WebKitPhone":
        self.open(f"{server.url}/host/{server.host_key}")
        self.see("New table")
        return self

    # -- finding and tapping, in Flutter's accessibility tree ---------------------------
    def until(self, check, what: str, timeout: float = 30000):
        """Poll ``check()`` until it gives something true; fail naming ``what``."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            try:
                found = check()
            except Exception:  # the page is between two loads
                found = None
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no {what} in {timeout / 1000:.0f} s")
            time.sleep(POLL_MS / 1000)

    def find(self, kind: str, name: str) -> list:
        return self.evaluate(FIND, {"kind": kind, "name": name})

    def tap(self, name: str, timeout: float = 30000) -> None:
        """Tap the button named ``name`` (a real click where the node lies)."""
        self.until(lambda: self.find("button", name), f"button '{name}'", timeout)[0].click()

    def tap_icon(self, tooltip: str, timeout: float = 30000) -> None:
        """Tap an icon button by its tooltip (FIND names a button after the node above)."""
        self.tap(tooltip, timeout)

    def keep_downloads(self) -> None:
        """Every download is kept already (phone_window.py saves it in ``downloads``)."""

    def downloaded(self, timeout: float = 30000) -> bytes:
        """The first file this phone downloaded, once it is whole."""
        def whole():
            done = [p for p in self.downloads.iterdir() if not p.name.startswith(".")]
            return done and done[0].read_bytes()
        return self.until(whole, "download", timeout)

    def wheel(self, pixels: float) -> None:
        """Scroll the page down by ``pixels`` (up when negative), as a wheel does."""
        self.evaluate("""(dy) => {
            const x = innerWidth / 2, y = innerHeight / 2;
            const target = document.elementFromPoint(x, y) || document.querySelector('flutter-view');
            target.dispatchEvent(new WheelEvent('wheel', {deltaY: dy, deltaMode: 0, clientX: x, clientY: y,
                                                          bubbles: true, cancelable: true}));
        }""", pixels)

    def resize(self, viewport: dict) -> None:
        self.driver.set_window_size(viewport["width"], viewport["height"])
        self.until(lambda: self.viewport() == viewport, f"a {viewport} viewport", 10000)

    def tap_until(self, name: str, expect: str, label: bool = False, tries: int = 3,
                  timeout: float = 30000) -> None:
        """Tap ``name`` until ``expect`` shows (a tap lost while the screen is redrawn)."""
        see = self.see_label if label else self.see
        for attempt in range(tries):
            if attempt == 0 or self.find("button", name):
                self.tap(name, timeout=timeout)
            try:
                see(expect, timeout=8000)
                return
            except AssertionError:
                continue
        see(expect, timeout=timeout)

    def see(self, text: str, timeout: float = 30000) -> None:
        self.until(lambda: self.find("text", text), f"'{text}' on screen", timeout)

    def see_label(self, label: str, timeout: float = 30000) -> None:
        self.until(lambda: self.find("label", label), f"node named '{label}'", timeout)

    def type_into(self, label: str, text: str, tries: int = 4) -> None:
        """Replace the text of the field labelled ``label``, and check it took."""
        from selenium.webdriver.common.keys import Keys

        box = None
        for _ in range(tries):
            box = self.until(lambda: self.find("field", label), f"field '{label}'")[0]
            box.click()
            self.until(lambda: self.evaluate("(el) => document.activeElement === el", box),
                       f"focus in '{label}'", 3000)
            time.sleep(0.1)
            current = box.get_property("value") or ""
            box.send_keys(Keys.END + Keys.BACKSPACE * len(current) + text)
            if box.get_property("value") == text:
                return
            time.sleep(0.3)
        raise AssertionError(f"the field '{label}' would not take '{text}'")

    # -- a failed test's report -----------------------------------------------------------
    def report(self) -> str:
        try:
            state = f"{self.driver.current_url}; errors: {self.errors()}"
        except Exception as error:
            state = f"(no answer: {type(error).__name__})"
        return "\n".join([f"--- {self.name} (WebKit): {state}", *self.events])

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.home, ignore_errors=True)
