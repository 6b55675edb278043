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
palette, made once from sample pictures of its kind, so that a picture that changed in
one place differs from the one before it only in the bands of rows around that place.
Those bands alone are compressed: the others come from a cache shared by every game,
keyed by their pixels' digest. The PNG chunks are written here because Pillow's encoder
compresses the whole picture every time; the zlib stream is a row of deflate blocks, one
per band, each ending on a byte boundary (a sync flush) and none referring back to
another, which is why they can be put together in any order.
"""

from __future__ import annotations

import hashlib
import heapq
import struct
import threading
import zlib
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import NamedTuple

from PIL import Image

PNG_COMPRESS_LEVEL = 3
"""zlib's level 3 compresses these bands as fast as level 1 and 6% smaller; level 4
and up take 1.7 times as long for 6% more."""
PALETTE_SIZE = 256
STEP = 4
"""The size of Pillow's palette-lookup cells, per channel."""
BAND_ROWS = 16
"""Rows per band: small enough that a change touches few bands, large enough that
compressing each band apart costs a few percent of size."""
BAND_CACHE_BYTES = 32 * 1024 * 1024
"""The compressed bands kept: a few hundred games' current pictures."""

_ROUND_DOWN = [value - value % STEP for value in range(256)] * 3
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x5e"
"""Deflate with a 32 KiB window, a "fast" level, as the zlib format (RFC 1950) has it."""
_FINAL_BLOCK = zlib.compressobj(PNG_COMPRESS_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS).flush()
"""An empty last deflate block, which ends the stream after the bands."""
_ADLER_BASE = 65521


class Palette(NamedTuple):
    """Up to 256 colours: as the image Pillow quantizes with, and as a PNG ``PLTE``."""

    image: Image.Image
    chunk: bytes
    tag: bytes
    """A digest of the colours, which the band cache keys on with the band's pixels."""


