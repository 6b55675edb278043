"""``/<game> rules`` (the rules, short) and ``board`` (the game again at the bottom)."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_ui import limits
from bot.discord_ui.command_parts import Command, command
from bot.discord_ui.game_bot import game_bot
from bot.discord_ui.interactions import guarded, reader
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    kind = rules.kind

    async def rules_text(interaction: discord.Interaction) -> None:
        async def answer() -> None:
            shown = rules_message(face.title, face.rules(reader(interaction)))
            await interaction.response.send_message(**shown, ephemeral=True)

        await guarded(interaction, answer())

    async def board(interaction: discord.Interaction) -> None:
        await guarded(interaction, game_bot(interaction).turns.show_board(interaction, kind))

    return [
        command(N_("rules"), N_("The rules, short (only you see them)"), rules_text),
        command(N_("board"), N_("Post this channel's game again at the bottom"), board),
    ]


def rules_message(title: str, rules: str) -> dict[str, Any]:
    """The rules as a message: its text when it fits one, else an embed per part (parts are
    separated by a blank line), which hold more."""
    if len(rules) <= limits.CONTENT:
        return {"content": rules}
    parts = [part.strip() for part in rules.split("\n\n") if part.strip()]
    return {
        "embeds": [
            discord.Embed(title=title if n == 0 else None, description=part)
            for n, part in enumerate(parts)
        ]
    }
