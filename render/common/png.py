"""PNG encoding: every picture as a palette PNG, written in bands that are compressed
once and reused wherever the same band comes again.

A picture holds a few thousand colours, nearly all of them the soft edges of text and
shapes; with a palette of 256 it is a third of the size of an RGB PNG and much cheaper
to make. Pillow maps each pixel to the palette entry nearest to the pixel's colour
rounded down to a multiple of 4 in each channel (its lookup cache has 64 steps per
channel), so a palette holds colours rounded down the same way: a colour whose rounding
is in the palette comes out as exactly that. The colours the pictures are drawn with
(``palette.py`` and each game's ``colors.py``) are multiples of 4, so every seat's
colour, symbol and text colour comes out exactly as drawn; a soft edge moves by at most
3 levels a channel, or to its nearest neighbour among the palette when its rounding is
rare.

Each kind of picture (``PictureKind``: Claim It!'s board, Claim's hand…) has one
palette, so that a picture that changed in one place differs from the one before it only
in the bands of rows around that place. It is made from sample pictures of its kind by
``scripts/palettes.py`` and ships as package data (``palettes/<kind>.bin``, beside this
module): a process reads it rather than drawing the samples, which for the five kinds
took 0.6 s of CPU and left a picture process 26 MiB larger.
A picture is planned as a ``Scene`` (``render.common.scene``): the encoder keeps each
album's last picture (a game's table; a player's hand), its bands compressed with what
was drawn in each, and of the next picture paints, maps and compresses only the bands
whose drawing changed, and of those only the ones no album showed lately in the same
place (the same cards in a row, the dice as they were, a panel another game shows too).
The PNG chunks are written here because Pillow's encoder
compresses the whole picture every time; the zlib stream is a row of deflate blocks, one
per band, each ending on a byte boundary (a full flush) and none referring back to
another, which is why they can be put together in any order.
"""

from __future__ import annotations

import heapq
import struct
import threading
import time
import zlib

# CPython's own BLAKE2, which hashlib offers beside OpenSSL's digests: importing hashlib
# loads OpenSSL's library, 3.7 MiB more in every picture process.
from _blake2 import blake2b
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import cache
from itertools import accumulate
from operator import itemgetter, mul
from pathlib import Path
from typing import NamedTuple

from PIL import Image
from zlib_ng import zlib_ng

from render.common.scene import Scene, as_rgb

FAST = 1
"""zlib-ng's level 1: a band of 16 rows in 9 µs, three times as fast as zlib's (or
zlib-ng's) level 2 or 3, for pictures 15-20% larger than zlib's level 3. Measured on
every kind's bands (``bench.render``'s games): zlib 1/2/3 took 24-31 µs a band, zlib-ng
2 and 3 21-27 µs."""
SMALL = 2
"""zlib-ng's level 2: 20% slower than zlib's level 3 for the pictures that come out 5%
smaller, and 15% faster; for the kinds whose pictures would pass 40 KiB at ``FAST``.
Measured on Claim It!'s boards and the standings, neither run-length matching
(``Z_RLE``: 25-31 µs a band, bands 16-35% larger than at ``SMALL``) nor PNG's Up filter
on every band's rows but its first (larger bands at each level; with ``Z_RLE``, still
14-22% larger than at ``SMALL`` unfiltered) does better; levels 3 to 6 are slower for at
most 11% less."""
PALETTE_SIZE = 256
STEP = 4
"""The size of Pillow's palette-lookup cells, per channel."""
BAND_ROWS = 16
"""Rows per band: small enough that a change touches few bands, large enough that
compressing each band apart costs a few percent of size."""

_ROUND_DOWN = [value - value % STEP for value in range(256)] * 3
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x5e"
"""Deflate with a 32 KiB window, a "fast" level, as the zlib format (RFC 1950) has it."""
_FINAL_BLOCK = zlib.compressobj(SMALL, zlib.DEFLATED, -zlib.MAX_WBITS).flush()
"""An empty last deflate block, which ends the stream after the bands."""
_ADLER_BASE = 65521


