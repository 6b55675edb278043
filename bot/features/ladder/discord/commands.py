"""``/<game> leaderboard``, ``stats``, ``history`` and ``recompute``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_ui.command_parts import Command, Option, command
from bot.features.ladder.discord.handlers import Ladder
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``leaderboard``, ``stats``, ``history`` and ``recompute`` in one game's group."""
    kind = rules.kind

    async def leaderboard(
        interaction: discord.Interaction, page: int = 1, season: str | None = None
    ) -> None:
        await Ladder.of(interaction).leaderboard(interaction, kind, page, season)

    async def seasons(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
        return await Ladder.of(interaction).season_choices(interaction, kind, typed)

    async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await Ladder.of(interaction).stats(interaction, kind, user)

    async def history(interaction: discord.Interaction) -> None:
        await Ladder.of(interaction).history(interaction, kind)

    async def recompute(interaction: discord.Interaction) -> None:
        await Ladder.of(interaction).recompute(interaction, kind)

    # The dice here are shown only in a game that has dice (``Ladder.stats``).
    if rules.dice:
        stats_says = N_("A player's record here, and the dice here (only you see it)")
        user_says = N_("Whose record (yours and the dice here if unset)")
    else:
        stats_says = N_("A player's record here (only you see it)")
        user_says = N_("Whose record (yours if unset)")

    return [
        command(
            N_("leaderboard"),
            N_("The top players here (only you see it)"),
            leaderboard,
            [
                Option(
                    N_("page"),
                    app_commands.Range[int, 1, 100_000],
                    N_("Which ten: page 2 is places 11-20"),
                    1,
                ),
                Option(
                    N_("season"),
                    str | None,
                    N_("A season's standings: the current one, or an earlier one"),
                    completion=seasons,
                ),
            ],
            in_conversations=True,
        ),
        command(
            N_("stats"),
            stats_says,
            stats,
            [Option(N_("user"), discord.User | None, user_says)],
            in_conversations=True,
        ),
        command(
            N_("history"),
            N_("The last games played to the end here (only you see it)"),
            history,
            in_conversations=True,
        ),
        command(
            N_("recompute"),
            N_("Rebuild this server's ladder from its stored games (Manage Server)"),
            recompute,
        ),
    ]
