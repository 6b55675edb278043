"""The bot's slash commands as discord.py holds and syncs them."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_ui.entry_point import with_entry_point
from bot.discord_ui.interactions import failed


class GameCommandTree(app_commands.CommandTree[discord.Client]):
    """discord.py's tree of the bot's commands, synced with the app's Entry Point kept (and
    its board's, when the bot serves one) and its failures answered as every handler's
    are."""

    def __init__(self, client: discord.Client, *, board: bool) -> None:
        super().__init__(client)
        self._board = board

    async def sync(
        self, *, guild: discord.abc.Snowflake | None = None
    ) -> list[app_commands.AppCommand]:
        """As discord.py syncs, keeping the app's Entry Point among the global commands
        (``entry_point``)."""
        if guild is not None:
            return await super().sync(guild=guild)
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands()
        translator = self.translator
        assert translator is not None
        payload = [await c.get_translated_payload(self, translator) for c in commands]
        payload = await with_entry_point(self.client.http, application_id, payload, self._board)
        try:
            data = await self.client.http.bulk_upsert_global_commands(application_id, payload)
        except discord.HTTPException as e:
            if e.status == 400 and e.code == 50035:
                raise app_commands.CommandSyncFailure(e, commands) from None
            raise
        return [app_commands.AppCommand(data=d, state=self.client._connection) for d in data]

    async def on_error(
        self, interaction: discord.Interaction[discord.Client], error: app_commands.AppCommandError
    ) -> None:
        """What failed before a command's callback (discord.py reading its options) is
        answered where every failed handler is."""
        await failed(
            interaction,
            error.original if isinstance(error, app_commands.CommandInvokeError) else error,
        )
