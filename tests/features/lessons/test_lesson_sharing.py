"""A lesson's end shared through the real bot and the emulator: **Share** posts once in the
channel, in the server's language, who finished which lesson with 🎓 **Learn to play**
for the others; a second press posts nothing more; anyone but the learner is refused,
and so is a share from a direct message, where the button is never shown; one the bot
may not post is answered so, and posts nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.features.lessons.discord.handlers import NoChannelHere, NotYourLesson
from bot.features.lessons.service import LessonService
from bot.games import lesson_play
from emulator import DEFAULT_BOT_PERMISSIONS, Interaction, Message, User
from i18n import language
from tests.e2e.world import World, describe, ephemeral_answer, make_world, shared_post, title_of
from tests.features.lessons.test_lessons import lesson_message
from tests.features.lessons.test_lessons import pressed as press

pytestmark = pytest.mark.e2e

KEY = "claim-knights"
"""A lesson of one step and no game after it: its end is one move away."""


async def finished(world: World, asked: Interaction) -> Message:
    """The end of the lesson ``asked`` started, reached with its taught move, as its
    learner sees it."""
    step = await lesson_message(world, asked)
    user = asked.user
    version = await version_of(world, user)
    taught = lesson_play.lesson(KEY).steps[0].taught
    await press(world, user, step, f"lesson:{KEY}:{version}:{taught}")
    assert title_of(step).startswith("🎓") and " · " not in title_of(step), "no step's"
    return step


async def version_of(world: World, user: User) -> int:
    standing = await world.bots[0].service.part(LessonService).standing(user.id, KEY)
    assert standing is not None
    return standing.version


def public(world: World) -> list[Message]:
    """What everybody sees in the channel."""
    return [m for m in world.channel.messages if not m.ephemeral and not m.deleted]


async def pressed(world: World, user: User, message: Message, custom_id: str) -> str:
    """What ``user`` is told for pressing ``custom_id`` (made by hand) on ``message``."""
    data = {"custom_id": custom_id, "component_type": 2}
    answered = await world.discord.answer(await world.discord.forge(user, message, data))
    return await world.refusal(answered)


@pytest.mark.parametrize("server", [None, "de"])
async def test_a_learner_shares_their_lessons_end_once_in_the_servers_language(
    tmp_path: Path, database_target: str, server: str | None
) -> None:
    """The post speaks the server's language, the learner's answers theirs (the other)."""
    lang = language(server)
    lesson = lesson_play.lesson(KEY)
    async with await make_world(tmp_path, 3, database=database_target, locale=server) as world:
        await world.start_bot()
        ann, bo, cy = world.players[:3]
        ann.locale = "de" if server is None else "en-US"
        own = language(ann.locale)
        assert own.code != lang.code
        knights: dict[str, Any] = {own._("faction"): "knights"}
        end = await finished(world, await world.command(ann, f"claim {own._('learn')}", **knights))
        share = own._("Share in the channel")
        assert end.button_labels()[-1] == share
        version = await version_of(world, ann)
        custom_id = f"lessonshare:{KEY}:{version}"
        assert end.buttons()[-1]["custom_id"] == custom_id
        assert public(world) == [], "a lesson is the learner's alone until shared"

        # Someone else pressing the learner's Share: refused, nothing posted.
        assert await pressed(world, bo, end, custom_id) == lang.say(NotYourLesson.words)
        assert public(world) == []

        shared = await world.click(ann, end, share)
        post = await shared_post(world, shared)
        assert ephemeral_answer(shared).startswith(own._("Shared in the channel: {link}", link=""))
        assert title_of(post) == lang._("🎓 {lesson}", lesson=lang.say(lesson.title))
        said = lang._(
            "<@{player}> finished this lesson of {game}. Take it too: a short game where you "
            "make every move, and only you see it.",
            player=ann.id,
            game="Claim",
        )
        assert said in describe(post) and post.mentions == [], "named, not pinged"
        # The end's picture, where the end shows one.
        assert [p.description for p in post.gallery_items()] == [
            p.description for p in end.gallery_items()
        ]
        (learn,) = post.buttons()
        assert learn["label"] == lang._("Learn to play") and "🎓" in str(learn["emoji"])
        assert learn["custom_id"] == f"lessonstart:{KEY}"
        assert public(world) == [post]

        # A second press posts nothing more.
        again = await world.click(ann, end, share)
        await world.discord.wait_until(
            lambda: again.response_message is not None and not again.response_message.loading
        )
        assert ephemeral_answer(again) == own._(
            "This lesson's end is shared already: nothing more was posted."
        )
        assert public(world) == [post]

        # Another member starts the lesson from the post, for themselves alone.
        step = await lesson_message(world, await world.click(cy, post, lang._("Learn to play")))
        assert lang.say(lesson.steps[0].say) in describe(step)
        assert public(world) == [post]


async def test_a_lesson_played_in_a_direct_message_is_not_shared(world: World) -> None:
    ann = world.players[0]
    lang = language(None)
    # No lesson is asked for in a direct message, but one is started there by a button
    # (the next lesson's, at a lesson's end there).
    dm = world.discord.dm_with(ann)
    mine = await lesson_message(world, await world.command(ann, "my lessons", where=dm))
    start = {"custom_id": f"lessonstart:{KEY}", "component_type": 2}
    end = await finished(
        world, await world.discord.answer(await world.discord.forge(ann, mine, start))
    )
    assert lang._("Share in the channel") not in end.button_labels()
    custom_id = f"lessonshare:{KEY}:{await version_of(world, ann)}"
    assert await pressed(world, ann, end, custom_id) == lang.say(NoChannelHere.words)
    assert public(world) == []


async def test_a_share_the_bot_may_not_post_is_answered_and_posts_nothing(world: World) -> None:
    ann = world.players[0]
    lang = language(None)
    knights: dict[str, Any] = {"faction": "knights"}
    end = await finished(world, await world.command(ann, "claim learn", **knights))
    without = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(send_messages=True)
    await world.discord.set_bot_permissions(world.channel, without)
    said = lang._(
        "Nothing was shared: it could not be posted in <#{channel}>.", channel=world.channel.id
    )
    # Refused for good, it is owed no more: a press once the bot may post shares it.
    shared = await world.click(ann, end, lang._("Share in the channel"))
    await world.discord.wait_until(
        lambda: shared.response_message is not None and not shared.response_message.loading
    )
    assert ephemeral_answer(shared) == said
    assert public(world) == []
    await world.discord.set_bot_permissions(world.channel, DEFAULT_BOT_PERMISSIONS)
    post = await shared_post(world, await world.click(ann, end, lang._("Share in the channel")))
    assert public(world) == [post]
