"""Finding English that slipped past the catalogs: a text shown in German must hold no
word that only the English source text uses, and so must every word drawn on an image."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any
from unittest import mock

from babel.messages.pofile import read_po
from PIL import ImageDraw

from i18n.language import LOCALES_DIR, domains
from render.common import png
from render.common.fonts import text_mask, text_sprite

_WORD = re.compile(r"[^\W\d_]{3,}")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_NOT_PROSE = re.compile(r"<[#@:!&][^>]*>|<t:\d+:\w>|https?://\S+|attachment://\S+|```|/\w+")


def words(text: str) -> set[str]:
    """The words of a text, lower-cased, without mentions, links, timestamps and commands."""
    return {w.lower() for w in _WORD.findall(_NOT_PROSE.sub(" ", _PLACEHOLDER.sub(" ", text)))}


GERMAN_TOO = frozenset({"bonus", "buttons"})
"""Words the English source uses that are German as well, though no translation in the
catalogs happens to use them alone ("Bonuszug" does; the German rules say "Buttons"):
the rules texts may."""


@cache
def english_only(language: str = "de") -> frozenset[str]:
    """Words of the catalogs' English source text that no translation into ``language``
    uses (a game's name, "Bot" or "normal" are the same in both)."""
    source: set[str] = set()
    translated: set[str] = set()
    for domain in domains():
        with (LOCALES_DIR / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
            for message in read_po(po):
                if not message.id:
                    continue
                for text in _texts(message.id):
                    source |= words(text)
                for text in _texts(message.string):
                    translated |= words(text)
    return frozenset(source - translated - (GERMAN_TOO if language == "de" else set()))


def _texts(texts: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """A catalog entry's text, or its singular and plural, or its forms."""
    if texts is None:
        return []
    return [texts] if isinstance(texts, str) else [text or "" for text in texts]


def english_in(texts: Iterable[str], language: str = "de") -> dict[str, set[str]]:
    """Each text that holds English-only words, with those words."""
    found = {}
    for text in texts:
        english = words(text) & english_only(language)
        if english:
            found[text] = english
    return found


@contextmanager
def drawn_text() -> Iterator[list[str]]:
    """Every text drawn on an image while inside, in drawing order. Texts are cached,
    and a game's picture is drawn only where it changed since its last, so the caches
    and the games' last pictures are let go first and again after."""
    drawn: list[str] = []
    draw = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(str(text))
        return draw(self, xy, text, *args, **kwargs)

    _forget_drawn()
    with mock.patch.object(ImageDraw.ImageDraw, "text", recording):
        try:
            yield drawn
        finally:
            _forget_drawn()


def _forget_drawn() -> None:
    text_sprite.cache_clear()
    text_mask.cache_clear()
    png.ALBUMS.clear()


def drawn_by(render: Callable[[], object]) -> list[str]:
    """The texts an image's rendering draws."""
    with drawn_text() as drawn:
        render()
    return drawn


def shown_in(components: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every text a Components V2 message shows, in order: its text displays, its
    pictures' descriptions, its buttons' labels and its menus' placeholders and options
    (``view.to_components()``, or a message's ``components`` as Discord holds them)."""
    texts: list[str] = []
    for component in components:
        texts += [component.get("content") or "", component.get("label") or ""]
        texts.append(component.get("placeholder") or "")
        texts.append(component.get("description") or "")
        for item in component.get("items") or ():
            texts.append(item.get("description") or "")
        for option in component.get("options") or ():
            texts += [option.get("label") or "", option.get("description") or ""]
        texts += shown_in(component.get("components") or ())
        if component.get("accessory"):
            texts += shown_in([component["accessory"]])
    return [text for text in texts if text]
