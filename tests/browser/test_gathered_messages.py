"""One move, one frame: the messages a phone's socket gets together reach Flet's client
together (assets/comeback.js), so the browser cannot draw a frame between two patches of
one move. Real Chromium, the page script as the server serves it, and a small websocket
host on loopback that sends its messages together, as Flet's server sends a move's
patches."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import threading

import pytest

from companion.server.comeback import page_script

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
  ws.onmessage = (ev) => {  // a handler with a bug: the messages after it still come
    const text = new TextDecoder().decode(ev.data);
    window.byProperty.push(text);
    if (text === "2-1") throw new Error("a handler that throws");
  };
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
    ``n-3`` in one write, as three frames: they reach the browser together, whatever the
    load on this machine (a move's patches leave Flet's server back to back)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.port = None
        started = threading.Event()

        async def main():
            server = await asyncio.start_server(self.answer, "127.0.0.1", 0)
            self.port = server.sockets[0].getsockname()[1]
            self.stop = asyncio.Event()
            started.set()
            async with server:
                await self.stop.wait()
            # the page's connection ends here (its browser context closed first), not later
            # as a pending task in another test's log
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            if others:
                await asyncio.wait(others, timeout=10)

        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(main(),), daemon=True)
        self.thread.start()
        assert started.wait(10), "the test's host did not start"

    async def answer(self, reader, writer):
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        path = head.split(" ", 2)[1]
        headers = dict(line.split(": ", 1) for line in head.split("\r\n")[1:] if ": " in line)
        key = {k.lower(): v for k, v in headers.items()}.get("sec-websocket-key")
        if key is None:  # a page
            body = PAGE if path.startswith("/phone") else b"ok"
            kind = b"text/html" if body is PAGE else b"text/plain"
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: " + kind + b"\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            await writer.drain()
            writer.close()
            return
        accept = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest())
        writer.write(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                     b"Connection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")
        while True:
            try:
                first, second = await reader.readexactly(2)
            except (asyncio.IncompleteReadError, ConnectionError):
                return
            size = second & 0x7F  # a page's short text, masked as every client frame is
            mask = await reader.readexactly(4)
            text = bytes(b ^ mask[i % 4] for i, b in enumerate(await reader.readexactly(size)))
            if first & 0x0F == 0x8:  # the page closes
                return
            writer.write(b"".join(binary_frame(f"{text.decode()}-{part}".encode()) for part in (1, 2, 3)))
            await writer.drain()

    def close(self):
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)


WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455


def binary_frame(data: bytes) -> bytes:
    """A server's websocket frame: final, binary, unmasked, short."""
    assert len(data) < 126
    return bytes([0x82, len(data)]) + data


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
        # the same messages, in order, through the socket's onmessage too (which threw on
        # "2-1": the messages after it were handed over all the same); a listener taken off
        # hears nothing
        assert page.evaluate("() => window.byProperty") == [text for text, _ in got]
        assert page.evaluate("() => window.removed.length") == 0
    finally:
        context.close()
