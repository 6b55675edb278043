"""The actions the features add to the board (``bot.service.board_actions``), as a viewer
is shown them and asks for them: the board knows them by their names only. An action
that answers its asker does so to their board alone:
``{"type": "answered", "game", "version", "lines"}``, of the game at the version asked."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.service import GameService
from bot.service.board_actions import Asked, BoardAction, Offered
from bot.storage.records import Game
from i18n import Language

JSON = dict[str, Any]


class BoardActions:
    """The features' board actions, over the game service whose features declared them."""

    def __init__(self, service: GameService, declared: Sequence[BoardAction[Any]]) -> None:
        self._service = service
        self._named = {action.name: action for action in declared}

    async def shown(self, game: Game, user_id: int, lang: Language) -> list[JSON]:
        """The actions the board offers ``user_id`` on ``game``, as the page draws them."""
        shown = []
        for action in self._named.values():
            offered = await self.offered(action.name, game, user_id)
            if offered is not Offered.NOT:
                shown.append(
                    {
                        "name": action.name,
                        "label": lang.say(action.label),
                        "icon": action.icon,
                        "tone": str(action.tone),
                        "enabled": offered is Offered.ENABLED,
                    }
                )
        return shown

    def known(self, name: object) -> bool:
        """Whether some feature declares an action called ``name``."""
        return isinstance(name, str) and name in self._named

    async def offered(self, name: str, game: Game, user_id: int) -> Offered:
        """Whether the action ``name`` (``known``) is offered to ``user_id`` on ``game``."""
        action = self._named[name]
        return await action.offered(self._service.part(action.service), game, user_id)

    def others_see(self, name: str) -> bool:
        """Whether taking the action ``name`` (``known``) changes what others see."""
        return self._named[name].others_see

    def made(self, name: str, asked: Asked) -> Taking:
        """Taking the action ``name`` (``known``) as ``asked``, through its feature's service."""
        action = self._named[name]
        return Taking(lambda: action.act(self._service.part(action.service), asked))

    def answer(
        self, name: str, taken: Taking, game_id: int, version: int, lang: Language
    ) -> JSON | None:
        """What the asker of ``name`` (``known``) alone is shown once ``taken`` is, if the
        action answers and was taken: of the game at the ``version`` it was asked at."""
        answer = self._named[name].answer
        if answer is None or not taken.done:
            return None
        lines = list(answer(taken.result, lang))
        return {"type": "answered", "game": game_id, "version": version, "lines": lines}


class Taking:
    """An action being taken, through whichever front end shows it, keeping what it
    returned for its asker's answer."""

    def __init__(self, act: Callable[[], Awaitable[object]]) -> None:
        self._act = act
        self.done = False
        self.result: object = None

    async def __call__(self) -> object:
        self.result = await self._act()
        self.done = True
        return self.result
