"""Display names made safe to draw: only what the bundled font can draw, fitted to a width."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from i18n import Language
from render.common.fonts import Face, coverage, text_width

ELLIPSIS = "…"
_DROPPED_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn"}
_PICTOGRAPHS = 0x1F000
"""Emoji live from here on; the image cannot draw them in color and the font's few
monochrome stand-ins read as broken glyphs at name size, so they are dropped."""


def drawable(name: str, face: Face) -> str:
    """The name without characters the font cannot draw, whitespace collapsed."""
    covered = coverage(face)
    kept = []
    for char in unicodedata.normalize("NFC", name):
        if char.isspace():
            kept.append(" ")
        elif (
            ord(char) < _PICTOGRAPHS
            and ord(char) in covered
            and unicodedata.category(char) not in _DROPPED_CATEGORIES
        ):
            kept.append(char)
    return " ".join("".join(kept).split())


def fit(text: str, face: Face, size: int, width: float) -> str:
    """The text, shortened with an ellipsis if it is wider than ``width`` pixels."""
    if text_width(text, face, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        keep = (low + high + 1) // 2
        if text_width(text[:keep].rstrip() + ELLIPSIS, face, size) <= width:
            low = keep
        else:
            high = keep - 1
    return text[:low].rstrip() + ELLIPSIS


TAIL = re.compile(r"(.+?)( \([^()]{1,8}\))")
"""A name with a short remark in brackets at its end, such as a computer player's that
took over a seat: ``Zoë (bot)``."""


def remark(name: str) -> tuple[str, str] | None:
    """The name apart from the short remark in brackets at its end, and that remark
    (``("Bot 2", "(hard)")``); ``None`` when it has none."""
    tailed = TAIL.fullmatch(name)
    return None if tailed is None else (tailed[1], tailed[2].strip())


def fit_name(name: str, face: Face, size: int, width: float) -> str:
    """The name, shortened with an ellipsis if it is wider than ``width`` pixels: before a
    short remark in brackets at its end, which stays whole where it leaves room for a
    letter of the name (``Zoë the Rec… (bot)``)."""
    if text_width(name, face, size) <= width:
        return name
    tailed = TAIL.fullmatch(name)
    if tailed is not None:
        head, tail = tailed[1], tailed[2]
        room = width - text_width(tail, face, size)
        if text_width(head[0] + ELLIPSIS, face, size) <= room:
            return fit(head, face, size, room) + tail
    return fit(name, face, size, width)


@lru_cache(maxsize=4096)
def display_name(
    name: str | None, seat: int, face: Face, size: int, width: float, lang: Language
) -> str:
    """What an image shows for a seat: its drawable name fitted (``fit_name``), or
    "Player N" in the image's language when nothing of the name can be drawn. Cached:
    every picture of a game draws the same names."""
    unnamed = lang.pgettext("image, a name it cannot draw", "Player {number}", number=seat + 1)
    return fit_name(drawable(name or "", face) or unnamed, face, size, width)
