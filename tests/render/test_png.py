"""The palette PNG every picture is sent as looks like the RGB picture it was drawn as:
every colour the games draw with comes out exactly, at every pixel drawn in it, and
the soft edges stay within a few levels; with each kind's one palette, also on pictures
its palette was not made from. A PNG put together from cached bands is the same as one
compressed afresh."""

from __future__ import annotations

import gc
import io
import weakref
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import islice
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw, ImageStat

import render.claim.colors
import render.claimit.colors
import render.common.palette
import render.gold_nuggets.colors
import render.league.colors
from engine.claimit import Roll
from i18n import english, language
from render.claim import pictures as claim_pictures
from render.claim.gallery import hand_views, more_table_views, table_views
from render.claim.hand_image import draw_hand
from render.claim.table_image import draw_table
from render.claimit import View
from render.claimit import pictures as claimit_pictures
from render.claimit.board_image import board_scene, draw_board
from render.claimit.gallery import random_play, rulebook_examples
from render.common import png
from render.common.fonts import text_extent, text_mask
from render.common.label import Label
from render.common.palette import PLAYERS
from render.common.phone import phone_preview
from render.common.png import STEP, PictureKind, adler32_of, encode
from render.common.scene import Scene
from render.gallery import galleries
from render.gold_nuggets import pictures as nuggets_pictures
from render.gold_nuggets.gallery import views as nuggets_views
from render.gold_nuggets.table_image import draw_table as draw_nuggets_table
from render.league.gallery import views as league_views
from render.league.standings import STANDINGS
from render.league.standings_image import draw_standings

COLOUR_MODULES = (
    render.common.palette,
    render.claimit.colors,
    render.gold_nuggets.colors,
    render.claim.colors,
    render.league.colors,
)


def design_colours(module: ModuleType) -> Iterator[tuple[int, int, int]]:
    for value in vars(module).values():
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            yield value


AREA = 64
"""Pixels of one colour that make it an area of the picture rather than an edge."""
DESIGN = {colour for module in COLOUR_MODULES for colour in design_colours(module)} | {
    colour for style in PLAYERS for colour in (style.color, style.ink)
}
GERMAN = language("de")


def own_palette_samples() -> Iterator[tuple[str, Image.Image, PictureKind | None]]:
    """A few of each game's gallery pictures (every seat and symbol appears among them),
    encoded with their own palette as the gallery writes them."""
    for game, gallery in galleries().items():
        for name, image in islice(gallery(), 6):
            yield f"{game}/{name}", image, None


