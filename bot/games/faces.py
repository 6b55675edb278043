"""Every game's face in Discord, by kind (the Discord half of ``bot.games.registry``),
loaded the first time the Discord layer asks for it."""

from __future__ import annotations

from bot.games.face import GameFace
from bot.games.registry import REGISTERED, registration_for


def face_for(kind: str) -> GameFace:
    return registration_for(kind).game_face


def faces() -> tuple[GameFace, ...]:
    """Every game's face, in the order games are listed."""
    return tuple(game.game_face for game in REGISTERED)
