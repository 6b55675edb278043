"""Lessons in Discord: ``/<game> learn`` (Claim's with ``faction:``) and 🎓 **Learn to
play** under a game's rules answer the learner alone with the step waiting; each press
on it moves their lesson on and shows it in place; ``/my lessons`` lists theirs.

Every message of a lesson is its learner's own (ephemeral), and every press acts on the
presser's own lesson at the version the message shows: a press on an older message,
or on a button copied from someone else's, is refused in plain words and changes
nothing (``LessonService``)."""

from __future__ import annotations

import discord

from bot.discord_ui.card_layout import Card, sent
from bot.discord_ui.components import selected
from bot.discord_ui.context import Context
from bot.discord_ui.core.lobby.handlers import Lobbies
from bot.discord_ui.interaction_answers import in_time, require_private, reveal, update_private
from bot.discord_ui.interactions import reader
from bot.discord_ui.part import Part
from bot.features.lessons.discord.cards import lesson_card, lessons_card
from bot.features.lessons.discord.controls import (
    LearnButton,
    LessonMove,
    LessonPick,
    LessonWay,
    NextLesson,
    RealGameButton,
    Way,
)
from bot.features.lessons.errors import NoSuchLesson
from bot.features.lessons.service import LessonService, Standing
from bot.games import lesson_play
from bot.metrics.figures import lesson_counted
from bot.service.errors import NotHere
from bot.storage.game_values import Level

REAL_GAME_BOTS = 1
"""Computer players seated in the real game a lesson's end opens: one, easy, to start at
once or to wait for people to join."""


class Learning(Part):
    """Each learner's lessons, shown to them alone and moved on by their presses."""

    controls = (LessonMove, LessonPick, LessonWay, LearnButton, RealGameButton, NextLesson)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.lessons = context.service.part(LessonService)
        self.lessons.counted = lesson_counted

    async def learn(self, interaction: discord.Interaction, key: str) -> None:
        """``/<game> learn``: the lesson ``key`` where the learner left it, or from its
        start, to them alone."""
        standing = await self.lessons.begin(interaction.user.id, key)
        await reveal(interaction, self._card(interaction, standing))

    async def my_lessons(self, interaction: discord.Interaction) -> None:
        """``/my lessons``: every lesson the asker started, to them alone."""
        started = await self.lessons.started(interaction.user.id)
        card = lessons_card(started, reader(interaction))
        await interaction.response.send_message(**sent(card), ephemeral=True)

    async def learn_pressed(self, interaction: discord.Interaction, pressed: LearnButton) -> None:
        """🎓 **Learn to play**, under a game's rules."""
        await self.learn(interaction, game_lesson(pressed.kind))

    async def next_pressed(self, interaction: discord.Interaction, pressed: NextLesson) -> None:
        """The game's next lesson, at a lesson's end."""
        await self.learn(interaction, pressed.lesson)

    async def moved(self, interaction: discord.Interaction, pressed: LessonMove) -> None:
        """One of the learner's choices."""
        await self._move(interaction, pressed.lesson, pressed.version, pressed.intent)

    async def picked(self, interaction: discord.Interaction, pressed: LessonPick) -> None:
        """A choice picked from a lesson's menu."""
        await self._move(interaction, pressed.lesson, pressed.version, selected(interaction))

    async def went(self, interaction: discord.Interaction, pressed: LessonWay) -> None:
        """**Try again** (back to the step) or **Go on** (with the learner's own move)."""
        require_private(interaction)
        user = interaction.user.id
        if pressed.way is Way.AGAIN:
            going = self.lessons.try_again(user, pressed.lesson, pressed.version)
        else:
            going = self.lessons.go_on(user, pressed.lesson, pressed.version)
        standing = await in_time(interaction, going)
        await update_private(interaction, self._card(interaction, standing))

    async def real_game(self, interaction: discord.Interaction, pressed: RealGameButton) -> None:
        """**Play a real game**, at a lesson's end: a lobby in the channel, as ``/<game>
        new`` opens one, with an easy computer player seated; a press in a direct message
        (a copied custom_id: the button is never shown there) opens none."""
        if interaction.guild_id is None:
            raise NotHere()
        await Lobbies.of(interaction).new_game(
            interaction,
            kind=pressed.kind,
            options={},
            bots=REAL_GAME_BOTS,
            bot_level=Level.EASY.value,
            turn_timeout=None,
        )

    async def _move(
        self, interaction: discord.Interaction, key: str, version: int, intent: str
    ) -> None:
        require_private(interaction)
        moving = self.lessons.move(interaction.user.id, key, version, intent)
        standing = await in_time(interaction, moving)
        await update_private(interaction, self._card(interaction, standing))

    async def _card(self, interaction: discord.Interaction, standing: Standing) -> Card:
        in_guild = interaction.guild_id is not None
        name = interaction.user.display_name
        return await lesson_card(standing, name, reader(interaction), in_guild=in_guild)


def game_lesson(kind: str) -> str:
    """The key of the game's own first lesson; refused for a game no lesson teaches (a
    crafted button's)."""
    try:
        return lesson_play.first_lesson(kind).key
    except (KeyError, StopIteration):
        raise NoSuchLesson() from None
