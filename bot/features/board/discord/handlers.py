"""**Open the board** under every table being played, where the bot serves its Activity: the
press is kept (Discord passes nothing from it to the Activity) and answered by launching
the Activity (interaction callback 12), which then opens on that game; the presser's board
open already there turns to it (``BoardLaunches.follow``). The Activity finds this part by
what it is (``bot.activity.serving.OpensBoards``), naming no feature.

In a conversation (a DM or group DM, or a server the bot is not in, where the app is
installed to someone's account) it is under the lobby too: the game is played on the
board there, whose list joins and starts it. The Activity launched there is that
conversation's, whose users Discord vouches for, and it shows that conversation's games.
Not in a turn's direct message with the bot: an Activity opened there is located in that
DM, not in the game's place, whose games it could not show."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.card_layout import Rows
from bot.discord_ui.context import Context
from bot.discord_ui.interaction_answers import answers_itself
from bot.discord_ui.interactions import actor_of
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Part
from bot.features.board.discord.controls import BoardButton
from bot.features.board.launches import BoardLaunches
from bot.storage import Game, GameStatus
from i18n import Language


class OpenBoards(Protocol):
    """The boards this process serves, told what Discord says of their viewers' places."""

    async def departed(self, guild_id: int, user_id: int) -> None:
        """The user left the server, or was removed."""
        ...

    async def permissions_changed(self, guild_id: int) -> None:
        """A channel's overwrites or a role changed in the server."""
        ...


class Board(Part, Adds):
    """The board's launch button, and the open boards told of Discord's events about
    their viewers' places (with the members intent, departures and role changes)."""

    controls = (BoardButton,)
    in_conversations = True

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.shown = context.board
        self.launches = BoardLaunches(context.database, self.clock.now)
        self.open_boards: OpenBoards | None = None
        """The boards, while the bot serves them."""

    def serve(self, boards: OpenBoards | None) -> None:
        """The boards this process serves from now on (``None``: none)."""
        self.open_boards = boards

    async def lobby_rows(self, game: Game, lang: Language, bots_allowed: bool) -> Rows:
        """**Open the board**, under a conversation's lobby: it is played on the board."""
        if not self.shown or not game.interaction_only or game.status is not GameStatus.LOBBY:
            return ()
        return _opening(game, lang)

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """**Open the board**, under every table being played."""
        if not self.shown or game.status is not GameStatus.ACTIVE:
            return ()
        return _opening(game, lang)

    async def open_board(self, interaction: discord.Interaction, button: BoardButton) -> None:
        """Refused where the game isn't played (a copied button), as every game's button
        is, a conversation's included (its place is where Discord says the press was
        made); otherwise the game is kept as the presser's launch in this channel."""
        # Only a launch can answer it: it can't follow a deferral.
        answers_itself(interaction)
        actor = actor_of(interaction, button.kind)
        game = await self.service.game_for(button.game, actor)
        assert actor.user_id is not None and interaction.channel_id is not None
        await self.launches.record(actor.user_id, interaction.channel_id, game.id)
        await interaction.response.launch_activity()

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Someone left the server: their boards there close."""
        if self.open_boards is not None:
            await self.open_boards.departed(payload.guild_id, payload.user.id)

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        """A channel's overwrites may have taken View Channel from a viewer."""
        if self.open_boards is not None:
            await self.open_boards.permissions_changed(after.guild.id)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        """A role's permissions may have taken View Channel from a viewer."""
        if self.open_boards is not None:
            await self.open_boards.permissions_changed(after.guild.id)

    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        """A member's roles changed: they may no longer see a board's channel."""
        if self.open_boards is not None and before.roles != after.roles:
            await self.open_boards.permissions_changed(after.guild.id)


def _opening(game: Game, lang: Language) -> Rows:
    return ((BoardButton(game.kind, game.id, label=lang._("Open the board")),),)
