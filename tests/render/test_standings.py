"""A tournament's standings picture: a PNG of the games' width, readable on a phone, the
same bytes for the same standings, every text inside its box and no two texts of a line
overlapping, whatever the names and words; medals only once the tournament is over."""

from __future__ import annotations

import io
import pickle
from dataclasses import replace
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from render.common import palette, png
from render.common.fonts import text_width
from render.common.label import Box, Label
from render.common.names import ELLIPSIS
from render.common.phone import PHONE_WIDTH
from render.league import StandingsLine, StandingsView, colors, geometry
from render.league.gallery import ENGLISH, GERMAN, table, views
from render.league.standings import render_standings
from render.league.standings_image import (
    NAME_SIZE,
    NO_NAME,
    draw_standings,
    footer_lines,
    labels,
    line_labels,
    medal,
)
from render.league.standings_view import MOST_LINES
from tests.render.test_phone_size import READABLE, ink_extent

SCALE = PHONE_WIDTH / geometry.WIDTH
KIB = 1024
GALLERY = dict(views())


def standings(lines: int, podium: bool = False, footer: str = ENGLISH.rule) -> StandingsView:
    return StandingsView(
        title=ENGLISH.title,
        subtitle=ENGLISH.swiss.format(round=3, rounds=5, playing=2),
        headers=ENGLISH.headers,
        lines=table(lines, 3, ENGLISH, playing=2),
        footer=footer,
        podium=podium,
    )


def overlap(first: Box, second: Box) -> bool:
    return (
        first[0] < second[2]
        and second[0] < first[2]
        and first[1] < second[3]
        and second[1] < first[3]
    )


def fits(label: Label) -> bool:
    left, top, right, bottom = label.box
    return (
        text_width(label.text, label.face, label.size) <= right - left
        and left >= 0
        and right <= geometry.WIDTH
        and top < bottom
    )


@pytest.mark.parametrize("lines", [1, 16, MOST_LINES])
def test_standings_of_1_16_and_64_lines_are_pngs_of_the_games_width(lines: int) -> None:
    view = standings(lines)
    shown = Image.open(io.BytesIO(render_standings(view)))
    assert shown.format == "PNG"
    footer = len(footer_lines(view.footer))
    assert footer >= 1
    assert shown.size == (geometry.WIDTH, geometry.height(lines, footer))
    last = geometry.row_top(lines - 1) + geometry.ROW_HEIGHT
    assert last < geometry.footer_box(lines, 0)[1] < shown.height


def test_more_lines_than_a_tournament_has_players_are_refused() -> None:
    with pytest.raises(ValueError, match="at most 64"):
        standings(MOST_LINES + 1)


@pytest.mark.parametrize("name", ["sixteen-players", "sixteen-players-de"])
def test_sixteen_lines_are_at_most_40_kib(name: str) -> None:
    assert len(GALLERY[name].lines) == 16
    assert len(render_standings(GALLERY[name])) <= 40 * KIB


def test_sixty_four_lines_are_at_most_four_times_that() -> None:
    assert len(render_standings(standings(MOST_LINES))) <= 160 * KIB


def test_the_same_standings_are_the_same_bytes(albums: png.Albums) -> None:
    """Also when made from the same album's picture before, and from a view that crossed
    to another process (pickled)."""
    view = GALLERY["swiss-under-way-de"]
    first = render_standings(view, ("tournament", 1))
    again = render_standings(view, ("tournament", 1))
    assert albums.again == 1
    afresh = render_standings(pickle.loads(pickle.dumps(view)))
    assert first == again == afresh


def test_a_view_is_plain_data_that_pickles() -> None:
    view = GALLERY["final-podium"]
    assert pickle.loads(pickle.dumps(view)) == view


@pytest.mark.parametrize("name", sorted(GALLERY))
def test_every_text_fits_its_box_and_no_two_of_a_line_overlap(name: str) -> None:
    view = GALLERY[name]
    assert all(fits(label) for label in labels(view)), name
    for index in range(len(view.lines)):
        found = line_labels(view, index)
        row = geometry.row_box(index)
        assert all(row[1] <= label.box[1] and label.box[3] <= row[3] for label in found)
        for first, second in combinations(found, 2):
            assert not overlap(first.box, second.box), (name, first, second)


def test_the_columns_do_not_overlap_and_stay_inside_the_panel() -> None:
    spans = geometry.COLUMNS
    assert len(spans) == len(ENGLISH.headers)
    assert spans[0][0] >= geometry.EDGE + geometry.ROW_INSET
    assert spans[-1][1] <= geometry.WIDTH - geometry.EDGE - geometry.ROW_INSET
    for (_, right), (left, _) in pairwise(spans):
        assert right <= left


