"""The Material icons font cut down to the icons a phone can be shown.

Flet's font has all 8,800 Material icons in four styles (1.2 MiB, 0.45 MiB gzipped: a
twelfth of a phone's first join on the JavaScript build); Flutter loads it whole at start.
The app names a dozen icons, and Flutter's own widgets draw a few more on their own (a
dropdown's arrow, an expansion tile's chevron, a snack bar's close). The cut font, with
those alone, is committed as ``assets/assets/fonts/MaterialIcons-Regular.otf``: the server serves
its assets before Flet's files, so a phone gets it in place of Flet's.

Flet sends an icon as a number its client maps to a code point; the font's glyph names say
which code point is which icon (``flag_baseline`` for ``ft.Icons.FLAG``,
``flag_outlined`` for ``ft.Icons.FLAG_OUTLINED``). After a change of icons, cut it again
(fontTools needed: it is in the test requirements)::

    python -m companion.server.icon_font
"""

from __future__ import annotations

import ast
from pathlib import Path

from companion import REPO_ROOT

ROOT = REPO_ROOT
CUT_FONT = ROOT / "assets" / "assets" / "fonts" / "MaterialIcons-Regular.otf"
"""Served at ``/assets/fonts/...``: the app's assets folder is served at the root, before Flet's."""
STYLES = ("_OUTLINED", "_ROUNDED", "_SHARP")
FLUTTER_OWN = (
    "ARROW_BACK", "ARROW_BACK_IOS", "ARROW_BACK_IOS_NEW", "ARROW_FORWARD", "ARROW_FORWARD_IOS",
    "ARROW_DROP_DOWN", "ARROW_DROP_UP", "ARROW_UPWARD", "ARROW_DOWNWARD",
    "EXPAND_MORE", "EXPAND_LESS", "CHEVRON_LEFT", "CHEVRON_RIGHT",
    "KEYBOARD_ARROW_LEFT", "KEYBOARD_ARROW_RIGHT", "KEYBOARD_ARROW_UP", "KEYBOARD_ARROW_DOWN",
    "CLOSE", "CLEAR", "CANCEL", "CHECK", "MENU", "MORE_VERT", "MORE_HORIZ", "SEARCH",
    "VISIBILITY", "VISIBILITY_OFF", "ERROR", "ERROR_OUTLINE", "WARNING", "INFO_OUTLINE",
    "EDIT", "CALENDAR_TODAY", "ACCESS_TIME", "KEYBOARD", "DRAG_HANDLE", "REFRESH",
)
"""Icons Flutter's Material widgets and Flet's client draw without the app naming them
(back and close buttons, dropdown and expansion arrows, pickers, a text field's reveal,
Flet's error box): kept, so that no widget ever shows an empty box."""


def icons_in_code(root: Path = ROOT / "companion") -> set[str]:
    """Every ``Icons.NAME`` the app's code names (``ft.Icons.FLAG`` -> ``FLAG``)."""
    names = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.isupper() and (
                    getattr(node.value, "attr", None) == "Icons" or getattr(node.value, "id", None) == "Icons"):
                names.add(node.attr)
    return names


def icons_kept() -> set[str]:
    return icons_in_code() | set(FLUTTER_OWN)


def glyph_name(icon: str) -> str:
    """The font's glyph for Flet's icon name: ``FLAG`` -> ``flag_baseline``."""
    for style in STYLES:
        if icon.endswith(style):
            return icon.lower()
    return icon.lower() + "_baseline"


def full_font() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir()) / "assets" / "fonts" / "MaterialIcons-Regular.otf"


def code_points(font, icons) -> dict[str, int]:
    """``{icon: code point}`` in a fontTools font, for the icons it has."""
    by_glyph = {glyph: point for point, glyph in font.getBestCmap().items()}
    return {icon: by_glyph[glyph_name(icon)] for icon in icons if glyph_name(icon) in by_glyph}


def cut(source: Path, target: Path, icons) -> None:
    """Write ``source`` with only ``icons`` (and the space) to ``target``."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(source)
    points = code_points(font, icons)
    missing = sorted(set(icons) - set(points))
    if missing:
        raise SystemExit(f"not in {source.name}: {', '.join(missing)}")
    options = subset.Options(name_IDs=["*"], name_languages=["*"], notdef_outline=True,
                             glyph_names=True, layout_features=[])
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[0x20, *points.values()])
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(target)


if __name__ == "__main__":
    cut(full_font(), CUT_FONT, icons_kept())
    print(f"{CUT_FONT.relative_to(ROOT)}: {CUT_FONT.stat().st_size} bytes, {len(icons_kept())} icons")
