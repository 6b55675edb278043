"""Gold Nuggets' table as a picture: drawn where the event loop never waits for it, with
the dice a lesson's step points at outlined."""

from __future__ import annotations

from bot.games import shared_words
from bot.games.drawing import LIT_NUGGETS_TABLE, NUGGETS_TABLE
from bot.games.face import Picture, described_names
from bot.games.gold_nuggets import GAME, words
from bot.games.painters import PAINTERS
from bot.storage.records import Game
from i18n import Language
from render.common.palette import PLAYERS
from render.gold_nuggets import NuggetsView


async def table_png(game: Game, view: NuggetsView, lit: frozenset[int] = frozenset()) -> bytes:
    """The table image, with the dice of the roll ``lit`` outlined."""
    if lit:
        return await PAINTERS.paint(game.id, LIT_NUGGETS_TABLE, view, lit, ("game", game.id))
    return await PAINTERS.paint(game.id, NUGGETS_TABLE, view, ("game", game.id))


async def table_picture(
    game: Game,
    seat: int,
    view: NuggetsView,
    words_shown: str,
    lang: Language,
    lit: frozenset[int] = frozenset(),
) -> Picture:
    """The table as its message shows it: ``words_shown`` over the picture."""
    png = await table_png(game, view, lit)
    return Picture(
        title=shared_words.game_name(GAME.name, game),
        text=words_shown,
        colour=PLAYERS[seat].color,
        png=png,
        description=words.table(view, described_names(game, lang), lang),
    )
