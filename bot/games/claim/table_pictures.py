"""Claim's table as a picture: drawn where the event loop never waits for it, with the
cards a lesson's step points at outlined."""

from __future__ import annotations

from bot.games import shared_words
from bot.games.claim import GAME, table_words
from bot.games.drawing import CLAIM_TABLE, LIT_CLAIM_TABLE
from bot.games.face import Picture, described_names
from bot.games.painters import PAINTERS
from bot.storage.records import Game
from engine.claim import CARDS, ClaimState
from i18n import Language
from render.claim import TableView
from render.common.palette import PLAYERS


def lit_cards(lit: frozenset[str]) -> frozenset[str]:
    """The cards that the tokens ``lit`` name, by their ids (``KNI7``, ``GOB0a``); any
    other token names no card."""
    return frozenset(token for token in lit if token in CARDS)


async def table_png(game: Game, table: TableView, lit: frozenset[str] = frozenset()) -> bytes:
    """The table image, with the cards ``lit`` (ids) outlined."""
    if lit:
        return await PAINTERS.paint(game.id, LIT_CLAIM_TABLE, table, lit, ("game", game.id))
    return await PAINTERS.paint(game.id, CLAIM_TABLE, table, ("game", game.id))


async def table_picture(
    game: Game,
    state: ClaimState,
    table: TableView,
    words_shown: str,
    lang: Language,
    lit: frozenset[str] = frozenset(),
) -> Picture:
    """The table as its message shows it: ``words_shown`` over the picture."""
    acting = state.to_act()
    return Picture(
        title=shared_words.game_name(GAME.name, game),
        text=words_shown,
        colour=PLAYERS[acting[0] if acting else state.leader].color,
        png=await table_png(game, table, lit),
        description=table_words.table(table, described_names(game, lang), lang),
    )
