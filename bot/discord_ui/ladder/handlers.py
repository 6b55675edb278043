"""``/<game> leaderboard``, ``stats``, ``history`` and ``recompute``, each for its own
game: answered only to the person who asked, like every lookup."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_ui.interactions import reader
from bot.discord_ui.ladder import messages
from bot.discord_ui.ladder.components import LadderPageButton
from bot.service import LadderService, Leaderboard
from bot.service.errors import NotAllowedToRecompute
from i18n import Language


class LadderAnswers:
    def __init__(self, ladder: LadderService) -> None:
        self.ladder = ladder

    async def leaderboard(self, interaction: discord.Interaction, kind: str, page: int) -> None:
        board = await self._board(interaction, kind, page)
        if not board.entries:
            await interaction.response.send_message(
                messages.no_ladder(kind, reader(interaction)), ephemeral=True
            )
            return
        await interaction.response.send_message(**_page(board, kind, interaction), ephemeral=True)

    async def turn_page(self, interaction: discord.Interaction, kind: str, page: int) -> None:
        board = await self._board(interaction, kind, page)
        if not board.entries:
            await interaction.response.edit_message(
                content=messages.no_ladder(kind, reader(interaction)), embed=None, view=None
            )
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
        lang = reader(interaction)
        if stats is None:
            is_self = who.id == interaction.user.id
            await interaction.response.send_message(
                messages.no_stats(kind, who.display_name, is_self, lang), ephemeral=True
            )
            return
        await interaction.response.send_message(
            embed=messages.stats_embed(stats, kind, who.display_avatar.url, lang), ephemeral=True
        )

    async def history(self, interaction: discord.Interaction, kind: str) -> None:
        assert interaction.guild_id is not None
        games = await self.ladder.history(interaction.guild_id, kind)
        lang = reader(interaction)
        if not games:
            await interaction.response.send_message(messages.no_history(kind, lang), ephemeral=True)
            return
        await interaction.response.send_message(
            embed=messages.history_embed(
                games, kind, interaction.guild_id, _server(interaction), lang
            ),
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
        lang = reader(interaction)
        rebuilt = lang.ngettext(
            "Rebuilt this server's ladder from its {n} finished game.",
            "Rebuilt this server's ladder from its {n} finished games.",
            counted,
        )
        players = lang.ngettext("{n} player is on it.", "{n} players are on it.", board.players)
        settled = lang._("Ratings, records and trends now follow from the stored results alone.")
        await interaction.edit_original_response(content=f"{rebuilt} {players} {settled}")


def _page(board: Leaderboard, kind: str, interaction: discord.Interaction) -> dict[str, Any]:
    """A leaderboard page as a message: the caller's note, the embed, the page buttons."""
    lang = reader(interaction)
    return {
        "content": _caller_note(board, interaction.user.id, lang),
        "embed": messages.leaderboard_embed(board, kind, _server(interaction), lang),
        "view": _pages(board, kind, lang),
    }


def _caller_note(board: Leaderboard, user_id: int, lang: Language) -> str | None:
    """Tells a caller who isn't on the ladder why (one who is has their line)."""
    on_page = any(entry.user_id == user_id for entry in board.entries)
    return None if on_page or board.caller is not None else messages.not_on_ladder(lang)


def _pages(board: Leaderboard, kind: str, lang: Language) -> discord.ui.View:
    """Previous and Next, when there is more than one page."""
    view = discord.ui.View(timeout=None)
    if board.pages == 1:
        return view
    first, last = board.page == 1, board.page == board.pages
    previous, following = lang._("◀ Previous"), lang._("Next ▶")
    view.add_item(LadderPageButton(kind, board.page - 1, label=previous, disabled=first))
    view.add_item(LadderPageButton(kind, board.page + 1, label=following, disabled=last))
    return view


def _server(interaction: discord.Interaction) -> str:
    if interaction.guild is not None:
        return interaction.guild.name
    return reader(interaction)._("this server")
