"""The real server over HTTP: offline assets, compression, the manifest, the JSON routes."""

from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.request

import pytest

from tests.browser.harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("http") / "data").start()
    yield srv
    srv.stop()


def get(url: str, headers: dict | None = None):
    request = urllib.request.Request(url, headers=headers or {})
    return urllib.request.urlopen(request, timeout=20)


def post(url: str, body, headers: dict | None = None) -> tuple[int, dict]:
    """(status, answer) of a JSON POST (``Content-Type: application/json`` unless
    ``headers`` say otherwise)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


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


def test_json_routes_refuse_bad_input_and_change_nothing(server):
    code = json.loads(server.companion("new", "scorepad", "--players", "Ann,Bo", "--json").stdout)["code"]
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
