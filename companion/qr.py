"""QR codes of join URLs: a PNG for screens, text for the terminal."""

from __future__ import annotations

import io


def qr_png(text: str, box_size: int = 10) -> bytes:
    import qrcode

    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=box_size, border=4)
    qr.add_data(text)
    qr.make(fit=True)
    image = qr.make_image(fill_color="black", back_color="white")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def qr_text(text: str) -> str:
    """The QR as block characters for a terminal (dark modules drawn dark on light)."""
    import qrcode

    qr = qrcode.QRCode(border=2)
    qr.add_data(text)
    qr.make(fit=True)
    buffer = io.StringIO()
    qr.print_ascii(out=buffer, invert=True)
    return buffer.getvalue()
