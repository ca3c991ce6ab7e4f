"""The real server over HTTP: offline assets, compression, the manifest, the JSON routes."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
import urllib.error
import urllib.request

import pytest

from tests.browser.harness import Server
from tests.support import companion_at, get, post


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("http") / "data").start()
    yield srv
    srv.stop()


def test_page_is_served_without_any_cdn(server):
    html = get(server.url + "/").read().decode()
    assert "flet.noCdn=true" in html
    assert "https://" not in html.split("<body>")[0].replace("https://fonts", "")


def test_manifest_names_the_app_and_its_icons(server):
    manifest = json.loads(get(server.url + "/manifest.json").read())
    assert manifest["name"] == "Table Companion"
    for icon in manifest["icons"]:
        png = get(f"{server.url}/{icon['src']}").read()
        assert png[:4] == b"\x89PNG"


def test_big_files_are_compressed_and_cached(server):
    response = get(server.url + "/main.dart.js", {"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert "max-age" in response.headers["Cache-Control"]
    assert gzip.decompress(response.read())[:10]


WEB_DIR = Path(__import__("flet_web").get_package_web_dir())


def test_brotli_goes_to_a_browser_that_accepts_it_and_gzip_to_one_that_does_not(server):
    """The same bytes as the file, smaller for a browser that takes Brotli (one on an
    https:// or a loopback page); a LAN http:// page's browser still gets gzip."""
    import brotli

    raw = (WEB_DIR / "flutter_bootstrap.js").read_bytes()
    as_brotli = get(server.url + "/flutter_bootstrap.js", {"Accept-Encoding": "gzip, deflate, br, zstd"})
    as_gzip = get(server.url + "/flutter_bootstrap.js", {"Accept-Encoding": "gzip, deflate"})
    assert as_brotli.headers["Content-Encoding"] == "br"
    assert as_gzip.headers["Content-Encoding"] == "gzip"
    assert as_brotli.headers["Vary"] == as_gzip.headers["Vary"] == "Accept-Encoding"
    assert as_brotli.headers["ETag"] != as_gzip.headers["ETag"]
    brotli_body, gzip_body = as_brotli.read(), as_gzip.read()
    assert brotli.decompress(brotli_body) == gzip.decompress(gzip_body) == raw
    assert len(brotli_body) < len(gzip_body)
    refused = get(server.url + "/flutter_bootstrap.js", {"Accept-Encoding": "gzip, br;q=0"})
    assert refused.headers["Content-Encoding"] == "gzip"


def test_a_phone_that_has_either_encoding_is_told_it_is_still_good(server):
    """A phone that kept the gzip answer is not sent the file again now that Brotli is
    there (nor the other way round): both ETags of the file are still good."""
    etags = {get(server.url + "/flutter_bootstrap.js", {"Accept-Encoding": encoding}).headers["ETag"]
             for encoding in ("gzip", "gzip, br")}
    assert len(etags) == 2
    for etag in etags:
        for encoding in ("gzip", "gzip, br"):
            with pytest.raises(urllib.error.HTTPError) as answer:
                get(server.url + "/flutter_bootstrap.js", {"Accept-Encoding": encoding, "If-None-Match": etag})
            assert answer.value.code == 304


def test_the_page_names_its_big_files_before_flutter_asks(server):
    from companion.server.preload import FONTS

    html = get(server.url + "/join/ABCDEF").read().decode()
    head = html.split("</head>")[0]
    for name in ("main.dart.js", "main.dart.wasm", "canvaskit.wasm", "canvaskit/skwasm", *FONTS):
        assert name in head, name
    for font in FONTS:  # every hinted file is one the server has
        assert (WEB_DIR / font).is_file(), font


def test_json_routes_refuse_bad_input_and_change_nothing(server):
    code = json.loads(companion_at(server, "new", "scorepad", "--players", "Ann,Bo", "--json").stdout)["code"]
    base = f"{server.url}/api/tables/{code}"
    status, seat = post(f"{base}/seats/0", {})
    token = {"X-Seat-Token": seat["token"]}
    cases = [
        (b"not json", token, 400),
        ({"payload": {}}, token, 400),
        ({"kind": "points", "payload": {"points": 1}, "revision": "x"}, token, 400),
        ({"kind": "points", "payload": {"points": "many"}}, token, 400),
        ({"kind": "points", "payload": {"points": 1}}, {"X-Seat-Token": "stolen"}, 403),
        ({"kind": "points", "payload": {"points": 1}, "seat": 1}, token, 400),
        ({"kind": "points", "payload": {"points": 1}}, {}, 400),
    ]
    for body, headers, expected in cases:
        status, answer = post(f"{base}/actions", body, headers)
        assert status == expected, (body, answer)
        assert answer["error"]
    assert post(f"{base}/seats/0", {})[0] == 409  # a taken seat is not given again
    assert post(f"{server.url}/api/tables/ACDEFH/actions", {"kind": "points"}, token)[0] == 404
    view = json.loads(get(base).read())
    assert view["revision"] == 0 and "token" not in json.dumps(view)


def new_log(server, since: int) -> str:
    return Path(server.log_path).read_bytes()[since:].decode(errors="replace")


def status_of(server, path: str, headers: dict | None = None) -> int:
    """The status of a GET of ``path`` sent exactly as written (no client tidies it)."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("GET", path, headers={"Accept-Encoding": "gzip", **(headers or {})})
        answer = conn.getresponse()
        answer.read()
        return answer.status
    finally:
        conn.close()


def test_a_path_the_server_cannot_serve_is_404_and_logs_nothing(server):
    """Names too long for the disk, NUL bytes, unknown files, with the suffixes of the
    compressed files or none: 404 each, and not one traceback in the host's log."""
    since = Path(server.log_path).stat().st_size
    long_name = "a" * 5000
    paths = [f"/{long_name}{suffix}" for suffix in (".js", ".json", ".wasm", ".mjs", "")]
    paths += [f"/x%00{suffix}" for suffix in (".js", ".json", ".wasm", "")]
    paths += ["/canvaskit/%00.wasm", f"/assets/{long_name}.otf", "/no-such-file.js", "/main.dart.js%00"]
    for path in paths:
        assert status_of(server, path) == 404, path
    assert status_of(server, "/main.dart.js") == 200  # the positive control
    logged = new_log(server, since)
    assert "Traceback" not in logged and "Error" not in logged, logged[:2000]


def test_a_range_is_answered_with_the_compressed_copy_and_each_spelling_is_one_file(server):
    """A Range (with an If-Range that matches nothing, or none), and the file's name spelt
    other ways, are all sent the one copy compressed at the start (its ETag), never a
    copy compressed for that request; so is every other big file the server has."""
    import http.client

    def fetch(path: str, headers: dict) -> tuple[int, str, str, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        try:
            conn.request("GET", path, headers={"Accept-Encoding": "gzip", **headers})
            answer = conn.getresponse()
            return answer.status, answer.getheader("ETag"), answer.getheader("Content-Encoding"), answer.read()
        finally:
            conn.close()

    status, etag, encoding, body = fetch("/main.dart.js", {})
    assert status == 200 and encoding == "gzip" and etag.endswith('-gz"')
    asks = [("/main.dart.js", {"Range": "bytes=0-"}),
            ("/main.dart.js", {"Range": "bytes=0-", "If-Range": '"not-this-one"'}),
            ("/main.dart.js", {"Range": "bytes=100-200", "If-Range": "Wed, 21 Oct 2015 07:28:00 GMT"}),
            ("/main.dart.js/", {}), ("//main.dart.js", {}), ("/canvaskit/../main.dart.js", {}),
            ("/canvaskit%2F..%2Fmain.dart.js", {"Range": "bytes=0-", "If-Range": '"x"'})]
    for path, headers in asks:
        assert fetch(path, headers) == (200, etag, "gzip", body), (path, headers)
    status, etag, encoding, _ = fetch("/assets/NOTICES", {})  # Flet's 1.5 MB licence text
    assert status == 200 and encoding == "gzip" and etag.endswith('-gz"')
