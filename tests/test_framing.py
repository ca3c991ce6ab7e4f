"""companion/server/edge.py's reading of a connection's bytes without a server: where each head
ends, where each body ends (a length, or chunks), and a head too large, however the bytes
are cut up on the way (tests/server/test_edge.py tries the limits on the real server)."""

from __future__ import annotations

import pytest

from companion.server.edge import MAX_HEAD_BYTES, Framing

GET = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"
POST = b"POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
CHUNKED = (b"POST /api HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
           b"5;name=x\r\nhello\r\n3\r\n!!!\r\n0\r\nTrailer: y\r\n\r\n")


def events(stream: bytes, cut: int) -> list[str]:
    """The events of ``stream`` fed ``cut`` bytes at a time."""
    framing, seen = Framing(), []
    for at in range(0, len(stream), cut):
        seen += [event for event, _ in framing.feed(stream[at:at + cut])]
    assert framing.part == Framing.HEAD and not framing.head, "the stream ends between requests"
    return seen


@pytest.mark.parametrize("cut", [1, 2, 3, 7, 64, 100_000])
def test_pipelined_requests_are_framed_however_the_bytes_arrive(cut):
    stream = GET + POST + CHUNKED + GET
    assert events(stream, cut) == ["head", "body"] * 4


def test_a_head_past_the_limit_is_too_large_before_it_ends():
    framing = Framing()
    assert framing.feed(b"GET / HTTP/1.1\r\nX-Pad: " + b"a" * MAX_HEAD_BYTES)[-1][0] == "too large"


def test_a_head_of_exactly_the_limit_is_read():
    line = b"GET / HTTP/1.1\r\nX-Pad: "
    head = line + b"a" * (MAX_HEAD_BYTES - len(line) - 4) + b"\r\n\r\n"
    assert [event for event, _ in Framing().feed(head)] == ["head", "body"]


def test_a_body_still_coming_keeps_the_framing_in_it():
    framing = Framing()
    assert [event for event, _ in framing.feed(POST[:-2])] == ["head"]
    assert framing.part == Framing.BODY
    assert [event for event, _ in framing.feed(POST[-2:])] == ["body"]


def test_a_chunk_size_line_without_end_is_too_large():
    framing = Framing()
    framing.feed(CHUNKED.split(b"\r\n\r\n")[0] + b"\r\n\r\n")
    assert framing.feed(b"f" * (MAX_HEAD_BYTES + 1))[-1][0] == "too large"


def test_a_read_of_many_tiny_chunks_is_framed_whole():
    """20,000 one-byte chunks in one read (each chunk's line is looked for in a bounded slice
    of the read, not in all the rest of it) end where the body ends."""
    head = CHUNKED.split(b"\r\n\r\n")[0] + b"\r\n\r\n"
    body = b"1\r\nx\r\n" * 20_000 + b"0\r\n\r\n"
    framing = Framing()
    assert [event for event, _ in framing.feed(head + body)] == ["head", "body"]
