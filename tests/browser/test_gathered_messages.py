"""One move, one frame: the messages a phone's socket gets together reach Flet's client
together (assets/comeback.js), so the browser cannot draw a frame between two patches of
one move. Real Chromium, the page script as the server serves it, and a real websocket
server on loopback that sends its messages back to back, as Flet's server sends a move's
patches."""

from __future__ import annotations

import asyncio
import threading

import pytest
from websockets.asyncio.server import serve
from websockets.datastructures import Headers
from websockets.http11 import Response

from companion.comeback import page_script

# A listener as Flet's client adds one. Each message is marked with the task it was handed
# over in: a microtask counts the tasks (it runs when the task that queued it ends), so two
# messages handed over in one task carry the same mark.
PAGE = (b"<!DOCTYPE html><html><head>" + page_script() + b"""
<script>
window.got = []; window.byProperty = []; window.removed = [];
let task = 0, counting = false;
function mark() {
  if (!counting) { counting = true; queueMicrotask(() => { task += 1; counting = false; }); }
  return task;
}
window.open_socket = (url) => new Promise((ready) => {
  const ws = new WebSocket(url);
  ws.binaryType = "arraybuffer";
  ws.addEventListener("message", (ev) => {
    window.got.push([new TextDecoder().decode(ev.data), mark()]);
  });
  ws.onmessage = (ev) => window.byProperty.push(new TextDecoder().decode(ev.data));
  const gone = (ev) => window.removed.push(1);
  ws.addEventListener("message", gone);
  ws.removeEventListener("message", gone);
  ws.addEventListener("open", () => ready(true));
  window.ws = ws;
});
</script></head><body></body></html>""")


class BackToBack:
    """A host on loopback: the page at ``/phone`` (and ``/alive``, which the page script
    asks), and a websocket that, for each text ``n`` it gets, sends ``n-1``, ``n-2`` and
    ``n-3`` at once (three writes, no wait between them)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.port = None
        started = threading.Event()

        async def answer(ws):
            async for text in ws:
                for part in (1, 2, 3):
                    await ws.send(f"{text}-{part}".encode())

        def pages(connection, request):
            if request.path.startswith("/phone") or request.path.startswith("/alive"):
                body = PAGE if request.path.startswith("/phone") else b"ok"
                kind = "text/html" if body is PAGE else "text/plain"
                return Response(200, "OK", Headers([("Content-Type", kind),
                                                    ("Content-Length", str(len(body)))]), body)
            return None  # the websocket

        async def main():
            async with serve(answer, "127.0.0.1", 0, process_request=pages) as server:
                self.port = server.sockets[0].getsockname()[1]
                self.stop = asyncio.Event()
                started.set()
                await self.stop.wait()

        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(main(),), daemon=True)
        self.thread.start()
        assert started.wait(10), "the test's websocket server did not start"

    def close(self):
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)


@pytest.fixture
def socket_server():
    server = BackToBack()
    yield server
    server.close()


def test_messages_that_arrive_together_are_handed_over_in_one_task(browser, socket_server):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{socket_server.port}/phone")
        page.evaluate("(url) => { window.open_socket(url).then(() => { window.opened = true; }); }",
                      f"ws://127.0.0.1:{socket_server.port}/")
        page.wait_for_function("() => window.opened === true", timeout=10000)
        for n in range(1, 6):
            page.evaluate("(n) => window.ws.send(String(n))", n)
            page.wait_for_function("(n) => window.got.length === 3 * n", arg=n, timeout=10000)
        got = page.evaluate("() => window.got")
        assert [text for text, _ in got] == [f"{n}-{part}" for n in range(1, 6) for part in (1, 2, 3)]
        tasks = [[task for text, task in got if text.startswith(f"{n}-")] for n in range(1, 6)]
        assert all(len(set(marks)) == 1 for marks in tasks), \
            f"a move's messages were handed over in several tasks: {tasks}"
        assert len({marks[0] for marks in tasks}) == 5  # and each move in a task of its own
        # the same messages, in order, through the socket's onmessage too; a listener taken
        # off hears nothing
        assert page.evaluate("() => window.byProperty") == [text for text, _ in got]
        assert page.evaluate("() => window.removed.length") == 0
    finally:
        context.close()