def palette_of(pictures: Iterable[Image.Image]) -> Palette:
    """The 256 colours (rounded down to a multiple of ``STEP``) covering the most pixels
    of the pictures together."""
    counts: Counter[tuple[int, int, int]] = Counter()
    for picture in pictures:
        rounded = _rgb(picture).point(_ROUND_DOWN)
        # Pillow sizes its table by the limit: a few thousand colours are usual.
        found = rounded.getcolors(1 << 14) or rounded.getcolors((256 // STEP) ** 3)
        assert found is not None  # there are no more rounded colours than that
        for count, colour in found:
            counts[colour] += count  # type: ignore[index]  # an RGB picture's are triples
    chosen = heapq.nlargest(PALETTE_SIZE, counts.items(), key=itemgetter(1))
    colours = bytes(channel for colour, _ in chosen for channel in colour)
    image = Image.new("P", (1, 1))
    image.putpalette(colours)
    tag = hashlib.sha1(colours, usedforsecurity=False).digest()
    return Palette(image, _chunk(b"PLTE", colours), tag)


def encode(picture: Image.Image) -> bytes:
    """The picture as a PNG with a palette of its own most used colours."""
    return write_png(picture, palette_of([picture]))


class PictureKind:
    """The pictures of one kind, encoded with one palette made (once, on first use)
    from ``samples``: pictures of the kind that together show every colour it uses."""

    def __init__(self, samples: Callable[[], Iterable[Image.Image]]) -> None:
        self._samples = samples
        self._palette: Palette | None = None
        self._lock = threading.Lock()

    @property
    def palette(self) -> Palette:
        return self.prepare()

    def prepare(self) -> Palette:
        """The palette, made now if it was not yet (a bot makes it at start-up, so that
        the first picture does not wait for it)."""
        with self._lock:
            if self._palette is None:
                self._palette = palette_of(self._samples())
            return self._palette

    def encode(self, picture: Image.Image) -> bytes:
        return write_png(picture, self.palette)


class _Band(NamedTuple):
    deflated: bytes
    adler: int
    length: int


class BandCache:
    """Compressed bands by (palette, width, pixels), the least recently used dropped
    first."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._size = 0
        self._bands: OrderedDict[tuple[bytes, int, int], _Band] = OrderedDict()
        self._lock = threading.Lock()
        self.pictures = 0
        self.again = 0
        self.found = 0
        self.missed = 0
        """Pictures encoded, those of them made before (the same picture again: work a
        caller could have spared), their bands found in the cache and compressed: for the
        log and the benchmarks."""
        self._recent: OrderedDict[bytes, None] = OrderedDict()

    def get(self, key: tuple[bytes, int, int]) -> _Band | None:
        with self._lock:
            band = self._bands.get(key)
            if band is None:
                self.missed += 1
            else:
                self.found += 1
                self._bands.move_to_end(key)
            return band

    def put(self, key: tuple[bytes, int, int], band: _Band) -> None:
        with self._lock:
            if key in self._bands:
                return
            self._bands[key] = band
            self._size += len(band.deflated)
            while self._size > self._limit:
                _, dropped = self._bands.popitem(last=False)
                self._size -= len(dropped.deflated)

    def clear(self) -> None:
        with self._lock:
            self._bands.clear()
            self._size = 0
            self._recent.clear()
            self.pictures = self.again = self.found = self.missed = 0

    def count_picture(self, digest: bytes) -> None:
        """One more picture, which had ``digest``."""
        with self._lock:
            self.pictures += 1
            if digest in self._recent:
                self.again += 1
                self._recent.move_to_end(digest)
            else:
                self._recent[digest] = None
                if len(self._recent) > RECENT_PICTURES:
                    self._recent.popitem(last=False)


RECENT_PICTURES = 4096
"""The pictures remembered (by digest) to tell one made again."""
BANDS = BandCache(BAND_CACHE_BYTES)


def write_png(picture: Image.Image, palette: Palette) -> bytes:
    """The picture as a PNG of ``palette``'s colours, each band's compression taken from
    ``BANDS`` when that band was compressed before."""
    width, height = picture.size
    indexed = _rgb(picture).quantize(palette=palette.image, dither=Image.Dither.NONE)
    data = memoryview(indexed.tobytes())
    stride = BAND_ROWS * width
    blocks = [_ZLIB_HEADER]
    adler = 1
    whole = hashlib.sha1(palette.tag + struct.pack(">II", width, height), usedforsecurity=False)
    for start in range(0, len(data), stride):
        pixels = data[start : start + stride]
        # The width too: it decides where the band's rows begin. Python's own hash of
        # the pixels (SipHash, keyed afresh in every process, so nobody can make two
        # bands collide on purpose) is twice as quick as a SHA-1 of them, and its 64
        # bits leave two of a cache's bands a chance in 10^11 of sharing one.
        digest = hash(bytes(pixels))
        key = (palette.tag, width, digest)
        whole.update(digest.to_bytes(8, "little", signed=True))
        band = BANDS.get(key)
        if band is None:
            band = _deflate(pixels, width)
            BANDS.put(key, band)
        blocks.append(band.deflated)
        adler = adler32_combine(adler, band.adler, band.length)
    BANDS.count_picture(whole.digest())
    blocks += [_FINAL_BLOCK, struct.pack(">I", adler)]
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


def _deflate(pixels: memoryview, width: int) -> _Band:
    """The band's rows as PNG scanlines (each led by its filter, "None"), compressed."""
    scanlines = b"".join(
        b"\0" + pixels[start : start + width] for start in range(0, len(pixels), width)
    )
    compressor = zlib.compressobj(PNG_COMPRESS_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    deflated = compressor.compress(scanlines) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return _Band(deflated, zlib.adler32(scanlines), len(scanlines))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces of data one after the other, from each one's (as zlib's
    ``adler32_combine``, which Python's ``zlib`` does not offer)."""
    remainder = second_length % _ADLER_BASE
    low = ((first & 0xFFFF) + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    high = (
        remainder * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _ADLER_BASE - remainder
    ) % _ADLER_BASE
    return high << 16 | low


def _chunk(kind: bytes, body: bytes) -> bytes:
    check = zlib.crc32(body, zlib.crc32(kind))
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", check)


def _rgb(picture: Image.Image) -> Image.Image:
    return picture if picture.mode == "RGB" else picture.convert("RGB")