def kind_samples() -> Iterator[tuple[str, Image.Image, PictureKind | None]]:
    """Pictures of each kind its palette was not made from: other positions, German."""
    for name, state, view in rulebook_examples():
        yield f"claimit/{name}", draw_board(state, view), claimit_pictures.BOARD
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 5)):
        history = list(random_play(seed, players))
        for index in (len(history) // 3, len(history) - 1):
            _, action, after = history[index]
            dice = None
            if isinstance(action, Roll):
                first, second, third = action.dice
                dice = (first, second, third)
            names = ("Ann", "Bo", "Cy", "Di", "Ed")[:players]
            view = View(names=names, rolled=dice, lang=GERMAN)
            yield f"claimit/seed-{seed}-{index}", draw_board(after, view), claimit_pictures.BOARD
    for name, nuggets in islice(nuggets_views(), 1, None, 3):
        yield f"nuggets/{name}", draw_nuggets_table(nuggets), nuggets_pictures.TABLE
    for name, table in (*table_views(GERMAN), *more_table_views(GERMAN)):
        yield f"claim/{name}-de", draw_table(table), claim_pictures.TABLE
    for name, hand in hand_views(GERMAN):
        yield f"claim/{name}-de", draw_hand(hand), claim_pictures.HAND
    for name, standings in league_views():
        if name.endswith("-de"):
            yield f"league/{name}", draw_standings(standings), STANDINGS


ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "pictures"
"""Each kind's picture as it went out before issue 32 (an RGB PNG) and as it goes out
now, full size and at a phone's width, to compare by eye."""


def decoded(image: Image.Image, kind: PictureKind | None, name: str) -> Image.Image:
    data = encode(image) if kind is None else kind.encode(image)
    after = Image.open(io.BytesIO(data)).convert("RGB")
    if kind is not None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        stem = name.replace("/", "-")
        image.save(ARTIFACTS / f"{stem}-before.png", compress_level=3)
        (ARTIFACTS / f"{stem}-after.png").write_bytes(data)
        phone_preview(image).save(ARTIFACTS / f"{stem}-before-300px.png")
        phone_preview(after).save(ARTIFACTS / f"{stem}-after-300px.png")
    return after


def test_the_colours_drawn_with_are_on_the_palettes_grid() -> None:
    assert len(DESIGN) > 40
    off = sorted(c for c in DESIGN if any(channel % STEP for channel in c))
    assert off == [], "colours the pictures are drawn with must be multiples of 4"


@pytest.mark.parametrize(
    ("name", "image", "kind"),
    [*own_palette_samples(), *kind_samples()],
    ids=lambda v: str(v)[:40] if isinstance(v, str) else "",
)
def test_every_colour_drawn_with_comes_out_exactly(
    name: str, image: Image.Image, kind: PictureKind | None
) -> None:
    image = image.convert("RGB")
    after = decoded(image, kind, name)
    before_pixels, after_pixels = image.get_flattened_data(), after.get_flattened_data()
    # Areas: a colour of the design that is only a few pixels here is some soft edge.
    drawn = {c for n, c in image.getcolors(1 << 20) or [] if c in DESIGN and n >= AREA}
    assert drawn, name
    wrong = {
        before
        for before, now in zip(before_pixels, after_pixels, strict=True)
        if before in drawn and now != before
    }
    assert wrong == set(), f"{name}: {sorted(wrong)[:5]}"
    # The soft edges: on average within a few levels, and rarely far.
    difference = ImageChops.difference(image, after)
    assert max(ImageStat.Stat(difference).mean) < 4, name
    far = sum(difference.convert("L").point(lambda v: 255 if v > 24 else 0).histogram()[255:])
    assert far < image.width * image.height * 0.002, name


def test_a_picture_drawn_from_its_album_is_the_picture_mapped_to_the_palette(
    albums: png.Albums,
) -> None:
    kind = claimit_pictures.BOARD
    history = [after for _, _, after in random_play(11, 4)]
    view = View(names=("Ann", "Bo", "Cy", "Di"), lang=english())
    for state in history[10:60:10]:
        data = kind.encode_scene(board_scene(state, view), ("game", 1))
        shown = Image.open(io.BytesIO(data))
        assert shown.mode == "P"
        picture = draw_board(state, view)
        assert (
            shown.tobytes()
            == picture.quantize(palette=kind.palette.image, dither=Image.Dither.NONE).tobytes()
        )
    assert albums.found > 0


SEATS = png.palette_of([Image.new("RGB", (1, 1), style.color) for style in PLAYERS])
"""A palette of the seats' colours alone."""


def test_only_the_bands_that_changed_are_drawn(albums: png.Albums) -> None:
    background = Image.new("RGB", (40, png.BAND_ROWS * 3), PLAYERS[0].color)
    scene = Scene(background)
    png.write_scene(scene, SEATS, ("game", 1))
    assert (albums.missed, albums.found) == (3, 0)
    changed = Scene(background)
    changed.fill(PLAYERS[1].color, (0, png.BAND_ROWS * 2, 40, png.BAND_ROWS * 2 + 1))
    data = png.write_scene(changed, SEATS, ("game", 1))
    assert (albums.missed, albums.found) == (4, 2)
    assert Image.open(io.BytesIO(data)).convert("RGB").tobytes() == changed.paint().tobytes()
    png.write_scene(changed, SEATS, ("game", 1))
    assert (albums.missed, albums.found, albums.again) == (4, 5, 1)
    png.write_scene(changed, SEATS, ("game", 2))
    assert (albums.missed, albums.found) == (4, 8), "the bands game 1 drew, in their places"


def test_a_band_is_taken_from_another_album_only_in_the_place_it_was_drawn(
    albums: png.Albums,
) -> None:
    flat = Image.new("RGB", (40, png.BAND_ROWS), PLAYERS[0].color)
    png.write_scene(Scene(flat), SEATS, ("game", 1))
    taller = Scene(Image.new("RGB", (40, png.BAND_ROWS * 3), PLAYERS[0].color))
    data = png.write_scene(taller, SEATS, ("game", 2))
    assert (albums.missed, albums.found) == (1 + 2, 1), "the rows below it drawn anew"
    assert data == png.write_png(taller.paint(), SEATS)


def test_a_band_taken_by_other_albums_keeps_the_images_its_key_names_alive(
    albums: png.Albums,
) -> None:
    """A key names a pasted image by its ``id``: while the band may be taken, no other
    image may take that ``id``."""
    sprite = Image.new("RGB", (10, 4), PLAYERS[2].color)
    scene = Scene(Image.new("RGB", (40, png.BAND_ROWS), PLAYERS[0].color))
    scene.paste(sprite, (5, 5))
    png.write_scene(scene, SEATS, ("game", 1), keep=False)  # its game ended at once
    alive = weakref.ref(sprite)
    del sprite, scene
    gc.collect()
    assert alive() is not None
    albums.clear()
    gc.collect()
    assert alive() is None


def test_a_sprite_across_bands_is_drawn_in_each_it_meets(albums: png.Albums) -> None:
    background = Image.new("RGB", (40, png.BAND_ROWS * 4), PLAYERS[0].color)
    sprite = Image.new("RGBA", (10, png.BAND_ROWS * 2), (*PLAYERS[2].color, 255))
    png.write_scene(Scene(background), SEATS, ("game", 1))
    scene = Scene(background)
    scene.paste(sprite, (5, png.BAND_ROWS // 2))
    data = png.write_scene(scene, SEATS, ("game", 1))
    assert albums.missed == 4 + 3
    assert Image.open(io.BytesIO(data)).convert("RGB").tobytes() == scene.paint().tobytes()


def test_a_scene_s_steps_paint_as_pillow_s_own_paste() -> None:
    """The steps paste through Pillow's core, without ``Image.paste``'s checks."""
    background = Image.new("RGB", (60, 40), PLAYERS[0].color)
    sprite = Image.new("RGBA", (12, 9), (*PLAYERS[2].color, 160))
    label = Label("Zoë 7", (4, 20, 56, 38), 14, PLAYERS[3].color)
    scene = Scene(background)
    scene.fill(PLAYERS[1].color, (2, 3, 30, 12))
    scene.paste(sprite, (20, 5))
    scene.label(label)
    expected = background.copy()
    expected.paste(PLAYERS[1].color, (2, 3, 30, 12))
    expected.paste(sprite, (20, 5), sprite)
    left, top, width, height = text_extent(label.text, label.face, label.size, "lm")
    x, y = label.anchor
    at = (round(x) + left, round(y) + top)
    mask = text_mask(label.text, label.face, label.size, "lm")
    expected.paste(label.color, (*at, at[0] + width, at[1] + height), mask)
    assert scene.paint().tobytes() == expected.tobytes()
    assert (
        scene.paint_rows(16, 32, scene.steps).tobytes() == expected.crop((0, 16, 60, 32)).tobytes()
    )


def test_a_picture_s_bytes_do_not_depend_on_what_its_thread_compressed_before() -> None:
    """Each thread compresses band after band with one compressor a level, set back as
    new at each band's end: a band comes out as from a compressor of its own."""
    pictures = [draw_board(after, View(names=("Ann", "Bo"))) for _, _, after in random_play(5, 2)]
    kind = claimit_pictures.BOARD
    with ThreadPoolExecutor(1) as fresh:  # a thread that compressed nothing before
        first = fresh.submit(kind.encode, pictures[-1]).result()
    for picture in pictures[:-1:7]:
        kind.encode(picture)
        nuggets_pictures.TABLE.encode(picture)  # at FAST, the board's being SMALL
    assert kind.encode(pictures[-1]) == first


def _adler32_of(pieces: list[bytes]) -> int:
    adlers = [zlib.adler32(piece) for piece in pieces]
    return adler32_of(
        [adler & 0xFFFF for adler in adlers],
        [adler >> 16 for adler in adlers],
        list(map(len, pieces)),
    )


@given(st.lists(st.binary(max_size=300), max_size=6))
def test_adler32_of_pieces_is_zlibs_of_them_together(pieces: list[bytes]) -> None:
    assert _adler32_of(pieces) == zlib.adler32(b"".join(pieces))


def test_long_pieces_combine_too() -> None:
    pieces = [bytes(range(256)) * 700, b"\xff" * 200_000, b"\xfe" * 70_000]
    assert _adler32_of(pieces) == zlib.adler32(b"".join(pieces))


def test_a_palette_background_drawn_on_since_paints_its_rows_in_its_new_colours() -> None:
    background = Image.new("P", (40, 40), (8, 20, 32))
    # ImageDraw adds the colour to the palette in Python: the core has yet to get it.
    ImageDraw.Draw(background).rectangle((0, 0, 39, 20), fill=(200, 0, 0))
    rows = Scene(background).paint_rows(16, 32, [])
    assert rows.tobytes() == background.convert("RGB").crop((0, 16, 40, 32)).tobytes()
