"""The host screen's "Download this table": the real server, real Chromium."""

from __future__ import annotations

import json
import urllib.error

import pytest

from tests.support import get

pytestmark = pytest.mark.browser


def test_the_host_downloads_a_table_from_its_list(server, phones):
    code = json.loads(server.companion("new", "scorepad", "--players", "Ann,Bo", "--json").stdout)["code"]
    host = phones("host")
    fetched: list[tuple[str, int, bytes]] = []

    def through(route):  # the real server answers; the test keeps what the browser got
        response = route.fetch()
        fetched.append((route.request.url, response.status, response.body()))
        route.fulfill(response=response)

    host.context.route("**/api/tables/*/export*", through)
    host.become_host(server)
    host.see(code)
    host.page.get_by_label("Download this table").first.click()  # the icon's tooltip names it
    for _ in range(300):  # poll, up to 30 s
        if fetched:
            break
        host.page.wait_for_timeout(100)
    [(url, status, body)] = fetched
    assert status == 200 and f"/api/tables/{code}/export?ticket=" in url
    exported = json.loads(body)
    assert (exported["code"], exported["players"]) == (code, ["Ann", "Bo"])
    # the link was good once: a phone that copies it gets nothing
    with pytest.raises(urllib.error.HTTPError) as refused:
        get(url)
    assert refused.value.code == 403
