"""A WebKitGTK browser window without a toolbar, for WebKitWebDriver: a phone's screen.

Debian's MiniBrowser keeps its window at least 447 px wide (its toolbar), wider than a
phone; this window is only the web view, at the size asked. WebKitWebDriver starts it
(``webkitgtk:browserOptions``) and drives it over WebKit's automation session.

Run by the system's Python (``python3-gi`` and ``gir1.2-webkit2-4.1``, installed by
``make test``), not the project's: ``/usr/bin/python3 phone_window.py WIDTH HEIGHT [--dark] [--downloads FOLDER]``.
A page's ``window.open`` opens a new window (as Safari opens a tab); a download is saved
in FOLDER.

Every page also gets a short script, first thing, that keeps its uncaught errors and
console errors in ``window.__seen``: what Playwright's "pageerror" event tells on
Chromium, for a failed test's report.
"""

import sys
from pathlib import Path

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

NAME = "PhoneWindow"
"""The browser name WebKitWebDriver is told (it must match the one this window reports)."""
KEEP_ERRORS = """
window.__seen = [];
addEventListener('error', (e) => __seen.push('page error ' + e.message));
addEventListener('unhandledrejection', (e) => __seen.push('unhandled rejection ' + e.reason));
const consoleError = console.error.bind(console);
console.error = (...parts) => { __seen.push('console error ' + parts.join(' ')); consoleError(...parts); };
"""


def main(args: list[str]) -> None:
    width, height = int(args[0]), int(args[1])
    downloads = args[args.index("--downloads") + 1] if "--downloads" in args else None
    if "--dark" in args:  # the system asks for dark mode: prefers-color-scheme is dark
        Gtk.Settings.get_default().set_property("gtk-application-prefer-dark-theme", True)
    context = WebKit2.WebContext.get_default()
    context.set_automation_allowed(True)
    windows = []

    def shown(view) -> None:
        window = Gtk.Window()
        window.set_default_size(width, height)
        window.add(view)
        window.connect("destroy", lambda _w: windows.remove(window) or (windows or Gtk.main_quit()))
        window.show_all()
        windows.append(window)

    def opened(view, _action):  # window.open: a new window, as Safari opens a new tab
        popup = WebKit2.WebView(related_view=view, is_controlled_by_automation=True,
                                user_content_manager=view.get_user_content_manager())
        popup.connect("ready-to-show", shown)
        popup.connect("create", opened)
        return popup

    def new_view(_session):
        scripts = WebKit2.UserContentManager()
        scripts.add_script(WebKit2.UserScript(
            KEEP_ERRORS, WebKit2.UserContentInjectedFrames.ALL_FRAMES,
            WebKit2.UserScriptInjectionTime.START, None, None))
        view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True,
                               user_content_manager=scripts)
        view.connect("create", opened)
        shown(view)
        return view

    def save(download, suggested: str) -> bool:
        """Written under a hidden name, given its own once whole."""
        part, whole = Path(downloads) / f".{suggested}.part", Path(downloads) / suggested
        download.set_destination(GLib.filename_to_uri(str(part), None))
        download.connect("finished", lambda _d: part.rename(whole))
        return True

    def started(_context, session):
        info = WebKit2.ApplicationInfo.new()
        info.set_name(NAME)
        info.set_version(1, 0, 0)
        session.set_application_info(info)
        session.connect("create-web-view", new_view)

    context.connect("automation-started", started)
    if downloads:  # a download goes to that folder, under the name the server gives it
        context.connect("download-started", lambda _c, download: download.connect("decide-destination", save))
    Gtk.main()


if __name__ == "__main__":
    main(sys.argv[1:])
