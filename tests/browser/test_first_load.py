"""A phone's first join on both builds: its build's big files asked for at once, each once."""

from __future__ import annotations

import hashlib
from pathlib import Path

import brotli
import pytest

from storage.store import APP_NAME
from tests.browser.conftest import failed
from tests.browser.harness import BUILDS, ENGINES, Server, new_table

pytestmark = pytest.mark.browser

MAIN_FILE = {"wasm": "/main.dart.wasm", "js": "/main.dart.js"}
RENDERER = {"wasm": "/canvaskit/skwasm.wasm", "js": "/canvaskit/canvaskit.wasm"}

HINTED = """() => [...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]
                   .map((link) => new URL(link.href).pathname)"""
FETCHED = "() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"


@pytest.mark.parametrize("build", BUILDS)
def test_a_new_phone_asks_for_its_builds_files_at_once_and_once(server, phones, build):
    """The page's hints name the files of the build the phone then runs (never the other
    build's), and each is downloaded once: Flutter's own request takes the hinted answer."""
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("Ann", build=build).open(f"{server.url}/join/{code}")
    ann.see("Sit as Ann")
    assert ann.loaded_build() == build
    hinted = ann.page.evaluate(HINTED)
    other = "js" if build == "wasm" else "wasm"
    assert MAIN_FILE[build] in hinted and RENDERER[build] in hinted, hinted
    assert "/assets/fonts/MaterialIcons-Regular.otf" in hinted, hinted
    assert MAIN_FILE[other] not in hinted and RENDERER[other] not in hinted, hinted
    fetched = ann.page.evaluate(FETCHED)
    assert MAIN_FILE[other] not in fetched
    twice = sorted({path for path in hinted if fetched.count(path) != 1})
    assert not twice, f"hinted files not downloaded exactly once: {twice}"


def test_a_seated_phone_that_scans_the_code_again_is_taken_to_its_seat(server, phones):
    """The join page reads the phone's seat with its host key and theme, in one wait: a
    phone that already sits at the table goes on to it; another phone is offered seats."""
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("Ann").open(f"{server.url}/join/{code}")
    ann.tap("Sit as Ann")
    ann.field("Ann's points")
    ann.open(f"{server.url}/join/{code}")
    ann.field("Ann's points")
    assert ann.page.url.endswith(f"/t/{code}")
    bo = phones("Bo").open(f"{server.url}/join/{code}")
    bo.see("Sit as Bo")
    assert bo.page.url.endswith(f"/join/{code}")


def lan_address() -> str:
    from companion.server.lan import candidate_addresses

    found = [a for a in candidate_addresses() if not a.startswith("127.")]
    assert found, "this machine has no LAN address to serve a Wi-Fi phone's page at"
    return found[0]


def brotli_copies(cache_home: Path) -> None:
    """The Brotli copies of the JavaScript build's big files, kept where the server looks
    (made quickly here: a host makes its own at quality 11 in its first minutes)."""
    from flet_web import get_package_web_dir

    kept = cache_home / APP_NAME / "precompressed"
    kept.mkdir(parents=True)
    for rel in ("main.dart.js", "canvaskit/canvaskit.wasm"):
        raw = (Path(get_package_web_dir()) / rel).read_bytes()
        (kept / f"{hashlib.sha1(raw).hexdigest()[:20]}.br").write_bytes(brotli.compress(raw, quality=4))


@pytest.fixture
def wifi_server(tmp_path, request):
    """The server reached at the machine's LAN address, as a phone at the table reaches it:
    an http:// page that is not a secure one, to which browsers send gzip only."""
    def start(with_brotli: bool) -> Server:
        if with_brotli:
            brotli_copies(tmp_path / "cache")
        srv = Server(tmp_path / "data", address=lan_address(), env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
        started.append(srv.start())
        return srv

    started: list[Server] = []
    yield start
    for srv in started:
        srv.stop()
        if failed(request):
            print(f"--- the server's log ({srv.url}):\n{srv.log_tail()}")


def fetched_paths(phone) -> list[str]:
    return phone.evaluate(FETCHED)


@pytest.mark.parametrize("build", ["js", "webkit"])
def test_a_phone_on_the_wifi_gets_the_big_files_in_brotli_and_decodes_them_itself(wifi_server, phones, build):
    """Over http:// on the table's Wi-Fi the browser takes gzip only: the page fetches the
    JavaScript build's code and renderer in Brotli (a fifth smaller) and decodes them."""
    server = wifi_server(with_brotli=True)
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("Ann", build=build).open(f"{server.url}/join/{code}")
    ann.see("Sit as Ann", timeout=90000)
    fetched = fetched_paths(ann)
    assert "/main.dart.js.br" in fetched and "/canvaskit/canvaskit.wasm.br" in fetched, fetched
    assert "/main.dart.js" not in fetched and "/canvaskit/canvaskit.wasm" not in fetched, fetched
    ann.tap("Sit as Ann", timeout=90000)
    ann.see("Points in round 1", timeout=90000)


def test_a_phone_on_the_wifi_before_the_brotli_is_made_gets_the_files_as_they_are(wifi_server, phones):
    """A host's first minutes: no Brotli copy yet, the page goes on to the gzipped files."""
    server = wifi_server(with_brotli=False)
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("Ann", build="js").open(f"{server.url}/join/{code}")
    ann.see("Sit as Ann")
    fetched = fetched_paths(ann)
    assert "/main.dart.js.br" in fetched, fetched  # asked for, not there yet (404)
    assert "/main.dart.js" in fetched and "/canvaskit/canvaskit.wasm" in fetched, fetched


@pytest.mark.parametrize("build", ENGINES)
def test_a_new_phone_is_connected_before_flutter_asks_and_uses_that_connection(server, phones, build):
    """The page opens its connection to the host while Flutter still loads: when Flet's
    client asks for one it is open already and taken (one connection, not two), so the
    phone's registration goes out before Flutter draws its first frames."""
    code = new_table(server, "scorepad", "Ann,Bo")
    ann = phones("Ann", build=build).open(f"{server.url}/join/{code}")
    ann.see("Sit as Ann", timeout=60000)
    early = ann.evaluate("() => window.comeback.early")
    assert early["made"] >= 1 and early["takenAt"] is not None, early
    assert early["openAt"] is not None and early["openAt"] <= early["takenAt"], early
    assert ann.evaluate("() => [window.comeback.sockets.length, window.comeback.opened]") == [1, 1]
    ann.tap("Sit as Ann", timeout=60000)
    ann.see("Points in round 1", timeout=60000)
