"""A lobby opened with hints: kept so, and never rated, or refused where its server
allows none."""

from __future__ import annotations

from collections.abc import Sequence

from bot.features.hints import queries as hint_queries
from bot.features.hints.errors import HintsOffHere
from bot.features.hints.service import HintsAsked
from bot.features.hints.settings import HINTS, HintsMode
from bot.service.game_hooks import GameHooks
from bot.storage import rating_queries, settings_queries
from bot.storage.connection import Connection
from bot.storage.records import Game


class HintHooks(GameHooks):
    """A lobby asked with hints is kept as a game with hints and marked unrated in the
    lobby's own transaction, so that no game with hints is ever counted on a ladder (nor
    in a season, which reads the ladder's rating changes); on a server whose setting
    allows no hints, the whole lobby is refused."""

    async def lobby_opened(
        self, connection: Connection, game: Game, asked: Sequence[object], now: float
    ) -> None:
        if not any(isinstance(each, HintsAsked) and each.on for each in asked):
            return
        settings = await settings_queries.guild_settings(connection, game.guild_id)
        if HINTS.of(settings) is HintsMode.NEVER:
            raise HintsOffHere()
        await hint_queries.keep_game(connection, game.id, now)
        await rating_queries.mark_unrated(connection, game.id)
