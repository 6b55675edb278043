"""``/<game> leaderboard``, ``stats``, ``history`` and ``recompute``, each for its own
game: answered only to the person who asked, like every lookup."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_ui.flow import guarded
from bot.discord_ui.ladder_messages import (
    history_embed,
    leaderboard_embed,
    no_history,
    no_ladder,
    no_stats,
    not_on_ladder,
    stats_embed,
)
from bot.service import LadderService, Leaderboard
from bot.service.errors import NotAllowedToRecompute

if TYPE_CHECKING:
    from bot.discord_ui.client import GameBot


class LadderPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"(?P<kind>[a-z_]{1,20}):ladder:(?P<page>\d{1,6})",
):
    """Turns the asker's leaderboard of a game to another page; the game and the page are
    all the custom_id holds."""

    def __init__(self, kind: str, page: int, *, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or f"Page {page}",
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"{kind}:ladder:{page}",
            )
        )
        self.kind, self.page = kind, page

    @classmethod
    def parse(cls, match: re.Match[str]) -> LadderPageButton:
        return cls(match["kind"], int(match["page"]))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LadderPageButton:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: GameBot = interaction.client  # type: ignore[assignment]
        await guarded(interaction, bot.ladder_answers.turn_page(interaction, self.kind, self.page))


class LadderAnswers:
    def __init__(self, ladder: LadderService) -> None:
        self.ladder = ladder

    async def leaderboard(self, interaction: discord.Interaction, kind: str, page: int) -> None:
        board = await self._board(interaction, kind, page)
        if not board.entries:
            await interaction.response.send_message(no_ladder(kind), ephemeral=True)
            return
        await interaction.response.send_message(**_page(board, kind, interaction), ephemeral=True)

    async def turn_page(self, interaction: discord.Interaction, kind: str, page: int) -> None:
        board = await self._board(interaction, kind, page)
        if not board.entries:
            await interaction.response.edit_message(content=no_ladder(kind), embed=None, view=None)
            return
        await interaction.response.edit_message(**_page(board, kind, interaction))

    async def _board(self, interaction: discord.Interaction, kind: str, page: int) -> Leaderboard:
        assert interaction.guild_id is not None
        return await self.ladder.leaderboard(interaction.guild_id, kind, interaction.user.id, page)

    async def stats(
        self,
        interaction: discord.Interaction,
        kind: str,
        user: discord.User | discord.Member | None,
    ) -> None:
        assert interaction.guild_id is not None
        who = user or interaction.user
        stats = await self.ladder.stats(interaction.guild_id, kind, who.id)
        if stats is None:
            await interaction.response.send_message(
                no_stats(kind, who.display_name, who.id == interaction.user.id), ephemeral=True
            )
            return
        await interaction.response.send_message(
            embed=stats_embed(stats, kind, who.display_avatar.url), ephemeral=True
        )

    async def history(self, interaction: discord.Interaction, kind: str) -> None:
        assert interaction.guild_id is not None
        games = await self.ladder.history(interaction.guild_id, kind)
        if not games:
            await interaction.response.send_message(no_history(kind), ephemeral=True)
            return
        await interaction.response.send_message(
            embed=history_embed(games, kind, interaction.guild_id, _server(interaction)),
            ephemeral=True,
        )

    async def recompute(self, interaction: discord.Interaction, kind: str) -> None:
        # Like settings: Discord can't restrict one sub-command, so it is checked here.
        if not interaction.permissions.manage_guild:
            raise NotAllowedToRecompute()
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        counted = await self.ladder.recompute(interaction.guild_id, kind)
        board = await self.ladder.leaderboard(interaction.guild_id, kind, interaction.user.id)
        # Replaces the "thinking…" answer the defer showed.
        await interaction.edit_original_response(
            content=f"Rebuilt this server's ladder from its {counted} finished "
            f"game{'s' * (counted != 1)}: {board.players} player{'s' * (board.players != 1)} "
            "on it. Ratings, records and trends now follow from the stored results alone."
        )


def _page(board: Leaderboard, kind: str, interaction: discord.Interaction) -> dict[str, Any]:
    """A leaderboard page as a message: the caller's note, the embed, the page buttons."""
    return {
        "content": _caller_note(board, interaction.user.id),
        "embed": leaderboard_embed(board, kind, _server(interaction)),
        "view": _pages(board, kind),
    }


def _caller_note(board: Leaderboard, user_id: int) -> str | None:
    """Tells a caller who isn't on the ladder why (one who is has their line)."""
    on_page = any(entry.user_id == user_id for entry in board.entries)
    return None if on_page or board.caller is not None else not_on_ladder()


def _pages(board: Leaderboard, kind: str) -> discord.ui.View:
    """Previous and Next, when there is more than one page."""
    view = discord.ui.View(timeout=None)
    if board.pages == 1:
        return view
    first, last = board.page == 1, board.page == board.pages
    view.add_item(LadderPageButton(kind, board.page - 1, label="◀ Previous", disabled=first))
    view.add_item(LadderPageButton(kind, board.page + 1, label="Next ▶", disabled=last))
    return view


def _server(interaction: discord.Interaction) -> str:
    return interaction.guild.name if interaction.guild is not None else "this server"
