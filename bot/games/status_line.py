"""A game's line for the status of the voice channel it is played in
(``GameFace.voice_status``): its parts joined, cut to Discord's limit where it must be, and
the players it names."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

from bot.games import shared_words
from bot.games.limits import ELLIPSIS, listed_name
from bot.storage.records import Game
from i18n import Language

VOICE_STATUS: Final = 500
"""Discord's limit on a voice channel's status (Set Voice Channel Status: "up to 500
characters"), counted here in UTF-16 code units, which is never fewer than the characters
whichever way Discord counts them."""
STATUS_PARTS = " · "


def status_line(*parts: str) -> str:
    """The parts of a voice channel's status as one line within ``VOICE_STATUS``: cut, where
    it must be, after a whole word (or a whole character, never between an emoji's joined
    parts), an ellipsis marking the cut."""
    line = " ".join(STATUS_PARTS.join(part for part in parts if part).split())
    if _units(line) <= VOICE_STATUS:
        return line
    room = VOICE_STATUS - _units(ELLIPSIS)
    cut = line[:room]
    while _units(cut) > room:
        cut = cut[:-1]
    if " " in cut[-_LONGEST_WORD:]:
        cut = cut.rsplit(" ", 1)[0]
    else:
        while cut and (cut[-1] == "\u200d" or _joined(line[len(cut)])):
            cut = cut[:-1]
    return cut.rstrip(" ·") + ELLIPSIS


def status_names(game: Game, seats: Sequence[int], lang: Language) -> str:
    """Seats' players as a voice channel's status names them: as typed (a status shows no
    markdown), each shortened as a list of many shortens it, listed in ``lang``."""
    return lang.list(listed_name(shared_words.seat_name(game.seats[s], lang)) for s in seats)


_LONGEST_WORD = 32
"""How far back a cut looks for a word's end: a display name's longest, past which it
is no word to keep whole."""


def _joined(character: str) -> bool:
    """Whether ``character`` belongs with the one before it (a zero-width joiner, a
    variation selector, a skin tone, a flag's tag, a combining mark): a cut beside it would
    break a character or an emoji apart."""
    code = ord(character)
    return (
        character in "\u200d\ufe0e\ufe0f"
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
        or unicodedata.combining(character) != 0
    )


def _units(text: str) -> int:
    """``text``'s length in UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2