class Palette(NamedTuple):
    """Up to 256 colours: as RGB triples, as the image Pillow quantizes with, and as a PNG
    ``PLTE``."""

    colours: bytes
    image: Image.Image
    chunk: bytes
    tag: bytes
    """A digest of the colours: an album's bands are taken only into a picture of the
    same palette."""


def palette_from(colours: bytes) -> Palette:
    """The palette of ``colours`` (RGB triples, the most used first)."""
    image = Image.new("P", (1, 1))
    image.putpalette(colours)
    # Into its core now, once, rather than checked at each mapping (``_scanlines``).
    image.load()
    tag = blake2b(colours, digest_size=20).digest()
    return Palette(colours, image, _chunk(b"PLTE", colours), tag)


def palette_of(pictures: Iterable[Image.Image]) -> Palette:
    """The 256 colours (rounded down to a multiple of ``STEP``) covering the most pixels
    of the pictures together."""
    counts: Counter[tuple[int, int, int]] = Counter()
    for picture in pictures:
        rounded = as_rgb(picture).point(_ROUND_DOWN)
        # Pillow sizes its table by the limit: a few thousand colours are usual.
        found = rounded.getcolors(1 << 14) or rounded.getcolors((256 // STEP) ** 3)
        assert found is not None  # there are no more rounded colours than that
        for count, colour in found:
            counts[colour] += count  # type: ignore[index]  # an RGB picture's are triples
    chosen = heapq.nlargest(PALETTE_SIZE, counts.items(), key=itemgetter(1))
    return palette_from(bytes(channel for colour, _ in chosen for channel in colour))


def encode(picture: Image.Image) -> bytes:
    """The picture as a PNG with a palette of its own most used colours."""
    return write_png(picture, palette_of([picture]), SMALL)


PALETTES = Path(__file__).with_name("palettes")
"""The folder of each kind's palette (``<kind>.bin``), package data beside this module."""


@cache
def shipped_palette(kind: str) -> Palette:
    """The palette ``scripts/palettes.py`` made for ``kind`` from its sample pictures."""
    return palette_from((PALETTES / f"{kind}.bin").read_bytes())


class PictureKind:
    """The pictures of one kind, encoded with one palette: the one shipped for ``name``
    (``shipped_palette``), read at its first picture."""

    def __init__(self, name: str, level: int = FAST) -> None:
        self.name = name
        self.level = level
        """The compression level its bands are made at (``FAST`` or ``SMALL``)."""

    @property
    def palette(self) -> Palette:
        return shipped_palette(self.name)

    def encode(self, picture: Image.Image) -> bytes:
        return write_png(picture, self.palette, self.level)

    def encode_scene(self, scene: Scene, album: Album | None = None, keep: bool = True) -> bytes:
        """The scene as a PNG, drawn where it differs from ``album``'s last picture
        (``write_scene``)."""
        return write_scene(scene, self.palette, album, keep, self.level)


class _Band(NamedTuple):
    deflated: bytes
    low: int
    high: int
    """Its scanlines' Adler-32, in its two halves (``adler32_of``)."""
    length: int


BandKey = tuple[object, ...]
"""What a band shows: the digest of its background's rows, then the keys of the steps
drawn on it, in order."""


class _Remembered(NamedTuple):
    """An album's last picture: what was drawn in each band (on which rows of background)
    and the band compressed."""

    keys: list[BandKey]
    bands: list[_Band]
    sprites: tuple[Image.Image, ...]
    """The images it pasted, kept so that those its keys name by ``id`` live as long."""
    used: float


Album = tuple[Hashable, ...]
"""A picture's album: a game's table ``("game", id)``, a player's hand in it ``("game",
id, seat)``, a tournament's standings ``("tournament", id)``. An album's name begins
with the name of what it belongs to: a game's end lets go of all of them."""
Named = tuple[bytes, Album]
"""An album as kept: by its palette's tag (a kind of picture) and its name."""
Place = tuple[bytes, int, int, BandKey]
"""A band as drawn in any album: its palette's tag, its compression level, its place
(which band of the picture) and its key."""

BANDS_KEPT = 4096
"""Bands drawn lately that any album may take: 5.4 MiB (3.1 of it compressed rows). With
20 games of each kind played at once, the pictures' encoding took less CPU with them: a
Claim hand's 19%, a Claim It! board's 21%, a Claim table's 25%, a Gold Nuggets table's
51%; keeping 2,048 (2.2 MiB), a board's took 9% less."""


class Albums:
    """The last picture of each album, so that the next is made from the bands that
    changed, and the last ``bands`` bands drawn in any of them, which a band that changed
    is taken from when one shows the same in the same place. An album is let go when
    what it belongs to ends (``drop``), when it has not been drawn for ``idle`` seconds,
    or, the least recently drawn first, past ``limit`` albums: it grows with the games in
    play."""

    def __init__(
        self, limit: int, idle: float, clock: Callable[[], float], bands: int = BANDS_KEPT
    ) -> None:
        self._limit = limit
        self._bands_limit = bands
        self._bands: OrderedDict[Place, tuple[BandKey, _Band, tuple[Image.Image, ...]]] = (
            OrderedDict()
        )
        """The bands drawn last, in any album, by their place: each with its key as kept
        and the images the keys name by ``id``, the least recently drawn or taken
        first."""
        self._idle = idle
        self._clock = clock
        self._albums: OrderedDict[Named, _Remembered] = OrderedDict()
        """By palette (a kind of picture) and album, the least recently drawn first."""
        self._named_from: dict[Album, set[Named]] = {}
        """The albums kept, by each beginning of their names (``("game", 7)`` has the
        table and the hands of game 7): a game's end finds its own albums without going
        through everybody's."""
        self._ended: OrderedDict[Album, None] = OrderedDict()
        """Albums let go as ended: a picture of theirs still under way (queued behind
        the last, or in another thread) is not kept."""
        self._lock = threading.Lock()
        self.pictures = 0
        self.again = 0
        self.found = 0
        self.missed = 0
        """Pictures encoded, those the same as their album's last, their bands taken as
        drawn before (in their album's last picture, or lately in any) and their bands
        drawn: for the log and the benchmarks."""

    def __len__(self) -> int:
        with self._lock:
            self._sweep()
            return len(self._albums)

    def last(self, album: Named) -> _Remembered | None:
        with self._lock:
            self._sweep()
            return self._albums.get(album)

    def keep(
        self,
        album: Named,
        keys: list[BandKey],
        bands: list[_Band],
        sprites: tuple[Image.Image, ...],
    ) -> None:
        """Remembers ``album``'s picture, now drawn (unless its album has ended)."""
        _, name = album
        with self._lock:
            if any(name[:length] in self._ended for length in range(1, len(name) + 1)):
                return
            if album not in self._albums:
                for length in range(1, len(name) + 1):
                    self._named_from.setdefault(name[:length], set()).add(album)
            self._albums[album] = _Remembered(keys, bands, sprites, self._clock())
            self._albums.move_to_end(album)
            while len(self._albums) > self._limit:
                self._let_go(next(iter(self._albums)))
            self._sweep()

    def drawn(self, places: list[Place]) -> list[tuple[BandKey, _Band] | None]:
        """The band drawn lately at each of ``places``, in any album (its key as kept),
        if any."""
        found: list[tuple[BandKey, _Band] | None] = []
        with self._lock:
            for place in places:
                kept = self._bands.get(place)
                if kept is None:
                    found.append(None)
                else:
                    self._bands.move_to_end(place)
                    found.append(kept[:2])
        return found

    def learn(self, drawn: list[tuple[Place, _Band]], sprites: tuple[Image.Image, ...]) -> None:
        """Remembers the bands just drawn, each in its place, with the images the picture
        pasted."""
        with self._lock:
            for place, band in drawn:
                self._bands[place] = (place[-1], band, sprites)
            while len(self._bands) > self._bands_limit:
                self._bands.popitem(last=False)

    def drop(self, ended: Album) -> None:
        """Lets go of ``ended`` and every album named from it (a game's table takes its
        hands), for good."""
        with self._lock:
            for named in list(self._named_from.get(ended, ())):
                self._let_go(named)
            self._ended[ended] = None
            if len(self._ended) > ENDED_REMEMBERED:
                self._ended.popitem(last=False)
            self._sweep()

    def _sweep(self) -> None:
        """Lets go of the albums idle too long: the least recently drawn are first."""
        oldest = self._clock() - self._idle
        while self._albums and next(iter(self._albums.values())).used < oldest:
            self._let_go(next(iter(self._albums)))

    def _let_go(self, album: Named) -> None:
        del self._albums[album]
        _, name = album
        for length in range(1, len(name) + 1):
            beginning = name[:length]
            named = self._named_from[beginning]
            named.discard(album)
            if not named:
                del self._named_from[beginning]

    def count(self, kept: int, drawn: int) -> None:
        with self._lock:
            self.pictures += 1
            self.again += not drawn
            self.found += kept
            self.missed += drawn

    def clear(self) -> None:
        with self._lock:
            self._albums.clear()
            self._named_from.clear()
            self._bands.clear()
            self._ended.clear()
            self.pictures = self.again = self.found = self.missed = 0


ALBUM_LIMIT = 2048
"""Albums remembered at most: 200 games' tables and hands several times over. An album
of a 5-player Claim It! board holds about 43 KB, so some 90 MiB at the most."""
ALBUM_IDLE = 15 * 60.0
"""Seconds an album is kept undrawn: a game whose players think longer draws its next
picture whole."""
ENDED_REMEMBERED = 4096
"""Ended albums remembered, so that a picture of theirs still under way is not kept."""
ALBUMS = Albums(ALBUM_LIMIT, ALBUM_IDLE, time.monotonic)


class Grounds:
    """Each background's bands, named by a digest of their pixels (made once, for the
    ``limit`` backgrounds drawn on last)."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._known: OrderedDict[int, tuple[Image.Image, tuple[bytes, ...]]] = OrderedDict()
        """By the background's ``id``, with the background, which keeps its ``id`` its own."""
        self._lock = threading.Lock()

    def bands(self, background: Image.Image) -> tuple[bytes, ...]:
        """The digest of each band of ``background``'s rows, as painted (in RGB)."""
        with self._lock:
            known = self._known.get(id(background))
            if known is not None:
                self._known.move_to_end(id(background))
                return known[1]
        rows = as_rgb(background).tobytes()
        stride = BAND_ROWS * background.width * 3
        digests = tuple(
            blake2b(rows[start : start + stride], digest_size=16).digest()
            for start in range(0, len(rows), stride)
        )
        with self._lock:
            self._known[id(background)] = (background, digests)
            while len(self._known) > self._limit:
                self._known.popitem(last=False)
        return digests


GROUNDS = Grounds(512)
"""Claim keeps a background per size and layout of a table or hand, dozens at a time;
the other kinds one each."""


def write_scene(
    scene: Scene,
    palette: Palette,
    album: Album | None = None,
    keep: bool = True,
    level: int = FAST,
) -> bytes:
    """The scene as a PNG of ``palette``'s colours. With an ``album``, the bands whose
    drawing is as in the album's last picture are taken from it, or else from the bands
    drawn lately in the same place in any album, and only the others are painted, mapped
    to the palette and compressed; the picture is remembered in their place unless
    ``keep`` is false: the album and every album named from it are let go (the game
    ended)."""
    width, height = scene.size
    count = -(-height // BAND_ROWS)
    # A band's key starts with its background's rows: pictures on two backgrounds (a
    # Claim hand that lost a row of cards, a table whose piles grew) share the bands
    # where both their backgrounds and their drawing agree.
    placed: list[list[object]] = [[ground] for ground in GROUNDS.bands(scene.background)]
    for step in scene.steps:
        top, bottom = step.top, step.bottom
        key = step.key
        for index in range(
            top // BAND_ROWS if top > 0 else 0,
            ((bottom if bottom < height else height) - 1) // BAND_ROWS + 1,
        ):
            placed[index].append(key)
    keys: list[BandKey] = list(map(tuple, placed))
    # By palette too: a band is kept only for a picture of its own colours.
    named = None if album is None else (palette.tag, album)
    before = None if named is None else ALBUMS.last(named)
    bands: list[_Band | None] = [None] * count
    if before is not None:
        # Of two pictures of different heights, the bands both have.
        for index, (key, kept) in enumerate(zip(keys, before.keys, strict=False)):
            if key == kept:
                bands[index] = before.bands[index]
                # The key as remembered stays, and this picture's equal copy goes at
                # once: what an album holds for long is not made anew at every
                # picture, which would leave the heap ever more fragmented between
                # its short-lived neighbours.
                keys[index] = kept
    places: list[Place] = []
    if named is not None:
        # Only in its own place: its steps' keys say where they draw in the picture, not
        # in the band.
        missing = [
            (palette.tag, level, index, keys[index])
            for index, band in enumerate(bands)
            if band is None
        ]
        for place, found in zip(missing, ALBUMS.drawn(missing), strict=True):
            if found is None:
                places.append(place)
            else:
                keys[place[2]], bands[place[2]] = found
    runs = list(_runs([band is not None for band in bands]))
    if runs:
        # Neighbouring bands that changed are painted together (a sprite across them is
        # pasted once).
        painted = []
        for first, last in runs:
            top, bottom = first * BAND_ROWS, min(last * BAND_ROWS, height)
            steps = [step for step in scene.steps if step.top < bottom and step.bottom > top]
            painted.append(scene.paint_rows(top, bottom, steps))
        scanlines = _scanlines(painted, palette)
        stride = BAND_ROWS * (width + 1)
        at = 0
        for first, last in runs:
            for index in range(first, last):
                bands[index] = _deflate(scanlines[at : at + stride], level)
                at += stride
    drawn = sum(last - first for first, last in runs)
    made = [band for band in bands if band is not None]
    if named is not None:
        sprites = scene.sprites()
        ALBUMS.learn([(place, made[place[2]]) for place in places], sprites)
        if keep:
            ALBUMS.keep(named, keys, made, sprites)
        else:
            ALBUMS.drop(named[1])
        ALBUMS.count(count - drawn, drawn)
    return _png(width, height, palette, made)


def _runs(kept: list[bool]) -> Iterator[tuple[int, int]]:
    """The runs of bands not kept, each as its first and one past its last."""
    first = None
    for index, keep in enumerate(kept):
        if keep and first is not None:
            yield first, index
            first = None
        elif not keep and first is None:
            first = index
    if first is not None:
        yield first, len(kept)


def _scanlines(pictures: list[Image.Image], palette: Palette) -> memoryview:
    """The pictures' rows (of one width), one picture under another, in ``palette``'s
    colours as PNG scanlines: each led by its filter, "None" (a zero), as a column of
    zeros on their left makes them."""
    width = pictures[0].width
    led = Image.new("P", (width + 1, sum(picture.height for picture in pictures)), 0)
    top = 0
    # Each mapped on its own, straight into the scanlines: a mapping's own lookup (a few
    # µs) costs less than copying the pictures under one another first did (10-20% of
    # the mapping's time, on every kind's pictures). Mapped and pasted by Pillow's core,
    # as ``Image.quantize`` with the palette's image and no dithering would, without
    # its checks and the mapped picture's ``Image`` and palette copy, which it makes in
    # Python at each call: a band's indices are all these pictures are wanted for.
    colours = palette.image.im
    scanlines = led.im
    for picture in pictures:
        indexed = as_rgb(picture).im.convert("P", Image.Dither.NONE, colours)
        scanlines.paste(indexed, (1, top, width + 1, top + picture.height))
        top += picture.height
    return memoryview(led.tobytes())


def write_png(picture: Image.Image, palette: Palette, level: int = FAST) -> bytes:
    """The picture as a PNG of ``palette``'s colours."""
    width, height = picture.size
    scanlines = _scanlines([picture], palette)
    stride = BAND_ROWS * (width + 1)
    bands = [
        _deflate(scanlines[start : start + stride], level)
        for start in range(0, len(scanlines), stride)
    ]
    return _png(width, height, palette, bands)


def _png(width: int, height: int, palette: Palette, bands: list[_Band]) -> bytes:
    adler = adler32_of(list(map(_LOW, bands)), list(map(_HIGH, bands)), list(map(_LENGTH, bands)))
    blocks = [_ZLIB_HEADER, *map(_DEFLATED, bands), _FINAL_BLOCK, struct.pack(">I", adler)]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            palette.chunk,
            _chunk(b"IDAT", b"".join(blocks)),
            _chunk(b"IEND", b""),
        )
    )


class _Compressors(threading.local):
    """A thread's compressor of each level, used for band after band."""

    def __init__(self) -> None:
        self.of_level: dict[int, zlib_ng._Compress] = {}


_COMPRESSORS = _Compressors()


def _deflate(scanlines: memoryview, level: int) -> _Band:
    """A band's scanlines, compressed to end on a byte boundary with nothing referring
    back past its start: a full flush sets the compressor back as new, so the band comes
    out byte for byte as from a compressor of its own, whose making (its window and
    tables) took a third of the time of a band's compression at ``FAST``."""
    compressors = _COMPRESSORS.of_level
    compressor = compressors.get(level)
    if compressor is None:
        compressor = zlib_ng.compressobj(level, zlib_ng.DEFLATED, -zlib_ng.MAX_WBITS)
        compressors[level] = compressor
    try:
        deflated = compressor.compress(scanlines) + compressor.flush(zlib_ng.Z_FULL_FLUSH)
    except BaseException:
        del compressors[level]  # left mid-band, it would start the next band with this one
        raise
    adler = zlib_ng.adler32(scanlines)
    return _Band(deflated, adler & 0xFFFF, adler >> 16, len(scanlines))


_DEFLATED, _LOW, _HIGH, _LENGTH = map(itemgetter, range(4))


def adler32_of(lows: Sequence[int], highs: Sequence[int], lengths: Sequence[int]) -> int:
    """The Adler-32 of pieces of data one after another, from each one's two halves (one
    plus the sum of its bytes, and the sum of those sums at each byte) and its length,
    as zlib's ``adler32_combine`` (which Python's ``zlib`` does not offer) would make it
    piece by piece: summed by C's loops (``sum``, ``map``, ``accumulate``), not a step of
    Python a piece, as a picture is made of some 40 bands."""
    count = len(lengths)
    low = (1 + sum(lows) - count) % _ADLER_BASE
    # Each piece's sums start from the sum of the bytes before it: the lows before it,
    # less the one each low starts from.
    before: int = sum(map(mul, lengths, accumulate(lows, initial=0)))
    started: int = sum(map(mul, lengths, range(count)))
    high = (sum(highs) + before - started) % _ADLER_BASE
    return high << 16 | low


def _chunk(kind: bytes, body: bytes) -> bytes:
    check = zlib.crc32(body, zlib.crc32(kind))
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", check)
