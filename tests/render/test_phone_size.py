"""The image as a phone shows it: scaled to ``PHONE_WIDTH`` (300 px) of width.

Sizes are measured on the rendered pixels and scaled by ``PHONE_WIDTH / WIDTH``,
or on the image actually shrunk to that width.
"""

from __future__ import annotations

import pytest
from PIL import Image

from engine.claimit import GameState, Roll, Space, apply
from i18n import language
from render.claimit import colors, geometry, sprites
from render.claimit.board_image import draw_board, labels
from render.claimit.geometry import WIDTH
from render.claimit.view import View
from render.common import palette
from render.common.palette import Color
from render.common.phone import PHONE_WIDTH
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, position

SCALE = PHONE_WIDTH / WIDTH
READABLE = 8.0
"""Smallest font size, in pixels on the phone, that text may have (capitals ~6 px tall)."""


def on_phone(image: Image.Image) -> Image.Image:
    size = (PHONE_WIDTH, round(image.height * SCALE))
    return image.convert("RGB").resize(size, Image.Resampling.LANCZOS)


def close(pixel: tuple[int, ...], color: Color, tolerance: int) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel[:3], color, strict=True))


def ink_extent(image: Image.Image, box: geometry.Box, ink: Color) -> tuple[int, int]:
    """Width and height of the pixels in ``box`` that have the color ``ink``."""
    crop = image.convert("RGB").crop(box)
    mask = Image.new("L", crop.size)
    mask.putdata([255 if close(p, ink, 40) else 0 for p in crop.get_flattened_data()])  # type: ignore[arg-type]
    bounds = mask.getbbox()
    assert bounds is not None
    return (bounds[2] - bounds[0], bounds[3] - bounds[1])


def face_box(space: Space) -> geometry.Box:
    """The inside of the top face of a lone marker, clear of its outline."""
    x, y = geometry.layer_face_center(space, 0)
    half_width, half_height = geometry.TOKEN // 2 - 4, geometry.TOKEN_FACE // 2 - 3
    return (x - half_width, y - half_height, x + half_width, y + half_height)


def test_the_board_takes_at_least_70_percent_of_the_width_on_a_phone() -> None:
    phone = on_phone(draw_board(GameState.new(2), View()))
    middle_of_row_4 = round(geometry.space_center(Space(1, 4))[1] * SCALE)
    board = [
        x
        for x in range(phone.width)
        if any(
            close(phone.getpixel((x, middle_of_row_4)), color, 6)  # type: ignore[arg-type]
            for color in (colors.SPACE_LIGHT, colors.SPACE_DARK)
        )
    ]
    across = max(board) - min(board) + 1
    assert across / PHONE_WIDTH >= 0.70
    assert across / 6 >= 40, "a space at least 40 px wide"


def test_on_a_desktop_the_board_is_no_smaller_than_on_the_old_square_image() -> None:
    # Discord fits a desktop embed into 300 px of height; the 768x768 image had a
    # 504 px board.
    for players in range(2, 6):
        assert 6 * geometry.SPACE / geometry.height(players) >= 504 / 768


@pytest.mark.parametrize("players", range(2, 6))
def test_the_panel_ends_after_the_last_player_row(players: int) -> None:
    image = draw_board(GameState.new(players), View())
    assert image.size == (WIDTH, geometry.height(players))
    last_row_bottom = geometry.table_row_top(players - 1) + geometry.ROW_HEIGHT
    assert geometry.panel(players)[3] - last_row_bottom <= 6
    assert image.height - last_row_bottom <= 12


@pytest.mark.parametrize("seat", range(5))
def test_a_player_symbol_is_at_least_10_px_across_and_8_px_high_on_a_phone(seat: int) -> None:
    image = draw_board(position({"3,3": [f"P{seat}"]}, players=5), View())
    width, height = ink_extent(image, face_box(Space(3, 3)), palette.PLAYERS[seat].ink)
    assert width * SCALE >= 10
    assert height * SCALE >= 8


def test_a_squatter_number_is_at_least_9_px_high_on_a_phone() -> None:
    image = draw_board(position({"3,3": ["S4"]}), View())
    _, height = ink_extent(image, face_box(Space(3, 3)), palette.INK)
    assert height * SCALE >= 9


def sample_positions(code: str) -> list[tuple[GameState, View]]:
    lang = language(code)
    names = View(names=("Ann", "Bo", "Cy"), lang=lang)
    example_4 = position(EXAMPLE_4_BOARD, players=3, last_round={"caller": 1, "turns_left": 2})
    return [
        (apply(position(EXAMPLE_4_BOARD, players=3), Roll((1, 4, 5))).state, names),
        (example_4, View(names.names, (6, 3, 4), lang=lang)),
        (example_4, View(names.names, (6, 3, 4), bust=0, lang=lang)),
        (
            position(
                {"1,1": ["P0"]}, players=3, phase="over", last_round={"caller": 0, "turns_left": 0}
            ),
            names,
        ),
    ]


@pytest.mark.parametrize("code", ["en", "de"])
def test_every_text_is_readable_on_a_phone(code: str) -> None:
    """Also the German words shrunk to fit their boxes."""
    for state, view in sample_positions(code):
        for label in labels(state, view):
            assert label.size * SCALE >= READABLE, label
    for size in (sprites.SQUATTER_NUMBER, sprites.BADGE_LETTER, sprites.BADGE_HINT):
        assert size * SCALE >= READABLE


def luminance(color: tuple[float, ...]) -> float:
    """Relative luminance as WCAG defines it."""

    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def rim(phone: Image.Image, space: Space) -> tuple[float, ...]:
    """The mean color of a space's edge on the phone: a band 2 px wide inside its grid line."""
    left, top, right, bottom = (round(v * SCALE) for v in geometry.space_box(space))
    pixels: list[tuple[int, int, int]] = [
        phone.getpixel((x, y))  # type: ignore[misc]
        for x in range(left + 1, right)
        for y in range(top + 1, bottom)
        if min(x - left, right - x, y - top, bottom - y) <= 2
    ]
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))


@pytest.mark.parametrize("seat", range(5))
def test_settled_and_claimed_spaces_contrast_3_to_1_on_a_phone(seat: int) -> None:
    settled, claimed = Space(2, 2), Space(4, 2)
    state = position({str(settled): [f"P{seat}"], str(claimed): ["C", f"P{seat}"]}, players=5)
    phone = on_phone(draw_board(state, View()))
    dark, light = sorted((luminance(rim(phone, settled)), luminance(rim(phone, claimed))))
    assert (light + 0.05) / (dark + 0.05) >= 3
