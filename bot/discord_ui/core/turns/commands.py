"""``/<game> rules`` (the rules, short), ``board`` (the table moved to the bottom) and
``log`` (a game move by move: the one here, the last one here, or any by its number)."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands

from bot.discord_ui.card_layout import Card, layout
from bot.discord_ui.command_parts import Command, Option, command
from bot.discord_ui.conversations import place_of
from bot.discord_ui.core.turns.handlers import Turns
from bot.discord_ui.interaction_answers import answer_privately
from bot.discord_ui.interactions import reader
from bot.discord_ui.lean_requests import follow_up
from bot.discord_ui.limits import TEXT_TOTAL
from bot.discord_ui.part import features_parts
from bot.games.face import GameFace
from bot.games.limits import TITLE
from bot.games.rules import AnyRules
from i18n import N_


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``rules``, ``board`` and ``log`` in one game's group."""
    kind = rules.kind

    async def rules_text(interaction: discord.Interaction) -> None:
        await show_rules(interaction, face)

    async def board(interaction: discord.Interaction) -> None:
        await Turns.of(interaction).show_board(interaction, kind)

    async def game_log(interaction: discord.Interaction, game: int | None = None) -> None:
        await Turns.of(interaction).show_log(interaction, kind, game)

    return [
        command(
            N_("rules"),
            N_("The rules, short (only you see them)"),
            rules_text,
            in_conversations=True,
        ),
        command(
            N_("board"),
            N_("Move the game here to the bottom"),
            board,
            in_conversations=True,
        ),
        command(
            N_("log"),
            N_("Everything that happened in a game, move by move (only you see it)"),
            game_log,
            [
                Option(
                    N_("game"),
                    app_commands.Range[int, 1, 1_000_000_000] | None,
                    N_("The game's number (if unset: the game here, or the last one here)"),
                )
            ],
            in_conversations=True,
        ),
    ]


async def show_rules(interaction: discord.Interaction, face: GameFace) -> None:
    """The game's rules to the asker alone, in their language, with what the features add
    under them (a lesson's button): ``/<game> rules``, and a lobby's **How to play**. In a
    conversation, only what works there: a button there refuses a feature that doesn't."""
    lang = reader(interaction)
    *cards, last = rules_cards(face.title, face.rules(lang))
    here = not place_of(interaction).interaction_only
    added = tuple(
        row
        for part in features_parts()
        if here or part.part.in_conversations
        for row in part.rules_rows(face.kind, lang)
    )
    cards.append(replace(last, rows=added))
    await answer_privately(interaction, cards[0])
    for card in cards[1:]:
        await follow_up(interaction.followup, view=layout(card), ephemeral=True)


RULES_CARD = TEXT_TOTAL - TITLE - len("### \n")
"""A rules card's text at its longest: a message's whole text, less its title."""


def rules_cards(title: str, rules: str) -> list[Card]:
    """The rules as cards of at most ``RULES_CARD`` characters each, cut between parts
    (parts are separated by a blank line, and no part is longer: the rules texts are
    tested for it): one message for most games, a second for the longest rules."""
    cards: list[str] = []
    for part in (part.strip() for part in rules.split("\n\n")):
        if part and cards and len(cards[-1]) + 2 + len(part) <= RULES_CARD:
            cards[-1] += "\n\n" + part
        elif part:
            cards.append(part)
    return [Card(title=title if n == 0 else None, text=text) for n, text in enumerate(cards)]
