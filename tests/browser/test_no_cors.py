"""Without Flet's "Access-Control-Allow-Origin: *" the app still loads in Chromium,
offline (nothing but the server on loopback), and no answer it gets carries a CORS header.
Nothing leaves for the internet: the one script Flet's client asks a CDN for (the Rive
runtime) is refused by the page's own policy before any DNS lookup."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_app_loads_offline_with_no_cors_header(server, phones):
    phone = phones("ann")
    seen: list[tuple[str, dict]] = []
    phone.page.on("response", lambda response: seen.append((response.url, response.headers)))
    outside: dict[str, str | None] = {}  # a request to another site -> why it failed
    mine = (server.url, "data:", "blob:")
    phone.page.on("request", lambda request: outside.setdefault(request.url, None)
                  if not request.url.startswith(mine) else None)
    phone.page.on("requestfailed", lambda request: outside.__setitem__(request.url, request.failure)
                  if not request.url.startswith(mine) else None)
    phone.open(server.url + "/")
    phone.see("Join a table")
    assert seen and all("access-control-allow-origin" not in headers for _, headers in seen)
    assert any(url.endswith(".wasm") or url.endswith(".js") for url, _ in seen)
    assert all(url.startswith(mine) for url, _ in seen)  # no answer from elsewhere
    # refused by the browser itself ("csp"), not tried and failed (a DNS error, a timeout)
    assert all(why and "csp" in why.lower() for why in outside.values()), outside
    csp = next(headers for url, headers in seen if url.rstrip("/") == server.url)["content-security-policy"]
    assert "default-src 'self'" in csp
