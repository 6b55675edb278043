"""Every word players read, in their language: gettext catalogs compiled with Babel, and
numbers, percentages and lists formatted by Babel for the same language.

Code writes its English source text through a ``Language`` (``lang._("…")``), or, where
the words are chosen before anyone knows who reads them (a refusal raised deep in the
service, a rule option's description), as a ``Message`` that is put into words later.
Babel extracts both (``scripts/catalogs.sh``); the catalogs are under ``i18n/locales``,
one domain per game and one for the platform, so that a game brings its own words.
"""

from __future__ import annotations

from i18n.language import (
    DEFAULT,
    LANGUAGES,
    N_,
    Language,
    Message,
    Plural,
    Words,
    english,
    language,
    supported,
)

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "Language",
    "Message",
    "Plural",
    "Words",
    "english",
    "language",
    "supported",
]
