"""The position of the day through the real bot and the emulator, with the clocks moved
(no waiting), in English and in German: Ann names the channel and the hour in ``/server
settings`` (shown as the channel's mention); at 18:00 UTC the post comes, in the
server's language, naming nobody; Bo and Cy answer privately over three days, Bo right
each day, Cy wrong on the first; a second answer, another day's, another server's and
an option the position never had are refused in plain words, changing nothing; each
next day's post tells how many answered and how many right, what was best and what the
move played cost; **This month** shows the table and the presser's streak. And quiet:
with no finished games, in a channel deleted, or one whose permission the bot lost (one
log line a day, no request Discord refuses)."""

from __future__ import annotations

import datetime as dt
import json
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.features.drills.discord.daily_posts import DailyWatch
from bot.features.drills.discord.handlers import Drilling
from bot.features.drills.service import DrillService
from bot.games.analysis import Weighed
from bot.service import GameService, Player
from bot.service.errors import own_slash
from bot.storage.opening import open_database
from emulator import Message, User
from i18n import Language, language
from tests.bot.fixtures import play_to_the_end, started_by
from tests.e2e.days import DAY, to_noon
from tests.e2e.world import World, describe, ephemeral_answer, make_world

pytestmark = pytest.mark.e2e

HOUR = 18


async def games_finished(world: World, games: int) -> None:
    """Games of Ann's and Bo's played to their end before the bot starts, their drills
    made (seeded: each makes some)."""
    database = await open_database(world.database)
    try:
        service = GameService(database, dice=random.Random(2), clock=world.clock.now)
        ann, bo = (Player(user.id, user.name) for user in world.players[:2])
        for seed in range(games):
            game = await started_by(
                service, [ann, bo], guild_id=world.guild.id, channel_id=world.channel.id
            )
            over = await play_to_the_end(service, game, random.Random(seed + 1))
            await service.messages.mark_shown(over.id, over.version)
        drills = service.part(DrillService)
        for player in (ann, bo):
            await drills.due(player.user_id)
    finally:
        await database.close()


def to_hour(world: World) -> None:
    """Moves the clocks on to the next ``HOUR`` o'clock, UTC."""
    now = dt.datetime.fromtimestamp(world.clock.now(), dt.UTC)
    at = now.replace(hour=HOUR, minute=0, second=0, microsecond=0)
    if at <= now:
        at += dt.timedelta(days=1)
    world.advance(at.timestamp() - world.clock.now())


def title(lang: Language) -> str:
    return lang._("🧩 Position of the day · {game}", game="Claim It!")


def posts(world: World, lang: Language) -> list[Message]:
    """The bot's positions of the day in the channel."""
    return [
        m
        for m in world.channel.messages
        if m.author.id == world.discord.bot.id and not m.ephemeral and title(lang) in describe(m)
    ]


async def next_post(world: World, lang: Language, before: int) -> Message:
    """The day's post, the ``before + 1``th."""
    await world.discord.wait_until(lambda: len(posts(world, lang)) > before)
    await world.quiet()
    found = posts(world, lang)
    assert len(found) == before + 1, "one post a day"
    return found[-1]


def options_of(world: World, day: int) -> tuple[str, str]:
    """The best option of the server's position of ``day``, and the worst."""
    with sqlite3.connect(f"file:{world.database}?mode=ro", uri=True) as connection:
        (kept,) = connection.execute(
            "SELECT weighed FROM daily_posts WHERE guild_id = ? AND day = ?",
            (world.guild.id, day),
        ).fetchone()
    weighed = Weighed.from_json(json.loads(kept))
    return weighed.best, weighed.worths[-1][0]


def day_of(post: Message) -> int:
    """The day a post's **Answer** names."""
    (custom_id,) = [
        b["custom_id"] for b in post.buttons() if b["custom_id"].startswith("dailyopen:")
    ]
    return int(custom_id.rsplit(":", 1)[1])


async def answer(
    world: World, user: User, post: Message, option: str, lang: Language
) -> tuple[Message, str]:
    """``user`` opens the day's position and answers ``option``: their private message,
    and what it says."""
    opened = await world.click(user, post, lang._("Answer"))
    private = opened.response_message
    assert private is not None and private.ephemeral and private.visible_to == user.id
    custom_id = f"dailyanswer:{world.guild.id}:{day_of(post)}:{option}"
    answered = await world.click(user, private, custom_id)
    return private, ephemeral_answer(answered)