names = st.text(max_size=60)


@settings(max_examples=60, deadline=None)
@given(
    name=names,
    mark=st.text(max_size=24),
    points=st.text(max_size=8),
    header=st.text(max_size=16),
    rank=st.integers(1, 999),
)
def test_any_name_mark_and_words_fit_without_overlapping(
    name: str, mark: str, points: str, header: str, rank: int
) -> None:
    line = StandingsLine(rank, name, points, points, 99, 999, mark=mark)
    view = replace(
        standings(2),
        lines=(line, line),
        headers=(header, header, header, header, header, header),
        title=name,
        subtitle=name,
        footer=name,
    )
    assert all(fits(label) for label in labels(view))
    found = line_labels(view, 1)
    assert all(not overlap(a.box, b.box) for a, b in combinations(found, 2))
    (shown,) = (label for label in found if label.size == NAME_SIZE and label.align == "l")
    assert shown.text  # the name, or NO_NAME standing for it


@pytest.mark.parametrize("name", ["sixteen-players", "sixteen-players-de"])
def test_long_names_are_cut_emoji_dropped_and_headers_shown_whole(name: str) -> None:
    view = GALLERY[name]
    by_line = {
        line.name: [label.text for label in line_labels(view, index)]
        for index, line in enumerate(view.lines)
    }
    long_name = by_line["Zoë the Prospector With a Very Long Name"]
    assert any(text.endswith(ELLIPSIS) and text.startswith("Zoë the") for text in long_name)
    assert "Björn" in by_line["Björn 🎲"]
    assert NO_NAME in by_line["王小明"]
    assert "Ольга" in by_line["Ольга"]
    headers = {label.text for label in labels(view)}
    assert set(view.headers) <= headers, "the headers, German ones too, are not cut"


def test_a_mark_is_shown_whole_beside_a_shortened_name() -> None:
    view = GALLERY["swiss-under-way-de"]
    texts = [label.text for label in line_labels(view, 9)]
    assert GERMAN.dropped in texts


def test_a_long_footer_wraps_to_lines_of_the_pictures_width() -> None:
    assert len(footer_lines(GERMAN.rule)) == 2
    assert footer_lines("") == ()
    short, long = standings(3, footer=""), standings(3, footer=GERMAN.rule)
    assert draw_standings(long).height - draw_standings(short).height == (
        geometry.FOOTER_GAP + 2 * geometry.FOOTER_LINE
    )


@pytest.mark.parametrize("name", sorted(GALLERY))
def test_every_text_is_readable_on_a_phone(name: str) -> None:
    """Also the German words shrunk to fit their boxes."""
    for label in labels(GALLERY[name]):
        assert label.size * SCALE >= READABLE, label


def test_a_lines_letters_are_at_least_8_px_high_on_a_phone() -> None:
    image = draw_standings(GALLERY["sixteen-players"])
    for column, ink in (
        (geometry.NAME, palette.TEXT),
        (geometry.POINTS, palette.TEXT),
        (geometry.RANK, palette.MUTED),
    ):
        _, high = ink_extent(image, geometry.cell(column, 0), ink)
        assert high * SCALE >= 8


def colours_in(data: bytes) -> dict[tuple[int, int, int], int]:
    shown = Image.open(io.BytesIO(data)).convert("RGB")
    return {colour: count for count, colour in shown.getcolors(1 << 16) or []}  # type: ignore[misc]


def test_medals_of_gold_silver_and_bronze_only_once_the_tournament_is_over() -> None:
    over = GALLERY["final-podium"]
    assert [medal(over, line) for line in over.lines[:4]] == [0, 1, 2, None]
    medals = colours_in(render_standings(over))
    assert all(medals.get(colour, 0) >= 400 for colour in colors.MEDALS)
    under_way = colours_in(render_standings(replace(over, podium=False)))
    assert not set(colors.MEDALS) & set(under_way)
    ranks = [label.text for label in line_labels(replace(over, podium=False), 0)]
    assert "1." in ranks


def test_highlighted_lines_stand_out_and_the_others_are_striped() -> None:
    view = GALLERY["final-podium"]
    image = draw_standings(view)
    for index, line in enumerate(view.lines):
        left, top, _, _ = geometry.row_box(index)
        fill = image.getpixel((left + 1, top + 1))
        if line.highlight:
            assert fill == palette.ROW_WINNER
        else:
            assert fill == (colors.STRIPE if index % 2 else palette.PANEL)
    assert [line.highlight for line in view.lines].count(True) == 2
