"""The server's end of a phone's comeback (companion/server/comeback.py), over real ASGI calls."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from companion.server.comeback import ALIVE_PATH, Comeback, page_script

PAGE = "<!DOCTYPE html><html><head><title>T</title><script src='flutter_bootstrap.js'></script></head><body></body></html>"


def client() -> TestClient:
    async def page(request):
        return HTMLResponse(PAGE, headers={"ETag": '"abc"', "Last-Modified": "Tue, 01 Jan 2030 00:00:00 GMT"})

    async def data(request):
        return JSONResponse({"x": 1})

    async def missing(request):
        return Response("gone", status_code=404, media_type="text/html")

    app = Starlette(routes=[Route("/", page), Route("/t/{code}", page), Route("/data.json", data),
                            Route("/missing", missing), Route("/", page, methods=["POST"])])
    return TestClient(Comeback(app))


def test_every_page_carries_the_script_before_flets_own():
    answer = client().get("/t/ABCDEF")
    body = answer.content
    assert body.index(page_script()) < body.index(b"flutter_bootstrap.js")
    assert body.startswith(b"<!DOCTYPE html><html><head><script>")
    assert int(answer.headers["content-length"]) == len(body)
    # never revalidated against the file alone: a new script reaches every phone
    assert "etag" not in answer.headers and "last-modified" not in answer.headers
    assert b"Lost the host: trying again" in body


def test_the_host_answers_alive_and_nothing_else_is_touched():
    c = client()
    alive = c.get(ALIVE_PATH)
    assert alive.status_code == 200 and alive.text == "ok"
    assert alive.headers["cache-control"] == "no-store"
    assert c.get("/data.json").json() == {"x": 1}
    assert page_script() not in c.get("/missing").content


def test_controls_after_a_restart_never_take_the_ids_the_phones_still_hold():
    """A phone keeps its screen over a host restart and connects again as a new session:
    the new process's controls must not reuse the ids of the old one's (Flet's client would
    keep an old service under a reused id, and the phone's storage would never answer)."""
    import flet as ft
    from flet.controls import base_control

    from companion.server.comeback import ids_after_the_last_process

    kept = base_control.ControlId
    try:
        start = 1_795_000_000_000  # a clock's milliseconds
        first = ids_after_the_last_process(now_ms=start)
        old = [ft.Text("old")._i for _ in range(500)]  # the old process's controls
        assert old[0] == first and len(set(old)) == 500
        ids_after_the_last_process(now_ms=start + 1000)  # started again a second later
        new = [ft.Text("new")._i for _ in range(500)]
        assert min(new) > max(old)
        assert max(new) < 2 ** 32  # what the JavaScript build's decoder reads
    finally:
        base_control.ControlId = kept
