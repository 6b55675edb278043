"""The places the features add to the board (``bot.service.board_places``), as a viewer is
shown them and asks in them: the board knows them by their names only.

A place's position is a game drawn by the game's own board, from the viewer's seat: the
same view a channel's game sends (``game_views.shown``), with the place's words and ways
above it, and its choices there only while they are the viewer's moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.activity.game_views import shown
from bot.games.faces import face_for
from bot.service import GameService
from bot.service.board_places import Asked, BoardPlace, Shown
from bot.service.game_loading import Where
from i18n import Language

JSON = dict[str, Any]


class BoardPlaces:
    """The features' board places, over the game service whose features declared them."""

    def __init__(self, service: GameService, declared: Sequence[BoardPlace[Any]]) -> None:
        self._service = service
        self._named = {place.name: place for place in declared}

    def known(self, name: object) -> bool:
        """Whether some feature declares a place called ``name``."""
        return isinstance(name, str) and name in self._named

    async def listed(self, user_id: int, where: Where, lang: Language) -> JSON:
        """The ways into every place the games list offers ``user_id``, on the board
        opened ``where``."""
        listed = []
        for place in self._named.values():
            part = self._service.part(place.service)
            for entry in await place.entries(part, user_id, where, lang):
                listed.append(
                    {
                        "place": place.name,
                        "key": entry.key,
                        "kind": entry.kind,
                        "title": entry.title,
                        "label": entry.label,
                        "icon": entry.icon,
                        "note": entry.note,
                    }
                )
        return {"type": "places", "places": listed}

    async def opened(
        self,
        name: str,
        user_id: int,
        named: str,
        key: str,
        where: Where,
        lang: Language,
        now: float,
    ) -> JSON:
        """The place ``name`` (``known``) on ``key``, opened by ``user_id`` (``named``) on
        the board opened ``where``."""
        place = self._named[name]
        part = self._service.part(place.service)
        found = await place.opened(part, user_id, named, key, where, lang)
        return place_view(name, found, user_id, lang, now)

    async def asked(self, name: str, asked: Asked, lang: Language, now: float) -> JSON:
        """What ``asked`` made of the place ``name`` (``known``), as it now shows."""
        place = self._named[name]
        found = await place.asked(self._service.part(place.service), asked, lang)
        return place_view(name, found, asked.user_id, lang, now)


def place_view(name: str, place: Shown, user_id: int, lang: Language, now: float) -> JSON:
    """The place ``name`` as ``user_id`` is shown it: its words and ways, over its game
    drawn by the game's own board from the place's seat."""
    face = face_for(place.kind)
    table = None
    if place.table is not None:
        board = face.board(place.table, place.seat, None, lang)
        if not place.moves:
            board = replace(board, choices=())
        table = shown(place.table, user_id, board, (), (), lang, now, actions=())
    return {
        "type": "place",
        "place": name,
        "key": place.key,
        "version": place.version,
        "title": place.title,
        "progress": place.progress,
        "said": [face.board_said(line) for line in place.said],
        "ways": [
            {
                "ask": way.ask,
                "label": way.label,
                "icon": way.icon,
                "tone": str(way.tone),
                "key": way.key,
            }
            for way in place.ways
        ],
        "lit": list(place.lit),
        "view": table,
    }
