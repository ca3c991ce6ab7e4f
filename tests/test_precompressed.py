"""The big files' Brotli: made in the background, kept on disk, found again at the next start."""

from __future__ import annotations

import time

import brotli

from companion.web import _Precompressed, accepts_brotli


def big_file(root, name="main.dart.js") -> bytes:
    raw = b"".join(b"var line%d = %d * 31 %% 7;\n" % (i, i) for i in range(30000))  # ~700 KB
    (root / name).write_bytes(raw)
    return raw


def wait_for_brotli(entry, limit_s: float = 120) -> bytes:
    deadline = time.monotonic() + limit_s
    while entry.brotli is None:
        assert time.monotonic() < deadline, "no Brotli made in the background"
        time.sleep(0.05)
    return entry.brotli


def test_a_big_file_gets_its_brotli_in_the_background_and_keeps_it_on_disk(tmp_path):
    (tmp_path / "web").mkdir()
    raw = big_file(tmp_path / "web")
    packed = _Precompressed([tmp_path / "web"], cache_dir=tmp_path / "cache")
    entry = packed.get("main.dart.js")
    assert entry.gzip  # gzip at once, Brotli later
    assert brotli.decompress(wait_for_brotli(entry)) == raw
    kept = list((tmp_path / "cache").iterdir())
    assert [p.suffix for p in kept] == [".br"]  # no half-written file left beside it
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
