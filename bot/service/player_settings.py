"""A player's own settings, kept across servers, and the direct messages telling them it
is their turn (one per game and player, so that their DMs never fill with old ones)."""

from __future__ import annotations

from bot.storage import player_queries
from bot.storage.database import Database
from bot.storage.records import Notify, PlayerSettings, TurnNotice


class PlayerSettingsService:
    """Each player's settings and turn notices."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def get(self, user_id: int) -> PlayerSettings:
        """The player's settings (the defaults when they never chose)."""
        return await self._db.read(
            lambda connection: player_queries.player_settings(connection, user_id)
        )

    async def set_notify(self, user_id: int, notify: Notify, locale: str) -> PlayerSettings:
        """How the player's turn reaches them, their direct messages in ``locale``."""
        await self._db.statement(
            lambda connection: player_queries.set_notify(connection, user_id, notify, locale)
        )
        return await self.get(user_id)

    async def dms_closed(self, user_id: int) -> bool:
        """Notes that the player's direct messages refused the bot; ``True`` the first
        time since they last chose their settings."""
        return await self._db.statement(
            lambda connection: player_queries.set_dms_closed(connection, user_id)
        )

    async def notices(self, game_id: int) -> list[TurnNotice]:
        """The game's turn notices kept in its players' direct messages."""
        return await self._db.read(
            lambda connection: player_queries.turn_notices(connection, game_id)
        )

    async def keep_notice(self, notice: TurnNotice) -> None:
        """The player's turn notice for the game is now ``notice``."""
        await self._db.statement(
            lambda connection: player_queries.keep_turn_notice(connection, notice)
        )

    async def forget_notice(self, notice: TurnNotice) -> None:
        """The notice is gone."""
        await self._db.statement(
            lambda connection: player_queries.forget_turn_notice(
                connection, notice.game_id, notice.message_id
            )
        )
