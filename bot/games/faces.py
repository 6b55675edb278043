"""Every game's face in Discord, by kind (the Discord half of ``bot.games.registry``)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.games.claim.face import CLAIM_FACE
from bot.games.claimit.face import CLAIMIT_FACE
from bot.games.face import GameFace
from bot.games.gold_nuggets.face import NUGGETS_FACE

FACES: Mapping[str, GameFace] = MappingProxyType(
    {face.kind: face for face in (CLAIMIT_FACE, NUGGETS_FACE, CLAIM_FACE)}
)


def face_for(kind: str) -> GameFace:
    return FACES[kind]
