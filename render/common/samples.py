"""How a renderer's gallery builds its sample views (see ``render.gallery``): each sample
is a small function named by what it builds, added under the sample's name, so that a
gallery reads as a list of moments rather than one long run of view fields; and every
sample is built again in German, whose longer words must fit as well."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from i18n import Language, english, language

View = TypeVar("View")
Builder = Callable[[Language], View]


class Samples(Generic[View]):
    """One kind of a gallery's views, in the order their builders were added."""

    def __init__(self) -> None:
        self._builders: list[tuple[str, Builder[View]]] = []

    def add(self, name: str) -> Callable[[Builder[View]], Builder[View]]:
        """A decorator: the builder's view is the sample called ``name``."""

        def added(build: Builder[View]) -> Builder[View]:
            self._builders.append((name, build))
            return build

        return added

    def __call__(self, lang: Language) -> Iterator[tuple[str, View]]:
        for name, build in self._builders:
            yield name, build(lang)


def each_language() -> Iterator[tuple[Language, str]]:
    """English, then German with the suffix its samples' names take (``…-de``)."""
    yield english(), ""
    yield language("de"), "-de"
