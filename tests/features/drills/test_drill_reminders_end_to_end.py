"""The drills' reminder through the real bot and the emulator, in English and in German:
Ann and Bo finished a game, which made them drills; each turns the reminder on in
``/my settings`` (off by default: Cy never does), Ann at her summary's hour of 18:00 in
Berlin, Bo at 19:00. At 18:00 Ann's direct messages say how many drills are due and
the command that opens them, in her language, and Bo has none yet; at 19:00 Bo's come,
and Ann still has one."""

from __future__ import annotations

import datetime as dt
import random
import zoneinfo
from pathlib import Path
from typing import Any

import pytest

from bot.features.drills.service import DrillService
from bot.service import GameService, Player
from bot.storage.opening import open_database
from emulator import Message, User
from i18n import Language, language
from tests.bot.fixtures import play_to_the_end, started_by
from tests.e2e.days import notices, to_noon
from tests.e2e.world import World, describe, ephemeral_answer, make_world

pytestmark = pytest.mark.e2e


def next_at(world: World, hour: int) -> float:
    """The next moment the clocks of Berlin show ``hour`` o'clock."""
    berlin = zoneinfo.ZoneInfo("Europe/Berlin")
    now = dt.datetime.fromtimestamp(world.clock.now(), berlin)
    at = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    if at <= now:
        at = (now + dt.timedelta(days=1)).replace(hour=hour, minute=0, second=0, microsecond=0)
    return at.timestamp()


async def drills_made(world: World) -> dict[int, int]:
    """A game of Ann's and Bo's played to its end (shown) before the bot starts, its drills
    made: how many each has due."""
    database = await open_database(world.database)
    try:
        # Seeded dice as well as choices: graded in chance to win, a random game of Claim
        # It! may hold no mistake at all, and a player with no drill due gets no reminder.
        service = GameService(database, dice=random.Random(2), clock=world.clock.now)
        ann, bo = (Player(user.id, user.name) for user in world.players[:2])
        game = await started_by(
            service, [ann, bo], guild_id=world.guild.id, channel_id=world.channel.id
        )
        over = await play_to_the_end(service, game, random.Random(1))
        await service.messages.mark_shown(over.id, over.version)
        drills = service.part(DrillService)
        for player in (ann, bo):
            await drills.due(player.user_id)
        due = {player.user_id: await drills.due_count(player.user_id) for player in (ann, bo)}
        assert all(due.values()), f"drills due, or no reminder would come: {due}"
        return due
    finally:
        await database.close()


def reminders(world: World, user: User, lang: Language, due: int) -> list[Message]:
    """The bot's direct messages to ``user`` that say ``due`` drills are due."""
    return [m for m in notices(world, user) if says(m, lang, due)]


def says(message: Message, lang: Language, due: int) -> bool:
    return lang.ngettext("🎯 {n} drill is due", "🎯 {n} drills are due", due) in describe(message)


async def turn_on(world: World, user: User, lang: Language, hour: int) -> str:
    """``user`` turns the reminder on, their summary at ``hour`` in Berlin; the settings
    card that answers."""
    options: dict[str, Any] = {
        lang._("drill_reminders"): "on",
        lang._("time_zone"): "Europe/Berlin",
        lang._("summary_at"): str(hour),
    }
    return ephemeral_answer(
        await world.command(user, f"{lang._('my')} {lang._('settings')}", **options)
    )


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_a_reminder_by_dm_at_the_players_hour_in_their_language(
    tmp_path: Path, locale: str
) -> None:
    world = await make_world(tmp_path, 3, locale=locale, synced=True)
    async with world:
        ann, bo, cy = world.players[:3]
        lang = language(locale)
        due = await drills_made(world)
        await world.start_bot()
        to_noon(world)
        shown = await turn_on(world, ann, lang, 18)
        assert f"**{lang._('Drill reminders')}**" in shown
        said_on = lang._(
            "a direct message at your summary's hour on a day drills are due (after your "
            "quiet hours)"
        )
        assert said_on in shown
        await turn_on(world, bo, lang, 19)
        off = ephemeral_answer(await world.command(cy, f"{lang._('my')} {lang._('settings')}"))
        assert lang._("none: you open your drills yourself") in off

        world.advance(next_at(world, 18) - world.clock.now())
        dm = world.discord.dm_with(ann)
        reminder = await world.discord.wait_for_message(dm, lambda m: says(m, lang, due[ann.id]))
        text = describe(reminder)
        assert f"/{lang._('my')} {lang._('drills')}" in text
        settings = f"/{lang._('my')} {lang._('settings')}"
        assert lang._("Turn these reminders off with {command}.", command=settings) in text
        if locale == "de":
            assert "drills are due" not in text
        assert reminders(world, bo, lang, due[bo.id]) == [], "19:00 is Bo's hour"

        world.advance(next_at(world, 19) - world.clock.now())
        await world.discord.wait_for_message(
            world.discord.dm_with(bo), lambda m: says(m, lang, due[bo.id])
        )
        assert len(reminders(world, ann, lang, due[ann.id])) == 1, "once that day"
        assert notices(world, cy) == [], "off by default"
