"""A game's take-back rule, kept from its start, and the dice of a point kept after a
roll there was taken back."""

from __future__ import annotations

from bot.features.takebacks import queries as takeback_queries
from bot.features.takebacks.settings import TAKEBACKS
from bot.service.game_hooks import GameHooks
from bot.storage import settings_queries
from bot.storage.connection import Connection
from bot.storage.records import Game


class TakebackHooks(GameHooks):
    """The take-backs a game's server allowed kept as it starts (a game keeps the rule
    it started with), and the dice of a point handed back to the move made there again."""

    async def started(self, connection: Connection, game: Game, now: float) -> None:
        settings = await settings_queries.guild_settings(connection, game.guild_id)
        await takeback_queries.keep_mode(connection, game.id, TAKEBACKS.of(settings))

    async def draws_kept(self, connection: Connection, game: Game, seat: int) -> str | None:
        return (await takeback_queries.dice_here(connection, game.id)).get(seat)
