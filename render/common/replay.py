"""A finished game's replay as an animated GIF: each step's picture under a caption of
what happened, held as long as the step deserves, looping forever.

Every frame is mapped to its picture kind's one palette (``render.common.png``), never
quantized on its own: that is fast, a GIF with one global palette needs no colour table
per frame, and a frame that changed in one place differs from the one before it only
there, which is all Pillow stores of it (the rest of its changed box transparent).

A replay runs about a minute (``LENGTH``): every step when the game is that short, else
its first, long and final steps with ordinary steps spread evenly between them, each
kept step showing the table with the moves before it merged in (its counter, "14/60":
move 14 of 60, the start being 0, says how far it jumped); a step-through replay shows
every step, one still at a time (``still``).

A replay must fit the upload limit of the server it is sent to. When it would not, its
frames are made smaller, down to the width a phone shows them at, which every picture
is designed to stay readable at (``render.common.phone``); then ordinary steps are
dropped, evenly, keeping the first step and every long or final one; ``ReplayTooLarge``
only when even those alone, at that width, do not fit.
"""

from __future__ import annotations

import io
import math
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, TypeVar

from PIL import Image, ImageDraw, ImageFont

from render.common.fonts import FONT_DIR, Face, text_width
from render.common.names import drawable, fit
from render.common.palette import BACKGROUND, MUTED, TEXT
from render.common.phone import PHONE_WIDTH
from render.common.png import Palette, PictureKind
from render.common.replay_steps import LENGTH, Hold, ReplayStep, ReplayTooLarge

V = TypeVar("V")

MARKS: Final = frozenset({"Mn", "Mc", "Me"})
"""The Unicode categories of the marks a character carries."""
CAPTION_SIZE: Final = 24
"""As a seat's name in the pictures: readable at a phone's width."""
COUNTER_SIZE: Final = 18
LINE_HEIGHT: Final = 30
PADDING: Final = 8
BAND_HEIGHT: Final = 2 * PADDING + 2 * LINE_HEIGHT
"""The caption's band above the picture: always room for two lines, so that the picture
does not move between frames."""
CAPTION_COLOURS: Final = (BACKGROUND, TEXT, MUTED)
"""Put in every replay's palette, ``BACKGROUND`` first: index 0 fills the room around a
picture smaller than the replay's largest."""
GIF_COLOURS: Final = 255
"""One index of a GIF's 256 left free: Pillow makes it the transparent colour of the
pixels a frame leaves as they were, which compress to almost nothing."""
PACK_LEVEL: Final = 1
"""zlib's fastest: a frame of flat colours shrinks fifteenfold all the same."""
AIM: Final = 0.92
"""A replay's size falls about as fast as its width (not its area: a smaller picture's
soft edges compress worse) and its frames, not exactly: each try aims this much under
the limit, so that it is likely to fit."""


def animate(
    steps: Sequence[ReplayStep[V]],
    draw: Callable[[V], Image.Image],
    palette: Palette,
    limit: int,
    length: int = LENGTH,
) -> bytes:
    """The steps as an animated GIF of at most ``limit`` bytes running about ``length``
    milliseconds (``timed``), each shown step's view drawn with ``draw``, its caption
    above it, in ``palette``'s colours (its picture kind's).

    Each picture is drawn once and kept only as the palette frame made from it,
    compressed (``_Packed``).
    """
    if not steps:
        raise ValueError("a replay has at least one step")
    colours = _gif_palette(palette)
    band = _Band.of(len(steps) - 1)
    shown = timed([step.hold for step in steps], length)
    frames = [
        _Packed.of(
            band.above(draw(steps[index].view), steps[index].caption, index).quantize(
                palette=colours, dither=Image.Dither.NONE
            )
        )
        for index, _ in shown
    ]
    return _fit(
        frames, [_Timed(steps[index].hold, shown_for) for index, shown_for in shown], colours, limit
    )


def still(step: ReplayStep[V], draw: Callable[[V], Image.Image], kind: PictureKind) -> bytes:
    """One step of a replay as a PNG: the table as it stood, in its kind's palette (its
    caption is the message's words)."""
    return kind.encode(draw(step.view))


