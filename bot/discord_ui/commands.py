"""The ``/claimit`` command group (guild-only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from bot.discord_ui import text
from bot.discord_ui.flow import guarded
from bot.discord_ui.server_settings import ServerSettingsChange, server_settings
from bot.storage.records import MINUTE

if TYPE_CHECKING:
    from bot.discord_ui.client import ClaimItBot


class ClaimItCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="claimit", description="Play Claim It! here", guild_only=True)

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        variant="Rule variant: a claim marker frees the squatter under it (default: server's)",
        bots="Computer players to seat at once (0-4)",
        bot_level="How well they play",
        turn_timeout="Minutes a turn may take before it ends by itself (server default if unset)",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        variant: bool | None = None,
        bots: app_commands.Range[int, 0, 4] = 0,
        bot_level: Literal["easy", "normal", "hard"] = "normal",
        turn_timeout: app_commands.Range[int, 1, 1440] | None = None,
    ) -> None:
        flow = _bot(interaction).flow
        await guarded(
            interaction,
            flow.new_game(
                interaction,
                variant=variant,
                bots=bots,
                bot_level=bot_level,
                turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
            ),
        )

    @app_commands.command(name="rules", description="The rules, short (only you see them)")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(text.rules(str(interaction.locale)), ephemeral=True)

    @app_commands.command(name="board", description="Post this channel's game again at the bottom")
    async def board(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).flow.show_board(interaction))

    @app_commands.command(
        name="cancel", description="End this channel's game, unrated (host or Manage Messages)"
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).flow.cancel(interaction))

    @app_commands.command(
        name="leave", description="Leave this channel's game (a computer player takes your seat)"
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).flow.leave(interaction))

    @app_commands.command(
        name="settings", description="Show how this server runs games, or change it (Manage Server)"
    )
    @app_commands.describe(
        variant="Rule variant on or off for new games",
        turn_timeout="Minutes a turn may take before it ends by itself",
        lobby_timeout="Minutes a lobby waits to be started before it closes itself",
        threads="Give each game its own thread",
        bots="Whether computer players may be added",
        allow_channel="Add a channel games may run in (with none listed, any channel)",
        disallow_channel="Take a channel off the list of game channels",
        all_channels="Clear the list: games may run in any channel",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        variant: bool | None = None,
        turn_timeout: app_commands.Range[int, 1, 1440] | None = None,
        lobby_timeout: app_commands.Range[int, 1, 1440] | None = None,
        threads: bool | None = None,
        bots: bool | None = None,
        allow_channel: app_commands.AppCommandChannel | None = None,
        disallow_channel: app_commands.AppCommandChannel | None = None,
        all_channels: bool = False,
    ) -> None:
        change = ServerSettingsChange(
            variant=variant,
            turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
            lobby_timeout=None if lobby_timeout is None else lobby_timeout * MINUTE,
            threads=threads,
            bots_allowed=bots,
            allow_channel=None if allow_channel is None else allow_channel.id,
            disallow_channel=None if disallow_channel is None else disallow_channel.id,
            all_channels=all_channels,
        )
        await guarded(interaction, server_settings(interaction, _bot(interaction).flow, change))

    @app_commands.command(
        name="leaderboard", description="This server's top players (only you see it)"
    )
    @app_commands.describe(page="Which ten: page 2 is places 11-20")
    async def leaderboard(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100_000] = 1
    ) -> None:
        await guarded(interaction, _bot(interaction).ladder_answers.leaderboard(interaction, page))

    @app_commands.command(
        name="stats", description="A player's record in this server (only you see it)"
    )
    @app_commands.describe(user="Whose record (yours if unset)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        await guarded(interaction, _bot(interaction).ladder_answers.stats(interaction, user))

    @app_commands.command(
        name="history", description="The last games played to the end here (only you see it)"
    )
    async def history(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).ladder_answers.history(interaction))

    @app_commands.command(
        name="recompute",
        description="Rebuild this server's ladder from its stored games (Manage Server)",
    )
    async def recompute(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).ladder_answers.recompute(interaction))


def _bot(interaction: discord.Interaction) -> ClaimItBot:
    return interaction.client  # type: ignore[return-value]
