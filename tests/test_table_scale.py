"""One sizing rule for every game's table screen (issue 38): laid out for a 1280 x 800
laptop, larger on a TV by the smaller of its width's and height's ratios, never smaller
than on the laptop and at most half as large again."""

from __future__ import annotations

import pytest

from companion.ui import kit


@pytest.mark.parametrize("width, height, scale", [
    (1280, 800, 1.0),  # a laptop: as laid out
    (1024, 768, 1.0),  # smaller: never smaller type (the key numbers stay at 40 px or more)
    (1920, 1080, 1.35),  # a TV: its height is the limit
    (1920, 1200, 1.5),
    (3840, 2160, 1.5),  # a 4K TV: larger type, not emptier space, up to half as large again
    (2400, 900, 1.125),  # a wide, low window: the type still fits its height
])
def test_a_table_screen_grows_with_the_screen_it_is_on(width, height, scale):
    assert kit.table_scale(width, height) == pytest.approx(scale)
    assert kit.scaled(kit.BIG, kit.table_scale(width, height)) >= 40