def timed(holds: Sequence[Hold], length: int = LENGTH) -> list[tuple[int, int]]:
    """The steps a replay of about ``length`` milliseconds shows, by their index, with
    the milliseconds each is held: the first, every long and final one, and as many
    ordinary ones, evenly spread, as the time left holds."""
    if not holds:
        return []
    key = [index for index, hold in enumerate(holds) if index == 0 or hold is not Hold.STEP]
    ordinary = [index for index, hold in enumerate(holds) if index > 0 and hold is Hold.STEP]
    fixed = sum(holds[index].milliseconds for index in key)
    room = max(0, length - fixed) // Hold.STEP.milliseconds
    chosen = ordinary if room >= len(ordinary) else _evenly(ordinary, room)
    kept = sorted({*key, *chosen})
    longs = [index for index in kept if holds[index] is Hold.LONG]
    long_hold = Hold.LONG.milliseconds
    if fixed > length and longs:
        rest = fixed - len(longs) * Hold.LONG.milliseconds
        long_hold = max(Hold.STEP.milliseconds, min(long_hold, (length - rest) // len(longs)))
    return [
        (index, long_hold if holds[index] is Hold.LONG else holds[index].milliseconds)
        for index in kept
    ]


def caption_lines(caption: str, width: float) -> tuple[str, ...]:
    """The caption as its band shows it: what the font can draw, on at most two lines of
    ``width`` pixels, the second cut short with an ellipsis when there is more."""
    text = _drawable(caption)
    if text_width(text, Face.BOLD, CAPTION_SIZE) <= width:
        return (text,) if text else ()
    first = _first_line(text, width)
    rest = text[len(first) :].strip()
    return (first, fit(rest, Face.BOLD, CAPTION_SIZE, width))


def _drawable(caption: str) -> str:
    """What the font can draw of the caption (``drawable``), without the marks on the
    characters it cannot: a mark on its own draws as a dotted circle (an emoji's
    presentation selector, most often)."""
    kept = []
    base = ""
    for char in unicodedata.normalize("NFC", caption):
        if unicodedata.category(char) not in MARKS:
            base = char
            kept.append(char)
        elif drawable(base, Face.BOLD):
            kept.append(char)
    return drawable("".join(kept), Face.BOLD)


def _first_line(text: str, width: float) -> str:
    """The longest start of ``text`` that fits ``width``, ended after a whole word when it
    holds one (one character at least, however narrow)."""
    low, high = 1, len(text)
    while low < high:
        keep = (low + high + 1) // 2
        if text_width(text[:keep], Face.BOLD, CAPTION_SIZE) <= width:
            low = keep
        else:
            high = keep - 1
    head = text[:low]
    space = head.rfind(" ")
    if low < len(text) and text[low] != " " and space > 0:
        head = head[:space]
    return head.rstrip()


@dataclass(frozen=True)
class _Band:
    """Draws the band above a replay's pictures: the caption at its left, at its right
    the number of the move the step shows out of all ("12/60"), figures reading the same
    in every language.

    With fonts of its own: a caption is drawn once, so it is drawn straight on the frame
    rather than kept as a shared sprite, and a font no other thread uses needs no lock.
    """

    moves: int
    caption_font: ImageFont.FreeTypeFont
    counter_font: ImageFont.FreeTypeFont
    counter_room: float
    """The width of the widest counter, which the caption keeps clear of on every frame."""

    @classmethod
    def of(cls, moves: int) -> _Band:
        return cls(
            moves,
            ImageFont.truetype(str(FONT_DIR / Face.BOLD.value), CAPTION_SIZE),
            ImageFont.truetype(str(FONT_DIR / Face.REGULAR.value), COUNTER_SIZE),
            text_width(f"{moves}/{moves}", Face.REGULAR, COUNTER_SIZE),
        )

    def above(self, picture: Image.Image, caption: str, number: int) -> Image.Image:
        """The picture under the band of the step showing move ``number`` (0 for the
        start: the number the game's log and step-through give it), on the pictures'
        background."""
        width = picture.width
        frame = Image.new("RGB", (width, BAND_HEIGHT + picture.height), BACKGROUND)
        frame.paste(picture, (0, BAND_HEIGHT))
        pen = ImageDraw.Draw(frame)
        first = PADDING + LINE_HEIGHT / 2
        counter = f"{number}/{self.moves}"
        pen.text((width - PADDING, first), counter, MUTED, self.counter_font, anchor="rm")
        room = width - 3 * PADDING - self.counter_room
        for row, line in enumerate(caption_lines(caption, room)):
            at = (PADDING, first + row * LINE_HEIGHT)
            pen.text(at, line, TEXT, self.caption_font, anchor="lm")
        return frame


def _gif_palette(palette: Palette) -> Image.Image:
    """The kind's most used colours with the caption's, ``GIF_COLOURS`` of them."""
    flat = palette.image.getpalette() or []
    kind = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
    chosen = list(dict.fromkeys((*CAPTION_COLOURS, *kind)))[:GIF_COLOURS]
    image = Image.new("P", (1, 1))
    image.putpalette(bytes(channel for colour in chosen for channel in colour))
    return image


@dataclass(frozen=True)
class _Packed:
    """A palette frame, compressed until it is encoded. Pillow holds a copy of every
    frame while it encodes them, and a whole game is a couple of hundred: kept packed,
    a replay takes half the memory (a 133-step Claim It! game: 86 MB rather than 160)
    for a third more time, well within its budget."""

    size: tuple[int, int]
    pixels: bytes

    @classmethod
    def of(cls, frame: Image.Image) -> _Packed:
        return cls(frame.size, zlib.compress(frame.tobytes(), PACK_LEVEL))

    def image(self, palette: Image.Image) -> Image.Image:
        frame = Image.frombytes("P", self.size, zlib.decompress(self.pixels))
        frame.putpalette(palette.getpalette() or [])
        return frame


class _Timed(NamedTuple):
    """A shown step's kind and the milliseconds it is held."""

    hold: Hold
    milliseconds: int


def _fit(frames: list[_Packed], holds: list[_Timed], palette: Image.Image, limit: int) -> bytes:
    """The frames as a GIF within ``limit``: as they are, or smaller, or fewer."""
    shown, scale, smallest = frames, 1.0, min(1.0, PHONE_WIDTH / frames[0].size[0])
    data = _gif(shown, holds, palette)
    while len(data) > limit and scale > smallest:
        scale = max(smallest, scale * limit / len(data) * AIM)
        shown = [_Packed.of(_scaled(frame.image(palette), scale, palette)) for frame in frames]
        data = _gif(shown, holds, palette)
    kept = list(range(len(frames)))
    while len(data) > limit:
        fewer = _thinned(kept, holds, len(data) / limit)
        if fewer == kept:
            raise ReplayTooLarge(len(data), limit, len(kept))
        kept = fewer
        data = _gif([shown[i] for i in kept], [holds[i] for i in kept], palette)
    return data


def _scaled(frame: Image.Image, scale: float, palette: Image.Image) -> Image.Image:
    """The frame smaller, averaged over boxes rather than Lanczos: as legible at these
    scales, three times as fast, and a quarter smaller as a GIF (fewer new shades on the
    edges)."""
    size = (round(frame.width * scale), round(frame.height * scale))
    smaller = frame.convert("RGB").resize(size, Image.Resampling.BOX)
    return smaller.quantize(palette=palette, dither=Image.Dither.NONE)


def _thinned(kept: list[int], holds: list[_Timed], excess: float) -> list[int]:
    """``kept`` without evenly spaced ordinary steps, as many as a replay ``excess``
    times too large should drop; never the first step nor a long or final one. The same
    list when there is none left to drop."""
    ordinary = [index for index in kept[1:] if holds[index].hold is Hold.STEP]
    fixed = len(kept) - len(ordinary)
    wanted = math.floor(len(kept) / excess * AIM) - fixed
    chosen = set(_evenly(ordinary, max(0, min(len(ordinary) - 1, wanted))))
    dropped = set(ordinary) - chosen
    return [index for index in kept if index not in dropped]


def _evenly(items: list[int], count: int) -> list[int]:
    """``count`` of the items, spread evenly: the middle one of each of ``count`` runs."""
    return [items[(2 * run + 1) * len(items) // (2 * count)] for run in range(count)]


def _gif(frames: Sequence[_Packed], holds: Sequence[_Timed], palette: Image.Image) -> bytes:
    size = (max(frame.size[0] for frame in frames), max(frame.size[1] for frame in frames))
    padded = (_padded(frame.image(palette), size) for frame in frames)
    first = next(padded)
    out = io.BytesIO()
    first.save(
        out,
        "GIF",
        save_all=True,
        append_images=padded,
        duration=[hold.milliseconds for hold in holds],
        loop=0,
        # With one palette for all frames: no colour table per frame. ``optimize`` has a
        # frame's unchanged pixels stored as transparent.
        palette=bytes(palette.getpalette() or []),
        optimize=True,
    )
    return out.getvalue()


def _padded(frame: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The frame on the replay's canvas: a GIF's frames share one size."""
    if frame.size == size:
        return frame
    canvas = Image.new("P", size, CAPTION_COLOURS.index(BACKGROUND))
    canvas.putpalette(frame.getpalette() or [])
    canvas.paste(frame, (0, 0))
    return canvas