def to_the_tenth(world: World) -> None:
    """Moves the clocks on to noon of the next tenth of a month (UTC): three days from
    there are in one month."""
    now = dt.datetime.fromtimestamp(world.clock.now(), dt.UTC)
    at = now.replace(day=10, hour=12, minute=0, second=0, microsecond=0)
    if at <= now:
        at = (at + dt.timedelta(days=31)).replace(day=10)
    world.advance(at.timestamp() - world.clock.now())


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_a_position_of_the_day_answered_over_three_days(tmp_path: Path, locale: str) -> None:
    world = await make_world(tmp_path, 3, locale=locale, synced=True)
    async with world:
        ann, bo, cy = world.players[:3]
        lang = language(locale)
        await games_finished(world, 3)
        await world.start_bot()
        to_the_tenth(world)
        hour: dict[str, Any] = {lang._("daily_hour"): HOUR}
        refused = await world.command(bo, f"{lang._('server')} {lang._('settings')}", **hour)
        assert ephemeral_answer(refused) == lang._(
            "Only members with the Manage Server permission can change the settings; "
            "anyone can look at them with {settings} and no options.",
            settings=lang.say(own_slash("server", "settings")),
        )
        assert posts(world, lang) == []
        settings: dict[str, Any] = {
            lang._("daily_channel"): world.channel,
            lang._("daily_hour"): HOUR,
        }
        shown = ephemeral_answer(
            await world.command(ann, f"{lang._('server')} {lang._('settings')}", **settings)
        )
        said = lang._("in {channel} at {hour}:00 UTC", channel=f"<#{world.channel.id}>", hour=HOUR)
        assert said in shown

        streaks = []
        for number in range(3):
            to_hour(world)
            post = await next_post(world, lang, number)
            text = describe(post)
            assert "Ann" not in text and "Bo" not in text, "nobody named"
            someone = lang._(
                "Someone here got this wrong at move {move} of a game. What would you do?",
                move="\0",
            ).split("\0")[0]
            assert someone in text
            if locale == "de":
                assert "What would you do" not in text
            if number:
                tally = lang.ngettext(
                    "Last position: {n} answered, {right} right.",
                    "Last position: {n} answered, {right} right.",
                    2,
                    right=lang.number(1 if number == 1 else 2),
                )
                assert tally in text
            day = day_of(post)
            best, worst = options_of(world, day)
            private, said = await answer(world, bo, post, best, lang)
            assert "✅" in said
            again = await world.click(bo, private, f"dailyanswer:{world.guild.id}:{day}:{worst}")
            assert ephemeral_answer(again) == lang._(
                "You have answered today's position already: only your first answer counts, "
                "so nothing changed."
            )
            cy_answer = worst if number == 0 else best
            cy_private, said = await answer(world, cy, post, cy_answer, lang)
            assert ("💸" in said) is (number == 0)
            not_today = lang._(
                "That is not this server's position of the day: answer today's, in its post. "
                "Nothing changed."
            )
            for forged in (
                f"dailyanswer:{world.guild.id}:{day - 1}:{best}",
                f"dailyanswer:{world.guild.id + 1}:{day}:{best}",
            ):
                assert ephemeral_answer(await world.click(ann, cy_private, forged)) == not_today
            bogus = f"dailyanswer:{world.guild.id}:{day}:nothing"
            assert ephemeral_answer(await world.click(ann, cy_private, bogus)) == lang._(
                "That was not one of the choices in this position: nothing changed."
            )
            month = ephemeral_answer(await world.click(bo, post, lang._("This month")))
            streaks.append(month)
            world.advance(DAY / 2)
        assert (
            lang.ngettext(
                "Your streak: {n} day in a row answered right.",
                "Your streak: {n} days in a row answered right.",
                3,
            )
            in streaks[-1]
        )
        assert f"<@{bo.id}>: {lang.number(3)}" in streaks[-1]
        assert f"<@{cy.id}>: {lang.number(2)}" in streaks[-1]
        with sqlite3.connect(f"file:{world.database}?mode=ro", uri=True) as connection:
            counted = connection.execute("SELECT COUNT(*) FROM daily_answers").fetchone()
        assert counted == (6,), "two answers a day, none of the refused"


async def test_quiet_without_finished_games_a_deleted_channel_or_a_lost_permission(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The bot's own watch is stopped and its looks made by the test, one after another:
    what a look left undone would otherwise be a race with the test's reading."""
    world = await make_world(tmp_path, 2, synced=True)
    lang = language("en-US")
    caplog.set_level(logging.INFO, logger="bot.features.drills.discord.daily_posts")
    async with world:
        ann = world.players[0]
        daily = world.discord.add_channel(world.guild, "daily")
        await world.start_bot()
        watch = await stopped_watch(world)
        to_noon(world)
        settings: dict[str, Any] = {"daily_channel": daily, "daily_hour": HOUR}
        await world.command(ann, "server settings", **settings)
        to_hour(world)
        await watch.look()
        assert decided(world) == [(None,)], "no finished games: a quiet day"
        await world.stop_bots()
        await games_finished(world, 1)
        await world.start_bot()
        watch = await stopped_watch(world)
        await world.discord.set_bot_permissions(daily, discord.Permissions(view_channel=True))
        world.advance(DAY)
        await watch.look()
        world.advance(60)
        await watch.look()
        await world.discord.delete_channel(daily)
        world.advance(DAY)
        await watch.look()
        world.advance(60)
        await watch.look()
        lines = [r for r in caplog.records if "can't post in channel" in r.getMessage()]
        assert len(lines) == 2, "one line a day"
        assert all(r.exc_info is None for r in caplog.records)
        assert decided(world) == [(None,)] * 3
        assert posts(world, lang) == [] and [m for m in daily.messages if not m.ephemeral] == []
        assert world.discord.invalid_requests == 0


async def stopped_watch(world: World) -> DailyWatch:
    """The bot's watch of the positions of the day, stopped: the test looks."""
    watch = world.bots[-1].parts.get(Drilling).daily_looks
    await watch.stop()
    return watch


def decided(world: World) -> list[tuple[int | None]]:
    """Each day decided: the drill its position came from (``None``: a quiet day)."""
    with sqlite3.connect(f"file:{world.database}?mode=ro", uri=True) as connection:
        return connection.execute("SELECT drill_id FROM daily_posts ORDER BY day").fetchall()
