"""The QR a screen shows (issue 36): SVG text whose dark runs are the code's modules, which
a camera reads as the join URL."""

from __future__ import annotations

import re

import zxingcpp
from PIL import Image

from companion.ui.qr import qr_matrix, qr_svg

URL = "http://192.168.1.20:8000/join/ABCDEF"


def modules_drawn(svg: str) -> list[list[bool]]:
    """The modules the SVG's path paints dark (each run: ``M x y h n v1 h-n z``)."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    drawn = [[False] * size for _ in range(size)]
    for x, y, n in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", svg):
        for column in range(int(x), int(x) + int(n)):
            drawn[int(y)][column] = True
    return drawn


def test_the_svg_paints_exactly_the_dark_modules_on_white():
    svg = qr_svg(URL)
    assert svg.startswith("<svg ") and ' xmlns="http://www.w3.org/2000/svg"' in svg  # how Flet tells SVG text
    assert '<rect width="' in svg and 'fill="#fff"' in svg  # a light square on a dark page too
    assert modules_drawn(svg) == qr_matrix(URL)


def test_the_modules_read_as_the_url():
    matrix = qr_matrix(URL)
    scale = 8
    picture = Image.new("L", (len(matrix) * scale,) * 2, 255)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                picture.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    assert [r.text for r in zxingcpp.read_barcodes(picture)] == [URL]
    assert not any(matrix[0]) and not any(row[0] for row in matrix)  # the quiet zone is light


def test_the_join_page_sends_the_qr_as_text_not_bytes():
    """Bytes reach Flet's JavaScript build as a view its image decoder reads wrongly."""
    from types import SimpleNamespace

    from companion.ui.join import qr_block

    phone = SimpleNamespace(ctx=SimpleNamespace(join_url=lambda code: f"http://h/join/{code}"))
    image = qr_block(phone, "ABCDEF").controls[0]
    assert isinstance(image.src, str) and image.src == qr_svg("http://h/join/ABCDEF")
