"""Rock Garden's big table screen (issue 26, point 2) on a real Flet session: the round's
summary from the view's ``last_round``, shown from the pass until the next piles are laid
out; the black rock with its light ring on the tracker."""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from tests.rockgarden.support import Table, score_round_one, to_turn_ins
from tests.support import run_app
from tests.uitree import walk


def test_the_round_is_summed_up_from_the_pass_until_the_next_piles_are_laid_out():
    async def test(app):
        t = Table(app)
        to_turn_ins(t)  # Bo passed and drew W3
        wide = await app.host(t.hub, width=1280)
        text = wide.text()
        assert "Round 1 so far" in text
        assert "Bo passed: a Pass card, drew White III" in text
        assert "Cy took pile 2 (Yellow III, Green III) for Green I" in text
        score_round_one(t)
        await wide.settle()
        text = wide.text()
        assert "Round 1: what happened" in text and "Bo lays out the piles" in text
        assert ("Bo passed: a Pass card, drew White III; turned in Trips (Yellow I, Yellow I, Yellow I) for a "
                "Trips card; turned in Straight Flush (White I, White II, White III) for a Straight Flush card") in text
        t.apply(1, "draw", rocks="G1 G2 G3")
        await wide.settle()
        assert "Round 1: what happened" in wide.text() and "Piles 1 of 3" in wide.text()
        t.apply(1, "draw", rocks="R1 R2 R3 Y1 Y2 Y3")  # the piles are laid out: bidding
        await wide.settle()
        assert "Round 1: what happened" not in wide.text() and "Piles 3 of 3" in wide.text()
        assert "Bo bids" in wide.text()
    run_app(test)


async def round_one_scored(app):
    """A table whose first round is scored, and the host's table screen at 1280 px."""
    t = Table(app)
    to_turn_ins(t)
    score_round_one(t)
    return t, await app.host(t.hub, width=1280)


def test_numbers_on_the_table_screen_are_40_px_or_more():
    async def test(app):
        t, wide = await round_one_scored(app)
        labels = ("Piles 0 of 3", "Trips cards left 9", "Tracker space 1", "Tracker space 6",
                  "Black rock chance 0%", "Bo demerit cards 3", "Cy rocks 6")
        sizes = {c.semantics_label: c.size for c in walk(wide.tree())
                 if isinstance(c, ft.Text) and c.semantics_label in labels}
        assert set(sizes) == set(labels) and min(sizes.values()) >= 40, sizes
        black = [c for c in walk(wide.tree()) if isinstance(c, ft.Container) and c.bgcolor == "#212121"
                 and c.border is not None]
        assert black and all(c.border.top.color == rk.TRACKER_RING for c in black)  # visible when dark
    run_app(test)


def test_the_players_numbers_say_what_they_count_and_rocks_carry_a_mark():
    """Issue 37: "3 demerit cards · 6 rocks", never a bare "3 · 6"; a rock chip carries its
    colour's initial as well as its colour (red and green look alike to some players)."""
    async def test(app):
        t, wide = await round_one_scored(app)
        words = [c.value for c in walk(wide.tree()) if isinstance(c, ft.Text)]
        assert "demerit cards" in words and "rocks" in words, words
        assert "·" not in words
    run_app(test)


def test_a_rock_chip_names_its_colour_and_value_as_the_piece_shows_it():
    """A chip reads as every line of words names the rock (red and green look alike to
    some: the colour is written out)."""
    names = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Blue", "W": "White"}
    chip = rk.rock_chip(names, "G2")
    assert chip.content.value == "Green II" and chip.content.semantics_label == "Green II"
    assert rk.rock_chip(dict(names, B="Grey"), "B3").content.value == "Grey III"


def test_expected_demerits_read_in_whole_demerits():
    """"about 2 demerits", never "2.04 demerits": a player weighs a bid against a pass."""
    assert rk.demerits_words(2.04) == "about 2 demerits"
    assert rk.demerits_words(1.4) == "about 1 demerit"
    assert rk.demerits_words(0.3) == "less than 1 demerit"
    assert rk.demerits_words(2.0) == "2 demerits" and rk.demerits_words(0) == "no demerit"


def test_the_black_rocks_odds_say_what_they_are_the_chance_of():
    async def test(app):
        t, wide = await round_one_scored(app)
        assert "Chance the black rock comes out with the next piles: 0%" in wide.text()
        assert "Black rock: 0%" not in wide.text()
    run_app(test)


def luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


DARK_PAGE = "#141218"  # Material 3's dark surface, the page behind the tracker in dark mode


def test_the_black_rock_stands_out_of_the_trackers_empty_spaces_in_dark_mode():
    """On the phone's tracker and the table screen's, the black rock's ring is bright on a
    dark page and unlike an empty space's ring, and thicker: its black disc alone is lost
    on a dark screen."""
    async def test(app):
        t, wide = await round_one_scored(app)
        (ann,) = await t.phones(0)
        for screen in (wide, ann):
            spaces = [c for c in walk(screen.tree()) if isinstance(c, ft.Container)
                      and c.border is not None and c.width is not None and c.width == c.height
                      and c.border_radius is not None]
            rock = [c for c in spaces if c.bgcolor == "#212121"]
            empty = [c for c in spaces if c.bgcolor is None]
            assert rock and empty, spaces
            ring, space = rock[0].border.top, empty[0].border.top
            assert contrast(ring.color, DARK_PAGE) >= 7 and contrast(ring.color, space.color) >= 3
            assert ring.width >= 3 * space.width
    run_app(test)
