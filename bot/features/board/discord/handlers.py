"""**Open the board** under every table being played, where the bot serves its Activity: the
press is kept (Discord passes nothing from it to the Activity) and answered by launching
the Activity (interaction callback 12), which then opens on that game.

Not in a turn's direct message: an Activity opened in a DM is located there, so Discord
could not vouch that its viewer is in the game's channel, and Discord opens Activities in
DMs only for apps installed by users."""

from __future__ import annotations

import discord

from bot.discord_ui.card_layout import Rows
from bot.discord_ui.context import Context
from bot.discord_ui.feature import Feature
from bot.discord_ui.interactions import actor_of
from bot.features.board.discord.controls import BoardButton
from bot.features.board.launches import BoardLaunches
from bot.storage import Game, GameStatus
from i18n import Language


class Board(Feature):
    """The board's launch button."""

    controls = (BoardButton,)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.shown = context.board
        self.launches = BoardLaunches(context.database, self.clock.now)

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """**Open the board**, under every table being played."""
        if not self.shown or game.status is not GameStatus.ACTIVE:
            return ()
        return ((BoardButton(game.kind, game.id, label=lang._("Open the board")),),)

    async def open_board(self, interaction: discord.Interaction, button: BoardButton) -> None:
        """Refused where the game isn't played (a copied button), as every game's button
        is; otherwise the game is kept as the presser's launch in this channel."""
        actor = actor_of(interaction, button.kind)
        game = await self.service.game_for(button.game, actor)
        assert actor.user_id is not None and interaction.channel_id is not None
        await self.launches.record(actor.user_id, interaction.channel_id, game.id)
        await interaction.response.launch_activity()
