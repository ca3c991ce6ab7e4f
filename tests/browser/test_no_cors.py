"""Without Flet's "Access-Control-Allow-Origin: *" the app still loads in Chromium,
offline (nothing but the server on loopback), and no answer it gets carries a CORS header."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_app_loads_offline_with_no_cors_header(server, phones):
    phone = phones("ann")
    seen: list[tuple[str, dict]] = []
    phone.page.on("response", lambda response: seen.append((response.url, response.headers)))
    outside: list[str] = []
    phone.page.on("request", lambda request: outside.append(request.url)
                  if not request.url.startswith(server.url) and not request.url.startswith("data:")
                  and not request.url.startswith("blob:") else None)
    phone.open(server.url + "/")
    phone.see("Join a table")
    assert seen and all("access-control-allow-origin" not in headers for _, headers in seen)
    assert any(url.endswith(".wasm") or url.endswith(".js") for url, _ in seen)
    # the one optional script Flet asks a CDN for (Rive) may fail: nothing else goes out
    assert all("rive" in url for url in outside), outside
