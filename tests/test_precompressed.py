"""The big files' Brotli: made in the background, kept on disk, found again at the next start."""

from __future__ import annotations

import gzip
import time

import brotli

from companion.server.asgi import BROTLI_AT_ONCE_BYTES, RAW_BROTLI, _Precompressed, accepts_brotli, brotli_as_is
from tests.support import run_apart


def big_file(root, name="main.dart.js", lines: int | None = None) -> bytes:
    """A script of ``lines`` lines; by default just big enough to have its Brotli made in
    the background (over BROTLI_AT_ONCE_BYTES, about 300 KB): its Brotli and zopfli gzip
    are what these tests wait for, and they grow with its size."""
    raw = b"".join(b"var line%d = %d * 31 %% 7;\n" % (i, i) for i in range(lines or BROTLI_AT_ONCE_BYTES // 27 + 500))
    assert lines or len(raw) > BROTLI_AT_ONCE_BYTES
    (root / name).write_bytes(raw)
    return raw


def wait_for_brotli(entry, limit_s: float = 120) -> bytes:
    deadline = time.monotonic() + limit_s
    while entry.brotli is None:
        assert time.monotonic() < deadline, "no Brotli made in the background"
        time.sleep(0.05)
    return entry.brotli


def wait_for_zopfli(entry, limit_s: float = 120) -> bytes:
    deadline = time.monotonic() + limit_s
    while not entry.zopfli:
        assert time.monotonic() < deadline, "no zopfli gzip made in the background"
        time.sleep(0.05)
    return entry.gzip


def test_a_big_file_gets_its_brotli_in_the_background_and_keeps_it_on_disk(tmp_path):
    (tmp_path / "web").mkdir()
    raw = big_file(tmp_path / "web")
    packed = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache")
    entry = packed.get("main.dart.js")
    assert entry.gzip  # gzip at once, Brotli later
    assert brotli.decompress(wait_for_brotli(entry)) == raw
    wait_for_zopfli(entry)
    kept = list((tmp_path / "cache").iterdir())
    assert sorted(p.suffix for p in kept) == [".br", ".gz"]  # no half-written file left beside them
    again = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache").get("main.dart.js")
    assert again.brotli == entry.brotli  # the next start reads it from disk at once


def test_a_cache_that_cannot_be_written_still_gives_brotli(tmp_path):
    (tmp_path / "web").mkdir()
    raw = big_file(tmp_path / "web")
    (tmp_path / "cache").write_text("a file where the folder would be")
    entry = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache").get("main.dart.js")
    assert brotli.decompress(wait_for_brotli(entry)) == raw


def test_a_small_file_has_brotli_at_once(tmp_path):
    raw = b"console.log('hello');\n" * 200
    (tmp_path / "flutter.js").write_bytes(raw)
    entry = _Precompressed([tmp_path]).get("flutter.js")
    assert entry.brotli is not None and brotli.decompress(entry.brotli) == raw


def test_only_a_browser_that_names_br_gets_it():
    assert accepts_brotli("gzip, deflate, br, zstd")
    assert accepts_brotli("br;q=0.5, gzip")
    assert not accepts_brotli("gzip, deflate")
    assert not accepts_brotli("gzip, br;q=0")
    assert not accepts_brotli("gzip, brotli")


def test_a_damaged_kept_copy_is_made_again(tmp_path):
    (tmp_path / "web").mkdir()
    raw = big_file(tmp_path / "web")
    first = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache").get("main.dart.js")
    wait_for_brotli(first)
    (kept,) = (tmp_path / "cache").iterdir()
    kept.write_bytes(kept.read_bytes()[: kept.stat().st_size // 2])  # a disk that filled up
    again = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache").get("main.dart.js")
    assert brotli.decompress(wait_for_brotli(again)) == raw


def test_a_phone_that_takes_no_brotli_gets_zopflis_smaller_gzip_kept_for_the_next_start(tmp_path):
    (tmp_path / "web").mkdir()
    raw = big_file(tmp_path / "web", lines=4000)  # ~90 KB: its Brotli at once, zopfli later
    entry = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache").get("main.dart.js")
    quick = entry.gzip
    best = wait_for_zopfli(entry)
    assert gzip.decompress(best) == raw
    assert len(best) < min(len(gzip.compress(raw, 9, mtime=0)), len(quick))
    again = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache").get("main.dart.js")
    assert again.zopfli and again.gzip == best  # read from disk at the next start


def test_a_damaged_kept_gzip_is_made_again(tmp_path):
    (tmp_path / "web").mkdir()
    raw = big_file(tmp_path / "web", lines=4000)
    wait_for_zopfli(_Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache").get("main.dart.js"))
    (kept,) = (tmp_path / "cache").glob("*.gz")
    kept.write_bytes(kept.read_bytes()[:-20])  # cut short: its end and checksum are gone
    again = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache").get("main.dart.js")
    assert not again.zopfli  # gzip -6 until it is made again
    assert gzip.decompress(wait_for_zopfli(again)) == raw


def test_a_page_that_decodes_brotli_itself_is_sent_the_copy_as_plain_bytes(tmp_path):
    raw = big_file(tmp_path, lines=4000)  # small: its Brotli is made at once
    answer = run_apart(brotli_as_is(_Precompressed([tmp_path]), "main.dart.js"))
    assert answer.status_code == 200 and answer.media_type == RAW_BROTLI
    assert "content-encoding" not in answer.headers  # the page decodes it, not the browser
    assert brotli.decompress(answer.body) == raw


def test_until_its_brotli_is_made_the_page_is_told_to_take_the_file_as_it_is(tmp_path):
    big_file(tmp_path)  # big: its Brotli comes later
    packed = _Precompressed([tmp_path], brotli_after_s=600)
    assert run_apart(brotli_as_is(packed, "main.dart.js")).status_code == 404


def test_no_request_path_grows_the_cache_or_the_lock_table(tmp_path):
    """Thousands of distinct paths (unknown files, a real file spelt many ways, a NUL, a
    5 KB name) through the server's static middleware: what it holds stays at the files
    it has, and a real file spelt another way is still its one compressed copy."""
    from fastapi import FastAPI
    from starlette.responses import PlainTextResponse
    from starlette.testclient import TestClient

    from companion.server.asgi import static_fast_path

    raw = b"console.log('a phone');\n" * 100
    (tmp_path / "app.js").write_bytes(raw)
    (tmp_path / "data.json").write_bytes(b"[" + b"1," * 1000 + b"1]")
    (tmp_path / "small.js").write_bytes(b"1;")  # too small to compress: Flet's to send
    packed = _Precompressed([tmp_path])
    app = FastAPI()
    app.middleware("http")(static_fast_path(packed, b"[]"))
    app.add_route("/{rest:path}", lambda request: PlainTextResponse("not here", status_code=404))
    client = TestClient(app, headers={"Accept-Encoding": "gzip"})
    first = client.get("/app.js")
    assert first.status_code == 200 and first.headers["Content-Encoding"] == "gzip"
    # (a real server reads "%2F" as "/": the client sends these paths as they are)
    paths = [f"/x{n}.js" if n % 4 == 0 else f"/d{n}%2F..%2Fapp.js" if n % 4 == 1
             else f"/{'.%2F' * (n % 50)}y{n}.wasm" if n % 4 == 2 else f"/z{n}.json" for n in range(2000)]
    paths += ["/" + "a" * 5000 + ".js", "/x%00.js", "/app.js/", "/%2Fapp.js", "/.%2Fdata.json"]
    for path in paths:
        answer = client.get(path)
        if path.endswith(("app.js", "app.js/")):
            assert answer.status_code == 200 and answer.headers["ETag"] == first.headers["ETag"], path
        else:
            assert answer.status_code == (200 if path.endswith("data.json") else 404), path
    assert len(packed._cache) <= 2 and len(packed._locks) <= 2  # app.js and data.json
