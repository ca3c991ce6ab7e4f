"""QR codes of join URLs: an SVG for screens, text for the terminal.

Screens get the QR as SVG text, not PNG bytes: Flet's JavaScript build (every iPhone,
Firefox) receives an image's bytes as a view into the websocket message, and its image
decoder reads the whole message's buffer instead of the view (a PNG behind a msgpack
header): the image is never drawn. A string is decoded into bytes of its own, and SVG
stays crisp at any size.
"""

from __future__ import annotations

import functools
import io

QUIET_ZONE = 4
"""Light modules around the code (the QR standard's quiet zone)."""


def qr_matrix(text: str) -> list[list[bool]]:
    """The modules of ``text``'s QR (True is dark), its quiet zone included."""
    import qrcode

    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=QUIET_ZONE)
    qr.add_data(text)
    qr.make(fit=True)
    return qr.get_matrix()


@functools.lru_cache(maxsize=64)
def qr_svg(text: str) -> str:
    """``text``'s QR as SVG: dark runs of each row as one path on a white square (a
    light margin on a dark page too), one unit per module. Kept for the tables of the
    evening: each joining phone's first screen (and the host's table screen, at each of
    its updates) draws the same code, which costs more to work out than the rest of it."""
    matrix = qr_matrix(text)
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
            f'width="{size}" height="{size}" shape-rendering="crispEdges">'
            f'<rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(runs)}"/></svg>')


def qr_text(text: str) -> str:
    """The QR as block characters for a terminal (dark modules drawn dark on light)."""
    import qrcode

    qr = qrcode.QRCode(border=2)
    qr.add_data(text)
    qr.make(fit=True)
    buffer = io.StringIO()
    qr.print_ascii(out=buffer, invert=True)
    return buffer.getvalue()
