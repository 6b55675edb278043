"""A game's table as a picture: painted where the event loop never waits for it, plain or
with what a lesson's step points at outlined, titled by the game's name and coloured by
the seat it is about."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.games import shared_words
from bot.games.face import Picture, described_names
from bot.games.painters import PAINTERS
from bot.storage.records import Game
from i18n import Language
from render.common.palette import PLAYERS

View = TypeVar("View")
Lit = TypeVar("Lit")


@dataclass(frozen=True)
class TablePictures(Generic[View, Lit]):
    """How a game's table is painted and told: ``plain`` and ``lit`` (its drawings, the
    latter with the parts ``lit`` outlined), ``describe`` (the picture in words) and the
    game's ``name``, its pictures' title."""

    name: str
    plain: Callable[[View, tuple[str, int]], bytes]
    lit: Callable[[View, frozenset[Lit], tuple[str, int]], bytes]
    describe: Callable[[View, Sequence[str], Language], str]

    async def png(self, game: Game, view: View, lit: frozenset[Lit] = frozenset()) -> bytes:
        """The table image, with the parts ``lit`` outlined."""
        return await table_png(self, game, view, lit)

    async def picture(
        self,
        game: Game,
        seat: int,
        view: View,
        words_shown: str,
        lang: Language,
        lit: frozenset[Lit] = frozenset(),
    ) -> Picture:
        """The table as its message shows it: ``words_shown`` over the picture, in the
        colour of ``seat``."""
        return Picture(
            title=shared_words.game_name(self.name, game),
            text=words_shown,
            colour=PLAYERS[seat].color,
            png=await self.png(game, view, lit),
            description=self.describe(view, described_names(game, lang), lang),
        )


async def table_png(
    tables: TablePictures[View, Lit], game: Game, view: View, lit: frozenset[Lit]
) -> bytes:
    """The painting every table picture goes through (a test draws nothing here): the
    plain drawing unless something is ``lit``, so that a picture's kind says which."""
    if lit:
        return await PAINTERS.paint(game.id, tables.lit, view, lit, ("game", game.id))
    return await PAINTERS.paint(game.id, tables.plain, view, ("game", game.id))
