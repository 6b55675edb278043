"""Lessons in Discord: ``/<game> learn`` (Claim's with ``faction:``) and 🎓 **Learn to
play** under a game's rules answer the learner alone with the step waiting; each press
on it moves their lesson on and shows it in place; ``/my lessons`` lists theirs.

Every message of a lesson is its learner's own (ephemeral), and every press acts on the
presser's own lesson at the version the message shows: a press on an older message,
or on a button copied from someone else's, is refused in plain words and changes
nothing (``LessonService``). Nobody else sees a lesson unless its learner shares its
end (**Share**): one message in the channel, once."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, sent
from bot.discord_ui.components import selected
from bot.discord_ui.context import Context
from bot.discord_ui.core.lobby.handlers import Lobbies
from bot.discord_ui.game_messages import message_link
from bot.discord_ui.interaction_answers import (
    answer_privately,
    defer_now,
    in_time,
    require_private,
    reveal,
    tell,
    update_private,
)
from bot.discord_ui.interactions import reader
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.owed_messages import Owed
from bot.discord_ui.part import Part
from bot.features.lessons.discord.cards import lesson_card, lessons_card, shared_card
from bot.features.lessons.discord.controls import (
    LearnButton,
    LessonMove,
    LessonPick,
    LessonWay,
    NextLesson,
    RealGameButton,
    ShareLesson,
    Way,
)
from bot.features.lessons.errors import LessonMovedOn, NoSuchLesson, NotNow
from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LessonService, LessonStanding
from bot.games import lesson_play
from bot.metrics.figures import lesson_counted
from bot.service.errors import NotHere, Refusal
from bot.storage.game_values import Level
from i18n import Message

REAL_GAME_BOTS = 1
"""Computer players seated in the real game a lesson's end opens: one, easy, to start at
once or to wait for people to join."""


class NotYourLesson(Refusal):
    """**Share** pressed by someone who never took the lesson (a custom_id copied from
    its learner's end)."""

    words = Message("Only the learner who finished this lesson can share it: nothing was shared.")


class NoChannelHere(Refusal):
    """**Share** pressed in a direct message (a copied custom_id: the button is never
    shown there)."""

    words = Message(
        "A lesson played in a direct message can't be shared: there is no channel here. "
        "Nothing was shared."
    )


@dataclass
class _Posting:
    """What became of a share's post, for the presser's answer."""

    composed: bool = False
    """This press made the message: the key was not sent already, nor another's to post."""
    refused: bool = False
    """Discord refused it for good (no permission to post in the channel)."""


class Learning(Part):
    """Each learner's lessons, shown to them alone and moved on by their presses."""

    controls = (
        LessonMove,
        LessonPick,
        LessonWay,
        LearnButton,
        RealGameButton,
        NextLesson,
        ShareLesson,
    )

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
        await answer_privately(interaction, card)

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
        await self._shown(interaction, pressed.lesson, going)

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

    async def share_pressed(self, interaction: discord.Interaction, pressed: ShareLesson) -> None:
        """**Share**, at a lesson's end: posts in the channel it was played in, in the
        server's language, that the learner finished it (``shared_card``), and links the
        post for them. The post is owed once (``OwedPosts``), keyed by the learner, the
        lesson and the version its end showed: a second press posts nothing more. Only
        the presser's own lesson, over at that version, is shared."""
        guild, channel = interaction.guild_id, interaction.channel_id
        if guild is None or channel is None:
            raise NoChannelHere()
        learner = interaction.user
        standing = await self.lessons.standing(learner.id, pressed.lesson)
        if standing is None:
            raise NotYourLesson()
        if standing.version != pressed.version:
            raise LessonMovedOn()
        if standing.phase is not LessonPhase.OVER:
            raise NotNow()
        await defer_now(interaction, ephemeral=True, thinking=True)
        lang = await self.languages.of_server(guild)
        posting = _Posting()

        async def place() -> int:
            return channel

        async def compose() -> dict[str, Any]:
            posting.composed = True
            return sent(await shared_card(standing, learner.display_name, lang))

        async def recorded(message: Posted, made_before: bool) -> None:
            self.context.places.posted(message.channel_id, message.id)

        async def refused(error: discord.HTTPException) -> None:
            posting.refused = True

        key = f"lesson-share:{learner.id}:{standing.lesson.key}:{standing.version}"
        posted = await self.context.owed.post(Owed(key, guild, place, compose, recorded, refused))
        said = reader(interaction)
        if posted is not None:
            link = message_link(guild, posted.channel_id, posted.id)
            words = said._("Shared in the channel: {link}", link=link)
        elif posting.refused:
            words = said._(
                "Nothing was shared: it could not be posted in <#{channel}>.", channel=channel
            )
        elif posting.composed:
            words = said._("Your lesson's end is on its way to <#{channel}>.", channel=channel)
        else:
            words = said._("This lesson's end is shared already: nothing more was posted.")
        await tell(interaction, words)

    async def _move(
        self, interaction: discord.Interaction, key: str, version: int, intent: str
    ) -> None:
        require_private(interaction)
        moving = self.lessons.move(interaction.user.id, key, version, intent)
        await self._shown(interaction, key, moving)

    async def _shown(
        self, interaction: discord.Interaction, key: str, going: Awaitable[LessonStanding]
    ) -> None:
        """The lesson as a press left it, in place of the message pressed; where the lesson
        had moved on since that message (on the board, in another message), as it stands
        now instead, nothing changed, saying so."""
        try:
            standing = await in_time(interaction, going)
        except LessonMovedOn:
            standing = await self.lessons.caught_up(interaction.user.id, key)
        await update_private(interaction, self._card(interaction, standing))

    async def _card(self, interaction: discord.Interaction, standing: LessonStanding) -> Card:
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
