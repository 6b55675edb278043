"""``/<game> rules`` (the rules, short) and ``board`` (the game again at the bottom)."""

from __future__ import annotations

import discord

from bot.discord_ui import limits
from bot.discord_ui.cards import Card, layout
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
            first, *more = rules_cards(face.title, face.rules(reader(interaction)))
            await interaction.response.send_message(view=layout(first), ephemeral=True)
            for card in more:
                await interaction.followup.send(view=layout(card), ephemeral=True)

        await guarded(interaction, answer())

    async def board(interaction: discord.Interaction) -> None:
        await guarded(interaction, game_bot(interaction).turns.show_board(interaction, kind))

    return [
        command(N_("rules"), N_("The rules, short (only you see them)"), rules_text),
        command(N_("board"), N_("Post this channel's game again at the bottom"), board),
    ]


def rules_cards(title: str, rules: str) -> list[Card]:
    """The rules as cards of at most ``CARD_TEXT`` characters each, cut between parts
    (parts are separated by a blank line): one message for most games, a second for the
    longest rules."""
    cards: list[str] = []
    for part in (part.strip() for part in rules.split("\n\n")):
        if part and cards and len(cards[-1]) + 2 + len(part) <= limits.CARD_TEXT:
            cards[-1] += "\n\n" + part
        elif part:
            cards.append(limits.shortened(part, limits.CARD_TEXT))
    return [Card(title=title if n == 0 else None, text=text) for n, text in enumerate(cards)]
