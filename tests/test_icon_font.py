"""The icon font a phone gets has every icon the app names, drawn as in Flet's own font."""

from __future__ import annotations

import gzip

from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont

from companion.server import icon_font
from companion.server.asgi import ASSETS_DIR, _Precompressed

SERVED = "assets/fonts/MaterialIcons-Regular.otf"


def outline(font, glyph: str):
    glyphs = font.getGlyphSet()
    pen = DecomposingRecordingPen(glyphs)
    glyphs[glyph].draw(pen)
    return pen.value


def served_font(tmp_path):
    """The font as the server sends it, decoded as a phone decodes it."""
    from flet_web import get_package_web_dir
    from pathlib import Path

    packed = _Precompressed([ASSETS_DIR, Path(get_package_web_dir())]).get(SERVED)
    (tmp_path / "served.otf").write_bytes(gzip.decompress(packed.gzip))
    return TTFont(tmp_path / "served.otf")


def test_the_served_font_draws_every_icon_the_code_names_as_flets_font_does(tmp_path):
    served, full = served_font(tmp_path), TTFont(icon_font.full_font())
    names = icon_font.icons_kept()
    assert {"FLAG", "FORT", "UNDO", "CLOSE", "ARROW_DROP_DOWN"} <= names
    points = icon_font.code_points(full, names)
    assert set(points) == names  # every name is one of Flet's icons
    cmap = served.getBestCmap()
    missing = sorted(name for name, point in points.items() if point not in cmap)
    assert not missing, f"not in the served font (run python -m companion.server.icon_font): {missing}"
    for name, point in points.items():
        assert outline(served, cmap[point]) == outline(full, icon_font.glyph_name(name)), name


def test_the_served_font_is_the_cut_one(tmp_path):
    served = served_font(tmp_path)
    assert len(served.getBestCmap()) < 100  # not Flet's 8,800 icons


def test_an_icon_named_anywhere_in_the_code_is_found(tmp_path):
    (tmp_path / "screen.py").write_text(
        "import flet as ft\nfrom flet import Icons\n"
        "a = ft.Icon(ft.Icons.PIZZA_OUTLINED)\nb = ft.IconButton(icon=Icons.CASINO)\n"
        "c = ft.Colors.RED\n")
    assert icon_font.icons_in_code(tmp_path) == {"PIZZA_OUTLINED", "CASINO"}
    assert icon_font.glyph_name("PIZZA_OUTLINED") == "pizza_outlined"
    assert icon_font.glyph_name("CASINO") == "casino_baseline"
