"""The welcome a server gets when it adds the bot, through the real bot and the emulator:
one message in its system channel (else the first channel the bot may post in), with
🎓 Learn to play for each game, which starts that game's lesson for the presser alone;
nothing, and one log line, where the bot may post nowhere or Discord refuses it for good;
nothing again after a restart, and a new welcome when the server adds the bot again;
German words for a German server."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import discord
import pytest

from bot.features.welcome.service import WelcomeService
from bot.games.faces import faces
from bot.storage.shards import EVERY
from emulator import Channel, Guild, Message
from tests.e2e.world import World, describe, make_world, title_of
from tests.features.lessons.test_lessons import lesson_message

pytestmark = pytest.mark.e2e

NO_POSTING = discord.Permissions(view_channel=True, read_message_history=True)


async def added(world: World, guild: Guild) -> None:
    """The bot added to ``guild`` while connected, once its welcome (if any) is done."""
    bot = world.bots[0]
    joined = asyncio.ensure_future(
        bot.wait_for("guild_join", check=lambda g: g.id == guild.id, timeout=10)
    )
    await world.discord.add_bot(guild)
    await joined
    # discord.py started the listeners as it dispatched the join, before the wait above
    # was woken.
    listening = [t for t in asyncio.all_tasks() if t.get_name() == "discord.py: on_guild_join"]
    await asyncio.gather(*listening)


def server(world: World, locale: str | None = None) -> tuple[Guild, Channel, Channel]:
    """A server the bot is not in yet, with its two channels: ``general``, then ``news``."""
    ann, bo = world.players[0], world.players[1]
    guild = world.discord.add_guild("Newcomers", ann, locale=locale)
    world.discord.add_member(guild, bo)
    return (
        guild,
        world.discord.add_channel(guild, "general"),
        world.discord.add_channel(guild, "news"),
    )


def posted(channel: Channel) -> list[Message]:
    return [m for m in channel.messages if not m.deleted]


@asynccontextmanager
async def newcomers(
    tmp_path: Path, database: str | None = None, locale: str | None = None
) -> AsyncIterator[tuple[World, Guild, Channel, Channel]]:
    """A world of two players with the bot started, and ``server``'s server, which it is
    not in yet (in ``locale``, as the players are)."""
    async with await make_world(tmp_path, 2, database=database, locale=locale) as world:
        await world.start_bot()
        yield (world, *server(world, locale))


async def welcomed_in(world: World, guild: Guild, channel: Channel, not_in: Channel) -> Message:
    """The bot added to ``guild``: its one welcome, posted in ``channel`` and nothing in
    ``not_in``."""
    await added(world, guild)
    assert posted(not_in) == []
    (welcome,) = posted(channel)
    return welcome


async def test_a_server_that_adds_the_bot_is_welcomed_once_with_a_lesson_per_game(
    tmp_path: Path, database_target: str
) -> None:
    async with newcomers(tmp_path, database_target) as (world, guild, general, news):
        await world.discord.set_system_channel(guild, news)
        welcome = await welcomed_in(world, guild, news, general)
        assert title_of(welcome) == "Thanks for adding me!"
        said = describe(welcome)
        for face in faces():
            assert f"Start a game with `/{face.command} new`" in said
        assert welcome.button_labels() == [f"{face.title} · Learn to play" for face in faces()]
        assert [b["custom_id"] for b in welcome.buttons()] == [
            f"{face.kind}:learn" for face in faces()
        ]

        # Each button starts its game's lesson, for the presser alone.
        bo = world.players[1]
        nuggets = next(face for face in faces() if face.kind != "claimit")
        pressed = await world.click(bo, welcome, f"{nuggets.title} · Learn to play")
        step = await lesson_message(world, pressed)
        assert step.visible_to == bo.id
        assert "Step 1 of " in title_of(step)
        assert posted(news) == [welcome, step], "the lesson only Bo sees"

        # The same join delivered again (another process, a resume) is no new welcome.
        me = world.bots[0].get_guild(guild.id)
        assert me is not None and me.me.joined_at is not None
        welcomes = world.bots[0].service.part(WelcomeService)
        assert await welcomes.joined(guild.id, me.me.joined_at.timestamp(), news.id) is None

        # A restart is no join.
        await world.stop_bots()
        await world.start_bot()
        await world.handled()
        assert posted(news) == [welcome, step] and posted(general) == []

        # Removed and added again: a new join, welcomed again.
        await world.discord.remove_bot(guild)
        world.advance(60)
        await added(world, guild)
        assert len([m for m in posted(news) if not m.ephemeral]) == 2


async def test_without_a_system_channel_the_first_channel_the_bot_may_post_in(
    tmp_path: Path,
) -> None:
    async with newcomers(tmp_path) as (world, guild, general, news):
        await world.discord.set_bot_permissions(general, NO_POSTING)
        welcome = await welcomed_in(world, guild, news, general)
        assert title_of(welcome) == "Thanks for adding me!"


async def test_a_system_channel_the_bot_may_not_post_in_is_passed_over(tmp_path: Path) -> None:
    async with newcomers(tmp_path) as (world, guild, general, news):
        await world.discord.set_system_channel(guild, news)
        await world.discord.set_bot_permissions(news, NO_POSTING)
        welcome = await welcomed_in(world, guild, general, news)
        assert title_of(welcome) == "Thanks for adding me!"


async def test_where_the_bot_may_post_nowhere_nothing_is_posted_and_one_line_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with newcomers(tmp_path) as (world, guild, general, news):
        for channel in (general, news):
            await world.discord.set_bot_permissions(channel, NO_POSTING)
        with caplog.at_level(logging.INFO, logger="bot.features.welcome.discord.handlers"):
            await added(world, guild)
        assert posted(general) == [] and posted(news) == []
        lines = [r for r in caplog.records if r.name == "bot.features.welcome.discord.handlers"]
        assert [r.getMessage() for r in lines] == [
            f"no channel of server {guild.id} lets the bot post its welcome"
        ]
        assert all(r.exc_info is None for r in caplog.records)


async def test_a_welcome_discord_refuses_for_good_is_given_up_with_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The bot shut out of the channel between the join and the post: Discord's 403 is
    one log line, and the welcome is owed no more, nor posted after a restart."""
    async with newcomers(tmp_path) as (world, guild, general, news):
        world.discord.fail(
            "POST /channels/{channel}/messages",
            403,
            when=lambda request: request.match_info.get("channel") == str(general.id),
        )
        with caplog.at_level(logging.INFO, logger="bot.discord_ui.owed_messages"):
            await added(world, guild)
        assert posted(general) == [] and posted(news) == []
        lines = [r for r in caplog.records if r.name == "bot.discord_ui.owed_messages"]
        assert [r.getMessage().split(":")[0] for r in lines] == ["Discord refuses welcome"]
        assert all(r.exc_info is None for r in caplog.records)
        assert await world.bots[0].service.part(WelcomeService).owed(EVERY) == []

        await world.stop_bots()
        await world.start_bot()
        await world.handled()
        assert posted(general) == [] and posted(news) == []


async def test_a_german_server_is_welcomed_in_german(tmp_path: Path) -> None:
    async with newcomers(tmp_path, locale="de") as (world, guild, general, news):
        welcome = await welcomed_in(world, guild, general, news)
        assert title_of(welcome) == "Danke, dass ihr mich hinzugefügt habt!"
        assert "`/claimit neu`" in describe(welcome)
        assert welcome.button_labels()[0] == "Claim It! · Spielen lernen"
