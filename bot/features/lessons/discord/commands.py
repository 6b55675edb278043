"""``/<game> learn`` (with an option where a game offers lessons by topic: Claim's
``faction:``), ``/my lessons``, and 🎓 **Learn to play** under a game's rules."""

from __future__ import annotations

import discord
from discord.app_commands import Choice, locale_str

from bot.discord_ui.card_layout import Rows
from bot.discord_ui.command_parts import Command, Option, command
from bot.features.lessons.discord.controls import LearnButton
from bot.features.lessons.discord.handlers import Learning, game_lesson
from bot.features.lessons.errors import NoSuchLesson
from bot.games.face import GameFace
from bot.games.lessons import Topic
from bot.games.registry import lessons_of
from bot.games.rules import AnyRules
from i18n import N_, Language

LEARN = N_("Learn to play by playing: a short lesson only you see")


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``learn`` in one game's group, with an option per kind of the game's lessons by
    topic, each topic a choice."""
    kind = rules.kind
    by_topic: dict[str, dict[str, tuple[Topic, str]]] = {}
    for lesson in lessons_of()[kind]:
        if lesson.topic is not None:
            by_topic.setdefault(lesson.topic.option, {})[lesson.topic.value] = (
                lesson.topic,
                lesson.key,
            )

    async def learn(interaction: discord.Interaction, **chosen: str | None) -> None:
        picked = [(option, value) for option, value in chosen.items() if value is not None]
        if len(picked) > 1:
            raise NoSuchLesson()
        if picked:
            option, value = picked[0]
            if value not in by_topic[option]:
                raise NoSuchLesson()
            key = by_topic[option][value][1]
        else:
            key = game_lesson(kind)
        await Learning.of(interaction).learn(interaction, key)

    options = [
        Option(
            option,
            str | None,
            next(iter(topics.values()))[0].about,
            choices=[
                Choice(name=locale_str(topic.name.text), value=value)
                for value, (topic, _) in topics.items()
            ],
        )
        for option, topics in by_topic.items()
    ]
    return [command(N_("learn"), LEARN, learn, options)]


def my_commands() -> list[Command]:
    """``lessons`` in ``/my``."""

    async def lessons(interaction: discord.Interaction) -> None:
        await Learning.of(interaction).my_lessons(interaction)

    return [
        command(
            N_("lessons"),
            N_("Your lessons: the step you reached in each, and those you finished"),
            lessons,
        )
    ]


def rules_rows(kind: str, lang: Language) -> Rows:
    """🎓 **Learn to play**, under the game's rules."""
    return ((LearnButton(kind, lang._("Learn to play")),),)
