"""Every game's face in Discord, by kind (the Discord half of ``bot.games.registry``),
loaded the first time the Discord layer asks for it."""

from __future__ import annotations

from functools import cache
from typing import cast

from bot.games.analysis_words import ReportWords
from bot.games.face import GameFace
from bot.games.lessons import Reasons
from bot.games.registry import REGISTERED, registration_for


@cache
def face_for(kind: str) -> GameFace:
    """The face of the game ``kind``, loaded from its package the first time it is asked
    for."""
    game = registration_for(kind)
    return cast(GameFace, game.load(game.face))


@cache
def report_words_for(kind: str) -> ReportWords:
    """The words of the game ``kind``'s report of what decided a game."""
    game = registration_for(kind)
    return cast(ReportWords, game.load(game.report))


@cache
def reasons_for(kind: str) -> Reasons:
    """Why the game ``kind``'s judge finds its best move better than a learner's."""
    game = registration_for(kind)
    return cast(Reasons, game.load(game.reasons))


def faces() -> tuple[GameFace, ...]:
    """Every game's face, in the order games are listed."""
    return tuple(face_for(game.kind) for game in REGISTERED)
